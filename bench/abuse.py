#!/usr/bin/python3
"""Abuse: the livetext daemon and CLI against hostile clients, hostile files and faults.

    /usr/bin/python3 bench/abuse.py [--livetext PATH] [--only NAME,...] [--flood-seconds 20] [--connections 16]

Starts a private dbus-daemon and `livetext daemon` on it (bench/daemon_bus.py), then runs every
probe in turn and prints one row each: the probe, what a robust service does, what this one did,
and the verdict (ok / FAIL). Probes are of four kinds:
  bus     crafted D-Bus calls: wrong types, every kind of fd (memfds truncated during the call,
          pipes whose writer never closes, eventfds, sockets, /dev/zero), FIFOs and devices by
          path, megabytes where a name is expected, another client's analysis, log injection;
  flood   --connections processes, each with its own connection, sending the worst of the above
          for --flood-seconds at once, while this script reads a property every 20 ms: the
          latency of those reads (p50, p99, max; target p99 under 50 ms) and what the floods got;
  cli     `livetext` with stdout or stderr closed or full, FIFOs, /dev/zero, stdin closed,
          payloads and file names holding terminal escapes, under a pseudo-terminal;
  fault   the daemon stopped (SIGSTOP) before and during a call, the bus killed during one, the
          daemon's log reader gone, an X server that goes away and comes back.
Then the daemon's VmRSS, open fds and threads before the probes and after them (after a settle).
Exit 0 when every row is ok, 1 otherwise. The daemon's log: bench/out/abuse/daemon.log.
Needs: python3-dbus (Debian's /usr/bin/python3); qrencode and Xvfb for two probes (skipped without).
"""
import argparse
import multiprocessing
import os
import pty
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402
import dbus  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "abuse")
QR = os.path.join(ROOT, "Tests", "AdapterTests", "Fixtures", "qr-url.png")
TEXT = os.path.join(ROOT, "Tests", "AdapterTests", "Fixtures", "text-light-15px.png")
# A capture whose reading takes seconds: a call still running when a fault strikes.
SLOW = os.path.join(ROOT, "Tests", "Fixtures", "screens", "xterm-tiled-dejavu-12px.png")
ERR = db.ERROR_PREFIX
LIMITS = "org.freedesktop.DBus.Error.LimitsExceeded"
INVALID = "org.freedesktop.DBus.Error.InvalidArgs"


class Row:
    def __init__(self, name, expected):
        self.name, self.expected, self.got, self.ok = name, expected, "", False


