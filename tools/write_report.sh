#!/usr/bin/env bash
# Writes OUT/index.html from what tools/demo.sh left in OUT: the case results (with each failing
# golden's expected, actual and diff images side by side), the session's verification, plot and
# frames, and the live demo.
set -euo pipefail
out="$1"
session="$2"
esc() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

tests=$(grep -o 'tests="[0-9]*"' "$out/cases.xml" | head -1 | tr -dc 0-9)
failures=$(grep -o 'failures="[0-9]*"' "$out/cases.xml" | head -1 | tr -dc 0-9)

{
  cat <<HTML
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>framecheck report</title>
<style>
 body { background:#121418; color:#e6e8ec; font:15px/1.5 system-ui, sans-serif; margin:2em auto; max-width:1700px; padding:0 1em; }
 h1, h2 { font-weight:600; } h2 { margin-top:2em; border-bottom:1px solid #333; }
 pre { background:#1c1f26; padding:1em; overflow:auto; }
 img { max-width:100%; border:1px solid #333; background:#000; }
 .row { display:grid; grid-template-columns:repeat(3, 1fr); gap:1em; } .row figure { margin:0; }
 .ok { color:#63c183; } .bad { color:#f26761; } figcaption { color:#99a3b0; }
</style></head><body>
<h1>framecheck report</h1>
<h2>Cases</h2>
<p class="$([ "$failures" = 0 ] && echo ok || echo bad)">${tests} arena cases, ${failures} failed.</p>
HTML
  for diff in "$out"/cases/*/*.diff.png; do
    [ -e "$diff" ] || continue
    base="${diff%.diff.png}"
    name="$(basename "$base")"
    rel="cases/$(basename "$(dirname "$diff")")/$name"
    echo "<h3 class=\"bad\">${name}: differs from its golden</h3><div class=\"row\">"
    for kind in expected actual diff; do
      echo "<figure><img src=\"${rel}.${kind}.png\" alt=\"${kind}\"><figcaption>${kind}</figcaption></figure>"
    done
    echo "</div>"
  done
  cat <<HTML
<h2>Session: $(basename "$session")</h2>
<pre>$(esc < "$out/verify.txt")</pre>
<p><img src="plot.png" alt="frame-time plot of the session"></p>
<div class="row">
 <figure><img src="frame_0700.png" alt="frame 700"><figcaption>frame 700: the 120 ms stall, newest in the graph</figcaption></figure>
 <figure><img src="frame_1520.png" alt="frame 1520"><figcaption>frame 1520: arena-2, after the transition</figcaption></figure>
</div>
<p><a href="metrics.csv">metrics.csv</a>: every frame's sample, mean, p95 and p99.</p>
<h2>Live demo</h2>
<pre>$(esc < "$out/demo.txt")</pre>
<p><img src="demo.png" alt="the live demo's last frame"></p>
</body></html>
HTML
} > "$out/index.html.tmp"
mv "$out/index.html.tmp" "$out/index.html"
