#!/usr/bin/python3
"""OCR speed: livetext beside tesseract on dense screen text, measured side by side in one run.

    /usr/bin/python3 bench/speed.py [--livetext PATH] [--runs N] [--rebuild]

The two test images are built once and kept in bench/out/speed/ (git-ignored): xterm windows full
of text under Xvfb, captured with import:
  dense-600x200.png    a 600x200 region: 13 px DejaVu Sans Mono above 13 px DejaVu Sans Condensed
                       (proportional glyphs on xterm's fixed cells)
  dense-1920x1080.png  a whole 1920x1080 screen, six tiled xterms: logs, prose, code (dark), a file
                       listing, fonts from 12 to 14 px
Then, per repetition and in a rotating order so that every tool shares the machine's noise:
  tesseract IMG - --psm 3 with OMP_THREAD_LIMIT=1, and without it (tesseract's own OpenMP threads);
  livetext analyze IMG, a whole process each time (cold engines);
  livetext analyze with 10 copies of the 600x200 image in one call (warm engines) against 10
  tesseract processes one after the other (OMP_THREAD_LIMIT=1).
livetext runs without OMP_THREAD_LIMIT in its environment, as a user starts it.
Needs: tesseract-ocr tesseract-ocr-eng; to build the images: xvfb xterm xdotool imagemagick
fonts-dejavu fonts-liberation2 (display :97, or --display).
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import textwrap
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench", "out", "speed")
SMALL = os.path.join(OUT, "dense-600x200.png")
SCREEN = os.path.join(OUT, "dense-1920x1080.png")
BATCH = 10

# ---- text that fills a terminal (run inside each xterm: speed.py --fill KIND SEED GOFILE DONEFILE) ----

WORDS = ("the of and to in is that for it as with was on be by this are from or an which have not "
         "program license software work source code covered terms conditions copy modify distribute "
         "version free public general user rights notice permission warranty patent section object "
         "form binary library system network service request response output input data file").split()


def prose_words(rng):
    path = "/usr/share/common-licenses/GPL-3"
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            words = f.read().split()
        start = rng.randrange(0, max(1, len(words) - 3000))
        return words[start:start + 3000]
    return [rng.choice(WORDS) for _ in range(3000)]


def fill_lines(kind, cols, rows, rng):
    lines = []
    if kind == "logs":
        levels = ["INFO ", "INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"]
        comps = ["sync", "http", "db.pool", "auth", "cache", "scheduler", "mailer"]
        msgs = ["fetched {n} rows from orders in {ms} ms", "GET /api/v2/items/{n} 200 {ms}ms",
                "connection {n} returned to pool (idle {ms} s)", "token refreshed for user{n}@example.com",
                "evicted {n} entries, {ms} KiB freed", "job #{n} finished after {ms} ms",
                "retrying delivery to smtp.example.org:587 (attempt {d} of 5)",
                "slow query on invoices.customer_id: {ms} ms, plan cost {n}"]
        for i in range(rows):
            line = "2024-03-14 09:%02d:%02d.%03d %s [%s-%d] %s" % (
                (i // 60) % 60, i % 60, rng.randrange(1000), rng.choice(levels), rng.choice(comps),
                rng.randrange(1, 9), rng.choice(msgs).format(n=rng.randrange(1, 99999),
                                                             ms=rng.randrange(1, 2500), d=rng.randrange(1, 5)))
            lines.append(line)
    elif kind == "prose":
        lines = textwrap.wrap(" ".join(prose_words(rng)), cols)
    elif kind == "code":
        names = ["total", "items", "offset", "buffer", "result", "count", "header", "width", "height", "limit"]
        indent = 0
        while len(lines) < rows:
            a, b = rng.sample(names, 2)
            pick = rng.randrange(8)
            if pick == 0 or indent == 0:
                lines.append("")
                lines.append("def %s_%s(%s, %s=%d):" % (rng.choice(["load", "parse", "scale", "merge"]), a, a, b,
                                                         rng.randrange(100)))
                indent = 1
                lines.append("    \"\"\"Return the %s of %s, clipped to %s.\"\"\"" % (a, b, rng.choice(names)))
            elif pick == 1:
                lines.append("    " * indent + "for %s in range(len(%s)):" % (a[0], b))
                indent = min(indent + 1, 3)
            elif pick == 2 and indent > 1:
                indent -= 1
                lines.append("    " * indent + "return %s[%s:%s + %d]" % (a, b, b, rng.randrange(64)))
            else:
                lines.append("    " * indent + "%s = %s.get(\"%s\", %d) * %s  # %s" % (
                    a, b, rng.choice(names), rng.randrange(1000), rng.choice(names),
                    rng.choice(["pixels", "bytes", "rows", "ms"])))
    elif kind == "listing":
        exts = ["csv", "png", "txt", "json", "tar.gz", "pdf", "log"]
        for _ in range(rows):
            lines.append("-rw-r--r-- 1 ada staff %9d Mar %2d %02d:%02d %s-%04d.%s" % (
                rng.randrange(100, 50_000_000), rng.randrange(1, 29), rng.randrange(24), rng.randrange(60),
                rng.choice(["report", "invoice", "screenshot", "backup", "notes", "export"]),
                rng.randrange(10000), rng.choice(exts)))
    return [l[:cols] for l in lines[:rows]]


def fill(kind, seed, gofile, donefile):
    while not os.path.exists(gofile):
        time.sleep(0.05)
    cols, rows = os.get_terminal_size()
    lines = fill_lines(kind, cols, rows, random.Random(seed))
    sys.stdout.write("\033[?25l\033[H\033[2J" + "\r\n".join(lines))  # no cursor, no final newline
    sys.stdout.flush()
    open(donefile, "w").close()
    time.sleep(3600)


# ---- building the images under Xvfb ------------------------------------------------------------

def build_images(display):
    for tool in ("Xvfb", "xterm", "xdotool", "import"):
        if not shutil.which(tool):
            sys.exit("speed.py: %s is missing (xvfb xterm xdotool imagemagick)" % tool)
    num = display.lstrip(":")
    if os.path.exists("/tmp/.X%s-lock" % num):
        sys.exit("speed.py: display %s is in use; pass --display :95..:98" % display)
    os.makedirs(OUT, exist_ok=True)
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-dpi", "96"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, DISPLAY=display)
    try:
        for _ in range(100):
            if os.path.exists("/tmp/.X11-unix/X%s" % num):
                break
            time.sleep(0.1)
        else:
            sys.exit("speed.py: Xvfb did not start on %s" % display)
        mono, cond = "DejaVu Sans Mono:pixelsize=13", "DejaVu Sans Condensed:pixelsize=13"
        shoot(env, [(0, 0, 600, 100, mono, "logs", False), (0, 100, 600, 100, cond, "prose", False)],
              "600x200+0+0", SMALL)
        shoot(env, [(0, 0, 640, 540, mono, "logs", False),
                    (640, 0, 640, 540, cond, "prose", False),
                    (1280, 0, 640, 540, "DejaVu Sans Mono:pixelsize=12", "code", True),
                    (0, 540, 640, 540, "Liberation Mono:pixelsize=14", "listing", False),
                    (640, 540, 640, 540, "DejaVu Serif Condensed:pixelsize=14", "prose", False),
                    (1280, 540, 640, 540, "Liberation Mono:pixelsize=12", "logs", False)],
              "1920x1080+0+0", SCREEN)
    finally:
        xvfb.terminate()
        xvfb.wait()


def shoot(env, tiles, crop, path):
    """Tiles the xterms, fills each with text for its final size, captures the root window."""
    tmp = os.path.join(OUT, "build")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    terms = []
    try:
        for i, (x, y, w, h, font, kind, dark) in enumerate(tiles):
            title = "livetext-speed-%d" % i
            cmd = ["xterm", "-title", title, "-geometry", "40x10+%d+%d" % (x, y), "-fa", font,
                   "+sb", "-bw", "0"] + (["-rv"] if dark else []) + \
                  ["-e", sys.executable, os.path.abspath(__file__), "--fill", kind, str(100 + i),
                   os.path.join(tmp, "go%d" % i), os.path.join(tmp, "done%d" % i)]
            terms.append(subprocess.Popen(cmd, env=env))
            wid = subprocess.run(["xdotool", "search", "--sync", "--name", "^%s$" % title], env=env,
                                 capture_output=True, text=True, check=True, timeout=30).stdout.split()[0]
            subprocess.run(["xdotool", "windowsize", "--sync", wid, str(w), str(h)], env=env, check=True, timeout=30)
            subprocess.run(["xdotool", "windowmove", "--sync", wid, str(x), str(y)], env=env, timeout=30)
        time.sleep(0.5)  # let every xterm take its final size before it is filled
        for i in range(len(tiles)):
            open(os.path.join(tmp, "go%d" % i), "w").close()
        deadline = time.time() + 30
        while not all(os.path.exists(os.path.join(tmp, "done%d" % i)) for i in range(len(tiles))):
            if time.time() > deadline:
                sys.exit("speed.py: the xterms did not fill in 30 s")
            time.sleep(0.05)
        time.sleep(0.7)
        subprocess.run(["import", "-window", "root", "-crop", crop, "+repage", path], env=env, check=True)
    finally:
        for t in terms:
            t.terminate()
            t.wait()
        shutil.rmtree(tmp, ignore_errors=True)


# ---- measuring ---------------------------------------------------------------------------------

def machine():
    model = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return "nproc %d (affinity %d), %s" % (os.cpu_count(), len(os.sched_getaffinity(0)), model)


def version(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
        return ((p.stdout or p.stderr).strip().splitlines() or ["?"])[0]
    except (OSError, subprocess.TimeoutExpired) as e:
        return "unavailable (%s)" % e


class Job:
    def __init__(self, case, tool, cmds, env):
        self.case, self.tool, self.cmds, self.env = case, tool, cmds, env
        self.times, self.chars = [], 0

    def run(self):
        start = time.perf_counter()
        chars = 0
        for cmd in self.cmds:
            p = subprocess.run(cmd, env=self.env, stdin=subprocess.DEVNULL, capture_output=True)
            if p.returncode != 0:
                sys.exit("speed.py: %s exited %d: %s" % (" ".join(cmd[:3]), p.returncode,
                                                          p.stderr.decode(errors="replace").strip()[-500:]))
            chars += len(p.stdout.decode("utf-8", errors="replace").strip())
        elapsed = time.perf_counter() - start
        self.chars = chars
        return elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--livetext", default=os.path.join(ROOT, ".build/release/livetext"))
    ap.add_argument("--runs", type=int, default=5, help="timed repetitions (default 5)")
    ap.add_argument("--warmup", type=int, default=1, help="untimed repetitions first (default 1)")
    ap.add_argument("--rebuild", action="store_true", help="render the test images again")
    ap.add_argument("--display", default=":97", help="Xvfb display for building the images (default :97)")
    ap.add_argument("--fill", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.fill:
        kind, seed, gofile, donefile = args.fill
        return fill(kind, int(seed), gofile, donefile)

    if args.rebuild or not (os.path.exists(SMALL) and os.path.exists(SCREEN)):
        print("building the test images under Xvfb %s ..." % args.display, flush=True)
        build_images(args.display)
    copies = []
    # Distinct files with distinct pixels (one corner pixel differs, which no OCR reads), so that
    # nothing can be reused by path or by content (livetext keeps what it read by content).
    for i in range(BATCH):
        copy = os.path.join(OUT, "copies", "dense-600x200-px%02d.png" % i)
        if not os.path.exists(copy) or os.path.getmtime(copy) < os.path.getmtime(SMALL):
            os.makedirs(os.path.dirname(copy), exist_ok=True)
            subprocess.run(["convert", SMALL, "-fill", "rgb(%d,%d,%d)" % (i, i, i), "-draw", "point 599,199", copy],
                           check=True)
        copies.append(copy)

    base = {k: v for k, v in os.environ.items() if k != "OMP_THREAD_LIMIT"}
    omp1 = dict(base, OMP_THREAD_LIMIT="1")
    lt = os.path.abspath(args.livetext) if os.path.sep in args.livetext else args.livetext
    tess = lambda img: ["tesseract", img, "-", "--psm", "3"]
    groups = []  # (tesseract with OMP_THREAD_LIMIT=1, tesseract with OpenMP default or None, livetext)
    for case, img in (("600x200", SMALL), ("1920x1080", SCREEN)):
        groups.append((Job(case, "tesseract OMP_THREAD_LIMIT=1", [tess(img)], omp1),
                       Job(case, "tesseract (OpenMP default)", [tess(img)], base),
                       Job(case, "livetext analyze (cold)", [[lt, "analyze", "--local", img]], base)))
    case = "10 x 600x200"  # tesseract's OpenMP default is left out here: 5-8 times slower on 2 cores
    groups.append((Job(case, "10 tesseract, OMP_THREAD_LIMIT=1", [tess(c) for c in copies], omp1), None,
                   Job(case, "livetext analyze 10 files (1 call)", [[lt, "analyze", "--local", *copies]], base)))
    jobs = [j for g in groups for j in g if j]

    print("machine:   %s" % machine())
    print("tesseract: %s" % version(["tesseract", "--version"]))
    print("livetext:  %s (%s)" % (version([lt, "--version"]), lt))
    print("images:    %s, %s" % (os.path.relpath(SMALL, ROOT), os.path.relpath(SCREEN, ROOT)))
    print("runs:      %d timed (+%d warm-up), tools rotating in each repetition" % (args.runs, args.warmup), flush=True)
    for r in range(args.warmup + args.runs):
        order = jobs[r % len(jobs):] + jobs[:r % len(jobs)]
        for job in order:
            t = job.run()
            if r >= args.warmup:
                job.times.append(t)
        print("  repetition %d/%d done" % (r + 1, args.warmup + args.runs), file=sys.stderr, flush=True)

    print()
    print("%-13s %-36s %9s %9s %8s %10s %10s" % ("case", "tool", "median s", "min s", "chars",
                                                 "lt/t(1)", "lt/t(def)"))
    print("-" * 101)
    for t1, tdef, lt_job in groups:
        for job in (t1, tdef, lt_job):
            if job is None:
                continue
            med = statistics.median(job.times)
            ratios = ("", "")
            if job is lt_job:
                ratios = ("%.2f" % (med / statistics.median(t1.times)),
                          "%.2f" % (med / statistics.median(tdef.times)) if tdef else "")
            print("%-13s %-36s %9.3f %9.3f %8d %10s %10s" % (job.case, job.tool, med, min(job.times), job.chars, *ratios))
    for t1, _, lt_job in groups:
        if lt_job.chars < 0.5 * t1.chars:
            print("WARNING: %s: livetext printed %d characters where tesseract printed %d: did it analyze?"
                  % (lt_job.case, lt_job.chars, t1.chars))
    print()
    print("lt/t(1): livetext's median over tesseract's with OMP_THREAD_LIMIT=1; lt/t(def): over tesseract's")
    print("with its default OpenMP threads. Below 1 means livetext is faster. chars: output length, last run")
    print("(livetext's plain output also holds the payloads of codes and nothing else).")
    where_the_time_goes(lt, base, args.runs, {t1.case: statistics.median(t1.times) for t1, _, _ in groups})
    return 0


STAGES = ("totalMs", "codesMs", "preprocessMs", "layoutMs", "linesMs")


def where_the_time_goes(lt, env, runs, tesseract_s):
    """livetext's own account of each analysis (timing in --json), medians of `runs`: the stages,
    and the floor the OCR engines' work sets, (layoutMs + linesMs) / engines, which no schedule
    of the same reading on the same engines can beat."""
    print()
    print("where the time goes (livetext analyze --local --json, timing, medians of %d; ms):" % runs)
    print("%-10s %8s %7s %7s %8s %8s %7s %10s %12s" % ("image", "total", "codes", "prep", "layout", "lines",
                                                       "engines", "floor", "floor/t(1)"))
    for case, img in (("600x200", SMALL), ("1920x1080", SCREEN)):
        samples = []
        for _ in range(runs):
            p = subprocess.run([lt, "analyze", "--local", "--json", img], env=env, stdin=subprocess.DEVNULL,
                               capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit("speed.py: livetext --json exited %d: %s" % (p.returncode, p.stderr.strip()[-500:]))
            samples.append(json.loads(p.stdout)["timing"])
        med = {k: statistics.median(t.get(k, 0) for t in samples) for k in STAGES}
        engines = statistics.median(t.get("engines", 1) for t in samples)
        # The stages before the reading run one after the other; the reading is shared out.
        floor = med["codesMs"] + med["preprocessMs"] + (med["layoutMs"] + med["linesMs"]) / engines
        print("%-10s %8.0f %7.0f %7.0f %8.0f %8.0f %7g %10.0f %12.2f" % (
            case, med["totalMs"], med["codesMs"], med["preprocessMs"], med["layoutMs"], med["linesMs"],
            engines, floor, floor / 1000 / tesseract_s[case]))
    print("layout, lines: the engines' time, summed over them. floor: codes + prep + (layout + lines) / engines,")
    print("the least any schedule of this reading could take; floor/t(1): over tesseract's median above")
    print("(OMP_THREAD_LIMIT=1).")


if __name__ == "__main__":
    sys.exit(main())
