#!/usr/bin/python3
"""Load on the livetext daemon: many concurrent D-Bus clients, mixed with cancels, disconnects and bad input.

    /usr/bin/python3 bench/daemon_load.py [--livetext PATH] [--clients 50] [--per-client 20] [--quick]

Starts a private dbus-daemon and `livetext daemon` on it (OMP_THREAD_LIMIT=1, a temporary
XDG_CONFIG_HOME; bench/daemon_bus.py), warms it up (4 clients, every image once), then runs
--clients processes at once, each with its own bus connection, each making --per-client requests
one after the other. A request is AnalyzeFile(abs path) (or, for about 10 %, AnalyzePixels of the
same image's RGBA pixels from a memfd), then Wait(), Get(State), Get(Text), Release(). Mixed in,
chosen with a fixed seed:
  about 10 % cancelled right after the call: Cancel(), then Wait() must answer Error.Cancelled
          (or succeed, when the analysis won the race);
  about 5 % of clients disconnect mid-analysis once: AnalyzeFile, up to 50 ms, close the connection
          without Release (the daemon must free the object), then go on with a new connection;
  about 5 % bad input: a missing file (Wait -> Error.NotFound), random bytes named .png
          (Wait -> Error.InvalidImage), a relative path (AnalyzeFile -> Error.InvalidArgs).
Anything else (another error, a wrong State, an empty Text for a text image, a timeout) is UNEXPECTED.
The images are 600x200 crops of Tests/Fixtures/screens, the QR code and two text strips of
Tests/AdapterTests/Fixtures, built into bench/out/daemon-load/images/.

Reported: wall time of the load, throughput, p50/p99 latency from the Analyze call to Wait's reply
(finished analyses only; the queue behind the daemon's engines is most of it), the Analyze* call's
own reply time (the object comes back at once, before the work), counts of each outcome, the unexpected errors, the daemon's VmRSS (idle
after start, idle after the warm-up = the baseline, peak during the load sampled every 100 ms,
VmHWM, and idle again once the clients are gone and --settle seconds have passed), its CPU time,
threads and fds, and the child nodes of /org/livetext/analysis afterwards (must be none).
"Memory back to idle": after - baseline <= max(--tolerance-pct of the baseline, --tolerance-mib),
defaults 20 % and 50 MiB (the daemon keeps warm engines and malloc keeps some freed memory).
--rounds N runs the whole load N times on the same daemon (memory that grows by the same amount each
round is held, not cached); --lifetime S writes limits.analysis_lifetime_seconds = S into the
daemon's config (default 600 s: how long the daemon may keep a finished analysis); --daemon-env
KEY=VALUE adds to its environment (e.g. MALLOC_ARENA_MAX=2).
Results also go to bench/out/daemon-load/results.json, the daemon's log to bench/out/daemon-load/daemon.log.
Exit 0 when it ran (whatever the verdicts), 1 when the script itself failed.
"""
import argparse
import multiprocessing
import os
import random
import statistics
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "daemon-load")
IMAGES = os.path.join(OUT, "images")
SCREENS = os.path.join(ROOT, "Tests", "Fixtures", "screens")
ADAPTER = os.path.join(ROOT, "Tests", "AdapterTests", "Fixtures")
DENSE = os.path.join(ROOT, "bench", "out", "speed", "dense-600x200.png")

EXPECTED_ERROR = {"missing": db.ERROR_PREFIX + "NotFound", "garbage": db.ERROR_PREFIX + "InvalidImage",
                  "relative": db.ERROR_PREFIX + "InvalidArgs"}
WAIT_TIMEOUT = 300  # seconds; a Wait() that takes longer counts as a hang


# ---- images ----------------------------------------------------------------------------------

def build_images():
    """[(path, has_text)]: 600x200 centre crops of the screens, a QR code, text strips."""
    from PIL import Image
    os.makedirs(IMAGES, exist_ok=True)
    images = []
    screens = sorted(f for f in os.listdir(SCREENS) if f.endswith(".png"))
    for name in screens:
        src = os.path.join(SCREENS, name)
        dst = os.path.join(IMAGES, "crop-" + name)
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            with Image.open(src) as im:
                w, h = im.size
                if w < 600 or h < 200:
                    continue
                x, y = (w - 600) // 2, (h - 200) // 2
                im.convert("RGB").crop((x, y, x + 600, y + 200)).save(dst)
        images.append((dst, True))
        if len(images) == 8:
            break
    if os.path.exists(DENSE):
        images.append((DENSE, True))
    images.append((os.path.join(ADAPTER, "qr-url.png"), False))
    images.append((os.path.join(ADAPTER, "text-dark-13px.png"), True))
    images.append((os.path.join(ADAPTER, "text-light-15px.png"), True))
    garbage = os.path.join(IMAGES, "garbage.png")
    if not os.path.exists(garbage):
        with open(garbage, "wb") as f:
            f.write(random.Random(7).randbytes(3000))
    return images, garbage


