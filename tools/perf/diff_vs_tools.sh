#!/usr/bin/env bash
# framecheck diff against odiff 4.5.0 and the pixelmatch 7.2.0 CLI on one 3840x2160 pair, end to
# end (decode both PNGs, diff, write the diff PNG), 5 runs each, in one script run. The two npm
# tools go into a scratch folder that is removed afterwards. Prints medians and ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset release >/dev/null
cmake --build --preset release --target framecheck >/dev/null
fc=$PWD/build/release/tools/framecheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund odiff-bin@4.5.0 pixelmatch@7.2.0 >/dev/null)
# Two frames of the arena at 3840x2160, two frames apart.
"$fc" demo --width 3840 --height 2160 --frames 600 --png "$work/a.png" >/dev/null
"$fc" demo --width 3840 --height 2160 --frames 602 --png "$work/b.png" >/dev/null

median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
time_of() {  # runs "$@" 5 times; prints the median wall time in seconds
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f "%e" "$@" >/dev/null 2>"$work/time" || true
    tail -1 "$work/time"
  done | median
}
t_fc=$(time_of "$fc" diff "$work/a.png" "$work/b.png" --diff "$work/d_fc.png")
t_od=$(time_of "$work/node_modules/.bin/odiff" "$work/a.png" "$work/b.png" "$work/d_od.png")
t_pm=$(time_of "$work/node_modules/.bin/pixelmatch" "$work/a.png" "$work/b.png" "$work/d_pm.png")

# Both exit non-zero when the images differ, as they do here: that is their answer, not a failure.
n_fc=$({ "$fc" diff "$work/a.png" "$work/b.png" --json || true; } | sed 's/.*"mismatched":\([0-9]*\).*/\1/')
n_pm=$({ "$work/node_modules/.bin/pixelmatch" "$work/a.png" "$work/b.png" || true; } | sed -n 's/different pixels: //p')
same=$({ "$fc" diff "$work/d_pm.png" "$work/d_fc.png" --threshold 0 --include-aa --json || true; } |
       sed 's/.*"mismatched":\([0-9]*\).*/\1/')
echo "3840x2160 pair, median of 5 runs, end to end"
echo "  framecheck diff   ${t_fc} s   (${n_fc} mismatched)"
echo "  odiff 4.5.0       ${t_od} s"
echo "  pixelmatch 7.2.0  ${t_pm} s   (${n_pm} mismatched)"
awk -v a="$t_fc" -v o="$t_od" -v p="$t_pm" 'BEGIN { printf "  odiff / framecheck = %.2fx, pixelmatch / framecheck = %.2fx\n", o / a, p / a }'
echo "  counts agree: $([ "$n_fc" = "$n_pm" ] && echo yes || echo NO); diff pictures differ in ${same} pixels"
