#!/usr/bin/env bash
# Guided exploration against random play on a bug behind three states reached in order: the Lock
# test game (tests/games/lock.hpp), whose NaN needs three numbers dialled and tried in order.
# For each seed, `explore --game lock-opens-to-nan --runs BUDGET --frames 600 --no-twin`, with and
# without --guided: the run that first found the bug (1-based), or "-" when the budget ran out.
# Release build; both modes see the same budget of runs of 600 frames each.
# Prints each seed's pair and its table.
#   bash tools/dev/perf/explore_guided.sh [SEEDS] [BUDGET]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
seeds=${1:-9} budget=${2:-3000}
cmake --build --preset release --target kite-framecheck >/dev/null
cli=$PWD/build/release/tests/games/kite-framecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

found_in() { # SEED [--guided]: the 1-based run that found the bug, or -
  local out="$work/$1${2:-}"
  "$cli" explore --game lock-opens-to-nan --runs "$budget" --frames 600 --seed "$1" --no-twin \
    --out "$out" --no-progress ${2:-} >"$out.txt" || true
  local run
  run=$(sed -n 's/.*(run \([0-9]*\) of seed.*/\1/p' "$out"/*/finding.txt 2>/dev/null | head -1)
  [ -n "$run" ] && echo $((run + 1)) || echo -
}
fewer=0 random_runs=() guided_runs=()
printf '%-5s %-14s %-14s\n' seed random guided
for seed in $(seq "$seeds"); do
  r=$(found_in "$seed") g=$(found_in "$seed" --guided)
  printf '%-5s %-14s %-14s\n' "$seed" "$r" "$g"
  random_runs+=("${r/-/$((budget + 1))}") guided_runs+=("${g/-/$((budget + 1))}")
  if [ "$g" != - ] && { [ "$r" = - ] || [ "$g" -lt "$r" ]; }; then fewer=$((fewer + 1)); fi
done
show() { awk -v m="$1" -v b="$budget" 'BEGIN { print (m > b) ? "over " b : m }'; }
found() { printf '%s\n' "$@" | awk -v b="$budget" '$1 <= b' | wc -l; }
range() { printf '%s\n' "$@" | awk -v b="$budget" '$1 <= b' | sort -n | sed -n '1p;$p' | paste -sd- | sed 's/-/ to /'; }
{
  measured_by "bash tools/dev/perf/explore_guided.sh $seeds $budget"
  echo
  echo "| figure | result | baseline, same run | target | met |"
  echo "|---|---|---|---|---|"
  echo "| \`--guided\` on a bug behind three states reached in order (the Lock test game," \
    "\`explore --game lock-opens-to-nan --runs $budget --frames 600 --no-twin\`, seeds 1 to" \
    "$seeds): the run that first found it | found on $(found "${guided_runs[@]}") of $seeds" \
    "seeds, median $(show "$(median "${guided_runs[@]}")") runs ($(range "${guided_runs[@]}"))," \
    "fewer runs than random play on $fewer of $seeds | random play: found on" \
    "$(found "${random_runs[@]}") of $seeds seeds, median $(show "$(median "${random_runs[@]}")")" \
    "runs | fewer runs on most seeds | $(met "$fewer * 2 > $seeds") |"
} | table explore_guided
