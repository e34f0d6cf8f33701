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
          daemon's log reader gone, an X server that goes away and comes back;
  hostile issue 25's rows, each against a daemon of its own (its log bench/out/abuse/NAME.log):
          a simulated Flatpak caller (unshare + chroot, /.flatpak-info) that sends copy and leaves,
          copies through PerformAction, reads the consent prompt (dunst on Xvfb, busctl monitor);
          QR payloads that wrap file:, smb:, steam:, '-o…' targets, run through a recording
          LIVETEXT_OPENER; display 'localhost:7' against a listener on 127.0.0.1:6007; GIF, JPEG and
          PNG bombs made here (RSS and CPU of the daemon and its children from /proc); a CLIPBOARD
          owner that drips image/png by INCR; a process that leaves the bus holding 80 pipes; a
          settings file with a 30,000-part key; notifications of payloads holding NUL and U+202E.
          Their names, for --only: gate-leave, perform-copy, prompt, notify-text, opener,
          display-tcp, gif-bomb, jpeg-scans, clipboard-drip, leaving-pipes, deep-toml, png-memory.
          The flood runs a second time with issue 25's inputs among its calls (flood-hostile).
Then the daemon's VmRSS, open fds and threads before the probes and after them (after a settle).
Exit 0 when every row is ok, 1 otherwise. The daemon's log: bench/out/abuse/daemon.log.
Needs: python3-dbus (Debian's /usr/bin/python3); qrencode, Xvfb, xclip, dunst, busctl, ImageMagick's
display, python3-xlib (scripts/setup-debian --bench) for some probes (skipped without); root for the
sandboxed ones (skipped otherwise). Images and settings are made at probe time (bench/hostile_inputs.py),
the desktop around the daemon by bench/hostile_desktop.py.
"""
import argparse
import contextlib
import json
import multiprocessing
import os
import pty
import re
import select
import shutil
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
import hostile_desktop as hd  # noqa: E402
import hostile_inputs as hi  # noqa: E402
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

def flood_worker(index, address, seconds, results, niceness=0, bombs=None):
    """One hostile process: the worst calls in turn, for `seconds`; counts what it got. With
    `bombs` (flood_bombs()), issue 25's inputs too, every other call."""
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
        kind = (index + step) % (10 if bombs else 5)
        step += 1
        try:
            if kind >= 5:
                flood_hostile_call(client, address, kind - 5, bombs, held, count)
            elif kind == 0:
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
            name = e.get_dbus_name().split(".")[-1]
            count(name if name == "InvalidArgs" and kind == 4 else "%s: %s" % (
                ("Detect", "pipe", "/dev/zero", "garbage", "AnalyzeFile(i)", "")[min(kind, 5)], name))
        if len(held) > 32:
            for w in held:
                os.close(w)
            held = []
    results.put(counts)


def flood_bombs():
    """Issue 25's inputs for the flood: the bombs of rows 6, 7 and 11 as bytes."""
    return {"gif": hi.gif_bomb(1, 46000, 46000), "jpeg": hi.progressive_jpeg_bomb(2000),
            "png": hi.flat_png(10000, 10000)}


def flood_hostile_call(client, address, kind, bombs, held, count):
    """One of issue 25's hostile calls: a bomb sent and released (0-2), a clipboard read of the
    dripping owner released after it began (3), a pipe sent from a connection that then leaves (4).
    Errors are counted under the call's name."""
    label = ("gif bomb", "jpeg bomb", "png bomb", "clipboard read", "left with a pipe")[kind]
    leaver = None
    try:
        if kind <= 2:
            path = client.root.AnalyzeImage(dbus.ByteArray(bombs[("gif", "jpeg", "png")[kind]]), db.options(["codes"]),
                                            dbus_interface=db.ANALYZER, timeout=30)
            client.call(path, "Release", timeout=30)
        elif kind == 3:
            path = client.root.AnalyzeClipboard(db.options(["codes"]), dbus_interface=db.ANALYZER, timeout=30)
            time.sleep(0.2)
            client.call(path, "Release", timeout=30)
        else:
            leaver = db.Client(address)
            r, w = os.pipe()
            held.append(w)
            try:
                leaver.root.AnalyzeImageFd(dbus.types.UnixFd(r), db.options(["codes"]), dbus_interface=db.ANALYZER,
                                           timeout=30)
            finally:
                os.close(r)
        count(label)
    except dbus.exceptions.DBusException as e:
        count("%s: %s" % (label, e.get_dbus_name().split(".")[-1]))
    finally:
        if leaver is not None:
            leaver.close()


def probe_flood(d, c, connections, seconds, niceness=0, bombs=None, label=""):
    row = Row("flood%s: %d processes%s x %d s of hostile calls, Get(Version) every 20 ms"
              % (label, connections, " at nice %d" % niceness if niceness else "", seconds),
              "Get p99 < 50 ms, no NoReply, daemon alive")
    results = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=flood_worker, args=(i, d.address, seconds, results, niceness, bombs))
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


