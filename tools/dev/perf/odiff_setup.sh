# Sourced by the scripts that time framecheck diff against other tools: builds the release
# framecheck, installs the npm packages named (into a scratch folder removed on exit), and
# defines the timing helper. Sets what lib.sh sets, work, odiff (the native binary, not npm's
# Node shim) and the function seconds.
#   source tools/dev/perf/odiff_setup.sh odiff-bin@4.5.0 pngjs@7.0.0 [pixelmatch@7.2.0]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "$@" >/dev/null)
odiff=$(cd "$work" && node -e 'console.log(require("@odiff/linux-x64"))')
cp tools/dev/perf/make_matrix.mjs "$work/"

# A command's wall time in seconds, to the tenth of a millisecond (/usr/bin/time's 10 ms steps
# are a third of a 1080p pair), its output and status left aside.
seconds() {
  local start=$EPOCHREALTIME
  "$@" >/dev/null 2>&1 || true
  local end=$EPOCHREALTIME
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f\n", e - s }'
}
