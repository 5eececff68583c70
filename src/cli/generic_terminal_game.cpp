// The terminal game loop of a game without a drawing of its own (see generic_terminal_game.h).
// Everything shown comes from the core's State interface: view_json, situation, legal_texts,
// action_info's words, events, over_reason; rules from the game's rules book where it has one.
#include "cli/generic_terminal_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <optional>

#include "agents/agent.h"
#include "cli/command.h"
#include "cli/io.h"
#include "cli/play_seats.h"
#include "cli/terminal_book.h"
#include "cli/terminal_foresight.h"
#include "cli/terminal_prompt.h"
#include "cli/terminal_text.h"
#include "cli/terminal_view.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {
// A named namespace keeps the helpers apart from the other terminal games' in a unity build.
namespace generic_play {
namespace {

constexpr std::size_t kLogShown = 8;
constexpr std::size_t kMaxAll = 400;

void out(const std::string& text) {
  print_now(text);
}

/// One applied action, kept with the positions around it so that each viewer reads it as the
/// game lets them (a card played face down is "play (hidden)" to the other player).
struct LoggedAction {
  int player = 0;
  std::string text;
  std::unique_ptr<State> before, after;
};

/// A logged action as `viewer` may read it.
std::string logged_words(const LoggedAction& a, int viewer) {
  return action_words(*a.before, *a.after, a.text, a.player, viewer);
}

/// The help screen: the prompt's commands (the game's actions are its menu's).
std::string help_text(const GameDescriptor& game) {
  return fmt::format(
      "{}: {}\n"
      "At the prompt, type a menu number or an action in the game's notation (`all` lists\n"
      "them). Commands:\n"
      "  show    the position again        menu   your choices again\n"
      "  all     every legal action        rules  the rules book (where the game has one)\n"
      "  info X  the rules book's entry X  quit   leave (the record is kept: --resume)\n",
      game.name, game.description);
}

class Session {
 public:
  Session(const GenericPlayConfig& config, std::istream& in) : config_(config), in_(in) {
    const GameDescriptor& game = *config.game;
    if (config.resume) {
      state_ = generic_record_start(*config.resume);
    } else {
      NewGame built = create_game(game.name, config.options, config.seed);
      state_ = std::move(built.state);
      record_.options = built.options;
    }
    const int players = state_->player_count();
    agents_.resize(static_cast<std::size_t>(players));
    for (int p = 1; p <= players; ++p)
      if (config.controllers[p - 1] != "human")
        agents_[p - 1] = make_agent(config.controllers[p - 1], config.agent_seed + p);
    humans_ = static_cast<int>(
        std::count(config.controllers.begin(), config.controllers.end(), std::string("human")));
    echo_ = !stdin_is_tty();
    record_.game = game.name;
    record_.program_version = program_version();
    record_.date = record_date_now();
    record_.seed = config.seed;
    record_.players = config.controllers;
    if (config.resume) {  // the record played again, its last actions in the log
      record_ = *config.resume;
      for (const auto& action : config.resume->actions) {
        auto before = state_->clone();
        state_->apply_text(action.action);
        log(action.player, action.action, std::move(before));
      }
    }
    record_.winner = state_->winner();
  }

