#!/usr/bin/python3
"""Capture with the accessibility bus beside OCR alone, on GTK 3 windows of known text.

    /usr/bin/python3 bench/accessibility.py [--livetext PATH] [--runs 3] [--live] [--sway]
                                            [--toolkit gtk3|gtk4|firefox|chromium|vte|qt]

Starts Xvfb, a private session bus, at-spi2-core's bus launcher and one GTK 3 window per page
below (labels and a text view: confusable characters, accents, German, a wrapped paragraph), then
runs `livetext capture --region ... --json` with `--accessibility on` and `off` in turn, in one
run. Prints per page and mode the median wall time, the analysis' timing.totalMs, the walk of the
accessibility bus (timing.accessibilityMs, when the analysis reports it), the character error of
the known lines (edit distance over the known text's length, each known line against the output
line most like it) and the share of lines sourced `accessibility`; then per page the ratios on/off
of totalMs and of the wall time. The page `canvas` draws one line with cairo (published by nobody:
OCR reads it) below its labels.

With --sway, the same captures (`capture --screen`) on a headless sway (run as the user
livetext-test when run as root, as the tests do) with each GTK 3 window on Wayland
(GDK_BACKEND=wayland, tiled over the whole output): the published lines are window-relative there,
placed by the vote against the OCR's lines.

With --toolkit gtk4, the same pages as GTK 4 windows, under openbox (GTK 4 publishes boxes
relative to its window, placed by the window manager's client list).

With --toolkit firefox or chromium, the same pages as HTML in Firefox ESR or Chromium (started
with --force-renderer-accessibility), each page's third line with a link in it, the canvas page's
line drawn on a <canvas>; both browsers publish only once org.a11y.Status IsEnabled is on, which
the bench sets as `livetext desktop --enable-accessibility` does. A fresh profile each; the
capture waits until the page's lines are on the bus.

With --tables, one GTK 3 window showing a tree view (`Gtk.ListStore`) of known cells (confusable
characters, accents, an empty cell; with --toolkit qt, a QTableWidget of them) instead: per mode the median wall time and totalMs, the share
of known cells (headers with them) found exactly at their place in the largest table of the output
(`capture --json`'s `tables`), and that table's source. With --tables and --toolkit firefox or
chromium, the same cells as an HTML `<table>` (its first row `<th>`s) in that browser instead; with
--each, every capture's walk (ms) and table source printed on stderr as it comes.

With --toolkit vte, the pages printed in a VTE terminal (sakura, DejaVu Sans Mono 11; the canvas
page's last line printed too: a terminal has no canvas).

With --toolkit qt, the same pages as PyQt5 windows (QLabel lines, the canvas line drawn with
QPainter on a plain QWidget). Qt 5.15 registers on the accessibility bus only when the root
window's AT_SPI_BUS names it as it starts: else it asks the launcher for the address and tries to
register before that connection is up, and never again. The launcher sets the property once, if
the X server answers then, and an Xvfb without -noreset drops it when its last client leaves;
so Xvfb runs with -noreset, the bench waits for it before starting the launcher and for the
property before any window.

With --live, `livetext live --region ... --report-timing` instead (the pointer off the window), closed
with Esc once it had time to read everything: per page and mode the medians of first_live_ms (the
session's start to the first text live: with accessibility, the published lines) and live_ms (to the
whole reading), published_live_ms (to the first reading holding a published line) and shown_ms (to the
frozen screen up). With --live --sway, `livetext live` (the whole screen) on sway, closed with wtype's Escape: the
published lines are live once a partial reading of the OCR places their window.

With --region text, the captures are of the rectangle around the page's published lines (12 px
around them, found by one capture with the bus on), what a user drags over, instead of the whole
window with the window manager's title bar or the browser's tabs and toolbar.
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

# The same page in GTK 4 (4.8 here: no window placement, so at the screen's corner without a
# window manager; cairo drawing, as Xvfb has no GL).
WINDOW_GTK4 = r'''
import json, sys
gi = __import__("gi")
gi.require_version("Gtk", "4.0")
from gi.repository import Gtk, Gdk, GLib
lines = json.loads(sys.argv[1])
Gtk.init()
css = Gtk.CssProvider()
css.load_from_data(b"* { font-family: 'DejaVu Sans'; font-size: 15px; } window { background: #fff; color: #000; }")
Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), css, Gtk.STYLE_PROVIDER_PRIORITY_USER)
w = Gtk.Window(title="bench"); w.set_default_size(760, 420)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=10); box.set_margin_start(16); box.set_margin_top(16)
def drawn(text):
    area = Gtk.DrawingArea(); area.set_size_request(600, 30)
    def draw(widget, cr, width, height):
        cr.set_source_rgb(0, 0, 0); cr.select_font_face("DejaVu Sans"); cr.set_font_size(15)
        cr.move_to(0, 20); cr.show_text(text)
    area.set_draw_func(draw)
    return area
for text in lines:
    if text.startswith("canvas: "):
        box.append(drawn(text[len("canvas: "):]))
        continue
    label = Gtk.Label(label=text); label.set_xalign(0); box.append(label)
loop = GLib.MainLoop()
w.set_child(box); w.connect("close-request", lambda *_: (loop.quit(), False)[1]); w.present()
GLib.timeout_add(800, lambda: (print("ready", flush=True), False)[1])
loop.run()
'''

# The same page in a browser: labels as paragraphs (the third with a link in it), the canvas's
# line drawn with a 2D context.
def html_page(lines):
    out = []
    for number, text in enumerate(lines):
        if text.startswith("canvas: "):
            out.append('<canvas id="c" width="600" height="30"></canvas><script>var x = document.getElementById("c")'
                       '.getContext("2d"); x.font = "15px DejaVu Sans"; x.fillStyle = "#000"; x.fillText(%s, 0, 20);'
                       '</script>' % json.dumps(text[len("canvas: "):]))
            continue
        words = text.split(" ")
        if number == 2 and len(words) > 2:
            words[1] = '<a href="https://example.org/">%s</a>' % words[1]
        out.append("<p>%s</p>" % " ".join(words))
    return ('<!doctype html><html><head><meta charset="utf-8"><title>bench</title><style>body { font-family: '
            "'DejaVu Sans'; font-size: 15px; background: #fff; color: #000; margin: 16px } p { margin: 0 0 10px 0 }"
            "</style></head><body>%s</body></html>" % "\n".join(out))


FIREFOX_PREFERENCES = """user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("startup.homepage_welcome_url", "");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.policy.dataSubmissionPolicyBypassNotification", true);
user_pref("datareporting.policy.firstRunURL", "");
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.disabledForTesting", true);
"""


def browser(kind, lines, env, runtime, html=None):
    """Firefox ESR or Chromium at the screen's corner showing the page (`html`, else the lines'): its process."""
    directory = tempfile.mkdtemp(prefix="profile-", dir=runtime)
    page = os.path.join(directory, "page.html")
    with open(page, "w") as f:
        f.write(html if html is not None else html_page(lines))
    env = dict(env, HOME=directory)
    if kind == "firefox":
        with open(os.path.join(directory, "user.js"), "w") as f:
            f.write(FIREFOX_PREFERENCES)
        command = ["firefox-esr", "--no-remote", "--profile", directory, "--width", "800", "--height", "460",
                   "file://" + page]
    else:
        command = ["chromium", "--no-sandbox", "--test-type", "--force-renderer-accessibility",
                   "--user-data-dir=" + directory, "--no-first-run", "--no-default-browser-check", "--disable-gpu",
                   "--password-store=basic", "--window-position=0,0", "--window-size=800,460", "file://" + page]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def other_window(kind, lines, env, runtime):
    """A VTE terminal (sakura) printing the lines: its process."""
    directory = tempfile.mkdtemp(prefix="vte-", dir=runtime)
    page = os.path.join(directory, "page.txt")
    with open(page, "w") as f:
        f.write("\n".join(l[len("canvas: "):] if l.startswith("canvas: ") else l for l in lines) + "\n")
    config = os.path.join(directory, "sakura.conf")
    with open(config, "w") as f:
        f.write("[sakura]\ncolorset1_fore=rgb(0,0,0)\ncolorset1_back=rgb(255,255,255)\nscrollbar=false\n"
                "show_tab_bar=never\nless_questions=true\n")
    return subprocess.Popen(["sakura", "--config-file", config, "-f", "DejaVu Sans Mono 11", "-c", "90", "-r", "20",
                             "-x", "sh -c 'clear; cat %s; exec sleep 1000'" % page],
                            env=dict(env, HOME=directory), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


QT_WINDOW = r'''
import json, sys
from PyQt5.QtCore import QTimer
from PyQt5.QtGui import QColor, QFont, QPainter
from PyQt5.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget
lines = json.loads(sys.argv[1])
app = QApplication(sys.argv[:1])
font = QFont("DejaVu Sans"); font.setPixelSize(15)
class Canvas(QWidget):
    def __init__(self, text):
        super().__init__(); self.text = text; self.setFixedSize(600, 30)
    def paintEvent(self, event):
        painter = QPainter(self); painter.setPen(QColor(0, 0, 0)); painter.setFont(font)
        painter.drawText(0, 20, self.text); painter.end()
w = QWidget(); w.setWindowTitle("bench"); w.move(20, 20); w.resize(760, 420)
w.setStyleSheet("background: #fff; color: #000")
box = QVBoxLayout(w); box.setContentsMargins(16, 16, 16, 16); box.setSpacing(10)
for text in lines:
    if text.startswith("canvas: "):
        box.addWidget(Canvas(text[len("canvas: "):]))
        continue
    label = QLabel(text); label.setFont(font); box.addWidget(label)
box.addStretch(1)
w.show()
QTimer.singleShot(500, lambda: print("ready", flush=True))
sys.exit(app.exec_())
'''


def qt_window(lines, env, script=QT_WINDOW):
    """A PyQt5 window showing the lines: its process, once shown. Qt's bridge on X11 connects
    to the bus the root window's AT_SPI_BUS names (the variables turn it on whatever
    org.a11y.Status says)."""
    env = dict(env, QT_QPA_PLATFORM="xcb", QT_ACCESSIBILITY="1", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    window = subprocess.Popen(["/usr/bin/python3", "-c", script, json.dumps(lines)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    window.stdout.readline()
    return window


def wait_for_display(env):
    """Until the X server answers (at most 10 s)."""
    for _ in range(200):
        if subprocess.run(["xprop", "-root", "-len", "1", "_NET_SUPPORTED"], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            return
        time.sleep(0.05)


def wait_for_bus(env):
    """Until the launcher owns org.a11y.Bus on the session bus and has named its bus on the root
    window (AT_SPI_BUS; at most 10 s)."""
    for _ in range(200):
        owned = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                                "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus"],
                               env=env, capture_output=True, text=True)
        named = subprocess.run(["xprop", "-root", "AT_SPI_BUS"], env=env, capture_output=True, text=True)
        if "boolean true" in owned.stdout and "unix:" in named.stdout:
            return
        time.sleep(0.05)
    print("the accessibility bus never showed on the root window", file=sys.stderr)


def wait_published(livetext, env, known):
    """Until `capture` takes the page's first label from the bus (at most 60 s)."""
    first = next(k for k in known if not k.startswith("canvas: "))
    for _ in range(60):
        out = subprocess.run([livetext, "capture", "--region", "0,0,800,460", "--json"], env=env, capture_output=True,
                             text=True, timeout=120)
        try:
            lines = [l for b in json.loads(out.stdout)["blocks"] for l in b["lines"]]
        except ValueError:
            lines = []
        if any(l["text"] == first and l.get("source") == "accessibility" for l in lines):
            return True
        time.sleep(1)
    return False


