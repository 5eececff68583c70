// One campaign day on the server, without any networking (docs/server.md, "Campaigns"): the
// campaign's state (the season's hidden orders included, which never leave the server whole),
// the organiser's and each nation's secret token, the games its battles are played in, what
// each participant may see, and what each may do (a nation gives its own orders and offers or
// accepts contingents; the organiser does everything, results and the next phase included).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "campaign/state.h"

namespace ancients::server {

/// A battle of the campaign played as a game on this server: its id and each player's seat
/// token (empty for a computer seat), in the game's player order.
struct CampaignBattleGame {
  std::string game;
  std::vector<std::string> nations, tokens;
};

/// How many times a season one nation may be handed to the computer or back to its player
/// (`computer NATION`, `human NATION`): twice each way.
inline constexpr int kMostHandOversASeason = 4;

class CampaignSession {
 public:
  /// A new campaign of a bundled scenario (`scenario_id` names it in the lobby).
  static std::unique_ptr<CampaignSession> create(const std::string& id,
                                                 const std::string& scenario_id,
                                                 const campaign::Scenario& scenario);
  /// Rebuilds a stored campaign; its actions are replayed and must give the stored state.
  /// Throws std::runtime_error naming what is damaged.
  static std::unique_ptr<CampaignSession> restore(const std::string& id, const std::string& data);

  const std::string& id() const { return id_; }
  /// The data to store (server-side only: it holds the tokens and the hidden orders), with
  /// the campaign's state now or a state about to be committed.
  nlohmann::json stored() const { return stored(state_); }
  nlohmann::json stored(const campaign::CampaignState& with) const;
  /// "organiser", a nation's id, or "" (a spectator) for a token.
  std::string role_of(const std::string& token) const;
  const std::string& organiser_token() const { return organiser_token_; }
  const std::string& token_of(const std::string& nation) const { return tokens_.at(nation); }
  const campaign::CampaignState& state() const { return state_; }

  /// What `role` may see: everything but the other nations' orders before they are revealed,
  /// and the seat links of its own battles (the organiser: every battle's, and every nation's
  /// campaign link, to hand out again); each battle's allies that may offer a contingent now.
  nlohmann::json view(const std::string& role) const;
  /// What happened in an ended season of a map campaign, for everyone (docs/server.md,
  /// "campaign_season"): the stored actions replayed to the season's end, as the terminal's
  /// `campaign show --season N` does: the map after it (holders, field armies), its battles
  /// with their results, its chronicle, the alliances, prestige and standings then. Public
  /// things only: no orders, tokens or seat links. Throws IllegalAction for a season that has
  /// not ended, or a historical sequence (it has no seasons).
  nlohmann::json season_view(int season) const;
  /// The state after `role`'s action (and the computer's orders that then fall due); throws
  /// IllegalAction when the role may not do it or the campaign refuses it. Nothing changes
  /// until commit().
  campaign::CampaignState after(const std::string& role, const std::string& action) const;
  void commit(campaign::CampaignState next) { state_ = std::move(next); }

  std::map<int, CampaignBattleGame>& battle_games() { return battle_games_; }
  const std::map<int, CampaignBattleGame>& battle_games() const { return battle_games_; }

 private:
  CampaignSession() = default;
  std::string id_, scenario_id_;
  campaign::CampaignState state_;
  std::string organiser_token_;
  std::map<std::string, std::string> tokens_;  ///< nation -> token
  std::map<int, CampaignBattleGame> battle_games_;
  /// Seeds the computer's orders for absent nations: 64 random bits drawn when the campaign is
  /// made, stored, never sent. Campaigns stored without it use the hash of their id, which is
  /// public (the watch link): anyone could work out the computer's hidden orders before they
  /// were revealed.
  std::uint64_t computer_seed_ = 0;
};

/// The bundled scenarios (data/campaigns/*.toml) for the lobby: id, title, kind, era, notes,
/// seasons and nations.
nlohmann::json bundled_scenarios();
/// A bundled scenario by id; throws BadInput for an unknown one.
campaign::Scenario bundled_scenario(const std::string& id);

}  // namespace ancients::server
