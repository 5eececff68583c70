#!/usr/bin/env bash
# Installs what Ancients needs to build and test on Debian 12 (bookworm): the compilers, CMake
# and the libraries from Debian's packages. Safe to run again: installs only what is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache lld
  clang clang-format libclang-rt-14-dev
  nlohmann-json3-dev libfmt-dev libspdlog-dev libcli11-dev libtomlplusplus-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost1.81-dev libsqlitecpp-dev chromium
  # the web front end's fonts in Debian's Chromium (the page uses no glyph outside them)
  fonts-dejavu-core
  # MPI for `mpirun -n N ancients balance|tournament` (CMake option ANCIENTS_MPI)
  libopenmpi-dev openmpi-bin
  # the executable's allocator (CMake option ANCIENTS_JEMALLOC): the server's messages
  libjemalloc-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi

# The web front end of `ancients serve` (TypeScript, built by Vite from the npm registry):
# installed again only when package-lock.json changed, built every time (about a second).
web="$(cd "$(dirname "$0")/.." && pwd)/web"
if [ -f "$web/package.json" ]; then
  if ! command -v npm >/dev/null; then
    echo "setup: installing Node.js and npm"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nodejs npm
  fi
  if [ ! -f "$web/node_modules/.package-lock.json" ] ||
     [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
    # `npm install` with the lock file rather than `npm ci`: npm 11 with this machine's
    # omit-lockfile-registry-resolved setting writes lock files that `npm ci` then rejects as
    # out of sync (the platform-specific optional packages of rollup).
    echo "setup: npm install in web/ (versions from package-lock.json)"
    (cd "$web" && npm install --no-audit --no-fund --loglevel=error)
  fi
  (cd "$web" && npm run --silent build >/dev/null)
  echo "setup: web front end built (web/dist)"
fi
