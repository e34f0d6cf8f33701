"""A headless KWin (KDE Plasma's compositor) on a private session bus, for
bench/desktop_capture.py: what Tests/TestSupport/KWinServer.swift starts for the tests, in Python.

`kwin_wayland --virtual` (5.27) refuses root: it runs as the user livetext-test, from a `cp` copy
of its binary (the original's file capability is not in this container's bounding set), with a
runtime directory of mode 0700 and a writable home of its own (it builds its service cache there:
without one it crashes on the first ScreenShot2 call). Its session bus lets every user in. The
first of its XDG_DATA_DIRS is ours: a desktop file written there grants the binary its Exec= names
the interfaces it lists (KWin compares the caller's /proc/PID/exe with the first word of Exec=).
They are written before kwin starts. KWin takes the first desktop file whose Exec= names the
caller's binary, in no set order: one for a binary another installed file names too (Debian's
python3.11.desktop) must have that file's name, to shadow it. A caller running as root is always
refused (KWin cannot read another user's /proc/PID/exe), so clients run as livetext-test:
`user_popen_args()`.

`ColourWindow` is a full-screen GTK 3 window on it whose colour the bench changes between
captures. Every process of the session is found by its runtime directory in /proc/PID/environ and
killed by `stop()`, which also removes the directory.
"""
import os
import shutil
import signal
import subprocess
import tempfile
import time

from gnome import kill_marked
from wayland import USER, session_user

SOCKET = "wayland-kwin"
BUS_CONFIG = """<busconfig>
  <type>session</type>
  <listen>unix:dir={dir}</listen>
  <servicedir>{services}</servicedir>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
  </policy>
</busconfig>
"""

# A full-screen window that paints the colour each line of its stdin names (#rrggbb) and says
# "shown" on stdout once the frame with it is painted.
COLOUR_WINDOW = r"""
import sys
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk
style = Gtk.CssProvider()
pending = []
window = Gtk.Window(title="livetext-bench-colour")
Gtk.StyleContext.add_provider_for_screen(window.get_screen(), style, Gtk.STYLE_PROVIDER_PRIORITY_USER)
def painted(clock):
    while pending:
        pending.pop()
        print("shown", flush=True)
def line(source, condition):
    text = sys.stdin.readline().strip()
    if not text:
        Gtk.main_quit()
        return False
    style.load_from_data(("window { background: %s; }" % text).encode())
    pending.append(text)
    window.queue_draw()
    return True
window.connect("destroy", Gtk.main_quit)
window.fullscreen()
window.show_all()
window.get_window().get_frame_clock().connect("after-paint", painted)
GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, line)
print("ready", flush=True)
Gtk.main()
"""


def granting(executable, interfaces="org.kde.KWin.ScreenShot2"):
    """A desktop file's contents that make KWin grant `executable` (an absolute path, no symlink) the restricted `interfaces`."""
    return ("[Desktop Entry]\nType=Application\nName=%s\nExec=%s\nNoDisplay=true\n"
            "X-KDE-DBUS-Restricted-Interfaces=%s\n" % (os.path.basename(executable), executable, interfaces))


