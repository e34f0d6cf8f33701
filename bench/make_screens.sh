#!/usr/bin/env bash
# Regenerates the screen-capture corpus Tests/Fixtures/screens/NAME.png + NAME.gt.txt from the
# sources in bench/screens/: real programs (xterm, Chromium, a Tk app) rendered under Xvfb (and
# headless Chromium for bare pages), cropped to the window or page, saved as 8-bit RGB PNG.
#
# Debian packages it needs (CI must install them too):
#   xvfb xterm x11-utils xdotool imagemagick chromium python3 python3-tk sakura (a VTE terminal)
#   fonts-dejavu fonts-liberation2 fonts-noto-core fonts-noto-mono fonts-wqy-microhei
#
# Usage: bench/make_screens.sh [NAME...]      (default: every image; NAME without .png)
# Env:   SCREENS_DISPLAY=:91   the Xvfb display it starts and stops (keep to :91..:94)
#        OUT=DIR               where to write (default Tests/Fixtures/screens)
#        LANG_OUT=DIR          where the lang-* images go (default Tests/Fixtures/languages)
# It also serves bench/screens on 127.0.0.1:18931 for the Chromium window (the URL is in its GT).
#
# Ground truth (UTF-8): for xterm images it is the text file xterm shows (trailing blanks removed);
# for the others it is the hand-written bench/screens/NAME.gt.txt, copied. Conventions: the text
# that is visible, in natural reading order; one screen line per line (a table row, a nav bar or a
# row of buttons is one line, its cells separated by one space); a blank line between separate
# blocks or panels; side-by-side panels left one first, each top to bottom; a menu's items one a
# line with their shortcut. accuracy.py collapses all whitespace, so only the order of words counts.
# For pages, make_screens warns when the GT's words differ from the page's text (typo guard).
# Rendering depends on the versions of Chromium, Tk, FreeType and the fonts: regenerated PNGs may
# differ by a few pixels from the committed ones; the ground truth does not change.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SRC="$ROOT/bench/screens"
OUT="${OUT:-$ROOT/Tests/Fixtures/screens}"
LANG_OUT="${LANG_OUT:-$ROOT/Tests/Fixtures/languages}"   # the other languages' corpus (bench/languages.py)
DISP="${SCREENS_DISPLAY:-:91}"
PY=/usr/bin/python3
mkdir -p "$OUT"

for tool in Xvfb xterm xdotool xwininfo import convert; do
  command -v "$tool" >/dev/null || { echo "make_screens: $tool is missing (see the package list at the top)" >&2; exit 4; }
done
# Chromium and Tk only for the images that need them (the terminal ones do not).
need_chromium() {
  command -v chromium >/dev/null || { echo "make_screens: chromium is missing (see the package list at the top)" >&2; exit 4; }
}
need_tk() {
  $PY -c 'import tkinter' 2>/dev/null || { echo "make_screens: python3-tk is missing" >&2; exit 4; }
}
convert -version 2>/dev/null | grep -q ImageMagick || { echo "make_screens: ImageMagick's convert is missing" >&2; exit 4; }

