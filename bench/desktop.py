#!/usr/bin/env python3
"""The desktop path, timed beside the tools people use for the same job, in one run.

(a) Capture time of a whole 1920x1080x24 screen: livetext's capture inside the warm daemon
    (`timing.captureMs` of `livetext capture --screen --json`), on an Xvfb with MIT-SHM and on one
    without; beside whole processes that grab the screen: `xwd -root` (raw dump), `import -window root`
    (ImageMagick) and `maim` (PNG), to /dev/null.
(b) Selection released -> text on the clipboard, for a 600x200 region of dense text: the region is
    dragged with xdotool over the root window painted with bench/out/speed/dense-600x200.png; the
    clock starts just before the button is released and stops when `xclip -o` first reads the new
    text. livetext: `livetext capture --copy` through the warm daemon, and in-process (`--local`,
    engines loading while the user drags); the peer: the shell pipeline
    `maim -s | tesseract stdin stdout | xclip -selection clipboard` (OMP_THREAD_LIMIT=1).
    The drag goes step by step as a hand moves, and holds still before the release: 0.2 s, and
    for livetext also 0 and 0.6 s (--rests), since livetext starts reading the rectangle the
    pointer rests over (RegionSelector.restDelay, 120 ms) and a longer rest leaves less to do after
    the release. `xclip -o` every 10 ms costs some resolution and some CPU, the same for every tool.
(c) The whole 1920x1080 screen of dense text (bench/out/speed/dense-1920x1080.png, built by
    bench/speed.py) to the clipboard, as a hotkey without a selection: `livetext capture --screen
    --copy` through the warm daemon and in-process, beside `maim | tesseract | xclip`; the clock
    runs from the command's start to the first `xclip -o` that reads the new text.

    /usr/bin/python3 bench/desktop.py --livetext .build/release/livetext [--runs 7] [--parts abc]
        [--rests 0.2,0,0.6]
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
import daemon_bus as db  # noqa: E402
from daemon_speed import render_dense  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "desktop")
DENSE = os.path.join(ROOT, "bench", "out", "speed", "dense-600x200.png")
SCREEN = os.path.join(ROOT, "bench", "out", "speed", "dense-1920x1080.png")
SENTINEL = "livetext-bench-sentinel"


class Xvfb:
    def __init__(self, number, extra=()):
        self.name = ":%d" % number
        self.proc = subprocess.Popen(["Xvfb", self.name, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"]
                                     + list(extra), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        deadline = time.time() + 15
        while not os.path.exists("/tmp/.X11-unix/X%d" % number):
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("Xvfb %s did not start" % self.name)
            time.sleep(0.05)

    def env(self, **extra):
        env = dict(os.environ, DISPLAY=self.name)
        env.update(extra)
        return env

    def stop(self):
        self.proc.kill()
        self.proc.wait()
        for path in ("/tmp/.X11-unix/X%s" % self.name[1:], "/tmp/.X%s-lock" % self.name[1:]):
            if os.path.exists(path):
                os.remove(path)


def free_display():
    for n in range(600, 700):
        if not os.path.exists("/tmp/.X11-unix/X%d" % n) and not os.path.exists("/tmp/.X%d-lock" % n):
            return n
    raise RuntimeError("no free display number")


def timed(cmd, env):
    started = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - started) * 1000


def capture_times(lt, runs, shm):
    """Median captureMs in the daemon, and whole-process peers, on one Xvfb."""
    x = Xvfb(free_display(), [] if shm else ["-extension", "MIT-SHM"])
    try:
        with db.PrivateDaemon(lt, os.path.join(OUT, "daemon-capture.log"), extra_env={"DISPLAY": x.name}) as d:
            env = x.env(DBUS_SESSION_BUS_ADDRESS=d.address)
            subprocess.run(["display", "-window", "root", DENSE], env=env)  # paints, then exits 1
            ours = []
            for _ in range(runs + 1):
                out = subprocess.run([lt, "capture", "--screen", "--types", "codes", "--json"], env=env,
                                     capture_output=True, text=True, check=True).stdout
                ours.append(json.loads(out)["timing"]["captureMs"])
            ours = ours[1:]  # the first opens the connection and the shared-memory segment
        peers = {}
        for name, cmd in (("xwd -root", ["xwd", "-root", "-silent", "-out", "/dev/null"]),
                          ("import -window root", ["import", "-window", "root", "bmp:/dev/null"]),
                          ("maim (PNG)", ["maim", "-u", "/dev/null"])):
            if shutil.which(cmd[0]):
                peers[name] = statistics.median(timed(cmd, x.env()) for _ in range(runs))
        return statistics.median(ours), peers
    finally:
        x.stop()


def clipboard(env):
    r = subprocess.run(["xclip", "-selection", "clipboard", "-o"], env=env, capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def set_sentinel(env):
    p = subprocess.Popen(["xclip", "-selection", "clipboard", "-i", "-quiet"], env=env, stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    p.stdin.write(SENTINEL.encode())
    p.stdin.close()
    for _ in range(200):
        if clipboard(env) == SENTINEL:
            return p
        time.sleep(0.02)
    raise RuntimeError("could not put the sentinel on the clipboard")


def wait_for_window(env, name, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        r = subprocess.run(["xdotool", "search", "--name", name], env=env, capture_output=True)
        if r.returncode == 0 and r.stdout.strip():
            return
        time.sleep(0.02)
    raise RuntimeError("no window named %r appeared" % name)


def wait_for_clipboard(env, started, timeout, cmd):
    """Polls the clipboard every 10 ms until it holds new text; returns (ms since `started`, text)."""
    while time.perf_counter() < started + timeout:
        text = clipboard(env)
        if text and text != SENTINEL:
            return (time.perf_counter() - started) * 1000, text
        time.sleep(0.01)
    raise RuntimeError("%s: nothing reached the clipboard" % (cmd,))


def analysis_ms(output):
    """timing.totalMs of livetext's --json output, None for anything else (a pipeline's)."""
    try:
        return json.loads(output)["timing"]["totalMs"]
    except (ValueError, KeyError, TypeError):
        return None


def drag_and_time(cmd, env, ready, rest=0.2):
    """Starts `cmd`, drags 600x200 once `ready()` says the selection is up, holds still `rest`
    seconds, releases; returns (ms from the release, text, the analysis' own ms when `cmd`
    printed livetext's JSON)."""
    holder = set_sentinel(env)
    shell = isinstance(cmd, str)  # a pipeline: its xclip stays behind holding stdout, so do not read it
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL if shell else subprocess.PIPE,
                            stderr=subprocess.DEVNULL if shell else subprocess.PIPE, shell=shell)
    try:
        ready()
        # Step by step, as a hand drags: slop (maim -s) takes one burst of events for a click.
        subprocess.run(["xdotool", "mousemove", "0", "0"], env=env, check=True)
        time.sleep(0.1)
        subprocess.run(["xdotool", "mousedown", "1"], env=env, check=True)
        for x, y in ((100, 33), (200, 66), (300, 100), (450, 150), (599, 199)):
            time.sleep(0.05)
            subprocess.run(["xdotool", "mousemove", str(x), str(y)], env=env, check=True)
        time.sleep(rest)
        started = time.perf_counter()
        subprocess.run(["xdotool", "mouseup", "1"], env=env, check=True)
        elapsed, text = wait_for_clipboard(env, started, 60, cmd)
        out = b"" if shell else proc.communicate(timeout=30)[0]
        return elapsed, text, analysis_ms(out)
    finally:
        if proc.poll() is None:
            proc.wait(30)
        holder.kill()
        holder.wait()