def probe_flood_hostile(livetext, tmp, connections, seconds, niceness=0, limit_gib=6):
    """The flood with issue 25's inputs too, on a daemon with a display whose clipboard owner
    drips; the daemon is killed (and the row fails) if it grows by `limit_gib`."""
    bombs = flood_bombs()
    with desktop_daemon(livetext, tmp, "flood-hostile.log", dunst=False) as (desk, d):
        owner = hd.DripOwner(desk) if hd.DripOwner.available() else None
        if owner:
            owner.start()
        tree = hd.Tree(d.pid)
        stop, killed = threading.Event(), []

        def guard():
            while not stop.is_set() and d.alive():
                if (tree.sample() - tree.base_kib) / 1048576 > limit_gib:
                    killed.append(tree.growth_mib)
                    os.kill(d.pid, signal.SIGKILL)
                time.sleep(0.1)
        watcher = threading.Thread(target=guard, daemon=True)
        watcher.start()
        try:
            row = probe_flood(d, db.Client(d.address), connections, seconds, niceness, bombs,
                              " under issue 25's inputs (bombs, dripping clipboard reads, leaving with pipes)")
        finally:
            stop.set()
            watcher.join()
            if owner:
                owner.stop()
        row.got += "; RSS peak +%.0f MiB%s%s" % (tree.growth_mib, "; KILLED past +%d GiB" % limit_gib if killed else "",
                                                "" if owner else "; no dripping owner (no python3-xlib)")
        row.ok = row.ok and not killed
        kill_daemon(d)
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


# ---- issue 25: hostile callers, round 2 --------------------------------------------------------
# Each probe starts what it needs (a daemon of its own, Xvfb, dunst, a sandbox) and stops it; the
# bombs are made here, at probe time. Rows 1, 2, 4 and the notifications share one desktop daemon.

KNOWN_CLIP = "the user's own clipboard"
QR_PAYLOAD = "https://example.org/livetext?q=1"
SANDBOX_NEEDS = "skipped: needs root (unshare, chroot)"


def skipped(row, why):
    row.got, row.ok = why, True
    return row


def kill_daemon(d):
    """Ends a daemon still busy with a bomb at once (SIGKILL), then its bus."""
    if d.alive():
        os.kill(d.pid, signal.SIGKILL)
    d.stop()


@contextlib.contextmanager
def desktop_daemon(livetext, tmp, log_name, extra_env=None, dunst=True):
    """Xvfb, a daemon on it (its log bench/out/abuse/LOG_NAME) and dunst on the daemon's bus."""
    with hd.Desktop(tmp) as desk:
        env = {"DISPLAY": desk.display}
        env.update(extra_env or {})
        with db.PrivateDaemon(livetext, os.path.join(OUT, log_name), extra_env=env) as d:
            if dunst:
                desk.start_dunst(d.address)
            yield desk, d


def copy_into(tmp, name, source=QR, mode=0o644):
    path = os.path.join(tmp, name)
    shutil.copyfile(source, path)
    os.chmod(path, mode)
    return path


def answer_prompts(desk, label, seconds):
    """Answers every prompt dunst shows within `seconds` with `label`; how many it answered."""
    answered, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        if desk.displayed():
            answered += desk.choose(label)
            time.sleep(0.2)
        else:
            time.sleep(0.1)
    return answered


# Each request on a connection of its own, closed as soon as the message is out: no reply read.
SEND_AND_LEAVE = """
import dbus, dbus.lowlevel, sys
address, secret, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
copy = dbus.Dictionary({"copy": True, "types": dbus.Array(["codes"], signature="s")}, signature="sv")
calls = [("Analyze", "sa{sv}", (secret, copy)), ("AnalyzeFile", "sa{sv}", (secret, copy)),
         ("CaptureScreen", "a{sv}", (copy,))]
for method, signature, arguments in calls * rounds:
    connection = dbus.bus.BusConnection(address)
    call = dbus.lowlevel.MethodCallMessage("org.livetext", "/org/livetext", "org.livetext.Analyzer1", method)
    call.append(*arguments, signature=signature)
    connection.send_message(call)
    connection.flush()
    connection.close()
print("sent", flush=True)
"""


def probe_gate_leave(desk, d, tmp, rounds=11):
    row = Row("#1 sandboxed Analyze, AnalyzeFile (a root-only file), CaptureScreen with copy; the caller leaves at "
              "once, x%d each" % rounds,
              "nothing read or copied for a caller that left (a prompt answered Allow Once changes nothing): "
              "clipboard unchanged")
    if not hd.can_sandbox():
        return skipped(row, SANDBOX_NEEDS)
    secret = copy_into(tempfile.mkdtemp(prefix="gate-", dir=tmp), "secret.png", mode=0o600)
    desk.paint_root(QR)  # a capture has a payload to copy too
    desk.close_all()
    desk.set_clipboard(KNOWN_CLIP)
    before = len(d.log_lines())
    status, out, err = hd.sandboxed(SEND_AND_LEAVE, [d.address, secret, rounds], tmp, timeout=60,
                                    app_id="org.example.Leaver")
    answered = answer_prompts(desk, "Allow Once", 4)
    time.sleep(1)
    clip = desk.clipboard()
    started = sum(1 for line in d.log_lines()[before:] if re.search(r"analysis \d+ for", line))
    row.got = "%d requests sent (%s); %d prompts answered Allow Once; %d analyses started; clipboard %s" % (
        3 * rounds, "ok" if status == 0 else "sandbox: %s %s" % (status, err.strip()[-120:]), answered, started,
        "unchanged" if clip == KNOWN_CLIP else "NOW %r" % (clip or "")[:60])
    row.ok = status == 0 and clip == KNOWN_CLIP and d.alive()
    desk.close_all()
    return row


