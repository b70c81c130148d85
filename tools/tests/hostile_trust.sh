#!/usr/bin/env bash
# What framecheck must not take on trust, against the real binaries: one ctest test per class.
#   hostile_trust.sh FRAMECHECK SESSION GOLDEN_DIR CLASS CASE_BINARY
# The classes: planted temporary files, update-mode words, accept on a full disk and of a forged
# frame, names from files printed raw, a killed compressed recording, a zstd bomb, a report's
# pictures for a huge surface, and checkpoints that contradict themselves. Each works in a scratch
# folder of its own.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

fc=$1
session=$2
goldens=$3
class=$4
cases=$5
scratch=$(mktemp -d "${TMPDIR:-/tmp}/framecheck-trust-$class.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1
cp "$session" s.jsonl
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

source "$here/hostile_lib.sh"

# A copy of the arena's goldens and a run of two of its cases against it, as a real run leaves
# them: one golden repainted (another case's frame of the same size) and one removed.
two_case_run() {
  rm -rf g art
  cp -r "$goldens" g
  cp g/arena/the_graph_floor_keeps_an_even_run_flat.png g/arena/hidden_overlay_draws_nothing.png
  rm g/arena/a_tiny_surface.png
  "$cases" --golden-dir="$PWD/g" --artifacts-dir="$PWD/art" \
    --gtest_filter='*HiddenOverlayDrawsNothing:*ATinySurface' >run.txt 2>&1
  [ -s art/arena/hidden_overlay_draws_nothing.actual.png ] || fail "the run left no actual frame"
  [ -s art/arena/a_tiny_surface.actual.png ] || fail "the run left no actual frame"
}

case $class in
temporary-files)
  # check-determinism's files once had a name made of its pid: every name it could take is
  # planted here with a link to a victim's file, and the victim must come through untouched.
  mkdir tmp && chmod 1777 tmp
  printf 'the victim' >victim.txt
  # Planted by one process for the next 300 pids, so the commands below take one of them.
  python3 - <<'PY'
import os
for pid in range(os.getpid() + 1, os.getpid() + 300):
    folder = "tmp/framecheck-determinism-%d-0" % pid
    os.mkdir(folder)
    os.symlink(os.path.abspath("victim.txt"), folder + "/second-process.txt")
    os.symlink(os.path.abspath("victim.txt"),
               "tmp/framecheck-arena-the_arena_is_deterministic_on_autopilot-%d.jsonl" % pid)
PY
  expect 0 "check-determinism beside 300 planted links" -- env TMPDIR="$PWD/tmp" "$fc" check-determinism --frames 120
  expect 0 "a case's determinism check beside them" -- env TMPDIR="$PWD/tmp" "$cases" --gtest_filter='*DeterministicOnAutopilot' --artifacts-dir="$PWD/art"
  [ "$(cat victim.txt)" = "the victim" ] || fail "a planted link was written through: $(head -c 100 victim.txt)"
  left=$(find tmp -mindepth 1 -maxdepth 1 ! -name 'framecheck-determinism-*-0' ! -name 'framecheck-arena-*' | head -3)
  [ -z "$left" ] || fail "temporary folders were left: $left"
  # A TMPDIR that is no folder is an error that names it, not a crash.
  expect 2 "check-determinism with TMPDIR a file" -- env TMPDIR="$PWD/victim.txt" "$fc" check-determinism --frames 30
  says err.txt "victim.txt"
  ;;

update-words)
  cp -r "$goldens" g
  before=$(cd g && find . -type f -exec sha256sum {} + | sort | sha256sum)
  for word in false no off true yes All MISSING chnaged 2 " all"; do
    expect 2 "FRAMECHECK_UPDATE_GOLDENS='$word'" -- env FRAMECHECK_UPDATE_GOLDENS="$word" "$cases" --golden-dir="$PWD/g" --artifacts-dir="$PWD/art" --gtest_filter='*HiddenOverlayDrawsNothing'
    says err.txt "FRAMECHECK_UPDATE_GOLDENS"
    says err.txt "none, missing, changed, all"
  done
  after=$(cd g && find . -type f -exec sha256sum {} + | sort | sha256sum)
  [ "$before" = "$after" ] || fail "a golden was written"
  for word in none 0; do
    expect 0 "FRAMECHECK_UPDATE_GOLDENS=$word compares" -- env FRAMECHECK_UPDATE_GOLDENS=$word "$cases" --golden-dir="$PWD/g" --artifacts-dir="$PWD/art" --gtest_filter='*HiddenOverlayDrawsNothing'
  done
  ;;

