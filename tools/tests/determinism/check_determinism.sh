#!/usr/bin/env bash
# check-determinism against games that keep determinism (the arena, a steady test game) and
# games that each break it one way: every break caught at its first frame, the field named.
# In two parts, each its own ctest test so that ctest runs them side by side: `arena`, the
# bundled game through its scripts and session (its 1800-frame runs are most of the time), and
# `breaks`, the broken games, the rollback run, perturbed replays and bad input.
#   check_determinism.sh FRAMECHECK NONDETERMINISTIC_CLI arena|breaks
set -uo pipefail
cd "$(dirname "$0")/../../.."
fc=$1
odd=$2
wanted=$3
case $wanted in
  arena | breaks) ;;
  *) echo "check_determinism.sh: the part is arena or breaks, not '$wanted'" >&2; exit 2 ;;
esac
failures=0
checks=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
part=""

# expect CODE TEXT... -- COMMAND...: the exit code, and each TEXT somewhere in the output.
expect() {
  local code=$1
  shift
  local texts=()
  while [ "$1" != "--" ]; do
    texts+=("$1")
    shift
  done
  shift
  [ "$part" = "$wanted" ] || return 0
  checks=$((checks + 1))
  "$@" >"$out" 2>&1
  local got=$?
  if [ "$got" -ne "$code" ]; then
    echo "FAIL: $*: exit $got, expected $code" >&2
    sed 's/^/  | /' "$out" >&2
    failures=$((failures + 1))
    return
  fi
  for text in "${texts[@]}"; do
    if ! grep -qF -- "$text" "$out"; then
      echo "FAIL: $*: the output does not say '$text'" >&2
      sed 's/^/  | /' "$out" >&2
      failures=$((failures + 1))
    fi
  done
}

part=arena
# Every run is named with what it found, passing or not.
expect 0 "deterministic: arena, 600 frames" "runs, each compared with the first run" \
  "  a second run in this process: agrees on every frame" \
  "  a run with the game's storage zero-filled: agrees on every frame" \
  "  a run with the heap perturbed (falling addresses) and the game's storage refilled: agrees on every frame" \
  "  a run in another process (replay --verify --perturb-heap rising): agrees on every frame" -- \
  "$fc" check-determinism --game arena
expect 0 "deterministic: arena, 1800 frames" -- \
  "$fc" check-determinism --frames 1800 --script cases/sessions/arena_hitch.input.jsonl
# A script longer than the run is warned about as record warns: its last 7 events never happen.
expect 0 "deterministic: arena, 600 frames" \
  "check-determinism: warning: cases/sessions/arena_hitch.input.jsonl: 7 events are past frame 600, the last one checked; they never happen" -- \
  "$fc" check-determinism --script cases/sessions/arena_hitch.input.jsonl
# A session runs its whole length unless --frames says less, and then the verdict says so.
expect 0 "deterministic: arena, 1800 frames of 320 x 180" -- \
  "$fc" check-determinism --session golden/sessions/arena_hitch.jsonl
expect 0 "deterministic: arena, the first 600 of the session's 1800 frames of 320 x 180" \
  "check-determinism: warning: golden/sessions/arena_hitch.jsonl: 6 events are past frame 600, the last one checked; they are not checked" -- \
  "$fc" check-determinism --frames 600 --session golden/sessions/arena_hitch.jsonl

part=breaks
# --frames past a session's end: a warning, and the whole session (a short one: what is checked
# is the warning, not the arena again).
short=$(mktemp -d)
"$fc" record --frames 300 --out "$short/s.jsonl" >/dev/null
expect 0 "deterministic: arena, 300 frames" \
  "check-determinism: warning: $short/s.jsonl has 300 frames; all of them are checked, not 5000" -- \
  "$fc" check-determinism --frames 5000 --session "$short/s.jsonl"
rm -rf "$short"
expect 0 "deterministic: steady, 120 frames" -- "$odd" check-determinism --game steady --frames 120

# Each break is found by the run that changes the one thing it depends on, which the verdict
# names with the likely cause.
expect 1 "not deterministic: leaky-static, 60 frames of 320 x 180 at 60 ticks and 60 frames a second: a second run in this process first differs at frame 1" \
  "frame 1: actor 1 (walker) x: recorded 1, replayed 61" "most likely: state that outlives a game" -- \
  "$odd" check-determinism --game leaky-static --frames 60
# (Which run sees it first is the allocator's to say: the second game in a process finds the
# heap as the first left it, and its likely cause says so.)
expect 1 "not deterministic: address-order, 60 frames of 320 x 180 at 60 ticks and 60 frames a second: " \
  "first differs at frame " "actor 1 (walker) x: recorded " "an order taken from addresses" -- \
  "$odd" check-determinism --game address-order --frames 60
# A member left uninitialised by a game with no constructor of its own: make_game fills the
# storage with another byte in each run, so it differs at the first frame, not by luck.
expect 1 "not deterministic: uninitialised, 60 frames of 320 x 180 at 60 ticks and 60 frames a second: a run with the game's storage zero-filled first differs at frame 1" \
  "frame 1: game counter: recorded 72340172838076674, replayed 1" "most likely: a member the game never initialises" \
  "  a second run in this process: agrees on every frame" -- \
  "$odd" check-determinism --game uninitialised --frames 60