PERFORM = """
import dbus, sys
bus = dbus.bus.BusConnection(sys.argv[1])
analyzer = dbus.Interface(bus.get_object("org.livetext", "/org/livetext"), "org.livetext.Analyzer1")
png = dbus.Array(bytearray(open(sys.argv[2], "rb").read()), signature="y")
path = analyzer.AnalyzeImage(png, {"types": dbus.Array(["codes", "detectors"], signature="s")}, timeout=60)
analysis = dbus.Interface(bus.get_object("org.livetext", path), "org.livetext.Analysis1")
analysis.Wait(timeout=60)
for action in sys.argv[3:]:
    try:
        analysis.PerformAction(action, timeout=60)
        print(action, "done", flush=True)
    except dbus.DBusException as error:
        print(action, error.get_dbus_name(), flush=True)
"""


def probe_perform_copy(desk, d, tmp):
    row = Row("#2 sandboxed: AnalyzeImage of its own QR, then PerformAction('copy-code-0')",
              "asked as Copy is (AccessDenied when the prompt is closed unanswered), clipboard unchanged")
    if not hd.can_sandbox():
        return skipped(row, SANDBOX_NEEDS)
    image = copy_into(tempfile.mkdtemp(prefix="perform-", dir=tmp), "own.png")
    desk.close_all()
    desk.set_clipboard(KNOWN_CLIP)
    process = hd.sandboxed(PERFORM, [d.address, image, "copy-code-0"], tmp, background=True, app_id="org.example.Actor")
    prompts = 0
    end = time.monotonic() + 20
    while process.poll() is None and time.monotonic() < end:
        if desk.displayed():
            prompts += 1
            desk.close_all()
        time.sleep(0.1)
    status, out, err = hd.finish(process, 30)
    time.sleep(0.5)
    clip = desk.clipboard()
    answer = out.strip().split("\n")[-1] if out.strip() else "no answer: %s" % err.strip()[-150:]
    row.got = "%s; %d prompts (closed unanswered); clipboard %s" % (
        answer.replace(ERR, ""), prompts, "unchanged" if clip == KNOWN_CLIP else "NOW %r" % (clip or "")[:60])
    row.ok = answer == "copy-code-0 " + ERR + "AccessDenied" and clip == KNOWN_CLIP
    desk.close_all()
    return row


# QR payloads that wrap a target the opener must not get, and one it must (the control).
OPENER_PAYLOADS = [
    b"URLTO:file://localhost/etc/passwd",
    b"URLTO:steam://run/1",
    b"URLTO:--help://x",
    b"MEBKM:TITLE:Share;URL:smb://attacker.example/share;;",
    b"MEBKM:TITLE:x;URL:--help://x;;",
    b"MATMSG:TO:victim@example.org?attach=/root/.ssh/id_rsa;SUB:hello;BODY:see attached;;",
    b"MATMSG:TO:-oproxycommand=x@example.org;SUB:a;;",
    b"SMTP:victim@example.org?attach=/root/.ssh/id_rsa:hello:see attached",
    b"mailto:victim@example.org?subject=hi&attach=/root/.ssh/id_rsa&body=x",
    b"BEGIN:VCARD\nVERSION:3.0\nN:Doe\nURL:steam://run/1\nEND:VCARD",
    b"file://localhost/etc/passwd",
    b"smb://attacker.example/share",
    b"steam://run/1",
    b"-oproxycommand=touch /tmp/livetext-pwned",
    b"--help://x",
    b"https://example.org/control",
]
OPEN_SCHEMES = {"http", "https", "mailto", "tel", "sms", "geo"}
MAIL_FIELDS = {"subject", "body", "cc", "bcc"}


def refused_target(target):
    """Why an opener target is outside issue 25's allow-list, or None when it is in it."""
    if target.startswith("-"):
        return "starts with '-'"
    scheme = target.split(":", 1)[0].lower() if ":" in target else ""
    if scheme not in OPEN_SCHEMES:
        return "scheme %r" % scheme
    if scheme == "mailto":
        query = target.split("?", 1)[1] if "?" in target else ""
        fields = {part.split("=", 1)[0].lower() for part in query.replace(";", "&").split("&") if part}
        if fields - MAIL_FIELDS:
            return "mailto field %s" % ",".join(sorted(fields - MAIL_FIELDS))
    return None


