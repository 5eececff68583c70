// One game on the server (see game_session.h).
#include "server/game_session.h"

#include <algorithm>
#include <optional>

#include "core/errors.h"
#include "core/foresight.h"
#include "core/json_writer.h"
#include "core/rng.h"
#include "server/hub_helpers.h"

namespace ancients::server {

using nlohmann::json;

namespace {

/// Puts one action of a grouped kind, read from its text, into its group (by kind and card)
/// as the indices of the squares it names. (A game with many grouped actions lists them
/// itself: State::legal_grouped.)
void add_to_group(OfferedActions& out, const State::GroupedShape& shape, std::string_view text) {
  auto g = std::find_if(out.groups.begin(), out.groups.end(), [&](const auto& x) {
    return x.kind == shape.kind && x.card == shape.card;
  });
  if (g == out.groups.end()) {
    out.groups.emplace_back();
    out.groups.back().kind = shape.kind;
    out.groups.back().card = shape.card;
    out.groups.back().cards = shape.cards;
    g = std::prev(out.groups.end());
  }
  for (const auto& q : shape.squares) {
    auto at = std::find(g->squares.begin(), g->squares.end(), q);
    if (at == g->squares.end()) at = g->squares.insert(g->squares.end(), q);
    g->choice_squares.push_back(static_cast<int>(at - g->squares.begin()));
  }
  g->choice_ends.push_back(g->choice_squares.size());
  g->texts += text;
  g->text_ends.push_back(g->texts.size());
}

/// A description kept as JSON text, or null where none could be kept ("").
json parse_kept(const std::string& text) {
  return text.empty() ? json(nullptr) : json::parse(text);
}

/// An action as `viewer` reads it, described from the position before it as done
/// (State::logged_info_text), and what it made happen as the viewer may know it: the log line's
/// "info" and "events", as JSON text.
void describe_for(const State& before, const State& after, const LoggedAction& a, int viewer,
                  std::string& info, std::string& events) {
  info = before.logged_info_text(before.action_text_for(a.text, a.player, viewer), viewer);
  events = after.events_text(before, a.text, viewer);
}

/// JSON texts as a list of trees (the tree-built reference message).
json parsed(const std::vector<std::string>& texts) {
  json out = json::array();
  for (const auto& t : texts) out.push_back(json::parse(t));
  return out;
}

/// A game's winner as messages say it: a seat (a side in a multiplayer battle), "draw", or null
/// while the game goes on.
json winner_json(int w) {
  return w == kNotOver ? json(nullptr) : (w == kDraw ? json("draw") : json(w));
}

json result_json(const State& state, std::size_t actions) {
  return {{"winner", winner_json(state.winner())}, {"turns", state.turn()}, {"actions", actions}};
}

}  // namespace

std::unique_ptr<GameSession> GameSession::create(const std::string& id, const json& request,
                                                 std::uint64_t seed,
                                                 const std::vector<std::string>& controllers,
                                                 const std::vector<std::string>& tokens,
                                                 bool seed_chosen) {
  return create(id, build_game(request, seed), seed, controllers, tokens, seed_chosen);
}

std::unique_ptr<GameSession> GameSession::create(const std::string& id, BuiltGame built,
                                                 std::uint64_t seed,
                                                 const std::vector<std::string>& controllers,
                                                 const std::vector<std::string>& tokens,
                                                 bool seed_chosen) {
  std::unique_ptr<GameSession> g(new GameSession);
  g->id_ = id;
  g->setup_ = std::move(built.setup);
  g->state_ = std::move(built.state);
  g->layout_ = layout_of(*g->state_);
  g->agent_seed_ = seed * 0x9E3779B97F4A7C15ULL + 17;
  const auto n = static_cast<std::size_t>(g->state_->player_count());
  if (controllers.size() != n || tokens.size() != n)
    throw BadInput("the game has " + std::to_string(n) + " seats");
  for (std::size_t p = 0; p < n; ++p)
    g->seats_.push_back({tokens[p], controllers[p], built.names[p], false, ""});
  g->seed_chosen_ = seed_chosen;
  g->make_agents();
  return g;
}

std::unique_ptr<GameSession> GameSession::restore(const StoredGame& stored) {
  std::unique_ptr<GameSession> g(new GameSession);
  try {
    const json j = json::parse(stored.setup);
    g->id_ = stored.id;
    g->setup_ = j.at("setup");
    g->agent_seed_ = std::stoull(j.at("agent_seed").get<std::string>());
    g->seed_chosen_ = j.value("seed_chosen", false);
    g->state_ = state_from_setup(g->setup_);
    g->layout_ = layout_of(*g->state_);
    const auto n = static_cast<std::size_t>(g->state_->player_count());
    if (j.at("seats").size() != n)
      throw std::runtime_error("it stores " + std::to_string(j.at("seats").size()) +
                               " seats for a game of " + std::to_string(n) + " players");
    for (std::size_t p = 0; p < n; ++p) {
      const json& s = j.at("seats").at(p);
      // A name stored before names had a limit is cut to it (it goes into every message).
      g->seats_.push_back(
          {s.at("token"), s.at("controller"),
           utf8_prefix(s.at("name").get<std::string>(), hub_detail::kMaxSeatNameChars),
           s.value("claimed", true), s.value("stand_in", "")});
    }
    if (const auto t = j.find("table"); t != j.end()) {
      g->table_.listed = t->value("listed", false);
      g->table_.turn_seconds = t->value("turn_seconds", 0);
      g->table_.rematch = t->value("rematch", "");
      g->table_.rematch_of = t->value("rematch_of", "");
      g->table_.campaign = t->value("campaign", "");
      g->table_.battle = t->value("battle", 0);
    }
    // Actions chosen ahead of their players' turns (game_session_ahead.cpp): one per seat.
    if (const auto q = j.find("queued"); q != j.end() && q->is_array()) {
      for (const auto& t : *q) g->queued_.push_back(t.get<std::string>());
      g->queued_.resize(n);
    }
    g->make_agents();
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("its stored setup is unreadable: ") + e.what());
  }
  for (std::size_t i = 0; i < stored.actions.size(); ++i) {
    const auto& a = stored.actions[i];
    if (a.seq != static_cast<int>(i))
      throw std::runtime_error("stored action " + std::to_string(i) + " is missing");
    try {
      g->apply(a.player, a.text);
    } catch (const std::exception& e) {
      throw std::runtime_error("stored action " + std::to_string(i) +
                               " no longer applies: " + e.what());
    }
  }
  g->drop_closed_queued();  // one played before a crash let the setup be stored again
  return g;
}

