#!/usr/bin/env python3
"""Capture of a whole 1280x800 screen on GNOME and on KDE Plasma, timed beside their peers in one
run (issue 28). Both desktops run headless, one after the other (bench/gnome.py, bench/kwin.py),
and show a different colour before every capture, so that no tool is handed the same pixels
twice; each image a tool returns is checked for that colour.

GNOME (gnome-shell 43, mutter's virtual monitor; the colour is the desktop background's, set with
gsettings; screenshots allowed in the portal's permission store, as `livetext desktop
--allow-screenshots` does):
  - `livetext grab portal --timing -o FILE`: a fresh process each time (xdg-desktop-portal's
    Screenshot, the PNG it writes read, decoded and removed; then our PNG written): the process's
    wall time, and the capture alone as its stderr line says it;
  - `livetext grab mutter --timing -o FILE`: the same through mutter's ScreenCast (a session for
    one frame through PipeWire, which runs with wireplumber as the session's user units start them);
  - the warm daemon's `timing.captureMs` of `livetext capture --screen --types codes --json`
    (mutter's ScreenCast first, as the daemon asks it);
  - the peer: bench/portal_screenshot.py, the least a Python program does to ask the portal (the
    stand-in for gnome-screenshot, which is timed too where it is installed): wall time.
  Everything runs as root here, the portal too (it must run as its caller's user).
KDE (kwin_wayland 5.27 --virtual; the colour a full-screen GTK window's; KWin's ScreenShot2 granted
by desktop files naming each binary: livetext's as `make install` writes it, /usr/bin/python3's
real binary for the peer): every client runs as livetext-test, kwin's user (KWin refuses root):
  - `livetext grab kwin --timing -o FILE`, fresh processes, as above;
  - the warm daemon's `timing.captureMs` (the daemon as livetext-test on kwin's bus);
  - the peer: bench/kwin_screenshot.py, CaptureWorkspace into a pipe, every byte read; and
    `spectacle -b -n -o FILE` where it is installed.

On KDE, `livetext clipboard` through the warm daemon too (a new picture each time, served by wl-copy):
the read's whole command.

On both, the warm daemon's live surface too (`CaptureScreen` with live, bench/live_request.py, closed
by Cancel once its first lines are live): the frozen screen shown N ms after the session started,
the capture included, as the daemon logs it at once (what a `live` hotkey waits for after the press).

The first capture of each tool warms up and is not counted. Ratios: livetext over the peer.

    /usr/bin/python3 bench/desktop_capture.py --livetext .build/release/livetext [--runs 15] [--desktops gnome,kde]
"""
import argparse
import json
import os
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402
from gnome import GnomeShell  # noqa: E402
from kwin import ColourWindow, KWin, granting  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "desktop")
PYTHON = "/usr/bin/python3"
WIDTH, HEIGHT = 1280, 800
# Where the colour is looked for: below GNOME's top bar, in the middle.
PROBE = (WIDTH // 2, 40)


def interrupt_on_signals():
    """SIGTERM and SIGHUP unwind like Ctrl-C, so that every session is stopped."""
    def handler(signum, frame):
        raise KeyboardInterrupt(signal.Signals(signum).name)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, handler)


def colours():
    """Colours, each far from the one before."""
    i = 0
    while True:
        i += 1
        yield "#%02x%02x%02x" % ((37 * i) % 256, (91 * i + 40) % 256, (53 * i + 90) % 256)


def rgb(colour):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def near(seen, colour, tolerance=3):
    return seen is not None and all(abs(a - b) <= tolerance for a, b in zip(seen, rgb(colour)))


