#!/usr/bin/env bash
# `framecheck report` in a real browser, from both kinds of JUnit: the arena suite run with one
# golden broken on purpose and one session whose frame 200 was altered, reported from the case
# binary's GoogleTest XML and from ctest's own --output-junit, each page opened in Chromium at
# 1280 px and at 760 px. Fails on a picture that does not load, any console message, a caption
# that overlaps another box or text wider than its box (measured in the page by
# report_layout.js), a page that scrolls sideways, doubled names, filters that do not filter, or
# a divergence clip that does not animate (screenshots of a real window under Xvfb, 1.5 s apart,
# must change three times in a row). Keeps the pages and screenshots in OUT for a person to look
# at.
#   report_browser.sh FRAMECHECK ARENA_CASES GOLDEN_DIR SESSION OUT
# Exits 77 (skipped) when Chromium is not installed.
set -uo pipefail
fc=$(realpath "$1")
cases=$(realpath "$2")
golden=$(realpath "$3")
session=$(realpath "$4")
out=$5
here=$(cd "$(dirname "$0")" && pwd)

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "skipped: no chromium on this machine (tools/install-deps.sh installs Debian's chromium)"
  exit 77
fi

rm -rf "$out"
mkdir -p "$out/golden" "$out/ctest"
out=$(cd "$out" && pwd)
cp -r "$golden/arena" "$out/golden/arena"
# The deliberate break: another golden of the same size in this case's place.
broken=a_spike_raises_the_graph_scale_above_the_floor
cp "$out/golden/arena/the_graph_floor_keeps_an_even_run_flat.png" "$out/golden/arena/$broken.png"
# A session that diverges at frame 200: that frame's recorded checksum changed.
sed -E '/"type":"frame","frame":200,/ s/"checksum":"[0-9a-f]+"/"checksum":"0123456789abcdef"/' \
  "$session" >"$out/diverged.jsonl"

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# 1. GoogleTest's XML, from the case binary.
"$cases" --gtest_brief=1 --golden-dir="$out/golden" --artifacts-dir="$out/artifacts-gtest" \
  --gtest_output="xml:$out/cases.xml" >"$out/cases.log" 2>&1
# 2. ctest's own JUnit, from a ctest file that registers every case as framecheck_add_cases
#    does (prefix.Fixture.Case) and the sessions as framecheck_add_sessions does.
{
  "$cases" --gtest_list_tests | awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}' |
    while read -r id; do
      echo "add_test(arena.$id \"$cases\" --gtest_filter=$id --golden-dir=$out/golden --artifacts-dir=$out/artifacts-ctest)"
    done
  echo "add_test(session.arena_hitch.verify \"$fc\" replay \"$session\" --verify --no-progress)"
  echo "add_test(session.diverged.verify \"$fc\" replay \"$out/diverged.jsonl\" --verify --no-progress)"
} >"$out/ctest/CTestTestfile.cmake"
ctest --test-dir "$out/ctest" -j2 --output-junit "$out/ctest.xml" >"$out/ctest.log" 2>&1

report() {  # report NAME JUNIT ARTIFACTS
  "$fc" report --junit "$2" --golden-dir "$out/golden" --artifacts-dir "$3" \
    --session "$session" --session "$out/diverged.jsonl" --out "$out/$1" \
    --title "arena, one golden and one session broken on purpose ($1)" >"$out/$1.log" 2>&1
  local status=$?
  [ "$status" -eq 1 ] || fail "$1: report exited $status; with a failing case it exits 1: $(cat "$out/$1.log")"
}
report gtest "$out/cases.xml" "$out/artifacts-gtest"
report ctest "$out/ctest.xml" "$out/artifacts-ctest"

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --virtual-time-budget=5000)
attribute() {  # attribute NAME DOM: the value of <body data-NAME="...">
  grep -o "data-$1=\"[0-9]*\"" "$2" | head -1 | tr -dc 0-9
}

# Every page at every width is opened at once, each browser with a profile of its own: eight
# browsers that mostly wait on their own start-up take the time of about two (the checks below
# read what each left).
for kind in gtest ctest; do
  page="$out/$kind/index.html"
  [ -s "$page" ] || continue
  cp "$page" "$out/$kind/measure.html"
  echo "<script>$(cat "$here/report_layout.js")</script>" >>"$out/$kind/measure.html"
  for width in 1280 760; do
    "$browser" "${flags[@]}" --user-data-dir="$out/chromium-$kind-$width-dom" \
      --window-size="$width,1000" --enable-logging=stderr --v=0 \
      --dump-dom "file://$out/$kind/measure.html" >"$out/$kind-$width.dom.html" \
      2>"$out/$kind-$width.browser.log" &
    "$browser" "${flags[@]}" --user-data-dir="$out/chromium-$kind-$width-shot" \
      --window-size="$width,2400" --screenshot="$out/$kind-$width.png" "file://$page" \
      >/dev/null 2>&1 &
  done
done
wait

