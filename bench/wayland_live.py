#!/usr/bin/env python3
"""`livetext live` timed on a dense 1920x1080 screen of a headless Wayland compositor (a benchmark, not a test).

The timings of bench/live.py, from the session's own clock (`livetext live --report-timing`: one
JSON line on stderr when it closes), with `livetext live` a client of a headless sway 1.7
(bench/wayland.py: pixman renderer, one 1920x1080 output) as on a Wayland desktop: the frozen
screen a wlr-layer-shell surface on the overlay layer, pointer and keyboard read from the seat.
  shown    session start -> the frozen screen shown with pointer and keyboard grabbed (target < 50 ms)
  pointer  session start -> the line under the pointer live (target < 300 ms)
  first    session start -> the first text live
  live     session start -> the whole screen read and live (target: within 10 % of the engines' floor)
  redraw   one redraw while dragging (median and max; < 8 ms)
  copy     Ctrl+C -> the clipboard ours with the selected text (< 10 ms)
Beside them, in each run, right after its session: the engines' floor of the same pixels read from
the file, as bench/live.py takes it (a fresh process and a warm daemon), and the peer, wall time
to the whole screen's text on the clipboard: `grim -t png - | tesseract stdin stdout | wl-copy`.
Each run's shown, pointer and live are divided by that run's peer and floors; the table gives
the medians over the runs.

The screen: --screen PNG (1920x1080), or bench/live.py's dense screen, as sway's background
(swaybg draws it when it gets to it: each session starts once grim reads its pixels, all but the
cursor's: sway draws the cursor into the headless output, so grim and the frozen screen hold it
too). The headless seat has no pointer or keyboard: the pointer is bench/wayland_pointer.c
(a zwlr_virtual_pointer_v1, compiled with cc at the start), paced line by line from here; the keys
are wtype's (a virtual keyboard). The clipboard is read with `wl-paste -n`; it and the peer run as
the session's user (bench/wayland.py). Each run: the pointer at (400, 300), `livetext live`
starts; the pixel at (960, 1) is read with `grim -g "960,1 1x1"` (grim copies what the output
shows, our overlay surface too) from 2.5 s on, every second, until the reading bar along the top
is gone (the whole screen is live; each look makes sway draw the whole output, about 15 ms of its
CPU, so looking earlier would slow the reading); a drag over a dozen lines in 40 steps 30 ms
apart, Ctrl+C, Return; the characters then on the clipboard counted; the floors; the peer.

    /usr/bin/python3 bench/wayland_live.py --livetext .build/release/livetext [--runs 3] [--screen dense.png]

Writes bench/out/wayland/live.json: every run and the medians.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live import dense_screen, engines_floor, warm_daemon  # noqa: E402
from wayland import OUTPUT, Sway, ppm_pixels  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "wayland")
PROTOCOLS = os.path.join(ROOT, "Sources", "CWaylandProtocols")
SENTINEL = "livetext-bench-sentinel"
START = (400, 300)  # the pointer when a session starts: the lines around it are read first
BAR = (960, 1)  # a pixel of the reading bar along the top
CURSOR = 64  # the side of a square around the pointer that holds its cursor's image
PEER = "grim -t png - | tesseract stdin stdout 2>/dev/null | wl-copy"
TIMED = ("shown_ms", "pointer_line_ms", "live_ms")  # each divided by each of BASES
BASES = ("peer_ms", "floor_ms", "warm_floor_ms")
ROWS = (("shown_ms", "shown (frozen, grabbed)", "< 50 ms"),
        ("pointer_line_ms", "line under the pointer live", "< 300 ms"),
        ("first_live_ms", "first text live", ""),
        ("live_ms", "whole screen live", "<= 1.10x floor"),
        ("redraw_ms_median", "redraw while dragging, median", "< 8 ms"),
        ("copy_ms", "Ctrl+C -> clipboard", "< 10 ms"))


class Pointer:
    """bench/wayland_pointer.c, compiled into `work`, on `sway`'s seat."""

    def __init__(self, sway, work):
        binary = os.path.join(work, "wayland_pointer")
        subprocess.run(["cc", "-O2", "-I", os.path.join(PROTOCOLS, "include"), os.path.join(ROOT, "bench", "wayland_pointer.c"),
                        os.path.join(PROTOCOLS, "wlr-virtual-pointer-unstable-v1-protocol.c"), "-lwayland-client",
                        "-o", binary], check=True)
        self.proc = subprocess.Popen([binary, str(sway.width), str(sway.height)], env=sway.env(), text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def run(self, *commands):
        """Sends `commands` (move X Y, down, up, sleep MS) and returns once sway has had them all."""
        self.proc.stdin.write("".join(command + "\n" for command in commands))
        self.proc.stdin.flush()
        for command in commands:
            answer = self.proc.stdout.readline()
            if answer != "ok\n":
                raise RuntimeError("the virtual pointer, to %r: %r" % (command, answer))

    def move(self, x, y):
        self.run("move %d %d" % (x, y))

    def drag(self):
        """Over a dozen lines from (40, 100), in 40 steps 30 ms apart, as a hand moves."""
        steps = []
        for step in range(41):
            steps += ["move %d %d" % (40 + step * 20, 100 + step * 6), "sleep 30"]
        self.run("move 40 100", "down", *steps, "up")

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(10)


def same_screen(actual, expected, width, box):
    """Whether two rgb screens of `width` are the same outside `box` (x, y, side; None for none)."""
    if box is None:
        return actual == expected
    x, y, side = box
    stride = width * 3
    for row in range(len(expected) // stride):
        start, end = row * stride, (row + 1) * stride
        if not y <= row < y + side:
            if actual[start:end] != expected[start:end]:
                return False
        elif (actual[start:start + max(x, 0) * 3] != expected[start:start + max(x, 0) * 3]
              or actual[start + (x + side) * 3:end] != expected[start + (x + side) * 3:end]):
            return False
    return True


def wait_for_screen(sway, expected, pointer=None, timeout=30):
    """Waits until grim reads the pixels of `expected`, all but the cursor's around `pointer`."""
    box = (pointer[0] - CURSOR // 2, pointer[1] - CURSOR // 2, CURSOR) if pointer else None
    deadline = time.time() + timeout
    while not same_screen(sway.grim(), expected, sway.width, box):
        if time.time() > deadline:
            raise RuntimeError("sway does not show the screen (is it %dx%d?)" % (sway.width, sway.height))
        time.sleep(0.1)


def show(sway, screen):
    """Makes `screen` sway's background; returns its rgb bytes once sway shows them."""
    expected = ppm_pixels(subprocess.run(["convert", screen, "ppm:-"], capture_output=True, check=True).stdout)
    sway.swaymsg("output", OUTPUT, "bg", screen, "fill")
    wait_for_screen(sway, expected)
    return expected


def clipboard(sway):
    r = subprocess.run(sway.user_command(["wl-paste", "-n"]), capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def set_sentinel(sway):
    """The sentinel on the clipboard (wl-copy serves it until someone else copies)."""
    subprocess.run(sway.user_command(["wl-copy", SENTINEL]), stdout=subprocess.DEVNULL, check=True)
    for _ in range(200):
        if clipboard(sway) == SENTINEL:
            return
        time.sleep(0.02)
    raise RuntimeError("could not put the sentinel on the clipboard")


def wait_until_read(sway, expected):
    """Waits until the pixel at BAR is the screen's own again (in `expected`), the reading bar
    gone; returns the seconds waited and whether the bar was seen."""
    at = (BAR[1] * sway.width + BAR[0]) * 3
    own = expected[at:at + 3]
    started = time.time()
    seen = False
    time.sleep(2.5)
    while sway.grim(*BAR, 1, 1) != own:
        if time.time() - started > 300:
            raise RuntimeError("the reading bar is still there after 300 s")
        seen = True
        time.sleep(1)
    return time.time() - started, seen


def one_session(lt, sway, pointer, expected):
    """One `livetext live --report-timing`, read, dragged over and copied from: its timings, and
    the characters it put on the clipboard."""
    pointer.move(*START)
    wait_for_screen(sway, expected, START)
    set_sentinel(sway)
    proc = subprocess.Popen([lt, "live", "--report-timing"], env=sway.env(LIVETEXT_BACKEND="wayland"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        waited, seen = wait_until_read(sway, expected)
        pointer.drag()
        subprocess.run(["wtype", "-s", "300", "-M", "ctrl", "c", "-m", "ctrl"], env=sway.env(), check=True)
        subprocess.run(["wtype", "-s", "300", "-k", "Return"], env=sway.env(), check=True)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    lines = [line for line in err.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError("no timing line from livetext live: " + err)
    run = json.loads(lines[-1])
    if not seen and (run["live_ms"] or 0) > waited * 1000:
        raise RuntimeError("the reading bar was never seen, yet the reading took %s ms" % run["live_ms"])
    copied = clipboard(sway)
    run["copied_chars"] = len(copied) if copied and copied != SENTINEL else 0
    return run


def peer(sway, pointer, expected):
    """The peer's wall time from the screen to its text on the clipboard, in ms."""
    pointer.move(*START)  # the same cursor on the screen as a session's
    wait_for_screen(sway, expected, START)
    set_sentinel(sway)
    started = time.perf_counter()
    subprocess.run(sway.user_command(["sh", "-c", PEER], "OMP_THREAD_LIMIT=1"), check=True)
    while time.perf_counter() - started < 300:
        text = clipboard(sway)
        if text and text != SENTINEL:
            elapsed = (time.perf_counter() - started) * 1000
            subprocess.run(sway.user_command(["wl-copy", "--clear"]), check=True)  # its wl-copy ends
            return elapsed
        time.sleep(0.01)
    raise RuntimeError("the peer put nothing on the clipboard in 300 s")


def one_run(lt, sway, pointer, daemon, expected, screen):
    """A session, then the floors of the same pixels and the peer; with each ratio."""
    run = one_session(lt, sway, pointer, expected)
    run["analyze_ms"], run["floor_ms"] = engines_floor(lt, screen, dict(os.environ, LIVETEXT_LOCAL="1"))
    run["warm_analyze_ms"], run["warm_floor_ms"] = engines_floor(
        lt, screen, dict(os.environ, DBUS_SESSION_BUS_ADDRESS=daemon.address))
    run["peer_ms"] = peer(sway, pointer, expected)
    for key in TIMED:
        for base in BASES:
            run["%s/%s" % (key, base)] = run[key] / run[base] if run[key] is not None else None
    return run


def medians(runs):
    """Each key's median over the runs; the redraws' count and slowest over all of them."""
    result = {}
    for key in runs[0]:
        values = [r[key] for r in runs if r.get(key) is not None]
        result[key] = statistics.median(values) if values else None
    result["redraw_ms_max"] = max((r["redraw_ms_max"] for r in runs if r["redraw_ms_max"] is not None), default=None)
    result["redraws"] = sum(r["redraws"] for r in runs)
    return result


def report(m, runs, lt):
    def ms(value):
        return "%8.1f ms" % value if value is not None else "%11s" % "-"

    def ratio(key, base):
        value = m["%s/%s" % (key, base)]
        return "%8.3fx" % value if value is not None else "%9s" % "-"
    print("livetext live on Wayland (headless sway 1.7, pixman), 1920x1080 dense screen, %d runs (medians), %s"
          % (runs, lt))
    print("%-31s %-11s  %-15s %9s %9s %9s" % ("", "", "target", "/ peer", "/ floor", "/ warm"))
    for key, label, target in ROWS:
        ratios = " ".join(ratio(key, base) for base in BASES) if key in TIMED else ""
        print(("%-31s %s  %-15s %s" % (label, ms(m[key]), target, ratios)).rstrip())
    print("%d redraws over the runs, the slowest %s ms; %d characters copied"
          % (m["redraws"], m["redraw_ms_max"], m["copied_chars"]))
    print("engines' floor: a fresh process %.1f ms (analyze --local total %.1f ms), warm engines %.1f ms"
          " (a warm daemon's total %.1f ms)" % (m["floor_ms"], m["analyze_ms"], m["warm_floor_ms"], m["warm_analyze_ms"]))
    print("peer: %s, the whole screen to the clipboard: %.1f ms" % (PEER.replace(" 2>/dev/null", ""), m["peer_ms"]))


def arguments():
    """--livetext, --runs, --screen; a work directory the session's user may read, the screen in it."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--screen")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="livetext-wayland-live-bench-")
    os.chmod(work, 0o755)  # swaybg, as the session's user, reads the screen here
    screen = os.path.join(work, "screen.png")
    if args.screen:
        shutil.copyfile(args.screen, screen)
    else:
        dense_screen(screen)
    return args, work, screen


def main():
    args, work, screen = arguments()
    lt = os.path.abspath(args.livetext)
    os.makedirs(OUT, exist_ok=True)
    sway = Sway()
    pointer = daemon = None
    try:
        expected = show(sway, screen)
        pointer = Pointer(sway, work)
        daemon = warm_daemon(lt, screen, work)
        runs = [one_run(lt, sway, pointer, daemon, expected, screen) for _ in range(args.runs)]
    finally:
        if daemon:
            daemon.stop()
        if pointer:
            pointer.close()
        sway.stop()
        shutil.rmtree(work, ignore_errors=True)
    m = medians(runs)
    with open(os.path.join(OUT, "live.json"), "w") as f:
        json.dump({"livetext": lt, "runs": runs, "medians": m}, f, indent=2)
    report(m, len(runs), args.livetext)


if __name__ == "__main__":
    main()
