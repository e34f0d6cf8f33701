#!/usr/bin/python3
"""Round trips through the warm livetext daemon beside the tesseract CLI, and the bus's own overhead.

    /usr/bin/python3 bench/daemon_speed.py [--livetext PATH] [--runs 10] [--overhead-runs 200]

Starts a private dbus-daemon and `livetext daemon` on it (OMP_THREAD_LIMIT=1, a temporary
XDG_CONFIG_HOME; bench/daemon_bus.py); one client connection is opened once and kept, as an
application keeps its bus connection. Then, in one run:

(a) a 600x200 region of dense text (bench/out/speed/dense-600x200.png, which bench/speed.py
    builds; rendered here with PIL when it is missing), per repetition in a rotating order:
      daemon AnalyzeFile(PNG) -> Wait -> Get(Text) -> Release, with types [text] and with the
          default types (text, codes, detectors);
      daemon AnalyzePixels(memfd, RGBA8) -> Wait -> Get(Text) -> Release, types [text]; the memfd
          is created and filled inside the timed span (the pixels are decoded beforehand, as an
          application holding a screenshot has them);
      `OMP_THREAD_LIMIT=1 tesseract IMG - --psm 3`, a new process per image, as a shell pipeline;
      `livetext analyze IMG`, a new CLI process that hands the file to the daemon (context);
      tesseract on the image livetext's engine really reads (`livetext preprocess --output`: the
          region scaled up for small screen text), a new process each (context: the same OCR work).
    Median and min over --runs (default 10) after one untimed repetition. Target (issue 4): the
    daemon at most half the tesseract CLI's time, i.e. a ratio <= 0.50 of the medians. Beside them,
    the daemon's own analysis time (timing.totalMs of the Json, extra untimed calls): the rest of a
    round trip is the bus, the file read and this client.
(b) the bus's overhead for an empty analysis: AnalyzePixels of an 8x8 white RGBA image with
    {"types": []} when the daemon accepts it (it answers InvalidArgs: then {"types": ["codes"]}),
    call -> Wait -> Release, over --overhead-runs (default 200); beside it one Get(Version) round
    trip (the floor), and for context `livetext analyze --types codes` on the same 8x8 PNG
    through the daemon and with --local (in-process), a new process each. Target: median under 5 ms.
Results also go to bench/out/daemon-speed/results.json. Exit 0 when it ran, whatever the verdicts.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemon_bus as db  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "daemon-speed")
DENSE = os.path.join(ROOT, "bench", "out", "speed", "dense-600x200.png")


def render_dense(path):
    """A 600x200 PNG of dense 13 px text (DejaVu Sans Mono when installed), for when speed.py has not run."""
    from PIL import Image, ImageDraw, ImageFont
    font = None
    for f in ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
              "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf"):
        if os.path.exists(f):
            font = ImageFont.truetype(f, 13)
            break
    font = font or ImageFont.load_default()
    words = ("the of and to in is that for it as with was on be by this are from or an program license "
             "software work source code covered terms conditions copy modify distribute version free public "
             "general user rights notice permission warranty request response output input data file").split()
    im = Image.new("RGB", (600, 200), "white")
    draw = ImageDraw.Draw(im)
    y, k = 2, 0
    while y < 190:
        line = ""
        while len(line) < 80:
            line += words[(k * 7 + len(line)) % len(words)] + " "
            k += 1
        draw.text((3, y), line.strip(), fill="black", font=font)
        y += 16
    im.save(path)


def tiny_png(path):
    from PIL import Image
    Image.new("RGBA", (8, 8), (255, 255, 255, 255)).save(path)


def prepare(lt, img, env):
    """(PGM path, scale) of the image livetext's OCR engine sees (`livetext preprocess`), or None."""
    out = os.path.join(OUT, "prepared.pgm")
    try:
        p = run_process([lt, "preprocess", "--output", out, img], env)
        scale = float(p.stdout.decode().split(" scale ")[1].split()[0])
        return out, scale
    except (RuntimeError, IndexError, ValueError):
        return None


class Timed:
    def __init__(self, group, name, fn, tesseract=False, target=False):
        self.group, self.name, self.fn, self.tesseract, self.target = group, name, fn, tesseract, target
        self.times, self.chars = [], 0

    def run(self, record=True):
        t0 = time.perf_counter()
        chars = self.fn()
        t = time.perf_counter() - t0
        if record:
            self.times.append(t)
        self.chars = chars
        return t


