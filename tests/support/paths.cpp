// The paths of tests/support/paths.h, given by tests/CMakeLists.txt as definitions on this file
// only.
#include "support/paths.h"

namespace ancients::test_paths {

const char* ancients_binary() {
  return ANCIENTS_BIN;
}

const char* testgame_binary() {
#ifdef ANCIENTS_TESTGAME_BIN
  return ANCIENTS_TESTGAME_BIN;
#else
  return "";
#endif
}

const char* source_dir() {
  return ANCIENTS_SOURCE_DIR;
}

}  // namespace ancients::test_paths
