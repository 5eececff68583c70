// Checking, resolving and describing option values against a game's schema (see options.h).
#include "core/options.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/errors.h"

namespace ancients {
namespace {

using nlohmann::json;

std::string type_name(OptionType t) {
  switch (t) {
    case OptionType::kBool:
      return "bool";
    case OptionType::kInt:
      return "int";
    case OptionType::kChoice:
      return "choice";
    case OptionType::kData:
      return "data";
  }
  return "?";
}

std::string join(const std::vector<std::string>& words, const char* sep = ", ") {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

std::string text_of(const json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

/// "an army", "a map": a data kind with its article.
std::string with_article(const std::string& kind) {
  const bool vowel =
      !kind.empty() && std::string_view("aeiou").find(kind[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + kind;
}

/// What the option allows, in words: "8 or 12", "1..100000", "true or false".

std::string allowed_text(const OptionSpec& o, const std::vector<std::string>& names = {}) {
  switch (o.type) {
    case OptionType::kBool:
      return "true or false";
    case OptionType::kInt:
      if (o.values.empty()) return fmt::format("a whole number from {} to {}", o.min, o.max);
      [[fallthrough]];
    case OptionType::kChoice: {
      std::vector<std::string> words;
      for (const auto& v : o.values) words.push_back(text_of(v));
      return "one of " + join(words);
    }
    case OptionType::kData: {
      std::vector<std::string> words = o.special;
      words.insert(words.end(), names.begin(), names.end());
      std::string out = "one of " + join(words);
      if (o.inline_objects)
        out += ", or " + (o.data_kind.empty() ? "one" : with_article(o.data_kind)) +
               " as a JSON object";
      return out;
    }
  }
  return "";
}

/// The bundled names of a data option given the other options' values (resolved so far).
std::vector<std::string> data_names(const OptionSpec& o, const json& values) {
  if (!o.choices.names) return {};
  if (o.choices.depends_on.empty()) return o.choices.names(json(nullptr));
  const auto it = values.find(o.choices.depends_on);
  return o.choices.names(it == values.end() ? json(nullptr) : *it);
}

[[noreturn]] void refuse(std::string_view game, const OptionSpec& o, const json& value,
                         const std::string& allowed) {
  const std::string shown =
      value.is_string() ? "\"" + value.get<std::string>() + "\"" : value.dump();
  if (o.type == OptionType::kData && !o.data_kind.empty())
    throw BadInput(fmt::format("option {} of {}: unknown {} {} (allowed: {})", o.name, game,
                               o.data_kind, shown, allowed));
  throw BadInput(fmt::format("option {} of {}: {} is not allowed (allowed: {})", o.name, game,
                             shown, allowed));
}

/// Checks one value; `values` holds the options resolved before this one (schema order).
void check_value(const OptionSpec& o, const json& v, const json& values,
                 const OptionContext& context, std::string_view game) {
  switch (o.type) {
    case OptionType::kBool:
      if (!v.is_boolean()) refuse(game, o, v, allowed_text(o));
      return;
    case OptionType::kInt: {
      if (!v.is_number_integer()) refuse(game, o, v, allowed_text(o));
      const long long n = v.get<long long>();
      if (o.values.empty() ? (n < o.min || n > o.max)
                           : std::find(o.values.begin(), o.values.end(), v) == o.values.end())
        refuse(game, o, v, allowed_text(o));
      return;
    }
    case OptionType::kChoice:
      if (!v.is_string() || std::find(o.values.begin(), o.values.end(), v) == o.values.end())
        refuse(game, o, v, allowed_text(o));
      return;
    case OptionType::kData: {
      const auto names = data_names(o, values);
      if (v.is_object() && o.inline_objects) return;  // the game reads it strictly
      if (v.is_string()) {
        const auto s = v.get<std::string>();
        if (std::find(o.special.begin(), o.special.end(), s) != o.special.end()) return;
        if (std::find(names.begin(), names.end(), s) != names.end()) return;
        if (context.allow_files) return;  // a name or a file path: the game loads and checks it
      }
      std::string allowed = allowed_text(o, names);
      if (context.allow_files) allowed += ", or a file path";
      if (!o.choices.depends_on.empty())
        allowed += fmt::format(" (with {} {})", o.choices.depends_on,
                               text_of(values.value(o.choices.depends_on, json(nullptr))));
      refuse(game, o, v, allowed);
    }
  }
}

}  // namespace

const OptionSpec* find_option(const OptionSchema& schema, std::string_view name) {
  for (const auto& o : schema)
    if (o.name == name) return &o;
  return nullptr;
}

std::string options_summary(const OptionSchema& schema) {
  std::vector<std::string> parts;
  for (const auto& o : schema) {
    std::string allowed;
    if (o.type == OptionType::kBool)
      allowed = "true|false";
    else if (o.type == OptionType::kInt && o.values.empty())
      allowed = fmt::format("{}..{}", o.min, o.max);
    else if (o.type == OptionType::kData)
      allowed = o.data_kind.empty() ? "a name" : "the name of " + with_article(o.data_kind);
    else {
      std::vector<std::string> words;
      for (const auto& v : o.values) words.push_back(text_of(v));
      allowed = join(words, "|");
    }
    parts.push_back(fmt::format("{} ({})", o.name, allowed));
  }
  return join(parts);
}

json schema_to_json(const OptionSchema& schema) {
  json out = json::array();
  for (const auto& o : schema) {
    json j = {{"name", o.name},
              {"type", type_name(o.type)},
              {"default", o.default_value},
              {"description", o.description}};
    if (!o.group.empty()) j["group"] = o.group;
    if (!o.label.empty()) j["label"] = o.label;
    if (!o.default_note.empty()) j["default_note"] = o.default_note;
    if (o.type == OptionType::kInt && o.values.empty()) {
      j["min"] = o.min;
      j["max"] = o.max;
    }
    if (!o.values.empty()) j["values"] = o.values;
    if (!o.value_labels.empty()) j["value_labels"] = o.value_labels;
    if (o.type == OptionType::kData) {
      j["data"] = o.data_kind;
      j["special"] = o.special;
      j["inline"] = o.inline_objects;
      if (o.choices.names && o.choices.depends_on.empty()) {
        j["choices"] = o.choices.names(json(nullptr));
      } else if (o.choices.names) {
        // One list per value of the option it depends on.
        json by = json::object();
        if (const OptionSpec* dep = find_option(schema, o.choices.depends_on))
          for (const auto& v : dep->values) by[text_of(v)] = o.choices.names(v);
        j["choices_by"] = {{"option", o.choices.depends_on}, {"values", by}};
      }
    }
    const auto needs_json = [](const std::vector<ValuesRequirement>& needs) {
      json list = json::array();
      for (const auto& n : needs) list.push_back({{"option", n.option}, {"values", n.values}});
      return list;
    };
    if (!o.names_need.empty()) j["choices_require"] = needs_json(o.names_need);
    if (!o.special_need.empty()) {
      json by = json::object();
      for (const auto& [word, needs] : o.special_need) by[word] = needs_json(needs);
      j["special_require"] = by;
    }
    json req = json::array();
    for (const auto& r : o.needs) req.push_back({{"option", r.option}, {"value", r.value}});
    if (!req.empty()) j["requires"] = req;
    json when = json::array();
    for (const auto& d : o.default_if)
      when.push_back({{"option", d.option}, {"value", d.value}, {"default", d.default_value}});
    if (!when.empty()) j["default_if"] = when;
    if (o.multiplayer) j["multiplayer"] = true;
    if (o.seat > 0) j["seat"] = o.seat;
    if (!o.seats.empty()) j["seats"] = o.seats;
    if (!o.seat_names.empty()) j["seat_names"] = o.seat_names;
    out.push_back(j);
  }
  return out;
}

json resolve_options(const OptionSchema& schema, const json& given, const OptionContext& context,
                     std::string_view game) {
  if (!given.is_null() && !given.is_object())
    throw BadInput(fmt::format("options of {}: expected an object of option values", game));
  // The schema as the caller allows it: its lower maxima in place (a copy only where any).
  OptionSchema capped;
  if (!context.lower_max.empty()) {
    capped = schema;
    for (auto& o : capped)
      for (const auto& [name, max] : context.lower_max)
        if (o.name == name && o.type == OptionType::kInt && o.values.empty() && max < o.max)
          o.max = std::max(o.min, max);
  }
  const OptionSchema& allowed = context.lower_max.empty() ? schema : capped;
  const json in = given.is_null() ? json::object() : given;
  for (const auto& [key, value] : in.items())
    if (find_option(schema, key) == nullptr)
      throw BadInput(fmt::format("option {}: not an option of {} (known: {})", key, game,
                                 options_summary(allowed)));
  json out = json::object();
  for (std::size_t i = 0; i < schema.size(); ++i) {
    const OptionSpec& o = schema[i];
    json v;
    const OptionSpec* checked = &o;  // a given value against the caller's maxima
    if (const auto it = in.find(o.name); it != in.end() && !it->is_null()) {
      v = *it;
      checked = &allowed[i];
    } else {
      v = o.derived_default ? o.derived_default(in, context.allow_files) : json(nullptr);
      for (const auto& d : o.default_if) {
        if (!v.is_null()) break;
        const auto given_it = in.find(d.option);
        if (given_it != in.end() && *given_it == d.value) v = d.default_value;
      }
      if (v.is_null()) v = o.default_value;
    }
    check_value(*checked, v, out, context, game);
    out[o.name] = v;
  }
  for (const auto& o : schema) {
    if (out[o.name] == o.default_value) continue;
    for (const auto& r : o.needs)
      if (out.value(r.option, json(nullptr)) != r.value)
        throw BadInput(fmt::format("option {} of {}: needs {}={} ({} is {})", o.name, game,
                                   r.option, text_of(r.value), r.option,
                                   text_of(out.value(r.option, json(nullptr)))));
  }
  return out;
}

void set_option_text(const OptionSchema& schema, json& values, std::string_view key,
                     std::string_view text, std::string_view game) {
  const OptionSpec* o = find_option(schema, key);
  if (o == nullptr)
    throw BadInput(fmt::format("option {}: not an option of {} (known: {})", key, game,
                               options_summary(schema)));
  const std::string t(text);
  json v;
  switch (o->type) {
    case OptionType::kBool:
      if (t == "true" || t == "on" || t == "yes" || t == "1")
        v = true;
      else if (t == "false" || t == "off" || t == "no" || t == "0")
        v = false;
      else
        refuse(game, *o, json(t), allowed_text(*o));
      break;
    case OptionType::kInt:
      if (t.empty() || t.size() > 12 || t.find_first_not_of("0123456789") != std::string::npos)
        refuse(game, *o, json(t), allowed_text(*o));
      v = std::stoll(t);
      break;
    case OptionType::kChoice:
    case OptionType::kData:
      v = t;
      break;
  }
  values[o->name] = v;
}

void apply_option_settings(const OptionSchema& schema, json& values, std::string_view settings,
                           std::string_view game) {
  std::size_t start = 0;
  std::vector<std::string_view> keys;  // a key given twice in one list is refused, not overridden
  while (start <= settings.size()) {
    const std::size_t comma = std::min(settings.find(',', start), settings.size());
    const std::string_view kv = settings.substr(start, comma - start);
    start = comma + 1;
    if (kv.empty()) continue;
    const std::size_t eq = kv.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw BadInput(fmt::format("--options \"{}\": expected KEY=VALUE (options of {}: {})", kv,
                                 game, options_summary(schema)));
    const std::string_view key = kv.substr(0, eq);
    if (std::find(keys.begin(), keys.end(), key) != keys.end())
      throw BadInput(fmt::format("--options \"{}\": {} is given twice", settings, key));
    keys.push_back(key);
    set_option_text(schema, values, key, kv.substr(eq + 1), game);
  }
}

}  // namespace ancients
