"""A headless GNOME Shell with its portal stack, for bench/desktop_capture.py: what
Tests/TestSupport/GnomeShellServer.swift starts for the tests, in Python.

gnome-shell 43 (mutter on a virtual monitor, no GPU) refuses root: it runs as the user
livetext-test, in a directory of its own (a runtime directory of mode 0700, a home with
`lock-warning-shown`, or a "Screen Lock disabled" banner covers the screen), with a private system
bus and session bus that every user may use, and inside `unshare -m` with a tmpfs over
/run/systemd (the image has /run/systemd/seats, from which GNOME concludes that systemd runs the
session). Services that cannot work headless are shadowed by ones that fail at once.
xdg-desktop-portal runs as this script's user (it reads its caller's /proc/PID/root, which another
user cannot), started once the Shell answers, with settings in memory and GNOME's .portal files
only; its GNOME backend, the permission store and dconf are started by the session bus, as
livetext-test. The Shell starts in its overview, which is closed before `GnomeShell()` returns.

Every process of the session is found by its runtime directory in /proc/PID/environ and killed
by `stop()`, which also removes the directory.

    gnome = GnomeShell()
    gnome.allow_screenshots()
    gnome.gsettings("set", "org.gnome.desktop.background", "primary-color", "#204080")
    subprocess.run([...], env=gnome.env())
    gnome.stop()
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from wayland import USER, session_user

SOCKET = "livetext-gnome"
# What a headless session cannot start (screencasts need PipeWire, the calendar evolution, documents
# FUSE): shadowed, so that their callers fail at once instead of waiting for the bus's 25 s.
SHADOWED = ["org.gnome.Shell.Screencast", "org.gnome.Shell.CalendarServer", "org.gnome.Shell.Notifications",
            "org.freedesktop.portal.Documents", "org.gnome.evolution.dataserver.Sources5"]
PORTAL_FILES = ["gnome.portal", "gtk.portal", "gnome-shell.portal"]
BUS_CONFIG = """<busconfig>
  <type>{kind}</type>
  <listen>unix:path={path}</listen>
  <auth>EXTERNAL</auth>
  {services}
  <policy context="default">
    <allow user="*"/><allow own="*"/><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
  </policy>