void GameSession::limit_agents(const std::atomic<bool>* stop, double max_seconds) {
  stop_ = stop;
  max_seconds_ = max_seconds;
  for (auto& a : agents_)
    if (a) a->set_stop(stop, max_seconds);
}

void GameSession::make_agents() {
  offer_cache_.valid = false;
  ahead_cache_.valid = false;
  agents_.assign(seats_.size(), nullptr);
  for (std::size_t p = 0; p < seats_.size(); ++p) {
    const Seat& s = seats_[p];
    const std::string& spec = s.controller != "human" ? s.controller : s.stand_in;
    if (spec.empty()) continue;
    agents_[p] = make_agent(spec, agent_seed_ + p + 1);
    if (stop_ != nullptr) agents_[p]->set_stop(stop_, max_seconds_);
  }
}

void GameSession::claim(int player, const std::string& new_token) {
  Seat& s = seats_.at(static_cast<std::size_t>(player - 1));
  s.claimed = true;
  if (!new_token.empty()) s.token = new_token;
}

void GameSession::set_stand_in(int player, const std::string& agent) {
  Seat& s = seats_.at(static_cast<std::size_t>(player - 1));
  if (s.controller != "human") throw IllegalAction("the computer plays this seat");
  s.stand_in = agent;
  make_agents();
}

