// A DBA army list made into an Ancient Warfare army: the table of DBA element types and the unit
// each becomes per edition (data/dba/army-lists.toml, loaded strictly), and the conversion with
// the user's overrides, choices and Elite picks. The result is an ordinary army file (JSON,
// docs/formats.md), validated by the Ancient Warfare army reader. Rules:
// shared/rules/dba-battlefield-and-lists.md, "DBA army lists".
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/warfare/options.h"

namespace ancients::dba {

/// One DBA element type's row of the table.
struct ListType {
  std::string code;                          ///< "Kn"
  std::string name;                          ///< "Knights"
  std::map<std::string, std::string> units;  ///< edition -> unit id ("general" = the General)
  /// option -> (edition -> unit id), used instead when that option is on.
  std::map<std::string, std::map<std::string, std::string>> when;
};

struct ListTable {
  std::string file;
  std::vector<ListType> types;  ///< in file order
  /// The row of a code, matched without regard to case; nullptr when unknown.
  const ListType* find(const std::string& code) const;
  /// The unit a type becomes in `edition` with `options`.
  std::string unit_for(const ListType& type, const std::string& edition,
                       const warfare::Options& options) const;
};

/// The bundled table: data_path("dba/army-lists.toml").
std::string default_list_table_path();
/// Loads and checks a table; every unit id is checked against the bundled editions' rules (and
/// their house-rule variants for `when` rows). Throws BadInput naming the file and line.
std::shared_ptr<const ListTable> load_list_table(const std::string& path);
std::shared_ptr<const ListTable> load_list_table_text(const std::string& text,
                                                      const std::string& file);

/// What the user asks of the conversion besides the list itself.
struct ListRequest {
  std::string list;  ///< the DBA list as typed
  std::string edition = "autokill";
  warfare::Options options;                ///< house rules (horde_house changes Hd)
  std::string name;                        ///< the army's name; empty: "DBA army"
  std::map<std::string, std::string> map;  ///< code or written type -> unit id (overrides)
  std::vector<std::string> elite;          ///< codes or written types made Elite (at most 2)
  std::vector<std::string> take;           ///< alternatives chosen instead of the first
  std::string topography;  ///< the list's home topography (arable, hilly, ...), or empty
};

/// The army file for a list; throws BadInput naming the element that does not fit.
nlohmann::json army_from_list(const ListTable& table, const ListRequest& request);

/// The table as rows of text for one edition and options ("Kn  Knights  -> knights").
std::vector<std::string> list_table_lines(const ListTable& table, const std::string& edition,
                                          const warfare::Options& options);

}  // namespace ancients::dba
