#!/bin/sh
# Regenerate docs/screens/*.png: the hot seat in a real xterm on a virtual X screen (Xvfb), light
# (xterm's default white) and dark (-rv), at 80x24 and 132x43, at Boris's turn of `--seed 7`.
# Needs Xvfb, xterm, xdotool, xwd and netpbm (Debian: xvfb xterm xdotool x11-apps netpbm).
#     sh tools/screenshots.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
home=$(mktemp -d)
export DISPLAY=:77
Xvfb :77 -screen 0 1400x1000x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$home"' EXIT
sleep 1
for geometry in 80x24 132x43; do
  for theme in light dark; do
    rv=; [ "$theme" = dark ] && rv=-rv
    rm -rf "$home/state" "$home/data"
    xterm $rv -fa 'DejaVu Sans Mono' -fs 11 -geometry "$geometry+0+0" -e env \
      XDG_STATE_HOME="$home/state" XDG_DATA_HOME="$home/data" "$root/.venv/bin/mushka" play \
      --player Anna --player Boris --player Vera --player Gleb --seed 7 --hints --undo &
    term=$!
    sleep 4
    id=$(xdotool search --pid $term | head -1)
    xdotool windowfocus --sync "$id" 2>/dev/null  # xterm ignores keys sent to a window unfocused
    # Gleb's handoff, his lead (K♥), Anna's handoff, her answer (A♥), Boris's handoff
    for key in Return 1 Return Return 1 Return Return; do xdotool key "$key"; sleep 1.2; done
    xwd -id "$id" -silent | xwdtopnm 2>/dev/null | pnmtopng > "$root/docs/screens/$theme-$geometry.png"
    kill $term
  done
done
