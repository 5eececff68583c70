// The terminal game loop of Ancient Generals (see generals_terminal_game.h).
#include "cli/generals_terminal_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "agents/agent.h"
#include "cli/command.h"
#include "cli/generals_terminal_screen.h"
#include "cli/io.h"
#include "cli/terminal_book.h"
#include "cli/terminal_explain.h"
#include "cli/terminal_foresight.h"
#include "cli/terminal_prompt.h"
#include "cli/terminal_text.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "core/record_common.h"
#include "games/generals/explain.h"
#include "games/generals/record.h"

namespace ancients::cli {
// A named namespace around the file's helpers keeps their names apart from the Warfare
// terminal game's in a unity build.
namespace generals_play {
namespace {

using generals::GeneralsState;

constexpr std::size_t kLogShown = 8;

void out(const std::string& text) {
  print_now(text);
}

/// One game in progress.
class Session {
 public:
  Session(const GeneralsPlayConfig& config, std::istream& in)
      : config_(config),
        in_(in),
        state_(GeneralsState::new_game(generals::standard_cards(), config.options, config.seed)) {
    for (int p = 1; p <= 2; ++p)
      if (config.controllers[p - 1] != "human")
        agents_[p - 1] = make_agent(config.controllers[p - 1], config.agent_seed + p);
    hotseat_ = !agents_[0] && !agents_[1];
    echo_ = !stdin_is_tty();
    record_.program_version = program_version();
    record_.date = record_date_now();
    record_.options = config.options;
    record_.seed = config.seed;
    record_.players = config.controllers;
    record_.result = generals::result_of(state_);
    if (config.resume) {  // the record played again, its last actions on the screen
      record_ = *config.resume;
      for (const auto& action : config.resume->actions) {
        const GeneralsState before(state_);
        state_.apply_text(action.action);
        log_action(action.player, action.action, before);
      }
    }
  }

  int run() {
    intro();
    save();
    while (!state_.is_over()) {
      const int p = state_.to_act();
      if (agents_[p - 1]) {
        computer_turn(p);
      } else if (!human_turn(p)) {
        return 0;
      }
    }
    finish();
    return 0;
  }

 private:
  void intro() {
    out(fmt::format("Ancient Generals, seed {}, turn limit {}\n", config_.seed,
                    config_.options.turn_limit));
    if (config_.resume)
      out(fmt::format("Resumed after {} (turn {}).\n", counted(record_.actions.size(), "action"),
                      state_.turn()));
    for (int p = 1; p <= 2; ++p)
      out(fmt::format("  {}: {}{}\n", config_.style.player(p, fmt::format("Player {}", p)),
                      config_.labels[p - 1],
                      !config_.resume && p == state_.data().active ? " (moves first)" : ""));
    out(fmt::format("The record is written to {} after every action.\n", config_.record_path));
    out("Type `help` at the prompt for the phases, the notation and the commands.\n");
  }

  GeneralsContext context(int viewer) const {
    GeneralsContext ctx;
    ctx.viewer = viewer;
    ctx.labels = config_.labels;
    const std::size_t from = log_.size() > kLogShown ? log_.size() - kLogShown : 0;
    ctx.last_actions.assign(log_.begin() + static_cast<std::ptrdiff_t>(from), log_.end());
    return ctx;
  }

  void show_screen(int viewer) {
    out("\n" + render_generals(state_, context(viewer), config_.style) + menu_text());
    shown_version_ = version_;
    shown_viewer_ = viewer;
  }

  /// Hotseat: hides the previous player's screen before the next player looks.
  bool hand_over(int p) {
    const bool after_another = last_human_ != 0;
    last_human_ = p;
    return cli::hand_over(
        in_, after_another,
        {fmt::format("Press Enter to hide your hand and pass to player {}.", p),
         fmt::format("{} ({}): your turn.", config_.style.player(p, fmt::format("Player {}", p)),
                     config_.labels[p - 1]),
         fmt::format("Press Enter when player {} is not looking.", 3 - p)});
  }