int GameSession::person_to_act() const {
  const int p = state_->to_act();
  return p != kNoPlayer && agents_[p - 1] == nullptr ? p : 0;
}

json GameSession::stored_setup() const {
  json seats = json::array();
  for (const auto& s : seats_)
    seats.push_back({{"token", s.token},
                     {"controller", s.controller},
                     {"name", s.name},
                     {"claimed", s.claimed},
                     {"stand_in", s.stand_in}});
  return {{"setup", setup_},
          {"seats", seats},
          {"table",
           {{"listed", table_.listed},
            {"turn_seconds", table_.turn_seconds},
            {"rematch", table_.rematch},
            {"rematch_of", table_.rematch_of},
            {"campaign", table_.campaign},
            {"battle", table_.battle}}},
          {"agent_seed", std::to_string(agent_seed_)},
          {"seed_chosen", seed_chosen_},
          {"queued", queued_}};
}

int GameSession::seat_of(const std::string& token) const {
  if (token.empty()) return 0;
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (seats_[p].token.size() == token.size() && seats_[p].token == token)
      return static_cast<int>(p) + 1;
  return 0;
}

bool GameSession::computer_to_act() const {
  const int p = state_->to_act();
  return p != kNoPlayer && agents_[p - 1] != nullptr;
}

const OfferedActions GameSession::kNothingOffered{};

const OfferedActions& GameSession::offered(int viewer, bool compact) const {
  const int p = state_->to_act();
  if (viewer == 0 || viewer != p || agents_[p - 1] != nullptr) return kNothingOffered;
  OfferCache& cache = offer_cache_;
  if (cache.valid && cache.viewer == viewer && cache.compact == compact) return cache.offered;
  cache.valid = false;
  fill_offer(cache.offered, *state_, viewer, compact, offer_seed(viewer));
  mark_losing(cache.offered, viewer);
  cache.viewer = viewer;
  cache.compact = compact;
  cache.valid = true;
  return cache.offered;
}

void GameSession::mark_losing(OfferedActions& o, int viewer) const {
  // One action ahead, from the player's own view (core/foresight.h): an action that loses the
  // game in every deal of what the player cannot see says so ("loses_at_once"), for the page
  // to warn before it. The actions sent as groups are not checked (Ancient Warfare's group
  // advances: hundreds).
  const std::vector<bool> loses = lose_at_once(
      *state_, viewer, o.texts, agent_seed_ ^ (actions_.size() * 0xD1B54A32D192ED03ULL));
  for (std::size_t i = 0; i < loses.size() && i < o.infos.size(); ++i) {
    std::string& info = o.infos[i];
    if (!loses[i] || info.size() < 2 || info.back() != '}') continue;
    info.insert(info.size() - 1,
                info.size() > 2 ? ",\"loses_at_once\":true" : "\"loses_at_once\":true");
  }
}

std::uint64_t GameSession::offer_seed(int player) const {
  // A decision that may be taken ahead is offered from a seed of its player's, the same
  // before its turn and at it; every other from the game's number of actions.
  if (state_->decides_ahead(player))
    return agent_seed_ + 0x9E37'79B9ULL * static_cast<std::uint64_t>(player);
  return agent_seed_ + actions_.size();
}

