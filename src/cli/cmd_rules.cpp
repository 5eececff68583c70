// `ancients rules [GAME] [--edition E] [--rule NAME]... [--options K=V,...] [--json]`: the game's
// rules book, how a turn goes and every unit, card and terrain kind explained in words from the
// rules data for the options given (the same book the browser shows where the player points, and
// the terminal's `info`), as text or JSON (docs/protocol.md, "Rules books").
#include <fmt/format.h>

#include <cstdio>

#include "cli/command.h"
#include "cli/game_options.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

struct RulesArgs {
  std::string game = "warfare";
  std::string edition;
  std::vector<std::string> rules;
  std::vector<std::string> options;
  bool json = false;
};

std::string as_text(const nlohmann::json& book) {
  std::string out = book.value("title", std::string()) + "\n";
  for (const auto& f : book["facts"]) out += "  " + f.get<std::string>() + "\n";
  for (const auto& section : book["sections"]) {
    out += "\n" + section["title"].get<std::string>() + "\n";
    for (const auto& e : section["entries"]) {
      out += "\n  " + e["title"].get<std::string>();
      if (e.contains("subtitle")) out += " " + e["subtitle"].get<std::string>();
      out += "\n";
      for (const auto& s : e["stats"])
        out += fmt::format("    {}: {}\n", s[0].get<std::string>(), s[1].get<std::string>());
      for (const auto& l : e["lines"]) out += "    " + l.get<std::string>() + "\n";
    }
  }
  return out;
}

void setup_rules(CLI::App& app) {
  static RulesArgs a;
  auto* cmd = app.add_subcommand(
      "rules", "Explain how a turn goes and every unit, card and terrain of a game");
  cmd->add_option("game", a.game, "The game (default warfare; see `ancients games`)");
  cmd->add_option("--edition", a.edition, "Rules edition (the option edition)");
  cmd->add_option("--rule", a.rules, "Switch on a house rule (repeatable)");
  cmd->add_option("--options", a.options, "Options as KEY=VALUE,... (for example board=12)");
  cmd->add_flag("--json", a.json, "Print the rules book as JSON");
  cmd->callback([cmd] {
    nlohmann::json book;
    try {
      const GameDescriptor& game = game_named(a.game);
      const nlohmann::json options = command_line_options(
          game, {{"--edition", "edition", a.edition, cmd->count("--edition") > 0}}, a.rules,
          a.options);
      book = rules_book(game.name, options);
    } catch (const BadInput& e) {
      throw ExitError{2, e.what()};
    }
    const std::string out = a.json ? book.dump(2) + "\n" : as_text(book);
    std::fwrite(out.data(), 1, out.size(), stdout);
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_rules);