TMP="$(mktemp -d)"
XVFB_PID=""
CHILDREN=()   # programs started for a capture, ended on any exit
DONE=()
cleanup() {
  local p
  for p in "${CHILDREN[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -n "$XVFB_PID" ]] && kill "$XVFB_PID" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

# Only what was asked for (all by default).
want() {
  [[ ${#SELECTED[@]} -eq 0 ]] && return 0
  local n
  for n in "${SELECTED[@]}"; do [[ "$n" == "$1" ]] && return 0; done
  return 1
}
SELECTED=("$@")

start_xvfb() {
  [[ -n "$XVFB_PID" ]] && return 0
  Xvfb "$DISP" -screen 0 1920x1200x24 -dpi 96 -nolisten tcp >/dev/null 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 50); do
    DISPLAY="$DISP" xwininfo -root >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "make_screens: Xvfb $DISP did not start (is the display taken?)" >&2
  exit 4
}

# 8-bit RGB, no metadata (so the file only changes when its pixels do).
finish_png() { # IN OUT
  convert "$1" -strip -alpha off -colorspace sRGB -type TrueColor -depth 8 \
    -define png:color-type=2 -define png:compression-level=9 "PNG24:$2"
}

# Remove trailing blanks on every line and trailing blank lines; end with one newline.
clean_gt() { # IN OUT
  $PY - "$1" "$2" <<'EOF'
import sys, unicodedata
text = open(sys.argv[1], encoding="utf-8").read()
lines = [l.rstrip() for l in unicodedata.normalize("NFC", text).split("\n")]
while lines and not lines[-1]:
    lines.pop()
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines) + "\n")
EOF
}

# A capture done: $TMP/NAME.png and the truth in GT become NAME.png and NAME.gt.txt in OUT.
save_shot() { # NAME GT
  finish_png "$TMP/$1.png" "$OUT/$1.png"
  clean_gt "$2" "$OUT/$1.gt.txt"
  DONE+=("$1")
  echo "  $1.png"
}

# Starts an xterm showing TXT (cat, without its final newline, so that the window holds it
# without scrolling, cursor hidden unless XTERM_CURSOR=1), at X,0, and waits for its window: TXT
# FONT PIXELS FG BG X BORDER [FONTCONFIG_FILE]. Sets XTERM_PID and XTERM_WID.
start_xterm() {
  local txt="$1" font="$2" px="$3" fg="$4" bg="$5" x="$6" border="$7" fc="${8:-}"
  local cols rows title="ltshot-$(basename "$txt")-$$"
  cols=$(( $(wc -L <"$txt") + 2 ))
  rows=$(wc -l <"$txt")
  local env=()
  [[ -n "$fc" ]] && env=(env "FONTCONFIG_FILE=$SRC/$fc")
  DISPLAY="$DISP" "${env[@]}" xterm -geometry "${cols}x${rows}+${x}+0" -fa "$font:pixelsize=$px" \
    -fg "$fg" -bg "$bg" -b 8 -bw "$border" -bd "#5c5c5c" +sb -T "$title" -xrm 'XTerm*cursorBlink: false' \
    -e sh -c '[ "$2" = 1 ] || printf "\033[?25l"; printf "%s" "$(cat "$1")"; exec sleep 60' sh "$txt" "${XTERM_CURSOR:-0}" &
  XTERM_PID=$!
  CHILDREN+=("$XTERM_PID")
  XTERM_WID=""
  for _ in $(seq 100); do
    XTERM_WID=$(DISPLAY="$DISP" xdotool search --name "^$title\$" 2>/dev/null | head -1 || true)
    [[ -n "$XTERM_WID" ]] && return 0
    sleep 0.1
  done
  echo "make_screens: xterm for $txt did not map" >&2
  exit 1
}

# xterm showing a text file with cat: NAME FONT PIXELS FG BG [FONTCONFIG_FILE]. With
# XTERM_CURSOR=1 its cursor shows after the last line, the pointer away so that the window has
# no focus (xterm draws a hollow cursor).
xterm_shot() {
  local name="$1"
  want "$name" || return 0
  start_xvfb
  [[ "${XTERM_CURSOR:-0}" == 1 ]] && DISPLAY="$DISP" xdotool mousemove 1900 1190
  start_xterm "$SRC/$name.txt" "$2" "$3" "$4" "$5" 0 0 "${6:-}"
  sleep 0.8  # let the shell print
  DISPLAY="$DISP" import -window "$XTERM_WID" "$TMP/$name.png"
  kill "$XTERM_PID" 2>/dev/null || true
  wait "$XTERM_PID" 2>/dev/null || true
  save_shot "$name" "$SRC/$name.txt"
}

# A VTE terminal (sakura) showing a text file, focused, its block cursor after the last line
# (a prompt waiting): NAME FONT POINTS FG BG (colours as rgb(r,g,b)).
vte_shot() {
  local name="$1" txt="$SRC/$1.txt"
  want "$name" || return 0
  command -v sakura >/dev/null || { echo "make_screens: sakura is missing (see the package list at the top)" >&2; exit 4; }
  start_xvfb
  local home="$TMP/sakura-home" title="ltshot-$name-$$"
  mkdir -p "$home/.config/sakura"
  printf '[sakura]\ncolorset1_fore=%s\ncolorset1_back=%s\ncolorset1_curs=%s\nlast_colorset=1\nfont=%s %s\nshow_tab_bar=multiple\nscrollbar=false\nblinking_cursor=No\ncursor_type=VTE_CURSOR_SHAPE_BLOCK\n' \
    "$4" "$5" "$4" "$2" "$3" >"$home/.config/sakura/sakura.conf"
  printf '#!/bin/sh\nprintf "%%s" "$(cat "%s")"\nexec sleep 60\n' "$txt" >"$TMP/$name.sh"
  chmod +x "$TMP/$name.sh"
  local cols rows
  cols=$(( $(wc -L <"$txt") + 2 ))
  rows=$(wc -l <"$txt")
  DISPLAY="$DISP" HOME="$home" XDG_CONFIG_HOME="$home/.config" sakura -c "$cols" -r "$((rows + 1))" -t "$title" \
    -x "$TMP/$name.sh" >/dev/null 2>&1 &
  local pid=$! wid=""
  CHILDREN+=("$pid")
  for _ in $(seq 100); do
    wid=$(DISPLAY="$DISP" xdotool search --name "^$title\$" 2>/dev/null | head -1 || true)
    [[ -n "$wid" ]] && break
    sleep 0.1
  done
  [[ -n "$wid" ]] || { echo "make_screens: sakura for $name did not map" >&2; exit 1; }
  DISPLAY="$DISP" xdotool mousemove 10 10 windowfocus --sync "$wid" 2>/dev/null || true
  sleep 1.2
  DISPLAY="$DISP" import -window "$wid" "$TMP/$name.png"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  save_shot "$name" "$txt"
}

# Two xterms side by side as a tiling window manager shows them, 1-px borders touching, captured
# from the root window: NAME FONT PIXELS FG1 BG1 FG2 BG2. Each shows bench/screens/NAME.left.txt
# and NAME.right.txt; the ground truth is the left one, a blank line, then the right one.
xterm_pair_shot() {
  local name="$1" font="$2" px="$3"
  want "$name" || return 0
  start_xvfb
  local side fg bg x=0 height=0 pids=() w h
  for side in left right; do
    if [[ $side == left ]]; then fg="$4" bg="$5"; else fg="$6" bg="$7"; fi
    start_xterm "$SRC/$name.$side.txt" "$font" "$px" "$fg" "$bg" "$x" 1
    pids+=("$XTERM_PID")
    read -r w h < <(DISPLAY="$DISP" xwininfo -id "$XTERM_WID" | awk '/Width:/ {w=$2} /Height:/ {h=$2} END {print w, h}')
    x=$(( x + w + 2 ))  # the next window starts after this one and its two border pixels
    (( h + 2 > height )) && height=$(( h + 2 ))
  done
  sleep 0.8  # let the shells print
  DISPLAY="$DISP" import -window root -crop "${x}x${height}+0+0" +repage "$TMP/$name.png"
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  cat "$SRC/$name.left.txt" <(echo) "$SRC/$name.right.txt" >"$TMP/$name.gt.txt"
  save_shot "$name" "$TMP/$name.gt.txt"
}

# A selection dragged over a capture made above (lines cut by its edges, a window border
# caught at its side): NAME SOURCE GEOMETRY (convert's WxH+X+Y, in SOURCE's pixels). The truth
# is bench/screens/NAME.gt.txt: the lines wholly inside the selection.
crop_shot() {
  local name="$1" source="$OUT/$2.png"
  want "$name" || return 0
  [[ -f "$source" ]] || { echo "make_screens: $name is cut from $2.png, not in $OUT yet" >&2; exit 1; }
  convert "$source" -crop "$3" +repage "$TMP/$name.png"
  save_shot "$name" "$SRC/$name.gt.txt"
}

# A page of ours in headless Chromium: NAME WIDTH HEIGHT (the page's CSS pixels, scale 1).
browser_shot() {
  local name="$1" w="$2" h="$3"
  want "$name" || return 0
  need_chromium
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --force-device-scale-factor=1 --user-data-dir="$TMP/chromium" --window-size="$w,$h" \
    --screenshot="$TMP/$name.png" "file://$SRC/$name.html" >"$TMP/chromium.log" 2>&1 \
    || { cat "$TMP/chromium.log" >&2; exit 1; }
  check_html_gt "$SRC/$name.html" "$SRC/$name.gt.txt"
  save_shot "$name" "$SRC/$name.gt.txt"
}

# Warns when the words of a page's ground truth are not exactly the words of its HTML text
# (a typo in one of the two); it cannot see layout, so it does not check the order.
check_html_gt() { # HTML GT
  $PY - "$1" "$2" <<'EOF'
import collections, html.parser, sys
class Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skip, self.parts = 0, []
    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "title"):
            self.skip += 1
        self.parts.append(" ")  # every element boundary in these pages is a visual break
    def handle_endtag(self, tag):
        if tag in ("style", "script", "title"):
            self.skip -= 1
        self.parts.append(" ")
    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)