void GameSession::fill_offer(OfferedActions& out, const State& position, int viewer, bool compact,
                             std::uint64_t seed) const {
  out.texts.clear();  // the lists keep their room for the next position's
  out.infos.clear();
  out.groups.clear();
  // Compact: a move phase may offer 1,700 group advances; the game lists them by group where
  // it can, else they are sorted from their texts (only a deployment needs its units listed).
  if (compact && !position.is_over() && scripted_action(position, seed).empty() &&
      position.legal_grouped(viewer, out.texts, out.groups)) {
    out.infos.reserve(out.texts.size());
    for (const auto& t : out.texts) out.infos.push_back(position.action_info_text(t, viewer, true));
    return;
  }
  State::GroupedShape shape;
  for (auto& t : offered_actions(position, seed)) {
    if (compact && position.grouped_shape(t, viewer, shape)) {  // the game groups it
      add_to_group(out, shape, t);
      continue;
    }
    out.infos.push_back(position.action_info_text(t, viewer, true));
    out.texts.push_back(std::move(t));
  }
}

std::string GameSession::group_action(int player, std::size_t group, std::size_t choice) const {
  const OfferedActions& o = offered(player, true);
  if (group >= o.groups.size() || choice >= o.groups[group].size())
    throw IllegalAction("no such group action here (the game has moved on?)");
  return std::string(o.groups[group].text(choice));
}

json GameSession::state_message(int viewer, std::size_t log_from, const TableExtras* extras,
                                bool compact) const {
  // The reference form, built as a tree (the tests compare state_message_text with it).
  const int p = state_->to_act();
  json players = json::array();
  for (const auto& s : seats_)
    players.push_back({{"name", s.name},
                       {"controller", s.controller},
                       {"open", !s.claimed && s.controller == "human"},
                       {"stand_in", !s.stand_in.empty()},
                       {"ready", !queued(static_cast<int>(players.size()) + 1).empty()}});
  if (viewer == 0) describe_for_spectators();
  json card_notes = json::object();
  for (const auto& [card, why] : state_->card_notes(viewer)) card_notes[card] = why;
  json log = json::array();
  for (std::size_t i = std::min(log_from, actions_.size()); i < actions_.size(); ++i) {
    log.push_back(
        {{"player", actions_[i].player}, {"text", log_text_for(*state_, actions_[i], viewer)}});
    if (viewer >= 0 && viewer <= player_count() && i < described_.size()) {
      const auto v = static_cast<std::size_t>(viewer);
      log.back()["info"] = parse_kept(described_[i].info[v]);
      log.back()["events"] = parse_kept(described_[i].events[v]);
    }
  }
  const OfferedActions& o = offered(viewer, compact);
  const int w = state_->winner();
  json m = {{"type", "state"},
            {"id", id_},
            {"game", std::string(state_->game())},
            {"layout", layout_},
            {"seat", viewer},
            {"version", actions_.size()},
            {"to_act", p},
            {"over", state_->is_over()},
            {"winner", winner_json(w)},
            {"reason", state_->over_reason()},
            {"situation", state_->situation(viewer)},
            {"card_notes", card_notes},
            {"thinking", computer_to_act()},
            {"players", players},
            {"view", state_->view_json(viewer)},
            {"legal", o.texts},
            {"actions", parsed(o.infos)},
            {"ahead", ahead_json(viewer)},
            {"log_from", std::min(log_from, actions_.size())},
            {"log", log},
            {"can_undo", viewer != 0 && can_undo(viewer)},
            {"turn_seconds", table_.turn_seconds},
            {"rematch", table_.rematch.empty() ? json(nullptr) : json(table_.rematch)},
            {"campaign", table_.campaign.empty() ? json(nullptr) : json(table_.campaign)}};
  if (compact) {
    json groups = json::array();
    for (const auto& g : o.groups) {
      json choices = json::array();
      for (std::size_t i = 0; i < g.size(); ++i) {
        const auto [from, to] = g.choice(i);
        choices.push_back(std::vector<int>(from, to));
      }
      groups.push_back({{"kind", g.kind},
                        {"card", g.card.empty() ? json(nullptr) : json(g.card)},
                        {"cards", g.cards},
                        {"squares", g.squares},
                        {"choices", choices}});
      if (!g.landings.empty()) {
        json landings = json::array();
        for (const auto& q : g.landings) landings.push_back(q.empty() ? json(nullptr) : json(q));
        groups.back()["landings"] = std::move(landings);
      }
    }
    m["groups"] = groups;
  }
  if (extras != nullptr) {
    for (std::size_t i = 0; i < m["players"].size() && i < extras->presence.size(); ++i) {
      m["players"][i]["present"] = extras->presence[i].present;
      m["players"][i]["away_seconds"] = extras->presence[i].away_seconds;
    }
    m["away_grace_seconds"] = extras->away_grace_seconds;
    m["clock_left"] = extras->clock_left < 0 ? json(nullptr) : json(extras->clock_left);
  }
  return m;
}

