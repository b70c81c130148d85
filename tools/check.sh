#!/usr/bin/env bash
# Sets up a fresh machine, builds framecheck (dev preset: Debug, warnings as errors) and runs every
# test. With --asan, then builds the asan preset and runs the unit tests under ASan and UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh

cmake --preset dev
cmake --build --preset dev
ctest --preset dev

if [ "${1:-}" = "--asan" ]; then
  cmake --preset asan
  cmake --build --preset asan
  ctest --preset asan
fi
