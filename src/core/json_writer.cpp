// The JSON writers: text straight into a string, or the same calls as a tree (json_writer.h).
#include "core/json_writer.h"

#include <charconv>
#include <cmath>

namespace ancients {

void append_json_string(std::string& out, std::string_view s) {
  if (json_plain(s)) {
    out += '"';
    out += s;
    out += '"';
    return;
  }
  // Escapes, multi-byte characters and invalid bytes: exactly as safe_dump writes them.
  out +=
      nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void JsonWriter::append_escaped(std::string_view s) {
  append_json_string(out_, s);
}

JsonWriter& JsonWriter::integer(std::int64_t n) {
  char buf[24];
  char* p = buf;
  if (const char comma = separator(); comma != 0) *p++ = comma;
  p = std::to_chars(p, buf + sizeof buf, n).ptr;
  // A length, not an end pointer: append(first, last) takes std::string's general replace
  // path, several times slower for a group's thousands of small indices.
  out_.append(buf, static_cast<std::size_t>(p - buf));
  return *this;
}

JsonWriter& JsonWriter::number(double d) {
  separate();
  if (!std::isfinite(d)) {
    out_ += "null";  // as nlohmann writes NaN and infinities
    return *this;
  }
  out_ += nlohmann::json(d).dump();
  return *this;
}

JsonWriter& JsonWriter::null() {
  separate();
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::tree(const nlohmann::json& j) {
  separate();
  out_ += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json_text) {
  separate();
  out_ += json_text;
  return *this;
}

nlohmann::json& JsonTreeWriter::place(nlohmann::json v) {
  if (stack_.empty()) {
    root_ = std::move(v);
    return root_;
  }
  nlohmann::json& top = *stack_.back();
  if (top.is_object()) {
    nlohmann::json& slot = top[key_];
    slot = std::move(v);
    return slot;
  }
  top.push_back(std::move(v));
  return top.back();
}

}  // namespace ancients
