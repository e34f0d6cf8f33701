"""The desktop around a daemon under abuse (bench/abuse.py): an X server, a notification server, the
clipboard, a simulated Flatpak sandbox, a hostile selection owner, and the daemon's process tree.

    with Desktop(tmp) as desk:                      Xvfb on a free display and, once a bus is
        desk.start_dunst(address)                   there, dunst on it (markup on, a menu script)
        desk.set_clipboard("text"), desk.clipboard()
        desk.choose("Deny"), desk.close_all(), desk.displayed()
    with NotifyWatch(address) as watch:             every Notify call on the bus (busctl monitor)
    sandboxed(script, args, tmp)                    dbus-python in a mount namespace holding /.flatpak-info
    with DripOwner(display, log) as owner:          owns CLIPBOARD, answers image/png with INCR, 1 byte / 2 s
    Tree(pid).sample()                              RSS, peak, CPU of a process and its descendants

Everything is started with its own process group and stopped by its pid; nothing here is found by name.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402

APP_ID = "org.example.Abuse"


def which(program):
    return shutil.which(program) is not None


def wait_for(check, seconds, step=0.05):
    """Polls `check` until it is true or `seconds` pass; its last value."""
    deadline = time.monotonic() + seconds
    value = check()
    while not value and time.monotonic() < deadline:
        time.sleep(step)
        value = check()
    return value


def stop_process(process, grace=3):
    """SIGTERM to a process this module started (its group), SIGKILL after `grace` s."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except OSError:
        process.terminate()
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            process.kill()
        process.wait()


# ---- X, dunst, the clipboard --------------------------------------------------------------------

DUNSTRC = """[global]
    width = 300
    height = 200
    origin = top-left
    offset = 10x10
    markup = full
    idle_threshold = 0
    show_age_threshold = -1
    history_length = 50
    sticky_history = yes
    dmenu = /bin/sh {menu}

[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
"""

# dunst's context menu runs this as its dmenu: it prints the line of the action named in `choice`.
MENU = """#!/bin/sh
cat > '{dir}/menu.in'
label=$(cat '{dir}/choice')
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in "#$label ("*) printf '%s\\n' "$line"; break ;; esac
done < '{dir}/menu.in'
{{ cat '{dir}/menu.in'; echo; echo end; }} > '{dir}/menu.tmp'
mv '{dir}/menu.tmp' '{dir}/menu.txt'
"""