std::string GameSession::state_message_text(int viewer, std::size_t log_from,
                                            const TableExtras* extras, bool compact) const {
  // Written in the thread's scratch string and copied out at its size (json_text: no
  // doubling of a new string's room for each message).
  return json_text(
      [&](JsonWriter& w) { write_state_message(w, viewer, log_from, extras, compact); });
}

void GameSession::write_state_message(JsonWriter& w, int viewer, std::size_t log_from,
                                      const TableExtras* extras, bool compact) const {
  const int p = state_->to_act();
  const int winner = state_->winner();
  w.begin_object();
  w.key("type").string("state");
  w.key("id").string(id_);
  w.key("game").string(state_->game());
  w.key("layout").string(layout_);
  w.key("seat").integer(viewer);
  w.key("version").integer(static_cast<std::int64_t>(actions_.size()));
  w.key("to_act").integer(p);
  w.key("over").boolean(state_->is_over());
  w.key("winner");
  if (winner == kNotOver)
    w.null();
  else if (winner == kDraw)
    w.string("draw");
  else
    w.integer(winner);
  w.key("reason").string(state_->over_reason());
  w.key("situation").begin_array();
  for (const auto& line : state_->situation(viewer)) w.string(line);
  w.end_array();
  w.key("card_notes").begin_object();
  for (const auto& [card, why] : state_->card_notes(viewer)) w.key(card).string(why);
  w.end_object();
  w.key("thinking").boolean(computer_to_act());
  write_players(w, extras);
  w.key("view").raw(view_text_of(viewer));
  write_offer(w, offered(viewer, compact), compact);
  write_ahead(w, viewer);
  write_log(w, viewer, log_from);
  w.key("can_undo").boolean(viewer != 0 && can_undo(viewer));
  w.key("turn_seconds").integer(table_.turn_seconds);
  w.key("rematch");
  table_.rematch.empty() ? w.null() : w.string(table_.rematch);
  w.key("campaign");
  table_.campaign.empty() ? w.null() : w.string(table_.campaign);
  if (extras != nullptr) {
    w.key("away_grace_seconds").number(extras->away_grace_seconds);
    w.key("clock_left");
    extras->clock_left < 0 ? w.null() : w.integer(extras->clock_left);
  }
  w.end_object();
}

void GameSession::write_players(JsonWriter& w, const TableExtras* extras) const {
  // A campaign's battle names each seat's colour (its nation's: setup "colours").
  const auto colours = setup_.find("colours");
  const bool coloured = colours != setup_.end() && colours->is_array();
  w.key("players").begin_array();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    w.begin_object();
    w.key("name").string(s.name);
    if (coloured && i < colours->size() && (*colours)[i].is_string())
      w.key("colour").string((*colours)[i].get_ref<const std::string&>());
    w.key("controller").string(s.controller);
    w.key("open").boolean(!s.claimed && s.controller == "human");
    w.key("stand_in").boolean(!s.stand_in.empty());
    w.key("ready").boolean(!queued(static_cast<int>(i) + 1).empty());
    if (extras != nullptr && i < extras->presence.size()) {
      w.key("present").boolean(extras->presence[i].present);
      w.key("away_seconds").integer(extras->presence[i].away_seconds);
    }
    w.end_object();
  }
  w.end_array();
}

