"""A private dbus-daemon and a `livetext daemon` on it, for bench/daemon_load.py and bench/daemon_speed.py.

    with PrivateDaemon(livetext, workdir) as d:
        d.address, d.pid, d.log_path, d.rss_kib(), d.analysis_children() ...

The bus listens on a fresh unix:dir= in a temporary directory (the config of
Tests/TestSupport/TestBus.swift); the daemon runs as
  OMP_THREAD_LIMIT=1 XDG_CONFIG_HOME=<tmp> livetext daemon --address ADDR
with its stderr in a log file, in its own session (Ctrl-C reaches this script, which stops both:
the daemon with SIGTERM, then SIGKILL after 10 s; the bus with SIGKILL, which it needs).
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

import dbus

BUS_NAME = "org.livetext"
ROOT_PATH = "/org/livetext"
ANALYSES_PATH = "/org/livetext/analysis"
ANALYZER = "org.livetext.Analyzer1"
ANALYSIS = "org.livetext.Analysis1"
PROPS = "org.freedesktop.DBus.Properties"
ERROR_PREFIX = "org.livetext.Error."

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def sigterm_as_interrupt():
    """SIGTERM to the script unwinds like Ctrl-C, so that the finally blocks stop the daemons."""
    def handler(signum, frame):
        raise KeyboardInterrupt("SIGTERM")
    signal.signal(signal.SIGTERM, handler)


def options(types=None):
    """An a{sv} of the Analyze* methods; types=None leaves the daemon's default types."""
    opts = dbus.Dictionary({}, signature="sv")
    if types is not None:
        opts["types"] = dbus.Array(types, signature="s")
    return opts


def error_name(exc):
    return exc.get_dbus_name() if isinstance(exc, dbus.exceptions.DBusException) else type(exc).__name__


def short_error(exc):
    if isinstance(exc, dbus.exceptions.DBusException):
        return "%s: %s" % (exc.get_dbus_name(), (exc.get_dbus_message() or "")[:200])
    return "%s: %s" % (type(exc).__name__, str(exc)[:200])


class Client:
    """One private connection to the bus and the calls a livetext client makes."""

    def __init__(self, address):
        self.bus = dbus.bus.BusConnection(address)
        self.root = self.bus.get_object(BUS_NAME, ROOT_PATH, introspect=False)

    def close(self):
        self.bus.close()

    def analyze_file(self, path, opts, timeout=120):
        return self.root.AnalyzeFile(path, opts, dbus_interface=ANALYZER, timeout=timeout)

    def analyze_pixels(self, fd, width, height, stride, fmt, opts, timeout=120):
        return self.root.AnalyzePixels(dbus.types.UnixFd(fd), dbus.UInt32(width), dbus.UInt32(height),
                                       dbus.UInt32(stride), fmt, opts, dbus_interface=ANALYZER, timeout=timeout)

    def obj(self, path):
        return self.bus.get_object(BUS_NAME, path, introspect=False)

    def call(self, path, member, timeout=120):
        return getattr(self.obj(path), member)(dbus_interface=ANALYSIS, timeout=timeout)

    def get(self, path, prop, timeout=120):
        return self.obj(path).Get(ANALYSIS, prop, dbus_interface=PROPS, timeout=timeout)


def memfd_with(data, name="livetext-bench"):
    """A memfd holding `data`, its offset back at 0."""
    fd = os.memfd_create(name, os.MFD_CLOEXEC)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


class Started:
    """A context manager over `start()` and `stop()`; a failed start stops what it had started."""

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False


