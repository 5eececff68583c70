// The terminal game loop (see terminal_game.h). Humans see a screen (board, public state,
// own hand, menu) and type; agents choose from their PlayerView; every applied action goes
// into the record, which is written atomically after each one.
#include "cli/terminal_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>

#include "agents/agent.h"
#include "cli/command.h"
#include "cli/io.h"
#include "cli/terminal_board.h"
#include "cli/terminal_book.h"
#include "cli/terminal_events.h"
#include "cli/terminal_explain.h"
#include "cli/terminal_foresight.h"
#include "cli/terminal_help.h"
#include "cli/terminal_info.h"
#include "cli/terminal_menu.h"
#include "cli/terminal_prompt.h"
#include "cli/terminal_record.h"
#include "cli/terminal_text.h"
#include "core/errors.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/explain.h"

namespace ancients::cli {
namespace {

using warfare::Kind;
using warfare::Phase;
using warfare::WarfareState;

constexpr std::size_t kLogShown = 6;

void out(const std::string& text) {
  print_now(text);
}

/// A letter then a number ("a99", "z3"): a square's name, on this board or not.
bool looks_like_square(const std::string& word) {
  if (word.size() < 2 || !std::isalpha(static_cast<unsigned char>(word[0]))) return false;
  return std::all_of(word.begin() + 1, word.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

/// The whole text of the group advance being built, e.g. "advance march c2,d2".
std::string advance_text(const WarfareState& s) {
  const auto& g = s.group();
  std::string text = "advance " + s.rules().cards[g.card].id + " ";
  for (int i = 0; i < g.count; ++i) text += (i ? "," : "") + s.geo().name(g.squares[i]);
  return text;
}

/// One game in progress.
class Session {
 public:
  Session(const PlayConfig& config, std::istream& in) : config_(config), in_(in) {
    if (config.start) {  // a campaign's battle: its position, kept in the file as it goes
      auto* start = dynamic_cast<const WarfareState*>(config.start.get());
      if (start == nullptr) throw ExitError{2, "the starting position is not Ancient Warfare's"};
      state_ = std::unique_ptr<WarfareState>(static_cast<WarfareState*>(start->clone().release()));
    } else if (config.resume_position_record) {  // the same for a record from a position
      position_record_ = *config.resume_position_record;
      std::unique_ptr<State> start = generic_record_start(*position_record_);
      if (dynamic_cast<const WarfareState*>(start.get()) == nullptr)
        throw ExitError{2, "the record's position is not Ancient Warfare's"};
      state_ = std::unique_ptr<WarfareState>(static_cast<WarfareState*>(start.release()));
      play_again(position_record_->actions);
    } else if (config.resume) {  // a record played again, its last actions on the screen
      record_.emplace(*config.resume, config.record_path);
      state_ = warfare::new_game(config.setup);
      play_again(config.resume->actions);
    } else {
      record_.emplace(config.setup, config.controllers, config.record_path);
      state_ = warfare::new_game(config.setup);
    }
    // One agent per computer seat; two or more humans share the screen (hotseat).
    agents_.resize(static_cast<std::size_t>(state_->player_count()));
    int humans = 0;
    for (int p = 1; p <= state_->player_count(); ++p) {
      const std::string& who = p <= static_cast<int>(config.controllers.size())
                                   ? config.controllers[p - 1]
                                   : std::string("human");
      if (who != "human")
        agents_[p - 1] = make_agent(who, config.agent_seed + p);
      else
        ++humans;
    }
    hotseat_ = humans >= 2;
    echo_ = !stdin_is_tty();
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
  // --- screens ---

  void intro() {
    const auto& f = config_.setup.field;
    if (config_.start || position_record_)
      out(fmt::format("Ancient Warfare from a {}position ({} edition, {}x{} board)\n",
                      position_record_ ? "recorded " : "", state_->rules().edition,
                      state_->geo().width, state_->geo().height));
    else
      out(fmt::format("Ancient Warfare ({} edition), {}x{} board, battlefield \"{}\", seed {}\n",
                      config_.setup.edition, f.files(), f.board, f.name, config_.setup.seed));
    if (config_.resume || position_record_)
      out(fmt::format("Resumed after {} ({} {}).\n", counted(actions_, "action"),
                      state_->options().contingents ? "round" : "turn", state_->turn()));
    for (int p = 1; p <= state_->player_count(); ++p)
      out(fmt::format("  {}: {}{}\n", player_name(p), label(p),
                      p == 1 ? " (deploys and moves first)" : ""));
    out(fmt::format("The {} is written to {} after every action.\n",
                    config_.start ? "position" : "record", config_.record_path));
    out("Type `help` at the prompt for the notation and commands.\n");
  }

  /// "Player 3" in its side's colour.
  std::string player_name(int p) const {
    return config_.style.player(state_->side_of(p), fmt::format("Player {}", p));
  }
  std::string label(int p) const {
    return p <= static_cast<int>(config_.labels.size()) ? config_.labels[p - 1] : std::string();
  }

  InfoContext context(int viewer) const {
    InfoContext ctx;
    ctx.viewer = viewer;
    ctx.labels = config_.labels;
    const std::size_t from = log_.size() > kLogShown ? log_.size() - kLogShown : 0;
    ctx.last_actions.assign(log_.begin() + static_cast<std::ptrdiff_t>(from), log_.end());
    return ctx;
  }

  void show_screen(int viewer) {
    out("\n" +
        render_board(*state_, viewer, viewer == 0 ? 1 : state_->side_of(viewer), config_.style) +
        render_status(*state_, context(viewer), config_.style) + menu_text());
    shown_version_ = version_;
    shown_viewer_ = viewer;
  }

  /// Hotseat: hides the previous player's screen before the next player looks. At a terminal
  /// the previous player presses Enter to hide it and the next one to begin.
  bool hand_over(int p) {
    const bool after_another = last_human_ != 0;
    last_human_ = p;
    return cli::hand_over(in_, after_another,
                          {fmt::format("Press Enter to hide your screen and pass to player {}.", p),
                           fmt::format("{} ({}): your turn.", player_name(p), label(p)),
                           state_->player_count() > 2
                               ? std::string("Press Enter when the other players are not looking.")
                               : fmt::format("Press Enter when player {} is not looking.", 3 - p)});
  }

  // --- turns ---

  bool human_turn(int p) {
    if (hotseat_ && p != last_human_ && !hand_over(p)) return stop("End of input");
    last_human_ = p;
    if (menu_version_ != version_) {
      if (state_->phase() == Phase::kDeploy && !state_->swap_step())
        auto_deploy_ = warfare::auto_deployment(*state_, config_.agent_seed + 10 * version_ + p);
      menu_ = build_menu(*state_, auto_deploy_);
      losing_ = losing_choices(*state_, p, menu_.items,
                               config_.agent_seed ^ (0xD1B54A32D192ED03ULL * (version_ + 1)));
      guard_.reset();
      menu_version_ = version_;
    }
    if (const std::string note = forced_note(); !note.empty()) {
      out(config_.style.player(state_->side_of(p), fmt::format("P{}", p)) + note);
      play(p, menu_.items[0], nullptr);
      return true;
    }
    if (shown_version_ != version_ || shown_viewer_ != p) show_screen(p);
    for (;;) {
      out(config_.style.player(state_->side_of(p), fmt::format("P{}> ", p)));
      const std::optional<std::string> line = read_prompt_line(in_, echo_);
      if (!line) return stop("\nEnd of input");
      const std::string& input = *line;
      if (input.empty()) continue;
      if (input == "quit" || input == "exit" || input == "q") return stop("You left the game");
      if (input == "help" || input == "?") {
        out(help_text());
      } else if (input == "cards") {
        out(book_section_text(book(), "cards"));
      } else if (input == "units") {
        out(book_section_text(book(), "units", [this](const std::string& id) {
          const int t = state_->rules().find_unit(id);
          return fmt::format("{:<3}", t < 0 ? "" : unit_abbreviation(state_->rules().units[t]));
        }));
      } else if (input.starts_with("info")) {
        out(info(p, input.size() > 5 ? input.substr(5) : std::string()));
      } else if (input == "board") {
        show_screen(p);
      } else if (input == "hand") {
        out("Your hand: " + cards_text(*state_, p) + "\n");
      } else if (input == "menu") {
        out(menu_text());
      } else if (input == "all") {
        list_all();
      } else if (auto text = choose(input)) {
        std::string error, note;
        if (!guard_.allow(losing_, menu_.items, *text, note)) {
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
    Menu shown = menu_;
    for (std::size_t i = 0; i < shown.items.size(); ++i)
      shown.items[i] = losing_.label(i, shown.items[i]);
    return losing_.warning() + render_menu(shown);
  }

  /// When the only legal action is `end` (or `pass` against the computer: in hotseat that
  /// would tell the attacker that the defender has no card), a note saying it is played for
  /// the human; otherwise "".
  std::string forced_note() const {
    if (!menu_.notes.empty() || menu_.items.size() != 1) return {};
    const std::string& only = menu_.items[0];
    if (only == "end")
      return fmt::format(" {} phase: nothing else is possible, end (played for you).\n",
                         state_->phase() == Phase::kMove ? "move" : "battle");
    if (only == "pass" && !hotseat_)  // what taking it does, from the game's words
      return fmt::format(": {};\n   no defense card of yours can answer it: {} (played for you).\n",
                         pending_text(*state_),
                         state_->action_info("pass", state_->to_act())["words"].get<std::string>());
    return {};
  }

  /// The action text a line stands for (a number, `auto`, or the line itself), or nothing
  /// after printing why not.
  std::optional<std::string> choose(const std::string& input) {
    if (const auto i = menu_pick(input, menu_.items.size())) {
      if (*i == menu_.items.size()) return std::nullopt;
      return menu_.items[*i] == "auto" ? auto_deploy_ : menu_.items[*i];
    }
    if (input == "auto") {
      if (state_->phase() == Phase::kDeploy && !state_->swap_step()) return auto_deploy_;
      out("`auto` deploys automatically; it is only possible during deployment.\n");
      return std::nullopt;
    }
    return input;
  }

  void list_all() {
    if (state_->phase() == Phase::kDeploy && !state_->swap_step()) {
      out("Deployments are too many to list: type `auto` or `deploy TYPE[*]:SQ,...`.\n");
      return;
    }
    const auto texts = state_->legal_texts();
    constexpr std::size_t kMaxAll = 400;
    for (std::size_t i = 0; i < texts.size() && i < kMaxAll; ++i) out("  " + texts[i] + "\n");
    if (texts.size() > kMaxAll) out(fmt::format("  ... and {} more\n", texts.size() - kMaxAll));
  }

  /// Applies a human's action; on refusal sets *error (when given) and returns false.
  bool play(int p, const std::string& text, std::string* error) {
    const WarfareState before(*state_);
    try {
      state_->apply_text(text);
    } catch (const IllegalAction& e) {
      if (error) *error = e.what();
      return false;
    }
    commit(p, text, before);
    if (before.phase() == Phase::kDeploy)
      out("Your army is deployed:\n" + render_board(*state_, p, p, config_.style));
    return true;
  }

  void computer_turn(int p) {
    const std::string who = fmt::format("Computer (player {})", p);
    if (state_->phase() == Phase::kBattlefield) {  // the defender's battlefield: no search
      const WarfareState before(*state_);
      const std::string text = warfare::battlefield_choice(*state_);
      state_->apply_text(text);
      commit(p, text, before);
      out(config_.style.player(state_->side_of(p), who) + ": " + text + "\n");
      return;
    }
    if (state_->phase() == Phase::kDeploy && !state_->swap_step()) {
      const WarfareState before(*state_);
      const std::string text = warfare::auto_deployment(*state_, config_.agent_seed + 100 + p);
      state_->apply_text(text);
      commit(p, text, before);
      out(config_.style.player(state_->side_of(p), who) +
          " has deployed its army (hidden until every army is deployed).\n");
      return;
    }
    const WarfareState before(*state_);
    std::vector<std::string> steps;
    for (;;) {
      const Action a = agents_[p - 1]->choose(*state_->view(p));
      const Kind kind = warfare::action_kind(a);
      const std::string text =
          kind == Kind::kGroupDone ? advance_text(*state_) : state_->action_text(a);
      steps.push_back(state_->action_text(a));
      state_->apply(a);
      if (kind == Kind::kGroupStart || kind == Kind::kGroupAdd) continue;
      if (kind == Kind::kGroupDone && !same_as_whole_advance(before, text)) {
        for (const auto& step : steps) commit(p, step, before);
      } else {
        commit(p, text, before);
      }
      break;
    }
    const std::string reason = agents_[p - 1]->last_reason();
    out(config_.style.player(state_->side_of(p), who) + ": " + log_.back().text +
        (reason.empty() ? "" : "  [" + reason + "]") + "\n");
  }

  /// Whether the whole `advance` text gives the state the agent's steps reached (it should;
  /// if not, the steps themselves are recorded so that the record always replays).
  bool same_as_whole_advance(const WarfareState& before, const std::string& text) const {
    WarfareState check(before);
    try {
      check.apply_text(text);
    } catch (const IllegalAction&) {
      return false;
    }
    return check.equals(*state_);
  }

  // --- after each action ---

  /// Records an applied action and logs it for the screen (deployments stay hidden there).
  void commit(int p, const std::string& text, const WarfareState& before) {
    if (record_) {
      record_->add(p, text, *state_);
    } else {
      if (position_record_) {
        position_record_->actions.push_back({p, text});
        position_record_->winner = state_->winner();
      }
      save();
    }
    log_action(p, text, before);
  }

  /// A record's actions played again, their last ones on the screen.
  void play_again(const std::vector<RecordedAction>& actions) {
    for (const auto& action : actions) {
      const WarfareState before(*state_);
      state_->apply_text(action.action);
      log_action(action.player, action.action, before);
    }
  }

  /// Counts an applied action and logs it for the screen.
  void log_action(int p, const std::string& text, const WarfareState& before) {
    ++actions_;
    const std::string shown = text.starts_with("deploy ") ? "deployed its army" : text;
    log_.push_back({p, shown + effect_text(before, *state_)});
    ++version_;
  }

  bool stop(const std::string& why) {
    out(fmt::format("{}: the game is left unfinished after {}.\n", why,
                    counted(actions_, "action")));
    if (config_.start)
      out(fmt::format("Position saved: {}\n", config_.record_path));
    else
      out(fmt::format("Record saved: {} (go on with `ancients play --resume {}`)\n",
                      config_.record_path, config_.record_path));
    return false;
  }

  void finish() {
    // The human's side at the bottom (side 1 with several humans or none).
    int bottom = 1;
    if (!hotseat_)
      for (int p = 1; p <= state_->player_count(); ++p)
        if (!agents_[p - 1]) bottom = state_->side_of(p);
    out("\n" + render_board(*state_, 0, bottom, config_.style) +
        render_status(*state_, context(0), config_.style));
    out(config_.style.bold(result_words(*state_, config_.labels)) + "\n");
    if (config_.start)
      out(fmt::format("Position saved: {}\n", config_.record_path));
    else
      out(fmt::format("Record saved: {} (check it with `ancients replay {}`)\n",
                      config_.record_path, config_.record_path));
  }

  /// The rules book of the edition and house rules in play (built on first use).
  const nlohmann::json& book() {
    if (book_.is_null()) book_ = warfare::rules_book(state_->rules(), state_->options());
    return book_;
  }

  /// `info NAME`, `info SQ` or `info N`: a unit type, card or terrain explained; on a square, the
  /// unit standing there (if this player may see it) and the ground; menu item N in the game's
  /// words.
  std::string info(int p, const std::string& what) {
    if (what.empty())
      return "Type `info` and a unit, a card, a terrain, a square or a menu number: info "
             "knights\n";
    if (auto item = menu_item_info(*state_, p, menu_.items, menu_.items, losing_, what))
      return *item;
    if (const auto sq = state_->geo().parse(what)) {
      std::string out;
      const int u = state_->unit_at(*sq);
      const bool hidden = state_->phase() == Phase::kDeploy && !state_->swap_step() && u >= 0 &&
                          state_->unit(u).player != p;
      if (u >= 0 && !hidden) {
        const auto& unit = state_->unit(u);
        out += fmt::format("{}: player {}'s{}{} unit\n", what, unit.player,
                           unit.elite ? " Elite" : "", unit.general ? " General's" : "");
        out += book_entry_text(book(), state_->rules().units[unit.type].id);
      }
      return out + book_entry_text(book(),
                                   warfare::kTerrainNames[static_cast<int>(state_->terrain(*sq))]);
    }
    const std::string entry = book_entry_text(book(), what);
    if (!entry.empty()) return entry;
    const auto& geo = state_->geo();
    if (looks_like_square(what))
      return fmt::format("{} is not a square of this {} board (files a-{}, ranks 1-{}).\n", what,
                         geo.shape(), static_cast<char>('a' + geo.width - 1), geo.height);
    return "No unit, card or terrain is called \"" + what + "\" here (see `units` and `cards`).\n";
  }

  const PlayConfig& config_;
  std::istream& in_;
  nlohmann::json book_;
  std::unique_ptr<WarfareState> state_;
  std::vector<std::unique_ptr<Agent>> agents_;  ///< per player; null for a human
  bool hotseat_ = false;
  bool echo_ = false;  ///< echo input lines (stdin is not a terminal), for readable transcripts
  std::optional<RecordKeeper> record_;  ///< none when started from a position
  /// The record of a game that started from a position, resumed (written as it grows).
  std::optional<GenericRecord> position_record_;
  std::size_t actions_ = 0;

  /// The record, or the position when the game started from one.
  void save() const {
    if (record_)
      record_->save();
    else if (position_record_)
      write_file_atomic(config_.record_path,
                        generic_record_to_json(*position_record_).dump(2) + "\n");
    else
      write_file_atomic(config_.record_path, state_->to_json().dump(1) + "\n");
  }
  std::vector<LogLine> log_;
  Menu menu_;
  LosingChoices losing_;  ///< the menu's items that lose the game at once
  LosingGuard guard_;     ///< asks for a losing choice twice
  std::string auto_deploy_;
  int version_ = 0;         ///< counts applied actions
  int menu_version_ = -1;   ///< version_ the menu was built for
  int shown_version_ = -1;  ///< version_ of the last screen shown
  int shown_viewer_ = 0;
  int last_human_ = 0;  ///< the human who last had the screen
};

}  // namespace

int play_game(const PlayConfig& config, std::istream& in) {
  return Session(config, in).run();
}

}  // namespace ancients::cli
