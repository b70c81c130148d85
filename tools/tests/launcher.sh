#!/usr/bin/env bash
# The framecheck binary runs diff itself and starts the whole tool for everything else.
#   launcher.sh FRAMECHECK WHOLE_TOOL
# Checks that the binary loads no Cairo (and that the whole tool does, so the check can fail),
# that diff gives the whole tool's output, status and picture byte for byte (a difference, a
# pass, --json, a bad option, a bad file), that other commands and diff's help reach the whole
# tool, and that a binary without the whole tool beside it says so and exits 2.
set -uo pipefail

fc=$1
tool=$2
scratch=$(mktemp -d "${TMPDIR:-/tmp}/framecheck-launcher.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# The libraries are listed first and searched after: grep -q stopping early would break ldd's
# pipe, and pipefail would then read a match as none.
fc_libraries=$(ldd "$fc")
tool_libraries=$(ldd "$tool")
if grep -q libcairo <<<"$fc_libraries"; then fail "framecheck loads Cairo: $(grep libcairo <<<"$fc_libraries")"; fi
if ! grep -q libcairo <<<"$tool_libraries"; then fail "the whole tool does not load Cairo: the check above proves nothing"; fi

# same_as_tool DESCRIPTION ARGS...: framecheck and the whole tool give the same stdout, stderr
# and status; any picture written (pic.png) is the same bytes.
same_as_tool() {
  local what=$1
  shift
  "$fc" "$@" >fc.out 2>fc.err
  local fc_status=$?
  [ -f pic.png ] && mv pic.png fc.png
  "$tool" "$@" >tool.out 2>tool.err
  local tool_status=$?
  [ -f pic.png ] && mv pic.png tool.png
  [ "$fc_status" -eq "$tool_status" ] || fail "$what: exit $fc_status, the whole tool's $tool_status"
  cmp -s fc.out tool.out || fail "$what: stdout '$(head -c 200 fc.out)' vs '$(head -c 200 tool.out)'"
  cmp -s fc.err tool.err || fail "$what: stderr '$(head -c 200 fc.err)' vs '$(head -c 200 tool.err)'"
  if [ -f fc.png ] || [ -f tool.png ]; then
    cmp -s fc.png tool.png || fail "$what: the diff pictures differ"
  fi
  rm -f fc.png tool.png
  echo "ok: $what (exit $fc_status)"
}

"$tool" demo --frames 60 --png a.png >/dev/null || fail "demo a.png"
"$tool" demo --frames 90 --png b.png >/dev/null || fail "demo b.png"
same_as_tool "a difference with a picture" diff a.png b.png --diff pic.png
same_as_tool "a pass" diff a.png a.png --max-diff-pixels 0
same_as_tool "--json" diff a.png b.png --json --threshold 0.2
same_as_tool "a bad option" diff a.png b.png --threshold nine
printf 'not a png' >bad.png
same_as_tool "a bad file" diff a.png bad.png
same_as_tool "diff's help" diff --help
same_as_tool "version" version
same_as_tool "no command" 

# Without the whole tool beside it, framecheck names where it looked.
mkdir alone
cp "$fc" alone/framecheck
alone/framecheck version >alone.out 2>alone.err
status=$?
[ "$status" -eq 2 ] || fail "alone: exit $status, expected 2"
grep -q "cannot start the whole tool at" alone.err || fail "alone: '$(cat alone.err)'"
alone/framecheck diff a.png b.png >/dev/null 2>&1
[ $? -eq 1 ] || fail "alone: diff should still run"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all launcher checks passed"