  int run() {
    intro();
    save();
    while (!state_->is_over()) {
      const int p = state_->to_act();
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
  /// The game's options: the record's, or the position's for a game started from one.
  nlohmann::json options_in_play() const {
    const nlohmann::json& o = record_.position.is_null()
                                  ? record_.options
                                  : record_.position.value("options", nlohmann::json());
    return o.is_object() ? o : nlohmann::json::object();
  }

  std::string player_name(int p) const {
    return config_.style.player(p, fmt::format("Player {}", p));
  }

  void intro() {
    const GameDescriptor& game = *config_.game;
    out(record_.position.is_null() ? fmt::format("{}, seed {}\n", game.name, config_.seed)
                                   : fmt::format("{}, from a recorded position\n", game.name));
    std::vector<std::string> options;
    const nlohmann::json in_play = options_in_play();
    for (const auto& [key, value] : in_play.items())
      options.push_back(key + "=" + (value.is_string() ? value.get<std::string>() : value.dump()));
    if (!options.empty()) out(wrap_list("Options: ", options, 2));
    if (config_.resume)
      out(fmt::format("Resumed after {} (turn {}).\n", counted(record_.actions.size(), "action"),
                      state_->turn()));
    for (int p = 1; p <= state_->player_count(); ++p)
      out(fmt::format("  {}: {}\n", player_name(p), config_.labels[p - 1]));
    out(fmt::format("The record is written to {} after every action.\n", config_.record_path));
    out("Type `help` at the prompt for the commands.\n");
  }

  /// The viewer of what the computers do: the one person playing, else a spectator.
  int watcher() const {
    if (humans_ != 1) return 0;
    for (int p = 1; p <= state_->player_count(); ++p)
      if (!agents_[p - 1]) return p;
    return 0;
  }

  std::string screen(int viewer) const {
    std::string s = "\n";
    s += config_.style.bold(fmt::format("Turn {}", state_->turn()));
    if (!state_->is_over()) s += fmt::format(" · {} to act", player_name(state_->to_act()));
    s += "\n" + view_fields_text(state_->view_json(viewer));
    for (const auto& line : state_->situation(viewer)) s += "  " + line + "\n";
    if (!log_.empty()) s += "Last actions:\n";
    for (const auto& a : log_)
      s += fmt::format("  {}: {}\n", config_.style.player(a.player, fmt::format("P{}", a.player)),
                       logged_words(a, viewer));
    return s;
  }

  void show(int viewer) {
    out(screen(viewer) + menu_text());
    shown_version_ = version_;
    shown_viewer_ = viewer;
  }

  /// One screen, several people: hides the last player's screen before the next looks.
  bool hand_over(int p) {
    const bool after_another = last_human_ != 0;
    last_human_ = p;
    return cli::hand_over(
        in_, after_another,
        {fmt::format("Press Enter to hide your screen and pass to player {}.", p),
         fmt::format("{} ({}): your turn.", player_name(p), config_.labels[p - 1]),
         fmt::format("Press Enter when only player {} is looking.", p)});
  }

  void refresh_menu(int p) {
    if (menu_version_ == version_) return;
    too_many_.clear();
    try {
      menu_ = state_->legal_texts();
    } catch (const BadInput& e) {
      // Too many to list (Ancient Warfare's deployments): typed in the notation, or the set-up
      // a computer would make, offered as the one item.
      too_many_ = e.what();
      menu_.clear();
      const std::string automatic =
          automatic_action(*config_.game, *state_, config_.agent_seed + record_.actions.size());
      if (!automatic.empty()) menu_.push_back(automatic);
    }
    labels_.clear();
    for (const auto& text : menu_) {
      const nlohmann::json info = state_->action_info(text, p);
      const bool has_words = info.contains("words") && info["words"].is_string() &&
                             !info["words"].get<std::string>().empty();
      const std::string label = has_words ? info["words"].get<std::string>() : text;
      labels_.push_back(too_many_.empty() ? label : "the set-up the computer would make: " + label);
    }
    losing_ = losing_choices(*state_, p, menu_,
                             config_.agent_seed ^ (0xD1B54A32D192ED03ULL * (version_ + 1)));
    guard_.reset();
    menu_version_ = version_;
  }

  std::string menu_text() const {
    std::vector<std::string> shown;
    for (std::size_t i = 0; i < menu_.size() && i < kMaxAll; ++i)
      shown.push_back(losing_.label(i, labels_[i]));
    std::string text = losing_.warning();
    if (!too_many_.empty()) text += sentence(too_many_) + "\n";
    text += "Your choices:\n" + numbered_columns(shown);
    if (menu_.size() > kMaxAll)
      text +=
          fmt::format("  ... and {} more (type them in the notation)\n", menu_.size() - kMaxAll);
    return text;
  }

  bool human_turn(int p) {
    if (humans_ > 1 && p != last_human_ && !hand_over(p)) return stop("End of input");
    last_human_ = p;
    refresh_menu(p);
    // Against the computer, a choice of one is made at once.
    if (humans_ == 1 && menu_.size() == 1 && too_many_.empty()) {
      out(fmt::format("{}: {} (nothing else is possible; played for you)\n",
                      config_.style.player(p, fmt::format("P{}", p)), labels_[0]));
      play(p, menu_[0], nullptr);
      return true;
    }
    if (shown_version_ != version_ || shown_viewer_ != p) show(p);
    for (;;) {
      out(config_.style.player(p, fmt::format("P{}> ", p)));
      const std::optional<std::string> line = read_prompt_line(in_, echo_);
      if (!line) return stop("\nEnd of input");
      const std::string& input = *line;
      if (input.empty()) continue;
      if (input == "quit" || input == "exit" || input == "q") return stop("You left the game");
      if (input == "help" || input == "?") {
        out(help_text(*config_.game));
      } else if (input == "show") {
        show(p);
      } else if (input == "menu") {
        out(menu_text());
      } else if (input == "all") {
        if (!too_many_.empty()) out(sentence(too_many_) + "\n");
        for (std::size_t i = 0; i < menu_.size() && i < kMaxAll; ++i) out("  " + menu_[i] + "\n");
        if (menu_.size() > kMaxAll) out(fmt::format("  ... and {} more\n", menu_.size() - kMaxAll));
      } else if (input == "rules") {
        rules("", true);
      } else if (input == "info" || input.starts_with("info ")) {
        rules(input.size() > 5 ? input.substr(5) : std::string(), false);
      } else if (auto text = choose(input)) {
        std::string error, note;
        if (!guard_.allow(losing_, menu_, *text, note)) {
          out(note);
        } else if (play(p, *text, &error)) {
          return true;
        } else {
          out(refusal_text(*text, error));
        }
      }
    }
  }

  /// `rules` (every section of the book) or `info X` (one entry).
  void rules(const std::string& what, bool whole) {
    if (!config_.game->rules_book) {
      out(fmt::format("{} has no rules book in this program.\n", config_.game->name));
      return;
    }
    nlohmann::json book;
    try {
      book = rules_book(config_.game->name, options_in_play());
    } catch (const BadInput& e) {
      out(fmt::format("The rules book cannot be made for this game's options: {}\n", e.what()));
      return;
    }
    if (whole) {
      for (const auto& section : book.value("sections", nlohmann::json::array()))
        out(book_section_text(book, section.value("id", "")));
      return;
    }
    const std::string entry = book_entry_text(book, what);
    out(what.empty()    ? "Type `info` and the name of an entry of the rules book.\n"
        : entry.empty() ? "The rules book has no entry \"" + what + "\" (see `rules`).\n"
                        : entry);
  }

  std::optional<std::string> choose(const std::string& input) {
    if (const auto i = menu_pick(input, menu_.size()))
      return *i < menu_.size() ? std::optional<std::string>(menu_[*i]) : std::nullopt;
    return input;
  }

  bool play(int p, const std::string& text, std::string* error) {
    auto before = state_->clone();
    try {
      state_->apply_text(text);
    } catch (const IllegalAction& e) {
      if (error) *error = e.what();
      return false;
    }
    commit(p, text, std::move(before));
    return true;
  }

  void computer_turn(int p) {
    auto before = state_->clone();
    std::string text =
        automatic_action(*config_.game, *state_, config_.agent_seed + record_.actions.size());
    std::string reason;
    if (text.empty()) {
      const Action a = agents_[p - 1]->choose(*state_->view(p));
      text = state_->action_text(a);
      reason = agents_[p - 1]->last_reason();
    }
    state_->apply_text(text);
    commit(p, text, std::move(before));
    out(fmt::format("Computer ({}): {}{}\n", player_name(p), logged_words(log_.back(), watcher()),
                    reason.empty() ? "" : "  [" + reason + "]"));
  }

  void commit(int p, const std::string& text, std::unique_ptr<State> before) {
    record_.actions.push_back({p, text});
    record_.winner = state_->winner();
    save();
    log(p, text, std::move(before));
  }

  void log(int p, const std::string& text, std::unique_ptr<State> before) {
    log_.push_back({p, text, std::move(before), state_->clone()});
    if (log_.size() > kLogShown) log_.pop_front();
    ++version_;
  }

  void save() const {
    write_file_atomic(config_.record_path, generic_record_to_json(record_).dump(2) + "\n");
  }

  bool stop(const std::string& why) {
    out(fmt::format("{}: the game is left unfinished after {}.\n", why,
                    counted(record_.actions.size(), "action")));
    out(fmt::format("Record saved: {} (go on with `ancients play --resume {}`)\n",
                    config_.record_path, config_.record_path));
    return false;
  }

  void finish() {
    out(screen(watcher()));
    out(config_.style.bold(sentence(state_->over_reason())) + "\n");
    out(fmt::format("Record saved: {} (check it with `ancients replay {}`)\n", config_.record_path,
                    config_.record_path));
  }

  const GenericPlayConfig& config_;
  std::istream& in_;
  std::unique_ptr<State> state_;
  std::vector<std::unique_ptr<Agent>> agents_;
  int humans_ = 0;
  bool echo_ = false;
  GenericRecord record_;
  std::deque<LoggedAction> log_;
  std::vector<std::string> menu_;    ///< the legal actions, in the notation
  std::vector<std::string> labels_;  ///< menu_ in the game's words
  std::string too_many_;             ///< why the legal actions are not listed (too many), or ""
  LosingChoices losing_;
  LosingGuard guard_;
  int version_ = 0;
  int menu_version_ = -1;
  int shown_version_ = -1;
  int shown_viewer_ = 0;
  int last_human_ = 0;
};

/// Each seat's words: "you" where one person plays, "human" where several do, the computer
/// with its agent.
std::vector<std::string> seat_labels(const std::vector<std::string>& controllers) {
  const auto humans = std::count(controllers.begin(), controllers.end(), std::string("human"));
  std::vector<std::string> labels;
  for (const auto& c : controllers)
    labels.push_back(c != "human"  ? fmt::format("computer ({})", c)
                     : humans == 1 ? std::string("you")
                                   : std::string("human"));
  return labels;
}

}  // namespace
}  // namespace generic_play

int play_generic(const GenericPlayConfig& config, std::istream& in) {
  return generic_play::Session(config, in).run();
}

int run_generic_play(const GenericPlayArgs& a, std::istream& in) {
  GenericPlayConfig c;
  c.game = a.game;
  c.seed = a.seed;
  try {
    const NewGame built = create_game(a.game->name, a.options, a.seed);
    c.options = built.options;
    const int players = built.state->player_count();
    if (a.vs == "computer") make_agent(a.agent, 1);  // refuses an unknown agent at once
    if (players == 2 && !a.humans.empty())
      throw BadInput("--humans is for games of more than two players: use --vs and --side");
    if (a.vs == "computer" && a.humans.empty() && a.side > players)
      throw BadInput(fmt::format("--side {}: this game has players 1 to {}", a.side, players));
    const std::vector<bool> human =
        seats_people_play(players, a.vs == "human", a.humans, a.side, "game");
    for (int p = 1; p <= players; ++p)
      c.controllers.push_back(human[static_cast<std::size_t>(p)] ? "human" : a.agent);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  c.labels = generic_play::seat_labels(c.controllers);
  c.agent_seed = a.seed * 0x9E3779B97F4A7C15ULL + 17;
  c.record_path = a.record_path;
  c.style = make_style(a.no_color);
  return play_generic(c, in);
}

std::shared_ptr<GenericRecord> resumable_generic_record(const nlohmann::json& j,
                                                        const std::string& path) {
  try {
    auto record = std::make_shared<GenericRecord>(generic_record_from_json(j, path));
    std::unique_ptr<State> reached;
    try {
      reached = replay_generic_record(*record);
    } catch (const BadInput& e) {
      throw ExitError{2, fmt::format("{}: verification failed: {}", path, e.what())};
    }
    if (reached->is_over())
      throw ExitError{2, fmt::format("{}: this game is over ({}): nothing to resume", path,
                                     winner_text(record->winner))};
    for (const auto& agent : record->players)
      if (agent != "human") make_agent(agent, 1);
    return record;
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
}

int resume_generic_play(const nlohmann::json& j, const std::string& path,
                        const std::string& record_path, bool no_color, std::istream& in) {
  const std::shared_ptr<GenericRecord> record = resumable_generic_record(j, path);
  GenericPlayConfig c;
  c.game = &game_named(record->game);
  c.options = record->options;
  c.seed = record->seed;
  c.controllers = record->players;
  c.labels = generic_play::seat_labels(c.controllers);
  c.agent_seed = (record->seed + record->actions.size()) * 0x9E3779B97F4A7C15ULL + 17;
  c.record_path = record_path;
  c.style = make_style(no_color);
  c.resume = record;
  return play_generic(c, in);
}

}  // namespace ancients::cli