# A bool never initialised reads true from any non-zero byte: the zero-filled run reads it false
# and differs at frame 30, the first frame that reads it.
expect 1 "not deterministic: uninitialised-flag, 60 frames of 320 x 180 at 60 ticks and 60 frames a second: a run with the game's storage zero-filled first differs at frame 30" \
  "frame 30: actor 1 (walker) x: recorded 30, replayed 40" "most likely: a member the game never initialises" -- \
  "$odd" check-determinism --game uninitialised-flag --frames 60
# Each run changes one more thing, and the first that differs is named, even when a later run
# (which has its change too) differs sooner: the static passes 300 ticks at the second run's
# frame 101 and at every later run's frame 1.
expect 1 "not deterministic: leaky-after-ticks, 200 frames of 320 x 180 at 60 ticks and 60 frames a second: a second run in this process first differs at frame 101" \
  "most likely: state that outlives a game (a static" \
  "  a run with the game's storage zero-filled: first differs at frame 1, not attributable" \
  "  a run with the heap perturbed (falling addresses) and the game's storage refilled: first differs at frame 1, not attributable" -- \
  "$odd" check-determinism --game leaky-after-ticks --frames 200
expect 1 "not deterministic: process-bound, 60 frames of 320 x 180 at 60 ticks and 60 frames a second: a run in another process (replay --verify --perturb-heap rising) first differs at frame 1" \
  "frame 1: actor 1 (walker) x: recorded " "most likely: something of the process" -- \
  "$odd" check-determinism --game process-bound --frames 60

# The rollback run (GGRS's SyncTest): a boost its declaration misses is found at frame 50, where
# Space turns it on; the rollback after it restores frame 42, and frame 43 walks two, not one.
# The same game with the boost declared passes, and so does the arena, keys and level change.
space=$(mktemp)
echo '{"frame": 50, "key": "Space"}' >"$space"
expect 1 "not deterministic: forgetful, 120 frames of 320 x 180 at 60 ticks and 60 frames a second: a rollback run (after every frame, the state 8 frames back restored and simulated again) first differs at frame 50" \
  "frame 50: frame 42's state restored, frame 43 simulated again differs: game x: recorded 43, replayed 44" \
  "most likely: state the game's declaration misses" \
  "  a run in another process (replay --verify --perturb-heap rising): agrees on every frame" -- \
  "$odd" check-determinism --game forgetful --frames 120 --rollback 8 --script "$space"
expect 0 "deterministic: careful, 120 frames" \
  "  a rollback run (after every frame, the state 8 frames back restored and simulated again): agrees on every frame" -- \
  "$odd" check-determinism --game careful --frames 120 --rollback 8 --script "$space"
rm -f "$space"
expect 0 "deterministic: arena, 1800 frames" "a rollback run (after every frame, the state 3 frames back" -- \
  "$fc" check-determinism --rollback 3 --session golden/sessions/arena_hitch.jsonl
expect 2 "--rollback must be a whole number from 1 to 600, not '0'" -- \
  "$fc" check-determinism --rollback 0

# replay --perturb-heap does what the check's perturbed runs do: the uninitialised member that
# check-determinism finds, a perturbed replay finds too, either way.
session_dir=$(mktemp -d)
"$odd" record --game uninitialised --frames 30 --out "$session_dir/u.jsonl" >/dev/null
for order in falling rising; do
  expect 1 "diverged" "game counter: recorded " -- \
    "$odd" replay "$session_dir/u.jsonl" --verify --no-progress --perturb-heap "$order"
done
rm -rf "$session_dir"

expect 2 "framecheck check-determinism: " "/no/such/script.jsonl" -- \
  "$fc" check-determinism --script /no/such/script.jsonl
expect 2 "--script and --session cannot both be given" -- \
  "$fc" check-determinism --script a.jsonl --session b.jsonl
expect 2 "no/such/session.jsonl" -- "$fc" check-determinism --session /no/such/session.jsonl

# A session that diverges says whether this machine's libm is why: the recording keeps its own.
work=$(mktemp -d)
"$fc" record --frames 120 --out "$work/s.jsonl" >/dev/null
sed 's/"seed":1,/"seed":2,/' "$work/s.jsonl" >"$work/moved.jsonl"
expect 1 "diverged: " "agree with the recording's on every probe" -- \
  "$fc" replay "$work/moved.jsonl" --verify --no-progress
# (glibc's other path exists only on a CPU with FMA.)
grep -qw fma /proc/cpuinfo &&
  expect 1 "this machine's std::sin differs from the recording's on 16 of 64 probes: results depend on libm; use det_math (docs/determinism.md)" -- \
  env GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,-AVX512F "$fc" replay "$work/moved.jsonl" --verify --no-progress
expect 0 "std::sin: 64 probes, hash " -- "$fc" fingerprint
rm -rf "$work"

[ "$checks" -gt 0 ] || { echo "check-determinism ($wanted): no check ran" >&2; exit 1; }
if [ "$failures" -gt 0 ]; then
  echo "check-determinism ($wanted): $failures of $checks failed" >&2
  exit 1
fi
echo "check-determinism ($wanted): all $checks checks passed"
