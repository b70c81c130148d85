#!/usr/bin/env bash
# The case kit's edges, through a case binary run as ctest runs one:
#   - each instantiation of a parameterised case has its own golden, and its artifacts land in
#     folders made for its nested name;
#   - a failed assert_ is one failure, not two;
#   - sharding variables that leave a ctest case's process nothing to run fail it, loudly.
#   case_kit_edges.sh PROBE_CASES FRAMECHECK
set -uo pipefail
probe=$1
fc=$2
failures=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g=$work/golden
a=$work/artifacts
out=$work/out.txt

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
# run CODE ARGS...: the probe with the folders given, expecting exit CODE.
run() {
  local code=$1
  shift
  "$probe" --golden-dir="$g" --artifacts-dir="$a" "$@" >"$out" 2>&1
  local got=$?
  if [ "$got" -ne "$code" ]; then
    fail "probe $*: exit $got, expected $code"
    sed 's/^/  | /' "$out" >&2
  fi
}

# No goldens yet: every instantiation fails, and leaves its actual frame in its own folder.
run 1 --gtest_filter='*/ParamCase.*'
for name in steps/frame/0 steps/frame/1 more/frame/0 more/frame/1; do
  [ -f "$a/probe/$name.actual.png" ] || fail "no artifact $a/probe/$name.actual.png"
  [ -f "$a/probe/$name.result.json" ] || fail "no result file $a/probe/$name.result.json"
done
grep -q "cannot write" "$out" && fail "an artifact could not be written: $(grep 'cannot write' "$out")"

# Written, each golden is its own instantiation's frame, and every instantiation passes.
FRAMECHECK_UPDATE_GOLDENS=missing run 0 --gtest_filter='*/ParamCase.*'
for name in steps/frame/0 steps/frame/1 more/frame/0 more/frame/1; do
  [ -f "$g/probe/$name.png" ] || fail "no golden $g/probe/$name.png"
done
cmp -s "$g/probe/steps/frame/0.png" "$g/probe/more/frame/0.png" &&
  fail "Steps/ParamCase.Frame/0 and More/ParamCase.Frame/0 got the same golden"
run 0 --gtest_filter='*/ParamCase.*'
# goldens status finds the nested names as the cases wrote them.
"$fc" goldens status --golden-dir "$g" --artifacts-dir "$a" >"$out" 2>&1 ||
  fail "goldens status: $(cat "$out")"
grep -q "probe/more/frame/1" "$out" || fail "goldens status does not list probe/more/frame/1: $(cat "$out")"

# A failed assert_ is the case's one failure: no second one for the exception that stops it.
run 1 --gtest_filter=ProbeCase.AnAssertStopsTheCase --gtest_output=xml:"$work/assert.xml"
failures_in_xml=$(grep -c "<failure" "$work/assert.xml")
[ "$failures_in_xml" -eq 1 ] || fail "a failed assert_ is $failures_in_xml failures in the JUnit"
grep -q "C++ exception" "$out" && fail "the stopped case reports an exception: $(cat "$out")"
grep -q "not reached" "$out" && fail "the case went on past its failed assert_"
grep -q 'reading "x": expected 99, got 1' "$out" || fail "the assert_'s own failure is missing: $(cat "$out")"

# Sharding that leaves a ctest case's process nothing to run fails it, naming ctest's own way.
GTEST_TOTAL_SHARDS=3 GTEST_SHARD_INDEX=1 run 1 --gtest_filter=ProbeCase.Passes
grep -q "in another shard, so this run checked nothing" "$out" || fail "no word on sharding: $(cat "$out")"
grep -q "ctest -I 2,,3" "$out" || fail "the message does not give ctest's shard: $(cat "$out")"
# The shard that holds it runs it; a pattern may leave a shard empty.
GTEST_TOTAL_SHARDS=3 GTEST_SHARD_INDEX=0 run 0 --gtest_filter=ProbeCase.Passes
grep -q "1 test from 1 test suite ran" "$out" || fail "shard 0 did not run the case"
GTEST_TOTAL_SHARDS=3 GTEST_SHARD_INDEX=1 run 0 --gtest_filter='ProbeCase.Pass*'

if [ "$failures" -gt 0 ]; then
  echo "case_kit_edges: $failures failed" >&2
  exit 1
fi
echo "case_kit_edges: every edge holds"