def probe_opener(livetext, tmp):
    row = Row("#3 QR payloads URLTO:, MEBKM:, MATMSG:, SMTP:, vCard wrapping file:, smb:, steam:, --help://x; "
              "mailto:?attach=, -o..., --help://x; their actions performed with a recording opener",
              "open/mail targets only http(s), mailto (subject, body, cc, bcc), tel, sms, geo; the opener never gets "
              "an argument starting with '-' (but '--'); https still opened")
    if not hd.which("qrencode"):
        return skipped(row, "skipped: no qrencode")
    work = tempfile.mkdtemp(prefix="opener-", dir=tmp)
    record = os.path.join(work, "opened.jsonl")
    recorder = os.path.join(work, "opener.py")
    with open(recorder, "w") as f:
        f.write("import json, sys\nopen(%r, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n" % record)
    offered, performed, problems = 0, 0, []
    with db.PrivateDaemon(livetext, os.path.join(OUT, "opener.log"),
                          extra_env={"DISPLAY": "", "LIVETEXT_OPENER": "/usr/bin/python3 " + recorder}) as d:
        c = db.Client(d.address)
        for n, payload in enumerate(OPENER_PAYLOADS):
            png = hi.qr_png(payload, os.path.join(work, "qr-%d.png" % n))
            with open(png, "rb") as f:
                path = c.root.AnalyzeImage(dbus.ByteArray(f.read()), db.options(["codes", "detectors"]),
                                           dbus_interface=db.ANALYZER, timeout=30)
            state = wait_state(c, path, 30)
            actions = json.loads(str(c.get(path, "Json"))).get("actions", []) if state == "finished" else []
            for action in actions:
                target = str(action.get("target", ""))
                if action.get("kind") in ("open", "mail") and target:
                    offered += 1
                    why = refused_target(target)
                    if why:
                        problems.append("offered %s %r (%s)" % (action.get("id"), target[:50], why))
                if action.get("kind") not in ("copy", "calendar"):
                    name, _, _ = error_of(lambda: c.obj(path).PerformAction(action["id"], dbus_interface=db.ANALYSIS,
                                                                            timeout=30))
                    performed += name == "ok"
            error_of(lambda: c.call(path, "Release"))
        time.sleep(1)  # the opener runs detached
        c.close()
    runs = []
    if os.path.exists(record):
        with open(record) as f:
            runs = [json.loads(line) for line in f if line.strip()]
    for argv in runs:
        dashed = [a for a in argv if a.startswith("-") and a != "--"]
        if dashed:
            problems.append("opener got %r" % dashed[0][:50])
        elif argv and refused_target(argv[-1]):
            problems.append("opened %r (%s)" % (argv[-1][:50], refused_target(argv[-1])))
    control = any(argv and argv[-1] == "https://example.org/control" for argv in runs)
    if not control:
        problems.append("the control https://example.org/control was not opened")
    row.got = "%d open/mail actions offered, %d performed, the opener ran %d times; %s" % (
        offered, performed, len(runs), "; ".join(problems[:6]) + (" (+%d)" % (len(problems) - 6) if len(problems) > 6
                                                                  else "") if problems else "all targets allowed")
    row.ok = not problems
    return row


def probe_prompt_truth(desk, d, tmp):
    row = Row("#4 the consent prompt for a symlink holiday.png -> secret, a /./././… path ending in ../secret.png, "
              "a file named <i>x.png",
              "each prompt names the canonical path (the secret's), markup escaped in the body")
    if not hd.can_sandbox():
        return skipped(row, SANDBOX_NEEDS)
    work = tempfile.mkdtemp(prefix="prompt-", dir=tmp)
    os.makedirs(os.path.join(work, "secrets"))
    os.makedirs(os.path.join(work, "harmless"))
    secret = copy_into(os.path.join(work, "secrets"), "secret.png", mode=0o600)
    holiday = os.path.join(work, "holiday.png")
    os.symlink(secret, holiday)
    marked = copy_into(work, "<i>x.png")
    padded = work + "/." * 80 + "/harmless/../secrets/secret.png"
    results, ok = [], True
    with hd.NotifyWatch(d.address) as watch:
        for label, path, shown in (("symlink", holiday, secret), ("padded", padded, secret),
                                   ("<i>", marked, work + "/&lt;i&gt;x.png")):
            desk.close_all()
            seen = len(watch.calls)
            process = hd.sandboxed(ANALYZE_FILE, [d.address, path], tmp, background=True, app_id="org.example.Reader")
            prompted = watch.wait(seen + 1, 10)
            desk.close_all()
            status, out, err = hd.finish(process, 30)
            answer = out.strip() or err.strip()[-80:]
            if prompted:
                summary, body = watch.calls[seen]
                good = shown in body and "<i>" not in body and "/./" not in body
                results.append("%s: %s" % (label, "names %s" % shown[len(work):] if good
                                           else "body %r" % body[-120:]))
            else:  # nothing to check: the row fails (a caller not yet denied is asked)
                good = False
                results.append("%s: NO prompt, %s" % (label, answer.replace(ERR, "")))
            ok = ok and good and answer != "ok"
    row.got = "; ".join(results)
    row.ok = ok
    return row


ANALYZE_FILE = """
import dbus, sys
bus = dbus.bus.BusConnection(sys.argv[1])
analyzer = dbus.Interface(bus.get_object("org.livetext", "/org/livetext"), "org.livetext.Analyzer1")
try:
    analyzer.AnalyzeFile(sys.argv[2], {}, timeout=60)
    print("ok")
except dbus.DBusException as error:
    print(error.get_dbus_name())
"""

CAPTURE_ON = """
import dbus, sys
bus = dbus.bus.BusConnection(sys.argv[1])
analyzer = dbus.Interface(bus.get_object("org.livetext", "/org/livetext"), "org.livetext.Analyzer1")
try:
    path = analyzer.CaptureScreen({"display": sys.argv[2], "types": dbus.Array(["codes"], signature="s")}, timeout=30)
    dbus.Interface(bus.get_object("org.livetext", path), "org.livetext.Analysis1").Wait(timeout=30)
    print("finished")
except dbus.DBusException as error:
    print(error.get_dbus_name())
"""


