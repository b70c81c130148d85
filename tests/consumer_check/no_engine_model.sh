#!/usr/bin/env bash
# A game on its own engine needs nothing of framecheck's engine model: no header of it included
# and none of its types named (World, Actor, Engine, framecheck::Game) in the folder's sources.
#   no_engine_model.sh examples/plinko
set -euo pipefail
folder=$1
headers='#include <framecheck/sim/(world|world_state|game|game_factory|engine|timer_queue)\.hpp>'
found=$(grep -rnE "$headers" "$folder" --include='*.cpp' --include='*.hpp' || true)
found+=$(grep -rnwE 'World|Actor|Engine|Game' "$folder" --include='*.cpp' --include='*.hpp' || true)
if [ -n "$found" ]; then
  echo "FAIL: $folder reaches framecheck's engine model:"
  echo "$found" | sed 's/^/    /'
  exit 1
fi
echo "$folder: no header or type of framecheck's engine model"