for kind in gtest ctest; do
  page="$out/$kind/index.html"
  [ -s "$page" ] || {
    fail "$kind: no page"
    continue
  }
  for width in 1280 760; do
    dom="$out/$kind-$width.dom.html"
    grep -q 'data-images-broken="0"' "$dom" ||
      fail "$kind at $width px: a picture did not load: $(grep -o 'missing picture: [^<]*' "$dom" | head -3)"
    [ "$(attribute layout-problems "$dom")" = "0" ] ||
      fail "$kind at $width px: $(sed -n '/<pre id="layout-problems">/,/<\/pre>/p' "$dom" | head -5)"
    [ "$(attribute layout-checked "$dom")" -ge 100 ] || fail "$kind at $width px: nothing measured"
    if grep -q ':CONSOLE' "$out/$kind-$width.browser.log"; then
      fail "$kind at $width px: console messages: $(grep ':CONSOLE' "$out/$kind-$width.browser.log" | head -3)"
    fi
    [ -s "$out/$kind-$width.png" ] || fail "$kind at $width px: no screenshot"
  done
  dom="$out/$kind-1280.dom.html"
  checked=$(attribute images-checked "$dom")
  [ "${checked:-0}" -ge 20 ] || fail "$kind: only ${checked:-0} pictures; expected the goldens, the side-by-side, the clip and the plots"
  # The failing case and the diverged session replayed; ctest's file also has that session's test.
  want_failed=2
  [ "$kind" = ctest ] && want_failed=3
  [ "$(attribute failed-shown "$dom")" = "$want_failed" ] ||
    fail "$kind: 'failed' shows $(attribute failed-shown "$dom") items, not $want_failed"
  [ "$(attribute search-shown "$dom")" = "1" ] ||
    fail "$kind: searching 'tiny surface' shows $(attribute search-shown "$dom") items, not 1"
  for wanted in "$broken differs from its golden" 'expected (the golden)' 'actual (this run)' \
    'diff (differing pixels in red)' 'swipe-control' 'pixels differ;' "beyond pixelmatch" \
    "framecheck goldens accept arena/$broken" 'Session arena_hitch.jsonl' \
    '1800 frames, 30 checkpoints, all match' 'Session diverged.jsonl' 'diverged at frame 200' \
    'sessions/diverged.clip.png' 'frame 200, where it first differs, framed in red'; do
    grep -qF "$wanted" "$dom" || fail "$kind: the page does not show '$wanted'"
  done
done
# ctest's names, once each; its sessions apart from its cases; the failure's own words.
dom="$out/ctest-1280.dom.html"
grep -qF "arena.ArenaCase.ASpikeRaisesTheGraphScaleAboveTheFloor" "$dom" || fail "ctest: the case is not named as ctest names it"
if grep -qE 'arena\.ArenaCase\.[A-Za-z]+\.arena\.' "$dom"; then fail "ctest: a doubled name"; fi
grep -qF '<td>session.diverged.verify</td>' "$dom" || fail "ctest: the session test is not listed"
sed -n '/<h2>Cases<\/h2>/,/<h2>Goldens<\/h2>/p' "$dom" | grep -q 'session\.diverged\.verify' &&
  fail "ctest: a session test is counted among the cases"
grep -qF 'overlay_cases.cpp' "$dom" || fail "ctest: the failure's text (its file and line) is not shown"

# The clip plays: a real Chromium window under Xvfb, watched through screenshots.
if command -v Xvfb >/dev/null && command -v import >/dev/null; then
  display=""
  for n in $(seq 141 190); do
    if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then
      display=":$n"
      break
    fi
  done
  Xvfb "$display" -screen 0 1000x620x24 >/dev/null 2>&1 &
  xvfb=$!
  echo "<!doctype html><body style=\"margin:0;background:#000\"><img src=\"sessions/diverged.clip.png\"></body>" >"$out/ctest/clip.html"
  sleep 1
  DISPLAY=$display "$browser" --no-sandbox --disable-gpu --no-first-run --disable-sync \
    --user-data-dir="$out/chromium-window" --window-position=0,0 --window-size=1000,620 \
    --app="file://$out/ctest/clip.html" >/dev/null 2>&1 &
  window=$!
  # Screenshots 1.5 s apart until three changes in a row: the page's first paints (the page, the
  # infobar) are two at most, so only a picture that moves gives three (the clip loops in 7 s and
  # holds no frame past 1 s, so every two shots of it differ).
  sleep 3
  shot=0
  changes=0
  DISPLAY=$display import -window root "$out/clip-0.png"
  while [ "$shot" -lt 14 ] && [ "$changes" -lt 3 ]; do
    sleep 1.5
    shot=$((shot + 1))
    DISPLAY=$display import -window root "$out/clip-$shot.png"
    if "$fc" diff "$out/clip-$((shot - 1)).png" "$out/clip-$shot.png" --threshold 0 >/dev/null 2>&1; then
      changes=0
    else
      changes=$((changes + 1))
    fi
  done
  kill "$window" "$xvfb" 2>/dev/null
  wait "$window" "$xvfb" 2>/dev/null
  [ "$changes" -ge 3 ] ||
    fail "the divergence clip does not animate: no three changes in a row in $shot screenshots 1.5 s apart ($out/clip-*.png)"
else
  echo "note: no Xvfb or import here, so the clip's animation was not watched"
fi

if [ "$failures" -gt 0 ]; then
  echo "report_browser: $failures failed (pages and screenshots in $out)"
  exit 1
fi
echo "ok: both JUnit kinds, 1280 and 760 px: pictures loaded, no overlap, no console message; the clip animates; screenshots in $out"