def probe_display_tcp(livetext, tmp):
    row = Row("#5 daemon without DISPLAY; display 'localhost:7' (and 127.0.0.1:7, tcp/localhost:7) from a sandboxed "
              "and an unsandboxed caller; then a request with no display",
              "nothing connects to 127.0.0.1:6007 (no cookie sent); the next request is Unavailable (nothing stuck)")
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(("127.0.0.1", 6007))
    except OSError as e:
        listener.close()
        return skipped(row, "skipped: 127.0.0.1:6007 is taken (%s)" % e)
    listener.listen(8)
    listener.settimeout(0.2)
    heard, stop = [], threading.Event()

    def accept():
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except socket.timeout:
                continue
            conn.settimeout(1)
            try:
                heard.append(conn.recv(4096))
            except OSError:
                heard.append(b"")
            conn.close()
    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    answers = []
    try:
        with db.PrivateDaemon(livetext, os.path.join(OUT, "display-tcp.log"), extra_env={"DISPLAY": ""}) as d:
            c = db.Client(d.address)
            for display in ("localhost:7", "127.0.0.1:7", "tcp/localhost:7"):
                opts = db.options(["codes"])
                opts["display"] = display
                name, _, path = error_of(lambda: c.root.CaptureScreen(opts, dbus_interface=db.ANALYZER, timeout=30))
                answers.append("%s: %s" % (display, (name if path is None else wait_state(c, path, 30)).replace(ERR, "")))
            if hd.can_sandbox():
                _, out, err = hd.sandboxed(CAPTURE_ON, [d.address, "localhost:7"], tmp, timeout=60)
                answers.append("sandboxed: %s" % (out.strip() or err.strip()[-60:]).replace(ERR, ""))
            name, _, path = error_of(lambda: c.root.CaptureScreen(db.options(["codes"]), dbus_interface=db.ANALYZER,
                                                                  timeout=30))
            after = (name if path is None else wait_state(c, path, 30)).replace(ERR, "")
            answers.append("then no display: %s" % after)
            c.close()
            time.sleep(0.5)
    finally:
        stop.set()
        thread.join()
        listener.close()
    cookie = any(b"MIT-MAGIC-COOKIE" in h for h in heard)
    row.got = "%s; %d connections to :6007%s" % ("; ".join(answers), len(heard), " WITH A COOKIE" if cookie else "")
    row.ok = not heard and after == "Unavailable"
    return row


def bomb_probe(livetext, name, data, tmp, limit_mib=200, answer_s=2.0, watch_s=6.0):
    """Sends `data` to a fresh daemon; (what happened, ok): answered within `answer_s` with an
    error and RSS (daemon and children) up by less than `limit_mib`. A daemon still busy after
    `watch_s` (or past twice the limit) is killed."""
    with db.PrivateDaemon(livetext, os.path.join(OUT, name + ".log"), extra_env={"DISPLAY": ""}) as d:
        tree = hd.Tree(d.pid).start()
        c = db.Client(d.address)
        start = time.monotonic()
        state = None
        path = None
        try:
            path = c.root.AnalyzeImage(dbus.ByteArray(data), db.options(["codes"]), dbus_interface=db.ANALYZER,
                                       timeout=30)
        except dbus.exceptions.DBusException as e:
            state = e.get_dbus_name().replace(ERR, "")
        while state is None and time.monotonic() - start < watch_s and tree.growth_mib < 2 * limit_mib:
            current = str(error_of(lambda: c.get(path, "State", timeout=5))[2] or "")
            if current and current != "pending":
                state = current if current != "failed" else str(c.get(path, "Error")).split(":")[0].replace(ERR, "")
            time.sleep(0.05)
        took = time.monotonic() - start
        tree.stop()
        alive = d.alive()
        kill_daemon(d)
    got = "%s after %.1f s, RSS +%.0f MiB%s%s" % (state or "no answer", took, tree.growth_mib,
                                                " (stopped there)" if tree.growth_mib >= 2 * limit_mib else "",
                                                "" if alive else ", DAEMON DIED")
    # Refused, or read within the logical screen (finished at once, small): both are bounded.
    ok = alive and took <= answer_s and tree.growth_mib < limit_mib and state in ("TooLarge", "InvalidImage",
                                                                               "finished")
    return got, ok


def probe_gif_bombs(livetext, tmp):
    row = Row("#6 GIF, 16x16 screen: one frame claiming 46000x46000 (1.4 MB); 10 frames of 10000x10000",
              "TooLarge or InvalidImage (or read within the 16x16 screen) within 2 s each, RSS (daemon and "
              "children) up < 200 MiB")
    got, ok = [], True
    for label, data in (("46000²", hi.gif_bomb(1, 46000, 46000)), ("10x10000²", hi.gif_bomb(10, 10000, 10000))):
        text, good = bomb_probe(livetext, "gif-bomb", data, tmp)
        got.append("%s (%d KB): %s" % (label, len(data) >> 10, text))
        ok = ok and good
    row.got = "; ".join(got)
    row.ok = ok
    return row


def timed_qr(client, seconds=30):
    """Seconds a small QR analysis (AnalyzeImage of the fixture) takes from call to Wait, and its state."""
    with open(QR, "rb") as f:
        data = dbus.ByteArray(f.read())
    start = time.monotonic()
    name, _, path = error_of(lambda: client.root.AnalyzeImage(data, db.options(["codes"]), dbus_interface=db.ANALYZER,
                                                              timeout=seconds))
    state = name if path is None else wait_state(client, path, seconds)
    if path is not None:
        error_of(lambda: client.call(path, "Release", timeout=5))
    return time.monotonic() - start, state.replace(ERR, "")