class Desktop(db.Started):
    """An Xvfb (and later dunst) for one daemon; `env` is what the daemon and X clients need."""

    def __init__(self, tmp, width=640, height=480):
        self.dir = tempfile.mkdtemp(prefix="desktop-", dir=tmp)
        self.size = (width, height)
        self.xvfb = self.dunst = self.address = None
        self.display = None
        self.owners = []

    def start(self):
        for number in range(200 + os.getpid() % 300, 900):
            if os.path.exists("/tmp/.X11-unix/X%d" % number) or os.path.exists("/tmp/.X%d-lock" % number):
                continue
            x = subprocess.Popen(["Xvfb", ":%d" % number, "-screen", "0", "%dx%dx24" % self.size, "-nolisten", "tcp",
                                  "-noreset"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 stdin=subprocess.DEVNULL, start_new_session=True)
            if wait_for(lambda: os.path.exists("/tmp/.X11-unix/X%d" % number) or x.poll() is not None, 10) \
                    and x.poll() is None:
                self.xvfb, self.display = x, ":%d" % number
                time.sleep(0.2)
                return
            stop_process(x)
        raise RuntimeError("no free display for Xvfb")

    @property
    def env(self):
        env = {k: v for k, v in os.environ.items() if k not in ("DBUS_SESSION_BUS_ADDRESS", "LIVETEXT_LOCAL")}
        env["DISPLAY"] = self.display
        if self.address:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.address
        return env

    def start_dunst(self, address):
        """dunst on the bus at `address`, owning org.freedesktop.Notifications within 15 s."""
        self.address = address
        menu = os.path.join(self.dir, "menu.sh")
        with open(menu, "w") as f:
            f.write(MENU.format(dir=self.dir))
        rc = os.path.join(self.dir, "dunstrc")
        with open(rc, "w") as f:
            f.write(DUNSTRC.format(menu=menu))
        log = open(os.path.join(self.dir, "dunst.log"), "wb")
        self.dunst = subprocess.Popen(["dunst", "-config", rc], env=self.env, stdout=log, stderr=log,
                                      stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        import dbus
        bus = dbus.bus.BusConnection(address)
        try:
            if not wait_for(lambda: bus.name_has_owner("org.freedesktop.Notifications") or self.dunst.poll() is not None,
                            15) or self.dunst.poll() is not None:
                raise RuntimeError("dunst did not start")
        finally:
            bus.close()

    def stop_dunst(self):
        stop_process(self.dunst)
        self.dunst = None

    def run(self, argv, timeout=10, input=None):
        """(status, stdout) of an X client on this display; status 'timeout' when it hung."""
        try:
            p = subprocess.run(argv, env=self.env, capture_output=True, timeout=timeout, input=input)
            return p.returncode, p.stdout
        except subprocess.TimeoutExpired:
            return "timeout", b""

    def paint_root(self, image):
        """The root window shows `image` (ImageMagick's display), so that a capture reads it."""
        self.run(["display", "-window", "root", image], timeout=20)

    def set_clipboard(self, text):
        """xclip owns CLIPBOARD with `text` until this desktop stops; True once it reads back."""
        path = os.path.join(self.dir, "clip-%d" % len(self.owners))
        with open(path, "w") as f:
            f.write(text)
        self.owners.append(subprocess.Popen(["xclip", "-selection", "clipboard", "-i", path, "-quiet"], env=self.env,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                            stdin=subprocess.DEVNULL, start_new_session=True))
        return wait_for(lambda: self.clipboard() == text, 5)

    def clipboard(self):
        """CLIPBOARD's text (None: nobody owns it or it would not say)."""
        status, out = self.run(["xclip", "-selection", "clipboard", "-o"], timeout=5)
        return out.decode(errors="replace") if status == 0 else None

    def dunstctl(self, *args):
        return self.run(["dunstctl"] + list(args), timeout=5)

    def displayed(self):
        status, out = self.dunstctl("count", "displayed")
        try:
            return int(out) if status == 0 else 0
        except ValueError:
            return 0

    def close_all(self):
        self.dunstctl("close-all")

    def choose(self, label):
        """Picks the action `label` of the first notification through dunst's menu; True when it ran."""
        menu = os.path.join(self.dir, "menu.txt")
        with open(os.path.join(self.dir, "choice"), "w") as f:
            f.write(label)
        for _ in range(4):
            if os.path.exists(menu):
                os.unlink(menu)
            self.dunstctl("context")
            if wait_for(lambda: os.path.exists(menu) and open(menu).read().endswith("end\n"), 3):
                return True
        return False

    def stop(self):
        for p in self.owners:
            stop_process(p)
        self.owners = []
        stop_process(self.dunst)
        stop_process(self.xvfb)
        self.dunst = self.xvfb = None
        shutil.rmtree(self.dir, ignore_errors=True)


class NotifyWatch(db.Started):
    """Every Notify call on a bus, from `busctl monitor --json=short`: [(summary, body)]."""

    def __init__(self, address):
        self.address = address
        self.calls = []
        self.process = None

    def start(self):
        self.process = subprocess.Popen(["busctl", "--address=" + self.address, "monitor", "--json=short"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
        ready = threading.Event()
        threading.Thread(target=self._errors, args=(ready,), daemon=True).start()
        threading.Thread(target=self._read, daemon=True).start()
        ready.wait(10)

    def _errors(self, ready):
        for line in self.process.stderr:
            if b"Monitoring" in line:
                ready.set()
        ready.set()

    def _read(self):
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if message.get("type") == "method_call" and message.get("member") == "Notify":
                data = message.get("payload", {}).get("data", [])
                if len(data) == 8:
                    self.calls.append((data[3], data[4]))

    def wait(self, count, seconds):
        """True once `count` Notify calls were seen."""
        return wait_for(lambda: len(self.calls) >= count, seconds)

    def stop(self):
        stop_process(self.process)


# ---- a Flatpak application ----------------------------------------------------------------------

SANDBOX = """set -e
root="$SANDBOX_ROOT"
mount -t tmpfs abuse-sandbox "$root"
mkdir "$root/usr" "$root/tmp"
mount --bind /usr "$root/usr"
mount --rbind /tmp "$root/tmp"
for d in bin sbin lib lib64; do ln -s usr/$d "$root/$d"; done
printf '[Application]\\nname=%s\\nruntime=runtime/org.freedesktop.Platform/x86_64/23.08\\n' "$APP_ID" > "$root/.flatpak-info"
exec chroot "$root" "$@"
"""


def can_sandbox():
    return os.getuid() == 0 and which("unshare") and which("chroot")


def sandboxed(script, args, tmp, timeout=60, app_id=APP_ID, background=False):
    """Runs the Python `script` with `args` as a Flatpak application does: in a mount namespace whose
    root is a tmpfs holding /.flatpak-info, with /usr and /tmp bound in (as the tests'
    FlatpakSandbox does). `tmp` must be under /tmp. (status, stdout, stderr), or the Popen when
    `background`."""
    path = tempfile.mktemp(suffix=".py", dir=tmp)
    with open(path, "w") as f:
        f.write(script)
    root = tempfile.mkdtemp(prefix="sandbox-root-", dir=tmp)
    env = dict(os.environ, APP_ID=app_id, SANDBOX_ROOT=root)
    argv = ["unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", SANDBOX, "sandbox",
            "/usr/bin/python3", path] + [str(a) for a in args]
    process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, start_new_session=True)
    if background:
        return process
    return finish(process, timeout)


def finish(process, timeout):
    """(status or 'timeout', stdout, stderr) of a started process; its group killed after `timeout` s."""
    try:
        out, err = process.communicate(timeout=timeout)
        return process.returncode, out.decode(errors="replace"), err.decode(errors="replace")
    except subprocess.TimeoutExpired:
        stop_process(process, 1)
        out, err = process.communicate()
        return "timeout", out.decode(errors="replace"), err.decode(errors="replace")


# ---- a hostile selection owner ------------------------------------------------------------------

# Owns CLIPBOARD; TARGETS answers image/png; image/png answers INCR, then one byte each time the
# reader deletes the property, 2 s later. Logs "start W T", "chunk W T" (each byte sent) and
# "delete W T" (each read), W the reader's window, T the monotonic time.
DRIP = r"""
import sys, time
from Xlib import X, Xatom, display
from Xlib.protocol import event
log = open(sys.argv[1], "a", buffering=1)
d = display.Display()
w = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
CLIPBOARD, TARGETS, PNG, INCR = (d.intern_atom(n) for n in ("CLIPBOARD", "TARGETS", "image/png", "INCR"))
w.set_selection_owner(CLIPBOARD, X.CurrentTime)
d.flush()
log.write("owner %d\n" % (d.get_selection_owner(CLIPBOARD) == w))
transfers = {}
data = b"\x89PNG\r\n\x1a\n" + b"\0" * 100000
while True:
    while not d.pending_events():
        time.sleep(0.05)
        now = time.monotonic()
        for t in transfers.values():
            if t["due"] and now >= t["due"]:
                t["due"] = None
                chunk = data[t["sent"]:t["sent"] + 1]
                t["sent"] += 1
                t["win"].change_property(t["prop"], PNG, 8, chunk)
                d.flush()
                log.write("chunk %d %.2f\n" % (t["win"].id, now))
    e = d.next_event()
    if e.type == X.SelectionRequest:
        prop = e.property or e.target
        if e.target == TARGETS:
            e.requestor.change_property(prop, Xatom.ATOM, 32, [TARGETS, PNG])
        elif e.target == PNG:
            e.requestor.change_attributes(event_mask=X.PropertyChangeMask)
            e.requestor.change_property(prop, INCR, 32, [len(data)])
            transfers[(e.requestor.id, prop)] = {"win": e.requestor, "prop": prop, "sent": 0, "due": None}
            log.write("start %d %.2f\n" % (e.requestor.id, time.monotonic()))
        else:
            prop = X.NONE
        e.requestor.send_event(event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection,
                                                     target=e.target, property=prop))
        d.flush()
    elif e.type == X.PropertyNotify and e.state == X.PropertyDelete:
        t = transfers.get((e.window.id, e.atom))
        if t is not None:  # the reader took the INCR property or a byte: the next byte 2 s later
            log.write("delete %d %.2f\n" % (e.window.id, time.monotonic()))
            t["due"] = time.monotonic() + 2
    elif e.type == X.SelectionClear:
        log.write("lost\n")
"""


class DripOwner(db.Started):
    """A CLIPBOARD owner that drips image/png (python3-xlib); `events()` what it did, with times."""

    def __init__(self, desktop):
        self.desktop = desktop
        self.log = os.path.join(desktop.dir, "drip-%d.log" % time.monotonic_ns())
        self.process = None

    @staticmethod
    def available():
        return subprocess.run(["/usr/bin/python3", "-c", "import Xlib"], capture_output=True).returncode == 0

    def start(self):
        script = os.path.join(self.desktop.dir, "drip.py")
        with open(script, "w") as f:
            f.write(DRIP)
        self.process = subprocess.Popen(["/usr/bin/python3", script, self.log], env=self.desktop.env,
                                        stdout=subprocess.DEVNULL, stderr=open(self.log + ".err", "wb"),
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        if not wait_for(lambda: "owner 1" in self.text(), 10):
            raise RuntimeError("the dripping owner did not take CLIPBOARD: %s" % self.text(".err")[-300:])

    def text(self, suffix=""):
        try:
            with open(self.log + suffix) as f:
                return f.read()
        except OSError:
            return ""

    def events(self, kind, reader=None):
        """The monotonic times of the owner's `kind` events (start, chunk, delete), of every
        reader or of the one whose window is `reader`."""
        return [float(line.split()[2]) for line in self.text().splitlines()
                if line.startswith(kind + " ") and (reader is None or line.split()[1] == reader)]

    def readers(self):
        """The readers' windows, in the order their transfers started."""
        return [line.split()[1] for line in self.text().splitlines() if line.startswith("start ")]

    def stop(self):
        stop_process(self.process)


# ---- a process and its descendants --------------------------------------------------------------

def descendants(pid):
    """`pid` and every process below it (from /proc/PID/task/*/children)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            for task in os.listdir("/proc/%d/task" % p):
                with open("/proc/%d/task/%s/children" % (p, task)) as f:
                    todo.extend(int(c) for c in f.read().split())
        except OSError:
            pass
    return found


def status_field(pid, field):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid):
    """User and system CPU of `pid` (all its threads) in seconds."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class Tree:
    """A daemon and its children, sampled every 20 ms in a thread between `start()` and `stop()`:
    the peak of the sum of their RSS (VmHWM of each counted too), and their CPU time."""

    def __init__(self, pid):
        self.pid = pid
        self.base_kib = sum(status_field(p, "VmRSS") for p in descendants(pid))
        self.peak_kib = self.base_kib
        self.hwm0 = status_field(pid, "VmHWM")
        self.cpu_seen = {}
        self._stop = threading.Event()
        self._thread = None

    def sample(self):
        pids = descendants(self.pid)
        rss = sum(status_field(p, "VmRSS") for p in pids)
        self.peak_kib = max(self.peak_kib, rss)
        for p in pids:
            self.cpu_seen[p] = max(self.cpu_seen.get(p, 0.0), cpu_seconds(p))
            if p != self.pid:  # a decoding child's own peak, which a sample may miss
                self.peak_kib = max(self.peak_kib, rss - status_field(p, "VmRSS") + status_field(p, "VmHWM"))
        return rss

    def cpu(self):
        """CPU seconds of the daemon and every child seen so far (children that ended keep their last)."""
        self.sample()
        return sum(self.cpu_seen.values())

    def start(self):
        self.cpu_seen = {}
        self.cpu()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def _run(self):
        while not self._stop.is_set():
            self.sample()
            time.sleep(0.02)

    def stop(self):
        self._stop.set()
        if self._thread:
            self._thread.join()
        hwm = status_field(self.pid, "VmHWM")
        if hwm > self.hwm0:  # a peak between two samples
            self.peak_kib = max(self.peak_kib, hwm)
        return self

    @property
    def growth_mib(self):
        return (self.peak_kib - self.base_kib) / 1024


if __name__ == "__main__":
    sys.exit("a module of bench/abuse.py")
