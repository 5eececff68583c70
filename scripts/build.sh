#!/usr/bin/env bash
# Configures and builds one flavour of the project: release (default), asan (Debug with
# AddressSanitizer and UndefinedBehaviorSanitizer), fuzz (clang with libFuzzer), or check (clang,
# -O1 with line tables, AddressSanitizer/UBSan, the tests and the libFuzzer targets in one build:
# what CI uses, so the project is compiled once for the whole test suite and the fuzzers; the
# server, the DBA tools, the command line and most test programs at -O0, CMakeLists.txt's
# ANCIENTS_UNOPTIMISED_GLUE, and the test programs' own code without line tables,
# ANCIENTS_TEST_DEBUG_INFO), or ci-release (GCC: the rules and agent libraries as in a release,
# everything around them at -O0: CI's release-mode tests).
# Usage: scripts/build.sh [release|asan|fuzz|check|ci-release] [TARGET...]   -> build/<flavour>
# With targets, builds only those (CI builds only what the release-mode tests need).
set -euo pipefail
cd "$(dirname "$0")/.."
flavour="${1:-release}"
jobs="$(nproc)"
# A compiler cache kept outside the clone (~/.cache/ccache unless CCACHE_DIR says otherwise)
# makes a rebuild of an unchanged tree, or of another clone or worktree of it, take seconds.
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$(pwd)")}" CCACHE_NOHASHDIR=1
  export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-5G}"
  export CCACHE_PCH_EXTSUM=true
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
  # Through scripts/ccache-launcher.sh, which makes the paths CMake gives Clang behind -Xclang
  # (its precompiled headers) relative, as ccache does for the others.
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER="$(pwd)/scripts/ccache-launcher.sh"
            -DCMAKE_C_COMPILER_LAUNCHER="$(pwd)/scripts/ccache-launcher.sh")
fi
# Unity builds (CMakeLists.txt's ANCIENTS_UNITY) by default, as CI builds: the README's command
# then builds what CI tested (a file that compiled only beside its batch's neighbours once broke
# the build without them). ANCIENTS_UNITY=OFF compiles each file alone.
unity=(-DANCIENTS_UNITY="${ANCIENTS_UNITY:-ON}")
case "$flavour" in
  release) cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "${unity[@]}" >/dev/null ;;
  asan) cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DANCIENTS_SANITIZE=ON "${launcher[@]}" "${unity[@]}" >/dev/null ;;
  # The fuzz build is clang's: GCC's builds are the ones whose warnings are errors (clang's
  # extra warnings are printed, not fatal, so a new clang warning cannot hide the fuzz run).
  fuzz) CXX=clang++ cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug -DANCIENTS_FUZZ=ON \
          -DANCIENTS_TESTS=OFF -DANCIENTS_WERROR=OFF "${launcher[@]}" "${unity[@]}" >/dev/null ;;
  check) CXX=clang++ CC=clang cmake -S . -B build/check -G Ninja -DCMAKE_BUILD_TYPE=Debug \
           -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DANCIENTS_SANITIZE=ON -DANCIENTS_FUZZ=ON \
           -DANCIENTS_UNOPTIMISED_GLUE=ON -DANCIENTS_TEST_DEBUG_INFO=OFF \
           "${launcher[@]}" "${unity[@]}" >/dev/null ;;
  # CI's release-mode tests (scripts/test.sh): the rules and agent libraries as in a release,
  # everything around them at -O0 (CMakeLists.txt's ANCIENTS_UNOPTIMISED_FRONT_ENDS). Its server
  # answers more slowly than a release's; build release to serve or measure it.
  ci-release) cmake -S . -B build/ci-release -G Ninja -DCMAKE_BUILD_TYPE=Release \
                -DANCIENTS_UNOPTIMISED_GLUE=ON -DANCIENTS_UNOPTIMISED_FRONT_ENDS=ON \
                "${launcher[@]}" "${unity[@]}" >/dev/null ;;
  *) echo "usage: $0 [release|asan|fuzz|check|ci-release]" >&2; exit 2 ;;
esac
shift $(($# > 0 ? 1 : 0))
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "build/$flavour" -j "$jobs" "${targets[@]}"
