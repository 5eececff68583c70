// The process-wide table of army names (see army_names.h).
#include "games/warfare/army_names.h"

#include "games/warfare/state.h"

#include <deque>
#include <mutex>
#include <unordered_map>

namespace ancients::warfare {
namespace {

struct ArmyNameTable {
  std::mutex mutex;
  std::deque<std::string> names;  ///< number - 1 -> name (a deque: entries never move)
  std::unordered_map<std::string_view, std::uint16_t> numbers;
};

ArmyNameTable& army_name_table() {
  static ArmyNameTable table;
  return table;
}

}  // namespace

std::uint16_t army_name_number(std::string_view name) {
  if (name.empty()) return 0;
  auto& t = army_name_table();
  std::lock_guard lock(t.mutex);
  if (auto it = t.numbers.find(name); it != t.numbers.end()) return it->second;
  if (t.names.size() >= kMostArmyNames) return 0;
  t.names.emplace_back(name);
  const auto number = static_cast<std::uint16_t>(t.names.size());
  t.numbers.emplace(t.names.back(), number);
  return number;
}

std::string army_name_of(std::uint16_t number) {
  auto& t = army_name_table();
  std::lock_guard lock(t.mutex);
  if (number == 0 || number > t.names.size()) return {};
  return t.names[number - 1];
}

std::string WarfareState::army_name(int player) const {
  return army_name_of(army_name_[static_cast<std::size_t>(player - 1)]);
}

void WarfareState::set_army_name(int player, std::string_view name) {
  army_name_[static_cast<std::size_t>(player - 1)] = army_name_number(name);
}

}  // namespace ancients::warfare
