// A small JSON writer that appends straight to a string, for the server's hot path (the state
// message of every action, the games' views in it): no intermediate nlohmann::json tree.
// Strings are escaped as JSON requires; text that is not valid UTF-8 is written as nlohmann's
// error_handler_t::replace writes it (U+FFFD), so the writer never throws on hostile bytes and
// agrees with safe_dump. JsonTreeWriter takes the same calls and builds a tree instead, so that
// one function template writes a value both ways (a game's position and views).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ancients {

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

/// The same calls as JsonWriter, building an nlohmann::json tree into `root`.
class JsonTreeWriter {
 public:
  explicit JsonTreeWriter(nlohmann::json& root) : root_(root) {}

  JsonTreeWriter& begin_object() { return open(nlohmann::json::object()); }
  JsonTreeWriter& end_object() { return close(); }
  JsonTreeWriter& begin_array() { return open(nlohmann::json::array()); }
  JsonTreeWriter& end_array() { return close(); }
  JsonTreeWriter& key(std::string_view name) {
    key_ = name;
    return *this;
  }
  JsonTreeWriter& string(std::string_view s) { return value(std::string(s)); }
  JsonTreeWriter& integer(std::int64_t n) { return value(n); }
  JsonTreeWriter& number(double d) { return value(d); }
  JsonTreeWriter& boolean(bool b) { return value(b); }
  JsonTreeWriter& null() { return value(nullptr); }
  JsonTreeWriter& tree(const nlohmann::json& j) { return value(j); }

 private:
  /// Where the next value goes: the root, the open object's member named by the last key, or
  /// the end of the open array (a pointer into an array stays valid: only the innermost
  /// container grows while it is open).
  nlohmann::json& place(nlohmann::json v);
  JsonTreeWriter& value(nlohmann::json v) {
    place(std::move(v));
    return *this;
  }
  JsonTreeWriter& open(nlohmann::json container) {
    stack_.push_back(&place(std::move(container)));
    return *this;
  }
  JsonTreeWriter& close() {
    stack_.pop_back();
    return *this;
  }

  nlohmann::json& root_;
  std::vector<nlohmann::json*> stack_;
  std::string key_;
};

/// `s` as a JSON string literal (quotes included), escaped; invalid UTF-8 becomes U+FFFD.
void append_json_string(std::string& out, std::string_view s);

/// What `write(w)` writes, as a tree: for the functions that write one value both ways.
template <class Write>
nlohmann::json json_tree(Write&& write) {
  nlohmann::json j;
  JsonTreeWriter w(j);
  write(w);
  return j;
}

/// What `write(w)` writes, as JSON text (`reserve`: the bytes to make room for first).
template <class Write>
std::string json_text(Write&& write, std::size_t reserve = 0) {
  std::string out;
  out.reserve(reserve);
  JsonWriter w(out);
  write(w);
  return out;
}

}  // namespace ancients
