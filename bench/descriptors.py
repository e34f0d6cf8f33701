#!/usr/bin/python3
"""Descriptors a client hands the livetext daemon, measured: what they cost it and whether it survives.

    /usr/bin/python3 bench/descriptors.py [--livetext PATH] [--pipes 20] [--zeros 6]

Starts a private bus and `livetext daemon` (bench/daemon_bus.py), then, one after the other:
  zeros       --zeros AnalyzeImageFd calls at once with an fd of /dev/zero, then as many with a pipe
              a writer fills with zeros and never closes, then as many whose zeros follow a PNG
              signature: the daemon's VmRSS and VmHWM before and after each (the daemon reads each
              to its byte cap at most, or refuses it at once).
  pipes       --pipes AnalyzeImageFd calls with a pipe whose writer never writes nor closes, then
              Cancel() on each: threads and fds before, while they wait, and after the cancels.
  departing   the same with a connection that leaves the bus instead of cancelling.
  truncating  AnalyzePixels of a 4000x4000 RGBA memfd that a thread of this script truncates and
              grows back while the daemon reads it: is the daemon alive after 20 calls?
  get         the latency of a property Get while all of the above's pipes wait.
Prints one line per probe; exit 0 when it ran, 1 when the script itself failed.
"""
import argparse
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402
import dbus  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "descriptors")


def analyze_fd(client, fd, timeout=60):
    return client.root.AnalyzeImageFd(dbus.types.UnixFd(fd), db.options(["codes"]),
                                      dbus_interface=db.ANALYZER, timeout=timeout)


def wait_state(client, path, timeout=120):
    try:
        client.call(path, "Wait", timeout=timeout)
        return "finished"
    except dbus.exceptions.DBusException as e:
        return db.error_name(e).replace(db.ERROR_PREFIX, "")


def mib(kib):
    return "%.0f MiB" % (kib / 1024.0) if kib is not None else "gone"


def get_latency(d):
    """Milliseconds a property Get takes; infinity when it gets no reply (30 s)."""
    started = time.monotonic()
    try:
        d.version()
    except dbus.exceptions.DBusException:
        return float("inf")
    return (time.monotonic() - started) * 1000


def probe_zeros(d, count):
    client = db.Client(d.address)
    for kind in ("/dev/zero", "zero pipe", "PNG start, then zeros"):
        before, hwm_before = d.status_kib(), d.status_kib("VmHWM")
        paths, writers = [], []
        for _ in range(count):
            if kind == "/dev/zero":
                fd = os.open("/dev/zero", os.O_RDONLY)
            else:
                fd, w = os.pipe()
                stop = threading.Event()

                def fill(w=w, stop=stop, start=kind.startswith("PNG")):
                    block = bytes(1 << 16)
                    try:
                        if start:
                            os.write(w, b"\x89PNG\r\n\x1a\n")
                        while not stop.is_set():
                            os.write(w, block)
                    except OSError:
                        pass
                t = threading.Thread(target=fill, daemon=True)
                t.start()
                writers.append((w, stop, t))
            paths.append(analyze_fd(client, fd))
            os.close(fd)
        started = time.monotonic()
        states = [wait_state(client, p) for p in paths]
        elapsed = time.monotonic() - started
        for w, stop, t in writers:
            stop.set()
            os.close(w)
        for p in paths:
            client.call(p, "Release")
        after, hwm_after = d.status_kib(), d.status_kib("VmHWM")
        print("zeros      %s x%d: %s in %.1f s; VmRSS %s -> %s, VmHWM %s -> %s"
              % (kind, count, ",".join(sorted(set(states))), elapsed, mib(before), mib(after),
                 mib(hwm_before), mib(hwm_after)))
    client.close()


def hold_pipes(client, count):
    """count AnalyzeImageFd calls on pipes nobody writes; the write ends, kept open."""
    paths, keep = [], []
    for _ in range(count):
        r, w = os.pipe()
        paths.append(analyze_fd(client, r))
        os.close(r)
        keep.append(w)
    return paths, keep


