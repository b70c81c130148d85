#!/usr/bin/env bash
# A game that states its own run (480x270 logical units, a 960x540 surface, 50 ticks and 50
# frames a second) is recorded, replayed, checked and played at it with no option repeated.
#   run_spec.sh WIDE_CLI
set -uo pipefail
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
failures=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
# has FILE TEXT...: each TEXT somewhere in FILE.
has() {
  local file=$1
  shift
  for text in "$@"; do
    grep -qF -- "$text" "$file" || { fail "$file does not say '$text'" && sed 's/^/  | /' "$file" >&2; }
  done
}
# The header a session's first line holds, for the game's own run.
expect_game_header() {
  head -n 1 "$1" >header.txt
  has header.txt '"surface":[960,540]' '"logical":[480.0,270.0]' '"tick_rate":50' '"fps":50'
}

"$cli" record --frames 100 --out s.jsonl >out.txt 2>&1 || fail "record: $(cat out.txt)"
expect_game_header s.jsonl
"$cli" replay s.jsonl --verify --no-progress >out.txt 2>&1 || fail "replay --verify: $(cat out.txt)"

# Halfway through, the game itself saw its own size and a tick of 1/50 s.
"$cli" replay s.jsonl --at 50 --json >at.json 2>&1 || fail "replay --at 50: $(cat at.json)"
has at.json '{"name":"logical","value":"480 x 270"}' '{"name":"tick ms","value":20.0}' \
  '{"name":"ticks","value":50.0}'

# check-determinism runs, and says it runs, the game's own size and rate.
"$cli" check-determinism --frames 100 >out.txt 2>&1 || fail "check-determinism: $(cat out.txt)"
has out.txt "deterministic: wide, 100 frames of 480 x 270 at 50 ticks and 50 frames a second"

# An option changes one field and keeps the rest.
"$cli" record --frames 10 --fps 25 --out fps.jsonl >out.txt 2>&1 || fail "record --fps: $(cat out.txt)"
head -n 1 fps.jsonl >header.txt
has header.txt '"surface":[960,540]' '"logical":[480.0,270.0]' '"tick_rate":50' '"fps":25'

# demo draws the game's own surface: 960x540.
"$cli" demo --frames 60 --png demo.png >out.txt 2>&1 || fail "demo: $(cat out.txt)"
# The IHDR chunk: width and height, big-endian, at bytes 16 to 23.
size=$(od -An -tu1 -j16 -N8 demo.png 2>/dev/null | tr -s ' ' | sed 's/^ //')
[ "$size" = "0 0 3 192 0 0 2 28" ] || fail "demo's last frame is not 960x540 (IHDR: $size)"

# play, in a real window loop with no display (SDL's offscreen driver), records at it too.
# (SDL keeps allocations to the end of the process, which LeakSanitizer would report.)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" SDL_VIDEODRIVER=offscreen \
  "$cli" play --record p.jsonl --frames 30 --vsync=false >out.txt 2>&1
status=$?
if grep -q "built without SDL2" out.txt; then
  echo "(play is not built here)"
elif [ "$status" -ne 0 ]; then
  fail "play: exit $status: $(cat out.txt)"
else
  expect_game_header p.jsonl
fi

if [ "$failures" -gt 0 ]; then
  echo "run_spec: $failures failed" >&2
  exit 1
fi
echo "run_spec: every command ran the game's own size and rate"
