#!/usr/bin/env bash
# One exploration of kite-combo as three shards, three processes: together they find its NaN, and
# framecheck report merges their folders into one page that lists it once, naming every shard
# that found it, with its input, its session and the command that replays it.
#   explore_shards.sh <kite-framecheck> <kite cases> <scratch folder>
set -euo pipefail
cli=$1 cases=$2 scratch=$3
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL: $*"; exit 1; }

runs=0 found=()
for k in 1 2 3; do
  status=0
  "$cli" explore --game kite-combo --runs 300 --frames 600 --seed 1 --shard "$k/3" \
    --out "$scratch/shard-$k" --no-progress > "$scratch/shard-$k.txt" || status=$?
  cat "$scratch/shard-$k.txt"
  [ "$status" -le 1 ] || fail "shard $k exited $status"
  runs=$((runs + $(sed -n 's/.*): \([0-9]*\) runs of.*/\1/p' "$scratch/shard-$k.txt")))
  [ "$status" -eq 1 ] && found+=("$k")
done
[ "$runs" -eq 300 ] || fail "the shards played $runs runs between them, not 300"
[ "${#found[@]}" -ge 2 ] || fail "shards ${found[*]} found the NaN; the test needs two to merge"

"$cases" --gtest_output="xml:$scratch/cases.xml" > /dev/null
status=0
"$cli" report --junit "$scratch/cases.xml" --findings "$scratch/shard-1" \
  --findings "$scratch/shard-2" --findings "$scratch/shard-3" --out "$scratch/report" \
  > "$scratch/report.txt" || status=$?
cat "$scratch/report.txt"
[ "$status" -eq 1 ] || fail "report exited $status with a finding, not 1"
grep -q "; 1 finding)" "$scratch/report.txt" || fail "the report does not list one finding"
page="$scratch/report/index.html"
[ "$(grep -c '<h3 class="failed">frame [0-9]*: not-finite: x is nan</h3>' "$page")" -eq 1 ] \
  || fail "the page does not list the NaN exactly once"
for k in "${found[@]}"; do
  grep -q "found by .*$scratch/shard-$k" "$page" || fail "the page does not name shard $k"
done
session=$(sed -n 's|.*<a href="\(findings/[^"]*/session.jsonl\)">session</a>.*|\1|p' "$page")
[ -s "$scratch/report/$session" ] || fail "the finding's session is not beside the page"
replayed=$(cd "$scratch/report" && "$cli" replay "$session" --verify --no-progress) \
  && fail "the merged finding's session replays clean"
grep -q "the finding it was written for, at the same frame" <<<"$replayed" \
  || fail "the merged session replays to '$replayed'"
echo "merged: one finding, from shards ${found[*]}"
