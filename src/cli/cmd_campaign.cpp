// `ancients campaign new|status|orders|act|result|play|next|show|simulate`: a club's campaign
// day in the terminal (docs/campaign.md). The campaign file holds the scenario, every action and
// the state; each command reads it, verifies that the actions replay to the stored state,
// applies one step and writes the file back atomically.
#include <fmt/format.h>

#include <algorithm>

#include "campaign/battle.h"
#include "campaign/engine.h"
#include "campaign/report.h"
#include "campaign/simulate.h"
#include "cli/command.h"
#include "cli/io.h"
#include "cli/terminal_game.h"
#include "cli/terminal_style.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

using campaign::CampaignState;

struct CampaignArgs {
  std::string scenario, file, out, nation, winner, agent = "greedy", general, camp, position;
  std::vector<std::string> words, lost;
  std::vector<int> humans;
  int battle = 0, season = 0;
  std::uint64_t seed = 1;
  bool force = false, computer = false;
};

CampaignArgs& args() {
  static CampaignArgs a;
  return a;
}

/// Runs `body`, turning the engine's errors into a message and an exit status: 2 for bad input
/// (a scenario or file), 3 for a refused action (the project's statuses).
template <typename F>
void guarded(F body) {
  try {
    body();
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  } catch (const IllegalAction& e) {
    throw ExitError{3, e.what()};
  }
}

CampaignState load(const std::string& path) {
  CampaignState s;
  try {
    s = campaign::state_from_json(read_json(path));
  } catch (const BadInput& e) {
    throw ExitError{2, path + ": " + e.what()};
  }
  try {
    // The replayed state is the one used: the chronicle in today's words (a file written before
    // they changed reads the same otherwise).
    CampaignState replayed = campaign::replay(s.scenario, s.actions);
    if (!campaign::same_but_wording(replayed, s))
      throw ExitError{2,
                      path + ": the stored state is not what its actions give (edited by hand?)"};
    return replayed;
  } catch (const IllegalAction& e) {
    throw ExitError{2, path + ": the actions do not replay: " + e.what()};
  }
}

/// The result's link to the file that keeps the battle's game (no spaces: one notation word).
std::string game_link(const std::string& path) {
  if (path.find_first_of(" \t\n") != std::string::npos)
    throw ExitError{2, "a game file's path must not contain spaces: " + path};
  return " game=" + path;
}

void save(const std::string& path, const CampaignState& s) {
  write_file_atomic(path, campaign::state_to_json(s).dump(1) + "\n");
}

/// Loads the file, applies the actions, saves, and prints what the campaign waits for.
void step(const std::vector<std::string>& actions) {
  CampaignState s = load(args().file);
  const auto before = s.chronicle.size();
  guarded([&] {
    for (const auto& a : actions) campaign::apply_action(s, a);
    campaign::computer_turns(s, 1);  // the absent nations' orders, when they are due
  });
  save(args().file, s);
  for (auto i = before; i < s.chronicle.size(); ++i) fmt::print("{}\n", s.chronicle[i].text);
  for (const auto& w : campaign::waiting_for_lines(s)) fmt::print("waiting for: {}\n", w);
}

void add_file(CLI::App* cmd) {
  cmd->add_option("file", args().file, "The campaign file (JSON)")->required();
}

/// The result action of the battle played at this screen (play_at_this_screen()).
std::string& last_result() {
  static std::string text;
  return text;
}

/// Plays battle `b` in the terminal from its position, people in the seats --humans names and
/// the computer in the others; the position file (--out, else battle-N.json) keeps it after
/// every action. True, with last_result() set, when the battle ended.
bool play_at_this_screen(const CampaignState& s, const campaign::Battle& b) {
  auto& a = args();
  PlayConfig config;
  std::shared_ptr<State> start;
  std::vector<campaign::BattlePlayer> players;
  guarded([&] {
    start = campaign::build_battle(s, b, a.seed);
    players = campaign::battle_players(s, b);
  });
  config.start = start;
  config.controllers.assign(players.size(), a.agent);
  for (int p : a.humans) {
    if (p < 1 || p > static_cast<int>(players.size()))
      throw ExitError{
          2, fmt::format("--humans: battle {} has players 1 to {}", b.number, players.size())};
    config.controllers[static_cast<std::size_t>(p - 1)] = "human";
  }
  for (const auto& p : players)
    config.labels.push_back(fmt::format("{}{}", s.scenario.nation(p.nation)->name,
                                        p.contingent ? " (contingent)" : ""));
  config.record_path = a.out.empty() ? fmt::format("battle-{}.json", b.number) : a.out;
  config.agent_seed = a.seed;
  config.style = make_style(false);
  const int status = play_game(config, std::cin);
  if (status != 0) throw ExitError{status, ""};
  std::unique_ptr<State> final_state;
  guarded([&] { final_state = ancients::state_from_json(read_json(config.record_path)); });
  if (!final_state->is_over()) {
    fmt::print(
        "Battle {} is unfinished; its result can be entered with `ancients campaign "
        "result`.\n",
        b.number);
    return false;
  }
  last_result() = campaign::result_from_game(s, b, *final_state) + game_link(config.record_path);
  return true;
}

