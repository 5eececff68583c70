// The `ancients` command line as a function: every subcommand adds itself (command.h), then
// the arguments are parsed and any error becomes a message on stderr and a non-zero status.
// main.cpp registers the built-in games and calls it; a test build registers a test game too.
#pragma once

namespace ancients::cli {
/// Runs one command line over the games registered so far; returns the exit status.
int run_cli(int argc, char** argv);
}  // namespace ancients::cli
