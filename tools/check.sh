#!/usr/bin/env bash
# Sets up a fresh machine, builds framecheck (dev preset: Debug, warnings as errors) and runs every
# test. With --asan, then builds the asan preset and runs the unit tests under ASan and UBSan.
# With --compilers, then builds g++ and clang 16 at -O3 -march=native (with contraction asked for)
# and clang 14, runs the tests with each, and verifies sessions each build records with the others.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh
# The presets fix no job count: one job a core, here as everywhere (FRAMECHECK_JOBS overrides).
jobs="${FRAMECHECK_JOBS:-$(nproc)}"

cmake --preset dev
cmake --build --preset dev --parallel "$jobs"
ctest --preset dev --parallel "$jobs"

for option in "$@"; do
  case "$option" in
    --asan)
      cmake --preset asan
      cmake --build --preset asan --parallel "$jobs"
      ctest --preset asan --parallel "$jobs"
      ;;
    --compilers)
      for preset in gcc-native clang-native clang14; do
        cmake --preset "$preset"
        cmake --build --preset "$preset" --parallel "$jobs"
        # The native builds build the tutorial's example (and verify its session) as they are
        # built; the other consumer builds ran under dev.
        ctest --preset "$preset" --parallel "$jobs" --label-exclude install
        if [ "$preset" != clang14 ]; then
          ctest --preset "$preset" --parallel "$jobs" -R '^install\.tutorial_example$'
        fi
      done
      bash tools/tests/cross_build_sessions.sh build/dev/tools/framecheck \
        build/gcc-native/tools/framecheck build/clang-native/tools/framecheck
      ;;
    *)
      echo "check.sh: unknown option $option (expected --asan or --compilers)" >&2
      exit 2
      ;;
  esac
done
