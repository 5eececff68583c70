// A position's fields as text (see terminal_view.h).
#include "cli/terminal_view.h"

#include <string>

namespace ancients::cli {
namespace {

/// "sudden_death" -> "sudden death".
std::string field_name(const std::string& key) {
  std::string out = key;
  for (char& c : out)
    if (c == '_') c = ' ';
  return out;
}

std::string plain(const nlohmann::json& v) {
  if (v.is_null()) return "—";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  return v.dump();
}

bool is_plain(const nlohmann::json& v) {
  return !v.is_object() && !v.is_array();
}

void write_value(const nlohmann::json& v, int indent, std::string& out);

/// `label value` on one line where the value is plain or a list of plain values, else `label`
/// with the value beneath. A label is a field's name and a colon ("score:") or a list item's
/// number ("2.").
void write_field(const std::string& label, const nlohmann::json& v, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  if (is_plain(v)) {
    out += pad + label + " " + plain(v) + "\n";
    return;
  }
  if (v.is_array()) {
    bool all_plain = true;
    for (const auto& x : v) all_plain = all_plain && is_plain(x);
    if (all_plain) {
      std::string items;
      for (const auto& x : v) items += (items.empty() ? "" : ", ") + plain(x);
      out += pad + label + " " + (items.empty() ? "—" : items) + "\n";
      return;
    }
  }
  if (v.empty()) {
    out += pad + label + " —\n";
    return;
  }
  out += pad + label + "\n";
  write_value(v, indent + 2, out);
}

void write_value(const nlohmann::json& v, int indent, std::string& out) {
  if (v.is_object()) {
    for (const auto& [key, value] : v.items())
      write_field(field_name(key) + ":", value, indent, out);
    return;
  }
  int n = 0;
  for (const auto& x : v) {
    const std::string label = std::to_string(++n) + ".";
    bool flat = x.is_object() && !x.empty();
    for (const auto& [key, value] : x.items()) flat = flat && is_plain(value);
    if (!flat) {
      write_field(label, x, indent, out);
      continue;
    }
    // A list of records (a board's units) reads one record a line: "3. type: camp, square: e1".
    std::string line;
    for (const auto& [key, value] : x.items())
      line += (line.empty() ? "" : ", ") + field_name(key) + ": " + plain(value);
    out += std::string(static_cast<std::size_t>(indent), ' ') + label + " " + line + "\n";
  }
}

}  // namespace

std::string action_words(const State& before, const State& after, std::string_view text, int actor,
                         int viewer) {
  std::string words;
  for (const auto& event : after.events(before, text, viewer))
    if (event.contains("text") && event["text"].is_string())
      words += (words.empty() ? "" : "; ") + event["text"].get<std::string>();
  return words.empty() ? before.action_text_for(text, actor, viewer) : words;
}

std::string view_fields_text(const nlohmann::json& view) {
  std::string out;
  if (!view.is_object()) return plain(view) + "\n";
  for (const auto& [key, value] : view.items())
    if (key != "game" && key != "options") write_field(field_name(key) + ":", value, 0, out);
  return out;
}

}  // namespace ancients::cli
