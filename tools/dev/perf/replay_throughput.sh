#!/usr/bin/env bash
# Replay throughput: records a 216,000-frame arena session (an hour at 60 fps; kept in
# build/release/perf/ for reuse), then times `framecheck replay --verify` on it, overlay hidden,
# parsing included, 5 runs. Prints the median and frames per second.
set -euo pipefail
cd "$(dirname "$0")/../../.."
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
mkdir -p build/release/perf
session=build/release/perf/hour.jsonl
# A session of an older format (an earlier framecheck's) is recorded afresh.
if [ -f "$session" ] && ! head -c 200 "$session" | grep -q '"format":6,'; then rm "$session"; fi
[ -f "$session" ] || "$fc" record --game arena --frames 216000 --width 320 --height 180 --out "$session" >/dev/null
times=$(for _ in 1 2 3 4 5; do
  /usr/bin/time -f "%e" "$fc" replay "$session" --verify --no-progress 2>&1 >/dev/null | tail -1
done | sort -n)
median=$(echo "$times" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
echo "replay --verify of 216000 frames ($(du -h "$session" | cut -f1) of JSON Lines): median ${median} s"
awk -v t="$median" 'BEGIN { printf "  %.0f frames per second\n", 216000 / t }'
