#!/usr/bin/env bash
# Builds Tests/Fixtures/codes/: screen captures of QR codes and barcodes as they appear on a screen,
# each with NAME.codes.json, the ground truth: [{"symbology": <zbar's name>, "payload": "..."}].
#
# The codes are made by qrencode and zint at screen scale (2-4 px modules), shown in real windows
# under Xvfb (a Tk window laid out like a web page, a dialog or a label; an xterm running qrencode)
# and captured with ImageMagick's import, cropped to the window. zbarimg checks the result at the end.
#
# Debian packages (beyond scripts/setup-debian --bench, CI must install the two marked *):
#   xvfb xterm imagemagick xdotool qrencode zbar-tools fonts-dejavu fonts-liberation2
#   python3 python3-pil  python3-tk*  zint*
#
# Usage: bench/make_codes.sh [OUTDIR]     (default Tests/Fixtures/codes; display :96, or LIVETEXT_CODES_DISPLAY)
set -euo pipefail

cd "$(dirname "$0")/.."
out=${1:-Tests/Fixtures/codes}
display=${LIVETEXT_CODES_DISPLAY:-:96}
py=/usr/bin/python3

for tool in Xvfb xterm import xdotool qrencode zint zbarimg; do
  command -v "$tool" >/dev/null || { echo "make_codes.sh: $tool is missing (see the packages at the top)" >&2; exit 4; }
done
$py -c 'import tkinter, PIL' 2>/dev/null || { echo "make_codes.sh: $py needs python3-tk and python3-pil" >&2; exit 4; }

