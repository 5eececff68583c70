// Reading and writing the options of an Ancient Warfare game (see options.h).
#include "games/warfare/options.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::warfare {
namespace {

/// The boolean options: name and member.
struct Flag {
  const char* name;
  bool Options::*member;
};
constexpr Flag kFlags[] = {
    {"defend_autokill", &Options::defend_autokill},
    {"pursuit", &Options::pursuit},
    {"multi_move", &Options::multi_move},
    {"retreat_away", &Options::retreat_away},
    {"elephant_house", &Options::elephant_house},
    {"horde_house", &Options::horde_house},
    {"nominated_general", &Options::nominated_general},
    {"house_terrain", &Options::house_terrain},
    {"dba_setup", &Options::dba_setup},
};

}  // namespace

const char* options_help() {
  return "board (8|12), turn_limit (1..100000), defend_autokill, pursuit, multi_move, "
         "retreat_away, elephant_house, horde_house, nominated_general, house_terrain, dba_setup "
         "(true|false)";
}

nlohmann::json options_to_json(const Options& o) {
  nlohmann::json j = {{"board", o.board}, {"turn_limit", o.turn_limit}};
  for (const Flag& f : kFlags) j[f.name] = o.*f.member;
  return j;
}

Options options_from_json(const nlohmann::json& j) {
  Options o;
  if (j.is_null()) return o;
  if (!j.is_object()) throw BadInput("options: expected an object");
  for (const auto& [key, value] : j.items()) {
    if (key == "board") {
      if (!value.is_number_integer() ||
          (value.get<long long>() != 8 && value.get<long long>() != 12))
        throw BadInput("options.board: must be 8 or 12");
      o.board = value.get<int>();
      continue;
    }
    if (key == "turn_limit") {
      if (!value.is_number_integer() || value.get<long long>() < 1 ||
          value.get<long long>() > 100000)
        throw BadInput("options.turn_limit: must be an integer from 1 to 100000");
      o.turn_limit = value.get<int>();
      continue;
    }
    bool known = false;
    for (const Flag& f : kFlags) {
      if (key != f.name) continue;
      if (!value.is_boolean())
        throw BadInput(fmt::format("options.{}: must be true or false", key));
      o.*f.member = value.get<bool>();
      known = true;
    }
    if (!known)
      throw BadInput(
          fmt::format("options: unknown option \"{}\" (known: {})", key, options_help()));
  }
  if (o.dba_setup && o.board != 12)
    throw BadInput("options.dba_setup: the DBA-style set-up needs board 12");
  return o;
}

Options options_with(const Options& base, const std::vector<std::string>& rules,
                     const std::vector<std::string>& settings) {
  nlohmann::json j = options_to_json(base);
  for (const std::string& rule : rules) {
    const auto it = j.find(rule);
    if (it == j.end() || !it->is_boolean())
      throw BadInput(fmt::format("--rule {}: not a house rule (known: {})", rule, options_help()));
    *it = true;
  }
  for (const std::string& arg : settings) {
    std::size_t start = 0;
    while (start <= arg.size()) {
      const std::size_t comma = std::min(arg.find(',', start), arg.size());
      const std::string kv = arg.substr(start, comma - start);
      start = comma + 1;
      if (kv.empty()) continue;
      const std::size_t eq = kv.find('=');
      if (eq == std::string::npos || eq == 0)
        throw BadInput(
            fmt::format("--options \"{}\": expected KEY=VALUE (known: {})", kv, options_help()));
      const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
      nlohmann::json v;
      if (value == "true" || value == "on" || value == "yes")
        v = true;
      else if (value == "false" || value == "off" || value == "no")
        v = false;
      else if (!value.empty() && value.size() < 10 &&
               value.find_first_not_of("0123456789") == std::string::npos)
        v = std::stoll(value);
      else
        v = value;
      j[key] = v;
    }
  }
  return options_from_json(j);
}

}  // namespace ancients::warfare
