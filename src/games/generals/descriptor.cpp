// Ancient Generals' descriptor, option schema and factory (see descriptor.h).
#include "games/generals/descriptor.h"

#include "core/errors.h"
#include "games/generals/explain.h"
#include "games/generals/generals.h"
#include "games/generals/record.h"

namespace ancients::generals {
namespace {

using nlohmann::json;

OptionSchema option_schema() {
  OptionSchema s;
  OptionSpec turns;
  turns.name = "turn_limit";
  turns.type = OptionType::kInt;
  turns.group = "rules";
  turns.description =
      "Turns in total, each player's turn counting one, after which the game is a draw";
  turns.label = "Turn limit";
  turns.default_value = Options{}.turn_limit;
  turns.min = 1;
  turns.max = 1000000;
  s.push_back(turns);
  OptionSpec first;
  first.name = "first_player";
  first.type = OptionType::kInt;
  first.group = "setup";
  first.description =
      "The player who takes the first turn (the rules: the more aggressive player), or one drawn "
      "at random";
  first.label = "First player";
  first.default_value = Options{}.first_player;
  first.values = {0, 1, 2};
  first.value_labels = {"drawn at random", "player 1", "player 2"};
  s.push_back(first);
  return s;
}

}  // namespace

Options options_from_json(const json& o) {
  Options out;
  out.turn_limit = o.at("turn_limit").get<int>();
  out.first_player = o.at("first_player").get<int>();
  return out;
}

GameDescriptor descriptor() {
  GameDescriptor d;
  d.name = "ancient-generals";
  d.short_name = "generals";
  d.description = "Ancient Generals: the card game of ancient armies (100-card common deck)";
  d.layout = "cards";
  d.from_json = from_json;
  d.options = option_schema();
  d.create = [](const json& options, std::uint64_t seed, const OptionContext&) {
    NewGame g;
    g.state = new_game(options_from_json(options), seed);
    g.options = options;
    return g;
  };
  d.rules_book = [](const json&) { return rules_book(standard_cards()); };
  d.record = [](const RecordInput& in) {
    GameRecord r;
    r.program_version = in.program_version;
    r.date = in.date;
    r.options = options_from_json(in.options);
    r.seed = in.seed;
    for (std::size_t p = 0; p < r.players.size() && p < in.players.size(); ++p)
      r.players[p] = in.players[p];
    r.actions = in.actions;
    const auto* s = dynamic_cast<const GeneralsState*>(in.final_state);
    if (s == nullptr) throw BadInput("ancient-generals record: no final state");
    r.result = result_of(*s);
    return record_to_json(r);
  };
  // The bench plays the options given, checked as for a new game (the default run: none).
  d.bench = [](int games, std::uint64_t seed, const json& options, bool) {
    const json resolved =
        resolve_options(option_schema(), options, OptionContext{}, "ancient-generals");
    const BenchResult r = bench(games, seed, options_from_json(resolved));
    return BenchFigures{static_cast<std::uint64_t>(r.games),
                        r.actions,
                        r.seconds,
                        r.signature,
                        sizeof(GeneralsState),
                        "",
                        r.legal_listed};
  };
  d.bench_games = 20000;  // a game is short: enough of them to time about a second
  d.bench_label = "random play";
  return d;
}

}  // namespace ancients::generals