t = Text()
t.feed(open(sys.argv[1], encoding="utf-8").read())
page = collections.Counter("".join(t.parts).split())
gt = collections.Counter(open(sys.argv[2], encoding="utf-8").read().split())
if page != gt:
    print(f"make_screens: WARNING {sys.argv[2]}: words only in the page: {sorted((page - gt).elements())}; "
          f"only in the ground truth: {sorted((gt - page).elements())}", file=sys.stderr)
EOF
}

# A page of ours in a real Chromium window under Xvfb, browser frame included (tab strip and
# address bar), served from 127.0.0.1 so that the address bar shows the same URL everywhere:
# NAME WIDTH HEIGHT TITLE (the page's <title>, which the tab shows).
HTTP_PORT=18931
chromium_window_shot() {
  local name="$1" w="$2" h="$3" title="$4"
  want "$name" || return 0
  need_chromium
  start_xvfb
  if $PY -c "import socket,sys; s=socket.socket(); sys.exit(s.connect_ex(('127.0.0.1',$HTTP_PORT))==0)"; then :; else
    echo "make_screens: port $HTTP_PORT is taken; the URL in $name.gt.txt needs that port" >&2; exit 1
  fi
  $PY -m http.server "$HTTP_PORT" --bind 127.0.0.1 --directory "$SRC" >/dev/null 2>&1 &
  local http=$!
  CHILDREN+=("$http")
  for _ in $(seq 50); do
    $PY -c "import socket,sys; s=socket.socket(); sys.exit(s.connect_ex(('127.0.0.1',$HTTP_PORT)))" && break
    sleep 0.1
  done
  DISPLAY="$DISP" chromium --no-sandbox --test-type --no-first-run --no-default-browser-check \
    --disable-gpu --disable-sync --password-store=basic --disable-features=Translate,MediaRouter \
    --force-device-scale-factor=1 --user-data-dir="$TMP/chromium-window" \
    --window-position=0,0 --window-size="$w,$h" "http://127.0.0.1:$HTTP_PORT/$name.html" \
    >"$TMP/chromium-window.log" 2>&1 &
  local pid=$!
  CHILDREN+=("$pid")
  local wid=""
  for _ in $(seq 300); do  # the window takes the page's title once the page has loaded
    wid=$(DISPLAY="$DISP" xdotool search --onlyvisible --name "^$title - Chromium\$" 2>/dev/null | head -1 || true)
    [[ -n "$wid" ]] && break
    sleep 0.1
  done
  if [[ -z "$wid" ]]; then
    cat "$TMP/chromium-window.log" >&2
    kill "$pid" "$http" 2>/dev/null || true
    echo "make_screens: no Chromium window titled '$title' for $name" >&2
    exit 1
  fi
  sleep 2  # let it paint (and the address bar settle)
  DISPLAY="$DISP" import -window "$wid" "$TMP/$name.png"
  kill "$pid" "$http" 2>/dev/null || true
  wait "$pid" "$http" 2>/dev/null || true
  save_shot "$name" "$SRC/$name.gt.txt"
}