# ---- the plan: what every client does --------------------------------------------------------

def make_plan(clients, per_client, images, garbage, seed, cancel_share, disconnect_share, bad_share,
              pixels_share, warmup=False):
    rng = random.Random(seed)
    n_disconnect = 0 if warmup else max(1, round(clients * disconnect_share))
    disconnecting = set(rng.sample(range(clients), min(clients, n_disconnect)))
    plans = []
    for c in range(clients):
        reqs = []
        drop_at = rng.randrange(per_client) if c in disconnecting else -1
        for i in range(per_client):
            path, has_text = images[(c + i) % len(images)] if warmup else rng.choice(images)
            types = None
            r = rng.random()
            if r < 0.15:
                types = ["text"]
            elif r < 0.25:
                types = ["text", "codes", "detectors"]
            elif r < 0.30:
                types = ["codes"]
            req = {"kind": "file", "path": path, "types": types,
                   "has_text": has_text and (types is None or "text" in types), "cancel": False, "disconnect": False}
            if not warmup:
                if i == drop_at:
                    req["disconnect"] = True
                else:
                    r = rng.random()
                    if r < bad_share:
                        bad = rng.choice(["missing", "missing", "garbage", "relative"])
                        req["kind"] = bad
                        req["path"] = {"missing": os.path.join(IMAGES, "missing-%d-%d.png" % (c, i)),
                                       "garbage": garbage,
                                       "relative": os.path.join("bench", "out", os.path.basename(path))}[bad]
                    elif r < bad_share + cancel_share:
                        req["cancel"] = True
                    if req["kind"] == "file" and rng.random() < pixels_share:
                        req["kind"] = "pixels"
            reqs.append(req)
        plans.append(reqs)
    return plans


# ---- a client process ------------------------------------------------------------------------

def client_main(cid, address, reqs, ready, start, results):
    out = []
    try:
        pixels = {}
        for req in reqs:
            if req["kind"] == "pixels" and req["path"] not in pixels:
                from PIL import Image
                with Image.open(req["path"]) as im:
                    rgba = im.convert("RGBA")
                    pixels[req["path"]] = (rgba.width, rgba.height, rgba.tobytes())
        client = db.Client(address)
        ready.release()
        start.wait()
        for i, req in enumerate(reqs):
            rec = {"client": cid, "i": i, "kind": req["kind"], "cancel": req["cancel"],
                   "disconnect": req["disconnect"], "outcome": None, "latency": None, "error": None}
            out.append(rec)
            try:
                client = run_request(client, address, req, rec, pixels)
            except Exception as e:  # the request's own failure, recorded; the client goes on
                rec["outcome"] = "UNEXPECTED"
                rec["error"] = db.short_error(e)
        client.close()
    except KeyboardInterrupt:
        pass
    except Exception:
        out.append({"client": cid, "i": -1, "kind": "client", "cancel": False, "disconnect": False,
                    "outcome": "UNEXPECTED", "latency": None, "error": "client crashed: " + traceback.format_exc()[-600:]})
    finally:
        results.put(out)


