#!/usr/bin/env bash
# Peak RSS of a 1,000,000-frame run against a 10,000-frame run of the same game (the live demo:
# wall-clock samples, a 64x48 surface so a million frames take seconds, overlay shown).
set -euo pipefail
cd "$(dirname "$0")/../../.."
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
rss() { /usr/bin/time -f "%M" "$fc" demo --frames "$1" --width 64 --height 48 2>&1 >/dev/null | tail -1; }
small=$(rss 10000)
large=$(rss 1000000)
echo "peak RSS: 10,000 frames ${small} KB; 1,000,000 frames ${large} KB"
awk -v s="$small" -v l="$large" 'BEGIN { printf "  difference %+.1f%%\n", 100 * (l - s) / s }'

# The same for replaying sessions: the reader streams, so a session's length must not show.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$fc" record --frames 10000 --width 64 --height 48 --out "$work/s10k.jsonl" >/dev/null
"$fc" record --frames 1000000 --width 64 --height 48 --out "$work/s1m.jsonl" >/dev/null
replay_rss() { /usr/bin/time -f "%M" "$fc" replay "$1" --verify --no-progress 2>&1 >/dev/null | tail -1; }
small=$(replay_rss "$work/s10k.jsonl")
large=$(replay_rss "$work/s1m.jsonl")
echo "replay --verify peak RSS: 10,000 frames ${small} KB; 1,000,000 frames ${large} KB"
awk -v s="$small" -v l="$large" 'BEGIN { printf "  difference %+.1f%%\n", 100 * (l - s) / s }'
