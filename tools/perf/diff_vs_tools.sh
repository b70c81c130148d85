#!/usr/bin/env bash
# framecheck diff against the native odiff 4.5.0 binary (not npm's Node shim, which adds a Node
# start-up to every run) and the pixelmatch 7.2.0 CLI, end to end (decode both PNGs, diff, write
# the diff PNG), on 3840x2160 pairs: two arena frames (UI-like, compressible), and photo-like
# frames with a few pixels and with half the pixels changed. Each round runs the three tools in
# turn, alternating who goes first; 5 rounds; medians and ratios; counts checked against
# pixelmatch's. The npm tools go into a scratch folder that is removed afterwards.
set -euo pipefail
source "$(dirname "$0")/odiff_setup.sh" odiff-bin@4.5.0 pixelmatch@7.2.0 pngjs@7.0.0
pixelmatch="$work/node_modules/.bin/pixelmatch"
"$fc" demo --width 3840 --height 2160 --frames 600 --png "$work/ui.png" >/dev/null
"$fc" demo --width 3840 --height 2160 --frames 602 --png "$work/ui_few.png" >/dev/null
(cd "$work" && node make_matrix.mjs "$work" 3840 2160)

echo "3840x2160 pairs, end to end with a diff picture; median of 5 alternating rounds"
printf '%-22s %10s %10s %12s %9s %9s  %s\n' pair framecheck odiff pixelmatch "od/fc" "pm/fc" counts
for pair in "ui.png ui_few.png" "photo.png photo_few.png" "photo.png photo_half.png"; do
  set -- $pair
  a="$work/$1" b="$work/$2"
  : >"$work/fc" ; : >"$work/od" ; : >"$work/pm"
  for round in 1 2 3 4 5; do
    order=(fc od pm)
    [ $((round % 2)) -eq 0 ] && order=(pm od fc)
    for tool in "${order[@]}"; do
      case $tool in
        fc) seconds "$fc" diff "$a" "$b" --diff "$work/d_fc.png" >>"$work/fc" ;;
        od) seconds "$odiff" "$a" "$b" "$work/d_od.png" >>"$work/od" ;;
        pm) seconds "$pixelmatch" "$a" "$b" "$work/d_pm.png" >>"$work/pm" ;;
      esac
    done
  done
  t_fc=$(median <"$work/fc") t_od=$(median <"$work/od") t_pm=$(median <"$work/pm")
  n_fc=$({ "$fc" diff "$a" "$b" --json || true; } | sed 's/.*"mismatched":\([0-9]*\).*/\1/')
  n_pm=$({ "$pixelmatch" "$a" "$b" || true; } | sed -n 's/different pixels: //p')
  same=$({ "$fc" diff "$work/d_pm.png" "$work/d_fc.png" --threshold 0 --include-aa --json || true; } |
    sed 's/.*"mismatched":\([0-9]*\).*/\1/')
  verdict="$n_fc vs $n_pm"
  [ "$n_fc" = "$n_pm" ] && [ "$same" = 0 ] && verdict="equal ($n_fc), pictures identical"
  printf '%-22s %9ss %9ss %11ss %8.2fx %8.2fx  %s\n' "$1~$2" "$t_fc" "$t_od" "$t_pm" \
    "$(awk -v o="$t_od" -v f="$t_fc" 'BEGIN{print o/f}')" "$(awk -v p="$t_pm" -v f="$t_fc" 'BEGIN{print p/f}')" \
    "$verdict"
done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
