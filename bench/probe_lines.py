#!/usr/bin/env python3
"""The line live text shows first, under the pointer, beside what the whole reading has there
(a check by eye, not a test: the probe reads one line alone, from the pixels, before the page's
layout; the page's reading replaces it a moment later).

For each screen capture of Tests/Fixtures/screens (or --screen PNG ...), painted at the top left
of an Xvfb root, and each of a few pointer positions over its text lines (the whole reading's own
lines, every --step-th), a `livetext daemon` on a private bus is asked for `CaptureScreen` `live`
over the capture; the analysis' `Text` is read every 5 ms until it first holds something (the
probe's line, the first partial reading), then until the whole is read (its `Json` says how
many engines read it); Esc. The probe's line is the run of text around the pointer, out to wide
gaps: the page may hold it as part of a longer line. Printed for each point: the probe's text,
and the edits that make it a part of the whole reading's text (0: `=`), with the page's line
under the pointer when they are not 0; at the end, the edits over all the probes' characters.
Either side may be the one that misread.

    /usr/bin/python3 bench/probe_lines.py --livetext .build/release/livetext [--step 5] [--screen X.png ...]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402
from desktop import Xvfb, free_display  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def nearest_substring(probe, text):
    """The fewest edits that make `probe` a substring of `text` (free start and end in `text`)."""
    previous = [0] * (len(text) + 1)
    for i, cp in enumerate(probe, 1):
        current = [i]
        for j, ct in enumerate(text, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (cp != ct)))
        previous = current
    return min(previous)


def size(png):
    out = subprocess.run(["identify", "-format", "%w %h", png], capture_output=True, text=True, check=True).stdout
    width, height = out.split()
    return int(width), int(height)


def lines_of(analysis):
    return [line for block in analysis["blocks"] for line in block["lines"]]


def line_at(analysis, x, y):
    """The whole reading's line holding (x, y), else the nearest (vertical distance first)."""
    def distance(line):
        lx, ly, lw, lh = line["bounds"]
        dx = max(0, lx - x, x - (lx + lw))
        dy = max(0, ly - y, y - (ly + lh))
        return (dy, dx)
    lines = lines_of(analysis)
    return min(lines, key=distance) if lines else None


def session(client, env, region, point):
    """(the first text read, the whole analysis) of one live session with the pointer at `point`."""
    subprocess.run(["xdotool", "mousemove", str(point[0]), str(point[1])], env=env, check=True)
    opts = db.dbus.Dictionary({"live": True, "region": db.dbus.Struct(
        (db.dbus.Int32(region[0]), db.dbus.Int32(region[1]), db.dbus.UInt32(region[2]), db.dbus.UInt32(region[3])))},
        signature="sv")
    path = client.root.CaptureScreen(opts, dbus_interface=db.ANALYZER, timeout=30)
    first, whole, deadline = None, None, time.time() + 120
    while time.time() < deadline and whole is None:
        if first is None:
            text = str(client.get(path, "Text"))
            if text:
                first = text
        document = str(client.get(path, "Json"))
        if document and '"engines"' in document:
            whole = json.loads(document)
        time.sleep(0.005)
    subprocess.run(["xdotool", "key", "Escape"], env=env, check=True)
    try:
        client.call(path, "Wait", timeout=30)
    except db.dbus.exceptions.DBusException:
        pass
    client.call(path, "Release")
    return first, whole


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--step", type=int, default=5, help="every step-th line of the whole reading is pointed at")
    parser.add_argument("--screen", nargs="*")
    args = parser.parse_args()
    screens = args.screen or sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "screens", "*.png")))
    x = Xvfb(free_display())
    totals = {"points": 0, "same": 0, "differ": 0, "no probe": 0, "chars": 0, "errors": 0}
    try:
        work = os.path.join("/tmp", "livetext-probe-lines")
        os.makedirs(work, exist_ok=True)
        with db.PrivateDaemon(os.path.abspath(args.livetext), os.path.join(work, "daemon.log"),
                              extra_env={"DISPLAY": x.name}, config="[limits]\ncached_images = 0\n") as d:
            env = x.env(DBUS_SESSION_BUS_ADDRESS=d.address)
            client = db.Client(d.address)
            for screen in screens:
                width, height = size(screen)
                subprocess.run(["convert", "-size", "1920x1080", "xc:gray50", screen, "-composite",
                                os.path.join(work, "root.png")], check=True)
                subprocess.run(["display", "-window", "root", os.path.join(work, "root.png")], env=env)
                region = (0, 0, width, height)
                # The whole reading once, with the pointer off the capture, for the lines to point at.
                _, whole = session(client, env, region, (width + 10, height + 10))
                targets = lines_of(whole)[::args.step] if whole else []
                print("%s (%dx%d): %d lines, pointing at %d" % (os.path.basename(screen), width, height,
                                                                len(lines_of(whole)) if whole else 0, len(targets)))
                for line in targets:
                    lx, ly, lw, lh = line["bounds"]
                    point = (lx + min(lw // 3, 40), ly + lh // 2)
                    first, again = session(client, env, region, point)
                    truth = line_at(again, *point)["text"] if again and line_at(again, *point) else ""
                    totals["points"] += 1
                    if first is None or first.strip() == "" or (again and first == again["text"]):
                        totals["no probe"] += 1
                        print("  %-11s no probe line (first text was the page's)" % ("%d,%d" % point))
                        continue
                    # The probe's line is the text run around the pointer: the page may hold it as a
                    # part of a longer line. Counted: the edits that make it a part of the page's text.
                    errors = nearest_substring(first.strip(), again["text"] if again else "")
                    totals["same" if errors == 0 else "differ"] += 1
                    totals["chars"] += len(first.strip())
                    totals["errors"] += errors
                    mark = "=" if errors == 0 else "~%d" % errors
                    print("  %-11s %-4s probe %r" % ("%d,%d" % point, mark, first.strip()))
                    if errors:
                        print("  %-11s      page  %r" % ("", truth.strip()))
            client.close()
    finally:
        x.stop()
    print("points %(points)d: the probe's text found in the page's %(same)d, not %(differ)d, no probe %(no probe)d;"
          " %(errors)d edits in %(chars)d characters" % totals
          + " (%.2f %%)" % (100.0 * totals["errors"] / max(1, totals["chars"])))


if __name__ == "__main__":
    main()
