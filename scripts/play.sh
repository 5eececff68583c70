#!/usr/bin/env bash
# The main job: sets everything up, builds, and starts a game of Ancient Warfare against the
# computer in the terminal. Extra arguments go to `ancients play` (see `ancients play --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh release
exec build/release/src/cli/ancients play "$@"
