#!/usr/bin/env python3
"""Capture of a whole 1920x1080 Wayland output, timed beside grim in one run (issue 26).

A headless sway (wlroots, pixman renderer; as the user livetext-test when run as root, since sway
refuses root) shows a solid backdrop of a different colour before every capture, so that no tool
is handed the same pixels twice. livetext: `timing.captureMs` of `livetext capture --screen
--types codes --json` inside the warm daemon (wlr-screencopy into shared memory, converted to
RGBA), and the same in-process (`--local`: a fresh connection each time); the peer: the whole
process `grim -t ppm - > /dev/null` (the same protocol, written out as PPM), wall time.

    /usr/bin/python3 bench/wayland_capture.py --livetext .build/release/livetext [--runs 15]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402
from wayland import Sway  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "wayland")


def colours(n):
    return ["#%02x%02x%02x" % ((37 * i) % 256, (91 * i + 40) % 256, (53 * i + 90) % 256) for i in range(n)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    lt = os.path.abspath(args.livetext)
    os.makedirs(OUT, exist_ok=True)
    sway = Sway()
    try:
        with db.PrivateDaemon(lt, os.path.join(OUT, "daemon.log"),
                              extra_env={"WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": sway.runtime, "DISPLAY": ""}) as d:
            env = sway.env(DBUS_SESSION_BUS_ADDRESS=d.address)
            env.pop("LIVETEXT_LOCAL", None)
            daemon, local, grim = [], [], []
            for i, colour in enumerate(colours(3 * (args.runs + 1))):
                sway.backdrop(colour)
                kind = i % 3
                if kind == 0:
                    out = subprocess.run([lt, "capture", "--screen", "--types", "codes", "--json"], env=env,
                                         capture_output=True, text=True, check=True).stdout
                    daemon.append(json.loads(out)["timing"]["captureMs"])
                elif kind == 1:
                    out = subprocess.run([lt, "capture", "--local", "--screen", "--types", "codes", "--json"], env=env,
                                         capture_output=True, text=True, check=True).stdout
                    local.append(json.loads(out)["timing"]["captureMs"])
                else:
                    started = time.perf_counter()
                    subprocess.run(["grim", "-t", "ppm", "-"], env=sway.env(), stdout=subprocess.DEVNULL, check=True)
                    grim.append((time.perf_counter() - started) * 1000)
            # The first of each warms up (the daemon's connection, the page cache).
            daemon, local, grim = daemon[1:], local[1:], grim[1:]
    finally:
        sway.stop()
    result = {"runs": args.runs, "daemon_capture_ms": statistics.median(daemon),
              "in_process_capture_ms": statistics.median(local), "grim_ppm_process_ms": statistics.median(grim)}
    result["ratio_daemon_to_grim"] = result["daemon_capture_ms"] / result["grim_ppm_process_ms"]
    with open(os.path.join(OUT, "capture.json"), "w") as f:
        json.dump(result, f, indent=2)
    print("| capture of a 1920×1080 Wayland output | livetext | grim -t ppm - (whole process) | ratio |")
    print("|---|---|---|---|")
    print("| medians of %d, headless sway 1.7 (pixman) | %.1f ms in the daemon, %.1f ms in-process | %.1f ms | %.2f |" % (
        args.runs, result["daemon_capture_ms"], result["in_process_capture_ms"], result["grim_ppm_process_ms"],
        result["ratio_daemon_to_grim"]))


if __name__ == "__main__":
    main()
