#!/usr/bin/env bash
# What check-determinism costs against the one run it checks: `check-determinism --frames 3600`
# (the arena; the first run recorded, then four more runs, one in another process) and
# `record --frames 3600`, alternated in this one run, RUNS of each (default 5): each side's
# wall seconds, their medians and the ratio of the medians; and `check-determinism --rollback 8`
# in the same rotation, against the check without it. Prints them and its table.
#   bash tools/dev/perf/check_determinism_cost.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
runs=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check=() record=() rollback=()
for _ in $(seq "$runs"); do
  check+=("$(seconds "$fc" check-determinism --game arena --frames 3600)")
  rollback+=("$(seconds "$fc" check-determinism --game arena --frames 3600 --rollback 8)")
  record+=("$(seconds "$fc" record --game arena --frames 3600 --out "$work/s.jsonl")")
  rm -f "$work/s.jsonl"
done
c=$(calc %.2f "$(median "${check[@]}")")
r=$(calc %.2f "$(median "${record[@]}")")
b=$(calc %.2f "$(median "${rollback[@]}")")
echo "check-determinism --frames 3600: ${check[*]} s (median $c)"
echo "record --frames 3600:            ${record[*]} s (median $r)"
echo "check-determinism --frames 3600 --rollback 8: ${rollback[*]} s (median $b)"
cost=$(calc %.2f "$c / $r")
rollback_cost=$(calc %.2f "$b / $c")
{
  measured_by "bash tools/dev/perf/check_determinism_cost.sh $runs"
  echo
  echo "| figure | result | baseline, same run | ratio | target | met |"
  echo "|---|---|---|---|---|---|"
  echo "| \`check-determinism --game arena --frames 3600\`: the first run and four more, three" \
    "replayed in this process and one in another, median of $runs | $c s | \`record --frames" \
    "3600\`: $r s | ${cost}× | at most 5× (five runs) | $(met "$cost <= 5") |"
  echo "| the same with \`--rollback 8\`: every frame from the 8th restored 8 frames back and" \
    "simulated again | $b s | the check without it: $c s | ${rollback_cost}× | stated | — |"
} | table check_determinism_cost