  bool human_turn(int p) {
    if (hotseat_ && p != last_human_ && !hand_over(p)) return stop("End of input");
    last_human_ = p;
    if (menu_version_ != version_) {
      menu_ = generals_menu(state_);
      menu_actions_.clear();
      for (const auto& item : menu_) menu_actions_.push_back(item.action);
      losing_ = losing_choices(state_, p, menu_actions_,
                               config_.agent_seed ^ (0xD1B54A32D192ED03ULL * (version_ + 1)));
      guard_.reset();
      menu_version_ = version_;
    }
    // Against the computer, a window where nothing but passing is possible passes by itself.
    if (!hotseat_ && menu_.size() == 1) {
      out(fmt::format("{}: {} (nothing else is possible; played for you)\n",
                      config_.style.player(p, fmt::format("P{}", p)), menu_[0].label));
      play(p, menu_[0].action, nullptr);
      return true;
    }
    if (shown_version_ != version_ || shown_viewer_ != p) show_screen(p);
    for (;;) {
      out(config_.style.player(p, fmt::format("P{}> ", p)));
      const std::optional<std::string> line = read_prompt_line(in_, echo_);
      if (!line) return stop("\nEnd of input");
      const std::string& input = *line;
      if (input.empty()) continue;
      if (input == "quit" || input == "exit" || input == "q") return stop("You left the game");
      if (input == "help" || input == "?") {
        out(generals_help_text());
      } else if (input == "cards") {
        const nlohmann::json book = generals::rules_book(state_.cards());
        out(book_section_text(book, "units") + book_section_text(book, "tactics"));
      } else if (input.starts_with("info")) {
        const std::string what = input.size() > 5 ? input.substr(5) : std::string();
        std::vector<std::string> labels;
        for (const auto& item : menu_) labels.push_back(item.label);
        if (auto item = menu_item_info(state_, p, menu_actions_, labels, losing_, what)) {
          out(*item);
          continue;
        }
        const std::string entry = book_entry_text(generals::rules_book(state_.cards()), what);
        out(what.empty()    ? "Type `info` and a card or a menu number: info slingers\n"
            : entry.empty() ? "No card is called \"" + what + "\" (see `cards`).\n"
                            : entry);
      } else if (input == "show" || input == "board" || input == "table") {
        show_screen(p);
      } else if (input == "hand") {
        std::vector<std::string> items;
        const nlohmann::json view = state_.view_json(p);
        for (const auto& c : view["players"][std::to_string(p)]["hand"])
          items.push_back(c.get<std::string>());
        out(wrap_list("Your hand: ", items.empty() ? std::vector<std::string>{"empty"} : items, 4));
      } else if (input == "piles") {
        piles();
      } else if (input == "menu") {
        out(menu_text());
      } else if (input == "all") {
        list_all();
      } else if (auto text = choose(input)) {
        std::string error, note;
        if (!guard_.allow(losing_, menu_actions_, *text, note)) {
          out(note);
        } else if (play(p, *text, &error)) {
          return true;
        } else {
          out(refusal_text(*text, error));
        }
      }
    }
  }

  /// The menu with the choices that lose the game at once marked, and a warning above it.
  std::string menu_text() const {
    std::vector<GeneralsMenuItem> shown = menu_;
    for (std::size_t i = 0; i < shown.size(); ++i)
      shown[i].label = losing_.label(i, shown[i].label);
    return losing_.warning() + render_generals_menu(shown);
  }

  void piles() {
    const auto j = state_.to_json();  // reserves and casualties are public
    for (int p = 1; p <= 2; ++p)
      for (const char* pile : {"reserve", "casualties"}) {
        std::vector<std::string> items;
        for (const auto& c : j["players"][std::to_string(p)][pile])
          items.push_back(c.get<std::string>());
        out(wrap_list(fmt::format("P{} {}: ", p, pile),
                      items.empty() ? std::vector<std::string>{"empty"} : items, 4));
      }
  }

  std::optional<std::string> choose(const std::string& input) {
    if (const auto i = menu_pick(input, menu_.size()))
      return *i < menu_.size() ? std::optional<std::string>(menu_[*i].action) : std::nullopt;
    return input;
  }