def selection_times(lt, runs, rests):
    """Per case, the drag held still for each of `rests` seconds before the release (livetext
    starts reading a rectangle the pointer rests over; the peer only at the first rest)."""
    x = Xvfb(free_display())
    results = {}
    try:
        with db.PrivateDaemon(lt, os.path.join(OUT, "daemon-select.log"), extra_env={"DISPLAY": x.name},
                             config="[limits]\ncached_images = 0\n") as d:  # every drag read, not recalled
            env = x.env(DBUS_SESSION_BUS_ADDRESS=d.address, OMP_THREAD_LIMIT="1")
            subprocess.run(["display", "-window", "root", DENSE], env=env)  # paints, then exits 1
            overlay = lambda: wait_for_window(env, "livetext selection")  # noqa: E731
            settle = lambda: time.sleep(2.0)  # noqa: E731  (slop shows no window to wait for)
            cases = [("livetext, warm daemon", [lt, "capture", "--copy", "--json"], overlay),
                     ("livetext --local (engines load during the drag)", [lt, "capture", "--copy", "--json", "--local"],
                      overlay)]
            shot = os.path.join(OUT, "maim-selection.png")
            if shutil.which("maim") and shutil.which("tesseract"):
                cases.append(("maim -s | tesseract | xclip",
                              "maim -s | tee %s | tesseract stdin stdout 2>/dev/null | xclip -selection clipboard"
                              % shot, settle))
            timed = [("%s, rest %.1f s" % (name, rest), cmd, ready, rest)
                     for name, cmd, ready in cases for rest in (rests if "maim" not in name else rests[:1])]
            for name, cmd, ready, rest in timed:
                times, analyses, text = [], [], ""
                for _ in range(runs):
                    ms, text, analysis = drag_and_time(cmd, env, ready, rest)
                    times.append(ms)
                    if analysis is not None:
                        analyses.append(analysis)
                    if "maim" in name:  # the peer really took the region, not the whole screen
                        size = subprocess.run(["identify", "-format", "%wx%h", shot], capture_output=True,
                                              text=True).stdout
                        if size not in ("600x200", "601x201"):
                            raise RuntimeError("maim -s took %s, not the dragged 600x200" % size)
                results[name] = {"median_ms": statistics.median(times), "runs_ms": [round(t, 1) for t in times],
                                 "analysis_median_ms": statistics.median(analyses) if analyses else None,
                                 "text_head": text.strip().splitlines()[0][:60] if text.strip() else ""}
    finally:
        x.stop()
    return results


