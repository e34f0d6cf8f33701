#!/usr/bin/env bash
# Renders the table fixtures of Tests/Fixtures/tables: text drawn line by line at exact places
# (ImageMagick's `label:` centres lines and drops leading blanks, which moves columns).
#   bench/make_tables.sh [OUT_DIR]   (default: Tests/Fixtures/tables)
set -euo pipefail
out=${1:-Tests/Fixtures/tables}
mkdir -p "$out"

# draw FILE FONT SIZE PITCH WIDTH: the lines of stdin drawn 12 px from the left, PITCH px apart.
draw() {
  local file=$1 font=$2 size=$3 pitch=$4 width=$5 y=$(( $3 + 12 )) args=() line
  while IFS= read -r line; do
    args+=(-draw "text 12,$y '${line//\'/\\\'}'")
    y=$(( y + pitch ))
  done
  convert -size "${width}x$(( y - pitch + 14 ))" xc:white -fill black -font "$font" -pointsize "$size" "${args[@]}" "$file"
}

draw "$out/ps-dejavu-mono-14px.png" DejaVu-Sans-Mono 14 18 300 <<'TXT'
  PID TTY          TIME CMD
 1432 pts/0    00:00:02 bash
 2210 pts/0    00:01:17 livetextd
   74 pts/2    00:00:00 kthreadd
31337 pts/1    00:00:00 ps
TXT
