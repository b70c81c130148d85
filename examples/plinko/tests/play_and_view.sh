#!/usr/bin/env bash
# Plinko in framecheck's own window, as a person uses it, on SDL's dummy video driver so that it
# runs wherever the tests do: `play` records 120 frames and the recording verifies; `view` shows
# the committed session until it is interrupted, as a person closes it.
#   play_and_view.sh <plinko-framecheck> <session> <scratch folder>
set -euo pipefail
cli=$1 session=$2 scratch=$3
export SDL_VIDEODRIVER=dummy
rm -rf "$scratch" && mkdir -p "$scratch"
"$cli" play --game plinko --frames 120 --record "$scratch/played.jsonl"
"$cli" replay "$scratch/played.jsonl" --verify --no-progress
out=$(timeout --preserve-status -s INT 3 "$cli" view "$session")
echo "$out"
[[ "$out" == "viewed $session to frame "*" of 1200" ]]
