#!/usr/bin/env bash
# Builds the libFuzzer targets (every fuzz/fuzz_*.cpp) with clang into build/fuzz (or, with
# ANCIENTS_FUZZ_BUILD=check, into the check build that also holds the tests) and runs each one
# for a bounded time of wall-clock time, all side by side (ANCIENTS_FUZZ_JOBS caps how many run
# at once; with more targets than cores each gets a share of a core, and the run takes SECONDS
# rather than a multiple of it):
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

# The targets run side by side, each writing to its own log (printed when it ends).
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
fuzz_one() {
  local target="$1" work="$build/fuzz-work/$1" artifacts="$build/fuzz-artifacts/$1/"
  local corpus="$root/fuzz/corpus/$1"
  mkdir -p "$work" "$artifacts" "$corpus"
  local args=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=30 -max_len=8192
              -artifact_prefix="$artifacts" -print_final_stats=1)
  if [[ -f "$root/fuzz/$target.dict" ]]; then args+=(-dict="$root/fuzz/$target.dict"); fi
  ASAN_OPTIONS=detect_leaks=1 "$build/fuzz/fuzz_$target" "${args[@]}" "$work" "$corpus" \
    >"$logs/$target.log" 2>&1
}
report() {
  local target="$1" status="$2"
  echo "== fuzz_$target for ${seconds}s"
  cat "$logs/$target.log"
  if ((status != 0)); then
    echo "fuzz_$target FAILED: the crashing input is under $build/fuzz-artifacts/$target/" >&2
  fi
}

status=0
jobs="${ANCIENTS_FUZZ_JOBS:-${#targets[@]}}"
declare -A running=()  # pid -> target
# Waits for one running target to end and reports it.
collect_one() {
  local finished=0 code=0
  wait -n -p finished "${!running[@]}" || code=$?
  report "${running[$finished]}" "$code"
  ((code == 0)) || status=1
  unset "running[$finished]"
}
for target in "${targets[@]}"; do
  while ((${#running[@]} >= jobs)); do collect_one; done
  fuzz_one "$target" &
  running[$!]="$target"
done
while ((${#running[@]} > 0)); do collect_one; done
exit "$status"
