#!/usr/bin/env bash
# Builds the libFuzzer targets (every fuzz/fuzz_*.cpp) with clang into build/fuzz (or, with
# ANCIENTS_FUZZ_BUILD=check, into the check build that also holds the tests) and runs each one
# for a bounded time:
#   fuzz/run.sh [SECONDS]   (default 30 seconds per target)
# New interesting inputs go to build/fuzz/fuzz-work/TARGET (the checked-in seeds under
# fuzz/corpus/TARGET are only read); a crashing input is written to
# build/fuzz/fuzz-artifacts/TARGET/ and the script exits non-zero.
set -euo pipefail

seconds="${1:-30}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
flavour="${ANCIENTS_FUZZ_BUILD:-fuzz}"
build="$root/build/$flavour"

targets=()
for source in "$root"/fuzz/fuzz_*.cpp; do
  name="$(basename "$source" .cpp)"
  targets+=("${name#fuzz_}")
done
fuzzers=()
for target in "${targets[@]}"; do fuzzers+=("fuzz_$target"); done
"$root/scripts/build.sh" "$flavour" "${fuzzers[@]}"

status=0
for target in "${targets[@]}"; do
  work="$build/fuzz-work/$target"
  artifacts="$build/fuzz-artifacts/$target/"
  corpus="$root/fuzz/corpus/$target"
  mkdir -p "$work" "$artifacts" "$corpus"
  args=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 -max_len=8192
        -artifact_prefix="$artifacts" -print_final_stats=1)
  if [[ -f "$root/fuzz/$target.dict" ]]; then args+=(-dict="$root/fuzz/$target.dict"); fi
  echo "== fuzz_$target for ${seconds}s"
  if ! ASAN_OPTIONS=detect_leaks=1 "$build/fuzz/fuzz_$target" "${args[@]}" "$work" "$corpus"; then
    echo "fuzz_$target FAILED: the crashing input is under $artifacts" >&2
    status=1
  fi
done
exit "$status"