def probe_pipes(d, count):
    client = db.Client(d.address)
    threads0, fds0 = d.threads(), d.open_fds()
    paths, keep = hold_pipes(client, count)
    time.sleep(1.0)
    threads1, fds1 = d.threads(), d.open_fds()
    latency = []
    for _ in range(50):
        latency.append(get_latency(d))
        if latency[-1] == float("inf"):
            break  # answering nobody: one is enough
    latency.sort()
    states = set()
    for p in paths:
        try:
            client.call(p, "Cancel", timeout=10)
            states.add(wait_state(client, p, timeout=10))
        except dbus.exceptions.DBusException as e:
            states.add(db.error_name(e).replace("org.freedesktop.DBus.Error.", ""))
            break
    time.sleep(1.0)
    threads2, fds2 = d.threads(), d.open_fds()
    for w in keep:
        os.close(w)
    client.close()
    print("pipes      %d never-written pipes: threads %s -> %s -> %s after Cancel, fds %s -> %s -> %s; "
          "states after Cancel: %s; Get while they wait: p50 %.1f ms, max %.1f ms"
          % (count, threads0, threads1, threads2, fds0, fds1, fds2, ",".join(sorted(states)),
             latency[len(latency) // 2], latency[-1]))


def probe_departing(d, count):
    threads0, fds0 = d.threads(), d.open_fds()
    client = db.Client(d.address)
    paths, keep = hold_pipes(client, count)
    time.sleep(1.0)
    threads1, fds1 = d.threads(), d.open_fds()
    client.close()
    time.sleep(2.0)
    threads2, fds2 = d.threads(), d.open_fds()
    for w in keep:
        os.close(w)
    print("departing  %d never-written pipes, then the caller leaves: threads %s -> %s -> %s, fds %s -> %s -> %s"
          % (count, threads0, threads1, threads2, fds0, fds1, fds2))


def probe_truncating(d, calls=20):
    width = height = 4000
    size = width * height * 4
    fd = os.memfd_create("livetext-truncating", os.MFD_CLOEXEC)
    os.ftruncate(fd, size)
    stop = threading.Event()

    def toggle():
        while not stop.is_set():
            os.ftruncate(fd, 0)
            os.ftruncate(fd, size)
    t = threading.Thread(target=toggle, daemon=True)
    t.start()
    client = db.Client(d.address)
    outcomes = {}
    try:
        for _ in range(calls):
            try:
                path = client.analyze_pixels(fd, width, height, width * 4, "RGBA8", db.options(["codes"]), timeout=60)
                client.call(path, "Release")
                outcome = "accepted"
            except dbus.exceptions.DBusException as e:
                outcome = db.error_name(e).replace(db.ERROR_PREFIX, "")
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            if not d.alive():
                break
    finally:
        stop.set()
        t.join()
        os.close(fd)
        client.close()
    print("truncating %d AnalyzePixels on a memfd truncated meanwhile: %s; daemon %s"
          % (calls, ", ".join("%s %d" % kv for kv in sorted(outcomes.items())),
             "alive" if d.alive() else "DEAD (exit %s)" % d.proc.poll()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "debug", "livetext"))
    parser.add_argument("--pipes", type=int, default=20)
    parser.add_argument("--zeros", type=int, default=6)
    args = parser.parse_args()
    db.sigterm_as_interrupt()
    os.makedirs(OUT, exist_ok=True)
    log = os.path.join(OUT, "daemon.log")
    config = "[limits]\nmax_analyses_per_caller = %d\n" % max(16, args.pipes, args.zeros)
    with db.PrivateDaemon(args.livetext, log, config=config) as d:
        print("daemon     idle: VmRSS %s, threads %s, fds %s" % (mib(d.status_kib()), d.threads(), d.open_fds()))
        probe_zeros(d, args.zeros)
        probe_pipes(d, args.pipes)
        probe_departing(d, args.pipes)
        probe_truncating(d)
        if d.alive():
            print("daemon     after: VmRSS %s, threads %s, fds %s" % (mib(d.status_kib()), d.threads(), d.open_fds()))
    return 0


if __name__ == "__main__":
    db.run_main(main, "descriptors")
