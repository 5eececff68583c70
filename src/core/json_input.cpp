// Depth-checked JSON parsing for everything read from outside (see json_input.h). The depth is
// watched in the same single pass as the parse, by nlohmann's own DOM builder with a depth count
// added. (nlohmann's parser *callback* is not used: after every object it scans the enclosing
// container for discarded values, which made reading an array of n objects, such as a record's
// actions, take time quadratic in n.)
#include "core/json_input.h"

#include <fmt/format.h>

#include "core/errors.h"
#include "core/text_file.h"

namespace ancients {
namespace {

using nlohmann::json;

/// nlohmann's DOM-building SAX handler, refusing containers nested deeper than kMaxJsonDepth.
/// json::sax_parse calls the handler through its own type, so these members replace the base's.
class DepthLimitedDomParser : public nlohmann::detail::json_sax_dom_parser<json> {
  using Base = nlohmann::detail::json_sax_dom_parser<json>;

 public:
  DepthLimitedDomParser(json& result, const std::string& where) : Base(result), where_(where) {}

  bool start_object(std::size_t elements) {
    enter();
    return Base::start_object(elements);
  }
  bool end_object() {
    --depth_;
    return Base::end_object();
  }
  bool start_array(std::size_t elements) {
    enter();
    return Base::start_array(elements);
  }
  bool end_array() {
    --depth_;
    return Base::end_array();
  }

 private:
  /// `depth_` counts the containers around the one being started (0 for the outermost).
  void enter() {
    if (depth_ >= kMaxJsonDepth)
      throw BadInput(
          fmt::format("{}: JSON nested more than {} levels deep", where_, kMaxJsonDepth));
    ++depth_;
  }

  const std::string& where_;
  int depth_ = 0;
};

}  // namespace

nlohmann::json parse_json_input(std::string_view text, const std::string& where) {
  try {
    json result;
    DepthLimitedDomParser builder(result, where);
    json::sax_parse(text, &builder);
    return result;
  } catch (const json::exception& e) {
    throw BadInput(fmt::format("{}: not valid JSON ({})", where, e.what()));
  }
}

nlohmann::json read_json_input_file(const std::string& path) {
  return parse_json_input(read_text_file(path), path);
}

}  // namespace ancients