</busconfig>
"""


def kill_marked(marker):
    """SIGKILL to every process (but this one) whose environment holds `marker` (NAME=value)."""
    found = []
    needle = marker.encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % entry, "rb") as f:
                if needle in f.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            continue
    for pid in found:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return found


class GnomeShell:
    """gnome-shell --headless on one virtual monitor of width x height, its buses and its portal."""

    def __init__(self, width=1280, height=800, timeout=60):
        self.width, self.height = width, height
        self.dir = tempfile.mkdtemp(prefix="livetext-bench-gnome-")
        self.runtime = os.path.join(self.dir, "run")
        self.home = os.path.join(self.dir, "home")
        self.buses = os.path.join(self.dir, "bus")
        self.session_bus = "unix:path=" + os.path.join(self.buses, "session")
        self.procs = []
        try:
            self._launch(timeout)
            self._leave_overview(timeout)
            self._start_portal(timeout)
        except BaseException:
            said = self.log("shell")[-2000:]
            self.stop()
            if said:
                sys.stderr.write("gnome-shell said:\n" + said + "\n")
            raise

    # ---- start

    def _launch(self, timeout):
        user = session_user()
        os.chmod(self.dir, 0o755)
        for made in (self.runtime, os.path.join(self.home, ".local/share/gnome-shell"), self.buses):
            os.makedirs(made, exist_ok=True)
        open(os.path.join(self.home, ".local/share/gnome-shell/lock-warning-shown"), "w").close()
        os.chmod(self.runtime, 0o700)
        for owned in (self.runtime, self.home, os.path.join(self.home, ".local"),
                      os.path.join(self.home, ".local/share"), os.path.join(self.home, ".local/share/gnome-shell"),
                      self.buses):
            os.chown(owned, user.pw_uid, user.pw_gid)
        shadowed = os.path.join(self.dir, "services")
        os.makedirs(shadowed)
        for name in SHADOWED:
            with open(os.path.join(shadowed, name + ".service"), "w") as f:
                f.write("[D-BUS Service]\nName=%s\nExec=/bin/false\n" % name)
        for kind in ("system", "session"):
            config = os.path.join(self.dir, kind + ".conf")
            services = ("<servicedir>%s</servicedir><standard_session_servicedirs/>" % shadowed
                        if kind == "session" else "")
            with open(config, "w") as f:
                f.write(BUS_CONFIG.format(kind=kind, path=os.path.join(self.buses, kind), services=services))
            os.chmod(config, 0o644)
            self._as_user(["/usr/bin/dbus-daemon", "--nofork", "--config-file=" + config], kind + "-bus")
        self._wait("the buses", 20, lambda: all(os.path.exists(os.path.join(self.buses, k)) for k in ("system", "session")))
        # PipeWire and its session manager, as the session's user units start them: mutter's screen casts.
        self._as_user(["/usr/bin/pipewire"], "pipewire")
        self._wait("PipeWire's socket", 20, lambda: os.path.exists(os.path.join(self.runtime, "pipewire-0")))
        self._as_user(["/usr/bin/wireplumber"], "wireplumber")
        self._as_user(["/usr/bin/gnome-shell", "--headless", "--wayland", "--no-x11", "--virtual-monitor",
                       "%dx%d" % (self.width, self.height), "--wayland-display", SOCKET], "shell", namespace=True)
        self._wait("gnome-shell's Wayland socket", timeout, lambda: os.path.exists(os.path.join(self.runtime, SOCKET)))

    def _session(self):
        """The variables every program of the session starts with (the runtime directory marks them)."""
        return {"HOME": self.home, "XDG_RUNTIME_DIR": self.runtime, "XDG_CURRENT_DESKTOP": "GNOME",
                "XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": SOCKET, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + os.path.join(self.buses, "system"),
                "DBUS_SESSION_BUS_ADDRESS": self.session_bus}

    def _as_user(self, command, log, namespace=False):
        inner = ["-u", USER, "--", "/usr/bin/env", "-i"] + ["%s=%s" % kv for kv in sorted(self._session().items())] + command
        if namespace:
            argv = ["/usr/bin/unshare", "-m", "sh", "-c", 'mount -t tmpfs tmpfs /run/systemd && exec /usr/sbin/runuser "$@"',
                    "sh"] + inner
        else:
            argv = ["/usr/sbin/runuser"] + inner
        self._spawn(argv, log, {"PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": self.runtime})

    def _spawn(self, argv, log, env):
        with open(os.path.join(self.dir, log + ".log"), "wb") as out:
            proc = subprocess.Popen(argv, env=env, cwd=self.dir, stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                    start_new_session=True)
        self.procs.append(proc)
        return proc

    def _leave_overview(self, timeout):
        """Closes the overview the Shell starts in, and waits until it has stayed closed for a second
        (the Shell opens it when its start-up completes, which may come after a first close)."""
        deadline = time.time() + timeout
        closed_since = None
        while time.time() < deadline:
            said = self.gdbus("-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m", "org.freedesktop.DBus.Properties.Get",
                              "org.gnome.Shell", "OverviewActive", check=False, timeout=5)
            if said is not None and "false" in said:
                closed_since = closed_since or time.time()
                if time.time() - closed_since >= 1.0:
                    return
            else:
                closed_since = None
                self.gdbus("-d", "org.gnome.Shell", "-o", "/org/gnome/Shell", "-m", "org.freedesktop.DBus.Properties.Set",
                           "org.gnome.Shell", "OverviewActive", "<false>", check=False, timeout=5)
            time.sleep(0.2)
        raise RuntimeError("gnome-shell did not leave its overview within %d s" % timeout)

    def _start_portal(self, timeout):
        """xdg-desktop-portal as this script's user, replacing one the bus may have started."""
        owner = self.name_owner_pid("org.freedesktop.portal.Desktop")
        if owner:
            os.kill(owner, signal.SIGKILL)
        portals = os.path.join(self.dir, "portals")
        os.makedirs(portals)
        for name in PORTAL_FILES:
            source = os.path.join("/usr/share/xdg-desktop-portal/portals", name)
            if os.path.exists(source):
                shutil.copy(source, portals)
        env = dict(self._session(), GSETTINGS_BACKEND="memory", XDG_DESKTOP_PORTAL_DIR=portals)
        env.pop("DBUS_SYSTEM_BUS_ADDRESS")
        portal = self._spawn(["/usr/libexec/xdg-desktop-portal", "--replace"], "portal", env)
        self._wait("xdg-desktop-portal", timeout, lambda: self.name_owner_pid("org.freedesktop.portal.Desktop") == portal.pid)

    def _wait(self, what, seconds, done):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if done():
                return
            if any(p.poll() is not None for p in self.procs):
                break
            time.sleep(0.02)
        raise RuntimeError("%s did not come up within %d s (or a process of the session exited); see %s"
                           % (what, seconds, self.dir))

    # ---- use

    def env(self, **extra):
        """What a program of this session (run as this script's user) has."""
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS")}
        env.update(WAYLAND_DISPLAY=SOCKET, XDG_RUNTIME_DIR=self.runtime, XDG_SESSION_TYPE="wayland",
                   XDG_CURRENT_DESKTOP="GNOME", DBUS_SESSION_BUS_ADDRESS=self.session_bus, HOME=self.home)
        env.update(extra)
        return env

    def gdbus(self, *args, check=True, timeout=20):
        """`gdbus call --session ARGS` on the session bus: its output, or None when it failed and not `check`."""
        try:
            done = subprocess.run(["/usr/bin/gdbus", "call", "--session"] + list(args), capture_output=True, text=True,
                                  env={"PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": self.session_bus},
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            done = None
        if done is None or done.returncode != 0:
            if check:
                raise RuntimeError("gdbus %s: %s" % (" ".join(args), done.stderr if done else "timed out"))
            return None
        return done.stdout

    def name_owner_pid(self, name):
        said = self.gdbus("-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus", "-m",
                          "org.freedesktop.DBus.GetConnectionUnixProcessID", name, check=False, timeout=5)
        digits = "".join(c if c.isdigit() else " " for c in said or "").split()
        return int(digits[-1]) if digits else None

    def gsettings(self, *args):
        """gsettings as the session's user (its dconf database, through its bus)."""
        env = ["%s=%s" % kv for kv in sorted(self._session().items())]
        subprocess.run(["/usr/sbin/runuser", "-u", USER, "--", "/usr/bin/env", "-i"] + env + ["/usr/bin/gsettings"]
                       + list(args), check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)

    def allow_screenshots(self):
        """What `livetext desktop --allow-screenshots` stores: host programs may take screenshots without a dialog."""
        self.gdbus("-d", "org.freedesktop.impl.portal.PermissionStore", "-o", "/org/freedesktop/impl/portal/PermissionStore",
                   "-m", "org.freedesktop.impl.portal.PermissionStore.SetPermission", "screenshot", "true", "screenshot",
                   "", "['yes']")

    def log(self, name):
        try:
            with open(os.path.join(self.dir, name + ".log"), errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def stop(self):
        """Every process of the session at once, with SIGKILL (gnome-shell sometimes crashes on SIGTERM), and its directory."""
        kill_marked("XDG_RUNTIME_DIR=" + self.runtime)
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
        for proc in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        # What the buses started after the first sweep (an activation under way).
        kill_marked("XDG_RUNTIME_DIR=" + self.runtime)
        self.procs = []
        shutil.rmtree(self.dir, ignore_errors=True)
