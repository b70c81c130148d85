#!/usr/bin/env bash
# Sets up a fresh machine, builds framecheck (release preset) and runs the bundled demo: the arena
# game for ten simulated seconds, live, with the overlay on. Prints the panel, writes demo.png.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh

cmake --preset release >/dev/null
cmake --build --preset release --target framecheck
./build/release/tools/framecheck demo --png demo.png "$@"
