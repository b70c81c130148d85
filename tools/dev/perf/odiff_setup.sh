# Sourced by the scripts that time framecheck diff against other tools: builds the release
# framecheck, installs the npm packages named (into a scratch folder removed on exit), and
# sets what lib.sh sets, work, odiff (the native binary, not npm's Node shim), and the exit
# statuses a comparison may end with.
#   source tools/dev/perf/odiff_setup.sh odiff-bin@4.5.0 pngjs@7.0.0 [pixelmatch@7.2.0]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "$@" >/dev/null)
odiff=$(cd "$work" && node -e 'console.log(require("@odiff/linux-x64"))')
cp tools/dev/perf/make_matrix.mjs "$work/"
# A comparison's exit status says whether the images differ: framecheck 1, odiff 21 or 22,
# pixelmatch 66. Any other stops the timing.
ok_statuses="0 1 21 22 66"
