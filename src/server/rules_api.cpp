// The rules books over HTTP (see rules_api.h).
#include "server/rules_api.h"

#include <fmt/format.h>

#include "core/errors.h"
#include "core/json_input.h"
#include "core/registry.h"

namespace ancients::server {

using nlohmann::json;

HttpAnswer rules_api(const std::string& body) {
  try {
    const json req = parse_json_input(body, "the request");
    if (!req.is_object()) throw BadInput("the request must be a JSON object");
    for (const auto& [key, value] : req.items())
      if (key != "game" && key != "options")
        throw BadInput(fmt::format("unknown field \"{}\"", key.substr(0, 40)));
    if (!req.contains("game") || !req["game"].is_string())
      throw BadInput("\"game\" must name a game");
    const json options = req.value("options", json::object());
    if (!options.is_object()) throw BadInput("\"options\" must be an object");
    return {200, safe_dump(rules_book(req["game"].get<std::string>(), options))};
  } catch (const BadInput& e) {
    return {400, safe_dump(json{{"error", e.what()}})};
  }
}

}  // namespace ancients::server
