#!/usr/bin/env bash
# framecheck diff against the native odiff 4.5.0 binary over a matrix of 36 pairs: UI-like (an
# arena frame with its overlay) and photo-like content x 1920x1080, 3840x2160, 7680x4320 x
# identical, 2,000 pixels changed, the left half changed x with and without a diff picture.
# Each pair: 5 alternating rounds of the two tools, timed to 0.1 ms; medians. Prints every pair,
# the worst and the median ratio, and its table, worst pair first.
#   bash tools/dev/perf/diff_matrix.sh                  this framecheck against the native odiff
#   bash tools/dev/perf/diff_matrix.sh OTHER_FRAMECHECK this framecheck against another build of it
#                                                   (a change's before and after, same matrix)
set -euo pipefail
peer_framecheck=${1:+$(realpath "$1")}
source "$(dirname "$0")/odiff_setup.sh" odiff-bin@4.5.0 pngjs@7.0.0
peer_name=odiff
[ -n "$peer_framecheck" ] && peer_name=other

printf '%-28s %-7s %9s %9s %8s\n' pair picture framecheck "$peer_name" "peer/fc"
: >"$work/ratios"
for size in 1920x1080 3840x2160 7680x4320; do
  w=${size%x*} h=${size#*x}
  dir="$work/$size"
  mkdir -p "$dir"
  "$fc" demo --width "$w" --height "$h" --frames 600 --png "$dir/ui_frame.png" >/dev/null
  (cd "$work" && node make_matrix.mjs "$dir" "$w" "$h" "$dir/ui_frame.png")
  for content in ui photo; do
    for change in same few half; do
      a="$dir/$content.png"
      b="$dir/${content}_$change.png"
      [ "$change" = same ] && b="$dir/${content}_copy.png" && cp "$a" "$b"
      for picture in yes no; do
        : >"$work/fc"
        : >"$work/od"
        for round in 1 2 3 4 5; do
          fc_args=("$fc" diff "$a" "$b")
          od_args=("$odiff" "$a" "$b")
          [ -n "$peer_framecheck" ] && od_args=("$peer_framecheck" diff "$a" "$b")
          if [ "$picture" = yes ]; then
            fc_args+=(--diff "$work/d_fc.png")
            if [ -n "$peer_framecheck" ]; then od_args+=(--diff "$work/d_od.png"); else od_args+=("$work/d_od.png"); fi
          fi
          if [ $((round % 2)) -eq 1 ]; then
            seconds "${fc_args[@]}" >>"$work/fc"
            seconds "${od_args[@]}" >>"$work/od"
          else
            seconds "${od_args[@]}" >>"$work/od"
            seconds "${fc_args[@]}" >>"$work/fc"
          fi
        done
        t_fc=$(median <"$work/fc") t_od=$(median <"$work/od")
        ratio=$(awk -v o="$t_od" -v f="$t_fc" 'BEGIN{printf "%.2f", o/f}')
        echo "$ratio $size $content $change $picture $t_fc $t_od" >>"$work/ratios"
        printf '%-28s %-7s %9ss %9ss %7sx\n' "$size $content $change" "$picture" "$t_fc" "$t_od" "$ratio"
      done
    done
  done
done
echo "worst: $(sort -n "$work/ratios" | head -1)"
echo "median ratio: $(cut -d' ' -f1 "$work/ratios" | median)"
echo "framecheck slower than $peer_name on: $(awk '$1 < 1' "$work/ratios" | wc -l) of $(wc -l <"$work/ratios") pairs"
[ -n "$peer_framecheck" ] && exit 0
slower=$(awk '$1 < 1' "$work/ratios" | wc -l)
middle=$(calc %.2f "$(cut -d' ' -f1 "$work/ratios" | median)")
{
  measured_by "bash tools/dev/perf/diff_matrix.sh"
  echo
  echo "\`framecheck diff\` against the native odiff 4.5.0, $(wc -l <"$work/ratios") pairs, worst first:"
  echo "slower on $slower, median odiff / framecheck ${middle}× (target: faster on every pair, at"
  echo "least 2× on the median: $(met "$slower == 0 && $middle >= 2")). Medians of 5 alternating rounds, in ms."
  echo
  echo "| pair | picture | framecheck | odiff | odiff / framecheck |"
  echo "|---|---|---|---|---|"
  sort -g "$work/ratios" | while read -r ratio size content change picture t_fc t_od; do
    change=${change/same/identical}
    change=${change/few/2,000 changed}
    change=${change/half/half changed}
    echo "| $size $content, $change | $picture | $(calc %.1f "$t_fc * 1000") |" \
      "$(calc %.1f "$t_od * 1000") | ${ratio}× |"
  done
} | table diff_matrix
