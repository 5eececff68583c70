#!/usr/bin/env bash
# The main job: sets everything up, builds, and starts the game server on 127.0.0.1, printing
# the address to open in a browser (play alone against the computer or online with a friend).
# Extra arguments go to `ancients serve` (see `ancients serve --help`); `scripts/play.sh
# --terminal [ARGS]` plays in the terminal instead (`ancients play`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
if [ "${1:-}" = "--terminal" ]; then
  shift
  exec build/release/src/cli/ancients play "$@"
fi
exec build/release/src/cli/ancients serve --host 127.0.0.1 "$@"
