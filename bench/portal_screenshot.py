"""The peer of `livetext grab portal` in bench/desktop_capture.py: the least a program does to
take a screenshot through xdg-desktop-portal (the stand-in for gnome-screenshot, not installed).
Subscribes to the request's Response, asks org.freedesktop.portal.Screenshot.Screenshot without
a dialog, waits for the answer, reads the PNG the portal wrote, removes it and writes it to stdout.

    /usr/bin/python3 bench/portal_screenshot.py > screen.png   (on the session's bus)
"""
import os
import sys
from urllib.parse import unquote, urlparse

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

bus = dbus.SessionBus(mainloop=DBusGMainLoop())
token = "peer%d" % os.getpid()
sender = bus.get_unique_name()[1:].replace(".", "_")
handle = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender, token)
loop, answer = GLib.MainLoop(), {}


def responded(code, results):
    answer.update(code=int(code), uri=str(results.get("uri", "")))
    loop.quit()


bus.add_signal_receiver(responded, "Response", "org.freedesktop.portal.Request", path=handle)
portal = bus.get_object("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop")
portal.Screenshot("", {"handle_token": token, "interactive": False, "modal": False},
                  dbus_interface="org.freedesktop.portal.Screenshot")
GLib.timeout_add_seconds(10, loop.quit)
loop.run()
if answer.get("code") != 0:
    sys.exit("no screenshot: %r" % answer)
path = unquote(urlparse(answer["uri"]).path)
with open(path, "rb") as f:
    sys.stdout.buffer.write(f.read())
os.unlink(path)
