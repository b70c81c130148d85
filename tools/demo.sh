#!/usr/bin/env bash
# Sets up a fresh machine, builds framecheck (release preset), runs the bundled demo — the arena
# game for ten simulated seconds, live, overlay on; prints the panel and writes demo.png — and
# then the bundled arena case suite against its golden images.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh

cmake --preset release >/dev/null
cmake --build --preset release --target framecheck arena_cases
./build/release/tools/framecheck demo --png demo.png "$@"
echo
./build/release/cases/arena/arena_cases --gtest_brief=1
