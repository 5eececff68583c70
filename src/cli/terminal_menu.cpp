// The prompt's menu (see terminal_menu.h).
#include "cli/terminal_menu.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "cli/terminal_text.h"

namespace ancients::cli {
namespace {

int verb_rank(const std::string& text) {
  static const std::vector<std::string> order = {"discard",  "defend", "pass",     "move",
                                                 "advance",  "group",  "dismount", "scout",
                                                 "autokill", "attack", "end"};
  const std::string verb = text.substr(0, text.find(' '));
  for (std::size_t i = 0; i < order.size(); ++i)
    if (verb.starts_with(order[i])) return static_cast<int>(i);
  return static_cast<int>(order.size());
}

/// "advance march a2,b2,c2" -> card "march", squares {a2, b2, c2}.
void summarise_advances(const std::vector<std::string>& advances, Menu& menu) {
  struct Summary {
    int count = 0;
    std::set<std::string> squares;
  };
  std::map<std::string, Summary> by_card;
  for (const auto& text : advances) {
    const auto first = text.find(' '), second = text.find(' ', first + 1);
    Summary& s = by_card[text.substr(first + 1, second - first - 1)];
    ++s.count;
    std::string rest = text.substr(second + 1);
    for (std::size_t start = 0;;) {
      const auto comma = rest.find(',', start);
      s.squares.insert(rest.substr(start, comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  for (const auto& [card, s] : by_card) {
    std::vector<std::string> squares(s.squares.begin(), s.squares.end());
    menu.notes.push_back(wrap_list(
        fmt::format("  advance {}: {} groups possible from ", card, s.count), squares, 6));
    menu.notes.push_back(
        fmt::format("      type `advance {} SQ,SQ,...` with the units' squares\n", card));
  }
}

}  // namespace

Menu build_menu(const warfare::WarfareState& s, const std::string& auto_deploy) {
  Menu menu;
  if (s.is_over()) return menu;
  if (s.phase() == warfare::Phase::kDeploy && !s.swap_step()) {
    menu.items.push_back("auto");
    menu.notes.push_back(
        "  1 = an automatic deployment (melee troops in front); or type your own\n");
    menu.notes.push_back("  `deploy TYPE[*]:SQ,...` naming every unit, e.g. the automatic one:\n");
    menu.notes.push_back("    " + auto_deploy + "\n");
    return menu;
  }
  std::vector<std::string> advances;
  for (auto& text : s.legal_texts()) {
    if (text.starts_with("advance ")) {
      advances.push_back(std::move(text));
    } else {
      menu.items.push_back(std::move(text));
    }
  }
  if (advances.size() <= kMaxListedAdvances) {
    for (auto& a : advances) menu.items.push_back(std::move(a));
  } else {
    summarise_advances(advances, menu);
  }
  std::stable_sort(
      menu.items.begin(), menu.items.end(),
      [](const std::string& a, const std::string& b) { return verb_rank(a) < verb_rank(b); });
  return menu;
}

std::string render_menu(const Menu& menu) {
  std::string out = "Your actions (type a number or the action; `help` explains):\n";
  out += numbered_columns(menu.items);
  for (const auto& note : menu.notes) out += note;
  return out;
}

}  // namespace ancients::cli
