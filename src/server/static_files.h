// The built web front end served from one folder (the web root) and nothing outside it: a
// request path is percent-decoded once, split into segments and refused when it could leave
// the root (a `..` segment, a backslash, a NUL, an encoded slash, bytes that are not UTF-8);
// the file found is then compared with the root as canonical paths, so a symbolic link that
// points outside is refused too. Content types follow the extension; Vite's hashed assets
// are cached for a year, everything else is revalidated.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace ancients::server {

/// A file to send: where it is, its content type and its Cache-Control header.
struct StaticFile {
  std::filesystem::path path;
  std::string content_type;
  std::string cache_control;
};

/// The file under `root` (a canonical path) that `target` (the request path without the query
/// string, "/" meaning "/index.html") names, or nothing when it is not a regular file inside
/// the root or the path is not acceptable.
std::optional<StaticFile> find_static_file(const std::filesystem::path& root,
                                           std::string_view target);

/// Whether `text` is valid UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool valid_utf8(std::string_view text);

}  // namespace ancients::server
