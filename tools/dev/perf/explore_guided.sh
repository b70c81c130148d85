#!/usr/bin/env bash
# Guided exploration against random play on a bug behind three states reached in order: the Lock
# test game (tests/games/lock.hpp), whose NaN needs three numbers dialled and tried in order.
# For each seed, `explore --game lock-opens-to-nan --runs BUDGET --frames 600 --no-twin`, with and
# without --guided: the run that first found the bug (1-based), or "-" when the budget ran out.
# Release build; both modes see the same budget of runs of 600 frames each.
#   bash tools/dev/perf/explore_guided.sh [SEEDS] [BUDGET]
set -euo pipefail
cd "$(dirname "$0")/../../.."
seeds=${1:-9} budget=${2:-3000}
cmake --preset release >/dev/null
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
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
show() { [ "$1" -gt "$budget" ] && echo "over $budget" || echo "$1"; }
echo "guided found it in fewer runs on $fewer of $seeds seeds;" \
  "median runs: random $(show "$(median "${random_runs[@]}")"), guided $(show "$(median "${guided_runs[@]}")")" \
  "(a budget of $budget runs of 600 frames; a seed that never found it counts as over it)"
