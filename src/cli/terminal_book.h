// The rules book in the terminal: a game's explanations (core/game_descriptor.h rules_book, the
// same the browser shows) written as text for the `units`, `cards` and `info NAME` commands of
// `ancients play`, so the terminal holds no rules words of its own.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace ancients::cli {

/// Every entry of a section ("units", "cards", "tactics", "terrain"), one paragraph each:
/// `prefix(id)` (an abbreviation, or ""), the title, the stats, then the lines, wrapped.
std::string book_section_text(const nlohmann::json& book, const std::string& section,
                              const std::function<std::string(const std::string&)>& prefix = {});

/// The entry named `name` (its id, or its title in any case: "light horse"), in full, or ""
/// when the book has none.
std::string book_entry_text(const nlohmann::json& book, const std::string& name);

}  // namespace ancients::cli
