// Decisions taken ahead of a player's turn (GameSession::queue and its kin): where the game says
// a player's next decision does not depend on what the players before it decide
// (State::decides_ahead, Ancient Warfare's hidden deployment), that player's person is offered
// it at once, from the position the game gives for it, and the action they choose is kept
// (stored with the game's setup before it is acknowledged) and played when their turn comes.
// So every army of a multiplayer battle is deployed at the same time, as the rules say
// (multiplayer.md: "hidden and simultaneous"), and no one waits for the others' arranging.
#include <utility>

#include "core/errors.h"
#include "core/json_writer.h"
#include "server/game_session.h"

namespace ancients::server {

using nlohmann::json;

bool GameSession::may_decide_ahead(int player) const {
  return player >= 1 && player <= player_count() && player != state_->to_act() &&
         !state_->is_over() && agents_[static_cast<std::size_t>(player - 1)] == nullptr &&
         state_->decides_ahead(player);
}

const OfferedActions& GameSession::offered_ahead(int viewer) const {
  if (!may_decide_ahead(viewer)) return kNothingOffered;
  OfferCache& cache = ahead_cache_;
  if (cache.valid && cache.viewer == viewer) return cache.offered;
  cache.valid = false;
  const std::unique_ptr<State> position = state_->ahead_position(viewer);
  if (!position) return kNothingOffered;
  // Never grouped: a deployment is one action (its units listed), and a client that asked for
  // the compact form reads an ungrouped list as well.
  fill_offer(cache.offered, *position, viewer, false, offer_seed(viewer));
  cache.viewer = viewer;
  cache.compact = false;
  cache.valid = true;
  return cache.offered;
}

const std::string& GameSession::queued(int player) const {
  static const std::string kNone;
  if (player < 1 || static_cast<std::size_t>(player) > queued_.size()) return kNone;
  return queued_[static_cast<std::size_t>(player - 1)];
}

void GameSession::queue(int player, const std::string& text,
                        const std::function<void(const json& setup)>& store) {
  if (!may_decide_ahead(player))
    throw IllegalAction(player == state_->to_act() ? "it is your turn: play the action itself"
                                                   : "nothing can be decided before your turn now");
  const std::unique_ptr<State> position = state_->ahead_position(player);
  if (!position) throw IllegalAction("nothing can be decided before your turn now");
  position->apply_text(text);  // throws IllegalAction or BadInput: nothing changed
  // A whole decision only: a part of one (a single unit placed) would leave the rest to a turn
  // the player does not see coming.
  if (!position->is_over() && position->to_act() == player && position->decides_ahead(player))
    throw IllegalAction("\"" + text + "\" is only part of the decision: send all of it");
  queued_.resize(seats_.size());
  std::string& slot = queued_[static_cast<std::size_t>(player - 1)];
  const std::string before = slot;
  slot = text;
  if (store) {
    try {
      store(stored_setup());
    } catch (...) {
      slot = before;
      throw;
    }
  }
}

void GameSession::drop_closed_queued() {
  for (std::size_t p = 0; p < queued_.size(); ++p)
    if (!queued_[p].empty() && !state_->decides_ahead(static_cast<int>(p) + 1)) queued_[p].clear();
}

std::string GameSession::take_queued() {
  drop_closed_queued();
  const int p = state_->to_act();
  if (state_->is_over() || p < 1 || static_cast<std::size_t>(p) > queued_.size()) return "";
  return std::exchange(queued_[static_cast<std::size_t>(p - 1)], std::string());
}

void GameSession::write_offer(JsonWriter& w, const OfferedActions& o, bool compact) const {
  w.key("legal").begin_array();
  for (const auto& t : o.texts) w.string(t);
  w.end_array();
  w.key("actions").begin_array();
  for (const auto& info : o.infos) w.raw(info);
  w.end_array();
  if (compact) write_groups(w, o);
}

void GameSession::write_ahead(JsonWriter& w, int viewer) const {
  w.key("ahead");
  const OfferedActions& o = offered_ahead(viewer);
  if (o.texts.empty()) {
    w.null();
    return;
  }
  w.begin_object();
  write_offer(w, o, false);
  w.key("queued");
  const std::string& q = queued(viewer);
  q.empty() ? w.null() : w.string(q);
  w.key("queued_info");
  q.empty() ? w.null() : w.raw(queued_info(viewer));
  w.end_object();
}

json GameSession::ahead_json(int viewer) const {
  const OfferedActions& o = offered_ahead(viewer);
  if (o.texts.empty()) return nullptr;
  json actions = json::array();
  for (const auto& info : o.infos) actions.push_back(json::parse(info));
  const std::string& q = queued(viewer);
  return {{"legal", o.texts},
          {"actions", actions},
          {"queued", q.empty() ? json(nullptr) : json(q)},
          {"queued_info", q.empty() ? json(nullptr) : json::parse(queued_info(viewer))}};
}

std::string GameSession::queued_info(int viewer) const {
  const std::unique_ptr<State> position = state_->ahead_position(viewer);
  return position ? position->action_info_text(queued(viewer), viewer, true) : "null";
}

}  // namespace ancients::server