def run_request(client, address, req, rec, pixels):
    """Does one request, fills rec; returns the client to go on with (a new one after a disconnect)."""
    import dbus
    opts = db.options(req["types"])
    t0 = time.perf_counter()
    try:
        if req["kind"] == "pixels":
            w, h, data = pixels[req["path"]]
            fd = db.memfd_with(data)
            try:
                path = client.analyze_pixels(fd, w, h, w * 4, "RGBA8", opts)
            finally:
                os.close(fd)
        else:
            path = client.analyze_file(req["path"], opts)
    except dbus.exceptions.DBusException as e:
        if EXPECTED_ERROR.get(req["kind"]) == e.get_dbus_name():
            rec["outcome"] = "rejected " + e.get_dbus_name().rsplit(".", 1)[1]
        else:
            rec["outcome"], rec["error"] = "UNEXPECTED", "Analyze*: " + db.short_error(e)
        return client
    rec["call"] = time.perf_counter() - t0

    if req["disconnect"]:
        time.sleep(random.random() * 0.05)
        client.close()
        rec["outcome"] = "disconnected"
        rec["object"] = str(path)
        return db.Client(address)

    if req["cancel"]:
        client.call(path, "Cancel")
    try:
        client.call(path, "Wait", timeout=WAIT_TIMEOUT)
        waited = None
    except dbus.exceptions.DBusException as e:
        waited = e
    rec["latency"] = time.perf_counter() - t0
    state = str(client.get(path, "State"))
    expected = EXPECTED_ERROR.get(req["kind"])
    if waited is None:
        if expected:
            rec["outcome"], rec["error"] = "UNEXPECTED", "Wait succeeded, %s expected (State %s)" % (expected, state)
        elif state != "finished":
            rec["outcome"], rec["error"] = "UNEXPECTED", "Wait succeeded with State %s" % state
        else:
            text = str(client.get(path, "Text"))
            if req["has_text"] and not text.strip():
                rec["outcome"], rec["error"] = "UNEXPECTED", "finished with an empty Text"
            else:
                rec["outcome"] = "finished, cancel lost the race" if req["cancel"] else "finished"
    else:
        name = waited.get_dbus_name()
        if req["cancel"] and name == db.ERROR_PREFIX + "Cancelled" and state == "cancelled":
            rec["outcome"] = "cancelled"
        elif expected == name and state == "failed":
            rec["outcome"] = "failed " + name.rsplit(".", 1)[1]
        else:
            rec["outcome"], rec["error"] = "UNEXPECTED", "Wait: %s (State %s)" % (db.short_error(waited), state)
    try:
        client.call(path, "Release")
    except dbus.exceptions.DBusException as e:
        rec["outcome"], rec["error"] = "UNEXPECTED", "Release: " + db.short_error(e)
    return client


def run_clients(address, plans, timeout):
    """Starts one process per plan, lets them go at once; (wall seconds, records)."""
    ctx = multiprocessing.get_context("spawn")
    ready = ctx.Semaphore(0)
    start = ctx.Event()
    results = ctx.Queue()
    procs = [ctx.Process(target=client_main, args=(c, address, reqs, ready, start, results), daemon=True)
             for c, reqs in enumerate(plans)]
    try:
        for p in procs:
            p.start()
        for _ in procs:
            if not ready.acquire(timeout=120):
                raise RuntimeError("the client processes did not connect within 120 s")
        t0 = time.perf_counter()
        start.set()
        records = []
        deadline = time.time() + timeout
        for _ in procs:
            left = deadline - time.time()
            try:
                records.extend(results.get(timeout=max(1, left)))
            except Exception:
                raise RuntimeError("the clients did not finish within %d s (a hang?)" % timeout)
        wall = time.perf_counter() - t0
        for p in procs:
            p.join(30)
        return wall, records
    finally:
        for p in procs:
            if p.is_alive():
                p.terminate()
                p.join(5)


# ---- measuring the daemon --------------------------------------------------------------------

class RssSampler(threading.Thread):
    def __init__(self, daemon, interval=0.1):
        super().__init__(daemon=True)
        self.d, self.interval = daemon, interval
        self.samples = []
        self.halt = threading.Event()

    def run(self):
        while not self.halt.is_set():
            kib = self.d.status_kib("VmRSS")
            if kib is not None:
                self.samples.append((time.perf_counter(), kib))
            self.halt.wait(self.interval)

    def stop(self):
        self.halt.set()
        self.join()


def idle_rss(d, seconds=2.0):
    """Median VmRSS (KiB) over `seconds` of idle."""
    vals = []
    end = time.time() + seconds
    while time.time() < end:
        v = d.status_kib("VmRSS")
        if v is not None:
            vals.append(v)
        time.sleep(0.1)
    return int(statistics.median(vals)) if vals else None