def text_region(livetext, env, known, window, margin=12):
    """The rectangle around the page's lines as published (a capture of `window` with the bus on),
    `margin` pixels wider on each side: the region a user drags over the page's text; `window`
    when none of them was published. A capture whose walk missed its deadline (OCR alone, lines
    not as known: the rectangle would cut them) is taken again, up to 5 times."""
    published = set(k for k in known if not k.startswith("canvas: "))
    known = set(k[len("canvas: "):] if k.startswith("canvas: ") else k for k in known)
    for _ in range(5):
        out = subprocess.run([livetext, "capture", "--region", window, "--json", "--accessibility", "on"], env=env,
                             capture_output=True, text=True, timeout=120)
        lines = [l for b in json.loads(out.stdout)["blocks"] for l in b["lines"]]
        if published <= set(l["text"] for l in lines if l.get("source") == "accessibility"):
            break
    boxes = [l["bounds"] for l in lines if l["text"] in known]
    if not boxes:
        return window
    left = max(0, min(b[0] for b in boxes) - margin)
    top = max(0, min(b[1] for b in boxes) - margin)
    right = max(b[0] + b[2] for b in boxes) + margin
    bottom = max(b[1] + b[3] for b in boxes) + margin
    return "%d,%d,%d,%d" % (left, top, right - left, bottom - top)


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
    parser.add_argument("--live", action="store_true")
    parser.add_argument("--sway", action="store_true")
    parser.add_argument("--toolkit", choices=("gtk3", "gtk4", "firefox", "chromium", "vte", "qt"), default="gtk3")
    parser.add_argument("--tables", action="store_true")
    parser.add_argument("--each", action="store_true", help="with --tables: each capture's walk and table source on stderr")
    parser.add_argument("--region", choices=("window", "text"), default="window",
                        help="window: 0,0,800,460 (the window, its title bar and a browser's toolbars with it); "
                             "text: around the page's published lines (what a user drags over)")
    args = parser.parse_args()
    livetext = os.path.abspath(args.livetext)
    runtime = tempfile.mkdtemp(prefix="a11y-bench-")
    display = ":%d" % (900 + os.getpid() % 90)
    started = []
    try:
        # -noreset: else the server resets when its last client leaves, and the root window's
        # properties (the launcher's AT_SPI_BUS) go with it.
        started.append(subprocess.Popen(["Xvfb", display, "-screen", "0", "1024x768x24", "-nolisten", "tcp",
                                         "-noreset"], stderr=subprocess.DEVNULL))
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
        started.append(bus)
        address = bus.stdout.readline().strip()
        env = dict(os.environ, DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=address, XDG_RUNTIME_DIR=runtime,
                   GSETTINGS_BACKEND="memory", LIVETEXT_LOCAL="1", XDG_CONFIG_HOME="/nonexistent/livetext-bench")
        if args.sway:
            env.update(start_sway(runtime, started), GDK_BACKEND="wayland", DISPLAY="")
        elif args.toolkit == "gtk4":
            # GTK 4 publishes window-relative boxes: the window's place comes from the window
            # manager's client list, as on any desktop (openbox here).
            time.sleep(0.3)
            started.append(subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))
        time.sleep(0.5)
        if not args.sway:
            wait_for_display(env)
        started.append(subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        if not args.sway:
            wait_for_bus(env)
        time.sleep(0.5)
        browsing = args.toolkit in ("firefox", "chromium")
        if browsing:
            subprocess.run([livetext, "desktop", "--enable-accessibility"], env=env, check=True,
                           stdout=subprocess.DEVNULL)
        if args.tables:
            return bench_tables(livetext, env, args.runs, args.toolkit if browsing else None, runtime, args.each,
                                args.toolkit == "qt")
        rows = []
        for name, known in PAGES.items():
            if browsing or args.toolkit == "vte":
                window = (browser if browsing else other_window)(args.toolkit, known, env, runtime)
                if not wait_published(livetext, env, known):
                    print("%s: %s never published its page" % (name, args.toolkit), file=sys.stderr)
            elif args.toolkit == "qt":
                window = qt_window(known, env)
            else:
                script = WINDOW_GTK4 if args.toolkit == "gtk4" else WINDOW
                window = subprocess.Popen(["/usr/bin/python3", "-c", script, json.dumps(known)],
                                          env=dict(env, GSK_RENDERER="cairo") if args.toolkit == "gtk4" else env,
                                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                window.stdout.readline()
            time.sleep(1.0)
            region = "0,0,800,460"
            if args.region == "text":
                region = text_region(livetext, env, known, region)
                print("%s: region %s" % (name, region), file=sys.stderr)
            if args.live:
                for mode in ("on", "off"):
                    shown, firsts, wholes, published = [], [], [], []
                    for _ in range(args.runs):
                        timing = live_session(livetext, env, mode, sway=args.sway)
                        if timing:
                            shown.append(timing[0])
                            firsts.append(timing[1])
                            wholes.append(timing[2])
                            if timing[3] is not None:
                                published.append(timing[3])
                    rows.append((name, mode, statistics.median(firsts) if firsts else None,
                                 statistics.median(wholes) if wholes else None, len(firsts),
                                 statistics.median(shown) if shown else None,
                                 statistics.median(published) if published else None))
                stop(window)
                continue
            for mode in ("on", "off"):
                walls, totals, walks, errors, shares = [], [], [], [], []
                for _ in range(args.runs):
                    begin = time.monotonic()
                    target = ["--screen"] if args.sway else ["--region", region]
                    out = subprocess.run([livetext, "capture"] + target + ["--json", "--accessibility", mode],
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
            stop(window)
        if args.live:
            print("%-12s %-4s %9s %14s %18s %10s %5s" % ("page", "a11y", "shown_ms", "first_live_ms", "published_live_ms",
                                                          "live_ms", "runs"))
            ms = lambda value: "-" if value is None else "%.1f" % value
            for row in rows:
                print("%-12s %-4s %9s %14s %18s %10s %5d" % (row[0], row[1], ms(row[5]), ms(row[2]), ms(row[6]), ms(row[3]),
                                                              row[4]))
            return
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
            stop(process)


TABLE = [["Name", "Städte", "Code", "Betrag"],
         ["0O1lI", "Köln", "A-10l", "1.234,50"], ["naïve", "", "O0-71", "12,00"], ["Ærø", "Zürich", "lI1-0O", "0,99"],
         ["café", "Malmö", "B-8", "2,50"], ["Il1", "Ñandú", "C-0O", "7,5"], ["rn m", "Besançon", "D-11", "100,00"],
         ["façade", "Åre", "E-l1", "3,14"], ["résumé", "Łódź", "F-0", "42"]]

# The window of WINDOW (its font, place and size) holding a tree view of the table.
TABLE_WINDOW = WINDOW.split("box = Gtk.Box")[0] + r'''
table = lines
css.load_from_data(b"* { font-family: 'DejaVu Sans'; font-size: 15px; } window, treeview { background: #fff; color: #000; }")
store = Gtk.ListStore(*([str] * len(table[0])))
for row in table[1:]: store.append(row)
view = Gtk.TreeView(model=store)
for index, name in enumerate(table[0]): view.append_column(Gtk.TreeViewColumn(name, Gtk.CellRendererText(), text=index))
scrolled = Gtk.ScrolledWindow(); scrolled.add(view)
w.add(scrolled); w.connect("destroy", Gtk.main_quit); w.show_all()
GLib.timeout_add(500, lambda: (print("ready", flush=True), False)[1])
Gtk.main()
'''


# The window of QT_WINDOW holding a QTableWidget of the table (its row numbers at its left).
QT_TABLE_WINDOW = QT_WINDOW.split("box = QVBoxLayout")[0] + r'''
from PyQt5.QtWidgets import QTableWidget, QTableWidgetItem
table = lines
box = QVBoxLayout(w)
view = QTableWidget(len(table) - 1, len(table[0])); view.setFont(font); view.setHorizontalHeaderLabels(table[0])
for r, row in enumerate(table[1:]):
    for c, text in enumerate(row): view.setItem(r, c, QTableWidgetItem(text))
box.addWidget(view)
w.show()
QTimer.singleShot(500, lambda: print("ready", flush=True))
sys.exit(app.exec_())
'''


def table_page(table):
    """The table as an HTML page: its first row the header."""
    cell = lambda tag, text: "<%s>%s</%s>" % (tag, text, tag)
    rows = ["<tr>%s</tr>" % "".join(cell("th" if number == 0 else "td", text) for text in row)
            for number, row in enumerate(table)]
    return ('<!doctype html><html><head><meta charset="utf-8"><title>bench</title><style>body { font-family: '
            "'DejaVu Sans'; font-size: 15px; background: #fff; color: #000; margin: 16px } table { border-collapse: "
            "collapse } td, th { border: 1px solid #888; padding: 3px 10px; text-align: left }</style></head><body>"
            "<table>%s</table></body></html>" % "\n".join(rows))


def wait_table(livetext, env):
    """Until `capture` gives a table sourced `accessibility` (at most 60 s)."""
    for _ in range(60):
        out = subprocess.run([livetext, "capture", "--region", "0,0,800,460", "--json"], env=env, capture_output=True,
                             text=True, timeout=120)
        try:
            if any(t.get("source") == "accessibility" for t in json.loads(out.stdout)["tables"]):
                return True
        except ValueError:
            pass
        time.sleep(1)
    return False


def bench_tables(livetext, env, runs, browsing, runtime, each=False, qt=False):
    """The tree view page (or the browser's page of the table, or with `qt` a QTableWidget of it), `capture
    --json` on and off in turn: the exact cells and the times."""
    if browsing:
        window = browser(browsing, [], env, runtime, html=table_page(TABLE))
        if not wait_table(livetext, env):
            print("%s never published its table" % browsing, file=sys.stderr)
    elif qt:
        window = qt_window(TABLE, env, QT_TABLE_WINDOW)
    else:
        window = subprocess.Popen(["/usr/bin/python3", "-c", TABLE_WINDOW, json.dumps(TABLE)], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        window.stdout.readline()
    time.sleep(1.0)
    known = sum(len(row) for row in TABLE)
    print("%-4s %8s %10s %8s %8s %s" % ("a11y", "wall s", "totalMs", "walk ms", "exact", "source"))
    try:
        for mode in ("on", "off"):
            walls, totals, walks, exact, sources = [], [], [], [], []
            for _ in range(runs):
                begin = time.monotonic()
                out = subprocess.run([livetext, "capture", "--region", "0,0,800,460", "--json", "--accessibility", mode],
                                     env=env, capture_output=True, text=True, timeout=120)
                walls.append(time.monotonic() - begin)
                document = json.loads(out.stdout)
                totals.append(document["timing"]["totalMs"])
                if "accessibilityMs" in document["timing"]:
                    walks.append(document["timing"]["accessibilityMs"])
                tables = sorted(document["tables"], key=lambda t: len(t["rows"]), reverse=True)
                cells = [[c["text"] for c in row] for row in tables[0]["rows"]] if tables else []
                exact.append(sum(1 for r, row in enumerate(TABLE) for c, text in enumerate(row)
                                 if r < len(cells) and c < len(cells[r]) and cells[r][c] == text) / known)
                sources.append(tables[0].get("source", "ocr") if tables else "none")
                if each:
                    print(mode, document["timing"].get("accessibilityMs"), sources[-1], file=sys.stderr)
            print("%-4s %8.2f %10.1f %8s %7.1f%% %s" % (mode, statistics.median(walls), statistics.median(totals),
                                                      "%.1f" % statistics.median(walks) if walks else "-",
                                                      100 * statistics.median(exact), ",".join(sorted(set(sources)))))
    finally:
        stop(window)


def start_sway(runtime, started):
    """A headless sway (pixman, one 1024x768 output, no Xwayland) for the bench: its environment."""
    directory = tempfile.mkdtemp(prefix="a11y-bench-sway-")
    os.chmod(directory, 0o755)
    run = os.path.join(directory, "run")
    os.mkdir(run, 0o700)
    config = os.path.join(directory, "config")
    with open(config, "w") as f:
        f.write("output HEADLESS-1 resolution 1024x768 position 0 0\nxwayland disable\n")
    os.chmod(config, 0o644)
    command = ["/usr/bin/env", "-i", "PATH=/usr/bin:/bin", "HOME=" + directory, "XDG_RUNTIME_DIR=" + run,
               "WLR_BACKENDS=headless", "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman", "WLR_HEADLESS_OUTPUTS=1",
               "/usr/bin/sway", "-c", config]
    if os.getuid() == 0:
        import pwd
        account = pwd.getpwnam("livetext-test")
        os.chown(run, account.pw_uid, account.pw_gid)
        command = ["/usr/sbin/runuser", "-u", "livetext-test", "--"] + command
    started.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    for _ in range(300):
        if os.path.exists(os.path.join(run, "wayland-1")):
            break
        time.sleep(0.1)
    time.sleep(0.5)
    return {"WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": run, "XDG_SESSION_TYPE": "wayland"}


def live_session(livetext, env, mode, sway=False):
    """One `livetext live` session: (shown_ms, first_live_ms, live_ms, published_live_ms), or None when it closed
    before the whole came. On sway the whole screen, closed with wtype's Escape."""
    if sway:
        target = []
    else:
        subprocess.run(["xdotool", "mousemove", "795", "455"], env=env, check=True)
        target = ["--region", "0,0,800,460"]
    session = subprocess.Popen([livetext, "live"] + target + ["--report-timing", "--accessibility", mode],
                               env=env, stderr=subprocess.PIPE, text=True)
    time.sleep(6)
    # wtype's key goes only once sway has its keymap: a moment's wait first, and again if need be.
    for _ in range(3):
        subprocess.run(["wtype", "-s", "300", "-k", "Escape"] if sway else ["xdotool", "key", "Escape"], env=env,
                       check=True)
        try:
            _, err = session.communicate(timeout=20)
            break
        except subprocess.TimeoutExpired:
            pass
    else:
        session.kill()
        _, err = session.communicate()
    for line in reversed(err.splitlines()):
        if line.startswith("{"):
            timing = json.loads(line)
            if timing.get("live_ms") is not None:
                return timing["shown_ms"], timing["first_live_ms"], timing["live_ms"], timing.get("published_live_ms")
    return None


def stop(process):
    """Kills `process` and what it started (a browser's renderers), then reaps it."""
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
