// A small JSON writer that appends straight to a string, for the server's hot path (the state
// message of every action): no intermediate nlohmann::json tree. Strings are escaped as JSON
// requires; text that is not valid UTF-8 is written as nlohmann's error_handler_t::replace
// writes it (U+FFFD), so the writer never throws on hostile bytes and agrees with safe_dump.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ancients::server {

/// Appends JSON text to a string; commas between members and elements are placed by itself.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  /// The key of the next member of the object being written.
  JsonWriter& key(std::string_view name);

  JsonWriter& string(std::string_view s);
  JsonWriter& integer(std::int64_t n);
  JsonWriter& number(double d);
  JsonWriter& boolean(bool b);
  JsonWriter& null();
  /// A tree written as safe_dump writes it (for the parts that come from a game as a tree).
  JsonWriter& tree(const nlohmann::json& j);
  /// Text that is already one whole JSON value (e.g. kept from safe_dump).
  JsonWriter& raw(std::string_view json_text);

 private:
  JsonWriter& open(char c);
  JsonWriter& close(char c);
  /// Writes the comma before a value or key when one is due.
  void separate();

  std::string& out_;
  std::vector<bool> first_;  ///< per open container: nothing written in it yet
  bool after_key_ = false;
};

/// `s` as a JSON string literal (quotes included), escaped; invalid UTF-8 becomes U+FFFD.
void append_json_string(std::string& out, std::string_view s);

}  // namespace ancients::server
