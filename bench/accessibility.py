#!/usr/bin/python3
"""Capture with the accessibility bus beside OCR alone, on GTK 3 windows of known text.

    /usr/bin/python3 bench/accessibility.py [--livetext PATH] [--runs 3]

Starts Xvfb, a private session bus, at-spi2-core's bus launcher and one GTK 3 window per page
below (labels and a text view: confusable characters, accents, German, a wrapped paragraph), then
runs `livetext capture --region ... --json` with `--accessibility on` and `off` in turn, in one
run. Prints per page and mode the median wall time, the analysis' timing.totalMs, the walk of the
accessibility bus (timing.accessibilityMs, when the analysis reports it), the character error of
the known lines (edit distance over the known text's length, each known line against the output
line most like it) and the share of lines sourced `accessibility`; then per page the ratios on/off
of totalMs and of the wall time. The page `canvas` draws one line with cairo (published by nobody:
OCR reads it) below its labels.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

PAGES = {
    "confusables": ["0O1lI Il1| O0o rn m", "Straße Ærøskøbing café naïve", "a11y al1y 10.0.0.1 l0g",
                    "ÉÈÊ àçù ÅÖÜ ÿ œ ß", "version 1.0.1l build 0O0"],
    "paragraph": ["The quick brown fox jumps over the lazy dog near the river bank.",
                  "Größenordnung: 12 345,67 € — naïve façade, coöperate, résumé.",
                  "Contact: ops@example.org, +49 30 1234567, https://example.org/a11y"],
    "canvas": ["Invoice 2026-0417 total 1.234,50", "Résumé of the quarter: naïve café", "canvas: Drawn text 42 here"],
}

WINDOW = r'''
import json, sys
gi = __import__("gi")
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk, Gdk, GLib
lines = json.loads(sys.argv[1])
css = Gtk.CssProvider()
css.load_from_data(b"* { font-family: 'DejaVu Sans'; font-size: 15px; } window { background: #fff; color: #000; }")
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_USER)
w = Gtk.Window(title="bench"); w.set_default_size(760, 420); w.move(20, 20)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=10); box.set_margin_start(16); box.set_margin_top(16)
def drawn(text):
    area = Gtk.DrawingArea(); area.set_size_request(600, 30)
    def draw(widget, cr):
        cr.set_source_rgb(0, 0, 0); cr.select_font_face("DejaVu Sans"); cr.set_font_size(15)
        cr.move_to(0, 20); cr.show_text(text)
    area.connect("draw", draw)
    return area
for text in lines:
    if text.startswith("canvas: "):
        box.pack_start(drawn(text[len("canvas: "):]), False, False, 0)
        continue
    label = Gtk.Label(label=text); label.set_xalign(0); box.pack_start(label, False, False, 0)
w.add(box); w.connect("destroy", Gtk.main_quit); w.show_all()
GLib.timeout_add(500, lambda: (print("ready", flush=True), False)[1])
Gtk.main()
'''


def edits(a, b):
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def character_error(known, lines):
    known = [k[len("canvas: "):] if k.startswith("canvas: ") else k for k in known]
    total = sum(len(k) for k in known)
    errors = sum(min((edits(k, l) for l in lines), default=len(k)) for k in known)
    return errors / total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--livetext", default=".build/debug/livetext")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    livetext = os.path.abspath(args.livetext)
    runtime = tempfile.mkdtemp(prefix="a11y-bench-")
    display = ":%d" % (900 + os.getpid() % 90)
    started = []
    try:
        started.append(subprocess.Popen(["Xvfb", display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                        stderr=subprocess.DEVNULL))
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
        started.append(bus)
        address = bus.stdout.readline().strip()
        env = dict(os.environ, DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=address, XDG_RUNTIME_DIR=runtime,
                   GSETTINGS_BACKEND="memory", LIVETEXT_LOCAL="1", XDG_CONFIG_HOME="/nonexistent/livetext-bench")
        time.sleep(0.5)
        started.append(subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
                                        stderr=subprocess.DEVNULL))
        time.sleep(0.5)
        rows = []
        for name, known in PAGES.items():
            window = subprocess.Popen(["/usr/bin/python3", "-c", WINDOW, json.dumps(known)], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            window.stdout.readline()
            time.sleep(1.0)
            for mode in ("on", "off"):
                walls, totals, walks, errors, shares = [], [], [], [], []
                for _ in range(args.runs):
                    begin = time.monotonic()
                    out = subprocess.run([livetext, "capture", "--region", "0,0,800,460", "--json", "--accessibility", mode],
                                         env=env, capture_output=True, text=True, timeout=120)
                    walls.append(time.monotonic() - begin)
                    document = json.loads(out.stdout)
                    lines = [l for b in document["blocks"] for l in b["lines"]]
                    totals.append(document["timing"]["totalMs"])
                    if "accessibilityMs" in document["timing"]:
                        walks.append(document["timing"]["accessibilityMs"])
                    errors.append(character_error(known, [l["text"] for l in lines]))
                    shares.append(sum(l.get("source") == "accessibility" for l in lines) / max(1, len(lines)))
                rows.append((name, mode, statistics.median(walls), statistics.median(totals), statistics.median(errors),
                             statistics.median(shares), statistics.median(walks) if walks else None))
            window.kill(); window.wait()
        print("%-12s %-4s %8s %10s %8s %8s %8s" % ("page", "a11y", "wall s", "totalMs", "walk ms", "CER", "a11y"))
        for row in rows:
            walk = "-" if row[6] is None else "%.1f" % row[6]
            print("%-12s %-4s %8.2f %10.1f %8s %7.2f%% %7.0f%%" % (row[0], row[1], row[2], row[3], walk, 100 * row[4],
                                                                 100 * row[5]))
        for name in PAGES:
            on = next(r for r in rows if r[0] == name and r[1] == "on")
            off = next(r for r in rows if r[0] == name and r[1] == "off")
            print("%s: totalMs on/off %.2f, wall on/off %.2f, CER on %.2f%% vs off %.2f%%"
                  % (name, on[3] / off[3], on[2] / off[2], 100 * on[4], 100 * off[4]))
    finally:
        for process in reversed(started):
            for pid in descendants(process.pid) + [process.pid]:
                try:
                    os.kill(pid, 9)
                except ProcessLookupError:
                    pass
            process.wait()


def descendants(pid):
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    out = []
    for child in children.get(pid, []):
        out += descendants(child) + [child]
    return out


if __name__ == "__main__":
    sys.exit(main())
