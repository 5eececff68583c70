#!/usr/bin/env bash
# Runs every test: sets everything up, checks formatting and the bundled data, builds once with
# clang, AddressSanitizer/UBSan and the libFuzzer targets (scripts/build.sh check) and runs the
# whole suite, builds the program and the tests that need its speed with GCC (the rules and
# agents optimised as in a release, scripts/build.sh ci-release) and runs the random
# simulations, the security suite, the browser tests and the benchmark, then runs the check
# build's fuzzers side by side for a bounded time. Compiles go through ccache
# (scripts/build.sh), so a machine that built the same tree before rebuilds in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { printf '\n== %s (%ss)\n' "$1" "$((SECONDS - start))"; }

step "setup"
scripts/setup.sh

step "format check"
mapfile -t sources < <(git ls-files '*.cpp' '*.h' 2>/dev/null || find src tests fuzz bench -name '*.cpp' -o -name '*.h')
printf '%s\0' "${sources[@]}" | xargs -0 -n 40 -P "$(nproc)" clang-format --dry-run --Werror
(cd web && npm run --silent format:check)

step "web unit tests"
(cd web && npm test)

step "build (check: clang, ASan/UBSan, every test and the fuzzers in one build)"
scripts/build.sh check

step "check bundled data"
build/check/src/cli/ancients check

step "tests under ASan/UBSan (shorter simulations)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
# Each test program runs in a few shards rather than one process per test (scripts/run_tests.sh:
# under ASan a process costs half a second to start). The security suite attacks the ci-release
# server below, with its timings (the check build leaves it out); under ASan the same server code
# runs in server_tests and in the fuzz_server target.
ANCIENTS_SIM_GAMES="${ANCIENTS_SIM_GAMES_ASAN:-24}" ANCIENTS_SKIP_TESTS='^security_tests$' \
  scripts/run_tests.sh build/check

# The release-mode tests use CI's release build (scripts/build.sh ci-release): the rules and agent
# libraries optimised as in a release, the server and the other front ends at -O0, which GCC
# compiles in half the time. A release (scripts/build.sh release) is what to serve and measure.
step "build (ci-release: the program, the simulations, the security suite, the test game's program)"
scripts/build.sh ci-release ancients simulation_tests security_tests ancients_testgame

step "random simulations (release; ANCIENTS_SIM_PERCENT=100 plays the full counts)"
# (Each plays its games on two threads, so they run one at a time; beside the browser tests
# they made both slower, docs/benchmarks.md "Twenty-ninth sitting".)
ANCIENTS_SIM_PERCENT="${ANCIENTS_SIM_PERCENT:-20}" \
  ctest --test-dir build/ci-release --output-on-failure -R 'Simulation|TenThousand' --timeout 1800

step "security suite (the ci-release server attacked on 127.0.0.1, docs/server.md)"
build/ci-release/tests/security_tests

step "end-to-end tests in Chromium (server, web front end)"
# The main suite runs beside the DBA, campaign, pages, balance report, Generals page, club and
# generic-game suites (each starts its own server on a free port, or none, and writes its own
# screenshots); its output follows theirs.
e2e_log="$(mktemp)"
node web/e2e/run.mjs build/ci-release/src/cli/ancients >"$e2e_log" 2>&1 &
main_suite=$!
e2e_status=0
node web/e2e/dba.mjs build/ci-release/src/cli/ancients || e2e_status=1
node web/e2e/campaign.mjs build/ci-release/src/cli/ancients || e2e_status=1
node web/e2e/pages.mjs build/ci-release/src/cli/ancients || e2e_status=1
node web/e2e/balance.mjs build/ci-release/src/cli/ancients || e2e_status=1
node web/e2e/generals.mjs build/ci-release/src/cli/ancients || e2e_status=1
node web/e2e/club.mjs build/ci-release/src/cli/ancients || e2e_status=1
node web/e2e/generic.mjs build/ci-release/tests/ancients_testgame || e2e_status=1
wait "$main_suite" || e2e_status=1
cat "$e2e_log"
rm -f "$e2e_log"
((e2e_status == 0)) || { echo "end-to-end tests FAILED" >&2; exit 1; }

step "benchmark smoke run"
build/ci-release/src/cli/ancients bench --games 500

step "fuzzing (bounded, the check build's fuzzers)"
ANCIENTS_FUZZ_BUILD=check fuzz/run.sh "${ANCIENTS_FUZZ_SECONDS:-20}"

step "all tests passed"
