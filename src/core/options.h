// The typed option schema of a game (after OpenSpiel's GameParameters, in our own shape): each
// option's name, type, default, allowed values or range, description and the options it needs.
// The schema resolves a caller's option values (a JSON object, from the command line, a create
// request or a record) into the complete set every record stores, defaults included, and
// refuses anything else with a message naming the option and what is allowed. It serialises to
// JSON for tool authors and the browser's lobby (`ancients games --json`).
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ancients {

enum class OptionType {
  kBool,    ///< true or false
  kInt,     ///< a whole number in [min, max], or one of `values` when given
  kChoice,  ///< one of `values` (strings)
  kData,    ///< a bundled data file by name (an army, a map), a special value ("random"),
            ///< an inline JSON object of that data where allowed, or a file path on the CLI
};

/// "Option X needs option Y to be V": checked when X is set to anything but its default.
struct OptionRequirement {
  std::string option;
  nlohmann::json value;
};

/// "Option X is one of these values": what a data option's value needs of the others beyond
/// the option's own requirements (the schema's `choices_require` and `special_require`).
struct ValuesRequirement {
  std::string option;
  std::vector<nlohmann::json> values;
};

/// Where the bundled names of a data option come from; they may depend on another option's
/// value (the armies of an edition, the maps of a board size).
struct DataChoices {
  std::string depends_on;  ///< the option whose value selects the list, or "" for one list
  /// The bundled names for that option's value (null when there is no dependency).
  std::function<std::vector<std::string>(const nlohmann::json& value)> names;
};

/// "Option X defaults to D when option Y is V" (the schema's `default_if`).
struct ConditionalDefault {
  std::string option;
  nlohmann::json value;
  nlohmann::json default_value;
};

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kBool;
  std::string description;
  std::string label;  ///< a short name for menus ("Turn limit"); empty: front ends derive one
  nlohmann::json default_value;
  std::string group;                   ///< "", "house rule", "setup", ... (for menus)
  std::vector<nlohmann::json> values;  ///< kChoice (and kInt when only some are allowed)
  /// Optional: a word for each of `values`, in order, for menus ("drawn from the seed" for
  /// 0); empty: front ends show the values.
  std::vector<std::string> value_labels;
  long long min = 0, max = 0;        ///< kInt when `values` is empty
  std::string data_kind;             ///< kData: "army", "map"
  DataChoices choices;               ///< kData: the bundled names
  std::vector<std::string> special;  ///< kData: words with a meaning ("random", "generated")
  bool inline_objects = false;       ///< kData: a JSON object of the data is accepted
  /// kData: what every bundled name needs of the other options (Ancient Warfare's ready-made
  /// maps: a board of 12 files, which a side of three players widens to 16); empty: nothing.
  /// A front end offers the names only where it holds; the game refuses them elsewhere.
  std::vector<ValuesRequirement> names_need;
  /// kData: what a special word needs of the other options ("defender": the DBA-style set-up).
  std::map<std::string, std::vector<ValuesRequirement>> special_need;
  std::vector<OptionRequirement> needs;  ///< options this one needs when not at its default
  /// Optional: a default that depends on other given options (a map's board size); returns
  /// null for "use default_value". `given` is the caller's object, not yet checked.
  std::function<nlohmann::json(const nlohmann::json& given, bool allow_files)> derived_default;
  std::string default_note;  ///< says when derived_default applies, for the schema's readers
  /// Defaults that follow another option's value; the first whose option holds its value wins
  /// (after derived_default). Front ends follow them as the other option changes.
  std::vector<ConditionalDefault> default_if;
  /// The option is about games of more than two players (a multiplayer battle's switch, its
  /// extra armies): a front end that seats two players leaves it out.
  bool multiplayer = false;
  /// The player an option is for (an army: 1, 2, ...); 0: every player. A front end leaves out
  /// the options of players the game will not have.
  int seat = 0;
  /// kChoice: the number of players each of `values` seats, in order (a multiplayer battle's
  /// sides, "2+2": 4); empty: the option does not set the number of players.
  std::vector<int> seats;
  /// kChoice with `seats`: each value's players named by their part, in player order (Ancient
  /// Warfare's "2+2": attacker, attacker's contingent, defender, defender's contingent), so
  /// that a front end can say who each seat is; kBool: one list, the players' parts while the
  /// flag is on (Warfare's dba_setup: attacker, defender); empty: none.
  std::vector<std::vector<std::string>> seat_names;
};

using OptionSchema = std::vector<OptionSpec>;

/// How far to trust the caller: the CLI may name files for data options; the network may not.
struct OptionContext {
  OptionContext() = default;
  explicit OptionContext(bool files) : allow_files(files) {}
  bool allow_files = false;
  /// Lower maxima of whole-number options, by name (a server's cap on `turn_limit`): a value
  /// given above one is refused with it, and an error's list of options says it. A default
  /// above one is the caller's to check (it may refuse the game, naming its cap).
  std::vector<std::pair<std::string, long long>> lower_max;
};

/// The schema as JSON: a list of options with their types, defaults, allowed values,
/// dependencies and descriptions.
nlohmann::json schema_to_json(const OptionSchema& schema);

/// Checks `given` (an object, or null for "all defaults") against the schema and returns every
/// option with its value, defaults filled in, in schema order. Throws BadInput naming the
/// option and what is allowed: unknown options, wrong types, values out of range, unknown
/// data names, unmet requirements. `game` names the game in messages.
nlohmann::json resolve_options(const OptionSchema& schema, const nlohmann::json& given,
                               const OptionContext& context, std::string_view game);

/// The spec of an option, or nullptr.
const OptionSpec* find_option(const OptionSchema& schema, std::string_view name);

/// Sets one option from text (the command line): "true"/"on"/"yes" and "false"/"off"/"no" for
/// switches, digits for numbers, anything else as a string. Throws BadInput for an unknown
/// option or text of the wrong type, naming the option and what is allowed.
void set_option_text(const OptionSchema& schema, nlohmann::json& values, std::string_view key,
                     std::string_view text, std::string_view game);
/// Applies "KEY=VALUE[,KEY=VALUE...]" settings (the CLI's --options) with set_option_text.
void apply_option_settings(const OptionSchema& schema, nlohmann::json& values,
                           std::string_view settings, std::string_view game);

/// "board (8|12), turn_limit (1..100000), pursuit (true|false), ..." for help texts.
std::string options_summary(const OptionSchema& schema);

}  // namespace ancients