def dense_text(size):
    """`size` bytes of text as dense in items as text gets: numbers, dates, links, addresses."""
    unit = ("Call +1 415-555-0123 or (089) 123456 on 2027-03-10 14:00 CET, mail a.b@example.org, "
            "see https://example.org/x?y=1 at 12 Harbor Way, Oakland, CA 94607; $12.50 for 5 kg. ")
    return (unit * (size // len(unit) + 1))[:size]


def elapsed(start):
    return "%.2f s" % (time.monotonic() - start)


def error_of(call):
    """(error name or 'ok', message, the result) of a D-Bus call."""
    try:
        return "ok", "", call()
    except dbus.exceptions.DBusException as e:
        return e.get_dbus_name(), e.get_dbus_message() or "", None


def wait_state(client, path, timeout):
    """The analysis' final state and error name, or 'no reply' when Wait did not answer in time."""
    name, message, _ = error_of(lambda: client.call(path, "Wait", timeout=timeout))
    if name == "org.freedesktop.DBus.Error.NoReply":
        return "no reply after %d s" % timeout
    return "finished" if name == "ok" else name.replace(ERR, "")


def settle(check, seconds=5.0):
    """Polls `check` until it is true or `seconds` pass; its last value."""
    deadline = time.monotonic() + seconds
    value = check()
    while not value and time.monotonic() < deadline:
        time.sleep(0.1)
        value = check()
    return value


# ---- bus probes --------------------------------------------------------------------------------

def probe_wrong_types(d, c):
    row = Row("AnalyzeFile(i) and options {types: 's'}", "InvalidArgs, twice")
    a, _, _ = error_of(lambda: c.bus.call_blocking(db.BUS_NAME, db.ROOT_PATH, db.ANALYZER, "AnalyzeFile", "i", [5]))
    opts = dbus.Dictionary({"types": dbus.String("text", variant_level=1)}, signature="sv")
    b, _, _ = error_of(lambda: c.analyze_file(QR, opts))
    row.got = "%s, %s" % (a.split(".")[-1], b.split(".")[-1])
    row.ok = a == INVALID and b == ERR + "InvalidArgs"
    return row


def probe_truncated_memfd(d, c, rounds=40):
    row = Row("AnalyzePixels: memfd truncated during the call x%d" % rounds, "daemon alive, every call answered")
    w, h = 2000, 2000
    answers = {}
    for _ in range(rounds):
        fd = os.memfd_create("abuse", os.MFD_CLOEXEC)
        os.ftruncate(fd, w * h * 4)
        cutter = threading.Thread(target=lambda: (time.sleep(0.0005), os.ftruncate(fd, 0)))
        cutter.start()
        name, _, path = error_of(lambda: c.analyze_pixels(fd, w, h, w * 4, "RGBA8", db.options(["codes"]), timeout=30))
        cutter.join()
        os.close(fd)
        if path is not None:
            name = "object: " + wait_state(c, path, 60)
            error_of(lambda: c.call(path, "Release"))
        answers[name.replace(ERR, "")] = answers.get(name.replace(ERR, ""), 0) + 1
        if not d.alive():
            break
    row.got = ", ".join("%s x%d" % kv for kv in sorted(answers.items())) + ("" if d.alive() else "; DAEMON DIED")
    row.ok = d.alive() and not any("no reply" in k or "NoReply" in k for k in answers)
    return row


def probe_never_closing_pipe(d, c, how):
    row = Row("AnalyzeImageFd: pipe never closed, then %s" % how, "threads and fds back, work stopped within 2 s")
    # One pipe read through first: what the daemon opens once for reading streams is not a leak.
    r, w = os.pipe()
    warm = c.root.AnalyzeImageFd(dbus.types.UnixFd(r), db.options(["codes"]), dbus_interface=db.ANALYZER, timeout=30)
    os.close(r)
    with open(QR, "rb") as f:
        os.write(w, f.read())
    os.close(w)
    c.call(warm, "Wait")
    c.call(warm, "Release")
    threads0, fds0 = d.threads(), d.open_fds()
    client = db.Client(d.address) if how == "caller leaves" else c
    r, w = os.pipe()
    os.write(w, b"\x89PNG\r\n\x1a\n")
    name, _, path = error_of(lambda: client.root.AnalyzeImageFd(dbus.types.UnixFd(r), db.options(["codes"]),
                                                               dbus_interface=db.ANALYZER, timeout=30))
    os.close(r)
    if path is None:
        row.got = "refused at once: " + name
        row.ok = name.startswith(ERR)
        os.close(w)
        return row
    time.sleep(0.5)
    start = time.monotonic()
    if how == "Cancel":
        error_of(lambda: client.call(path, "Cancel", timeout=10))
        state = wait_state(client, path, 10)
    else:
        client.close()
        state = "caller gone"
    back = settle(lambda: d.threads() <= threads0 + 1 and d.open_fds() <= fds0, 5)
    row.got = "%s; threads %s -> %s, fds %s -> %s after %s" % (state, threads0, d.threads(), fds0, d.open_fds(),
                                                              elapsed(start))
    row.ok = bool(back) and d.alive() and "no reply" not in state
    os.close(w)
    return row


def probe_odd_fds(d, c):
    row = Row("AnalyzeImageFd: eventfd, UDP socket, /dev/zero", "an error each within the read deadline")
    results = []
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    kinds = [("eventfd", os.eventfd(0) if hasattr(os, "eventfd") else os.open("/dev/null", os.O_RDONLY)),
             ("udp", sock.fileno()), ("/dev/zero", os.open("/dev/zero", os.O_RDONLY))]
    ok = True
    for label, fd in kinds:
        start = time.monotonic()
        name, _, path = error_of(lambda: c.root.AnalyzeImageFd(dbus.types.UnixFd(fd), db.options(["codes"]),
                                                              dbus_interface=db.ANALYZER, timeout=30))
        state = name.replace(ERR, "") if path is None else wait_state(c, path, 60)
        results.append("%s: %s in %s" % (label, state, elapsed(start)))
        ok = ok and state not in ("finished",) and "no reply" not in state
        if path is not None:
            error_of(lambda: c.call(path, "Release"))
    sock.close()
    row.got = "; ".join(results)
    row.ok = ok and d.alive()
    return row


def probe_dev_zero_six(d, c):
    row = Row("AnalyzeImageFd: six /dev/zero at once", "refused, RSS up by < 300 MiB")
    rss0 = d.status_kib()
    peak = [rss0]
    stop = threading.Event()

    def sample():
        while not stop.is_set():
            peak[0] = max(peak[0], d.status_kib() or 0)
            time.sleep(0.05)
    sampler = threading.Thread(target=sample)
    sampler.start()
    paths, names = [], []
    start = time.monotonic()
    for _ in range(6):
        fd = os.open("/dev/zero", os.O_RDONLY)
        name, _, path = error_of(lambda: c.root.AnalyzeImageFd(dbus.types.UnixFd(fd), db.options(["codes"]),
                                                              dbus_interface=db.ANALYZER, timeout=30))
        os.close(fd)
        (paths.append(path) if path is not None else names.append(name.replace(ERR, "")))
    states = [wait_state(c, p, 120) for p in paths] + names
    stop.set()
    sampler.join()
    for p in paths:
        error_of(lambda: c.call(p, "Release"))
    grown = (peak[0] - rss0) / 1024
    row.got = "%s in %s; RSS peak +%.0f MiB" % (", ".join(sorted(set(states))), elapsed(start), grown)
    row.ok = "finished" not in states and not any("no reply" in s for s in states) and grown < 300
    return row


def probe_special_paths(d, c, tmp):
    row = Row("AnalyzeFile: a FIFO, /dev/zero, a symlink loop", "an error each, within 2 s, that says what it is")
    fifo = os.path.join(tmp, "fifo.png")
    os.mkfifo(fifo)
    loop = os.path.join(tmp, "loop.png")
    os.symlink(loop, loop)
    results, ok = [], True
    for label, path in [("fifo", fifo), ("/dev/zero", "/dev/zero"), ("loop", loop)]:
        start = time.monotonic()
        name, message, obj = error_of(lambda: c.analyze_file(path, db.options(["codes"]), timeout=30))
        if obj is not None:
            name = wait_state(c, obj, 30)
            message = str(c.get(obj, "Error"))
            error_of(lambda: c.call(obj, "Release"))
        took = time.monotonic() - start
        results.append("%s: %s (%s) in %.2f s" % (label, name.replace(ERR, ""), message.split(": ", 1)[-1][-60:], took))
        ok = ok and name not in ("finished", "ok") and took < 2
    ok = ok and "symbolic link" in results[2]
    row.got = "; ".join(results)
    row.ok = ok
    return row


def probe_echo(d, c):
    row = Row("a 10 MB format string, a 5 MB Copy id", "InvalidArgs / NotFound, message under 1 KiB")
    fd = db.memfd_with(b"\0" * 16)
    name, message, _ = error_of(lambda: c.analyze_pixels(fd, 2, 2, 8, "X" * 10_000_000, db.options(), timeout=60))
    os.close(fd)
    path = c.analyze_file(QR, db.options(["codes"]))
    c.call(path, "Wait")
    name2, message2, _ = error_of(lambda: c.obj(path).Copy("y" * 5_000_000, dbus_interface=db.ANALYSIS, timeout=60))
    c.call(path, "Release")
    row.got = "%s %d bytes; %s %d bytes" % (name.replace(ERR, ""), len(message), name2.replace(ERR, ""), len(message2))
    row.ok = name == ERR + "InvalidArgs" and len(message) < 1024 and name2.startswith(ERR) and len(message2) < 1024
    return row


def probe_big_setting(d, c):
    row = Row("Set SupplementaryInterfaceFont to 10 MB", "InvalidArgs, settings file not grown")
    name, _, _ = error_of(lambda: c.root.Set("org.livetext.Interaction1", "SupplementaryInterfaceFont",
                                             dbus.String("Sans " + "x" * 10_000_000, variant_level=1),
                                             dbus_interface=db.PROPS, timeout=60))
    config = os.path.join(d.tmp, "config", "livetext", "config.toml")
    size = os.path.getsize(config) if os.path.exists(config) else 0
    row.got = "%s; settings file %d bytes" % (name.replace(ERR, ""), size)
    row.ok = name in (ERR + "InvalidArgs", INVALID) and size < 100_000
    return row


def probe_other_client(d, c):
    row = Row("another client reads an analysis (Text, Json, Wait)", "AccessDenied, path not listed")
    path = c.analyze_file(QR, db.options(["codes"]))
    c.call(path, "Wait")
    other = db.Client(d.address)
    names = [error_of(lambda: other.get(path, "Text"))[0], error_of(lambda: other.get(path, "Json"))[0],
             error_of(lambda: other.call(path, "Wait"))[0]]
    listed = str(path).split("/")[-1] in d.analysis_children()
    other.close()
    c.call(path, "Release")
    row.got = "%s; listed to others: %s" % (", ".join(sorted(set(n.replace(ERR, "") for n in names))), listed)
    row.ok = set(names) == {ERR + "AccessDenied"} and not listed
    return row


def probe_log_injection(d, c):
    row = Row("a path holding a newline and '<0>'", "no forged log line")
    before = len(d.log_lines())
    error_of(lambda: c.analyze_file("/tmp/x.png\n<0>forged emergency", db.options(["codes"])))
    time.sleep(0.3)
    new = d.log_lines()[before:]
    forged = [line for line in new if line.startswith("<0>")]
    row.got = "%d new log lines, %d forged" % (len(new), len(forged))
    row.ok = not forged
    return row


def probe_trailing_png(d, c, tmp):
    row = Row("a PNG followed by 100 bytes of trailing data", "read as the PNG it is")
    path = os.path.join(tmp, "trailing.png")
    with open(QR, "rb") as src, open(path, "wb") as dst:
        dst.write(src.read() + b"\0" * 100)
    obj = c.analyze_file(path, db.options(["codes"]))
    state = wait_state(c, obj, 60)
    error_of(lambda: c.call(obj, "Release"))
    row.got = state
    row.ok = state == "finished"
    return row


def probe_one_process_many_connections(d, c):
    row = Row("one process, 16 connections x 16 pending analyses", "LimitsExceeded past the client's 16")
    clients = [db.Client(d.address) for _ in range(16)]
    pipes, accepted, refused, other = [], 0, 0, {}
    for client in clients:
        for _ in range(16):
            r, w = os.pipe()
            pipes.append(w)
            name, _, _ = error_of(lambda: client.root.AnalyzeImageFd(dbus.types.UnixFd(r), db.options(["codes"]),
                                                                    dbus_interface=db.ANALYZER, timeout=30))
            os.close(r)
            if name == "ok":
                accepted += 1
            elif name == LIMITS:
                refused += 1
            else:
                other[name] = other.get(name, 0) + 1
    for client in clients:
        client.close()
    for w in pipes:
        os.close(w)
    row.got = "%d accepted, %d LimitsExceeded, other %s" % (accepted, refused, other or "none")
    row.ok = accepted <= 16 and refused == 256 - accepted and not other
    return row


# ---- the flood ---------------------------------------------------------------------------------

def flood_worker(index, address, seconds, results, niceness=0):
    """One hostile process: the worst calls in turn, for `seconds`; counts what it got."""
    os.nice(niceness)
    counts = {}
    text = dense_text(256 << 10)  # the default max_text_bytes
    client = db.Client(address)
    held = []
    end = time.monotonic() + seconds
    step = 0

    def count(name):
        counts[name] = counts.get(name, 0) + 1
    while time.monotonic() < end:
        kind = (index + step) % 5
        step += 1
        try:
            if kind == 0:
                client.root.Detect(text, db.options(), dbus_interface=db.ANALYZER, timeout=60)
                count("Detect ok")
            elif kind == 1:
                r, w = os.pipe()
                held.append(w)
                client.root.AnalyzeImageFd(dbus.types.UnixFd(r), db.options(["codes"]), dbus_interface=db.ANALYZER,
                                           timeout=30)
                os.close(r)
                count("pipe held")
            elif kind == 2:
                fd = os.open("/dev/zero", os.O_RDONLY)
                path = client.root.AnalyzeImageFd(dbus.types.UnixFd(fd), db.options(["codes"]),
                                                  dbus_interface=db.ANALYZER, timeout=30)
                os.close(fd)
                client.call(path, "Release")
                count("/dev/zero sent")
            elif kind == 3:
                client.root.AnalyzeImage(dbus.ByteArray(os.urandom(1 << 20)), db.options(["codes"]),
                                         dbus_interface=db.ANALYZER, timeout=30)
                count("garbage sent")
            else:
                client.bus.call_blocking(db.BUS_NAME, db.ROOT_PATH, db.ANALYZER, "AnalyzeFile", "i", [5], timeout=30)
        except dbus.exceptions.DBusException as e:
            count(e.get_dbus_name().split(".")[-1])
        if len(held) > 32:
            for w in held:
                os.close(w)
            held = []
    results.put(counts)


def probe_flood(d, c, connections, seconds, niceness=0):
    row = Row("flood: %d processes%s x %d s of hostile calls, Get(Version) every 20 ms"
              % (connections, " at nice %d" % niceness if niceness else "", seconds),
              "Get p99 < 50 ms, no NoReply, daemon alive")
    results = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=flood_worker, args=(i, d.address, seconds, results, niceness))
               for i in range(connections)]
    for w in workers:
        w.start()
    latencies, bus_latencies = [], []
    end = time.monotonic() + seconds
    root = c.bus.get_object(db.BUS_NAME, db.ROOT_PATH, introspect=False)
    broker = c.bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus", introspect=False)
    missed = 0
    while time.monotonic() < end:
        # The daemon's property, then the bus daemon's own GetId: every message goes through the
        # one broker, whose latency under the same flood is the floor of the daemon's.
        for call, into in ((lambda: root.Get(db.ANALYZER, "Version", dbus_interface=db.PROPS, timeout=10), latencies),
                           (lambda: broker.GetId(dbus_interface="org.freedesktop.DBus", timeout=10), bus_latencies)):
            start = time.monotonic()
            try:
                call()
                into.append((time.monotonic() - start) * 1000)
            except dbus.exceptions.DBusException:
                missed += 1
        time.sleep(0.02)
    totals = {}
    for _ in workers:
        for k, v in results.get(timeout=120).items():
            totals[k] = totals.get(k, 0) + v
    for w in workers:
        w.join(30)
    latencies.sort()
    p50 = statistics.median(latencies) if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else float("nan")
    bus_latencies.sort()
    bus_p99 = bus_latencies[int(len(bus_latencies) * 0.99) - 1] if bus_latencies else float("nan")
    row.got = ("Get p50 %.1f ms, p99 %.1f ms, max %.1f ms over %d reads, %d missed (the bus daemon's own GetId: "
               "p50 %.1f ms, p99 %.1f ms); floods got %s") % (
        p50, p99, max(latencies or [0]), len(latencies), missed,
        statistics.median(bus_latencies) if bus_latencies else float("nan"), bus_p99,
        ", ".join("%s %d" % kv for kv in sorted(totals.items())))
    row.ok = p99 < 50 and missed == 0 and "NoReply" not in totals and d.alive()
    row.p99 = p99
    return row


