#!/usr/bin/env bash
# What check-determinism costs against the one run it checks: `check-determinism --frames 3600`
# (the arena; the first run recorded, then four more runs, one in another process) and
# `record --frames 3600`, alternated in this one run, RUNS of each (default 5): each side's
# wall seconds, their medians and the ratio of the medians; and `check-determinism --rollback 8`
# in the same rotation, against the check without it.
#   bash tools/dev/perf/check_determinism_cost.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-5}
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { # the wall seconds of one run of the command
  /usr/bin/time -f %e -o "$work/time" "$@" >/dev/null 2>&1
  cat "$work/time"
}
check=() record=() rollback=()
for _ in $(seq "$runs"); do
  check+=("$(seconds "$fc" check-determinism --game arena --frames 3600)")
  rollback+=("$(seconds "$fc" check-determinism --game arena --frames 3600 --rollback 8)")
  record+=("$(seconds "$fc" record --game arena --frames 3600 --out "$work/s.jsonl")")
  rm -f "$work/s.jsonl"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
c=$(median "${check[@]}")
r=$(median "${record[@]}")
b=$(median "${rollback[@]}")
echo "check-determinism --frames 3600: ${check[*]} s (median $c)"
echo "record --frames 3600:            ${record[*]} s (median $r)"
echo "check-determinism --frames 3600 --rollback 8: ${rollback[*]} s (median $b)"
awk -v c="$c" -v r="$r" 'BEGIN { printf "check-determinism / record: %.2fx\n", c / r }'
awk -v b="$b" -v c="$c" 'BEGIN { printf "with --rollback 8 / without: %.2fx\n", b / c }'