class KWin:
    """kwin_wayland --virtual with one output of width x height, on a bus of its own."""

    def __init__(self, width=1280, height=800, desktop_files=None, timeout=60):
        """`desktop_files`: {file name: contents} in kwin's applications directory before it starts
        (a file added later is seen only when KWin's service cache notices the directory changed)."""
        self.width, self.height = width, height
        self.desktop_files = desktop_files or {}
        self.dir = tempfile.mkdtemp(prefix="livetext-bench-kwin-")
        self.runtime = os.path.join(self.dir, "run")
        self.home = os.path.join(self.dir, "home")
        self.data = os.path.join(self.dir, "data")
        self.binary = os.path.join(self.dir, "kwin_wayland")
        self.procs = []
        self.bus = None
        try:
            self._launch(timeout)
        except BaseException:
            self.stop()
            raise

    def _launch(self, timeout):
        user = session_user()
        self.uid, self.gid = user.pw_uid, user.pw_gid
        for made in (self.runtime, self.home, os.path.join(self.data, "applications"), os.path.join(self.dir, "bus"),
                     os.path.join(self.dir, "services")):
            os.makedirs(made)
        for opened in (self.dir, self.data, os.path.join(self.data, "applications"), os.path.join(self.dir, "bus")):
            os.chmod(opened, 0o755)
        for name, contents in self.desktop_files.items():
            self.write_desktop_file(name, contents)
        for owned in (self.runtime, self.home):
            os.chmod(owned, 0o700)
            os.chown(owned, self.uid, self.gid)
        config = os.path.join(self.dir, "bus.conf")
        with open(config, "w") as f:
            f.write(BUS_CONFIG.format(dir=os.path.join(self.dir, "bus"), services=os.path.join(self.dir, "services")))
        marker = {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": self.runtime}
        bus = subprocess.Popen(["/usr/bin/dbus-daemon", "--config-file=" + config, "--print-address", "--nofork"],
                               env=marker, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                               start_new_session=True)
        self.procs.append(bus)
        self.bus = bus.stdout.readline().decode().strip()
        bus.stdout.close()
        if not self.bus:
            raise RuntimeError("dbus-daemon exited before printing its address")
        # A plain copy has no file capability (cap_sys_resource), which exec would refuse here.
        subprocess.run(["/bin/cp", "/usr/bin/kwin_wayland", self.binary], check=True)
        os.chmod(self.binary, 0o755)
        variables = {"PATH": "/usr/bin:/bin", "HOME": self.home, "XDG_RUNTIME_DIR": self.runtime,
                     "DBUS_SESSION_BUS_ADDRESS": self.bus,
                     "XDG_DATA_DIRS": self.data + ":/usr/local/share:/usr/share"}
        argv = (["/usr/sbin/runuser", "-u", USER, "--", "/usr/bin/env", "-i"]
                + ["%s=%s" % kv for kv in sorted(variables.items())]
                + [self.binary, "--virtual", "--width", str(self.width), "--height", str(self.height),
                   "--socket", SOCKET, "--no-lockscreen"])
        with open(os.path.join(self.dir, "kwin.log"), "wb") as out:
            self.proc = subprocess.Popen(argv, env=marker, cwd=self.dir, stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=out, start_new_session=True)
        self.procs.append(self.proc)
        deadline = time.time() + timeout
        while not (os.path.exists(os.path.join(self.runtime, SOCKET)) and self.has_owner("org.kde.KWin.ScreenShot2")):
            if time.time() > deadline or self.proc.poll() is not None:
                raise RuntimeError("kwin_wayland did not come up within %d s: %s" % (timeout, self.log()[-2000:]))
            time.sleep(0.2)

    def has_owner(self, name):
        said = subprocess.run(["/usr/bin/dbus-send", "--bus=" + self.bus, "--print-reply", "--dest=org.freedesktop.DBus",
                               "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:" + name],
                              capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"}, timeout=10)
        return "boolean true" in said.stdout

    def write_desktop_file(self, name, contents):
        """A desktop file KWin reads (mode 0644), as a package installs it."""
        path = os.path.join(self.data, "applications", name)
        with open(path, "w") as f:
            f.write(contents)
        os.chmod(path, 0o644)

    def env(self, **extra):
        """What a program of this session has, as livetext-test (its home)."""
        env = {"PATH": "/usr/bin:/bin", "HOME": self.home, "XDG_RUNTIME_DIR": self.runtime, "WAYLAND_DISPLAY": SOCKET,
               "DBUS_SESSION_BUS_ADDRESS": self.bus, "XDG_SESSION_TYPE": "wayland", "XDG_CURRENT_DESKTOP": "KDE",
               "LANG": "C.UTF-8"}
        env.update(extra)
        return env

    def user_popen_args(self, **extra):
        """subprocess arguments that run a program as livetext-test in this session: the ids are set
        in the forked child (what runuser does, without its PAM session in a timed run)."""
        return {"env": self.env(**extra), "user": self.uid, "group": self.gid, "extra_groups": [], "cwd": self.home}

    def log(self):
        try:
            with open(os.path.join(self.dir, "kwin.log"), errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def _running_binary(self):
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    if os.readlink("/proc/%s/exe" % entry) == self.binary:
                        found.append(int(entry))
                except OSError:
                    pass
        return found

    def stop(self):
        """kwin asked to stop (then killed), every other process of the session killed, the directory removed."""
        for pid in self._running_binary():
            os.kill(pid, signal.SIGTERM)
        deadline = time.time() + 10
        while self._running_binary() and time.time() < deadline:
            time.sleep(0.05)
        for pid in self._running_binary():
            os.kill(pid, signal.SIGKILL)
        kill_marked("XDG_RUNTIME_DIR=" + self.runtime)
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        self.procs = []
        shutil.rmtree(self.dir, ignore_errors=True)


class ColourWindow:
    """A full-screen GTK 3 window on `kwin`, as livetext-test, painting the colour `show` names."""

    def __init__(self, kwin):
        log_path = os.path.join(kwin.dir, "colour-window.log")
        with open(log_path, "wb") as log:
            self.proc = subprocess.Popen(["/usr/bin/python3", "-c", COLOUR_WINDOW], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=log, text=True, bufsize=1,
                                         start_new_session=True,
                                         **kwin.user_popen_args(GDK_BACKEND="wayland", GSETTINGS_BACKEND="memory",
                                                                NO_AT_BRIDGE="1"))
        kwin.procs.append(self.proc)
        if self.proc.stdout.readline().strip() != "ready":
            with open(log_path, errors="replace") as log:
                raise RuntimeError("the colour window did not open on kwin: " + log.read()[-1500:])

    def show(self, colour, settle=0.1):
        """Paints `colour` (#rrggbb) and returns once the frame is painted and `settle` s have passed."""
        self.proc.stdin.write(colour + "\n")
        if self.proc.stdout.readline().strip() != "shown":
            raise RuntimeError("the colour window closed")
        time.sleep(settle)