def jpeg_bomb_round(d, attacker, other, repeats):
    """One progressive JPEG bomb against `d`: (what happened, ok)."""
    data = hi.progressive_jpeg_bomb(repeats)
    alone, _ = timed_qr(other)
    tree = hd.Tree(d.pid).start()
    start = time.monotonic()
    name, _, path = error_of(lambda: attacker.root.AnalyzeImage(dbus.ByteArray(data), db.options(["codes"]),
                                                                dbus_interface=db.ANALYZER, timeout=30))
    answered = time.monotonic() - start
    time.sleep(0.5)
    during, other_state = timed_qr(other, seconds=5)
    if path is not None:
        state = str(error_of(lambda: attacker.get(path, "State", timeout=5))[2] or "State unanswered in 5 s")
        error_of(lambda: attacker.call(path, "Cancel", timeout=10))
        after_cancel = wait_state(attacker, path, 5)
        error_of(lambda: attacker.call(path, "Release", timeout=5))
    else:
        state = after_cancel = name.replace(ERR, "")
    time.sleep(0.5)
    cpu0 = tree.cpu()
    time.sleep(2)
    burnt = tree.cpu() - cpu0
    tree.stop()
    got = ("%d scans (%d KB): the call answered in %.1f s, the analysis %s when the other QR was done, then Cancel: "
           "%s; other QR %.2f s (%s; alone %.2f s); CPU after Cancel %.2f s over 2 s") % (
        repeats + 2, len(data) >> 10, answered, state, after_cancel.replace(ERR, ""), during, other_state, alone, burnt)
    return got, other_state == "finished" and during < max(1.0, alone + 0.5) and burnt < 0.3


def probe_jpeg_scans(livetext, tmp):
    row = Row("#7 progressive JPEG 10000x10000 whose AC scan is repeated (2002 scans; 90 scans, under a scan limit "
              "of 100); meanwhile another client's QR; then Cancel",
              "refused or bounded; the other QR within 1 s (or its time alone + 0.5 s); after Cancel the daemon's "
              "and its children's CPU < 0.3 s over 2 s")
    got, ok = [], True
    with db.PrivateDaemon(livetext, os.path.join(OUT, "jpeg-bomb.log"), extra_env={"DISPLAY": ""}) as d:
        attacker, other = db.Client(d.address), db.Client(d.address)
        for repeats in (2000, 88):
            text, good = jpeg_bomb_round(d, attacker, other, repeats)
            got.append(text)
            ok = ok and good
            if not d.alive():
                break
        alive = d.alive()
        kill_daemon(d)
    row.got = "; ".join(got) + ("" if alive else "; DAEMON DIED")
    row.ok = ok and alive
    return row


def probe_clipboard_drip(livetext, tmp):
    row = Row("#8 a CLIPBOARD owner answering image/png with INCR, 1 byte / 2 s; two clients' AnalyzeClipboard; "
              "meanwhile a third client's CaptureScreen; then Cancel of the first",
              "the capture within 3 s; Cancel ends its read within 3 s (no more property reads); the read nobody "
              "cancels ends within 15 s (an overall deadline)")
    if not hd.DripOwner.available():
        return skipped(row, "skipped: no python3-xlib (scripts/setup-debian --bench)")
    with desktop_daemon(livetext, tmp, "clipboard-drip.log", dunst=False) as (desk, d):
        with hd.DripOwner(desk) as owner:
            first, second, other = db.Client(d.address), db.Client(d.address), db.Client(d.address)
            began = time.monotonic()
            name, _, path = error_of(lambda: first.root.AnalyzeClipboard(db.options(["codes"]),
                                                                         dbus_interface=db.ANALYZER, timeout=30))
            hd.wait_for(lambda: owner.readers(), 5)
            name2, _, path2 = error_of(lambda: second.root.AnalyzeClipboard(db.options(["codes"]),
                                                                            dbus_interface=db.ANALYZER, timeout=30))
            hd.wait_for(lambda: len(owner.readers()) >= 2, 5)
            readers = owner.readers()
            time.sleep(1.5)
            start = time.monotonic()
            cname, _, cpath = error_of(lambda: other.root.CaptureScreen(db.options(["codes"]),
                                                                        dbus_interface=db.ANALYZER, timeout=8))
            capture = cname if cpath is None else wait_state(other, cpath, 8)
            capture_s = time.monotonic() - start
            cancelled_at = time.monotonic()
            if path is not None:
                error_of(lambda: first.call(path, "Cancel", timeout=5))
                ended = wait_state(first, path, 3)
            else:
                ended = name.replace(ERR, "")
            ended_s = time.monotonic() - cancelled_at
            time.sleep(5)
            late = [t for t in owner.events("delete", readers[0]) if t > cancelled_at + 3] if readers else []
            if path2 is not None:
                left = max(1.0, 15 - (time.monotonic() - began))
                second_end = error_of(lambda: second.get(path2, "State", timeout=5))[2]
                if second_end == "pending":
                    second_end = wait_state(second, path2, left)
            else:
                second_end = name2.replace(ERR, "")
            second_s = time.monotonic() - began
            chunks = len(owner.events("chunk"))
        alive = d.alive()
    second_end = str(second_end).replace(ERR, "")
    row.got = ("%d transfers started; CaptureScreen %s in %.1f s; after Cancel %s in %.1f s, %d property reads later "
               "than 3 s after it; the other read %s at %.0f s (%d bytes dripped)%s") % (
        len(readers), capture.replace(ERR, ""), capture_s, ended.replace(ERR, ""), ended_s, len(late),
        second_end, second_s, chunks, "" if alive else "; DAEMON DIED")
    row.ok = (alive and capture == "finished" and capture_s < 3 and "no reply" not in ended and ended_s < 3
              and not late and second_end not in ("pending", "finished") and "no reply" not in second_end)
    return row


def leave_with_pipes(address, count, ready, done, results):
    """One process: `count` connections, each sends AnalyzeImageFd on a pipe it never closes and
    leaves the bus; the pipes stay open until `done` is set."""
    accepted, refused, held = 0, 0, []
    for _ in range(count):
        client = db.Client(address)
        r, w = os.pipe()
        held.append(w)
        name, _, _ = error_of(lambda: client.root.AnalyzeImageFd(dbus.types.UnixFd(r), db.options(["codes"]),
                                                                dbus_interface=db.ANALYZER, timeout=30))
        os.close(r)
        client.close()
        accepted += name == "ok"
        refused += name == LIMITS
    results.put((accepted, refused))
    ready.set()
    done.wait(60)
    for w in held:
        os.close(w)