def run_process(cmd, env):
    p = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True)
    if p.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (" ".join(cmd[:3]), p.returncode,
                                                  p.stderr.decode(errors="replace").strip()[-500:]))
    return p


def fmt_t(s):
    return "%.1f ms" % (s * 1000) if s < 1 else "%.3f s" % s


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--livetext", default=os.path.join(ROOT, ".build/release/livetext"))
    ap.add_argument("--runs", type=int, default=10, help="timed repetitions of (a) (default 10)")
    ap.add_argument("--overhead-runs", type=int, default=200, help="timed empty analyses in (b) (default 200)")
    ap.add_argument("--cli-runs", type=int, default=10, help="timed CLI processes in (b) (default 10)")
    ap.add_argument("--image", help="the 600x200 PNG (default %s)" % db.rel(DENSE, ROOT))
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    lt = os.path.abspath(args.livetext) if os.path.sep in args.livetext else args.livetext
    if os.path.sep in lt and not os.access(lt, os.X_OK):
        sys.exit("daemon_speed.py: %s is not an executable; build it (swift build -c release) or pass --livetext" % lt)
    db.sigterm_as_interrupt()
    os.makedirs(OUT, exist_ok=True)
    img = os.path.abspath(args.image) if args.image else DENSE
    if not os.path.exists(img):
        img = os.path.join(OUT, "dense-600x200-pil.png")
        render_dense(img)
    tiny = os.path.join(OUT, "blank-8x8.png")
    tiny_png(tiny)
    from PIL import Image
    with Image.open(img) as im:
        rgba = im.convert("RGBA")
        W, H, PIX = rgba.width, rgba.height, rgba.tobytes()
    TINY_PIX = b"\xff" * (8 * 8 * 4)

    base = {k: v for k, v in os.environ.items() if k not in ("OMP_THREAD_LIMIT", "DBUS_SESSION_BUS_ADDRESS")}
    omp1 = dict(base, OMP_THREAD_LIMIT="1")
    print("machine:   nproc %d (affinity %d), load average %s" % (os.cpu_count(), len(os.sched_getaffinity(0)),
                                                                  " ".join(open("/proc/loadavg").read().split()[:3])))
    print("tesseract: %s" % (subprocess.run(["tesseract", "--version"], capture_output=True, text=True).stdout
                             .splitlines() or ["?"])[0])
    print("livetext:  %s" % lt)
    print("image:     %s (%dx%d)" % (db.rel(img, ROOT), W, H))

    log_path = os.path.join(OUT, "daemon.log")
    result = {"image": img}
    # The recognition cache would answer every repetition of the same image from memory: this
    # measures reading it (the cache's own effect is printed at the end).
    with db.PrivateDaemon(lt, log_path, config="[limits]\ncached_images = 0\n") as d:
        cli_env = dict(base, DBUS_SESSION_BUS_ADDRESS=d.address,
                       XDG_CONFIG_HOME=os.path.join(OUT, "cli-config"))  # no user config in the way
        c = db.Client(d.address)
        print("daemon:    pid %d, log %s, runs %d (+1 warm-up), tools rotating" % (d.pid, db.rel(log_path, ROOT), args.runs),
              flush=True)

        def via_file(types):
            def fn():
                p = c.analyze_file(img, db.options(types))
                c.call(p, "Wait")
                text = str(c.get(p, "Text"))
                c.call(p, "Release")
                return len(text.strip())
            return fn

        def via_pixels(types, pixels, w, h):
            def fn():
                fd = db.memfd_with(pixels)
                try:
                    p = c.analyze_pixels(fd, w, h, w * 4, "RGBA8", db.options(types))
                finally:
                    os.close(fd)
                c.call(p, "Wait")
                text = str(c.get(p, "Text"))
                c.call(p, "Release")
                return len(text.strip())
            return fn

        cli_notes = []

        def cli(cmd, env):
            def fn():
                p = run_process(cmd, env)
                err = p.stderr.decode(errors="replace").strip()
                if err and cmd[0] == lt:
                    cli_notes.append(err.splitlines()[0])
                return len(p.stdout.decode(errors="replace").strip())
            return fn

        a_jobs = [
            Timed("a", "tesseract IMG - --psm 3 (OMP_THREAD_LIMIT=1)",
                  cli(["tesseract", img, "-", "--psm", "3"], omp1), tesseract=True),
            Timed("a", "daemon AnalyzeFile, types [text]", via_file(["text"]), target=True),
            Timed("a", "daemon AnalyzePixels memfd, types [text]", via_pixels(["text"], PIX, W, H), target=True),
            Timed("a", "daemon AnalyzeFile, default types", via_file(None), target=True),
            Timed("a", "livetext analyze IMG (CLI via daemon)", cli([lt, "analyze", img], cli_env)),
        ]
        prepared = prepare(lt, img, base)
        if prepared:
            pgm, scale = prepared
            a_jobs.append(Timed("a", "tesseract on livetext's prepared image (x%.2f)" % scale,
                                cli(["tesseract", pgm, "-", "--psm", "3", "--dpi", str(round(96 * scale))], omp1)))
        log_before = sum(1 for l in d.log_lines() if " for :" in l)
        for r in range(1 + args.runs):
            order = a_jobs[r % len(a_jobs):] + a_jobs[:r % len(a_jobs)]
            for job in order:
                job.run(record=r > 0)
            print("  (a) repetition %d/%d" % (r + 1, 1 + args.runs), file=sys.stderr, flush=True)
        # What the daemon itself reports as its analysis time (untimed calls, the Json's timing.totalMs).
        own_ms = []
        for _ in range(args.runs):
            p = c.analyze_file(img, db.options(["text"]))
            c.call(p, "Wait")
            own_ms.append(json.loads(str(c.get(p, "Json")))["timing"]["totalMs"])
            c.call(p, "Release")
        cli_analyses = -args.runs + sum(1 for l in d.log_lines() if " for :" in l) - log_before - \
            (1 + args.runs) * 3  # the three daemon rows make one analysis each a repetition

        # (b) the empty analysis
        empty_types, empty_note = [], "types [] accepted"
        fd = db.memfd_with(TINY_PIX)
        try:
            p = c.analyze_pixels(fd, 8, 8, 32, "RGBA8", db.options([]))
            c.call(p, "Wait")
            c.call(p, "Release")
        except db.dbus.exceptions.DBusException as e:
            empty_types = ["codes"]
            empty_note = "types [] refused (%s); types [codes] on 8x8 white" % db.short_error(e)[:120]
        finally:
            os.close(fd)

        def empty_pixels():
            fd = db.memfd_with(TINY_PIX)
            try:
                p = c.analyze_pixels(fd, 8, 8, 32, "RGBA8", db.options(empty_types))
            finally:
                os.close(fd)
            c.call(p, "Wait")
            c.call(p, "Release")
            return 0

        def empty_file():
            p = c.analyze_file(tiny, db.options(empty_types))
            c.call(p, "Wait")
            c.call(p, "Release")
            return 0

        def version():
            d.version()  # the script's other connection; one round trip to the daemon
            return 0

        b_jobs = [Timed("b", "daemon AnalyzePixels 8x8 -> Wait -> Release", empty_pixels, target=True),
                  Timed("b", "daemon AnalyzeFile 8x8 PNG -> Wait -> Release", empty_file),
                  Timed("b", "daemon Get(Version) (one round trip)", version)]
        b_cli = [Timed("b", "livetext analyze --types codes 8x8 (via daemon)",
                       cli([lt, "analyze", "--types", "codes", tiny], cli_env)),
                 Timed("b", "livetext analyze --local --types codes 8x8",
                       cli([lt, "analyze", "--local", "--types", "codes", tiny], cli_env))]
        for r in range(20 + args.overhead_runs):
            for job in b_jobs[r % 3:] + b_jobs[:r % 3]:
                job.run(record=r >= 20)
        for r in range(1 + args.cli_runs):
            for job in b_cli[r % 2:] + b_cli[:r % 2]:
                job.run(record=r > 0)
        print("  (b) done", file=sys.stderr, flush=True)
        children = d.analysis_children()
        c.close()
        alive = d.alive()
    log = d.log_lines()
    bad_log = [l for l in log if l[:3] in ("<0>", "<1>", "<2>", "<3>", "<4>")]

    tess = next(j for j in a_jobs if j.tesseract)
    tmed = statistics.median(tess.times)
    print()
    print("(a) 600x200 dense text, %d runs" % args.runs)
    print("%-48s %10s %10s %7s %8s" % ("tool", "median", "min", "chars", "vs tess"))
    print("-" * 87)
    for j in a_jobs:
        med = statistics.median(j.times)
        print("%-48s %10s %10s %7d %8s" % (j.name, fmt_t(med), fmt_t(min(j.times)), j.chars,
                                           "" if j.tesseract else "%.2f" % (med / tmed)))
    own = statistics.median(own_ms) / 1000
    print("%-48s %10s %10s %7s %8s" % ("daemon's own timing.totalMs, types [text]", fmt_t(own), fmt_t(min(own_ms) / 1000),
                                       0, "%.2f" % (own / tmed)))
    ftext = next(j for j in a_jobs if j.name == "daemon AnalyzeFile, types [text]")
    print("  -> round trip minus the daemon's own time (bus, file read, client; medians of separate runs): %s of %s"
          % (fmt_t(statistics.median(ftext.times) - own), fmt_t(statistics.median(ftext.times))))
    print()
    print("(b) empty analysis: %s; %d runs (CLI %d)" % (empty_note, args.overhead_runs, args.cli_runs))
    print("%-48s %10s %10s %10s" % ("round trip", "median", "min", "p90"))
    print("-" * 81)
    for j in b_jobs + b_cli:
        s = sorted(j.times)
        print("%-48s %10s %10s %10s" % (j.name, fmt_t(statistics.median(s)), fmt_t(s[0]),
                                        fmt_t(s[min(len(s) - 1, int(0.9 * len(s)))])))
    print()
    verdicts = {}
    for j in a_jobs:
        if j.target:
            ratio = statistics.median(j.times) / tmed
            ok = ratio <= 0.5
            verdicts[j.name] = ok
            print("%s: (a) %s: %.2f of tesseract's median (target <= 0.50)" % ("MET" if ok else "MISSED", j.name, ratio))
    for j in a_jobs:
        if not j.tesseract and j.chars < 0.5 * tess.chars:
            print("WARNING: %s returned %d characters where tesseract printed %d" % (j.name, j.chars, tess.chars))
    empty = b_jobs[0]
    emed = statistics.median(empty.times)
    verdicts["empty"] = emed < 0.005
    print("%s: (b) empty analysis round trip median %s (target < 5 ms)" % ("MET" if emed < 0.005 else "MISSED", fmt_t(emed)))
    if cli_analyses < args.runs + 1:
        print("WARNING: the daemon logged %d CLI analyses for %d CLI runs: did the CLI run in-process?"
              % (cli_analyses, args.runs + 1))
    notes = sorted(set(n for n in cli_notes if "--local" not in n))
    if notes:
        print("CLI stderr: %s" % "; ".join(notes[:3]))
    if children or not alive or bad_log:
        print("daemon: %d analysis objects left %s, alive %s, %d warning/error log lines: %s"
              % (len(children), children[:5], alive, len(bad_log), bad_log[:5]))
    # (c) The recognition cache: a daemon with the default settings reads the image once, then
    # answers the same pixels again from memory.
    cache_times = []
    with db.PrivateDaemon(lt, os.path.join(OUT, "daemon-cached.log")) as cached:
        cc = db.Client(cached.address)
        for _ in range(args.runs + 1):
            t0 = time.perf_counter()
            p = cc.analyze_file(img, db.options(["text"]))
            cc.call(p, "Wait")
            cc.get(p, "Text")
            cc.call(p, "Release")
            cache_times.append(time.perf_counter() - t0)
    print("(c) the same pixels again, default settings (cache of %s): first %s, again median %s"
          % ("32 images", fmt_t(cache_times[0]), fmt_t(statistics.median(cache_times[1:]))))
    result["cache"] = cache_times
    result.update(own_ms=own_ms, a={j.name: j.times for j in a_jobs}, b={j.name: j.times for j in b_jobs + b_cli},
                  empty_note=empty_note, verdicts=verdicts, daemon_exit=d.exit_code)
    db.write_results(OUT, result, log_path, ROOT)
    return 0


if __name__ == "__main__":
    db.run_main(main, "daemon_speed.py")
