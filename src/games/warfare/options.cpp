// Reading and writing the options of an Ancient Warfare game (see options.h).
#include "games/warfare/options.h"

#include <fmt/format.h>

#include "core/errors.h"
#include "core/json_writer.h"

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

/// Reads "A+D" (players of the attacker's and the defender's side); throws BadInput.
void read_players(const nlohmann::json& value, Options& o) {
  const std::string text = value.is_string() ? value.get<std::string>() : "";
  const bool shape = text.size() == 3 && text[1] == '+' && text[0] >= '1' && text[0] <= '9' &&
                     text[2] >= '1' && text[2] <= '9';
  if (!shape)
    throw BadInput(
        "options.players: must be \"A+D\", the players of the attacker's and the defender's "
        "side (for example \"2+1\" or \"2+2\")");
  o.attackers = text[0] - '0';
  o.defenders = text[2] - '0';
}

}  // namespace

std::string players_text(const Options& o) {
  return fmt::format("{}+{}", o.attackers, o.defenders);
}

const char* options_help() {
  return "board (8|12), turn_limit (1..100000), defend_autokill, pursuit, multi_move, "
         "retreat_away, elephant_house, horde_house, nominated_general, house_terrain, dba_setup, "
         "contingents (true|false), players (\"A+D\": 2+1, 2+2, ... with contingents)";
}

template <class Writer>
void write_options(Writer& w, const Options& o) {
  w.begin_object();
  w.key("board").integer(o.board);
  w.key("turn_limit").integer(o.turn_limit);
  for (const Flag& f : kFlags) w.key(f.name).boolean(o.*f.member);
  if (o.contingents) {
    w.key("contingents").boolean(true);
    w.key("players").string(players_text(o));
  }
  w.end_object();
}
template void write_options(JsonWriter&, const Options&);
template void write_options(JsonTreeWriter&, const Options&);

nlohmann::json options_to_json(const Options& o) {
  return json_tree([&](auto& w) { write_options(w, o); });
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
    if (key == "contingents") {
      if (!value.is_boolean()) throw BadInput("options.contingents: must be true or false");
      o.contingents = value.get<bool>();
      continue;
    }
    if (key == "players") {
      read_players(value, o);
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
  check_players(o, j.contains("players"));
  return o;
}

void check_players(Options& o, bool players_given) {
  if (!o.contingents) {
    if (players_given && o.players() != 2)
      throw BadInput("options.players: more than two players need the option contingents");
    o.attackers = o.defenders = 1;
    return;
  }
  if (!players_given) o.attackers = o.defenders = 2;  // the club's usual 4-player battle
  if (o.attackers < 1 || o.attackers > 3 || o.defenders < 1 || o.defenders > 3 || o.players() < 3)
    throw BadInput(fmt::format(
        "options.players: \"{}\": each side has 1 to 3 players, 3 to 6 in all (for example "
        "\"2+1\" or \"2+2\")",
        players_text(o)));
  if (o.board != 12) throw BadInput("options.contingents: a multiplayer battle needs board 12");
}

Options options_with(const Options& base, const std::vector<std::string>& rules,
                     const std::vector<std::string>& settings) {
  nlohmann::json j = options_to_json(base);
  if (!j.contains("contingents")) j["contingents"] = false;  // may be switched on here
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