def probe_leaving_pipes(livetext, tmp, count=80):
    row = Row("#9 one process: %d connections, each AnalyzeImageFd on a never-closed pipe, then leaves the bus; "
              "another process's QR" % count,
              "the other process served within 2 s (the leaver's analyses cancelled, their slots freed)")
    with db.PrivateDaemon(livetext, os.path.join(OUT, "leaving-pipes.log"), extra_env={"DISPLAY": ""}) as d:
        ready, done, results = multiprocessing.Event(), multiprocessing.Event(), multiprocessing.Queue()
        leaver = multiprocessing.Process(target=leave_with_pipes, args=(d.address, count, ready, done, results))
        leaver.start()
        try:
            ready.wait(60)
            accepted, refused = results.get(timeout=10)
            took, state = timed_qr(db.Client(d.address), seconds=10)
        finally:
            done.set()
            leaver.join(30)
        alive = d.alive()
    row.got = "the leaver: %d accepted, %d LimitsExceeded; the other: %s in %.2f s" % (accepted, refused, state, took)
    row.ok = alive and state == "finished" and took < 2
    return row


def probe_deep_toml(livetext, tmp, parts=30000):
    row = Row("#10 config.toml with one dotted key, or one table header, of %d parts" % parts,
              "config --check, the CLI and the daemon (start, SIGHUP) end or go on without a signal; a message")
    work = tempfile.mkdtemp(prefix="toml-", dir=tmp)
    got, ok = [], True
    env = cli_env()
    env["XDG_CONFIG_HOME"] = work
    os.makedirs(os.path.join(work, "livetext"))
    settings = os.path.join(work, "livetext", "config.toml")

    def signalled(status):
        return status == "timeout" or (isinstance(status, int) and (status < 0 or status >= 128))
    for header in (False, True):
        label = "header" if header else "key"
        with open(settings, "w") as f:
            f.write(hi.deep_key_toml(parts, header))
        for argv, what in (([livetext, "config", "--check", settings], "check"), ([livetext, "detect"], "detect")):
            try:
                p = subprocess.run(argv, env=env, input=b"call +1 415-555-0123", capture_output=True, timeout=30)
                status, message = p.returncode, (p.stderr or p.stdout).decode(errors="replace").strip()
            except subprocess.TimeoutExpired:
                status, message = "timeout", ""
            first = message.replace(settings, "FILE").replace(work, "DIR").splitlines()[0][:90] if message else ""
            got.append("%s %s: %s%s" % (what, label, status if not isinstance(status, int) or status >= 0
                                        else "SIGNAL %d" % -status, " (%s)" % first if first else ""))
            ok = ok and not signalled(status) and (what != "check" or (status != 0 and message))
    d = db.PrivateDaemon(livetext, os.path.join(OUT, "deep-toml.log"), config=hi.deep_key_toml(parts),
                         extra_env={"DISPLAY": ""})
    try:
        d.start(timeout=30)
        with open(os.path.join(d.tmp, "config", "livetext", "config.toml"), "w") as f:
            f.write(hi.deep_key_toml(parts, header=True))
        os.kill(d.pid, signal.SIGHUP)
        time.sleep(1.5)
        version = error_of(lambda: d.version())[0]
        got.append("daemon: started, after SIGHUP %s" % ("alive, Version %s" % version if d.alive() else
                                                        "DIED (%s)" % d.proc.poll()))
        ok = ok and d.alive() and version == "ok"
    except RuntimeError:
        code = d.proc.poll() if d.proc else None
        log = d.log_tail(3).strip()
        got.append("daemon: exited at start (%s)%s" % (code if code is None or code >= 0 else "SIGNAL %d" % -code,
                                                      ": " + log[-70:] if log else ", silently"))
        ok = ok and code is not None and 0 < code < 128 and bool(log)
    finally:
        d.stop()
    row.got = "; ".join(got)
    row.ok = ok
    return row


def probe_png_memory(livetext, tmp, count=12, size=10000):
    row = Row("#11 %d concurrent %dx%d flat PNGs (~%d KB each)" % (count, size, size, len(hi.flat_png(size, size)) >> 10),
              "peak RSS (daemon and children) up < 1.25 GiB (max_bytes_in_flight 1 GiB counts decoded pixels); "
              "LimitsExceeded for the rest")
    limit = 1280
    pngs = [hi.flat_png(size, size, (40 + 15 * n, 200 - 10 * n, 90)) for n in range(count)]
    with db.PrivateDaemon(livetext, os.path.join(OUT, "png-memory.log"), extra_env={"DISPLAY": ""}) as d:
        tree = hd.Tree(d.pid).start()
        c = db.Client(d.address)
        paths, refused = [], {}
        for data in pngs:
            name, _, path = error_of(lambda: c.root.AnalyzeImage(dbus.ByteArray(data), db.options(["codes"]),
                                                                 dbus_interface=db.ANALYZER, timeout=30))
            if path is None:
                refused[name.split(".")[-1]] = refused.get(name.split(".")[-1], 0) + 1
            else:
                paths.append(path)
        start = time.monotonic()

        def settled():
            states = [str(error_of(lambda: c.get(p, "State", timeout=5))[2]) for p in paths]
            return all(s != "pending" for s in states)
        done = False
        while time.monotonic() - start < 12 and tree.growth_mib < limit and not done:
            time.sleep(0.2)
            done = settled()
        tree.stop()
        alive = d.alive()
        kill_daemon(d)
    row.got = "%d accepted, refused %s; RSS +%.0f MiB at the peak (%s)%s" % (
        len(paths), refused or "none", tree.growth_mib,
        "stopped there" if tree.growth_mib >= limit else "all ended" if done else "12 s watched",
        "" if alive else "; DAEMON DIED")
    row.ok = alive and tree.growth_mib < limit
    return row


