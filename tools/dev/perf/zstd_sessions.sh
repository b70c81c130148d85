#!/usr/bin/env bash
# Compressed sessions on an hour of play: the arena recorded for 216,000 frames (an hour at 60 fps)
# with an arrow held for 40 frames of every 50 throughout (an input script of 4,320 presses and
# as many releases), written by `framecheck record --out hour.jsonl.zst` (its flushes every 60 frames
# included). Its sizes: as zstd, as the plain JSON Lines it decompresses to, that as `gzip -6` and
# as the zstd command's default (-3) makes it. Then `replay --verify` of the plain and the
# compressed file, alternating in this one run, 5 each: medians and their ratio. And the record
# itself, compressed and plain: wall time and peak memory.
#   bash tools/dev/perf/zstd_sessions.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
work=build/release/perf/zstd
rm -rf "$work"
mkdir -p "$work"
cd "$work"

# Every 50 frames an arrow goes down, and up 40 frames later: the player steered all hour.
awk 'BEGIN { split("ArrowLeft ArrowUp ArrowRight ArrowDown", k, " ");
             for (f = 10; f < 216000; f += 50) {
               key = k[int(f / 50) % 4 + 1];
               printf "{\"frame\": %d, \"key\": \"%s\"}\n{\"frame\": %d, \"keyup\": \"%s\"}\n", f, key, f + 40, key } }' \
  >hour.input.jsonl
# Recorded compressed and plain: wall time and peak memory of each.
for out in hour.jsonl.zst recorded.jsonl; do
  /usr/bin/time -f "%e s, %M kB peak" -o "$out.time" "$fc" record --game arena --frames 216000 \
    --width 320 --height 180 --input hour.input.jsonl --out "$out" >/dev/null
  echo "record --out $out: $(cat "$out.time")"
done
rm recorded.jsonl
zstd -q -d hour.jsonl.zst -o hour.jsonl
gzip -6 -c hour.jsonl >hour.jsonl.gz
zstd -q -3 -c hour.jsonl >hour.cli.jsonl.zst
size() { stat -c %s "$1"; }
plain=$(size hour.jsonl)
for f in hour.jsonl hour.jsonl.zst hour.jsonl.gz hour.cli.jsonl.zst; do
  awk -v n="$(size "$f")" -v p="$plain" -v f="$f" 'BEGIN { printf "%-20s %10d bytes  1/%.2f of plain\n", f, n, p / n }'
done

seconds() { /usr/bin/time -f "%e" "$fc" replay "$1" --verify --no-progress 2>&1 >/dev/null | tail -1; }
: >plain.times
: >zst.times
for _ in 1 2 3 4 5; do
  seconds hour.jsonl >>plain.times
  seconds hour.jsonl.zst >>zst.times
done
median() { sort -n "$1" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
p=$(median plain.times)
z=$(median zst.times)
echo "replay --verify, median of 5: plain ${p} s, zstd ${z} s"
awk -v p="$p" -v z="$z" 'BEGIN { printf "  zstd / plain: %.3fx\n", z / p }'
