// Strict TOML reading for the DBA data file (see toml_reader.h).
#include "tools/dba/toml_reader.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "core/errors.h"

namespace ancients::dba {

toml::table parse_toml_text(std::string_view text, const std::string& file) {
  try {
    return toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw BadInput(
        fmt::format("{}:{}: {}", file, e.source().begin.line, std::string(e.description())));
  }
}

toml::table parse_toml_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadInput(fmt::format("{}: cannot open the DBA data file", path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_toml_text(buffer.str(), path);
}

void TomlReader::fail(const toml::source_region& where, const std::string& msg) const {
  fail_at(static_cast<int>(where.begin.line), msg);
}

void TomlReader::fail_at(int line, const std::string& msg) const {
  throw BadInput(fmt::format("{}:{}: {}", file_, line, msg));
}

void TomlReader::only_keys(const toml::table& t, std::initializer_list<std::string_view> allowed,
                           const std::string& what) const {
  for (auto&& [key, node] : t) {
    bool ok = false;
    for (auto a : allowed) ok = ok || key.str() == a;
    if (!ok) {
      std::string known;
      for (auto a : allowed) {
        if (!known.empty()) known += ", ";
        known += std::string(a);
      }
      fail(node.source(),
           fmt::format("unknown key \"{}\" in {} (known: {})", key.str(), what, known));
    }
  }
}

const toml::table& TomlReader::table(const toml::node& n, const std::string& what) const {
  if (!n.is_table()) fail(n.source(), what + " must be a table");
  return *n.as_table();
}

const toml::table& TomlReader::table_at(const toml::table& t, std::string_view key,
                                        const std::string& what) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) fail(t.source(), fmt::format("{} is missing [{}]", what, key));
  return table(*n, fmt::format("{}.{}", what, key));
}

std::vector<const toml::table*> TomlReader::tables_at(const toml::table& t, std::string_view key,
                                                      const std::string& what,
                                                      bool required) const {
  std::vector<const toml::table*> out;
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) fail(t.source(), fmt::format("{} is missing [[{}]]", what, key));
    return out;
  }
  if (!n->is_array())
    fail(n->source(), fmt::format("{} must be a list of tables [[{}]]", key, key));
  for (const auto& e : *n->as_array()) out.push_back(&table(e, std::string(key)));
  return out;
}

int TomlReader::integer(const toml::table& t, std::string_view key, const std::string& what, int lo,
                        int hi) const {
  const auto v = optional_integer(t, key, what, lo, hi);
  if (!v) fail(t.source(), fmt::format("{} is missing \"{}\"", what, key));
  return *v;
}

std::optional<int> TomlReader::optional_integer(const toml::table& t, std::string_view key,
                                                const std::string& what, int lo, int hi) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  if (!n->is_integer()) fail(n->source(), fmt::format("{}.{} must be an integer", what, key));
  const auto v = n->as_integer()->get();
  if (v < lo || v > hi)
    fail(n->source(), fmt::format("{}.{} = {} is out of range {}..{}", what, key, v, lo, hi));
  return static_cast<int>(v);
}

bool TomlReader::boolean(const toml::table& t, std::string_view key,
                         const std::string& what) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return false;
  if (!n->is_boolean()) fail(n->source(), fmt::format("{}.{} must be true or false", what, key));
  return n->as_boolean()->get();
}

std::optional<Located> TomlReader::optional_string(const toml::table& t, std::string_view key,
                                                   const std::string& what) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  if (!n->is_string()) fail(n->source(), fmt::format("{}.{} must be a string", what, key));
  return Located{n->as_string()->get(), line_of(*n)};
}

Located TomlReader::located_string(const toml::table& t, std::string_view key,
                                   const std::string& what) const {
  auto v = optional_string(t, key, what);
  if (!v) fail(t.source(), fmt::format("{} is missing \"{}\"", what, key));
  return *v;
}

std::string TomlReader::string(const toml::table& t, std::string_view key,
                               const std::string& what) const {
  return located_string(t, key, what).value;
}

std::vector<Located> TomlReader::strings(const toml::table& t, std::string_view key,
                                         const std::string& what, bool required) const {
  std::vector<Located> out;
  const toml::node* n = t.get(key);
  if (n == nullptr) {
    if (required) fail(t.source(), fmt::format("{} is missing \"{}\"", what, key));
    return out;
  }
  if (!n->is_array()) fail(n->source(), fmt::format("{}.{} must be a list of names", what, key));
  for (const auto& e : *n->as_array()) {
    if (!e.is_string()) fail(e.source(), fmt::format("{}.{} must contain only names", what, key));
    out.push_back(Located{e.as_string()->get(), line_of(e)});
  }
  return out;
}

std::vector<int> TomlReader::integers(const toml::table& t, std::string_view key,
                                      const std::string& what, std::size_t count, int lo,
                                      int hi) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) fail(t.source(), fmt::format("{} is missing \"{}\"", what, key));
  const toml::array* a = n->as_array();
  if (a == nullptr || a->size() != count)
    fail(n->source(), fmt::format("{}.{} must be a list of {} integers", what, key, count));
  std::vector<int> out;
  for (const auto& e : *a) {
    if (!e.is_integer())
      fail(e.source(), fmt::format("{}.{} must contain only integers", what, key));
    const auto v = e.as_integer()->get();
    if (v < lo || v > hi)
      fail(e.source(), fmt::format("{}.{} value {} is out of range {}..{}", what, key, v, lo, hi));
    out.push_back(static_cast<int>(v));
  }
  return out;
}

}  // namespace ancients::dba
