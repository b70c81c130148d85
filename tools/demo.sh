#!/usr/bin/env bash
# The main job, on a fresh machine: installs what is needed, builds framecheck (release preset),
# then runs the bundled arena case suite against its golden images, replays and verifies the
# bundled session, runs the live demo, and writes everything with an index.html into one folder:
#   bash tools/demo.sh [OUT_DIR]        (default: framecheck-report)
# Exits 1 if a case failed or the session diverged; the report is written either way.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-framecheck-report}"
session=golden/sessions/arena_hitch.jsonl

bash tools/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck arena_cases

bin=build/release
rm -rf "$out"
mkdir -p "$out/cases"
status=0

echo "== the arena case suite"
if ! "$bin/cases/arena/arena_cases" --gtest_brief=1 --artifacts-dir="$out/cases" \
     --gtest_output="xml:$out/cases.xml"; then
  status=1
fi

echo "== replaying $session"
if ! "$bin/tools/framecheck" replay "$session" --verify --no-progress \
     --png 700:"$out/frame_0700.png" --png 1520:"$out/frame_1520.png" \
     --plot "$out/plot.png" --metrics-csv "$out/metrics.csv" | tee "$out/verify.txt"; then
  status=1
fi

echo "== the live demo"
"$bin/tools/framecheck" demo --png "$out/demo.png" | tee "$out/demo.txt"

bash tools/write_report.sh "$out" "$session"
echo
echo "report: $(cd "$out" && pwd)/index.html"
exit $status
