// lose_at_once (foresight.h): each action played in the same deals of the player's view, the
// first deal first; a deal where it does not lose ends its check (most actions lose in none, so
// most cost one deal).
#include "core/foresight.h"

#include <exception>
#include <memory>

namespace ancients {

std::vector<bool> lose_at_once(const State& state, int player,
                               const std::vector<std::string>& texts, std::uint64_t seed, int deals,
                               std::size_t limit) {
  std::vector<bool> out(texts.size(), false);
  if (texts.empty() || texts.size() > limit || deals < 1 || state.is_over() ||
      state.to_act() != player)
    return out;
  // The deals, drawn once from what the player knows: the true state's hidden parts are never
  // read (its own view is all that is dealt from).
  const std::unique_ptr<PlayerView> view = state.view(player);
  Rng rng(seed);
  std::vector<std::unique_ptr<State>> dealt(static_cast<std::size_t>(deals));
  std::unique_ptr<State> played;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    bool loses = true;
    for (std::size_t d = 0; d < dealt.size() && loses; ++d) {
      if (!dealt[d]) view->sample_into(dealt[d], rng);  // drawn when first needed, in order
      dealt[d]->copy_into(played);
      try {
        played->apply_text(texts[i]);
        loses = played->is_over() && played->returns(player) < 0;
      } catch (const std::exception&) {
        loses = false;  // not playable in this deal: nothing is claimed
      }
    }
    out[i] = loses;
  }
  return out;
}

}  // namespace ancients