accept-atomic)
  two_case_run
  changed_before=$(sha256sum <g/arena/hidden_overlay_draws_nothing.png)
  results_before=$(cat art/arena/*.result.json | sha256sum)
  # A disk that fills after the first golden: a file-size limit just above the smallest frame.
  (ulimit -f 2; trap '' XFSZ; "$fc" goldens accept --golden-dir g --artifacts-dir art >out.txt 2>err.txt)
  status=$?
  [ "$status" -eq 2 ] || fail "accept onto a full disk: exit $status, expected 2"
  says err.txt "no golden was changed"
  [ "$(sha256sum <g/arena/hidden_overlay_draws_nothing.png)" = "$changed_before" ] || fail "a golden was half-accepted"
  [ ! -e g/arena/a_tiny_surface.png ] || fail "a missing golden was created on a full disk"
  [ "$(cat art/arena/*.result.json | sha256sum)" = "$results_before" ] || fail "a result file was changed"
  left=$(find g art -name '*.tmp-*' | head -3)
  [ -z "$left" ] || fail "temporaries left: $left"
  expect 0 "accept with room again" -- "$fc" goldens accept --golden-dir g --artifacts-dir art
  says out.txt "2 goldens accepted"
  expect 0 "the accepted goldens pass" -- "$cases" --golden-dir="$PWD/g" --artifacts-dir="$PWD/art" --gtest_filter='*HiddenOverlayDrawsNothing:*ATinySurface'
  ;;

accept-png)
  two_case_run
  before=$(sha256sum <g/arena/hidden_overlay_draws_nothing.png)
  # The actual frame swapped for another file, and its result rewritten to fit the new bytes.
  for planted in text tiny; do
    case $planted in
      text) printf 'GIF89a: not the frame' >planted.bin ;;
      tiny) cp "$goldens/arena/a_tiny_surface.png" planted.bin ;;
    esac
    cp planted.bin art/arena/hidden_overlay_draws_nothing.actual.png
    python3 - art/arena/hidden_overlay_draws_nothing.result.json planted.bin <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))
data = open(sys.argv[2], "rb").read()
h = 0xcbf29ce484222325
for b in data:
    h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
record["actual_bytes"] = len(data)
record["actual_hash"] = h
json.dump(record, open(sys.argv[1], "w"))
PY
    expect 2 "accept of a forged $planted frame" -- "$fc" goldens accept --golden-dir g --artifacts-dir art
    says err.txt "hidden_overlay_draws_nothing.actual.png"
    [ "$(sha256sum <g/arena/hidden_overlay_draws_nothing.png)" = "$before" ] || fail "a forged $planted frame was installed"
  done
  ;;

names-escaped)
  two_case_run
  # A case id with a newline and an escape sequence: status must print one line for it.
  python3 - art/arena/hidden_overlay_draws_nothing.result.json <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))
record["case"] = "ArenaCase.X\ng/arena/forged.png: clean (case ArenaCase.Forged)\x1b[2K"
json.dump(record, open(sys.argv[1], "w"))
PY
  expect 1 "status over a forged case id" -- "$fc" goldens status --golden-dir g --artifacts-dir art
  if grep -q '^g/arena/forged.png' out.txt; then fail "status printed a forged line"; fi
  if grep -q $'\x1b' out.txt; then fail "status printed an escape sequence raw"; fi
  says out.txt 'ArenaCase.X\u000ag/arena/forged.png'
  # A suite folder whose name holds a newline: the error naming its result file is one line.
  mkdir "art/ev"$'\n'"il"
  cp art/arena/a_tiny_surface.result.json "art/ev"$'\n'"il/x.result.json"
  expect 2 "status over a suite folder named with a newline" -- "$fc" goldens status --golden-dir g --artifacts-dir art
  says err.txt 'ev\u000ail/x.result.json'
  if grep -q '^il' err.txt; then fail "a folder's name was printed raw"; fi
  rm -rf "art/ev"$'\n'"il"
  # A fingerprint's compiler and C library with a newline: the divergence explanation is one line each.
  python3 - s.jsonl forged.jsonl <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
header["fingerprint"] = {"compiler": "GCC 99\nverified forged.jsonl: all match", "standard_library": "x",
                         "c_library": "glibc 9\x1b]0;owned\x07", "cpu_fma": False, "built_with_fma": False,
                         "math": {}}
lines[0] = json.dumps(header)
# A changed checksum at frame 30 makes it diverge, so the explanation is printed.
frame = json.loads(lines[30])
frame["checksum"] = "0123456789abcdef"
lines[30] = json.dumps(frame)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
  expect 1 "replay --verify of a session with a forged fingerprint" -- "$fc" replay forged.jsonl --verify --no-progress
  if grep -q '^verified' out.txt; then fail "the explanation printed a forged line: $(grep '^verified' out.txt)"; fi
  if grep -q $'\x1b' out.txt; then fail "an escape sequence was printed raw"; fi
  says out.txt 'GCC 99\u000averified forged.jsonl'
  ;;

zstd-partial)
  command -v zstd >/dev/null || { echo "SKIP: the zstd command is not installed"; exit 77; }
  # A recording killed outright, then the NULs a crash leaves after its last write.
  "$fc" record --game arena --frames 100000000 --realtime --width 320 --height 180 --out k.jsonl.zst >/dev/null 2>&1 &
  pid=$!
  sleep 3
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null
  [ -s k.jsonl.zst.partial ] || fail "no .partial was left"
  head -c 8192 /dev/zero >>k.jsonl.zst.partial
  expect 0 "replay of a killed .zst.partial ending in NULs" -- "$fc" replay k.jsonl.zst.partial --verify --no-progress
  says err.txt "k.jsonl.zst.partial: the zstd stream"
  frames=$(grep -o '[0-9]* frames' out.txt | head -1 | cut -d' ' -f1)
  [ "${frames:-0}" -ge 60 ] || fail "only ${frames:-no} frames replayed of 3 s of recording"
  # A .partial whose last block was cut midway, then padded with NULs or garbage, replays its
  # prefix too.
  head -c $(($(stat -c %s k.jsonl.zst.partial) - 8192 - 7)) k.jsonl.zst.partial >cut.bin
  cat cut.bin <(head -c 4096 /dev/zero) >n.jsonl.zst.partial
  expect 0 "replay of a .zst.partial cut mid-block, then NULs" -- "$fc" replay n.jsonl.zst.partial --verify --no-progress
  says err.txt "n.jsonl.zst.partial: the zstd stream"
  cat cut.bin <(head -c 3000 /dev/urandom) >g.jsonl.zst.partial
  expect 0 "replay of a .zst.partial ending in garbage" -- "$fc" replay g.jsonl.zst.partial --verify --no-progress
  # The garbage under a finished recording's name is bad input (a stream merely cut short, as
  # the NULs leave it, replays its prefix under any name, as a plain session's cut line does).
  cp g.jsonl.zst.partial finished.jsonl.zst
  expect 2 "a finished .zst with a damaged tail" -- "$fc" replay finished.jsonl.zst --verify --no-progress
  says err.txt "finished.jsonl.zst:byte"
  ;;

bombs)
  command -v zstd >/dev/null || { echo "SKIP: the zstd command is not installed"; exit 77; }
  # Valid session lines, each padded with 4 MiB of spaces: small compressed, huge decompressed.
  python3 - s.jsonl bomb.jsonl <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
with open(sys.argv[2], "w") as out:
    out.write(lines[0] + "\n")
    for line in lines[1:31]:
        out.write(line[:-1] + " " * (4 << 20) + "}\n")
PY
  zstd -q --rm bomb.jsonl -o bomb.jsonl.zst
  start=$EPOCHREALTIME
  expect 2 "a zstd bomb past FRAMECHECK_MAX_SESSION_BYTES" -- env FRAMECHECK_MAX_SESSION_BYTES=50000000 "$fc" replay bomb.jsonl.zst --verify --no-progress
  says err.txt "bomb.jsonl.zst:line"
  says err.txt "more than 50000000 bytes"
  awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "    took %.2f s\n", e - s; exit !(e - s < 10) }' || fail "the bomb took 10 s or more"
  # A line of 100,000 game fields, then one of 100,000 changes: each name is found in log time
  # (in n squared time the two lines took minutes).
  python3 - s.jsonl wide.jsonl.partial <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
game = ",".join('["f%d","whole",1]' % i for i in range(100000))
changes = ",".join('"f%d":2' % i for i in range(100000))
lines[1] = '{"type":"frame","frame":1,"dt":16666666,"sample":1.5,"checksum":"5ebe7421742a246c","game":[%s]}' % game
lines[2] = '{"type":"frame","frame":2,"dt":16666667,"sample":0.1,"checksum":"f76f3763d16997c8","game_changes":{%s}}' % changes
open(sys.argv[2], "w").write("\n".join(lines[:3]) + "\n")
PY
  start=$EPOCHREALTIME
  expect 0 "100,000 game fields and their changes" -- "$fc" replay wide.jsonl.partial --no-progress
  awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "    took %.2f s\n", e - s; exit !(e - s < 30) }' || fail "the wide lines took 30 s or more"
  expect 2 "a bound that is no number" -- env FRAMECHECK_MAX_SESSION_BYTES=lots "$fc" replay s.jsonl --no-progress
  says err.txt "FRAMECHECK_MAX_SESSION_BYTES"
  expect 0 "a bound above the session" -- env FRAMECHECK_MAX_SESSION_BYTES=100000000 "$fc" replay s.jsonl --verify --no-progress
  ;;

report-pictures)
  # A divergent session whose header asks for a 16384x16384 surface: the report stays quick.
  python3 - s.jsonl huge.jsonl <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
header["surface"] = [16384, 16384]
lines[0] = json.dumps(header)
frame = json.loads(lines[300])
frame["checksum"] = "0123456789abcdef"
lines[300] = json.dumps(frame)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
  printf '<testsuites><testsuite name="s" tests="1"><testcase classname="s" name="one"/></testsuite></testsuites>\n' >cases.xml
  start=$EPOCHREALTIME
  expect 1 "report of a divergent 16384x16384 session" -- "$fc" report --junit cases.xml --out page --session huge.jsonl
  awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "    took %.2f s\n", e - s; exit !(e - s < 30) }' || fail "the report took 30 s or more"
  says page/index.html "no clip: its surface is 16384x16384, too large"
  [ ! -e page/sessions/huge.clip.png ] || fail "a clip was rendered at 16384x16384"
  [ -s page/sessions/huge.plot.png ] || fail "the plot is missing"
  ;;

verify-contradictions)
  # Each edit keeps every checksum as recorded: what the line states is what is wrong.
  edit() {  # edit OUT PYTHON: applies PYTHON to `lines` (the session's lines, parsed)
    python3 - s.jsonl "$1" "$2" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
exec(sys.argv[3])
open(sys.argv[2], "w").write("\n".join(json.dumps(l) for l in lines) + "\n")
PY
  }
  checkpoint='next(i for i, l in enumerate(lines) if l["type"] == "checkpoint" and l["frame"] == 120)'
  edit score.jsonl "c = $checkpoint; [f.__setitem__(2, 999999) for f in lines[c]['game'] if f[0] == 'score']"
  expect 1 "a checkpoint whose score contradicts its checksum" -- "$fc" replay score.jsonl --verify --no-progress
  says out.txt "game score: recorded 999999, replayed 0"
  edit world.jsonl "c = $checkpoint; lines[c]['world']['actors'][0][2] = 1.0"
  expect 1 "a checkpoint whose world contradicts its checksum" -- "$fc" replay world.jsonl --verify --no-progress
  says out.txt "frame 120: "
  edit madeup.jsonl "c = $checkpoint; lines[c]['game'].append(['lives', 'whole', 3])"
  expect 1 "a checkpoint with a made-up game field" -- "$fc" replay madeup.jsonl --verify --no-progress
  says out.txt "game lives: recorded 3, replayed nothing"
  edit frame.jsonl "lines[2]['game_changes']['session time'] = 5"
  expect 1 "a frame whose stated game contradicts its checksum" -- "$fc" replay frame.jsonl --verify --no-progress
  says out.txt "first differs at frame 2"
  # A key twice in one object: the reader keeps neither.
  sed '3s/"game_changes":{/"game_changes":{"phase time":1,/' s.jsonl >twice.jsonl
  expect 2 "a game change given twice" -- "$fc" replay twice.jsonl --verify --no-progress
  says err.txt "twice.jsonl:line 3: the key \"phase time\" is given twice"
  expect 0 "the session as recorded still verifies" -- "$fc" replay s.jsonl --verify --no-progress
  ;;

*)
  echo "unknown class '$class'"
  exit 2
  ;;
esac

finish "$class"