def screen_and_time(cmd, env):
    """Runs `cmd` (a whole-screen capture that copies) and returns (ms until the clipboard holds
    the new text, text, the analysis' own ms when `cmd` printed livetext's JSON). Its output goes
    to a file: a whole screen's JSON fills a pipe, and in-process livetext prints before it copies."""
    holder = set_sentinel(env)
    shell = isinstance(cmd, str)
    out_path = os.path.join(OUT, "screen-output.json")
    with open(out_path, "wb") as out:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL if shell else out,
                                stderr=subprocess.DEVNULL, shell=shell)
    try:
        elapsed, text = wait_for_clipboard(env, started, 120, cmd)
        proc.wait(60)
        with open(out_path, "rb") as f:
            return elapsed, text, analysis_ms(f.read())
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        holder.kill()
        holder.wait()


def screen_times(lt, runs):
    """The whole 1920x1080 screen of dense text to the clipboard: the hotkey-to-clipboard path
    without a selection, warm daemon and in-process, beside `maim | tesseract | xclip`."""
    x = Xvfb(free_display())
    results = {}
    try:
        with db.PrivateDaemon(lt, os.path.join(OUT, "daemon-screen.log"), extra_env={"DISPLAY": x.name},
                             config="[limits]\ncached_images = 0\n") as d:
            env = x.env(DBUS_SESSION_BUS_ADDRESS=d.address, OMP_THREAD_LIMIT="1")
            subprocess.run(["display", "-window", "root", SCREEN], env=env)  # paints, then exits 1
            cases = [("livetext, warm daemon", [lt, "capture", "--screen", "--copy", "--json"]),
                     ("livetext --local", [lt, "capture", "--screen", "--copy", "--json", "--local"])]
            if shutil.which("maim") and shutil.which("tesseract"):
                cases.append(("maim | tesseract | xclip",
                              "maim | tesseract stdin stdout 2>/dev/null | xclip -selection clipboard"))
            for _ in range(runs):  # rotating, so that every tool meets the same noise
                for name, cmd in cases:
                    ms, text, analysis = screen_and_time(cmd, env)
                    r = results.setdefault(name, {"runs_ms": [], "analyses": []})
                    r["runs_ms"].append(round(ms, 1))
                    if analysis is not None:
                        r["analyses"].append(analysis)
            for r in results.values():
                r["median_ms"] = statistics.median(r["runs_ms"])
                r["analysis_median_ms"] = statistics.median(r.pop("analyses")) if r.get("analyses") else None
    finally:
        x.stop()
    return results


