#!/usr/bin/env bash
# The CLI under hostile conditions, run against the real binary: one ctest test per class.
#   hostile.sh FRAMECHECK SESSION CLASS [CASE_BINARY]
# Every class works in a scratch folder of its own and never names a file outside it as an output:
# device nodes are made there (as root), the machine's own are reached through links there, and
# /dev/full is only ever a shell redirection.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

fc=$1
session=$2
class=$3
cases=${4:-}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/framecheck-hostile-$class.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1
cp "$session" s.jsonl

source "$here/hostile_lib.sh"

case $class in
devices-and-links)
  # A device node in the scratch folder stands for /dev/null: written through, never replaced.
  if [ "$(id -u)" -eq 0 ] && mknod null c 1 3 2>/dev/null; then
    expect 0 "replay --plot onto a device" -- "$fc" replay s.jsonl --no-progress --plot null
    expect 0 "replay --metrics-csv onto a device" -- "$fc" replay s.jsonl --no-progress --metrics-csv null
    expect 0 "replay --png onto a device" -- "$fc" replay s.jsonl --no-progress --png 10:null
    expect 0 "record --out onto a device" -- "$fc" record --frames 30 --out null
    "$fc" demo --frames 2 --width 320 --height 180 --png a.png >/dev/null
    "$fc" demo --frames 90 --width 320 --height 180 --png b.png >/dev/null
    expect 1 "diff --diff onto a device" -- "$fc" diff a.png b.png --diff null
    [ -c null ] || fail "the device node was replaced"
  else
    echo "skipped: the device-node part needs root (mknod)"
  fi
  # The machine's own nodes are reached only through links in the scratch folder, so that even a
  # regressed binary could replace nothing but the link.
  ln -s /dev/null devnull
  expect 0 "a link to /dev/null as an output" -- "$fc" replay s.jsonl --no-progress --plot devnull
  [ -L devnull ] || fail "the link to /dev/null was replaced"
  # A link to this process's standard output (what /dev/stdout is) prints; so does -.
  ln -s /proc/self/fd/1 stdout_link
  expect 0 "--metrics-csv through a link to stdout" -- "$fc" replay s.jsonl --no-progress --metrics-csv stdout_link
  says out.txt "frame,sample_ms,mean_ms,p95_ms,p99_ms"
  [ -L stdout_link ] || fail "the link to stdout was replaced"
  expect 0 "--metrics-csv -" -- "$fc" replay s.jsonl --no-progress --metrics-csv -
  says out.txt "frame,sample_ms,mean_ms,p95_ms,p99_ms"
  [ "$(wc -l <out.txt)" -eq 1801 ] || fail "the CSV on stdout has $(wc -l <out.txt) lines, not 1801"
  # A session recorded to standard output is the session alone; the summary goes to stderr.
  expect 0 "record --out -" -- "$fc" record --frames 30 --out -
  says err.txt "recorded 30 frames"
  mv out.txt piped.jsonl
  expect 0 "the session from stdout verifies" -- "$fc" replay piped.jsonl --verify --no-progress
  # A FIFO is written through; one that nobody reads is an error, not a hang.
  mkfifo pipe
  (cat pipe >from_pipe.csv) &
  expect 0 "--metrics-csv into a FIFO" -- "$fc" replay s.jsonl --no-progress --metrics-csv pipe
  wait
  says from_pipe.csv "frame,sample_ms"
  expect 2 "a FIFO nobody reads" -- "$fc" replay s.jsonl --no-progress --metrics-csv pipe
  says err.txt "no program is reading"
  [ -p pipe ] || fail "the FIFO was replaced"
  # A symlink keeps being a link; its target gets the new file.
  echo old >target.csv
  ln -s target.csv link.csv
  expect 0 "--metrics-csv through a symlink" -- "$fc" replay s.jsonl --no-progress --metrics-csv link.csv
  [ -L link.csv ] || fail "the symlink was replaced by a file"
  says target.csv "frame,sample_ms"
  no_leftovers
  ;;