# The Tk app (bench/screens/tk_app.py) in one of its layouts: NAME
tk_shot() {
  local name="$1"
  want "$name" || return 0
  need_tk
  start_xvfb
  DISPLAY="$DISP" $PY "$SRC/tk_app.py" "$name" "$TMP/$name.png"
  save_shot "$name" "$SRC/$name.gt.txt"
}

echo "make_screens: writing $OUT"

# Terminals.
xterm_shot xterm-light-dejavu-12px        "DejaVu Sans Mono"   12 black   white
xterm_shot xterm-dark-dejavu-11px         "DejaVu Sans Mono"   11 "#d0d0d0" "#1c1c1c"
xterm_shot xterm-dark-green-liberation-14px "Liberation Mono"  14 "#4ee07a" "#0c0c0c"
xterm_shot xterm-light-liberation-16px    "Liberation Mono"    16 "#202020" "#fafafa"
xterm_shot xterm-dark-noto-10px           "Noto Sans Mono"     10 "#93a1a1" "#002b36"
# Noto Sans Mono at 10 px: its slashed zero and small @ (mail addresses, identifiers).
xterm_shot xterm-mail-noto-10px           "Noto Sans Mono"     10 "#93a1a1" "#002b36"
xterm_shot xterm-subpixel-dejavu-13px     "DejaVu Sans Mono"   13 "#2e3436" "#fdf6e3" subpixel-fonts.conf
# A terminal as tall as a screen (667x1021): the only page tall enough to be laid out in strips.
xterm_shot xterm-tall-dejavu-12px         "DejaVu Sans Mono"   12 black   white
# Two terminals tiled side by side, one light and one dark: reading order across windows.
xterm_pair_shot xterm-tiled-dejavu-12px   "DejaVu Sans Mono"   12 black white "#d0d0d0" "#1c1c1c"
# Cursors: xterm without focus (hollow), a VTE terminal with focus (block) after a prompt; mail
# addresses, links, paths and a table.
XTERM_CURSOR=1 xterm_shot xterm-unfocused-liberation-14px "Liberation Mono" 14 "#1e1e1e" "#f4f4f4"
vte_shot vte-focused-dejavu-13px "DejaVu Sans Mono" 10 "rgb(220,220,220)" "rgb(30,32,36)"
# Issue 30: real `git log` output (github.com/pyenv/pyenv, MIT) in a dark terminal, dates with
# their UTC offsets; a British receipt in pence, a German return address, tracking numbers in
# table cells and weather readings (°F, a bare F, inch ranges, speeds) in a light one.
xterm_shot xterm-gitlog-dark-dejavu-12px  "DejaVu Sans Mono"   12 "#d0d0d0" "#1c1c1c"
xterm_shot xterm-orders-light-liberation-13px "Liberation Mono" 13 "#202020" "#fafafa"
# Short selections, a few words each: one line with its neighbours cut at the top and bottom
# edges; one whole line (an address and a link); the dark window of the tiled pair with the
# light one's edge and the border between them caught at the left, a line cut at the bottom.
crop_shot crop-cut-liberation-14px xterm-unfocused-liberation-14px 540x40+0+98
crop_shot crop-line-dejavu-13px vte-focused-dejavu-13px 730x24+0+50
crop_shot crop-border-dejavu-12px xterm-tiled-dejavu-12px 566x95+485+0