def cpu_seconds(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def mib(kib):
    return "%.1f MiB" % (kib / 1024) if kib is not None else "?"


def pct(values, q):
    if not values:
        return None
    v = sorted(values)
    k = (len(v) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def wait_no_objects(d, timeout=30):
    """Polls /org/livetext/analysis until it has no child nodes; (children, seconds waited)."""
    t0 = time.time()
    children = d.analysis_children()
    while children and time.time() - t0 < timeout:
        time.sleep(0.2)
        children = d.analysis_children()
    return children, time.time() - t0


# ---- main ------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--livetext", default=os.path.join(ROOT, ".build/release/livetext"))
    ap.add_argument("--clients", type=int, default=50, help="concurrent client processes (default 50)")
    ap.add_argument("--per-client", type=int, default=20, help="requests per client (default 20)")
    ap.add_argument("--quick", action="store_true", help="10 clients x 5 requests")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--cancel-share", type=float, default=0.10)
    ap.add_argument("--disconnect-share", type=float, default=0.05, help="share of clients that disconnect once")
    ap.add_argument("--bad-share", type=float, default=0.05)
    ap.add_argument("--pixels-share", type=float, default=0.10, help="share of good requests sent as AnalyzePixels")
    ap.add_argument("--settle", type=float, default=5.0, help="idle seconds before the after-load RSS (default 5)")
    ap.add_argument("--tolerance-pct", type=float, default=20.0)
    ap.add_argument("--tolerance-mib", type=float, default=50.0)
    ap.add_argument("--timeout", type=int, default=900, help="give up on the load after this many seconds")
    ap.add_argument("--rounds", type=int, default=1,
                    help="run the whole load this many times on the same daemon (a leak grows each round)")
    ap.add_argument("--daemon-env", action="append", default=[], metavar="KEY=VALUE",
                    help="extra environment for the daemon (e.g. MALLOC_ARENA_MAX=2), repeatable")
    ap.add_argument("--lifetime", type=int,
                    help="limits.analysis_lifetime_seconds in the daemon's config (its default: 600)")
    ap.add_argument("--verbose-daemon", action="store_true", help="run the daemon with --verbose")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    if args.quick:
        args.clients, args.per_client = 10, 5
    lt = os.path.abspath(args.livetext) if os.path.sep in args.livetext else args.livetext
    if os.path.sep in lt and not os.access(lt, os.X_OK):
        sys.exit("daemon_load.py: %s is not an executable; build it (swift build -c release) or pass --livetext" % lt)
    db.sigterm_as_interrupt()
    os.makedirs(OUT, exist_ok=True)
    images, garbage = build_images()
    log_path = os.path.join(OUT, "daemon.log")
    plans = make_plan(args.clients, args.per_client, images, garbage, args.seed, args.cancel_share,
                      args.disconnect_share, args.bad_share, args.pixels_share)
    warm = make_plan(4, len(images), images, garbage, args.seed, 0, 0, 0, 0, warmup=True)

    print("machine:   nproc %d (affinity %d), load average %s" % (os.cpu_count(), len(os.sched_getaffinity(0)),
                                                                  " ".join(open("/proc/loadavg").read().split()[:3])))
    print("livetext:  %s" % lt)
    print("load:      %d clients x %d requests (%d), %d images (%s), seed %d"
          % (args.clients, args.per_client, args.clients * args.per_client, len(images),
             db.rel(IMAGES, ROOT) + "/ and Tests fixtures", args.seed), flush=True)

    result = {"args": vars(args)}
    extra_env = dict(kv.split("=", 1) for kv in args.daemon_env)
    # The same few images again and again: without the recognition cache, so the load is real reading.
    config = "[limits]\ncached_images = 0\n"
    if args.lifetime:
        config += "analysis_lifetime_seconds = %d\n" % args.lifetime
    with db.PrivateDaemon(lt, log_path, verbose=args.verbose_daemon, extra_env=extra_env, config=config) as d:
        time.sleep(1.0)  # prewarm runs after the name is owned
        rss_start = idle_rss(d, 1.0)
        print("daemon:    pid %d, bus %s, log %s" % (d.pid, d.address.split(",")[0], db.rel(log_path, ROOT)))
        print("warm-up:   4 clients x %d requests ..." % len(images), flush=True)
        wwall, wrecs = run_clients(d.address, warm, args.timeout)
        wbad = [r for r in wrecs if r["outcome"] == "UNEXPECTED"]
        children, _ = wait_no_objects(d)
        time.sleep(args.settle / 2)
        rss_base = idle_rss(d, 2.0)
        threads_base, fds_base = d.threads(), d.open_fds()
        print("           %.1f s, %d unexpected; idle RSS %s after start, %s after the warm-up (baseline)"
              % (wwall, len(wbad), mib(rss_start), mib(rss_base)), flush=True)

        rounds = []  # per round: wall, records, peak, cpu, objects left, seconds to free them, idle after
        sampler = RssSampler(d)
        sampler.start()
        try:
            for rnd in range(args.rounds):
                print("load:      round %d/%d running ..." % (rnd + 1, args.rounds), flush=True)
                cpu0 = cpu_seconds(d.pid)
                k0 = len(sampler.samples)
                wall, recs = run_clients(d.address, plans, args.timeout)
                cpu1 = cpu_seconds(d.pid)
                peak = max((k for _, k in sampler.samples[k0:]), default=None)
                threads_peak = d.threads()
                # Once the clients are gone: the objects, then idle memory.
                children, waited = wait_no_objects(d)
                t_idle = time.time()
                time.sleep(max(0.0, args.settle - 2.0))
                rss_after = idle_rss(d, 2.0)
                after_s = time.time() - t_idle
                rounds.append(dict(wall=wall, recs=recs, peak=peak, cpu=(cpu1 - cpu0) if cpu0 and cpu1 else None,
                                   children=children, waited=waited, after=rss_after, after_s=after_s))
                print("           %.1f s; peak RSS %s, idle after %s; %d objects left"
                      % (wall, mib(peak), mib(rss_after), len(children)), flush=True)
        finally:
            sampler.stop()
        hwm = d.status_kib("VmHWM")
        threads_after, fds_after = d.threads(), d.open_fds()
        last = rounds[-1]
        wall, recs, peak, children, waited, rss_after, after_s = (last[k] for k in (
            "wall", "recs", "peak", "children", "waited", "after", "after_s"))
        cpu = last["cpu"]

        # Still serving?
        alive_ok, alive_msg = True, ""
        try:
            c = db.Client(d.address)
            p = c.analyze_file(images[0][0], db.options(["text"]))
            c.call(p, "Wait", timeout=60)
            txt = str(c.get(p, "Text"))
            c.call(p, "Release")
            c.close()
            alive_msg = "Version %d, a last analysis finished with %d characters" % (d.version(), len(txt))
        except Exception as e:
            alive_ok, alive_msg = False, db.short_error(e)
        children_final, _ = wait_no_objects(d, 5)
        daemon_alive = d.alive()
    exit_code = d.exit_code
    log = d.log_lines()

    # ---- report
    outcomes = {}
    for r in recs:
        outcomes[r["outcome"]] = outcomes.get(r["outcome"], 0) + 1
    unexpected = [r for rd in rounds for r in rd["recs"] if r["outcome"] == "UNEXPECTED"] + wbad
    lat = [r["latency"] for r in recs if r["outcome"] == "finished" and r["latency"] is not None]
    lat_px = [r["latency"] for r in recs if r["outcome"] == "finished" and r["kind"] == "pixels"]
    lat_call = [r["call"] for r in recs if r.get("call") is not None]
    lat_cancel = [r["latency"] for r in recs if r["outcome"] == "cancelled"]
    finished = outcomes.get("finished", 0) + outcomes.get("finished, cancel lost the race", 0)
    n = len(recs)
    disconnects = sum(1 for rd in rounds for r in rd["recs"] if r["outcome"] == "disconnected")
    left_lines = [l for l in log if "left the bus: releasing" in l]
    bad_log = [l for l in log if l[:3] in ("<0>", "<1>", "<2>", "<3>", "<4>")
               or any(w in l.lower() for w in ("error", "warning", "fatal", "crash"))]

    print()
    print("%-44s %10s" % ("outcome" + (" (last round)" if len(rounds) > 1 else ""), "count"))
    print("-" * 55)
    for name in sorted(outcomes, key=lambda k: (k == "UNEXPECTED", -outcomes[k])):
        print("%-44s %10d" % (name, outcomes[name]))
    print("%-44s %10d" % ("total requests", n))
    print()
    print("%-44s %10s" % ("measure", "value"))
    print("-" * 55)
    rows = [
        ("wall time of the load", "%.1f s" % wall),
        ("throughput, finished analyses", "%.2f /s" % (finished / wall)),
        ("throughput, all requests", "%.2f /s" % (n / wall)),
        ("latency Analyze->Wait p50 (finished, %d)" % len(lat), "%.3f s" % pct(lat, 0.5) if lat else "-"),
        ("latency Analyze->Wait p99", "%.3f s" % pct(lat, 0.99) if lat else "-"),
        ("latency Analyze->Wait max", "%.3f s" % max(lat) if lat else "-"),
        ("Analyze* reply alone p50 (%d)" % len(lat_call), "%.3f s" % pct(lat_call, 0.5) if lat_call else "-"),
        ("Analyze* reply alone p99", "%.3f s" % pct(lat_call, 0.99) if lat_call else "-"),
        ("  of which AnalyzePixels p50 (%d)" % len(lat_px), "%.3f s" % pct(lat_px, 0.5) if lat_px else "-"),
        ("cancelled: Analyze->Wait p50 (%d)" % len(lat_cancel), "%.3f s" % pct(lat_cancel, 0.5) if lat_cancel else "-"),
        ("daemon CPU during the load", "%.1f s (%.3f s/finished)" % (cpu, cpu / max(1, finished))
         if cpu is not None else "?"),
        ("RSS idle after start", mib(rss_start)),
        ("RSS idle after warm-up (baseline)", mib(rss_base)),
        ("RSS peak during the load (100 ms samples)", mib(peak)),
        *(("  round %d: peak / idle after" % (i + 1), "%s / %s" % (mib(r["peak"]), mib(r["after"])))
          for i, r in enumerate(rounds) if len(rounds) > 1),
        ("VmHWM (peak over the daemon's life)", mib(hwm)),
        ("RSS idle after the load (+%.0f s)" % (waited + after_s), mib(rss_after)),
        ("  after - baseline", "%+.1f MiB (%+.0f%%)" % ((rss_after - rss_base) / 1024, 100.0 * (rss_after - rss_base) / rss_base)
         if rss_after and rss_base else "?"),
        ("threads baseline / end of load / after", "%s / %s / %s" % (threads_base, threads_peak, threads_after)),
        ("open fds baseline / after", "%s / %s" % (fds_base, fds_after)),
        ("analysis objects after the load", "%d (after %.1f s)" % (len(children), waited)),
        ("disconnects (all rounds) / 'left the bus' lines", "%d / %d" % (disconnects, len(left_lines))),
        ("daemon still serving", ("yes: " if alive_ok else "NO: ") + alive_msg),
        ("daemon exit on SIGTERM", "%s" % exit_code),
    ]
    for k, v in rows:
        print("%-44s %10s" % (k, v))
    if unexpected:
        print()
        print("UNEXPECTED (%d):" % len(unexpected))
        for r in unexpected[:30]:
            print("  client %d request %d (%s%s): %s" % (r["client"], r["i"], r["kind"], ", cancel" if r["cancel"] else "",
                                                       r["error"]))
    if bad_log:
        print()
        print("daemon log lines with warnings or errors (%d, first 20):" % len(bad_log))
        for l in bad_log[:20]:
            print("  " + l)
    if children or children_final:
        print()
        print("analysis objects still held: %s" % (children or children_final)[:20])

    tol_kib = max(args.tolerance_pct / 100.0 * rss_base, args.tolerance_mib * 1024) if rss_base else 0
    mem_ok = rss_after is not None and rss_base is not None and rss_after - rss_base <= tol_kib
    errors_ok = not unexpected and alive_ok and daemon_alive
    objects_ok = all(not r["children"] for r in rounds) and not children_final
    print()
    print("%s: no unexpected errors (%d unexpected of %d requests%s)"
          % ("PASS" if errors_ok else "FAIL", len(unexpected), n,
             "" if alive_ok and daemon_alive else "; the daemon stopped serving"))
    print("%s: memory back to idle (after %s vs baseline %s, tolerance max(+%.0f%%, +%.0f MiB) = +%.1f MiB)"
          % ("PASS" if mem_ok else "FAIL", mib(rss_after), mib(rss_base), args.tolerance_pct, args.tolerance_mib,
             tol_kib / 1024))
    print("%s: no analysis objects held after the load (%d)" % ("PASS" if objects_ok else "FAIL", len(children)))

    result.update(wall=wall, outcomes=outcomes, latencies=sorted(lat), unexpected=unexpected,
                  rss_kib={"start": rss_start, "baseline": rss_base, "peak": peak, "hwm": hwm, "after": rss_after,
                           "rounds": [(r["peak"], r["after"]) for r in rounds]},
                  rss_samples=[(round(t - sampler.samples[0][0], 2), k) for t, k in sampler.samples] if sampler.samples else [],
                  objects_after=children, left_bus_lines=len(left_lines), alive=alive_msg,
                  verdicts={"errors": errors_ok, "memory": mem_ok, "objects": objects_ok})
    db.write_results(OUT, result, log_path, ROOT)
    return 0


if __name__ == "__main__":
    db.run_main(main, "daemon_load.py")
