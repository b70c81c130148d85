#!/usr/bin/env bash
# Sets up a fresh machine, builds framecheck (dev preset: Debug, warnings as errors) and runs every
# test. With --asan, then builds the asan preset and runs the unit tests under ASan and UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh
# The presets fix no job count: one job a core, here as everywhere (FRAMECHECK_JOBS overrides).
jobs="${FRAMECHECK_JOBS:-$(nproc)}"

cmake --preset dev
cmake --build --preset dev --parallel "$jobs"
ctest --preset dev --parallel "$jobs"

if [ "${1:-}" = "--asan" ]; then
  cmake --preset asan
  cmake --build --preset asan --parallel "$jobs"
  ctest --preset asan --parallel "$jobs"
fi
