#!/usr/bin/env bash
# Configures and builds one flavour of the project: release (default), asan (Debug with
# AddressSanitizer and UndefinedBehaviorSanitizer) or fuzz (clang with libFuzzer).
# Usage: scripts/build.sh [release|asan|fuzz] [TARGET...]   -> build/<flavour>
# With targets, builds only those (CI builds only what the release-mode tests need).
set -euo pipefail
cd "$(dirname "$0")/.."
flavour="${1:-release}"
jobs="$(nproc)"
case "$flavour" in
  release) cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null ;;
  asan) cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DANCIENTS_SANITIZE=ON >/dev/null ;;
  fuzz) CXX=clang++ cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug -DANCIENTS_FUZZ=ON \
          -DANCIENTS_TESTS=OFF >/dev/null ;;
  *) echo "usage: $0 [release|asan|fuzz]" >&2; exit 2 ;;
esac
shift $(($# > 0 ? 1 : 0))
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "build/$flavour" -j "$jobs" "${targets[@]}"