def print_timed(results, peer_name, analysis_note):
    """One line per tool (with its ratio to the peer `peer_name`), and livetext's own analysis time."""
    peer = results.get(peer_name, {}).get("median_ms")
    for name, r in results.items():
        ratio = " (ratio to the pipeline %.2f)" % (r["median_ms"] / peer) if peer and "maim" not in name else ""
        text = "  text: %r" % r["text_head"] if "text_head" in r else ""
        print("  %-48s %7.1f ms%s%s" % (name + ":", r["median_ms"], ratio, text))
        if r.get("analysis_median_ms") is not None:
            print("  %-48s %7.1f ms%s" % ("   of which the analysis (timing.totalMs):", r["analysis_median_ms"],
                                          analysis_note))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--parts", default="abc", help="which parts to run (default abc)")
    ap.add_argument("--rests", default="0.2,0,0.6",
                    help="(b): seconds the pointer holds still before the release; the first also for the peer")
    args = ap.parse_args()
    rests = [float(r) for r in args.rests.split(",")]
    db.sigterm_as_interrupt()
    os.makedirs(OUT, exist_ok=True)
    if not os.path.exists(DENSE):
        os.makedirs(os.path.dirname(DENSE), exist_ok=True)
        render_dense(DENSE)
    lt = os.path.abspath(args.livetext)
    print("machine: %d cores, %s" % (os.cpu_count(), os.uname().release))

    result = {}
    if "a" in args.parts:
        print("(a) capture of a 1920x1080x24 screen, median of %d" % args.runs)
        result["capture"] = {}
        for shm in (True, False):
            ours, peers = capture_times(lt, args.runs, shm)
            label = "MIT-SHM" if shm else "no MIT-SHM (XGetImage)"
            print("  livetext in the daemon, %-24s %7.1f ms" % (label + ":", ours))
            result["capture"]["livetext_" + ("shm" if shm else "getimage")] = ours
            if shm:
                for name, ms in peers.items():
                    print("  %-46s %7.1f ms  (whole process; livetext/peer %.3f)" % (name + ":", ms, ours / ms))
                    result["capture"][name] = ms

    if "b" in args.parts:
        print("(b) 600x200 dense text: selection released -> text on the clipboard, median of %d" % args.runs)
        result["selection"] = selection_times(lt, args.runs, rests)
        print_timed(result["selection"], "maim -s | tesseract | xclip, rest %.1f s" % rests[0],
                    " (the rest: selection end, capture, copy, the clipboard poll)")

    if "c" in args.parts and not os.path.exists(SCREEN):
        print("(c) skipped: %s is missing (bench/speed.py builds it)" % db.rel(SCREEN, ROOT))
    elif "c" in args.parts:
        screen_runs = max(3, args.runs // 2)
        print("(c) 1920x1080 dense text: whole screen -> text on the clipboard, median of %d" % screen_runs)
        result["screen"] = screen_times(lt, screen_runs)
        print_timed(result["screen"], "maim | tesseract | xclip", "")
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump(result, f, indent=1)
    print("(results: %s)" % db.rel(os.path.join(OUT, "results.json"), ROOT))
    return 0


if __name__ == "__main__":
    db.run_main(main, "desktop.py")