output-is-input)
  cp s.jsonl original.jsonl
  ln -s s.jsonl alias.jsonl
  expect 2 "replay --metrics-csv onto its own session" -- "$fc" replay s.jsonl --metrics-csv s.jsonl
  says err.txt "same file as the input"
  expect 2 "replay --png onto its own session" -- "$fc" replay s.jsonl --png 10:s.jsonl
  expect 2 "replay --plot onto a link to its session" -- "$fc" replay s.jsonl --plot alias.jsonl
  unchanged s.jsonl original.jsonl
  printf '{"frame": 5, "key": "Backquote"}\n' >x.jsonl
  cp x.jsonl x.original
  expect 2 "record --input x --out x" -- "$fc" record --frames 10 --input x.jsonl --out x.jsonl
  unchanged x.jsonl x.original
  "$fc" demo --frames 2 --width 64 --height 48 --png a.png >/dev/null
  "$fc" demo --frames 3 --width 64 --height 48 --png b.png >/dev/null
  cp b.png b.original
  expect 2 "diff a.png b.png --diff b.png" -- "$fc" diff a.png b.png --diff b.png
  unchanged b.png b.original
  expect 2 "two outputs that are one file" -- "$fc" replay s.jsonl --plot p.png --png 10:./p.png
  [ ! -e p.png ] || fail "an output was written before the refusal"
  no_leftovers
  ;;

concurrent-records)
  "$fc" record --frames 90 --realtime --out same.jsonl >a.out 2>a.err &
  first=$!
  sleep 0.3
  expect 2 "a second record to the same output" -- "$fc" record --frames 90 --out same.jsonl
  says err.txt "another recording is writing it now"
  wait $first || fail "the first record failed: $(cat a.err)"
  expect 0 "the first recording verifies" -- "$fc" replay same.jsonl --verify --no-progress
  # What a killed run left is kept and refused, never truncated.
  printf '%s\n' "$(head -n 3 s.jsonl)" >left.jsonl.partial
  cp left.jsonl.partial left.original
  expect 2 "record over a killed run's .partial" -- "$fc" record --frames 10 --out left.jsonl
  says err.txt "left from a recording that did not finish"
  unchanged left.jsonl.partial left.original
  ;;

sigint-mid-write)
  # A long replay writing a large CSV, interrupted at many moments: never a temporary left.
  # A script's background jobs ignore SIGINT; env gives them the default back, as at a terminal.
  interrupted=0
  for delay in 0.01 0.02 0.03 0.05 0.07 0.08 0.09 0.1 0.11 0.12; do
    env --default-signal=INT "$fc" replay s.jsonl --no-progress --metrics-csv out.csv \
      --plot plot.png --png 1700:f.png >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -INT "$pid" 2>/dev/null
    wait "$pid"
    [ $? -eq 130 ] && interrupted=$((interrupted + 1))
    no_leftovers
    if [ -e out.csv ]; then
      [ "$(wc -l <out.csv)" -eq 1801 ] || fail "out.csv is half written ($(wc -l <out.csv) lines)"
    fi
  done
  [ "$interrupted" -gt 0 ] || fail "no run was interrupted: the test proved nothing"
  echo "ok: $interrupted of 10 runs interrupted, nothing left behind or half written"
  # An interrupted recording keeps its .partial, a replayable prefix whose frames after the last
  # checkpoint replay unverified, and the replay says so. A signal that lands just after a
  # checkpoint (one frame in 60), or before the first frame on a slow machine, leaves no such
  # frames: the recording is interrupted again, up to five times, until one ends between two.
  between=""
  for attempt in 1 2 3 4 5; do
    env --default-signal=INT "$fc" record --frames 600 --realtime --out "rec$attempt.jsonl" \
      >/dev/null 2>&1 &
    pid=$!
    sleep 1.5
    kill -INT "$pid"
    wait "$pid"
    [ -e "rec$attempt.jsonl.partial" ] || fail "an interrupted recording left no .partial"
    if tail -n 1 "rec$attempt.jsonl.partial" | grep -q '"type":"frame"'; then
      between="rec$attempt.jsonl.partial"
      break
    fi
  done
  [ -n "$between" ] || fail "no interrupted recording of 5 ended between two checkpoints"
  expect 0 "the interrupted recording's prefix replays" -- "$fc" replay "$between" --verify --no-progress
  says err.txt "replay unverified"
  no_leftovers
  ;;

tick-bomb)
  # Valid by every per-field range, but each frame asks for 600,000 ticks.
  {
    echo '{"type":"header","format":1,"framecheck":"0","game":"arena","game_version":"1.0.0","seed":1,"surface":[64,48],"logical":[320,180],"tick_rate":10000,"fps":60,"checkpoint_every":1}'
    for i in $(seq 1 300); do echo "{\"type\":\"frame\",\"frame\":$i,\"dt\":60000000000,\"sample\":1}"; done
  } >bomb.jsonl
  start=$(date +%s%N)
  expect 2 "the tick bomb" -- "$fc" replay bomb.jsonl --verify --no-progress
  echo "   refused in $((($(date +%s%N) - start) / 1000000)) ms"
  says err.txt "bomb.jsonl:line 2: frame 1 asks for 600000 ticks"
  ;;

