// The JSON writers: text straight into a string, or the same calls as a tree (json_writer.h).
#include "core/json_writer.h"

#include <charconv>
#include <cmath>

namespace ancients {

namespace {

/// Whether every byte is printable ASCII that needs no escape (the common case: one pass).
bool plain_ascii(std::string_view s) {
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return false;
  }
  return true;
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  if (plain_ascii(s)) {
    out += '"';
    out += s;
    out += '"';
    return;
  }
  // Escapes, multi-byte characters and invalid bytes: exactly as safe_dump writes them.
  out +=
      nlohmann::json(std::string(s)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

JsonWriter& JsonWriter::key(std::string_view name) {
  separate();
  append_json_string(out_, name);
  out_ += ':';
  after_key_ = true;
  return *this;
}

void JsonWriter::separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (first_.empty()) return;
  if (!first_.back()) out_ += ',';
  first_.back() = false;
}

JsonWriter& JsonWriter::open(char c) {
  separate();
  out_ += c;
  first_.push_back(true);
  return *this;
}

JsonWriter& JsonWriter::close(char c) {
  out_ += c;
  first_.pop_back();
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view s) {
  separate();
  append_json_string(out_, s);
  return *this;
}

JsonWriter& JsonWriter::integer(std::int64_t n) {
  separate();
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out_.append(buf, r.ptr);
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

JsonWriter& JsonWriter::boolean(bool b) {
  separate();
  out_ += b ? "true" : "false";
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
