#!/usr/bin/env bash
# The installed framecheck is a binary and its commands library (tools/framecheck/installed):
# diff runs on the binary's own few libraries, every other command loads the library from its
# place beside the binary, found through the binary's real path; without it, a message and exit 2.
#   two_files.sh FRAMECHECK COMMANDS_LIBRARY OUT_DIR
set -uo pipefail
fc=$(realpath "$1")
library=$(realpath "$2")
out=$3
here=$(dirname "$(realpath "${BASH_SOURCE[0]}")")
rm -rf "$out"
mkdir -p "$out"
cd "$out" || exit 1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
source "$here/hostile_lib.sh"

# What the binary itself loads: none of what only the other commands need.
needed=$(readelf -d "$fc" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for heavy in libcairo libfreetype libX11 libxcb libSDL2 libsimdjson libsleef libpugixml \
             libfontconfig libpixman; do
  if grep -q "^$heavy" <<<"$needed"; then fail "the binary loads $heavy: $(tr '\n' ' ' <<<"$needed")"; fi
done
# The library holds every command, the arena registered.
nm -D --defined-only "$library" | grep -q ' T framecheck_commands_main$' ||
  fail "$library has no framecheck_commands_main"

# Every kind of command through the binary as built.
expect 0 "version" -- "$fc" version
says out.txt "framecheck "
expect 0 "games" -- "$fc" games
says out.txt "arena"
expect 0 "demo" -- "$fc" demo --frames 30 --width 64 --height 48 --png a.png
expect 0 "demo" -- "$fc" demo --frames 300 --width 64 --height 48 --png b.png
expect 0 "diff of a file with itself" -- "$fc" diff a.png a.png
expect 1 "diff of two frames" -- "$fc" diff a.png b.png --diff d.png
[ -s d.png ] || fail "diff wrote no picture"
expect 2 "diff's bad option" -- "$fc" diff a.png b.png --threshold 7
grep -q 'framecheck: .*threshold' err.txt || fail "diff's message: $(cat err.txt)"
expect 0 "diff --help" -- "$fc" diff --help
says out.txt "framecheck diff"

# Through a symbolic link in another folder (a binary put on PATH that way): the real path
# finds the library.
mkdir -p on-path
ln -s "$fc" on-path/framecheck
expect 0 "version through a link" -- on-path/framecheck version
expect 1 "diff through a link" -- on-path/framecheck diff a.png b.png

# A copy of the binary without its library: diff still runs; every other command says what is
# missing and where it was looked for.
mkdir -p alone/bin
cp "$fc" alone/bin/framecheck
expect 1 "diff without the library" -- alone/bin/framecheck diff a.png b.png
says out.txt "pixels differ"
expect 2 "version without the library" -- alone/bin/framecheck version
grep -q "framecheck: cannot load its commands: $out/alone/.*$(basename "$library").*No such file" err.txt ||
  fail "the missing library's message: $(cat err.txt)"
[ -s out.txt ] && fail "printed to stdout without the library: $(cat out.txt)"

finish "binary and commands library"
