#!/usr/bin/env bash
# framecheck diff against the native odiff 4.5.0 binary (not npm's Node shim, which adds a Node
# start-up to every run) and the pixelmatch 7.2.0 CLI, end to end (decode both PNGs, diff, write
# the diff PNG where asked), on every 3840x2160 pair of diff_matrix.sh (UI-like and photo-like,
# identical, 2,000 pixels and half the pixels changed, with and without a diff picture) and on
# two arena frames two frames apart. Each round runs the three tools in turn, alternating who
# goes first; 5 rounds; medians and ratios; every count checked against pixelmatch's, and every
# diff picture against pixelmatch's pixel for pixel. The npm tools go into a scratch folder that
# is removed afterwards. Prints every pair and its table.
#   bash tools/dev/perf/diff_vs_tools.sh
set -euo pipefail
source "$(dirname "$0")/odiff_setup.sh" odiff-bin@4.5.0 pixelmatch@7.2.0 pngjs@7.0.0
pixelmatch="$work/node_modules/.bin/pixelmatch"
"$fc" demo --width 3840 --height 2160 --frames 600 --png "$work/arena.png" >/dev/null
"$fc" demo --width 3840 --height 2160 --frames 602 --png "$work/arena_next.png" >/dev/null
(cd "$work" && node make_matrix.mjs "$work" 3840 2160 "$work/arena.png")
for content in ui photo; do cp "$work/$content.png" "$work/${content}_same.png"; done

echo "3840x2160 pairs, end to end; median of 5 alternating rounds"
printf '%-22s %-7s %10s %10s %12s %9s %9s  %s\n' pair picture framecheck odiff pixelmatch "od/fc" \
  "pm/fc" counts
pairs=("arena.png arena_next.png yes")
for content in ui photo; do
  for change in same few half; do
    for picture in yes no; do pairs+=("$content.png ${content}_$change.png $picture"); done
  done
done
: >"$work/rows"
for pair in "${pairs[@]}"; do
  set -- $pair
  a="$work/$1" b="$work/$2" picture=$3
  fc_out=() od_out=() pm_out=()
  if [ "$picture" = yes ]; then
    fc_out=(--diff "$work/d_fc.png") od_out=("$work/d_od.png") pm_out=("$work/d_pm.png")
  fi
  : >"$work/fc" ; : >"$work/od" ; : >"$work/pm"
  for round in 1 2 3 4 5; do
    order=(fc od pm)
    [ $((round % 2)) -eq 0 ] && order=(pm od fc)
    for tool in "${order[@]}"; do
      case $tool in
        fc) seconds "$fc" diff "$a" "$b" "${fc_out[@]}" >>"$work/fc" ;;
        od) seconds "$odiff" "$a" "$b" "${od_out[@]}" >>"$work/od" ;;
        pm) seconds "$pixelmatch" "$a" "$b" "${pm_out[@]}" >>"$work/pm" ;;
      esac
    done
  done
  t_fc=$(median <"$work/fc") t_od=$(median <"$work/od") t_pm=$(median <"$work/pm")
  n_fc=$({ "$fc" diff "$a" "$b" --json || true; } | sed 's/.*"mismatched":\([0-9]*\).*/\1/')
  n_pm=$({ "$pixelmatch" "$a" "$b" || true; } | sed -n 's/different pixels: //p')
  verdict="$n_fc vs $n_pm"
  if [ "$n_fc" = "$n_pm" ]; then
    verdict="equal ($n_fc)"
    if [ "$picture" = yes ]; then
      same=$({ "$fc" diff "$work/d_pm.png" "$work/d_fc.png" --threshold 0 --include-aa --json ||
        true; } | sed 's/.*"mismatched":\([0-9]*\).*/\1/')
      verdict+=$([ "$same" = 0 ] && echo ", pictures identical" || echo ", PICTURES DIFFER ($same)")
    fi
  fi
  printf '%-22s %-7s %9ss %9ss %11ss %8.2fx %8.2fx  %s\n' "$1~$2" "$picture" "$t_fc" "$t_od" \
    "$t_pm" "$(awk -v o="$t_od" -v f="$t_fc" 'BEGIN{print o/f}')" \
    "$(awk -v p="$t_pm" -v f="$t_fc" 'BEGIN{print p/f}')" "$verdict"
  name=$([ "$1" = arena.png ] && echo "arena frames 600 and 602" || echo "${1%.png}, ${2#*_}")
  name=${name/.png/}
  name=${name/, same/, identical}
  name=${name/, few/, 2,000 changed}
  name=${name/, half/, half changed}
  echo "| $name | $picture | $(calc %.1f "$t_fc * 1000") | $(calc %.1f "$t_od * 1000")" \
    "($(calc %.2f "$t_od / $t_fc")×) | $(calc %.1f "$t_pm * 1000") ($(calc %.1f "$t_pm / $t_fc")×)" \
    "| $verdict | $(met "$t_od > $t_fc && $t_pm >= 5 * $t_fc && \"$verdict\" !~ /vs|DIFFER/") |" \
    >>"$work/rows"
done
{
  measured_by "bash tools/dev/perf/diff_vs_tools.sh"
  echo
  echo "3840x2160 pairs, \`framecheck diff\` end to end against the native odiff 4.5.0 and the"
  echo "pixelmatch 7.2.0 CLI, medians of 5 rounds in ms, each tool's time over framecheck's in"
  echo "brackets; target: faster than odiff, at least 5× pixelmatch, pixelmatch's count and picture."
  echo
  echo "| pair | picture | framecheck | odiff | pixelmatch | counts | met |"
  echo "|---|---|---|---|---|---|---|"
  cat "$work/rows"
} | table diff_vs_tools
