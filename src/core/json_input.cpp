// Strict JSON parsing for everything read from outside (see json_input.h). The depth and keys
// given twice are watched in the same single pass as the parse, by nlohmann's own DOM builder
// with a depth count and each open object's keys added. (nlohmann's parser *callback* is not used:
// after every object it scans the enclosing container for discarded values, which made reading an
// array of n objects, such as a record's actions, take time quadratic in n.)
#include "core/json_input.h"

#include <fmt/format.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "core/errors.h"
#include "core/text_file.h"

namespace ancients {
namespace {

using nlohmann::json;

/// nlohmann's DOM-building SAX handler, refusing containers nested deeper than kMaxJsonDepth
/// and a key given twice in one object (the DOM would keep the last: a hand-edited map with
/// "d9" twice in its terrain lost one line without a word). json::sax_parse calls the handler
/// through its own type, so these members replace the base's.
class StrictDomParser : public nlohmann::detail::json_sax_dom_parser<json> {
  using Base = nlohmann::detail::json_sax_dom_parser<json>;

 public:
  StrictDomParser(json& result, const std::string& where) : Base(result), where_(where) {}

  bool null() { return counted(Base::null()); }
  bool boolean(bool v) { return counted(Base::boolean(v)); }
  bool number_integer(number_integer_t v) { return counted(Base::number_integer(v)); }
  bool number_unsigned(number_unsigned_t v) { return counted(Base::number_unsigned(v)); }
  bool number_float(number_float_t v, const string_t& s) {
    return counted(Base::number_float(v, s));
  }
  bool string(string_t& v) { return counted(Base::string(v)); }
  bool binary(binary_t& v) { return counted(Base::binary(v)); }
  bool start_object(std::size_t elements) {
    enter(false);
    return Base::start_object(elements);
  }
  bool key(string_t& k) {
    Frame& f = frames_[depth_ - 1];
    if (!f.keys.insert(k).second)
      throw BadInput(fmt::format("{}: {}\"{}\" is given twice", where_, path(), k));
    f.key = k;
    return Base::key(k);
  }
  bool end_object() {
    --depth_;
    return counted(Base::end_object());
  }
  bool start_array(std::size_t elements) {
    enter(true);
    return Base::start_array(elements);
  }
  bool end_array() {
    --depth_;
    return counted(Base::end_array());
  }

 private:
  /// An open container: an array counts its values (for the path of an error), an object keeps
  /// its keys. Frames are kept when closed, so that their room serves the next container.
  struct Frame {
    bool array = false;
    std::size_t index = 0;
    std::unordered_set<std::string> keys;
    std::string key;
  };

  /// `depth_` counts the containers around the one being started (0 for the outermost).
  void enter(bool array) {
    if (depth_ >= kMaxJsonDepth)
      throw BadInput(
          fmt::format("{}: JSON nested more than {} levels deep", where_, kMaxJsonDepth));
    if (frames_.size() == depth_) frames_.emplace_back();
    Frame& f = frames_[depth_++];
    f.array = array;
    f.index = 0;
    f.keys.clear();
  }
  /// A value ended: the next one of an array has the next index.
  bool counted(bool ok) {
    if (depth_ > 0 && frames_[depth_ - 1].array) ++frames_[depth_ - 1].index;
    return ok;
  }
  /// Where the object being read lies: "terrain: ", "features[1]: ", "" at the top.
  std::string path() const {
    std::string out;
    for (std::size_t i = 0; i + 1 < depth_; ++i)
      out += frames_[i].array ? fmt::format("[{}]", frames_[i].index)
                              : (out.empty() ? "" : ".") + frames_[i].key;
    return out.empty() ? out : out + ": ";
  }

  const std::string& where_;
  std::size_t depth_ = 0;
  std::vector<Frame> frames_;
};

}  // namespace

nlohmann::json parse_json_input(std::string_view text, const std::string& where) {
  try {
    json result;
    StrictDomParser builder(result, where);
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
