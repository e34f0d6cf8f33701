"""One live surface through the daemon for bench/desktop_capture.py: CaptureScreen with live on
the session's bus, left up until the first reading arrives (the Text property not empty, 10 s at
most), then Cancel, which closes it; waits until the analysis is no longer pending. The daemon
logs when the frozen screen was up ("live text: the frozen screen up N ms after ..."), which the
bench reads.

    /usr/bin/python3 bench/live_request.py   (on the daemon's bus)
"""
import os
import sys
import time

import dbus

BUS_NAME, ROOT = "org.livetext", "/org/livetext"
ANALYZER, ANALYSIS, PROPS = "org.livetext.Analyzer1", "org.livetext.Analysis1", "org.freedesktop.DBus.Properties"

bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
root = bus.get_object(BUS_NAME, ROOT, introspect=False)
options = dbus.Dictionary({"live": dbus.Boolean(True), "types": dbus.Array(["text"], signature="s")}, signature="sv")
path = root.CaptureScreen(options, dbus_interface=ANALYZER, timeout=60)
analysis = bus.get_object(BUS_NAME, path, introspect=False)


def get(name):
    return analysis.Get(ANALYSIS, name, dbus_interface=PROPS, timeout=30)


deadline = time.time() + 10
while time.time() < deadline and not str(get("Text")) and str(get("State")) == "pending":
    time.sleep(0.05)
analysis.Cancel(dbus_interface=ANALYSIS, timeout=30)
deadline = time.time() + 30
while time.time() < deadline and str(get("State")) == "pending":
    time.sleep(0.05)
state = str(get("State"))
print(state)
sys.exit(0 if state != "pending" else 1)
