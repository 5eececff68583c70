// Serving the web root safely (see static_files.h).
#include "server/static_files.h"

#include <cstdint>
#include <vector>

namespace ancients::server {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// The path's segments, percent-decoded; nothing when a segment is unsafe.
std::optional<std::vector<std::string>> safe_segments(std::string_view target) {
  if (target.empty() || target.front() != '/' || target.size() > 1024) return std::nullopt;
  std::vector<std::string> out;
  std::string seg;
  const auto finish = [&]() -> bool {
    if (seg.empty() || seg == ".") {
      seg.clear();
      return true;
    }
    if (seg == ".." || seg.front() == '.' || !valid_utf8(seg)) return false;
    out.push_back(std::move(seg));
    seg.clear();
    return true;
  };
  for (std::size_t i = 0; i < target.size(); ++i) {
    char c = target[i];
    if (c == '/') {
      if (!finish()) return std::nullopt;
      continue;
    }
    if (c == '%') {
      if (i + 2 >= target.size()) return std::nullopt;
      const int hi = hex_value(target[i + 1]), lo = hex_value(target[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
      if (c == '/') return std::nullopt;  // an encoded slash is never a separator
    }
    if (c == '\0' || c == '\\' || c == ':' || static_cast<unsigned char>(c) < 0x20)
      return std::nullopt;
    seg += c;
  }
  if (!finish()) return std::nullopt;
  return out;
}

std::string content_type(const std::string& ext) {
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".webp") return "image/webp";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  if (ext == ".webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

/// Whether `path` lies inside `root` (both canonical).
bool inside(const std::filesystem::path& root, const std::filesystem::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p)
    if (p == path.end() || *r != *p) return false;
  return p != path.end();
}

}  // namespace

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if ((c & 0xE0) == 0xC0) {
      n = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return false;
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    static const std::uint32_t min_for[] = {0, 0x80, 0x800, 0x10000};
    if (cp < min_for[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n + 1;
  }
  return true;
}

std::optional<StaticFile> find_static_file(const std::filesystem::path& root,
                                           std::string_view target) {
  namespace fs = std::filesystem;
  if (root.empty()) return std::nullopt;
  auto segments = safe_segments(target);
  if (!segments) return std::nullopt;
  if (segments->empty()) segments->push_back("index.html");
  fs::path path = root;
  for (const auto& s : *segments) path /= s;
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (ec || !inside(root, real) || !fs::is_regular_file(real, ec) || ec) return std::nullopt;
  StaticFile out;
  out.path = real;
  out.content_type = content_type(real.extension().string());
  // Vite names its bundles after their contents (assets/index-3f2a1c.js): they never change.
  const bool hashed = segments->size() == 2 && (*segments)[0] == "assets";
  out.cache_control = hashed ? "public, max-age=31536000, immutable" : "no-cache";
  return out;
}

}  // namespace ancients::server