num=${display#:}
if [[ -e /tmp/.X${num}-lock ]]; then
  echo "make_codes.sh: display $display is in use (set LIVETEXT_CODES_DISPLAY to one of :95..:98)" >&2
  exit 4
fi

work=$(mktemp -d)
xvfb_pid=""
cleanup() {
  [[ -n "$xvfb_pid" ]] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp -dpi 96 >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do
  [[ -e /tmp/.X11-unix/X${num} ]] && break
  sleep 0.1
done
[[ -e /tmp/.X11-unix/X${num} ]] || { echo "make_codes.sh: Xvfb did not start on $display" >&2; exit 4; }

mkdir -p "$out"
DISPLAY=$display $py - "$out" "$work" <<'PY'
"""Lays out each scene in a real window, captures it and writes the PNG and its ground truth."""
import json
import os
import subprocess
import sys
import time
import tkinter as tk

from PIL import Image

OUT, WORK = sys.argv[1], sys.argv[2]

# ---- the codes themselves, at screen scale -----------------------------------------------------

def qr(name, payload, module=3, margin=2, fg=None, bg=None):
    path = os.path.join(WORK, name + ".png")
    cmd = ["qrencode", "-t", "PNG", "-s", str(module), "-m", str(margin), "-o", path]
    if fg:
        cmd += ["--foreground=" + fg, "--background=" + bg]
    subprocess.run(cmd + ["--", payload], check=True)
    return path


def zint(name, kind, data, scale=1.0, height=None, extra=()):
    path = os.path.join(WORK, name + ".png")
    cmd = ["zint", "-b", kind, "--scale=%g" % scale, "-o", path, "-d", data, *extra]
    if height:
        cmd.append("--height=%d" % height)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return path


def rescale(path, factor):
    """What a browser at 150 % zoom does to an image: resampled, soft edges."""
    img = Image.open(path).convert("RGBA").convert("RGB")
    img = img.resize((round(img.width * factor), round(img.height * factor)), Image.BILINEAR)
    scaled = path[:-4] + "-x%g.png" % factor
    img.save(scaled)
    return scaled


VCARD = "\n".join([
    "BEGIN:VCARD", "VERSION:3.0", "N:Lovelace;Ada;;;", "FN:Ada Lovelace",
    "ORG:Analytical Engines Ltd", "TEL;TYPE=CELL:+44 20 7946 0958",
    "EMAIL:ada@example.com", "URL:https://example.com/ada", "END:VCARD",
])
TOTP = "otpauth://totp/Example:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example"
TRACK = "1Z999AA10123456784"

# ---- scenes: (name, theme, rows, truth); a row is a list of ("text", str, font) / ("image", path)

LIGHT = {"bg": "#ffffff", "fg": "#202124", "muted": "#5f6368", "bar": "#f1f3f4"}
DARK = {"bg": "#1e1f22", "fg": "#e8eaed", "muted": "#9aa0a6", "bar": "#2b2d31"}
SANS, SANS_B, SANS_S = ("DejaVu Sans", 10), ("DejaVu Sans", 13, "bold"), ("DejaVu Sans", 9)
SERIF, MONO = ("Liberation Serif", 12), ("DejaVu Sans Mono", 10)


def t(text, font=SANS, role="fg"):
    return ("text", text, font, role)


def img(path):
    return ("image", path)


SCENES = [
    ("qr-url", LIGHT, "https://example.org/livetext", [
        [t("Share this page", SANS_B)],
        [t("Scan the code with your phone to continue reading there.", SANS, "muted")],
        [img(qr("url", "https://example.org/livetext/share?id=8f3a&lang=en", 4))],
        [t("example.org/livetext/share", SANS_S, "muted")],
    ], [("QR-Code", "https://example.org/livetext/share?id=8f3a&lang=en")]),

    ("qr-wifi", LIGHT, None, [
        [t("Wi-Fi: Home-5G", SANS_B)],
        [img(qr("wifi", "WIFI:T:WPA;S:Home-5G;P:correct horse battery staple;;", 3)),
         t("Security: WPA2 Personal\nPassword: ••••••••••\n\nPoint a phone camera at\nthe code to join this\nnetwork.", SANS)],
    ], [("QR-Code", "WIFI:T:WPA;S:Home-5G;P:correct horse battery staple;;")]),

    ("qr-vcard-scaled", LIGHT, "https://contacts.example.com/ada", [
        [t("Ada Lovelace", SANS_B)],
        [t("Analytical Engines Ltd · +44 20 7946 0958", SANS, "muted")],
        [img(rescale(qr("vcard", VCARD, 2), 1.5)), t("Add to contacts:\nscan the code.", SERIF)],
    ], [("QR-Code", VCARD)]),

    ("qr-small", LIGHT, None, [
        [t("Download the app", SANS_S, "muted"), img(qr("small", "https://lt.example/q/7", 2)),
         t("Ver. 2.4.1 · Terms · Privacy", SANS_S, "muted")],
    ], [("QR-Code", "https://lt.example/q/7")]),

    ("qr-dark-2fa", DARK, "https://accounts.example.com/security", [
        [t("Set up two-factor authentication", SANS_B)],
        [t("1. Open your authenticator app.\n2. Scan this code, then enter the 6-digit code.", SANS, "muted")],
        [img(qr("totp", TOTP, 3, 3))],
        [t("Can't scan it? Enter JBSWY3DPEHPK3PXP", MONO)],
    ], [("QR-Code", TOTP)]),

    ("qr-dark-inverted", DARK, None, [
        [t("Dark mode", SANS_B)],
        [img(qr("inv", "https://example.net/dark", 4, 2, fg="E8EAED", bg="1E1F22")),
         t("Light modules on a dark page:\nmany scanners miss this one.", SANS, "muted")],
    ], [("QR-Code", "https://example.net/dark")]),

    ("ean13-product", LIGHT, "https://shop.example.com/p/4006381333931", [
        [t("Stabilo point 88 fineliner, 10 pack", SANS_B)],
        [t("€12.99  incl. VAT · In stock", SANS, "muted")],
        [img(zint("ean13", "EANX", "400638133393", 1, 40)), t("EAN 4006381333931", SANS_S, "muted")],
    ], [("EAN-13", "4006381333931")]),

    ("upca-product", LIGHT, None, [
        [t("Item details", SANS_B)],
        [img(zint("upca", "UPCA", "03600029145", 1, 40)),
         t("UPC: 036000291452\nCase pack: 24\nOrigin: US", SANS)],
    ], [("UPC-A", "036000291452")]),

    ("ean8-small", LIGHT, None, [
        [t("Barcode", SANS_S, "muted"), img(zint("ean8", "EANX", "9638507", 0.5)),
         t("Small pack, 96385074", SANS_S, "muted")],
    ], [("EAN-8", "96385074")]),

    ("label-code128-qr", LIGHT, None, [
        [t("SHIPPING LABEL", SANS_B)],
        [t("To: A. Lovelace, 12 Engine Row, London", SANS)],
        [img(zint("c128", "CODE128", TRACK, 1, 35))],
        [img(qr("track", "https://track.example.com/" + TRACK, 3)),
         t("Tracking: " + TRACK + "\nWeight: 1.2 kg", MONO)],
    ], [("CODE-128", TRACK), ("QR-Code", "https://track.example.com/" + TRACK)]),

    ("code39-asset", LIGHT, None, [
        [t("Asset tag", SANS_B), t("Laptop, room 3.14", SANS, "muted")],
        [img(zint("c39", "CODE39", "LIVETEXT-42", 1, 30))],
    ], [("CODE-39", "LIVETEXT-42")]),

    ("code93-invoice", LIGHT, None, [
        [t("Invoice INV 93-7731", SERIF)],
        [img(zint("c93", "CODE93", "INV 93-7731", 1, 30)), t("Due 2024-07-31", SANS, "muted")],
    ], [("CODE-93", "INV 93-7731")]),

    ("i25-carton", LIGHT, None, [
        [t("Carton 12345678901231", MONO)],
        [img(zint("i25", "C25INTER", "12345678901231", 1, 35))],
    ], [("I2/5", "12345678901231")]),

    ("databar-coupon", LIGHT, None, [
        [t("Coupon: 20 % off", SANS_B)],
        [img(zint("dbar", "DBAR_OMN", "0950110153001", 1)),
         img(zint("dbarexp", "DBAR_EXP", "[01]98898765432106[3202]012345", 1))],
    ], [("DataBar", "0109501101530010"), ("DataBar-Exp", "01988987654321063202012345")]),
]


def capture(x, y, w, h, path):
    tmp = os.path.join(WORK, "capture.png")
    subprocess.run(["import", "-window", "root", "-crop", "%dx%d+%d+%d" % (w, h, x, y), "+repage", tmp],
                   check=True)
    Image.open(tmp).convert("RGB").save(path, optimize=True)  # no timestamps: reproducible bytes


def write_truth(name, truth):
    with open(os.path.join(OUT, name + ".codes.json"), "w") as f:
        json.dump([{"symbology": s, "payload": p} for s, p in truth], f, indent=2, ensure_ascii=False)
        f.write("\n")


def tk_scenes():
    root = tk.Tk()
    root.geometry("+0+0")
    keep = []
    for name, theme, url, rows, truth in SCENES:
        for child in root.winfo_children():
            child.destroy()
        keep.clear()
        root.configure(bg=theme["bg"])
        if url:  # a browser's address bar above the page
            bar = tk.Frame(root, bg=theme["bar"])
            bar.pack(fill="x")
            tk.Label(bar, text="◀  ▶  ⟳   " + url, font=SANS_S, bg=theme["bar"], fg=theme["muted"],
                     anchor="w", padx=8, pady=5).pack(fill="x")
        page = tk.Frame(root, bg=theme["bg"], padx=16, pady=10)
        page.pack(fill="both")
        for row in rows:
            line = tk.Frame(page, bg=theme["bg"])
            line.pack(anchor="w", pady=3)
            for item in row:
                if item[0] == "text":
                    _, text, font, role = item
                    w = tk.Label(line, text=text, font=font, bg=theme["bg"], fg=theme[role], justify="left")
                else:
                    photo = tk.PhotoImage(file=item[1])
                    keep.append(photo)
                    w = tk.Label(line, image=photo, bg=theme["bg"], bd=0, highlightthickness=0)
                w.pack(side="left", padx=(0, 12), anchor="center")
        root.update()
        time.sleep(0.3)
        root.update()
        capture(root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height(),
                os.path.join(OUT, name + ".png"))
        write_truth(name, truth)
    root.destroy()


def xterm_scene(name, text, pixelsize, rows):
    """qrencode's terminal output in an xterm: blocks drawn by the terminal, with a thin seam between
    text rows at some font sizes, and a prompt around them."""
    script = ("printf '$ qrencode -t UTF8i \"%s\"\\n'; qrencode -t UTF8i -m 2 '%s'; "
              "printf '$ echo done\\ndone\\n$ '; exec sleep 60") % (text, text)
    term = subprocess.Popen(["xterm", "-title", "livetext-codes", "-geometry", "48x%d+0+0" % rows,
                             "-fa", "DejaVu Sans Mono:pixelsize=%d" % pixelsize, "-e", "sh", "-c", script])
    try:
        wid = subprocess.run(["xdotool", "search", "--sync", "--name", "^livetext-codes$"],
                             capture_output=True, text=True, check=True, timeout=20).stdout.split()[0]
        time.sleep(0.8)
        tmp = os.path.join(WORK, "xterm.png")
        subprocess.run(["import", "-window", wid, tmp], check=True)
        Image.open(tmp).convert("RGB").save(os.path.join(OUT, name + ".png"), optimize=True)
        write_truth(name, [("QR-Code", text)])
    finally:
        term.terminate()
        term.wait()


tk_scenes()
xterm_scene("qr-xterm-text", "Meet at 10:30 in room B2", 15, 20)
# 12 px: the usual 9 pt terminal font at 96 dpi; non-square modules and seams, zbarimg misses it.
xterm_scene("qr-xterm-12px", "https://example.com/login?device=tty3", 12, 22)
PY

# zbarimg's view of the corpus, beside the ground truth.
total=0
for png in "$out"/*.png; do
  total=$((total + $(stat -c %s "$png")))
  found=$(zbarimg -q --nodbus "$png" 2>/dev/null | tr '\n' ' ' | cut -c1-90 || true)
  printf '%-28s %s  zbarimg: %s\n' "$(basename "$png")" "$(identify -format %wx%h "$png")" "${found:-(nothing)}"
done
printf '%d images, %d bytes\n' "$(ls "$out"/*.png | wc -l)" "$total"
