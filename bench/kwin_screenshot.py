"""The peer of `livetext grab kwin` in bench/desktop_capture.py: the least a program does to read
KDE Plasma's screen through KWin's org.kde.KWin.ScreenShot2 (as Spectacle does, not installed):
CaptureWorkspace with the write end of a pipe, then every byte KWin writes into it. KWin grants
it only to a binary an installed desktop file names (X-KDE-DBUS-Restricted-Interfaces): this
python's. Prints the size, the format and the pixel in the middle (QImage's bytes, B G R A).

    /usr/bin/python3 bench/kwin_screenshot.py   (as the session's user, on its bus)
"""
import json
import os

import dbus

bus = dbus.SessionBus()
kwin = bus.get_object("org.kde.KWin.ScreenShot2", "/org/kde/KWin/ScreenShot2")
read_end, write_end = os.pipe()
passed = dbus.types.UnixFd(write_end)  # a copy of the write end, closed once passed
os.close(write_end)
reply = kwin.CaptureWorkspace({"native-resolution": True}, passed, dbus_interface="org.kde.KWin.ScreenShot2")
del passed
width, height, stride = int(reply["width"]), int(reply["height"]), int(reply["stride"])
pixels = bytearray()
while len(pixels) < stride * height:
    chunk = os.read(read_end, 1 << 20)
    if not chunk:
        break
    pixels += chunk
if len(pixels) < stride * height:
    raise SystemExit("KWin sent %d of %d bytes" % (len(pixels), stride * height))
middle = (height // 2) * stride + (width // 2) * 4
print(json.dumps({"width": width, "height": height, "format": int(reply["format"]),
                  "middle": list(pixels[middle:middle + 4])}))