# Text in other languages, our own (a mail in a terminal, UTF-8), into their own corpus
# (bench/languages.py): the English corpus stays what it was.
mkdir -p "$LANG_OUT"
for lang in deu fra spa por ita nld pol; do
  OUT="$LANG_OUT" LC_ALL=C.UTF-8 xterm_shot lang-$lang-dejavu-13px "DejaVu Sans Mono" 13 "#202020" "#fafafa"
done
OUT="$LANG_OUT" LC_ALL=C.UTF-8 xterm_shot lang-mixed-dejavu-13px "DejaVu Sans Mono" 13 "#d0d0d0" "#1c1c1c"
# Other scripts: Cyrillic (Russian, Ukrainian), Greek, and Chinese in a CJK monospace font.
for lang in rus ukr ell; do
  OUT="$LANG_OUT" LC_ALL=C.UTF-8 xterm_shot lang-$lang-dejavu-13px "DejaVu Sans Mono" 13 "#202020" "#fafafa"
done
OUT="$LANG_OUT" LC_ALL=C.UTF-8 xterm_shot lang-chi_sim-wqy-14px "WenQuanYi Micro Hei Mono" 14 "#202020" "#fafafa"

# Browser pages (headless Chromium, no browser frame), sized to the page.
browser_shot browser-light-dejavu-14px     780 500
browser_shot browser-dark-liberation-13px  900 405
browser_shot browser-sidebar-noto-12px     760 420
browser_shot browser-serif-16px            820 455
browser_shot browser-light-liberation-11px 700 290
browser_shot browser-dark-dejavu-12px      900 312
browser_shot browser-light-noto-10px       640 292
browser_shot browser-docs-noto-15px        760 362

# The same kind of page in a Chromium window, with its tab strip and address bar.
chromium_window_shot chromium-window-noto-13px 760 372 "Timetable changes"

# A Tk application (python3-tk) in three layouts: ttk form, classic menu posted, dark ttk theme.
tk_shot tk-form-dejavu-12px
tk_shot tk-menu-liberation-13px
tk_shot tk-dark-noto-13px

for n in "${SELECTED[@]}"; do
  [[ " ${DONE[*]} " == *" $n "* ]] || { echo "make_screens: no image named $n" >&2; exit 2; }
done
echo "make_screens: ${#DONE[@]} images"
