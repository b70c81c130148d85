#!/usr/bin/env bash
# `framecheck report` in a real browser: the arena suite run with one golden broken on purpose,
# the report written, then opened in headless Chromium. Fails on a picture that does not load or
# any console message; keeps the page and a screenshot in OUT for a person to look at.
#   report_browser.sh FRAMECHECK ARENA_CASES GOLDEN_DIR SESSION OUT
# Exits 77 (skipped) when Chromium is not installed.
set -uo pipefail
fc=$1
cases=$2
golden=$3
session=$4
out=$5

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "skipped: no chromium on this machine (tools/install-deps.sh installs Debian's chromium)"
  exit 77
fi

rm -rf "$out"
mkdir -p "$out/golden"
cp -r "$golden/arena" "$out/golden/arena"
# The deliberate break: another golden of the same size in this case's place.
cp "$out/golden/arena/the_graph_floor_keeps_an_even_run_flat.png" \
  "$out/golden/arena/a_spike_raises_the_graph_scale_above_the_floor.png"
"$cases" --gtest_brief=1 --golden-dir="$out/golden" --artifacts-dir="$out/artifacts" \
  --gtest_output="xml:$out/cases.xml" >"$out/cases.log" 2>&1
"$fc" report --junit "$out/cases.xml" --golden-dir "$out/golden" --artifacts-dir "$out/artifacts" \
  --session "$session" --out "$out/report" --title "arena, one golden broken on purpose"
status=$?
if [ "$status" -ne 1 ]; then
  echo "FAIL: report exited $status; with one failing case it exits 1"
  exit 1
fi

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir="$out/chromium-profile" --virtual-time-budget=5000)
page="file://$(cd "$out/report" && pwd)/index.html"
"$browser" "${flags[@]}" --enable-logging=stderr --v=0 --dump-dom "$page" >"$out/dom.html" 2>"$out/browser.log"
"$browser" "${flags[@]}" --window-size=1400,1600 --screenshot="$out/screenshot.png" "$page" \
  >/dev/null 2>&1

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
grep -q 'data-images-broken="0"' "$out/dom.html" || fail "a picture did not load: $(grep -o 'missing picture: [^<]*' "$out/dom.html" | head -3)"
checked=$(grep -o 'data-images-checked="[0-9]*"' "$out/dom.html" | tr -dc 0-9)
[ "${checked:-0}" -ge 20 ] || fail "only ${checked:-0} pictures on the page; expected the goldens, the side-by-side and the plot"
if grep -q ':CONSOLE' "$out/browser.log"; then
  fail "console messages: $(grep ':CONSOLE' "$out/browser.log" | head -3)"
fi
for wanted in 'differs from its golden' 'expected (the golden)' 'actual (this run)' 'swipe-control' \
  'Session arena_hitch.jsonl' '1800 frames, 30 checkpoints, all match'; do
  grep -qF "$wanted" "$out/dom.html" || fail "the page does not show '$wanted'"
done
[ -s "$out/screenshot.png" ] || fail "no screenshot"
if [ "$failures" -gt 0 ]; then
  echo "report_browser: $failures failed"
  exit 1
fi
echo "ok: $checked pictures loaded, no console message; screenshot: $out/screenshot.png"
