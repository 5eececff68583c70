// The JSON writers: text straight into a string, or the same calls as a tree (json_writer.h).
#include "core/json_writer.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace ancients {

namespace {
/// Each thread's scratch strings for JSON text, one per level of texts written inside others
/// (a state message, a view in it, an offered action's description), and how many are held.
constexpr int kScratchLevels = 4;
thread_local std::array<std::string, kScratchLevels> scratch_texts;
thread_local int scratch_held = 0;
/// Past this capacity a scratch string is given back after a use (a rare huge text).
constexpr std::size_t kScratchKeep = 256 * 1024;
}  // namespace

JsonScratch::JsonScratch() : text_(&own_) {
  if (scratch_held < kScratchLevels) {
    text_ = &scratch_texts[static_cast<std::size_t>(scratch_held++)];
    text_->clear();
    claimed_ = true;
  }
}

JsonScratch::~JsonScratch() {
  if (!claimed_) return;
  if (text_->capacity() > kScratchKeep) std::string().swap(*text_);
  --scratch_held;
}

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

void JsonWriter::grow(std::size_t n) {
  // The room doubles what this writer has written (at least 1 KiB): resize writes a zero to
  // every byte of it, so room beyond that would be zeroed for nothing, and zeroed again after
  // each cut (a writer appending to a long string, or several top-level values). The string's
  // own growth, doubling its capacity, keeps the copies few. (Growing to the whole capacity
  // each time: 169.4 M instructions for the session bench's three Warfare games, 167.4 M so;
  // a 256-byte or 4 KiB minimum did worse.)
  out_.resize(used_ + std::max({n, used_ - base_, std::size_t{1024}}));
}

void JsonWriter::append_escaped(std::string_view s) {
  std::string escaped;
  append_json_string(escaped, s);
  put(escaped);
}

JsonWriter& JsonWriter::integer(std::int64_t n) {
  char* const start = room(24);
  char* p = start;
  if (const char comma = separator(); comma != 0) *p++ = comma;
  p = std::to_chars(p, start + 24, n).ptr;
  used_ += static_cast<std::size_t>(p - start);
  return written();
}

JsonWriter& JsonWriter::number(double d) {
  separate();
  if (std::isfinite(d))
    put(nlohmann::json(d).dump());
  else
    put(std::string_view("null"));  // as nlohmann writes NaN and infinities
  return written();
}

JsonWriter& JsonWriter::null() {
  separate();
  put(std::string_view("null"));
  return written();
}

JsonWriter& JsonWriter::tree(const nlohmann::json& j) {
  separate();
  put(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return written();
}

JsonWriter& JsonWriter::raw(std::string_view json_text) {
  separate();
  put(json_text);
  return written();
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
