#!/usr/bin/env bash
# The compiler launcher of scripts/build.sh, so that a clone of the same tree in another folder
# finds its compiles in the compiler cache (ccache, kept outside the clone):
# - Each absolute path behind -Xclang that lies in the build folder (the compile's working
#   directory) is made relative to it. ccache rewrites the other absolute paths under
#   CCACHE_BASEDIR itself, but not those, and CMake names Clang's precompiled headers by them.
# - A precompiled header is compiled without the cache, and beside it goes a checksum of what it
#   was built from: the command line and the contents of every header it read (its dependency
#   file). ccache hashes that checksum in place of the header (CCACHE_PCH_EXTSUM),
#   because the header's own bytes hold the folder it was built in.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
args=()
previous=
output=
depfile=
for arg in "$@"; do
  if [[ $previous == -Xclang && $arg == "$PWD"/* ]]; then arg="${arg#"$PWD"/}"; fi
  [[ $previous == -o ]] && output=$arg
  [[ $previous == -MF ]] && depfile=$arg
  args+=("$arg")
  previous=$arg
done
if [[ $output != *.[pg]ch || -z $depfile ]]; then exec ccache "${args[@]}"; fi

rm -f "$output.sum"
"${args[@]}"
{
  printf '%s\n' "${args[@]//"$root"/}"
  # The dependency file lists the output, then every file read, separated by spaces and
  # backslash-newlines.
  sed -e 's/\\$//' -e 's/^[^:]*://' "$depfile" | tr ' ' '\n' | sed '/^$/d' | sort -u |
    xargs -d '\n' sha256sum | sed "s|  $root/|  |"
} | sha256sum >"$output.sum"
