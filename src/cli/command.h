// Subcommand self-registration: each cmd_*.cpp defines a setup function that adds its
// subcommand (options and callback) to the CLI11 app, and registers it with
// ANCIENTS_COMMAND(setup_fn). main.cpp runs every setup, then parses.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace ancients::cli {

using CommandSetup = void (*)(CLI::App& app);

/// The registered subcommand setups.
std::vector<CommandSetup>& command_setups();

struct CommandRegistrar {
  explicit CommandRegistrar(CommandSetup setup) { command_setups().push_back(setup); }
};

/// Thrown by a subcommand to exit with a message and a status (never a crash).
struct ExitError {
  int status;
  std::string message;
};

}  // namespace ancients::cli

#define ANCIENTS_CONCAT_INNER(a, b) a##b
#define ANCIENTS_CONCAT(a, b) ANCIENTS_CONCAT_INNER(a, b)
#define ANCIENTS_COMMAND(setup) \
  static const ::ancients::cli::CommandRegistrar ANCIENTS_CONCAT(ancients_cmd_, __LINE__)(setup)
