// Ancient Warfare's descriptor: the option schema (edition, board, turn limit, defend_autokill,
// the German house rules, each side's army and the map) and the factory that turns resolved
// option values and a seed into a game (see core/game_descriptor.h). Armies and maps are the
// bundled files by name, "random" / "generated", an inline JSON object, or (on the command line
// only) a file path; the resolved values name the army drawn and hold loaded files inline, so
// options and seed rebuild the game anywhere.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/game_descriptor.h"
#include "games/warfare/setup.h"

namespace ancients::warfare {

/// The option schema of Ancient Warfare.
OptionSchema option_schema();

/// The set-up that resolved options (every option present, as resolve_options returns them)
/// and a seed give. When `resolved` is not null it receives the options with "random" armies
/// replaced by the army drawn and file paths by the data read. Throws BadInput.
GameSetup setup_from_options(const nlohmann::json& options, std::uint64_t seed,
                             const OptionContext& context, nlohmann::json* resolved = nullptr);

/// The whole descriptor, as registered.
GameDescriptor descriptor();

}  // namespace ancients::warfare
