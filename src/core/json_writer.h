// A small JSON writer that appends straight to a string, for the server's hot path (the state
// message of every action, the games' views in it): no intermediate nlohmann::json tree.
// Strings are escaped as JSON requires; text that is not valid UTF-8 is written as nlohmann's
// error_handler_t::replace writes it (U+FFFD), so the writer never throws on hostile bytes and
// agrees with safe_dump. JsonTreeWriter takes the same calls and builds a tree instead, so that
// one function template writes a value both ways (a game's position and views).
#pragma once

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace ancients {

/// Whether a byte may stand in a JSON string as itself (printable ASCII but '"' and '\\').
inline constexpr auto kJsonPlainByte = [] {
  struct Table {
    bool plain[256];
  } t{};
  for (int c = 0x20; c < 0x80; ++c) t.plain[c] = c != '"' && c != '\\';
  return t;
}();

/// Whether every byte of `s` may stand in a JSON string as itself (one table look-up a byte).
inline bool json_plain(std::string_view s) {
  for (const char ch : s)
    if (!kJsonPlainByte.plain[static_cast<unsigned char>(ch)]) return false;
  return true;
}

/// A key or string written in the source as a literal, checked as it is compiled (plain
/// bytes only): JsonWriter copies it whole without looking at its bytes. It points at the
/// literal itself, so that a copy is a few moves of a size known where the call is inlined
/// (a copy of the text into the argument, then out of it, stalled the stores: 2026-11-29).
struct JsonLiteral {
  template <std::size_t N>
  consteval JsonLiteral(const char (&s)[N]) : text(s), size(N - 1) {  // NOLINT: a literal converts
    for (std::size_t i = 0; i + 1 < N; ++i)
      if (!kJsonPlainByte.plain[static_cast<unsigned char>(s[i])])
        throw "a JSON literal has plain bytes only (no quote, backslash or control byte)";
  }
  const char* text;
  std::size_t size;
};

/// Anything but a literal that reads as a string_view (a literal is a JsonLiteral).
template <class S>
concept JsonText =
    !std::is_array_v<std::remove_cvref_t<S>> && std::is_convertible_v<const S&, std::string_view>;

/// Appends JSON text to a string; commas between members and elements are placed by itself.
/// The calls a view or a message makes by the thousand (keys, short strings, separators) are
/// inline and write straight into room kept past the text: the string is grown ahead (its
/// size is the room, `used_` the text) and cut to the text whenever a whole top-level value
/// is written, and when the writer goes. A key is a table look-up a byte and no call.
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out), used_(out.size()), base_(used_) {}
  ~JsonWriter() { finish(); }
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  /// The key of the next member of the object being written.
  [[gnu::always_inline]] JsonWriter& key(JsonLiteral name) {
    put_literal(separator(), name, ':');
    after_key_ = true;
    return *this;
  }
  template <JsonText S>
  JsonWriter& key(const S& text) {
    const std::string_view name(text);
    const char comma = separator();
    if (!put_plain(comma, name, ':')) {
      if (comma != 0) put(comma);
      append_escaped(name);
      put(':');
    }
    after_key_ = true;
    return *this;
  }

  [[gnu::always_inline]] JsonWriter& string(JsonLiteral s) {
    put_literal(separator(), s, 0);
    return written();
  }
  template <JsonText S>
  JsonWriter& string(const S& text) {
    const std::string_view s(text);
    const char comma = separator();
    if (!put_plain(comma, s, 0)) {
      if (comma != 0) put(comma);
      append_escaped(s);
    }
    return written();
  }
  JsonWriter& integer(std::int64_t n);
  JsonWriter& number(double d);
  JsonWriter& boolean(bool b) {
    separate();
    put(b ? std::string_view("true") : std::string_view("false"));
    return written();
  }
  JsonWriter& null();
  /// A tree written as safe_dump writes it (for the parts that come from a game as a tree).
  JsonWriter& tree(const nlohmann::json& j);
  /// Text that is already one whole JSON value (e.g. kept from safe_dump).
  JsonWriter& raw(std::string_view json_text);

 private:
  JsonWriter& open(char c) {
    separate();
    put(c);
    if (depth_ < 64)
      started_ &= ~(std::uint64_t{1} << depth_);
    else
      deep_started_.push_back(false);
    ++depth_;
    return *this;
  }
  JsonWriter& close(char c) {
    put(c);
    --depth_;
    if (depth_ >= 64) deep_started_.pop_back();
    return written();
  }
  /// After a value: a whole top-level value makes the string exactly the text.
  JsonWriter& written() {
    if (depth_ == 0) finish();
    return *this;
  }
  /// Cuts the string to the text written (the room past it goes).
  void finish() {
    if (out_.size() != used_) out_.resize(used_);
  }
  /// At least `n` bytes of room past the text; where the next byte goes.
  char* room(std::size_t n) {
    if (out_.size() - used_ < n) grow(n);
    return out_.data() + used_;
  }
  void grow(std::size_t n);
  void put(char c) {
    *room(1) = c;
    ++used_;
  }
  void put(std::string_view s) {
    if (s.empty()) return;
    std::memcpy(room(s.size()), s.data(), s.size());
    used_ += s.size();
  }
  /// Writes the comma before a value or key when one is due.
  void separate() {
    if (const char comma = separator(); comma != 0) put(comma);
  }
  /// The comma due before a value or key (0: none), counted as written.
  [[gnu::always_inline]] char separator() {
    if (after_key_) {
      after_key_ = false;
      return 0;
    }
    if (depth_ == 0) return 0;
    const int d = depth_ - 1;
    if (d < 64) {
      const std::uint64_t bit = std::uint64_t{1} << d;
      const bool started = (started_ & bit) != 0;
      started_ |= bit;
      return started ? ',' : 0;
    }
    const bool started = deep_started_.back();
    deep_started_.back() = true;
    return started ? ',' : 0;
  }
  /// Writes `lead` (0: none), `"s"` and `tail` (0: none) when s needs no escape, and says
  /// whether it did (nothing counted as written otherwise): s is checked while it is copied.
  bool put_plain(char lead, std::string_view s, char tail) {
    char* const start = room(s.size() + 4);
    char* p = start;
    if (lead != 0) *p++ = lead;
    *p++ = '"';
    bool plain = true;
    for (const char c : s) {
      plain &= kJsonPlainByte.plain[static_cast<unsigned char>(c)];
      *p++ = c;
    }
    if (!plain) return false;
    *p++ = '"';
    if (tail != 0) *p++ = tail;
    used_ += static_cast<std::size_t>(p - start);
    return true;
  }
  /// Writes `lead` (0: none), the literal in quotes and `tail` (0: none).
  [[gnu::always_inline]] void put_literal(char lead, const JsonLiteral& s, char tail) {
    char* const start = room(s.size + 4);
    char* p = start;
    if (lead != 0) *p++ = lead;
    *p++ = '"';
    std::memcpy(p, s.text, s.size);
    p += s.size;
    *p++ = '"';
    if (tail != 0) *p++ = tail;
    used_ += static_cast<std::size_t>(p - start);
  }
  /// A string with escapes, multi-byte characters or invalid bytes (as safe_dump writes it).
  void append_escaped(std::string_view s);

  std::string& out_;
  std::size_t used_;  ///< the text's length; out_.size() past it is room
  std::size_t base_;  ///< the string's length when this writer began
  int depth_ = 0;     ///< open containers
  /// Per open container (bit d: depth d, the first 64): something was written in it.
  std::uint64_t started_ = 0;
  std::vector<bool> deep_started_;  ///< the same for containers deeper than 64
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

/// A string to write JSON text into, kept by the thread between uses: its room is grown once,
/// not for every text, and the text is then copied out at its own size (`take`). Texts
/// written inside others (a view inside a state message) take the thread's next string;
/// past a few levels, a string of their own. Scratches end in the reverse order of their
/// start (they live on the stack).
class JsonScratch {
 public:
  JsonScratch();
  ~JsonScratch();
  JsonScratch(const JsonScratch&) = delete;
  JsonScratch& operator=(const JsonScratch&) = delete;
  std::string& text() { return *text_; }
  /// The text written, as a string of its own size.
  std::string take() const { return std::string(*text_); }

 private:
  std::string own_;
  std::string* text_;
  bool claimed_ = false;  ///< whether text_ is one of the thread's strings
};

/// What `write(w)` writes, as JSON text (written in the thread's scratch string, so the many
/// short texts, an offered action's description or its events, cost one allocation each of
/// their own size).
template <class Write>
std::string json_text(Write&& write) {
  JsonScratch scratch;
  {
    JsonWriter w(scratch.text());
    write(w);
  }
  return scratch.take();
}

}  // namespace ancients
