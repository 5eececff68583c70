// Loading the DBA sheet's tables from their data file (data/dba/dba3.toml): strict, so an
// unknown key or name, a wrong type or an inconsistent table is ancients::BadInput naming the
// file and the line. The result is immutable and shared.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "tools/dba/sheet.h"

namespace ancients::dba {

/// The data file format this build reads (the file's `format` key).
/// 2: the odds form's situation items ([[situation]]) are in the file.
inline constexpr int kSheetFormat = 2;

/// The bundled data file: data_path("dba/dba3.toml").
std::string default_sheet_path();

/// Loads and checks a sheet file.
std::shared_ptr<const Sheet> load_sheet(const std::string& path);
/// Loads a sheet from TOML text; `file` names it in messages (for tests).
std::shared_ptr<const Sheet> load_sheet_text(std::string_view text, const std::string& file);

}  // namespace ancients::dba
