#!/usr/bin/env bash
# How fast explore plays: `framecheck explore --game arena --runs 300 --frames 600 --seed 1`,
# release build, with --jobs 1, --jobs 2 and --jobs 2 --no-twin alternated, RUNS times each
# (default 5): each run's wall seconds, then the medians and their ratios. Every run of the
# exploration is a child process of its own, watched for crashes and hangs, checks the declared
# state and invariants after every frame, and (but with --no-twin) plays a twin beside it.
#   bash tools/dev/perf/explore_rate.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-5}
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { # JOBS I [--no-twin]: the wall seconds of one exploration
  /usr/bin/time -f %e -o "$work/time" "$fc" explore --game arena --runs 300 --frames 600 \
    --seed 1 --jobs "$1" --out "$work/found-$1-$2${3:-}" --no-progress ${3:-} >"$work/out" 2>&1 \
    || { cat "$work/out"; exit 1; }
  grep -q "nothing found" "$work/out" || { cat "$work/out"; exit 1; }
  cat "$work/time"
}
one=() two=() solo=()
for i in $(seq "$runs"); do
  one+=("$(seconds 1 "$i")")
  two+=("$(seconds 2 "$i")")
  solo+=("$(seconds 2 "$i" --no-twin)")
  echo "run $i: --jobs 1 ${one[-1]} s, --jobs 2 ${two[-1]} s, --jobs 2 --no-twin ${solo[-1]} s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
m1=$(median "${one[@]}")
m2=$(median "${two[@]}")
m3=$(median "${solo[@]}")
for pair in "1:$m1" "2:$m2" "2 --no-twin:$m3"; do
  echo "explore, arena, 300 runs of 600 frames, --jobs ${pair%%:*}: median ${pair##*:} s of $runs," \
    "$(awk -v s="${pair##*:}" 'BEGIN { printf "%.0f runs a second, %.0f frames a second", 300 / s, 180000 / s }')"
done
echo "--jobs 2 against --jobs 1: $(awk -v a="$m1" -v b="$m2" 'BEGIN { printf "%.2fx", a / b }')"
echo "--no-twin against the twin, --jobs 2: $(awk -v a="$m2" -v b="$m3" 'BEGIN { printf "%.2fx", a / b }')"
