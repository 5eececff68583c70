#!/usr/bin/env bash
# Runs every test program of one build (build/<flavour>/tests/*_tests) in a few processes each
# (GoogleTest shards: twice as many per program as there are cores, one process per core)
# instead of one process per test as ctest does: under AddressSanitizer a process takes about
# half a second to start and load the rules, which for 1,700 tests cost minutes, while one
# process per program leaves the longest program (the agents' searches) on one core. A failing
# shard's output is printed in full; the exit status is non-zero when any fails. Programs named
# in ANCIENTS_SKIP_TESTS (a regular expression on the name) are left out.
# Usage: scripts/run_tests.sh BUILD_DIR
set -euo pipefail
build="${1:?usage: $0 BUILD_DIR}"
skip="${ANCIENTS_SKIP_TESTS:-^$}"
programs=()
for p in "$build"/tests/*_tests; do
  name="$(basename "$p")"
  if [[ -x "$p" && ! "$name" =~ $skip ]]; then programs+=("$p"); fi
done
if ((${#programs[@]} == 0)); then
  echo "run_tests: no test programs under $build/tests" >&2
  exit 1
fi
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
shards=$((2 * $(nproc)))  # a few per core, so that the long shards even out
run_one() {
  local program="$1" shard="$2" shards="$3" logs="$4" name start status=0
  name="$(basename "$program")-shard-$((shard + 1))-of-$shards"
  start=$SECONDS
  GTEST_TOTAL_SHARDS="$shards" GTEST_SHARD_INDEX="$shard" timeout 1800 "$program" \
    --gtest_brief=1 >"$logs/$name.log" 2>&1 || status=$?
  if ((status == 0)); then
    echo "passed $name ($(grep -o '[0-9]* tests\?' "$logs/$name.log" | tail -1), $((SECONDS - start)) s)"
  else
    echo "FAILED $name (exit status $status, $((SECONDS - start)) s):"
    cat "$logs/$name.log"
    return 1
  fi
}
export -f run_one
for p in "${programs[@]}"; do
  for ((i = 0; i < shards; ++i)); do printf '%s %s\n' "$p" "$i"; done
done | xargs -P "$(nproc)" -L1 bash -c 'run_one "$2" "$3" "$0" "$1"' "$shards" "$logs"
