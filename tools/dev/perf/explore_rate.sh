#!/usr/bin/env bash
# How fast explore plays: `framecheck explore --game arena --runs 300 --frames 600 --seed 1`,
# release build, RUNS times (default 5): each run's wall seconds and its runs a second, then the
# medians. Every run of the exploration is a child process of its own, watched for crashes and
# hangs, and checks the declared state and invariants after every frame.
#   bash tools/dev/perf/explore_rate.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-5}
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds=() rates=()
for i in $(seq "$runs"); do
  /usr/bin/time -f %e -o "$work/time" "$fc" explore --game arena --runs 300 --frames 600 --seed 1 \
    --out "$work/found-$i" --no-progress >"$work/out" 2>&1 || { cat "$work/out"; exit 1; }
  s=$(cat "$work/time")
  seconds+=("$s")
  rates+=("$(awk -v s="$s" 'BEGIN { printf "%.0f", 300 / s }')")
  echo "run $i: $s s, $(tail -1 "$work/out")"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
m=$(median "${seconds[@]}")
echo "explore, arena, 300 runs of 600 frames: median $m s of $runs," \
  "$(awk -v s="$m" 'BEGIN { printf "%.0f runs a second, %.0f frames a second", 300 / s, 180000 / s }')"
