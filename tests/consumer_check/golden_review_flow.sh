#!/usr/bin/env bash
# The golden review flow in a studio's project built from the installed package alone, after its
# suite has passed once under ctest:
#   1. one pixel of the committed golden moved by two levels of red fails its case under ctest
#      (goldens are exact);
#   2. `framecheck report`, fed ctest's own --output-junit, shows that case once by name with its
#      expected, actual and diff pictures and its failure text;
#   3. `framecheck goldens status` names it; `framecheck goldens accept` takes the frame the run
#      left, and ctest passes again without the case having run in update mode;
#   4. the case binary run by hand from / finds its goldens, and the update command it prints
#      names the project's golden folder.
#   golden_review_flow.sh PREFIX PROJECT BUILD CTEST
set -uo pipefail
prefix=$1
project=$2
build=$3
ctest=$4
fc="$prefix/bin/framecheck"
golden="$project/golden/breakout/the_overlay_after_a_serve.png"
case_id=BreakoutCase.TheOverlayAfterAServe
fail() {
  echo "FAIL: $*"
  exit 1
}

# 1. One pixel, two levels of red.
nudge() {
  local r g b
  read -r r g b < <(convert "$golden" -format '%[fx:int(255*p{40,120}.r+0.5)] %[fx:int(255*p{40,120}.g+0.5)] %[fx:int(255*p{40,120}.b+0.5)]' info:)
  if [ "$r" -ge 2 ]; then r=$((r - 2)); else r=$((r + 2)); fi
  convert "$golden" -fill "rgb($r,$g,$b)" -draw "point 40,120" "PNG32:$golden.new" &&
    mv "$golden.new" "$golden" || fail "could not edit $golden"
}
cp "$golden" "$build/committed.png"
nudge
junit="$build/junit.xml"
"$ctest" --test-dir "$build" -R breakout_cases --output-on-failure --output-junit "$junit" >"$build/nudged.log" 2>&1 &&
  fail "a golden with one pixel moved by two levels passed under ctest: $(cat "$build/nudged.log")"
grep -q "1 of 230400 pixels differ; 0 beyond pixelmatch's threshold 0.1" "$build/nudged.log" ||
  fail "the failure does not give both counts: $(grep -m3 'pixels differ' "$build/nudged.log")"

# 2. The report from ctest's JUnit.
"$fc" report --junit "$junit" --golden-dir "$project/golden" --artifacts-dir "$build/artifacts" \
  --out "$build/report" >"$build/report.log" 2>&1
[ $? -eq 1 ] || fail "report did not exit 1 for a failing case: $(cat "$build/report.log")"
page="$build/report/index.html"
grep -qF "breakout_cases.$case_id" "$page" || fail "the report does not name the case as ctest does"
grep -qF "breakout_cases.$case_id.breakout_cases" "$page" && fail "the report doubles the case's name"
for picture in expected actual diff; do
  src="artifacts/breakout/the_overlay_after_a_serve.$picture.png"
  grep -qF "<img src=\"$src\"" "$page" || fail "the report does not show the $picture picture"
  [ -s "$build/report/$src" ] || fail "the report's $picture picture was not copied"
done
grep -qF "1 of 230400 pixels differ; 0 beyond pixelmatch" "$page" || fail "the report lacks the failure text"
grep -qF "framecheck goldens accept breakout/the_overlay_after_a_serve" "$page" ||
  fail "the report lacks the accept command"

# 3. status names it; accept restores a pass.
"$fc" goldens status --golden-dir "$project/golden" --artifacts-dir "$build/artifacts" >"$build/status.log" 2>&1
[ $? -eq 1 ] || fail "goldens status did not exit 1: $(cat "$build/status.log")"
grep -qF "breakout/the_overlay_after_a_serve.png: changed: 1 of 230400 pixels differ" "$build/status.log" ||
  fail "goldens status does not name the changed golden: $(cat "$build/status.log")"
"$fc" goldens accept --golden-dir "$project/golden" --artifacts-dir "$build/artifacts" >"$build/accept.log" 2>&1 ||
  fail "goldens accept failed: $(cat "$build/accept.log")"
grep -qF "accepted $golden" "$build/accept.log" || fail "accept did not list the golden: $(cat "$build/accept.log")"
cmp -s "$golden" "$build/artifacts/breakout/the_overlay_after_a_serve.actual.png" ||
  fail "the accepted golden is not the frame the run left"
"$ctest" --test-dir "$build" -R breakout_cases >"$build/accepted.log" 2>&1 ||
  fail "after accept the case still fails: $(cat "$build/accepted.log")"
"$fc" goldens status --golden-dir "$project/golden" --artifacts-dir "$build/artifacts" >"$build/status2.log" 2>&1 ||
  fail "goldens status is not clean after the run: $(cat "$build/status2.log")"

# 4. By hand, from /.
(cd / && "$build/breakout_cases" --gtest_filter="$case_id") >"$build/from-root.log" 2>&1 ||
  fail "the case binary run from / does not find its goldens: $(cat "$build/from-root.log")"
nudge
(cd / && "$build/breakout_cases" --gtest_filter="$case_id") >"$build/from-root.log" 2>&1 &&
  fail "the nudged golden passed from /"
grep -qF -- "--golden-dir=$project/golden" "$build/from-root.log" ||
  fail "the update command does not name the project's golden folder: $(grep -A1 'update this golden' "$build/from-root.log")"
cp "$build/committed.png" "$golden"
echo "ok: exact goldens, the report from ctest's JUnit, goldens status and accept, and a case binary run from /"