  void list_all() {
    const auto texts = state_.legal_texts();
    constexpr std::size_t kMaxAll = 400;
    for (std::size_t i = 0; i < texts.size() && i < kMaxAll; ++i) out("  " + texts[i] + "\n");
    if (texts.size() > kMaxAll) out(fmt::format("  ... and {} more\n", texts.size() - kMaxAll));
  }

  bool play(int p, const std::string& text, std::string* error) {
    const GeneralsState before(state_);
    try {
      state_.apply_text(text);
    } catch (const IllegalAction& e) {
      if (error) *error = e.what();
      return false;
    }
    commit(p, text, before);
    return true;
  }

  void computer_turn(int p) {
    const GeneralsState before(state_);
    const Action a = agents_[p - 1]->choose(*state_.view(p));
    const std::string text = state_.action_text(a);
    state_.apply(a);
    commit(p, text, before);
    const std::string reason = agents_[p - 1]->last_reason();
    out(config_.style.player(p, fmt::format("Computer (player {})", p)) + ": " + log_.back().text +
        (reason.empty() ? "" : "  [" + reason + "]") + "\n");
  }

  void commit(int p, const std::string& text, const GeneralsState& before) {
    record_.actions.push_back({p, text});
    record_.result = generals::result_of(state_);
    save();
    log_action(p, text, before);
  }

  /// Logs an applied action for the screen.
  void log_action(int p, const std::string& text, const GeneralsState& before) {
    log_.push_back(
        {p, generals_action_label(before, text) + generals_effect_text(before, state_, text)});
    ++version_;
  }

  void save() const {
    write_file_atomic(config_.record_path, generals::record_to_json(record_).dump(2) + "\n");
  }

  bool stop(const std::string& why) {
    out(fmt::format("{}: the game is left unfinished after {}.\n", why,
                    counted(record_.actions.size(), "action")));
    out(fmt::format("Record saved: {} (go on with `ancients play --resume {}`)\n",
                    config_.record_path, config_.record_path));
    return false;
  }

  void finish() {
    out("\n" + render_generals(state_, context(0), config_.style));
    out(config_.style.bold(generals_result_words(state_, config_.labels)) + "\n");
    out(fmt::format("Record saved: {} (check it with `ancients replay {}`)\n", config_.record_path,
                    config_.record_path));
  }

  const GeneralsPlayConfig& config_;
  std::istream& in_;
  GeneralsState state_;
  std::array<std::unique_ptr<Agent>, 2> agents_;
  bool hotseat_ = false;
  bool echo_ = false;
  generals::GameRecord record_;
  std::vector<LogLine> log_;
  std::vector<GeneralsMenuItem> menu_;
  std::vector<std::string> menu_actions_;  ///< menu_'s actions
  LosingChoices losing_;                   ///< the menu's items that lose the game at once
  LosingGuard guard_;                      ///< asks for a losing choice twice
  int version_ = 0;
  int menu_version_ = -1;
  int shown_version_ = -1;
  int shown_viewer_ = 0;
  int last_human_ = 0;
};

}  // namespace
}  // namespace generals_play

int play_generals(const GeneralsPlayConfig& config, std::istream& in) {
  return generals_play::Session(config, in).run();
}

int run_generals_play(const GeneralsPlayArgs& a, std::istream& in) {
  GeneralsPlayConfig c;
  c.seed = a.seed;
  c.options.turn_limit = a.turn_limit;
  c.options.first_player = a.first == "random" ? 0 : std::stoi(a.first);
  try {
    generals::GeneralsState::new_game(generals::standard_cards(), c.options,
                                      c.seed);  // checks options
    if (a.vs == "computer") {
      make_agent(a.agent, 1);  // refuses an unknown agent before the game starts
      const int human = a.side;
      c.controllers[2 - human] = a.agent;
      c.labels[human - 1] = "you";
      c.labels[2 - human] = fmt::format("computer ({})", a.agent);
    } else {
      c.labels = {"player 1", "player 2"};
    }
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  c.agent_seed = a.seed * 0x9E3779B97F4A7C15ULL + 17;
  c.record_path = a.record_path;
  c.style = make_style(a.no_color);
  return play_generals(c, in);
}

}  // namespace ancients::cli