void GameSession::write_groups(JsonWriter& w, const OfferedActions& o) {
  w.key("groups").begin_array();
  for (const auto& g : o.groups) {
    w.begin_object();
    w.key("kind").string(g.kind);
    w.key("card");
    if (g.card.empty())
      w.null();
    else
      w.string(g.card);
    w.key("cards").begin_array();
    for (const auto& c : g.cards) w.string(c);
    w.end_array();
    w.key("squares").begin_array();
    for (const auto& q : g.squares) w.string(q);
    w.end_array();
    if (!g.landings.empty()) {
      w.key("landings").begin_array();
      for (const auto& q : g.landings) {
        if (q.empty())
          w.null();
        else
          w.string(q);
      }
      w.end_array();
    }
    w.key("choices").begin_array();
    for (std::size_t i = 0; i < g.size(); ++i) {
      const auto [from, to] = g.choice(i);
      w.begin_array();
      for (const int* k = from; k != to; ++k) w.integer(*k);
      w.end_array();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

void GameSession::describe_for_spectators() const {
  if (spectators_described_) return;
  spectators_described_ = true;
  // The game replayed from its setup, each action described for a spectator as apply() would
  // have (the replay reaches the same states: that is how a game is restored).
  std::unique_ptr<State> st;
  try {
    st = state_from_setup(setup_);
  } catch (const std::exception&) {
    return;  // cannot happen for a game that was created or restored; the log shows nulls
  }
  for (std::size_t i = 0; i < actions_.size() && i < described_.size(); ++i) {
    const LoggedAction& a = actions_[i];
    auto next = st->clone();
    try {
      next->apply_text(a.text);
    } catch (const std::exception&) {
      return;  // likewise: every action applied when it was played
    }
    describe_for(*st, *next, a, 0, described_[i].info[0], described_[i].events[0]);
    st = std::move(next);
  }
}

void GameSession::write_log(JsonWriter& w, int viewer, std::size_t log_from) const {
  if (viewer == 0) describe_for_spectators();
  const std::size_t from = std::min(log_from, actions_.size());
  w.key("log_from").integer(static_cast<std::int64_t>(from));
  w.key("log").begin_array();
  for (std::size_t i = from; i < actions_.size(); ++i) {
    w.begin_object();
    w.key("player").integer(actions_[i].player);
    w.key("text").string(log_text_for(*state_, actions_[i], viewer));
    if (viewer >= 0 && viewer <= player_count() && i < described_.size()) {
      const auto v = static_cast<std::size_t>(viewer);
      // Kept as JSON text when the action was played ("" where it could not be: null).
      const std::string& info = described_[i].info[v];
      const std::string& events = described_[i].events[v];
      w.key("info");
      if (info.empty())
        w.null();
      else
        w.raw(info);
      w.key("events");
      if (events.empty())
        w.null();
      else
        w.raw(events);
    }
    w.end_object();
  }
  w.end_array();
}

const LoggedAction& GameSession::apply(int player, const std::string& text, const Store& store) {
  Prepared p = prepare(player, text);
  if (store) store(p.stored, p.result);  // throws: unchanged
  return accept(std::move(p));
}

GameSession::Prepared GameSession::prepare(int player, const std::string& text) const {
  if (state_->is_over()) throw IllegalAction("the game is over");
  if (player != state_->to_act())
    throw IllegalAction("it is player " + std::to_string(state_->to_act()) + "'s turn, not " +
                        std::to_string(player) + "'s");
  Prepared p;
  p.next = state_->clone();
  p.next->apply_text(text);  // throws IllegalAction: nothing changed
  p.stored = {static_cast<int>(actions_.size()), player, text};
  if (p.next->is_over()) p.result = result_json(*p.next, actions_.size() + 1).dump();
  return p;
}

const LoggedAction& GameSession::accept(Prepared&& prepared) {
  if (prepared.stored.seq != static_cast<int>(actions_.size()) || !prepared.next)
    throw std::logic_error("an action prepared from another position of game " + id_);
  std::unique_ptr<State> next = std::move(prepared.next);
  const int player = prepared.stored.player;
  const std::string& text = prepared.stored.text;
  // The action as each viewer reads it, described from the position before it, and what it
  // made happen, as each viewer may know it. Spectators' only once one has looked
  // (describe_for_spectators).
  Described d;
  d.info.resize(seats_.size() + 1);
  d.events.resize(seats_.size() + 1);
  const LoggedAction played{player, text};
  for (int viewer = spectators_described_ ? 0 : 1; viewer <= player_count(); ++viewer) {
    const auto v = static_cast<std::size_t>(viewer);
    describe_for(*state_, *next, played, viewer, d.info[v], d.events[v]);
  }
  offer_cache_.valid = false;
  ahead_cache_.valid = false;
  previous_ = std::move(state_);
  state_ = std::move(next);
  view_texts_.clear();
  last_undoable_ = -1;
  actions_.push_back({player, text});
  described_.push_back(std::move(d));
  return actions_.back();
}

std::function<std::string()> GameSession::computer_job() {
  return job_for(agents_[static_cast<std::size_t>(state_->to_act() - 1)]);
}

bool GameSession::person_plays(int player) const {
  const auto seat = static_cast<std::size_t>(player - 1);
  return player >= 1 && seat < seats_.size() && seats_[seat].controller == "human" &&
         agents_[seat] == nullptr;
}

std::size_t GameSession::agents_held_bytes() const {
  std::size_t bytes = 0;
  for (const auto& agent : agents_)
    if (agent) bytes += agent->held_bytes();
  return bytes;
}

std::function<std::string()> GameSession::default_job() {
  return job_for(make_agent("greedy", agent_seed_ + 2000 + actions_.size()));
}

std::function<std::string()> GameSession::job_for(std::shared_ptr<Agent> agent) {
  std::shared_ptr<State> st(state_->clone());
  const std::uint64_t seed = agent_seed_ + 1000 + actions_.size();
  return [st, agent, seed]() -> std::string {
    if (auto scripted = computer_scripted_action(*st, seed); !scripted.empty()) return scripted;
    // The agent waits for its next turn with its game, maybe for hours and beside thousands of
    // others: its search's tree (tens of MiB at `hard`) is given back after each decision.
    struct Release {
      Agent& agent;
      ~Release() { agent.release_memory(); }
    } release{*agent};
    const auto texts = st->legal_texts();
    if (texts.empty()) return {};
    try {
      // Step by step to a whole action (game_kinds.h).
      if (auto whole = agent_whole_action(*st, texts, *agent); !whole.empty()) return whole;
    } catch (const std::exception&) {
      // fall through: the agent failed; play a legal action rather than stall the game
    }
    return texts[seed % texts.size()];
  };
}

const std::string& GameSession::view_text_of(int viewer) const {
  if (viewer < 0 || viewer > player_count()) viewer = 0;  // no seat: what anybody may see
  const auto v = static_cast<std::size_t>(viewer);
  if (view_texts_.size() <= v) view_texts_.resize(v + 1);
  if (!view_texts_[v]) view_texts_[v] = state_->view_text(viewer);
  return *view_texts_[v];
}

bool GameSession::can_undo(int player) const {
  if (actions_.empty() || previous_ == nullptr || state_->is_over()) return false;
  const LoggedAction& last = actions_.back();
  const auto seat = static_cast<std::size_t>(player - 1);
  if (last.player != player || player < 1 || seat >= seats_.size() ||
      seats_[seat].controller != "human" || agents_[seat] != nullptr)
    return false;
  if (last_undoable_ < 0) {
    // A forced action (the only legal one: a pass the page played for its player) is not
    // taken back: it would only be played again.
    ActionList offered;
    previous_->legal_actions(offered);
    if (offered.size() <= 1) {
      last_undoable_ = 0;
      return false;
    }
    // Did the action show its player anything they could not have known? Deal the unknown
    // parts at random a dozen times, consistently with what they knew before it, play it in
    // each deal: a draw, a die or a hidden card shown gives different views.
    // The action is looked up by its text once, in the position before it, and applied as
    // such in each deal: a player's legal actions are the same in every deal consistent with
    // their view (PlayerView::legal_actions). A text that names no single legal action (a
    // group advance built in steps) is applied as text in each deal. Where the game can tell
    // that the action showed nothing hidden (State::showed_nothing_hidden), no deal is needed.
    if (state_->showed_nothing_hidden(*previous_, last.text, player)) {
      last_undoable_ = 1;
      return true;
    }
    bool same = true;
    try {
      ActionList legal;
      previous_->legal_actions(legal);
      std::optional<Action> action;
      for (const Action a : legal)
        if (previous_->action_text(a) == last.text) {
          action = a;
          break;
        }
      const auto seen = state_->view(player);
      const auto knew = previous_->view(player);
      Rng rng(agent_seed_ ^ (actions_.size() * 0x9E3779B97F4A7C15ULL));
      std::unique_ptr<State> s;
      for (int deal = 0; deal < 12 && same; ++deal) {
        knew->sample_into(s, rng);
        if (action)
          s->apply(*action);
        else
          s->apply_text(last.text);
        same = seen->same_as_view_of(*s);
      }
    } catch (const std::exception&) {
      same = false;
    }
    last_undoable_ = same ? 1 : 0;
  }
  return last_undoable_ == 1;
}

std::unique_ptr<State> GameSession::replay_to(std::size_t actions) const {
  auto st = state_from_setup(setup_);
  for (std::size_t i = 0; i < actions; ++i) st->apply_text(actions_[i].text);
  return st;
}

void GameSession::undo(int player, const std::function<void(int seq)>& remove) {
  if (!can_undo(player))
    throw IllegalAction(
        "nothing to take back: only your own last action, before it showed anything new");
  if (remove) remove(static_cast<int>(actions_.size()) - 1);  // throws: unchanged
  offer_cache_.valid = false;
  ahead_cache_.valid = false;
  view_texts_.clear();
  state_ = std::move(previous_);
  drop_closed_queued();
  actions_.pop_back();
  described_.pop_back();
  previous_ = actions_.empty() ? nullptr : replay_to(actions_.size() - 1);
  last_undoable_ = -1;
}

json GameSession::rematch_request() const {
  return same_game_request(setup_);
}

json GameSession::record() const {
  std::vector<std::string> players;
  for (const auto& s : seats_) players.push_back(s.controller);
  return game_record(setup_, players, actions_, *state_);
}

json GameSession::replay() const {
  describe_for_spectators();  // the events as everybody may read them
  auto st = state_from_setup(setup_);
  json positions = json::array({st->to_json()});
  json acts = json::array();
  for (std::size_t i = 0; i < actions_.size(); ++i) {
    const auto& a = actions_[i];
    st->apply_text(a.text);
    positions.push_back(st->to_json());
    acts.push_back({{"player", a.player}, {"action", a.text}});
    // The game is over and everything is public: the action as its player wrote it.
    if (i < described_.size() && a.player >= 0 && a.player <= player_count()) {
      acts.back()["info"] = parse_kept(described_[i].info[static_cast<std::size_t>(a.player)]);
      acts.back()["events"] = parse_kept(described_[i].events[0]);
    }
  }
  return {{"layout", layout_},
          {"positions", positions},
          {"actions", acts},
          {"reason", state_->over_reason()},
          {"winner", winner_json(state_->winner())}};
}

json GameSession::result() const {
  return result_json(*state_, actions_.size());
}

}  // namespace ancients::server
