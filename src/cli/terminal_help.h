// The help screen of `ancients play`: the action notation with examples and the commands of
// the prompt (the units, cards and terrain are explained by the rules book, terminal_book.h).
#pragma once

#include <string>

namespace ancients::cli {

/// `help`: the actions in the notation with examples, and the prompt's own commands.
std::string help_text();
}  // namespace ancients::cli
