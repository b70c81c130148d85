#!/usr/bin/env bash
# `framecheck play` as a person plays it: a real X server (Xvfb), real key events (xdotool, through
# XTEST), the window closed as a window manager closes it, then the session verified.
#   play_xvfb.sh FRAMECHECK CLOSE_WINDOW OUT
# Checks that (and keeps for a person to look at a screenshot of the live window, resized to
# 800x600 so that the letterbox shows):
#   - the recording holds the arrow held and released on different frames, the overlay toggled,
#     and verifies with every frame's checksum;
#   - its last frame, rendered by replay, and a screenshot of the live window are kept in OUT for
#     a person to look at;
#   - a copy with the arrow's release moved one frame later names that exact frame and the
#     player's x with both values.
# Exits 77 (skipped) when Xvfb, xdotool or ImageMagick's import is missing.
set -uo pipefail
fc=$1
close_window=$2
out=$3

for tool in Xvfb xdotool import; do
  if ! command -v "$tool" >/dev/null; then
    echo "skipped: no $tool on this machine (tools/install-deps.sh installs xvfb, xdotool and imagemagick)"
    exit 77
  fi
done

rm -rf "$out"
mkdir -p "$out"
fail() {
  echo "FAIL: $*"
  exit 1
}

# A display number nobody uses, so parallel runs and a developer's own X never meet.
display=""
for n in $(seq 90 140); do
  if [ ! -e "/tmp/.X11-unix/X$n" ] && [ ! -e "/tmp/.X$n-lock" ]; then
    display=":$n"
    break
  fi
done
[ -n "$display" ] || fail "no free X display number from :90 to :140"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb=$!
play=""
cleanup() {
  [ -n "$play" ] && kill "$play" 2>/dev/null
  kill "$xvfb" 2>/dev/null
  wait 2>/dev/null
}
trap cleanup EXIT
export DISPLAY=$display
for _ in $(seq 50); do
  xdotool getmouselocation >/dev/null 2>&1 && break
  sleep 0.1
done

session="$out/s.jsonl"
"$fc" play --game arena --record "$session" --size 960x540 --fps-cap 60 \
  >"$out/play.out" 2>"$out/play.err" &
play=$!
window=$(timeout 20 xdotool search --sync --name "^framecheck play" | head -1)
[ -n "$window" ] || fail "no framecheck play window appeared: $(cat "$out/play.err")"
xdotool windowfocus --sync "$window"

# Warmup, then the arrow held for about half a second, the overlay on, up held, a rest.
sleep 2.5
xdotool keydown Right
sleep 0.5
xdotool keyup Right
xdotool key grave
xdotool keydown Up
sleep 0.4
xdotool keyup Up
# Resized to 4:3: the letterbox follows, bars above and below.
xdotool windowsize "$window" 800 600
sleep 1
import -window root "$out/live_window.png" || fail "import could not take a screenshot"
"$close_window" "$window" || fail "could not ask the window to close"
for _ in $(seq 100); do
  kill -0 "$play" 2>/dev/null || break
  sleep 0.1
done
wait "$play"
status=$?
play=""
[ "$status" -eq 0 ] || fail "play exited $status: $(cat "$out/play.err")"
grep -q "recorded to" "$out/play.out" || fail "play did not say it recorded: $(cat "$out/play.out")"

frame_of() { grep -n "$1" "$session" | head -1 | sed 's/.*"frame":\([0-9]*\),.*/\1/'; }
down=$(frame_of '{"key":"ArrowRight"}')
up=$(frame_of '{"keyup":"ArrowRight"}')
[ -n "$down" ] && [ -n "$up" ] || fail "the arrow's press and release are not both in the session"
[ "$up" -gt "$down" ] || fail "the arrow was released at frame $up, not after its press at $down"
grep -q '{"key":"Backquote"}' "$session" || fail "the overlay toggle is not in the session"
echo "arrow held from frame $down to $up; overlay toggled"

"$fc" replay "$session" --verify >"$out/verify.txt" 2>&1 || fail "verify: $(cat "$out/verify.txt")"
grep -q "frame checksums, all match" "$out/verify.txt" || fail "verify: $(cat "$out/verify.txt")"
cat "$out/verify.txt"
last=$(grep -c '"type":"frame"' "$session")
"$fc" replay "$session" --png "$last:$out/last_frame.png" >/dev/null ||
  fail "could not render frame $last"

# The release one frame later: the player is held one tick longer.
awk -v carry="" -v moved=0 '
  /"type":"frame"/ && carry != "" {
    if (index($0, "\"inputs\":[") > 0) sub(/"inputs":\[/, "\"inputs\":[" carry ",")
    else sub(/,"checksum"/, ",\"inputs\":[" carry "],\"checksum\"")
    carry = ""
  }
  !moved && index($0, "{\"keyup\":\"ArrowRight\"}") > 0 {
    if (!sub(/"inputs":\[\{"keyup":"ArrowRight"\}\],/, ""))
      if (!sub(/,\{"keyup":"ArrowRight"\}/, ""))
        sub(/\{"keyup":"ArrowRight"\},/, "")
    carry = "{\"keyup\":\"ArrowRight\"}"
    moved = 1
  }
  { print }' "$session" >"$out/moved.jsonl"
"$fc" replay "$out/moved.jsonl" --verify >"$out/moved.txt" 2>&1
status=$?
cat "$out/moved.txt"
[ "$status" -eq 1 ] || fail "the moved release verified with exit $status, not 1"
# The world first differs at frame $up, or at the next frame that runs a tick if a short
# wall-clock frame ran none (the exact frame is held to in framecheck_harness_tests).
first=$(sed -n 's/.*first differs at frame \([0-9]*\)$/\1/p' "$out/moved.txt")
[ -n "$first" ] && [ "$first" -ge "$up" ] && [ "$first" -le $((up + 3)) ] ||
  fail "the moved release names frame ${first:-none} as the first that differs, not $up (or just after)"
grep -q "actor 1 (player) x: recorded [-0-9.e]*, replayed [-0-9.e]*" "$out/moved.txt" ||
  fail "the moved release does not name the player's x with both values"
echo "ok: screenshot $out/live_window.png, last frame $out/last_frame.png"