endless-input)
  expect 2 "replay /dev/zero" -- "$fc" replay /dev/zero --no-progress
  says err.txt "longer than 8 MiB"
  expect 2 "record --input /dev/zero" -- "$fc" record --frames 10 --input /dev/zero --out r.jsonl
  says err.txt "endless stream"
  mkdir folder
  expect 2 "replay of a directory" -- "$fc" replay folder
  says err.txt "folder: is a directory; expected a session file"
  expect 2 "record --input of a directory" -- "$fc" record --frames 10 --input folder --out r.jsonl
  says err.txt "is a directory; expected an input script"
  expect 2 "diff of a directory" -- "$fc" diff folder folder
  mkfifo silent
  expect 2 "replay of a FIFO nobody writes to" -- "$fc" replay silent
  says err.txt "is a FIFO that no program wrote to"
  expect 0 "replay from standard input" -- bash -c "'$fc' replay - --verify --no-progress <s.jsonl"
  [ ! -e r.jsonl ] && [ ! -e r.jsonl.partial ] || fail "a refused record left a file"
  ;;

full-stdout)
  expect 2 "replay --at --json into a full disk" -- bash -c "'$fc' replay s.jsonl --at 10 --json >/dev/full"
  says err.txt "cannot write to standard output"
  expect 2 "--metrics-csv - into a full disk" -- bash -c "'$fc' replay s.jsonl --no-progress --metrics-csv - >/dev/full"
  expect 2 "games into a full disk" -- bash -c "'$fc' games >/dev/full"
  ;;

verify-rules)
  head -n 5 s.jsonl | grep -v '"type":"checkpoint"' >nocheck.jsonl
  expect 2 "a finished session without its last checkpoint" -- "$fc" replay nocheck.jsonl --verify
  says err.txt "with no checkpoint for it"
  cp nocheck.jsonl nocheck.jsonl.partial
  expect 2 "verify with nothing to compare" -- "$fc" replay nocheck.jsonl.partial --verify
  says err.txt "nothing to verify"
  says err.txt "replay unverified"
  {
    head -n 1 s.jsonl
    grep -m1 '"type":"checkpoint"' s.jsonl | sed 's/"frame":[0-9]*/"frame":0/'
    sed -n 2p s.jsonl
  } >early.jsonl
  expect 2 "a checkpoint before any frame" -- "$fc" replay early.jsonl --verify
  says err.txt "comes before any frame"
  sed -E 's/"checksum":"([0-9a-f]+)"/"checksum":"\U\1"/' s.jsonl >upper.jsonl
  expect 0 "upper-case checksums verify" -- "$fc" replay upper.jsonl --verify --no-progress
  ;;

small-ones)
  expect 0 "--verify=false is honoured" -- "$fc" replay s.jsonl --verify=false --no-progress
  [ ! -s out.txt ] || fail "--verify=false still verified: $(cat out.txt)"
  expect 2 "--frames 0x10" -- "$fc" record --frames 0x10 --out r.jsonl
  says err.txt "--frames must be a whole number"
  expect 2 "--out ''" -- "$fc" record --frames 10 --out ''
  says err.txt "--out needs a file name"
  expect 2 "--checkpoint-every 2000000000" -- "$fc" record --frames 10 --checkpoint-every 2000000000 --out r.jsonl
  printf '{"frame": 5, "travel": "arena-9"}\n' >travel.jsonl
  expect 2 "travel to an unknown level" -- "$fc" record --frames 10 --input travel.jsonl --out r.jsonl
  says err.txt "travel.jsonl:frame 5: travel to unknown level 'arena-9'; the game has arena-1, arena-2"
  expect 2 "check-determinism: travel to an unknown level" -- "$fc" check-determinism --frames 10 --script travel.jsonl
  says err.txt "travel.jsonl:frame 5: travel to unknown level 'arena-9'; the game has arena-1, arena-2"
  printf '{"frame": 5, "key": "Backquote"}\n{"frame": 50, "key": "Backquote"}\n' >late.jsonl
  expect 0 "events past --frames" -- "$fc" record --frames 10 --input late.jsonl --out late_run.jsonl
  says err.txt "1 event is past frame 10"
  [ ! -e r.jsonl ] && [ ! -e r.jsonl.partial ] || fail "a refused record left a file"
  ;;