class PrivateDaemon(Started):
    def __init__(self, livetext, log_path, verbose=False, extra_env=None, config=None, stderr_fd=None):
        self.livetext = livetext
        self.log_path = log_path
        self.verbose = verbose
        self.extra_env = extra_env or {}
        self.config = config  # text of $XDG_CONFIG_HOME/livetext/config.toml, or None for none
        self.stderr_fd = stderr_fd  # the daemon's stdout and stderr instead of the log file (a pipe)
        self.tmp = None
        self.bus_proc = None
        self.proc = None
        self.address = None
        self.control = None  # a connection of this script, for checks
        self.exit_code = None

    # ---- start and stop

    def start(self, timeout=60):
        self.tmp = tempfile.mkdtemp(prefix="livetext-bench-")
        conf = os.path.join(self.tmp, "bus.conf")
        with open(conf, "w") as f:
            f.write(BUS_CONFIG.format(dir=self.tmp))
        self.bus_proc = subprocess.Popen(["dbus-daemon", "--config-file=" + conf, "--print-address", "--nofork"],
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                                         start_new_session=True)
        line = self.bus_proc.stdout.readline().decode().strip()
        if not line:
            raise RuntimeError("dbus-daemon exited before printing its address")
        self.address = line
        config_home = os.path.join(self.tmp, "config")
        os.makedirs(os.path.join(config_home, "livetext"))
        if self.config:
            with open(os.path.join(config_home, "livetext", "config.toml"), "w") as f:
                f.write(self.config)
        env = {k: v for k, v in os.environ.items() if k not in ("DBUS_SESSION_BUS_ADDRESS", "LIVETEXT_LOCAL")}
        env.update(OMP_THREAD_LIMIT="1", XDG_CONFIG_HOME=config_home, DBUS_SESSION_BUS_ADDRESS=self.address)
        env.update(self.extra_env)
        os.makedirs(os.path.dirname(os.path.abspath(self.log_path)), exist_ok=True)
        self.log_file = open(self.log_path, "wb") if self.stderr_fd is None else os.fdopen(self.stderr_fd, "wb")
        cmd = [self.livetext, "daemon", "--address", self.address] + (["--verbose"] if self.verbose else [])
        self.proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=self.log_file,
                                     stderr=self.log_file, start_new_session=True)
        self.control = dbus.bus.BusConnection(self.address)
        deadline = time.time() + timeout
        while not self.control.name_has_owner(BUS_NAME):
            if self.proc.poll() is not None:
                raise RuntimeError("livetext daemon exited with %d before owning %s; log %s:\n%s"
                                   % (self.proc.returncode, BUS_NAME, self.log_path, self.log_tail()))
            if time.time() > deadline:
                raise RuntimeError("livetext daemon did not own %s within %d s" % (BUS_NAME, timeout))
            time.sleep(0.05)

    def stop(self):
        if self.control is not None:
            try:
                self.control.close()
            except Exception:
                pass
            self.control = None
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGTERM)
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
            self.exit_code = self.proc.returncode
            self.proc = None
            self.log_file.close()
        if self.bus_proc is not None:
            if self.bus_proc.poll() is None:
                self.bus_proc.kill()
            self.bus_proc.wait()
            self.bus_proc.stdout.close()
            self.bus_proc = None
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    # ---- looking at it

    @property
    def pid(self):
        return self.proc.pid

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def status_kib(self, field="VmRSS"):
        """VmRSS (or VmHWM, ...) of the daemon in KiB, None when it is gone."""
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith(field + ":"):
                        return int(line.split()[1])
        except (OSError, AttributeError):
            return None
        return None

    def threads(self):
        return self.status_kib("Threads")

    def open_fds(self):
        try:
            return len(os.listdir("/proc/%d/fd" % self.proc.pid))
        except OSError:
            return None

    def analysis_children(self):
        """Child nodes of /org/livetext/analysis in the daemon's introspection (the objects it holds)."""
        try:
            xml = self.control.get_object(BUS_NAME, ANALYSES_PATH, introspect=False).Introspect(
                dbus_interface="org.freedesktop.DBus.Introspectable", timeout=30)
        except dbus.exceptions.DBusException as e:
            if e.get_dbus_name() == "org.freedesktop.DBus.Error.UnknownObject":
                return []
            raise
        return [n.get("name") for n in ET.fromstring(str(xml)).findall("node")]

    def version(self):
        return int(self.control.get_object(BUS_NAME, ROOT_PATH, introspect=False).Get(
            ANALYZER, "Version", dbus_interface=PROPS, timeout=30))

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def log_lines(self):
        try:
            with open(self.log_path, errors="replace") as f:
                return f.read().splitlines()
        except OSError:
            return []


def rel(path, root):
    try:
        return os.path.relpath(path, root)
    except ValueError:
        return path


def write_results(out_dir, result, log_path, root):
    """results.json beside the daemon's log, and one line saying where both are."""
    path = os.path.join(out_dir, "results.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print("(results: %s, daemon log: %s)" % (rel(path, root), rel(log_path, root)))


def run_main(main, name):
    """sys.exit(main()), with Ctrl-C a one-line exit instead of a traceback."""
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("%s: interrupted" % name)
