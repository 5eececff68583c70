// Strict reading of a TOML data file: parses it, and offers typed getters that turn every
// problem (unknown key, wrong type, value out of range) into ancients::BadInput with the
// message "FILE:LINE: what is wrong". Used by the DBA sheet loader only.
#pragma once

#include <toml++/toml.h>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ancients::dba {

/// Parses a TOML file; a missing file or a syntax error is BadInput naming file and line.
toml::table parse_toml_file(const std::string& path);
/// Parses TOML text; `file` names it in messages.
toml::table parse_toml_text(std::string_view text, const std::string& file);

/// A string with the line it was read from.
struct Located {
  std::string value;
  int line = 0;
};

/// Typed, strict access to the nodes of one parsed file.
class TomlReader {
 public:
  explicit TomlReader(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }

  [[noreturn]] void fail(const toml::source_region& where, const std::string& msg) const;
  [[noreturn]] void fail_at(int line, const std::string& msg) const;

  /// Every key of `t` must be one of `allowed`; `what` names the table in the message.
  void only_keys(const toml::table& t, std::initializer_list<std::string_view> allowed,
                 const std::string& what) const;

  const toml::table& table(const toml::node& n, const std::string& what) const;
  /// t[key] as a table; required.
  const toml::table& table_at(const toml::table& t, std::string_view key,
                              const std::string& what) const;
  /// t[key] as an array of tables (TOML [[key]]); empty when absent and not required.
  std::vector<const toml::table*> tables_at(const toml::table& t, std::string_view key,
                                            const std::string& what, bool required) const;

  int integer(const toml::table& t, std::string_view key, const std::string& what, int lo,
              int hi) const;
  std::optional<int> optional_integer(const toml::table& t, std::string_view key,
                                      const std::string& what, int lo, int hi) const;
  bool boolean(const toml::table& t, std::string_view key, const std::string& what) const;
  std::string string(const toml::table& t, std::string_view key, const std::string& what) const;
  std::optional<Located> optional_string(const toml::table& t, std::string_view key,
                                         const std::string& what) const;
  Located located_string(const toml::table& t, std::string_view key, const std::string& what) const;
  /// t[key] as a list of strings; empty when absent and not required.
  std::vector<Located> strings(const toml::table& t, std::string_view key, const std::string& what,
                               bool required) const;
  /// t[key] as a list of exactly `count` integers.
  std::vector<int> integers(const toml::table& t, std::string_view key, const std::string& what,
                            std::size_t count, int lo, int hi) const;

  static int line_of(const toml::node& n) { return static_cast<int>(n.source().begin.line); }

 private:
  std::string file_;
};

}  // namespace ancients::dba