hostile-png)
  # PNGs that cost a naive reader far more than their size, under a 1 GB address-space limit:
  # each is refused with exit 2, quickly, never an abort. (Timings are printed, not asserted.)
  corpus=$(dirname "$0")/../../harness/image/tests/data/pngsuite
  ok=$corpus/rgb_8.png
  # AddressSanitizer reserves terabytes of shadow address space, so an ASan build cannot start
  # under ulimit -v at all: there the bombs run without it, and the forced out-of-memory is left out.
  limit="ulimit -v 1000000;"
  # The whole list first: grep -q would stop reading, and a long list would then die of SIGPIPE,
  # which pipefail would turn into "not ASan".
  libraries=$(ldd "$fc" 2>/dev/null || true)
  if [[ $libraries == *libasan* ]]; then
    limit=""
    echo "note: an AddressSanitizer build: run without ulimit -v"
  fi
  for bomb in "$corpus"/hostile/*.png; do
    name=$(basename "$bomb")
    start=$(date +%s%N)
    expect 2 "diff with $name ($limit)" -- \
      bash -c "$limit exec /usr/bin/time -f '%M KB' '$fc' diff '$ok' '$bomb'"
    echo "   refused in $((($(date +%s%N) - start) / 1000000)) ms, peak $(tail -1 err.txt)"
    says err.txt "$name"
    expect 2 "diff with $name as the expected image" -- \
      bash -c "$limit exec '$fc' diff '$bomb' '$bomb'"
  done
  if [ -n "$limit" ]; then
    # Past the pixel limit on purpose, the same image runs out of memory: exit 2 naming the file.
    expect 2 "a billion pixels let through, under ulimit -v 1000000" -- \
      bash -c "$limit exec '$fc' diff --max-pixels 2000000000 '$corpus/hostile/billion_pixels_1bit.png' '$corpus/hostile/billion_pixels_1bit.png'"
    says err.txt "out of memory"
    says err.txt "billion_pixels_1bit.png"
    if grep -q "terminate called\|Aborted" err.txt; then fail "the process aborted"; fi
  fi
  ;;

report-xml)
  # Deep nesting is walked, not recursed: a hundred thousand nested suites are one case.
  {
    printf '<testsuites>'
    for _ in $(seq 100000); do printf '<testsuite name="s">'; done
    printf '<testcase name="deep" classname="S"><failure message="x">deep</failure></testcase>'
    for _ in $(seq 100000); do printf '</testsuite>'; done
    printf '</testsuites>\n'
  } >deep.xml
  expect 1 "100,000 nested <testsuite>s: read, the failing case counted" -- "$fc" report --junit deep.xml --out deep
  says deep/index.html "deep"
  # A document that goes on after its root is not JUnit: two documents, or a case after the end.
  pass='<testsuites><testsuite name="A"><testcase name="ok" classname="A"/></testsuite></testsuites>'
  fail='<testsuites><testsuite name="B"><testcase name="bad" classname="B"><failure message="no">no</failure></testcase></testsuite></testsuites>'
  printf '%s\n%s\n' "$pass" "$fail" >two.xml
  expect 2 "two concatenated JUnit documents" -- "$fc" report --junit two.xml --out two
  says err.txt "two.xml:byte "
  says err.txt "the document goes on after its root <testsuites>"
  printf '%s\n<testcase name="late"><failure/></testcase>\n' "$pass" >after.xml
  expect 2 "a failing case after </testsuites>" -- "$fc" report --junit after.xml --out after
  says err.txt "after.xml:byte "
  [ ! -e two/index.html ] && [ ! -e after/index.html ] || fail "a page was written for bad input"
  # ctest's "Not Run" is a failure, as ctest counts it; its skips and disabled tests are not.
  cat >ctest.xml <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="(empty)" tests="4" failures="0" disabled="1" skipped="3" time="0">
	<testcase name="skips" classname="skips" time="0.004" status="notrun"><skipped message="SKIP_RETURN_CODE=77"/></testcase>
	<testcase name="missing" classname="missing" time="0" status="notrun"><skipped message="Unable to find executable"/></testcase>
	<testcase name="fixture" classname="fixture" time="0" status="notrun"><skipped message="Fixture dependency failed"/></testcase>
	<testcase name="disabled" classname="disabled" time="0" status="disabled"></testcase>
</testsuite>
XML
  expect 1 "ctest's not-run cases fail the report" -- "$fc" report --junit ctest.xml --out ctest
  says out.txt "2 failed"
  says ctest/index.html "not run: Unable to find executable"
  says ctest/index.html "not run: Fixture dependency failed"
  # A time that is not a time is shown as none, never as "nan s".
  printf '<testsuites><testsuite name="T"><testcase name="a" classname="T" time="nan"/><testcase name="b" classname="T" time="1e308"/></testsuite></testsuites>\n' >times.xml
  expect 0 "times of nan and 1e308" -- "$fc" report --junit times.xml --out times
  if grep -qiE "nan s|inf s|e\+30" times/index.html; then fail "a time shown raw: $(grep -oiE '[^>]*(nan|inf|e\+30)[^<]*' times/index.html | head -2)"; fi
  ;;

case-folders)
  # Every folder option a case binary takes is checked: an empty one is a message and exit 2.
  if [ -z "$cases" ]; then fail "no case binary given"; else
    expect 2 "--golden-dir= (empty)" -- "$cases" --golden-dir= --gtest_filter='*'
    says err.txt "--golden-dir needs a folder; it was given ''"
    expect 2 "--artifacts-dir= (empty)" -- "$cases" --artifacts-dir= --gtest_filter='*'
    says err.txt "--artifacts-dir needs a folder"
    printf 'x' >a_file
    expect 2 "--golden-dir naming a file" -- "$cases" --golden-dir=a_file --gtest_filter='*'
    says err.txt "a_file is not a folder"
    if grep -q "terminate called\|Aborted" err.txt; then fail "the case binary aborted"; fi
    # The artifacts folder is there after a clean run, so a report can tell it from a typo.
    expect 0 "a clean run with a new --artifacts-dir" -- "$cases" --artifacts-dir="$PWD/new/artifacts" --gtest_filter='*ALargeSurface'
    [ -d new/artifacts ] || fail "the artifacts folder was not made"
  fi
  ;;

session-bytes)
  # A NUL ends a C string, never a JSON line: a record, a NUL and a checkpoint on one line is bad
  # input naming the line and column, not one checkpoint fewer verified.
  at=$(grep -n -m1 '"type":"checkpoint"' s.jsonl | cut -d: -f1)
  awk -v at="$at" 'NR == at - 1 { frame = $0; next } NR == at { printf "%s%c%s\n", frame, 0, $0; next }
       { print }' s.jsonl >nul.jsonl
  expect 2 "a frame record, a NUL and its checkpoint on one line" -- "$fc" replay nul.jsonl --verify --no-progress
  says err.txt "nul.jsonl:line $((at - 1)): a NUL byte at column "
  # A NUL in the header too.
  { head -c 20 s.jsonl; printf '\0'; tail -c +21 s.jsonl; } >nul_header.jsonl
  expect 2 "a NUL in the header line" -- "$fc" replay nul_header.jsonl --no-progress
  says err.txt "nul_header.jsonl:line 1: a NUL byte at column 21"
  # A cut-short last line of NULs (what a file system leaves of a crash) is a cut-short line.
  { cat s.jsonl; head -c 300 /dev/zero; } >zeros.jsonl
  expect 0 "a crash's NULs after the last line" -- "$fc" replay zeros.jsonl --no-progress
  ;;

terminal-text)
  # Text from a session reaches the terminal escaped: no raw ESC, BEL or C1 control gets through.
  # The first checkpoint's "leader" reading, "none", recorded as clear-screen, a window title, a
  # clipboard write and a C1 CSI: the replay's "none" then differs from it, and is printed.
  sed '0,/"name":"leader","value":"none"/s//"name":"leader","value":"\\u001b[2J\\u001b]0;owned\\u0007\\u001b]52;c;ZXZpbA==\\u0007\\u009b31mall match"/' \
    s.jsonl >escapes.jsonl
  expect 1 "replay --verify of a reading holding escape sequences" -- "$fc" replay escapes.jsonl --verify --no-progress
  if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' out.txt err.txt || LC_ALL=C grep -q $'\xc2[\x80-\x9f]' out.txt err.txt; then
    fail "a raw control character reached the terminal: $(LC_ALL=C grep -c $'\x1b' out.txt err.txt)"
  fi
  says out.txt '\u001b[2J'
  # A header's game name reaches stderr escaped too.
  sed '1s/"game":"arena"/"game":"ar\\u001b[2Jena"/' s.jsonl >game.jsonl
  expect 2 "a header game holding ESC" -- "$fc" replay game.jsonl --no-progress
  if LC_ALL=C grep -q $'\x1b' err.txt; then fail "a raw ESC reached stderr"; fi
  says err.txt 'ar\u001b[2Jena'
  ;;

strict-options)
  # A decimal option is a decimal number and nothing else, and its error names it.
  "$fc" demo --frames 2 --width 32 --height 24 --png a.png >/dev/null
  for bad in "0,5" "0.1abc" "0.5 1" " 0.5" "nan" "inf" "0x1p-1" ""; do
    expect 2 "diff --threshold '$bad'" -- "$fc" diff a.png a.png --threshold "$bad"
    says err.txt "--threshold must be a decimal number from 0 to 1, not '$bad'"
  done
  expect 2 "diff --alpha 0.5x" -- "$fc" diff a.png a.png --alpha 0.5x
  says err.txt "--alpha must be a decimal number from 0 to 1, not '0.5x'"
  expect 2 "view --speed 2x" -- timeout 20 env SDL_VIDEODRIVER=offscreen "$fc" view s.jsonl --speed 2x
  says err.txt "--speed must be a decimal number from 0.0625 to 16, not '2x'"
  expect 0 "diff --threshold 5e-1 (a decimal in another spelling)" -- "$fc" diff a.png a.png --threshold 5e-1
  ;;

report-files)
  "$fc" demo --frames 2 --width 64 --height 48 --png a.png >/dev/null
  "$fc" demo --frames 90 --width 64 --height 48 --png b.png >/dev/null
  junit() {  # junit FILE SUITE CASE [failed]: one case
    if [ -n "${4:-}" ]; then
      printf '<testsuites><testsuite name="%s"><testcase name="%s" classname="%s"><failure message="x">x</failure></testcase></testsuite></testsuites>\n' "$2" "$3" "$2" >"$1"
    else
      printf '<testsuites><testsuite name="%s"><testcase name="%s" classname="%s"/></testsuite></testsuites>\n' "$2" "$3" "$2" >"$1"
    fi
  }
  junit cases.xml Menu MainScreen
  # Every file the report writes is checked against every input, the copies too.
  mkdir -p po/sessions && cp a.png po/sessions/s.plot.png && cp po/sessions/s.plot.png keep.png
  expect 2 "--picture that the session's plot would replace" -- "$fc" report --junit cases.xml --session s.jsonl --picture po/sessions/s.plot.png --out po
  unchanged po/sessions/s.plot.png keep.png
  mkdir -p g/hud pj/goldens/hud && cp a.png g/hud/main_screen.png
  junit pj/goldens/hud/main_screen.png Hud MainScreen && cp pj/goldens/hud/main_screen.png keep.xml
  expect 2 "--junit that a golden's copy would replace" -- "$fc" report --junit pj/goldens/hud/main_screen.png --golden-dir g --out pj
  unchanged pj/goldens/hud/main_screen.png keep.xml
  # Copies never share a name: two pictures and two sessions of one file name are both shown.
  mkdir -p x y && cp a.png x/frame.png && cp b.png y/frame.png && cp s.jsonl x/run.jsonl && cp s.jsonl y/run.jsonl
  expect 0 "two --pictures and two --sessions of one name" -- "$fc" report --junit cases.xml --picture x/frame.png --picture y/frame.png --session x/run.jsonl --session y/run.jsonl --out two
  cmp -s two/pictures/frame.png x/frame.png || fail "the first frame.png is not x's"
  cmp -s two/pictures/frame-2.png y/frame.png || fail "the second frame.png is not y's"
  [ -s two/sessions/run.plot.png ] && [ -s two/sessions/run-2.plot.png ] || fail "the two plots share a name"
  says two/index.html "pictures/frame-2.png"
  # Goldens are matched by suite: Menu.MainScreen shows menu's, not the first folder's.
  mkdir -p g/menu && cp b.png g/menu/main_screen.png
  expect 0 "a case whose golden name two suites hold" -- "$fc" report --junit cases.xml --golden-dir g --out suites
  says suites/index.html "goldens/menu/main_screen.png"
  if grep -q "goldens/hud/main_screen.png" suites/index.html; then fail "hud's golden shown for Menu"; fi
  # A mistyped --golden-dir is named; a picture is a PNG, refused at its first bytes if not.
  expect 2 "a --golden-dir that does not exist" -- "$fc" report --junit cases.xml --golden-dir gold --out typo
  says err.txt "--golden-dir gold: no such folder"
  printf 'not a png at all' >notes.png
  expect 2 "a --picture that is not a PNG" -- "$fc" report --junit cases.xml --picture notes.png --out notpng
  says err.txt "notes.png:byte 0: not a PNG file"
  head -c 100 a.png >cut.png
  expect 2 "a --picture cut short" -- "$fc" report --junit cases.xml --picture cut.png --out cut
  says err.txt "cut.png:byte 51: chunk 'IDAT' declares"
  ln -s /dev/zero zero.png
  start=$EPOCHREALTIME
  expect 2 "a --picture of /dev/zero" -- "$fc" report --junit cases.xml --picture zero.png --out zero
  awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { exit !(e - s < 2) }' || fail "/dev/zero took more than 2 s to refuse"
  says err.txt "zero.png:byte 0: not a PNG file"
  # Matching costs cases plus files: 50,000 cases against 300 suite folders in a few seconds.
  mkdir -p many
  for i in $(seq 300); do mkdir -p "many/suite_$i" && : >"many/suite_$i/other.png"; done
  cp a.png many/suite_7/case_7.png
  { printf '<testsuites><testsuite name="Suite7">'
    for i in $(seq 50000); do printf '<testcase name="Case%d" classname="Suite7"/>' "$i"; done
    printf '</testsuite></testsuites>\n'; } >many.xml
  start=$EPOCHREALTIME
  expect 0 "50,000 cases against 300 suite folders" -- "$fc" report --junit many.xml --golden-dir many --out big
  awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "    took %.2f s\n", e - s; exit !(e - s < 10) }' || fail "matching took 10 s or more"
  says big/index.html "goldens/suite_7/case_7.png"
  ;;

recordings)
  # Whatever record writes, replay reads: a frame too full for a session line ends the recording
  # there, naming the frame, with the frames before it kept.
  # (9,000 presses of a 1,000-character key on frame 5: the 750,000 short ones of the finding make
  # the same over-long line, more slowly.)
  python3 -c 'import sys; sys.stdout.write(("{\"frame\": 5, \"key\": \"%s\"}\n" % ("K" * 1000)) * 9000)' >flood.jsonl
  expect 2 "record --input with 9 MB of events on frame 5" -- "$fc" record --frames 10 --input flood.jsonl --out flood_s.jsonl
  says err.txt "flood_s.jsonl:frame 5: the frame's record is "
  says err.txt "bytes, longer than the 8388608 (8 MiB) a session line may be"
  says err.txt "is kept in flood_s.jsonl.partial"
  [ ! -e flood_s.jsonl ] || fail "a session replay would refuse was written"
  expect 0 "the kept prefix replays" -- "$fc" replay flood_s.jsonl.partial --no-progress
  # A disk that fills mid-recording keeps what was recorded, and says where (a 20 KiB file limit
  # stands for the full disk: writes past it fail with EFBIG).
  (ulimit -f 20; trap '' XFSZ; "$fc" record --frames 600 --out full.jsonl >out.txt 2>err.txt)
  status=$?
  [ "$status" -eq 2 ] || fail "record onto a full disk: exit $status, expected 2"
  says err.txt "is kept in full.jsonl.partial, which replays as a prefix"
  [ -s full.jsonl.partial ] || fail "the recording was deleted"
  expect 0 "the full disk's prefix replays" -- "$fc" replay full.jsonl.partial --no-progress
  # Where the limit falls is the lines' lengths' doing (each frame's sample is measured): mid-line
  # the reader also says the last line is cut short; either way the frames after the last
  # checkpoint replay unverified, and it says so.
  says err.txt "have no checkpoint; they replay unverified"
  # A pointer button as SDL numbers it past 32 (xdotool click 40, button 36) is recorded as 35
  # and read back; the reader's bound is SDL's, 254.
  sed '11s/"checksum"/"inputs":[{"pointer":"down","x":10.0,"y":10.0,"button":35},{"pointer":"up","x":10.0,"y":10.0,"button":254}],"checksum"/' s.jsonl >buttons.jsonl
  grep -q '"button":35' buttons.jsonl || fail "the test session was not made"
  expect 0 "a session with buttons 35 and 254 reads" -- "$fc" replay buttons.jsonl --no-progress
  # play --record onto the full disk keeps the person's frames the same way (SDL's offscreen
  # driver: a real window loop with no display).
  # (SDL's libraries keep allocations to the end of the process, which LeakSanitizer would call
  # leaks of this binary under the asan preset, as the window tests note.)
  (ulimit -f 20; trap '' XFSZ; ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    SDL_VIDEODRIVER=offscreen "$fc" play --record played.jsonl --frames 600 --vsync=false --size 320x180 >out.txt 2>err.txt)
  status=$?
  if grep -q "built without SDL2" err.txt; then
    echo "    (play is not built here)"
  else
    [ "$status" -eq 2 ] || fail "play --record onto a full disk: exit $status, expected 2"
    says err.txt "is kept in played.jsonl.partial, which replays as a prefix"
    expect 0 "the played prefix replays" -- "$fc" replay played.jsonl.partial --no-progress
  fi
  # The grid costs the surface's pixels, not the logical size: a million logical units a side.
  sed '1s/"logical":\[320.0,180.0\]/"logical":[1000000.0,1000000.0]/' s.jsonl >huge.jsonl
  grep -q '"logical":\[1000000.0' huge.jsonl || fail "the test session was not made"
  start=$EPOCHREALTIME
  expect 0 "replay --png of a frame a million units a side" -- "$fc" replay huge.jsonl --no-progress --png 2:huge.png
  awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "    took %.2f s\n", e - s; exit !(e - s < 5) }' || fail "the frame took 5 s or more"
  # play ended from a script, with no window manager: SIGTERM (what kill and timeout send, and
  # what reaches a script's background job, whose SIGINT the shell ignores) ends it as closing
  # the window does, the session finished on the frame before and verifying.
  rm -f termed.jsonl termed.jsonl.partial
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" SDL_VIDEODRIVER=offscreen \
    timeout --preserve-status -s TERM -k 5 2 "$fc" play --record termed.jsonl --vsync=false --fps-cap 120 --size 320x180 >out.txt 2>err.txt
  status=$?
  if grep -q "built without SDL2" err.txt; then
    echo "    (play is not built here)"
  else
    [ "$status" -eq 0 ] || fail "play ended by SIGTERM: exit $status, expected 0: $(head -c 200 err.txt)"
    says out.txt "recorded to termed.jsonl"
    [ ! -e termed.jsonl.partial ] || fail "play ended by SIGTERM left its .partial"
    expect 0 "the session play finished on SIGTERM verifies" -- "$fc" replay termed.jsonl --verify --no-progress
  fi
  # view of it answers SIGINT within a frame or so (SDL's offscreen driver: no display needed).
  # timeout sends it after 2 s, from the foreground, where SIGINT is not ignored as it is for a
  # script's background jobs; and kills it 5 s later if it did not answer.
  start=$EPOCHREALTIME
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" SDL_VIDEODRIVER=offscreen \
    timeout -s INT -k 5 2 "$fc" view huge.jsonl >view.out 2>view.err
  status=$?
  if grep -q "built without SDL2" view.err; then
    echo "    (view is not built here)"
  else
    awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "    view ended %.2f s after it started, SIGINT at 2 s\n", e - s; exit !(e - s < 5) }' ||
      fail "view took 3 s or more to answer SIGINT"
    [ "$status" -ne 137 ] || fail "view had to be killed: $(head -c 200 view.err)"
  fi
  ;;

goldens-and-diff)
  # Update mode writes a golden through a link to one not written yet, as the output rule says.
  if [ -z "$cases" ]; then fail "no case binary given"; else
    mkdir -p g/arena && ln -s ../../linked_golden.png g/arena/a_large_surface.png
    expect 0 "update mode onto a dangling link" -- "$cases" --golden-dir="$PWD/g" --artifacts-dir="$PWD/art" --update-goldens --gtest_filter='*ALargeSurface'
    [ -L g/arena/a_large_surface.png ] || fail "the link was replaced"
    [ -s linked_golden.png ] || fail "the link's target was not written"
  fi
  # --ignore costs its regions plus the pixels: 15,000 one-pixel regions on a 2000x2000 pair.
  # A grey 2000x2000 pair whose second is repainted red: four million pixels to judge.
  python3 - <<'PY'
import struct, zlib
def png(name, block):
    w = h = 2000
    rows = bytearray()
    for y in range(h):
        row = bytearray([90, 90, 90]) * w
        if block:
            row = bytearray([200, 40, 40]) * w
        rows += b"\0" + row
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    open(name, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(bytes(rows), 1)) + chunk(b"IEND", b""))
png("big_a.png", False)
png("big_b.png", True)
PY
  ignores=()
  for part in 0 1 2; do
    ignores+=(--ignore "$(awk -v p=$part 'BEGIN { for (i = 0; i < 5000; i++) { x = (i * 37 + p * 11) % 2000; y = (i * 53 + p * 7) % 2000; printf "%s%d:%d-%d:%d", (i ? "," : ""), x, y, x, y } }')")
  done
  start=$EPOCHREALTIME
  expect 1 "diff --ignore with 15,000 one-pixel regions" -- "$fc" diff big_a.png big_b.png "${ignores[@]}" --diff big_d.png
  awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "    took %.2f s\n", e - s; exit !(e - s < 5) }' || fail "the diff took 5 s or more"
  # A corrupt PNG is bad input even when its size differs from the other's: both are read first.
  "$fc" demo --frames 2 --width 64 --height 48 --png small.png >/dev/null
  "$fc" demo --frames 2 --width 32 --height 24 --png smaller.png >/dev/null
  python3 - small.png corrupt.png <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
at = 8
while at < len(data):
    length, kind = struct.unpack(">I4s", data[at:at + 8])
    if kind == b"IDAT":
        data[at + 8 + length // 2] ^= 0xFF
        break
    at += 12 + length
open(sys.argv[2], "wb").write(data)
PY
  expect 2 "diff of a corrupt PNG against one of another size" -- "$fc" diff corrupt.png smaller.png
  says err.txt "corrupt.png"
  expect 1 "two good PNGs of different sizes still differ" -- "$fc" diff small.png smaller.png
  says out.txt "sizes differ: 64x48"
  ;;

*)
  echo "unknown class '$class'"
  exit 2
  ;;
esac

finish "$class"