# What a notification must never hold as it is: NUL, and the bidi controls issue 25 names.
RAW_NEVER = "\x00\u200e\u200f" + "".join(map(chr, range(0x202A, 0x202F))) + "".join(map(chr, range(0x2066, 0x206A)))


def probe_notify_text(desk, d, tmp):
    row = Row("minor: notify for a QR holding a NUL, and one holding U+202E, U+2066, U+200F (bidi controls)",
              "both notifications shown; the NUL and the controls shown escaped, never raw")
    if not hd.which("qrencode"):
        return skipped(row, "skipped: no qrencode")
    work = tempfile.mkdtemp(prefix="notify-", dir=tmp)
    c = db.Client(d.address)
    got, ok = [], True
    with hd.NotifyWatch(d.address) as watch:
        for label, payload, halves in (("NUL", b"before\x00after", ("before", "after")),
                                       ("bidi", "abc\u202etxt\u2066.exe\u200f".encode(), ("abc", "txt", ".exe"))):
            desk.close_all()
            png = hi.qr_png(payload, os.path.join(work, label + ".png"))
            opts = db.options(["codes", "detectors"])
            opts["notify"] = True
            seen = len(watch.calls)
            with open(png, "rb") as f:
                name, _, path = error_of(lambda: c.root.AnalyzeImage(dbus.ByteArray(f.read()), opts,
                                                                     dbus_interface=db.ANALYZER, timeout=30))
            state = name if path is None else wait_state(c, path, 30)
            shown = watch.wait(seen + 1, 5)
            if shown:
                summary, body = watch.calls[-1]
                text = summary + "\n" + body
                raw = any(ch in text for ch in RAW_NEVER)
                both = all(h in text for h in halves)
                got.append("%s: shown, %s%s" % (label, "RAW in the text" if raw else "escaped",
                                                "" if both else ", but %r" % summary[:60]))
                ok = ok and not raw and both
            else:
                got.append("%s: %s, NO notification" % (label, state.replace(ERR, "")))
                ok = False
            if path is not None:
                error_of(lambda: c.call(path, "Release"))
    desk.close_all()
    c.close()
    row.got = "; ".join(got)
    row.ok = ok
    return row


HOSTILE_DESKTOP = (("gate-leave", probe_gate_leave), ("perform-copy", probe_perform_copy),
                   ("prompt", probe_prompt_truth), ("notify-text", probe_notify_text))
HOSTILE_ALONE = (("opener", probe_opener), ("display-tcp", probe_display_tcp), ("gif-bomb", probe_gif_bombs),
                 ("jpeg-scans", probe_jpeg_scans), ("clipboard-drip", probe_clipboard_drip),
                 ("leaving-pipes", probe_leaving_pipes), ("deep-toml", probe_deep_toml),
                 ("png-memory", probe_png_memory))


def run_hostile(livetext, tmp, wanted):
    """Issue 25's probes whose names are in `wanted` (every one for the kind 'hostile')."""
    rows = []
    desktop = [(n, p) for n, p in HOSTILE_DESKTOP if "hostile" in wanted or n in wanted]
    if desktop:
        with desktop_daemon(livetext, tmp, "hostile-desktop.log") as (desk, d):
            for name, probe in desktop:
                rows.append(run_probe(probe, desk, d, tmp))
                if not d.alive():
                    rows[-1].ok = False
                    rows[-1].got += "; DAEMON DIED (%s), restarted" % d.proc.poll()
                    d.stop()
                    d.start()
                    desk.stop_dunst()
                    desk.start_dunst(d.address)
    for name, probe in HOSTILE_ALONE:
        if "hostile" in wanted or name in wanted:
            rows.append(run_probe(probe, livetext, tmp))
    return rows


# ---- main --------------------------------------------------------------------------------------

def main():
    tmp = tempfile.mkdtemp(prefix="livetext-abuse-", dir="/tmp")  # the simulated sandbox sees /tmp and /usr only
    try:
        return run_all(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_all(tmp):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--only", help="comma-separated probe kinds: bus,flood,cli,fault,hostile (issue 25's); or "
                                       "names of issue 25's probes: " + ",".join(n for n, _ in HOSTILE_DESKTOP +
                                                                                HOSTILE_ALONE) + ",flood-hostile")
    parser.add_argument("--flood-seconds", type=int, default=20)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--flood-nice", type=int, default=0,
                        help="run the flooding processes at this niceness, so that what their own CPU use "
                             "(decoding megabytes of replies) costs the machine is told from the daemon's latency")
    args = parser.parse_args()
    livetext = os.path.abspath(args.livetext)
    only = set(args.only.split(",")) if args.only else {"bus", "flood", "cli", "fault", "hostile"}
    os.makedirs(OUT, exist_ok=True)
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
    rows += run_hostile(livetext, tmp, only)
    if "flood" in only or "flood-hostile" in only:
        rows.append(run_probe(probe_flood_hostile, livetext, tmp, args.connections, args.flood_seconds))
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
