#!/usr/bin/env bash
# framecheck diff against the native odiff 4.5.0 binary over a matrix of 144 pairs: UI-like (an
# arena frame with its overlay) and photo-like content x 64x48, 320x180, 480x270, 1280x720,
# 1920x1080 and 3840x2160 (a game's goldens and its screenshots) x identical, a few pixels
# changed (2,000, or one in 50 where that is fewer), the left half changed x with and without a
# diff picture x with and without anti-aliasing detection (framecheck's default against odiff's
# --antialiasing; framecheck's --include-aa against odiff's default). Each pair: 5 alternating
# rounds of the two tools, each timed to 0.1 ms as a whole process; medians. Prints every pair,
# then its table, the worst pair first.
#   bash tools/dev/perf/diff_matrix.sh                  this framecheck against the native odiff
#   bash tools/dev/perf/diff_matrix.sh OTHER_FRAMECHECK this framecheck against another build of it
#                                                   (a change's before and after, same matrix)
set -euo pipefail
peer_framecheck=${1:+$(realpath "$1")}
source "$(dirname "$0")/odiff_setup.sh" odiff-bin@4.5.0 pngjs@7.0.0
peer_name=odiff
[ -n "$peer_framecheck" ] && peer_name=other

printf '%-24s %-7s %-9s %9s %9s %8s\n' pair picture aa framecheck "$peer_name" "peer/fc"
: >"$work/ratios"
for size in 64x48 320x180 480x270 1280x720 1920x1080 3840x2160; do
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
        for aa in detected counted; do
          fc_args=("$fc" diff "$a" "$b")
          od_args=("$odiff" "$a" "$b")
          [ -n "$peer_framecheck" ] && od_args=("$peer_framecheck" diff "$a" "$b")
          if [ "$picture" = yes ]; then
            fc_args+=(--diff "$work/d_fc.png")
            if [ -n "$peer_framecheck" ]; then od_args+=(--diff "$work/d_od.png"); else od_args+=("$work/d_od.png"); fi
          fi
          if [ "$aa" = counted ]; then
            fc_args+=(--include-aa)
            [ -n "$peer_framecheck" ] && od_args+=(--include-aa)
          elif [ -z "$peer_framecheck" ]; then
            od_args+=(--antialiasing)
          fi
          : >"$work/fc"
          : >"$work/od"
          for round in 1 2 3 4 5; do
            if [ $((round % 2)) -eq 1 ]; then
              seconds "${fc_args[@]}" >>"$work/fc"
              seconds "${od_args[@]}" >>"$work/od"
            else
              seconds "${od_args[@]}" >>"$work/od"
              seconds "${fc_args[@]}" >>"$work/fc"
            fi
          done
          t_fc=$(median <"$work/fc") t_od=$(median <"$work/od")
          ratio=$(calc %.2f "$t_od / $t_fc")
          echo "$ratio $size $content $change $picture $aa $t_fc $t_od" >>"$work/ratios"
          printf '%-24s %-7s %-9s %9ss %9ss %7sx\n' "$size $content $change" "$picture" "$aa" \
            "$t_fc" "$t_od" "$ratio"
        done
      done
    done
  done
done
slower=$(awk '$1 < 1' "$work/ratios" | wc -l)
pairs=$(wc -l <"$work/ratios")
middle=$(calc %.2f "$(cut -d' ' -f1 "$work/ratios" | median)")
echo "worst: $(sort -g "$work/ratios" | head -1)"
echo "framecheck slower than $peer_name on $slower of $pairs pairs; median $peer_name/framecheck ${middle}x"
[ -n "$peer_framecheck" ] && exit 0
{
  measured_by "bash tools/dev/perf/diff_matrix.sh"
  echo
  echo "\`framecheck diff\` against the native odiff 4.5.0, $pairs pairs, worst first: slower on"
  echo "$slower, median odiff / framecheck ${middle}× (target: faster on every pair:"
  echo "$(met "$slower == 0")). Each pair timed as two whole processes, start-up included, medians of"
  echo "5 alternating rounds, in ms. Anti-aliasing detected: framecheck's default against odiff's"
  echo "\`--antialiasing\`; counted: framecheck's \`--include-aa\` against odiff's default."
  echo
  echo "| pair | picture | anti-aliasing | framecheck | odiff | odiff / framecheck |"
  echo "|---|---|---|---|---|---|"
  sort -g "$work/ratios" | while read -r ratio size content change picture aa t_fc t_od; do
    change=${change/same/identical}
    change=${change/few/few changed}
    change=${change/half/half changed}
    echo "| $size $content, $change | $picture | $aa | $(calc %.1f "$t_fc * 1000") |" \
      "$(calc %.1f "$t_od * 1000") | ${ratio}× |"
  done
} | table diff_matrix
