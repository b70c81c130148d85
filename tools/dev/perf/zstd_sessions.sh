#!/usr/bin/env bash
# Compressed sessions on an hour of play: the arena recorded for 216,000 frames (an hour at 60 fps)
# with an arrow held for 40 frames of every 50 throughout (an input script of 4,320 presses and
# as many releases), written by `framecheck record --out hour.jsonl.zst` (its flushes every 60 frames
# included). Its sizes: as zstd, as the plain JSON Lines it decompresses to, that as `gzip -6` and
# as the zstd command's default (-3) makes it. Then `replay --verify` of the plain and the
# compressed file, alternating in this one run, 5 each: medians and their ratio. And the record
# itself, compressed and plain: wall time and peak memory. Prints them and its table.
#   bash tools/dev/perf/zstd_sessions.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
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

# Both on one thread: a .zst is read from its start, and the plain file would be split.
verify() { seconds "$fc" replay "$1" --verify --jobs 1 --no-progress; }
plain_times=() zst_times=()
for _ in 1 2 3 4 5; do
  plain_times+=("$(verify hour.jsonl)")
  zst_times+=("$(verify hour.jsonl.zst)")
done
p=$(calc %.2f "$(median "${plain_times[@]}")")
z=$(calc %.2f "$(median "${zst_times[@]}")")
echo "replay --verify --jobs 1, median of 5: plain ${p} s, zstd ${z} s"
share() { echo "$(commas "$(size "$1")") bytes (1/$(calc %.2f "$plain / $(size "$1")") of plain)"; }
{
  measured_by "bash tools/dev/perf/zstd_sessions.sh"
  echo
  echo "An hour of the arena, 216,000 frames with an arrow held for 40 frames of every 50 (8,640"
  echo "key events), recorded by \`framecheck record --out hour.jsonl.zst\`, its 3,600 flushes included."
  echo
  echo "| figure | result | baseline, same run | target | met |"
  echo "|---|---|---|---|---|"
  echo "| size of the hour as framecheck writes it (zstd level 9, a block ended every 60 frames)" \
    "| $(share hour.jsonl.zst) | plain JSON Lines: $(commas "$plain") bytes; \`gzip -6\`:" \
    "$(share hour.jsonl.gz); the \`zstd\` command's default, \`-3\`, with no flushes:" \
    "$(share hour.cli.jsonl.zst) | ≤ 1/5 of plain | $(met "$(size hour.jsonl.zst) * 5 <= $plain") |"
  echo "| \`replay --verify --jobs 1\` of the compressed hour, median of 5 | $z s | the plain file," \
    "alternated with it: $p s ($(calc %.2f "$z / $p")×) | ≤ 1.3× | $(met "$z <= 1.3 * $p") |"
  echo "| \`record\` of the hour, compressed | $(cat hour.jsonl.zst.time) | plain:" \
    "$(cat recorded.jsonl.time) | stated | — |"
} | table zstd_sessions
