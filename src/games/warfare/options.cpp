// Reading and writing the options of an Ancient Warfare game (see options.h).
#include "games/warfare/options.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::warfare {

nlohmann::json options_to_json(const Options& o) {
  return {{"board", o.board}, {"turn_limit", o.turn_limit}, {"defend_autokill", o.defend_autokill}};
}

Options options_from_json(const nlohmann::json& j) {
  Options o;
  if (j.is_null()) return o;
  if (!j.is_object()) throw BadInput("options: expected an object");
  for (const auto& [key, value] : j.items()) {
    if (key == "board") {
      if (!value.is_number_integer() ||
          (value.get<long long>() != 8 && value.get<long long>() != 12))
        throw BadInput("options.board: must be 8 or 12");
      o.board = value.get<int>();
    } else if (key == "turn_limit") {
      if (!value.is_number_integer() || value.get<long long>() < 1 ||
          value.get<long long>() > 100000)
        throw BadInput("options.turn_limit: must be an integer from 1 to 100000");
      o.turn_limit = value.get<int>();
    } else if (key == "defend_autokill") {
      if (!value.is_boolean()) throw BadInput("options.defend_autokill: must be true or false");
      o.defend_autokill = value.get<bool>();
    } else {
      throw BadInput(fmt::format("options: unknown option \"{}\"", key));
    }
  }
  return o;
}

}  // namespace ancients::warfare
