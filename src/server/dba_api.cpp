// The DBA tools' HTTP API (see dba_api.h).
//   GET  /api/dba/troops   {troops, items, topographies, editions}
//   POST /api/dba/odds     {a: "4Bd,general", b: "3Kn", shooting: false} -> the odds JSON of
//                          `ancients dba odds --json`
//   POST /api/dba/terrain  {topography, board: 8|12, seed: "123" (optional)} -> the battlefield
//   POST /api/dba/army     {list, edition, name, rules: [...], map: {CODE: UNIT}, elite: [...],
//                          take: [...]} -> {army: the army file}
#include "server/dba_api.h"

#include <fmt/format.h>

#include <filesystem>
#include <random>

#include "core/errors.h"
#include "core/json_input.h"
#include "games/warfare/ruleset.h"
#include "tools/dba/army_from_list.h"
#include "tools/dba/combat.h"
#include "tools/dba/generate.h"
#include "tools/dba/odds.h"
#include "tools/dba/odds_report.h"
#include "tools/dba/sheet_loader.h"
#include "tools/dba/tool_json.h"

namespace ancients::server {
namespace {

using nlohmann::json;

HttpAnswer ok(const json& j) {
  return {200, safe_dump(j)};
}
HttpAnswer bad(const std::string& message) {
  return {400, safe_dump(json{{"error", message}})};
}

void only_keys(const json& j, std::initializer_list<const char*> allowed) {
  if (!j.is_object()) throw BadInput("the request must be a JSON object");
  for (const auto& [key, value] : j.items()) {
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (!known) throw BadInput(fmt::format("unknown field \"{}\"", key.substr(0, 40)));
  }
}

std::string text_field(const json& j, const char* key, bool required, std::size_t max = 200) {
  if (!j.contains(key)) {
    if (required) throw BadInput(fmt::format("\"{}\" is missing", key));
    return "";
  }
  if (!j[key].is_string()) throw BadInput(fmt::format("\"{}\" must be a string", key));
  const std::string& s = j[key].get_ref<const std::string&>();
  if (s.size() > max) throw BadInput(fmt::format("\"{}\" is longer than {} characters", key, max));
  return s;
}

std::vector<std::string> text_list(const json& j, const char* key, std::size_t max_items) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array() || j[key].size() > max_items)
    throw BadInput(fmt::format("\"{}\" must be a list of at most {} strings", key, max_items));
  for (const json& v : j[key]) {
    if (!v.is_string() || v.get_ref<const std::string&>().size() > 40)
      throw BadInput(fmt::format("\"{}\" must hold short strings", key));
    out.push_back(v.get<std::string>());
  }
  return out;
}

std::shared_ptr<const dba::Sheet> sheet() {
  static const auto s = dba::load_sheet(dba::default_sheet_path());
  return s;
}

HttpAnswer troops_answer() {
  return ok({{"troops", dba::troops_json(*sheet())},
             {"items", dba::situation_items_json(*sheet())},
             {"topographies", dba::topographies_json(*sheet())},
             {"features", dba::features_json(*sheet())},
             {"editions", warfare::builtin_editions()}});
}

HttpAnswer troops() {
  // The same answer every time: written once (6 ms of the game thread each time before).
  static const HttpAnswer answer = troops_answer();
  return answer;
}

HttpAnswer odds(const json& req) {
  only_keys(req, {"a", "b", "shooting"});
  const std::string a = text_field(req, "a", true), b = text_field(req, "b", true);
  bool shooting = false;
  if (req.contains("shooting")) {
    if (!req["shooting"].is_boolean()) throw BadInput("\"shooting\" must be true or false");
    shooting = req["shooting"].get<bool>();
  }
  const dba::Combat combat = dba::make_combat(
      *sheet(), shooting ? dba::CombatKind::kShooting : dba::CombatKind::kClose, a, b);
  json answer = dba::odds_json(*sheet(), combat, dba::compute_odds(*sheet(), combat));
  // The data file by its name only: where the server's files lie is nobody's business
  // (security review F-12); `ancients dba odds --json` on one's own machine gives the path.
  answer["data_file"] =
      std::filesystem::path(answer["data_file"].get<std::string>()).filename().string();
  return ok(answer);
}

HttpAnswer terrain(const json& req) {
  only_keys(req, {"topography", "board", "seed"});
  const std::string topography = text_field(req, "topography", true, 40);
  int board = 12;
  if (req.contains("board")) {
    if (!req["board"].is_number_integer()) throw BadInput("\"board\" must be 8 or 12");
    board = req["board"].get<int>();
  }
  std::uint64_t seed = std::random_device{}();
  if (req.contains("seed")) {
    const std::string s = req["seed"].is_string() ? req["seed"].get<std::string>()
                          : req["seed"].is_number_unsigned()
                              ? std::to_string(req["seed"].get<std::uint64_t>())
                              : std::string("x");
    if (s.empty() || s.size() > 19 || s.find_first_not_of("0123456789") != std::string::npos)
      throw BadInput("\"seed\" must be a whole number (up to 19 digits)");
    seed = std::stoull(s);
  }
  return ok(
      dba::generated_map_json(*sheet(), dba::generate_map(*sheet(), topography, board, seed)));
}

HttpAnswer army(const json& req) {
  only_keys(req, {"list", "edition", "name", "rules", "map", "elite", "take"});
  static const auto table = dba::load_list_table(dba::default_list_table_path());
  dba::ListRequest r;
  r.list = text_field(req, "list", true, 2000);
  if (req.contains("edition")) r.edition = text_field(req, "edition", true, 20);
  r.name = text_field(req, "name", false, 80);
  r.options = warfare::options_with(warfare::Options{}, text_list(req, "rules", 12), {});
  r.elite = text_list(req, "elite", 4);
  r.take = text_list(req, "take", 12);
  if (req.contains("map")) {
    if (!req["map"].is_object() || req["map"].size() > 24)
      throw BadInput("\"map\" must be an object of CODE: UNIT");
    for (const auto& [code, unit] : req["map"].items()) {
      if (!unit.is_string() || code.size() > 10 || unit.get_ref<const std::string&>().size() > 40)
        throw BadInput("\"map\" must be an object of short CODE: UNIT strings");
      r.map[code] = unit.get<std::string>();
    }
  }
  return ok({{"army", dba::army_from_list(*table, r)}});
}

}  // namespace

HttpAnswer dba_api(const std::string& rest, const std::string& method, const std::string& body) {
  try {
    if (rest == "troops" && method == "GET") return troops();
    if (method != "POST" || (rest != "odds" && rest != "terrain" && rest != "army"))
      return {404, safe_dump(json{{"error", "no such API call"}})};
    const json req = parse_json_input(body, "the request");
    if (rest == "odds") return odds(req);
    if (rest == "terrain") return terrain(req);
    return army(req);
  } catch (const BadInput& e) {
    // Messages quote the user's own text; safe_dump replaces bytes that are not UTF-8.
    return bad(e.what());
  }
}

}  // namespace ancients::server