def png_pixel(data, x, y):
    """The (r, g, b) of pixel (x, y) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, chunks, header = 8, [], None
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, kind, _, _, interlace = header
    if depth != 8 or interlace or kind not in (2, 6):
        raise ValueError("a PNG of depth %d, colour type %d, interlace %d" % (depth, kind, interlace))
    bpp = 3 if kind == 2 else 4
    stride = width * bpp
    raw = zlib.decompressobj().decompress(b"".join(chunks), (y + 1) * (stride + 1))
    previous = bytearray(stride)
    for row in range(y + 1):
        start = row * (stride + 1)
        method, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            if method == 1:
                line[i] = (line[i] + left) & 255
            elif method == 2:
                line[i] = (line[i] + up) & 255
            elif method == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif method == 4:
                corner = previous[i - bpp] if i >= bpp else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        previous = line
    return tuple(previous[x * bpp:x * bpp + 3])


def solid_png(colour, width, height):
    """A PNG of one colour, `colour` an (r, g, b) triple."""
    row = b"\x00" + bytes(colour) * width

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height))
            + chunk(b"IEND", b""))


def file_pixel(path):
    try:
        with open(path, "rb") as f:
            return png_pixel(f.read(), *PROBE)
    finally:
        if os.path.exists(path):
            os.unlink(path)


def timed(argv, **kwargs):
    """Runs argv to its end: (wall ms, its CompletedProcess); a failure raises with what it said."""
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, stdin=subprocess.DEVNULL, timeout=60, **kwargs)
    wall = (time.perf_counter() - started) * 1000
    if done.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (" ".join(argv), done.returncode,
                                                 done.stderr.decode(errors="replace")[-1500:]))
    return wall, done


def grab_ms(stderr):
    """The capture's time from `livetext grab --timing`'s line: "1280x800 in 123 ms through …"."""
    words = stderr.decode(errors="replace").split()
    return float(words[words.index("ms") - 1])


class Tool:
    """A way to capture the screen: `run()` returns {"wall": ms, "own": ms or None, "pixel": (r,g,b) or None}."""

    def __init__(self, key, label, run):
        self.key, self.label, self.run = key, label, run
        self.samples, self.checked, self.matched = [], 0, 0


SHOWN = re.compile(r"live text: the frozen screen up ([\d.]+) ms after the session started")


def live_tool(run_client, log_text):
    """The warm daemon's live surface (`CaptureScreen` with live, bench/live_request.py): the frozen
    screen shown N ms after its session started, the capture included, as the daemon logs it."""
    def run():
        before = len(SHOWN.findall(log_text()))
        run_client()
        deadline = time.time() + 30
        while True:
            found = SHOWN.findall(log_text())
            if len(found) > before:
                return {"wall": None, "own": float(found[-1])}
            if time.time() > deadline:
                raise RuntimeError("the daemon logged no live session within 30 s: %s" % log_text()[-1500:])
            time.sleep(0.05)
    return Tool("live", "warm daemon, `CaptureScreen` live", run)


def line_up(grab, peer, program):
    """The tools of a desktop, and the names of those missing: `program`'s key is the program it runs,
    counted only where that is installed."""
    if shutil.which(program.key):
        return [grab, peer, program], []
    return [grab, peer], [program.key]


def measure(tools, show, runs):
    """Each round: every tool once, in a rotating order, each after its own new colour."""
    palette = colours()
    for round_ in range(runs + 1):
        for tool in tools[round_ % len(tools):] + tools[:round_ % len(tools)]:
            colour = next(palette)
            show(colour)
            got = tool.run()
            if got.get("pixel") is not None:
                tool.checked += 1
                tool.matched += near(got["pixel"], colour)
                if not near(got["pixel"], colour):
                    sys.stderr.write("%s: saw %s where %s was shown\n" % (tool.key, got["pixel"], colour))
            if round_ > 0:
                tool.samples.append(got)


def summary(tool, field):
    values = [s[field] for s in tool.samples if s.get(field) is not None]
    if not values:
        return None
    ordered = sorted(values)
    return {"median": statistics.median(values), "p90": ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))],
            "n": len(values)}


# ---- GNOME

def bench_gnome(lt, runs):
    gnome = GnomeShell(WIDTH, HEIGHT)
    try:
        gnome.allow_screenshots()
        gnome.gsettings("set", "org.gnome.desktop.interface", "enable-animations", "false")
        gnome.gsettings("set", "org.gnome.desktop.background", "picture-options", "none")
        gnome.gsettings("set", "org.gnome.desktop.background", "color-shading-type", "solid")
        out = os.path.join(gnome.dir, "out")
        os.makedirs(out)
        env = gnome.env(OMP_THREAD_LIMIT="1")
        env.pop("LIVETEXT_LOCAL", None)

        def grab():
            path = os.path.join(out, "grab.png")
            wall, done = timed([lt, "grab", "portal", "--timing", "-o", path], env=env)
            return {"wall": wall, "own": grab_ms(done.stderr), "pixel": file_pixel(path)}

        def cast():
            path = os.path.join(out, "cast.png")
            wall, done = timed([lt, "grab", "mutter", "--timing", "-o", path], env=env)
            return {"wall": wall, "own": grab_ms(done.stderr), "pixel": file_pixel(path)}

        def peer():
            wall, done = timed([PYTHON, os.path.join(ROOT, "bench", "portal_screenshot.py")], env=env)
            return {"wall": wall, "pixel": png_pixel(done.stdout, *PROBE)}

        def gnome_screenshot():
            path = os.path.join(out, "gnome-screenshot.png")
            wall, _ = timed(["gnome-screenshot", "-f", path], env=env)
            return {"wall": wall, "pixel": file_pixel(path)}

        def show(colour):
            gnome.gsettings("set", "org.gnome.desktop.background", "primary-color", colour)
            time.sleep(0.3)

        tools, missing = line_up(Tool("grab", "`livetext grab portal`", grab), Tool("peer", "bench/portal_screenshot.py", peer),
                                 Tool("gnome-screenshot", "`gnome-screenshot -f`", gnome_screenshot))
        with db.PrivateDaemon(lt, os.path.join(OUT, "gnome-daemon.log"),
                              extra_env={k: env[k] for k in ("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "XDG_SESSION_TYPE",
                                                             "XDG_CURRENT_DESKTOP", "HOME")}
                              | {"DBUS_SESSION_BUS_ADDRESS": gnome.session_bus, "DISPLAY": ""}) as daemon:
            client = dict(env, DBUS_SESSION_BUS_ADDRESS=daemon.address)

            def warm():
                wall, done = timed([lt, "capture", "--screen", "--types", "codes", "--json"], env=client)
                return {"wall": wall, "own": json.loads(done.stdout)["timing"]["captureMs"]}

            tools.insert(1, Tool("cast", "`livetext grab mutter`", cast))
            tools.insert(2, Tool("daemon", "warm daemon (`capture --screen`)", warm))
            tools.insert(3, live_tool(lambda: timed([PYTHON, os.path.join(ROOT, "bench", "live_request.py")], env=client),
                                      lambda: "\n".join(daemon.log_lines())))
            measure(tools, show, runs)
        return tools, missing
    finally:
        gnome.stop()


# ---- KDE

def bench_kde(lt, runs):
    python = os.path.realpath(PYTHON)
    with open(os.path.join(ROOT, "dbus", "org.livetext.desktop.in")) as f:
        livetext_file = f.read().replace("@BINDIR@", os.path.dirname(lt))
    # Named as Debian's own python3.11.desktop (Exec=/usr/bin/python3.11, no interfaces), which
    # it shadows: KWin takes the first desktop file whose Exec= names the binary, in no set order.
    kwin = KWin(WIDTH, HEIGHT, desktop_files={"org.livetext.desktop": livetext_file,
                                              os.path.basename(python) + ".desktop": granting(python)})
    try:
        window = ColourWindow(kwin)
        user = kwin.user_popen_args(OMP_THREAD_LIMIT="1")
        out = os.path.join(kwin.home, "grab.png")

        def grab():
            wall, done = timed([lt, "grab", "kwin", "--timing", "-o", out], **user)
            return {"wall": wall, "own": grab_ms(done.stderr), "pixel": file_pixel(out)}

        def peer():
            wall, done = timed([python, os.path.join(ROOT, "bench", "kwin_screenshot.py")], **user)
            said = json.loads(done.stdout)
            blue, green, red, _ = said["middle"]  # QImage's 32-bit formats, little-endian
            return {"wall": wall, "pixel": (red, green, blue)}

        def spectacle():
            path = os.path.join(kwin.home, "spectacle.png")
            wall, _ = timed(["spectacle", "-b", "-n", "-o", path], **user)
            return {"wall": wall, "pixel": file_pixel(path)}

        # KWin builds its service cache on the first request, a few seconds: until both are granted.
        deadline = time.time() + 60
        while True:
            try:
                grab(), peer()
                break
            except RuntimeError:
                if time.time() > deadline:
                    raise
                time.sleep(0.5)
        tools, missing = line_up(Tool("grab", "`livetext grab kwin`", grab), Tool("peer", "bench/kwin_screenshot.py", peer),
                                 Tool("spectacle", "`spectacle -b -n -o`", spectacle))
        with open(os.path.join(OUT, "kde-daemon.log"), "wb") as log:
            # The daemon as kwin's user on kwin's bus, as the session would start it (killed by kwin.stop()).
            kwin.procs.append(subprocess.Popen([lt, "daemon", "--address", kwin.bus], stdin=subprocess.DEVNULL,
                                               stdout=log, stderr=log, start_new_session=True,
                                               **kwin.user_popen_args(OMP_THREAD_LIMIT="1",
                                                                      XDG_CONFIG_HOME=os.path.join(kwin.home, ".config"))))
        deadline = time.time() + 60
        while not kwin.has_owner(db.BUS_NAME):
            if kwin.procs[-1].poll() is not None or time.time() > deadline:
                raise RuntimeError("livetext daemon did not own %s on kwin's bus: see %s" % (db.BUS_NAME, log.name))
            time.sleep(0.1)

        def warm():
            wall, done = timed([lt, "capture", "--screen", "--types", "codes", "--json"], **user)
            return {"wall": wall, "own": json.loads(done.stdout)["timing"]["captureMs"]}

        tools.insert(1, Tool("daemon", "warm daemon (`capture --screen`)", warm))

        def daemon_log():
            with open(log.name, errors="replace") as f:
                return f.read()

        tools.insert(2, live_tool(lambda: timed([python, os.path.join(ROOT, "bench", "live_request.py")], **user),
                                  daemon_log))
        copier = []

        def clipboard():
            # A new picture each time (a square of the next colour, served by wl-copy), read through the daemon.
            colour = next(clipboard_colours)
            picture = os.path.join(kwin.home, "clip.png")
            with open(picture, "wb") as f:
                f.write(solid_png(rgb(colour), 96, 96))
            while copier:
                copier.pop().kill()
            copier.append(subprocess.Popen(["wl-copy", "--foreground", "--type", "image/png"], stdin=open(picture, "rb"),
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **user))
            time.sleep(0.3)
            wall, done = timed([lt, "clipboard", "--types", "codes", "--json"], **user)
            return {"wall": wall, "own": None}

        clipboard_colours = colours()
        tools.insert(3, Tool("clipboard", "warm daemon (`clipboard`, wl-copy's picture)", clipboard))
        try:
            measure(tools, window.show, runs)
        finally:
            while copier:
                copier.pop().kill()
        return tools, missing
    finally:
        kwin.stop()


def versions():
    def said(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True, timeout=20).stdout.strip()
        except OSError:
            return None
    return {package: said(["dpkg-query", "-W", "-f", "${Version}", package])
            for package in ("gnome-shell", "kwin-wayland", "xdg-desktop-portal", "xdg-desktop-portal-gnome")}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--desktops", default="gnome,kde")
    args = parser.parse_args()
    if os.getuid() != 0:
        print("desktop_capture.py: skipped: it runs as root (the sessions as livetext-test, GNOME's portal as its caller)")
        return
    lt = os.path.realpath(args.livetext)
    build = "release" if "/release/" in lt else "debug" if "/debug/" in lt else "unknown"
    os.makedirs(OUT, exist_ok=True)
    interrupt_on_signals()
    result = {"runs": args.runs, "screen": "%dx%d" % (WIDTH, HEIGHT), "livetext": lt, "build": build,
              "versions": versions(), "desktops": {}}
    for desktop in args.desktops.split(","):
        tools, missing = bench_gnome(lt, args.runs) if desktop == "gnome" else bench_kde(lt, args.runs)
        peer = summary(next(t for t in tools if t.key == "peer"), "wall")
        entry = {"missing": missing, "tools": {}}
        for tool in tools:
            entry["tools"][tool.key] = {"label": tool.label, "wall_ms": summary(tool, "wall"), "own_ms": summary(tool, "own"),
                                        "pixels_checked": tool.checked, "pixels_matched": tool.matched,
                                        "samples": tool.samples}
        entry["peer_wall_median_ms"] = peer["median"]
        result["desktops"][desktop] = entry
    path = os.path.join(OUT, "desktop_capture.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=2)
    print_table(result)
    print("(results: %s)" % os.path.relpath(path, ROOT))


def print_table(result):
    names = {"gnome": "GNOME (gnome-shell %s), the Screenshot portal and mutter's ScreenCast" % result["versions"]["gnome-shell"],
             "kde": "KDE Plasma (kwin %s), ScreenShot2" % result["versions"]["kwin-wayland"]}
    print("capture of a %s screen, medians and p90 of %d; livetext's %s build; ratio: over the peer's whole process"
          % (result["screen"], result["runs"], result["build"]))
    print("| desktop | tool | median | p90 | ratio | colours seen |")
    print("|---|---|---|---|---|---|")
    for desktop, entry in result["desktops"].items():
        peer = entry["peer_wall_median_ms"]
        for key, tool in entry["tools"].items():
            rows = []
            if tool["wall_ms"] and key != "daemon":
                rows.append(("%s, whole process" % tool["label"], tool["wall_ms"]))
            if tool["own_ms"]:
                rows.append(("%s, %s" % (tool["label"], {"daemon": "timing.captureMs", "live": "the frozen screen shown (its log)"}
                                         .get(key, "its capture (--timing)")),
                             tool["own_ms"]))
            for label, s in rows:
                seen = "%d/%d" % (tool["pixels_matched"], tool["pixels_checked"]) if tool["pixels_checked"] else "–"
                print("| %s | %s | %.1f ms | %.1f ms | %.2f | %s |" % (names[desktop], label, s["median"], s["p90"],
                                                                      s["median"] / peer, seen))
        for tool in entry["missing"]:
            print("| %s | %s | not installed | | | |" % (names[desktop], {"gnome-screenshot": "`gnome-screenshot`",
                                                                          "spectacle": "`spectacle -b -n -o`"}[tool]))


if __name__ == "__main__":
    main()