void setup_campaign(CLI::App& app) {
  auto& o = args();
  auto* c =
      app.add_subcommand("campaign", "A campaign day: scenarios, seasons, battles, chronicle");
  c->require_subcommand(1);

  auto* create = c->add_subcommand("new", "Start a campaign from a scenario file");
  create->add_option("scenario", o.scenario, "Scenario (data/campaigns/*.toml)")->required();
  create->add_option("--out", o.out, "The campaign file to write")->required();
  create->add_flag("--force", o.force, "Overwrite an existing file");
  create->callback([] {
    auto& a = args();
    refuse_overwrite(a.out, a.force);
    guarded([&] {
      const CampaignState s = campaign::new_campaign(campaign::load_scenario(a.scenario));
      save(a.out, s);
      fmt::print("{}", campaign::status_text(s));
    });
  });

  auto* status = c->add_subcommand("status", "Season, phase, waiting for, battles, standings");
  add_file(status);
  status->callback([] { fmt::print("{}", campaign::status_text(load(args().file))); });

  auto* show = c->add_subcommand("show", "The map, battles, standings and chronicle");
  add_file(show);
  show->add_option("--season", o.season, "Only the map and standings after this season");
  show->callback([] {
    const CampaignState s = load(args().file);
    if (args().season > 0) {
      // Replays the actions up to the one that ended the season.
      CampaignState at = campaign::new_campaign(s.scenario);
      for (const auto& action : s.actions) {
        if (at.season > args().season || at.phase == "over") break;
        campaign::apply_action(at, action);
      }
      if (at.season <= args().season && at.phase != "over")
        throw ExitError{2, fmt::format("season {} has not ended yet", args().season)};
      fmt::print("After season {}:\n{}\n{}", args().season, campaign::map_text(at),
                 campaign::standings_text(at));
      return;
    }
    fmt::print("{}\n{}\n{}\n{}", campaign::status_text(s), campaign::map_text(s),
               "Chronicle:", campaign::chronicle_text(s));
  });

  auto* orders = c->add_subcommand("orders", "A nation's hidden orders: ARMY=REGION or ARMY=stay");
  add_file(orders);
  orders->add_option("nation", o.nation, "The nation")->required();
  orders->add_option("orders", o.words, "ARMY=REGION ... (armies not named stay)");
  orders->add_flag("--computer", o.computer, "Let the computer give this nation's orders");
  orders->callback([] {
    auto& a = args();
    if (!a.computer) {
      std::string text = "orders " + a.nation;
      for (const auto& w : a.words) text += " " + w;
      step({text});
      return;
    }
    CampaignState s = load(a.file);
    step({campaign::computer_orders(s, a.nation, a.seed + s.actions.size())});
  });

  auto* act = c->add_subcommand("act",
                                "Apply actions in the notation (ally A B, break A B, "
                                "offer N ALLY, accept N ALLY, computer NATION, ...)");
  add_file(act);
  act->add_option("actions", o.words, "Each action quoted")->required();
  act->callback([] { step(args().words); });

  auto* result = c->add_subcommand(
      "result", "A battle's result: typed in (played on a table) or read from a final position");
  add_file(result);
  result->add_option("battle", o.battle, "The battle's number")->required();
  auto* winner = result->add_option("--winner", o.winner, "The winning nation, or draw");
  result->add_option("--lost", o.lost, "NATION:UNIT,UNIT or NATION:COUNT (repeatable)");
  result->add_option("--general", o.general, "The nation whose General fell");
  result->add_option("--camp", o.camp, "The nation whose Camp fell");
  auto* position = result->add_option("--position", o.position,
                                      "The finished game's position (JSON) started by `battle`");
  winner->excludes(position);
  result->callback([] {
    auto& a = args();
    if (!a.position.empty()) {
      const CampaignState s = load(a.file);
      const campaign::Battle* b = s.battle(a.battle);
      if (b == nullptr || b->resolved)
        throw ExitError{2, fmt::format("no battle {} waiting for its result", a.battle)};
      std::string text;
      guarded([&] {
        const auto game = ancients::state_from_json(read_json(a.position));
        if (!game->is_over()) throw BadInput(a.position + ": the game is not over yet");
        text = campaign::result_from_game(s, *b, *game) + game_link(a.position);
      });
      step({text});
      return;
    }
    if (a.winner.empty()) throw ExitError{2, "give --winner NATION|draw or --position FILE"};
    std::string text = fmt::format("result {} winner={}", a.battle, a.winner);
    for (const auto& l : a.lost) text += " lost=" + l;
    if (!a.general.empty()) text += " general=" + a.general;
    if (!a.camp.empty()) text += " camp=" + a.camp;
    step({text});
  });

  auto* battle = c->add_subcommand(
      "battle", "A battle's sides and units; --out writes its starting position (deployed)");
  add_file(battle);
  battle->add_option("battle", o.battle, "The battle's number")->required();
  battle->add_option("--seed", o.seed, "Seed of the deck and the battlefield");
  battle->add_option("--out", o.out, "Write the starting position (JSON) here");
  battle->callback([] {
    auto& a = args();
    const CampaignState s = load(a.file);
    const campaign::Battle* b = s.battle(a.battle);
    if (b == nullptr) throw ExitError{2, fmt::format("no battle {} this season", a.battle)};
    fmt::print("{}", campaign::battle_sides_text(s, *b));
    if (a.out.empty()) return;
    guarded([&] {
      const auto game = campaign::build_battle(s, *b, a.seed);
      write_file_atomic(a.out, game->to_json().dump(1) + "\n");
    });
    fmt::print(
        "starting position written to {} (player 1: {}, player 2: {}); when the game is "
        "over: ancients campaign result {} {} --position FINAL.json\n",
        a.out, b->attacker, b->defender, a.file, a.battle);
  });

  auto* play = c->add_subcommand(
      "play", "Resolve a battle at once, computer against computer, or play it at this screen");
  add_file(play);
  play->add_option("battle", o.battle, "The battle's number")->required();
  play->add_option("--agent", o.agent, "The agent of both sides (random, greedy, ...)");
  play->add_option("--seed", o.seed, "Seed of the battle");
  play->add_option("--out", o.out,
                   "Keep the finished game's position here (linked in the chronicle)");
  play->add_option("--humans", o.humans,
                   "Play it at this screen: the players people play (1 the attacker; `campaign "
                   "battle` lists them), the computer (--agent) the others")
      ->delimiter(',');
  play->callback([] {
    auto& a = args();
    CampaignState s = load(a.file);
    const campaign::Battle* b = s.battle(a.battle);
    if (b == nullptr || b->resolved)
      throw ExitError{2, fmt::format("no battle {} waiting to be fought", a.battle)};
    if (!a.humans.empty()) {
      if (play_at_this_screen(s, *b)) step({last_result()});
      return;
    }
    std::string text;
    guarded([&] {
      if (a.out.empty()) {
        text = campaign::play_battle(s, *b, a.agent, a.seed);
        return;
      }
      const auto game = campaign::play_battle_game(s, *b, a.agent, a.seed);
      write_file_atomic(a.out, game->to_json().dump(1) + "\n");
      text = campaign::result_from_game(s, *b, *game) + game_link(a.out);
    });
    step({text});
  });

  auto* next = c->add_subcommand("next", "Go on: politics -> orders, battles -> next season");
  add_file(next);
  next->callback([] { step({"next"}); });

  auto* sim = c->add_subcommand("simulate", "Play a whole campaign computer against computer");
  sim->add_option("scenario", o.scenario, "Scenario (data/campaigns/*.toml)")->required();
  sim->add_option("--seed", o.seed, "Seed of orders and battles");
  sim->add_option("--agent", o.agent, "The agent of every battle (random, greedy, ...)");
  sim->add_option("--out", o.out, "Also write the finished campaign file");
  sim->callback([] {
    auto& a = args();
    guarded([&] {
      CampaignState s = campaign::new_campaign(campaign::load_scenario(a.scenario));
      // A progress bar per battle: the seasons done (a map campaign) or the battles fought (a
      // historical sequence) out of the whole, then the battle in words.
      campaign::simulate(s, a.agent, a.seed, [&s](int fought, const std::string& line) {
        const bool sequence = s.scenario.kind == "sequence";
        const double whole = sequence ? static_cast<double>(s.scenario.battles.size())
                                      : static_cast<double>(s.scenario.seasons);
        const double done = sequence ? fought : s.season - 1;
        const int filled = whole > 0 ? static_cast<int>(20 * std::min(1.0, done / whole)) : 20;
        fmt::print(stderr, "[{}{}] {} {}/{} · battle {}: {}\n", std::string(filled, '#'),
                   std::string(20 - filled, '.'), sequence ? "battle" : "season",
                   sequence ? fought : s.season, static_cast<int>(whole), fought, line);
      });
      if (!a.out.empty()) save(a.out, s);
      fmt::print("{}\n{}\nChronicle:\n{}", campaign::status_text(s), campaign::map_text(s),
                 campaign::chronicle_text(s));
    });
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_campaign);
