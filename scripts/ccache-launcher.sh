#!/usr/bin/env bash
# The compiler launcher of scripts/build.sh, so that a clone of the same tree in another folder
# finds its compiles in the compiler cache (ccache, kept outside the clone):
# - Each absolute path behind -Xclang that lies in the build folder (the compile's working
#   directory) is made relative to it. ccache rewrites the other absolute paths under
#   CCACHE_BASEDIR itself, but not those, and CMake names Clang's precompiled headers by them.
# - A precompiled header is not compiled through ccache, and beside it goes a checksum of what
#   it was built from: the command line and the contents of every header it read (its
#   dependency file). ccache hashes that checksum in place of the header (CCACHE_PCH_EXTSUM),
#   because the header's own bytes hold the folder it was built in.
# - The precompiled headers themselves are kept in a store of their own beside ccache's
#   (ancients-pch in its folder), keyed by the build folder, the command line and the compiler's
#   version: a build in the same folder (a CI machine's workspace) copies one back when every
#   header its dependency file names still has the contents it had (the checksum again),
#   instead of compiling it for seconds. The store keeps the 32 headers used last.
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

# The checksum of a precompiled header's inputs, from its dependency file (which lists the
# output, then every file read, separated by spaces and backslash-newlines).
inputs_checksum() {
  {
    printf '%s\n' "${args[@]//"$root"/}"
    sed -e 's/\\$//' -e 's/^[^:]*://' "$1" | tr ' ' '\n' | sed '/^$/d' | sort -u |
      xargs -d '\n' sha256sum | sed "s|  $root/|  |"
  } | sha256sum
}

store="${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ccache}/ancients-pch"
key="$({ printf '%s\n' "$PWD" "${args[@]}"; "${args[0]}" --version; } | sha256sum | cut -c1-40)"
entry="$store/$key"
rm -f "$output.sum"
if [[ -f $entry.sum && -f $entry.d && -f $entry.pch ]] &&
  [[ "$(inputs_checksum "$entry.d" 2>/dev/null)" == "$(cat "$entry.sum")" ]]; then
  cp "$entry.pch" "$output.$$" && mv -f "$output.$$" "$output"
  cp "$entry.d" "$depfile"
  cp "$entry.sum" "$output.sum"
  touch "$entry.sum"
  exit 0
fi

"${args[@]}"
inputs_checksum "$depfile" >"$output.sum"
# Kept for the next build in this folder (a failure to keep one only costs that build time).
{
  mkdir -p "$store" &&
    cp "$output" "$entry.pch.$$" && mv -f "$entry.pch.$$" "$entry.pch" &&
    cp "$depfile" "$entry.d.$$" && mv -f "$entry.d.$$" "$entry.d" &&
    cp "$output.sum" "$entry.sum.$$" && mv -f "$entry.sum.$$" "$entry.sum" &&
    ls -t "$store"/*.sum | tail -n +33 | sed 's/\.sum$//' |
    while read -r old; do rm -f "$old.sum" "$old.d" "$old.pch"; done
} 2>/dev/null || rm -f "$entry.sum" "$entry.pch.$$" "$entry.d.$$" "$entry.sum.$$"
