#!/usr/bin/env bash
# Makes the large-text and tilted-text fixtures of Tests/AdapterTests/SizeAndTiltTests.swift
# (issue 27) with ImageMagick and DejaVu (fonts-dejavu):
#   sign.png        4000x3000: a 260 px bold heading, 90-120 px lines (a phone number, opening
#                   hours, an email) and 36 px print, level
#   receipt-N.png   a 1100x1500 receipt in 30 px text turned by -N degrees (3 and 10; lines rise
#                   to the right), the canvas grown to hold it, white around
# The tests know the baselines the text was drawn on (the -annotate y); keep them in step.
# Usage: bench/make_tilted.sh [OUT]    (default Tests/AdapterTests/Fixtures/tilted)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/Tests/AdapterTests/Fixtures/tilted}"
mkdir -p "$OUT"
F=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
FB=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
convert -size 4000x3000 xc:'#f2efe8' -fill '#1b2a3a' -density 72 \
  -font $FB -pointsize 260 -annotate +300+520 'HARBOR BAKERY' \
  -font $F -pointsize 120 -annotate +300+900 'Call 415-555-0134' \
  -pointsize 110 -annotate +300+1120 'Open Monday to Friday 7:00 to 18:00' \
  -pointsize 100 -annotate +300+1320 'Saturday 8:00 to 14:00' \
  -pointsize 90 -annotate +300+1520 'Email orders@harborbakery.com' \
  -pointsize 36 -annotate +300+1800 'Fresh bread every morning. Cakes to order with two days notice.' \
  -pointsize 36 -annotate +300+1860 'We accept cards and cash. Parking behind the building.' \
  -colorspace Gray -depth 8 -colors 16 "$OUT/sign.png"
convert -size 1100x1500 xc:white -fill black -density 72 -font $F -pointsize 30 \
  -annotate +80+100 'CORNER MARKET' \
  -annotate +80+160 '12 Mission Street, San Francisco' \
  -annotate +80+220 'Tel: 415-555-0199' \
  -annotate +80+300 'Order number 48213' \
  -annotate +80+380 'Sourdough loaf          6.50' \
  -annotate +80+440 'Oat milk 1 l            3.20' \
  -annotate +80+500 'Apples 2 kg             5.80' \
  -annotate +80+560 'Coffee beans 500 g     14.90' \
  -annotate +80+640 'Total                  30.40' \
  -annotate +80+720 'Paid by card on 12 March 2026' \
  -annotate +80+800 'Track your order at' \
  -annotate +80+860 'https://cornermarket.example.com/orders' \
  -annotate +80+940 'Thank you for shopping with us' \
  -colorspace Gray "$TMP/receipt-level.png"
for a in 3 10; do
  convert "$TMP/receipt-level.png" -background white -rotate -$a +repage -colorspace Gray -depth 8 -colors 16 "$OUT/receipt-$a.png"
done