# ---- CLI probes --------------------------------------------------------------------------------

def cli_env():
    env = {k: v for k, v in os.environ.items() if k not in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY")}
    env["LIVETEXT_LOCAL"] = "1"
    env["OMP_THREAD_LIMIT"] = "1"
    return env


def run_shell(livetext, script, timeout=60):
    """(exit status or -signal, stdout, stderr, seconds) of `script` in sh with $LT set."""
    start = time.monotonic()
    env = cli_env()
    env["LT"] = livetext
    try:
        p = subprocess.run(["/bin/sh", "-c", script], env=env, capture_output=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr, time.monotonic() - start
    except subprocess.TimeoutExpired:
        return "timeout", b"", b"", time.monotonic() - start


def probe_cli_outputs(livetext):
    row = Row("CLI: stdout closed, full; stderr closed (analyze, detect)", "an exit status each, no signal")
    cases = [("analyze >&-", '"$LT" analyze --types codes "%s" >&-' % QR),
             ("analyze >/dev/full", '"$LT" analyze --types codes "%s" >/dev/full' % QR),
             ("analyze 2>&- (missing file)", '"$LT" analyze /nonexistent.png 2>&-; echo "status $?"'),
             ("detect >/dev/full", 'echo "call +1 415-555-0123" | "$LT" detect >/dev/full'),
             ("detect >&-", 'echo "call +1 415-555-0123" | "$LT" detect >&-')]
    got, ok = [], True
    for label, script in cases:
        status, out, err, _ = run_shell(livetext, script)
        if label.startswith("analyze 2>&-"):
            status = int(out.split()[-1]) if out.startswith(b"status") else status
        signalled = status == "timeout" or (isinstance(status, int) and (status < 0 or status >= 128))
        got.append("%s: %s" % (label, status))
        ok = ok and not signalled and status != 0
    row.got = "; ".join(got)
    row.ok = ok
    return row


def probe_cli_inputs(livetext, tmp):
    row = Row("CLI: analyze /dev/zero, stdin closed; a FIFO whose writer comes 1 s late",
              "exit 3 each within 5 s with a message a person reads; the FIFO read like cat reads it")
    got, ok = [], True
    for label, script in [("/dev/zero", '"$LT" analyze /dev/zero'), ("stdin closed", '"$LT" analyze - <&-')]:
        status, _, err, took = run_shell(livetext, script, timeout=30)
        message = err.decode(errors="replace").strip().splitlines()[-1:] or [""]
        got.append("%s: %s in %.1f s (%s)" % (label, status, took, message[0][:70]))
        ok = ok and status == 3 and took < 5 and "NSCocoaErrorDomain" not in message[0]
    fifo = os.path.join(tmp, "cli-fifo.png")
    os.mkfifo(fifo)
    status, out, _, took = run_shell(livetext, '(sleep 1; cat "%s" > "%s") & "$LT" analyze --types codes "%s"'
                                     % (QR, fifo, fifo), timeout=30)
    got.append("fifo: %s in %.1f s%s" % (status, took, ", payload read" if b"example.org" in out else ""))
    ok = ok and status == 0 and b"example.org" in out
    row.got = "; ".join(got)
    row.ok = ok
    return row


def run_on_tty(argv, env, timeout=60):
    """What `argv` writes to a pseudo-terminal (stdout and stderr both)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(argv[0], argv, env)
    output = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
    os.waitpid(pid, 0)
    os.close(fd)
    return output


def probe_cli_escapes(livetext, tmp):
    row = Row("CLI on a terminal: a QR holding ESC]52 and ESC[2J; a file name holding ESC", "no raw ESC written")
    evil_name = os.path.join(tmp, "evil\x1b[2Jname.png")
    parts = []
    raw = False
    if subprocess.run(["which", "qrencode"], capture_output=True).returncode == 0:
        qr = os.path.join(tmp, "escape-qr.png")
        subprocess.run(["qrencode", "-s", "6", "-o", qr, "\x1b]52;c;aGVsbG8=\x07\x1b[2Jafter"], check=True)
        out = run_on_tty([livetext, "analyze", "--types", "codes", qr], cli_env())
        raw = raw or b"\x1b" in out
        parts.append("QR: %s" % ("raw ESC" if b"\x1b" in out else "escaped (%s)" % out.strip()[:40]))
    else:
        parts.append("QR: skipped (no qrencode)")
    out = run_on_tty([livetext, "analyze", evil_name], cli_env())
    raw = raw or b"\x1b" in out
    parts.append("file name: %s" % ("raw ESC" if b"\x1b" in out else "escaped"))
    row.got = "; ".join(parts)
    row.ok = not raw
    return row


# ---- faults ------------------------------------------------------------------------------------

def client_env(address):
    env = {k: v for k, v in os.environ.items() if k not in ("LIVETEXT_LOCAL", "DISPLAY")}
    env.update(DBUS_SESSION_BUS_ADDRESS=address, OMP_THREAD_LIMIT="1")
    return env


def finish(process, timeout):
    """(exit status or 'timeout', stdout, stderr) of a started process, killed after `timeout` s."""
    try:
        out, err = process.communicate(timeout=timeout)
        return process.returncode, out, err
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        return "timeout", out, err


def probe_stopped_daemon(livetext, log_dir):
    row = Row("CLI with the daemon stopped (SIGSTOP) before the call, and during it",
              "falls back in-process, says so once; within 5 s (before), 15 s (during)")
    got, ok = [], True
    for when in ("before", "during"):
        with db.PrivateDaemon(livetext, os.path.join(log_dir, "stopped-%s.log" % when)) as d:
            start = time.monotonic()
            if when == "before":
                os.kill(d.pid, signal.SIGSTOP)
            image = QR if when == "before" else SLOW
            p = subprocess.Popen([livetext, "analyze", image], env=client_env(d.address),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
            if when == "during":
                time.sleep(0.3)
                os.kill(d.pid, signal.SIGSTOP)
            status, out, err = finish(p, 60)
            took = time.monotonic() - start
            os.kill(d.pid, signal.SIGCONT)
            notes = err.decode(errors="replace").count("livetext:")
            got.append("%s: exit %s in %.1f s, %d stderr lines" % (when, status, took, notes))
            ok = ok and status == 0 and len(out) > 20 and took < 5 + (10 if when == "during" else 0) and notes == 1
    row.got = "; ".join(got)
    row.ok = ok
    return row


def probe_bus_killed(livetext, log_dir):
    row = Row("CLI with the bus killed during the call", "falls back in-process, exit 0")
    with db.PrivateDaemon(livetext, os.path.join(log_dir, "bus-killed.log")) as d:
        p = subprocess.Popen([livetext, "analyze", SLOW], env=client_env(d.address), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        time.sleep(0.4)
        d.bus_proc.kill()
        status, out, err = finish(p, 120)
        row.got = "exit %s, %d bytes of text, stderr: %s" % (status, len(out),
                                                             err.decode(errors="replace").strip()[:80])
        row.ok = status == 0 and len(out) > 20
    return row


def probe_log_reader_gone(livetext):
    row = Row("the daemon's stderr reader goes away", "daemon keeps serving")
    r, w = os.pipe()
    with db.PrivateDaemon(livetext, os.path.join(OUT, "unused.log"), stderr_fd=w) as d:
        os.close(r)
        c = db.Client(d.address)
        error_of(lambda: c.analyze_file("/nonexistent.png", db.options(["codes"])))
        time.sleep(0.3)
        name, _, _ = error_of(lambda: c.root.Detect("call +1 415-555-0123", db.options(), dbus_interface=db.ANALYZER,
                                                    timeout=10))
        row.got = "after the reader closed: %s; daemon %s" % (name, "alive" if d.alive() else
                                                              "DIED (%s)" % d.proc.poll())
        row.ok = name == "ok" and d.alive()
        c.close()
    return row


def probe_x_restart(livetext, log_dir):
    row = Row("the X server goes away and comes back on the same display", "the next capture works, no crash")
    if subprocess.run(["which", "Xvfb"], capture_output=True).returncode != 0:
        row.got, row.ok = "skipped (no Xvfb)", True
        return row
    display = ":%d" % (90 + os.getpid() % 500)

    def xvfb():
        x = subprocess.Popen(["Xvfb", display, "-screen", "0", "640x480x24", "-nolisten", "tcp"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        settle(lambda: os.path.exists("/tmp/.X11-unix/X" + display[1:]), 10)
        time.sleep(0.3)
        return x
    x = xvfb()
    try:
        with db.PrivateDaemon(livetext, os.path.join(log_dir, "x-restart.log"), extra_env={"DISPLAY": display}) as d:
            c = db.Client(d.address)
            first = wait_state(c, c.root.CaptureScreen(db.options(["codes"]), dbus_interface=db.ANALYZER), 60)
            # The count once the hotkeys hold their own connection (grabbed after the engines warm up).
            settle(lambda: any("hotkeys:" in line for line in d.log_lines()), 20)
            time.sleep(0.5)
            fds = d.open_fds()
            x.kill()
            x.wait()
            time.sleep(0.5)
            during = error_of(lambda: c.root.CaptureScreen(db.options(["codes"]), dbus_interface=db.ANALYZER))
            during = during[0] if during[2] is None else wait_state(c, during[2], 60)
            x = xvfb()
            name, _, path = error_of(lambda: c.root.CaptureScreen(db.options(["codes"]), dbus_interface=db.ANALYZER))
            after = wait_state(c, path, 60) if path is not None else name
            row.got = "before %s, without X %s, after %s; fds %s -> %s; daemon %s" % (
                first, during.replace(ERR, ""), after.replace(ERR, ""), fds, d.open_fds(),
                "alive" if d.alive() else "DIED")
            row.ok = first == "finished" and after == "finished" and d.alive() and d.open_fds() <= fds + 1
    finally:
        x.kill()
        x.wait()
    return row


# ---- main --------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--only", help="comma-separated probe kinds or names: bus,flood,cli,fault")
    parser.add_argument("--flood-seconds", type=int, default=20)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--flood-nice", type=int, default=0,
                        help="run the flooding processes at this niceness, so that what their own CPU use "
                             "(decoding megabytes of replies) costs the machine is told from the daemon's latency")
    args = parser.parse_args()
    livetext = os.path.abspath(args.livetext)
    only = set(args.only.split(",")) if args.only else {"bus", "flood", "cli", "fault"}
    os.makedirs(OUT, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="livetext-abuse-")
    rows = []
    db.sigterm_as_interrupt()
    with db.PrivateDaemon(livetext, os.path.join(OUT, "daemon.log")) as d:
        c = db.Client(d.address)
        c.call(c.analyze_file(QR, db.options(["codes"])), "Wait")  # warm
        before = (d.status_kib(), d.open_fds(), d.threads())
        alive_throughout = True
        if "bus" in only:
            for probe in (probe_wrong_types, probe_truncated_memfd,
                          lambda d, c: probe_never_closing_pipe(d, c, "Cancel"),
                          lambda d, c: probe_never_closing_pipe(d, c, "caller leaves"),
                          probe_odd_fds, probe_dev_zero_six, lambda d, c: probe_special_paths(d, c, tmp),
                          probe_echo, probe_big_setting, probe_other_client, probe_log_injection,
                          lambda d, c: probe_trailing_png(d, c, tmp), probe_one_process_many_connections):
                rows.append(run_probe(probe, d, c))
                if not d.alive():  # the row says so; the next probes get a daemon again
                    rows[-1].ok = False
                    rows[-1].got += "; DAEMON DIED (%s), restarted" % d.proc.poll()
                    alive_throughout = False
                    d.stop()
                    d.start()
                    c = db.Client(d.address)
        if "flood" in only:
            rows.append(run_probe(lambda d, c: probe_flood(d, c, args.connections, args.flood_seconds), d, c))
            if args.flood_nice:
                rows.append(run_probe(lambda d, c: probe_flood(d, c, args.connections, args.flood_seconds,
                                                               args.flood_nice), d, c))
        settle(lambda: False, 3)
        after = (d.status_kib(), d.open_fds(), d.threads())
        alive = d.alive() and alive_throughout
    if "cli" in only:
        for probe in (probe_cli_outputs, lambda lt: probe_cli_inputs(lt, tmp), lambda lt: probe_cli_escapes(lt, tmp)):
            rows.append(run_probe(probe, livetext))
    if "fault" in only:
        for probe in (lambda lt: probe_stopped_daemon(lt, OUT), lambda lt: probe_bus_killed(lt, OUT),
                      probe_log_reader_gone, lambda lt: probe_x_restart(lt, OUT)):
            rows.append(run_probe(probe, livetext))
    print_table(rows)
    print()
    print("daemon before the probes: RSS %.1f MiB, %d fds, %d threads" % (before[0] / 1024, before[1], before[2]))
    print("daemon after them:        RSS %.1f MiB, %d fds, %d threads%s" % (
        (after[0] or 0) / 1024, after[1] or 0, after[2] or 0, "" if alive else " (DIED)"))
    failed = [r for r in rows if not r.ok]
    print("%d passed, %d failed" % (len(rows) - len(failed), len(failed)))
    return 1 if failed or not alive else 0


def run_probe(probe, *args):
    try:
        return probe(*args)
    except Exception as e:  # a probe that breaks is a failed row, not a failed run
        row = Row(getattr(probe, "__name__", "probe"), "no exception")
        row.got = "%s: %s" % (type(e).__name__, str(e)[:200])
        return row


def print_table(rows):
    print("| probe | expected | got | |")
    print("|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %s | %s |" % (r.name, r.expected, r.got.replace("|", "/"), "ok" if r.ok else "**FAIL**"))
        sys.stdout.flush()


if __name__ == "__main__":
    db.run_main(main, "abuse")
