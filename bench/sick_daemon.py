#!/usr/bin/python3
"""`livetext analyze` under a sick daemon: what the CLI does, how long it takes, what it says.

Each probe runs the CLI against a fresh private bus and daemon (bench/daemon_bus.py) and prints a
row: probe, exit code, seconds, seconds until the first stderr line (when the CLI gave up on the
daemon), whether stdout is the right result, and stderr. The probes: no session bus; a bus address
nobody listens on; a bus without the daemon; a healthy daemon; --local; the daemon stopped
(SIGSTOP) before the call; stopped 1.5 s into the analysis of a dense screen; the bus stopped; the
bus killed 1.5 s into the analysis. A probe that runs past --cap seconds is killed and shown so.

    bench/sick_daemon.py [--livetext .build/debug/livetext] [--cap 90]
"""
import argparse
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemon_bus import PrivateDaemon  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QR = os.path.join(ROOT, "Tests/AdapterTests/Fixtures/qr-url.png")
QR_TEXT = "https://example.org/livetext?q=1\n"
DENSE = os.path.join(ROOT, "Tests/Fixtures/screens/xterm-tiled-dejavu-12px.png")


def run_cli(livetext, args, address, cap, during=None):
    """Runs livetext; `during(process)` is called 1.5 s after the start.
    Returns (exit, seconds, out, err, seconds until the first stderr line or None)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LIVETEXT_LOCAL", "DBUS_SESSION_BUS_ADDRESS")}
    env["OMP_THREAD_LIMIT"] = "1"
    if address is not None:
        env["DBUS_SESSION_BUS_ADDRESS"] = address
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        process = subprocess.Popen([livetext] + args, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                   stderr=subprocess.PIPE)
        said = []  # (seconds, line) as stderr lines arrive: when the CLI gave up on the daemon

        def read_stderr():
            for line in process.stderr:
                said.append((time.monotonic() - start, line.decode(errors="replace")))
        reader = threading.Thread(target=read_stderr)
        reader.start()
        if during:
            time.sleep(1.5)
            during(process)
        try:
            process.wait(cap)
            code = process.returncode
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            code = "killed at cap"
        seconds = time.monotonic() - start
        reader.join()
        out.seek(0)
        first = said[0][0] if said else None
        return code, seconds, out.read().decode(errors="replace"), "".join(line for _, line in said), first


@contextlib.contextmanager
def stopped(pid, now=True):
    """The process `pid` stopped (now, or later by the probe), and continued at the end whatever happens."""
    if now:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build/debug/livetext"))
    parser.add_argument("--cap", type=float, default=90)
    args = parser.parse_args()
    livetext = os.path.abspath(args.livetext)
    log_dir = tempfile.mkdtemp(prefix="livetext-sick-")
    expected_dense = run_cli(livetext, ["analyze", "--local", DENSE], None, args.cap)[2]
    rows = []

    def probe(name, cli_args, address, expected, during=None):
        code, seconds, out, err, said_at = run_cli(livetext, cli_args, address, args.cap, during)
        rows.append((name, code, seconds, said_at, "yes" if out == expected else "no",
                     err.strip().replace("\n", " | ")[:150]))

    probe("no session bus", ["analyze", QR], None, QR_TEXT)
    probe("bus address nobody listens on", ["analyze", QR], "unix:path=/nonexistent/bus", QR_TEXT)
    with PrivateDaemon(livetext, os.path.join(log_dir, "gone.log")) as d:
        d.proc.send_signal(signal.SIGTERM)
        d.proc.wait(10)
        probe("bus without a daemon", ["analyze", QR], d.address, QR_TEXT)
    with PrivateDaemon(livetext, os.path.join(log_dir, "healthy.log")) as d:
        probe("healthy daemon", ["analyze", QR], d.address, QR_TEXT)
        probe("--local", ["analyze", "--local", QR], d.address, QR_TEXT)
    with PrivateDaemon(livetext, os.path.join(log_dir, "stopped.log")) as d, stopped(d.proc.pid):
        probe("daemon stopped before the call", ["analyze", QR], d.address, QR_TEXT)
    with PrivateDaemon(livetext, os.path.join(log_dir, "midway.log")) as d, stopped(d.proc.pid, now=False):
        probe("daemon stopped mid-analysis", ["analyze", DENSE], d.address, expected_dense,
              during=lambda _: os.kill(d.proc.pid, signal.SIGSTOP))
    with PrivateDaemon(livetext, os.path.join(log_dir, "busstop.log")) as d, stopped(d.bus_proc.pid):
        probe("bus stopped before the call", ["analyze", QR], d.address, QR_TEXT)
    with PrivateDaemon(livetext, os.path.join(log_dir, "buskill.log")) as d:
        probe("bus killed mid-analysis", ["analyze", DENSE], d.address, expected_dense,
              during=lambda _: d.bus_proc.kill())

    # "said at": seconds from the start to the first stderr line (the fallback note, or the error).
    print("%-32s %-14s %8s %8s %-7s %s" % ("probe", "exit", "seconds", "said at", "stdout", "stderr"))
    for name, code, seconds, said_at, right, err in rows:
        said = "-" if said_at is None else "%.1f" % said_at
        print("%-32s %-14s %8.1f %8s %-7s %s" % (name, code, seconds, said, right, err))


if __name__ == "__main__":
    main()
