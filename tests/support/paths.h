// Where the tests find the built programs and the project's sources. The paths are compiled into
// one small library (tests/support/paths.cpp, tests/CMakeLists.txt) rather than into every test
// file, so that the test files' compiler-cache entries do not depend on where the clone is.
#pragma once

namespace ancients::test_paths {

/// The built `ancients` executable.
const char* ancients_binary();
/// The tests-only `ancients` with the tiny-duel game registered (tests/testgame), or "" where
/// the build has none.
const char* testgame_binary();
/// The project's source folder (the clone's root).
const char* source_dir();

}  // namespace ancients::test_paths
