// The rules book in the terminal (see terminal_book.h).
#include "cli/terminal_book.h"

#include <fmt/format.h>

#include <cctype>

#include "cli/terminal_text.h"

namespace ancients::cli {
namespace {

using nlohmann::json;

/// `text` wrapped to the screen, every line starting with `indent`.
std::string wrapped(const std::string& text, const std::string& indent) {
  std::string out, line = indent;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t space = text.find(' ', i);
    const std::string word =
        text.substr(i, space == std::string::npos ? std::string::npos : space - i);
    if (line.size() > indent.size() && line.size() + 1 + word.size() > kScreenWidth) {
      out += line + "\n";
      line = indent;
    }
    line += (line.size() > indent.size() ? " " : "") + word;
    if (space == std::string::npos) break;
    i = space + 1;
  }
  return out + line + "\n";
}

std::string stats_text(const json& e) {
  std::string out;
  for (const auto& s : e.value("stats", json::array()))
    out += (out.empty() ? "" : ", ") + s[0].get<std::string>() + " " + s[1].get<std::string>();
  return out;
}

std::string normalized(const std::string& s) {
  std::string out;
  for (char c : s)
    out +=
        c == ' ' || c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string book_section_text(const json& book, const std::string& section,
                              const std::function<std::string(const std::string&)>& prefix) {
  std::string out;
  for (const auto& s : book["sections"]) {
    if (s["id"] != section) continue;
    out += s["title"].get<std::string>() + ":\n";
    for (const auto& e : s["entries"]) {
      const std::string id = e["id"];
      std::string head =
          "  " + (prefix ? prefix(id) + " " : std::string()) + e["title"].get<std::string>();
      // The id is what actions name: shown where it is more than the title in lower case.
      if (id.find('-') != std::string::npos) head += " [" + id + "]";
      if (const std::string st = stats_text(e); !st.empty()) head += " (" + st + ")";
      out += head + "\n";
      std::string lines;
      for (const auto& l : e["lines"]) lines += (lines.empty() ? "" : " ") + l.get<std::string>();
      if (!lines.empty()) out += wrapped(lines, "      ");
    }
  }
  return out;
}

std::string book_entry_text(const json& book, const std::string& name) {
  const std::string want = normalized(name);
  for (const auto& s : book["sections"])
    for (const auto& e : s["entries"]) {
      if (e["id"] != want && normalized(e["title"].get<std::string>()) != want) continue;
      std::string out = e["title"].get<std::string>();
      if (e.contains("subtitle")) out += " " + e["subtitle"].get<std::string>();
      out += "\n";
      for (const auto& st : e.value("stats", json::array()))
        out += fmt::format("  {}: {}\n", st[0].get<std::string>(), st[1].get<std::string>());
      for (const auto& l : e["lines"]) out += wrapped(l.get<std::string>(), "  ");
      return out;
    }
  return "";
}

}  // namespace ancients::cli
