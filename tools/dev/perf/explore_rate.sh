#!/usr/bin/env bash
# How fast explore plays: `framecheck explore --game arena --runs 300 --frames 600 --seed 1`,
# release build, with --jobs 1, --jobs 2 and --jobs 2 --no-twin alternated, RUNS times each
# (default 5): each run's wall seconds, then the medians and their ratios, and its table. Every
# run of the exploration is a child process of its own, watched for crashes and hangs, checks the
# declared state and invariants after every frame, and (but with --no-twin) plays a twin beside it.
#   bash tools/dev/perf/explore_rate.sh [RUNS]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
runs=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

explore() { # JOBS I [--no-twin]: the wall seconds of one exploration that found nothing
  seconds "$fc" explore --game arena --runs 300 --frames 600 --seed 1 --jobs "$1" \
    --out "$work/found-$1-$2${3:-}" --no-progress ${3:-}
  grep -q "nothing found" "$last_output" || { cat "$last_output" >&2; return 1; }
}
one=() two=() solo=()
for i in $(seq "$runs"); do
  one+=("$(explore 1 "$i")")
  two+=("$(explore 2 "$i")")
  solo+=("$(explore 2 "$i" --no-twin)")
  echo "run $i: --jobs 1 ${one[-1]} s, --jobs 2 ${two[-1]} s, --jobs 2 --no-twin ${solo[-1]} s"
done
m1=$(calc %.2f "$(median "${one[@]}")")
m2=$(calc %.2f "$(median "${two[@]}")")
m3=$(calc %.2f "$(median "${solo[@]}")")
rate() { echo "$(calc %.0f "300 / $1") runs/s ($(commas "$(calc %.0f "180000 / $1")") frames/s)"; }
{
  measured_by "bash tools/dev/perf/explore_rate.sh $runs"
  echo
  echo "| figure | result | baseline, same run | ratio | target | met |"
  echo "|---|---|---|---|---|---|"
  echo "| \`explore --game arena --runs 300 --frames 600 --seed 1 --jobs 2\`: every run a child" \
    "process watched for crashes and hangs, state and invariants checked after every frame, a" \
    "twin beside it; median of $runs | $m2 s: $(rate "$m2") | \`--jobs 1\`: $m1 s," \
    "$(rate "$m1") | $(calc %.2f "$m1 / $m2")× | stated | — |"
  echo "| the same without the twin (\`--jobs 2 --no-twin\`) | $m3 s: $(rate "$m3") | with the" \
    "twin: $m2 s | the twin costs $(calc %.2f "$m2 / $m3")× | stated | — |"
} | table explore_rate
