#!/usr/bin/env bash
# Compressed sessions through every command that writes or reads one: record, play and the
# killed recording's .partial; replay, view, report and check-determinism; files made by the zstd
# command read, and framecheck's read by `zstd -d`; bad zstd and a zstd bomb refused with exit 2.
#   zstd_sessions.sh FRAMECHECK SESSION OUT_DIR
set -uo pipefail
fc=$(realpath "$1")
session=$(realpath "$2")
out=$3
rm -rf "$out"
mkdir -p "$out"
cd "$out" || exit 1
command -v zstd >/dev/null || { echo "SKIP: the zstd command is not installed"; exit 77; }
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
# expect CODE WHAT -- COMMAND...: runs it, output in last.out and last.err.
expect() {
  local code=$1 what=$2
  shift 3
  "$@" >last.out 2>last.err
  local got=$?
  [ "$got" -eq "$code" ] || fail "$what: exit $got, expected $code: $(head -c 600 last.err)"
}
magic() { head -c 4 "$1" | od -An -tx1 | tr -d ' \n'; }

# record writes zstd for a name ending in .zst, and nothing else is left.
expect 0 "record .zst" -- "$fc" record --game arena --frames 1200 --width 320 --height 180 --out rec.jsonl.zst
[ "$(magic rec.jsonl.zst)" = 28b52ffd ] || fail "record .zst: not zstd ($(magic rec.jsonl.zst))"
[ ! -e rec.jsonl.zst.partial ] || fail "record .zst: a .partial was left"
expect 0 "replay .zst --verify" -- "$fc" replay rec.jsonl.zst --verify --no-progress
grep -q "1200 frames" last.out || fail "replay .zst: $(cat last.out)"
[ ! -s last.err ] || fail "replay .zst warned: $(cat last.err)"

# The zstd command reads ours, and ours reads the zstd command's, at any level, concatenated too.
zstd -q -d rec.jsonl.zst -o rec.jsonl || fail "zstd -d could not read framecheck's file"
expect 0 "replay of zstd -d's output" -- "$fc" replay rec.jsonl --verify --no-progress
zstd -q -19 -c "$session" >hitch.jsonl.zst
expect 0 "replay of zstd -19's file" -- "$fc" replay hitch.jsonl.zst --verify --no-progress
grep -q "1800 frames" last.out || fail "zstd -19's file: $(cat last.out)"
zstd -q -1 -c "$session" >hitch_any_name
expect 0 "a zstd file named otherwise" -- "$fc" replay hitch_any_name --verify --no-progress
head -c 100000 "$session" >head.part
tail -c +100001 "$session" >tail.part
cat <(zstd -q -c head.part) <(zstd -q -c tail.part) >two_frames.jsonl.zst
expect 0 "two zstd frames, one session" -- "$fc" replay two_frames.jsonl.zst --verify --no-progress
expect 0 "zstd from standard input" -- sh -c "'$fc' replay - --verify --no-progress <hitch.jsonl.zst"

# The other readers: check-determinism takes a session's header and inputs, report plots it
# (named without .zst), view opens it (ended by SIGTERM, as a script ends it).
expect 0 "check-determinism --session .zst" -- "$fc" check-determinism --session hitch.jsonl.zst --frames 300
printf '<testsuites><testsuite name="s" tests="1"><testcase classname="s" name="one"/></testsuite></testsuites>\n' >cases.xml
expect 0 "report --session .zst" -- "$fc" report --junit cases.xml --out page --session hitch.jsonl.zst
[ -s page/sessions/hitch.plot.png ] || fail "report: no sessions/hitch.plot.png: $(ls page/sessions 2>&1)"
grep -q "hitch.jsonl.zst" page/index.html || fail "report: the page does not name hitch.jsonl.zst"
expect 0 "view .zst" -- env SDL_VIDEODRIVER=offscreen timeout --preserve-status -s TERM -k 5 2 \
  "$fc" view hitch.jsonl.zst

# play records zstd too.
expect 0 "play --record .zst" -- env SDL_VIDEODRIVER=offscreen "$fc" play --game arena \
  --record played.jsonl.zst --frames 240 --vsync=false --size 320x180
[ "$(magic played.jsonl.zst)" = 28b52ffd ] || fail "play .zst: not zstd"
expect 0 "replay of play's .zst" -- "$fc" replay played.jsonl.zst --verify --no-progress

# A recording killed outright: its .partial replays but for the frames after its last flush, and
# the warning says so.
"$fc" record --game arena --frames 100000000 --realtime --width 320 --height 180 --out killed.jsonl.zst \
  >/dev/null 2>&1 &
pid=$!
sleep 3
kill -KILL "$pid"
wait "$pid" 2>/dev/null
[ -s killed.jsonl.zst.partial ] || fail "kill -9: no .partial"
expect 0 "replay of a killed .partial" -- "$fc" replay killed.jsonl.zst.partial --verify --no-progress
grep -q "the zstd stream is cut short after" last.err || fail "killed .partial: no warning: $(cat last.err)"
grep -q "loses at most the 60 frames" last.err || fail "killed .partial: the warning says not how much: $(cat last.err)"
frames=$(sed -n 's/.*: \([0-9]*\) frames,.*/\1/p' last.out)
[ "${frames:-0}" -ge 60 ] || fail "killed .partial: only ${frames:-no} frames replayed in 3 s of recording"

# Bad input: text under a .zst name, damaged bytes, a bomb (a GB of zeros in 30 kB) refused after
# a line's bound, in bounded memory and time.
cp "$session" text.jsonl.zst
expect 2 "text named .zst" -- "$fc" replay text.jsonl.zst --no-progress
grep -q "does not start with a zstd frame" last.err || fail "text named .zst: $(cat last.err)"
cp hitch.jsonl.zst damaged.jsonl.zst
printf '\xff\xff\xff\xff\xff\xff\xff\xff' | dd of=damaged.jsonl.zst bs=1 seek=30000 conv=notrunc status=none
expect 2 "damaged zstd" -- "$fc" replay damaged.jsonl.zst --verify --no-progress
grep -q "damaged.jsonl.zst:byte [0-9]*: is not valid zstd" last.err || fail "damaged zstd: $(cat last.err)"
# The bomb's memory is measured over a replay of the real session by the same binary: what the
# program holds whatever it reads (under ASan, 140-170 MB of shadow and runtime) is not the bomb's.
head -c 1000000000 /dev/zero | zstd -q -c >bomb.jsonl.zst
expect 0 "the replay the bomb is measured against" -- \
  /usr/bin/time -f "%M" -o session.rss "$fc" replay hitch.jsonl.zst --no-progress
expect 2 "zstd bomb" -- /usr/bin/time -f "%M" -o bomb.rss timeout 20 "$fc" replay bomb.jsonl.zst --no-progress
grep -q "longer than 8 MiB" last.err || fail "zstd bomb: $(cat last.err)"
rss=$(tail -1 bomb.rss)
base=$(tail -1 session.rss)
[ $((${rss:-999999} - ${base:-0})) -lt 65536 ] ||
  fail "zstd bomb: $rss kB resident against the session's $base kB, expected under 64 MB more"

if [ "$failures" -ne 0 ]; then
  echo "$failures failures"
  exit 1
fi
echo "compressed sessions: every command, both ways with the zstd command, bad input refused"
