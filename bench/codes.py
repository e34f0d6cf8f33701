#!/usr/bin/python3
"""QR codes and barcodes on screen: livetext beside zbarimg, both against the ground truth.

    /usr/bin/python3 bench/codes.py [--livetext PATH] [--dir Tests/Fixtures/codes]

Every NAME.png in the corpus (bench/make_codes.sh) has NAME.codes.json, a list of
{"symbology": <zbar's name>, "payload": "..."}. zbarimg reads each image on its own; livetext reads
all of them in one call, `analyze --json --types codes FILE...`, one JSON line per file in order.

Then the speed of codes only on a whole screen (--screen, the dense 1920x1080 screen that
bench/speed.py renders; skipped when it is missing): livetext's own analysis time (timing.totalMs of
`analyze --local --json --types codes`, PNG decoding not included) and its whole process, beside
zbarimg's whole process, medians of --runs, run in turn. Target: the analysis under 80 ms.

Prints a table per image and a summary. Exits 1 when livetext missed a code that zbarimg found, named
a code differently, or when its call failed; 0 otherwise (codes that both miss are only reported).
Needs: zbar-tools (zbarimg).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# zbar's symbology names, as zbarimg prints them before the colon.
ZBAR_NAMES = ["EAN-2", "EAN-5", "EAN-8", "UPC-E", "ISBN-10", "UPC-A", "EAN-13", "ISBN-13", "COMPOSITE",
              "I2/5", "DataBar", "DataBar-Exp", "Codabar", "CODE-39", "CODE-93", "CODE-128", "PDF417",
              "QR-Code", "SQ-Code"]
RECORD_START = re.compile(r"^(%s):" % "|".join(re.escape(n) for n in ZBAR_NAMES), re.M)


def canonical(symbology, payload):
    """One key for the names zbar gives the same symbol depending on its settings: a UPC-A is also
    an EAN-13 with a leading 0 (zbar's default), an ISBN-13 is an EAN-13."""
    if symbology == "UPC-A" and len(payload) == 12:
        return ("EAN-13", "0" + payload)
    if symbology == "ISBN-13":
        return ("EAN-13", payload)
    return (symbology, payload)


def zbarimg(path):
    """[(symbology, payload)] from `zbarimg -q`; payloads may hold newlines (vCards), so records are
    split where a line starts with a known symbology name and a colon."""
    proc = subprocess.run(["zbarimg", "-q", "--nodbus", path], capture_output=True)
    if proc.returncode not in (0, 4):  # 4: no symbol found
        raise RuntimeError("zbarimg %s: exit %d: %s" % (path, proc.returncode, proc.stderr.decode(errors="replace")))
    out = proc.stdout.decode("utf-8", errors="replace")
    starts = [m.start() for m in RECORD_START.finditer(out)]
    codes = []
    for i, start in enumerate(starts):
        record = out[start:starts[i + 1] if i + 1 < len(starts) else len(out)]
        if record.endswith("\n"):
            record = record[:-1]
        symbology, payload = record.split(":", 1)
        codes.append((symbology, payload))
    return codes


def livetext(exe, paths):
    """One call for all files: ([codes per file or None], codes' bounds problems, seconds, error)."""
    cmd = [exe, "analyze", "--local", "--json", "--types", "codes", *paths]
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=600)
    except FileNotFoundError:
        return [None] * len(paths), [], 0.0, "cannot run %s" % exe
    except subprocess.TimeoutExpired:
        return [None] * len(paths), [], 600.0, "timed out after 600 s"
    seconds = time.perf_counter() - start
    error = None
    if proc.returncode != 0:
        error = "exit %d: %s" % (proc.returncode, proc.stderr.decode(errors="replace").strip()[:500])
    lines = [l for l in proc.stdout.decode("utf-8", errors="replace").splitlines() if l.strip()]
    docs = []
    for n, line in enumerate(lines, 1):
        try:
            docs.append(json.loads(line))
        except ValueError as e:
            return [None] * len(paths), [], seconds, "stdout line %d is not JSON (%s): %.200s" % (n, e, line)
    if len(docs) != len(paths):
        return [None] * len(paths), [], seconds, (error or "") + " %d JSON lines for %d files" % (len(docs), len(paths))
    results, bound_problems = [], []
    for path, doc in zip(paths, docs):
        name = os.path.basename(path)
        source = (doc.get("image") or {}).get("source", "")
        if source and not source.endswith(name):
            error = "JSON lines out of order: %s where %s was expected" % (source, name)
        codes = []
        for code in doc.get("codes") or []:
            codes.append((str(code.get("symbology")), str(code.get("payload"))))
            bound_problems += check_bounds(name, code, doc.get("image") or {})
        results.append(codes)
    return results, bound_problems, seconds, error


def check_bounds(name, code, image):
    b = code.get("bounds")
    if not (isinstance(b, list) and len(b) == 4 and all(isinstance(v, (int, float)) for v in b)):
        return ["%s: %s has no [x, y, w, h] bounds: %r" % (name, code.get("symbology"), b)]
    x, y, w, h = b
    width, height = image.get("width"), image.get("height")
    if w <= 0 or h <= 0 or x < 0 or y < 0 or (width and x + w > width + 1) or (height and y + h > height + 1):
        return ["%s: %s bounds %r outside the %sx%s image" % (name, code.get("symbology"), b, width, height)]
    return []


def compare(expected, found):
    """(matched, missed, extra) as lists of (symbology, payload); matching by canonical key, as a multiset."""
    pool = [canonical(*c) for c in found]
    matched, missed = [], []
    for code in expected:
        key = canonical(*code)
        if key in pool:
            pool.remove(key)
            matched.append(code)
        else:
            missed.append(code)
    extra = []
    for code in found:
        key = canonical(*code)
        if key in pool:
            pool.remove(key)
            extra.append(code)
    return matched, missed, extra


def short(code, width=44):
    text = "%s:%s" % (code[0], code[1].replace("\n", "\\n"))
    return text if len(text) <= width else text[:width - 1] + "…"


def cell(expected, found):
    if found is None:
        return "error"
    matched, missed, extra = compare(expected, found)
    text = "%d/%d" % (len(matched), len(expected))
    if extra:
        text += " +%d extra" % len(extra)
    return text + ("  ok" if not missed and not extra else "")


def screen_speed(exe, screen, runs):
    """Codes only on a whole screen: medians in ms of livetext's analysis, its process, and zbarimg's."""
    if not os.path.exists(screen):
        print("codes only on a whole screen: skipped, %s is missing (bench/speed.py renders it)" % screen)
        return
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    analysis, process, zbar = [], [], []
    for _ in range(runs + 1):  # the first of each warms the page cache
        start = time.perf_counter()
        out = subprocess.run([exe, "analyze", "--local", "--json", "--types", "codes", screen],
                             capture_output=True, env=env, check=True).stdout
        process.append((time.perf_counter() - start) * 1000)
        analysis.append(json.loads(out.decode().splitlines()[0])["timing"]["totalMs"])
        start = time.perf_counter()
        subprocess.run(["zbarimg", "-q", "--nodbus", screen], capture_output=True)
        zbar.append((time.perf_counter() - start) * 1000)
    analysis, process, zbar = (statistics.median(v[1:]) for v in (analysis, process, zbar))
    print()
    print("codes only on %s, medians of %d:" % (os.path.relpath(screen, ROOT), runs))
    print("  livetext analysis (timing.totalMs)   %6.1f ms  (target under 80 ms: %s)"
          % (analysis, "met" if analysis < 80 else "missed"))
    print("  livetext analyze, whole process       %6.1f ms  %.2f of zbarimg's" % (process, process / zbar))
    print("  zbarimg, whole process                %6.1f ms" % zbar)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--livetext", default=os.path.join(ROOT, ".build/release/livetext"))
    ap.add_argument("--dir", default=os.path.join(ROOT, "Tests/Fixtures/codes"))
    ap.add_argument("--screen", default=os.path.join(ROOT, "bench/out/speed/dense-1920x1080.png"))
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()

    names = sorted(f[:-4] for f in os.listdir(args.dir) if f.endswith(".png")
                   and os.path.exists(os.path.join(args.dir, f[:-4] + ".codes.json")))
    if not names:
        sys.exit("codes.py: no NAME.png with NAME.codes.json in %s (run bench/make_codes.sh)" % args.dir)
    paths = [os.path.join(args.dir, n + ".png") for n in names]
    truth = {}
    for n in names:
        with open(os.path.join(args.dir, n + ".codes.json"), encoding="utf-8") as f:
            truth[n] = [(c["symbology"], c["payload"]) for c in json.load(f)]

    start = time.perf_counter()
    zbar = {n: zbarimg(p) for n, p in zip(names, paths)}
    zbar_seconds = time.perf_counter() - start
    lt_codes, bound_problems, lt_seconds, lt_error = livetext(args.livetext, paths)
    lt = dict(zip(names, lt_codes))

    width = max(len(n) for n in names) + 2
    print("%-*s %-46s %-16s %-16s" % (width, "image", "expected", "zbarimg", "livetext"))
    print("-" * (width + 80))
    notes = []
    for n in names:
        exp = truth[n]
        for i, code in enumerate(exp or [("-", "")]):
            if i == 0:
                print("%-*s %-46s %-16s %-16s" % (width, n, short(code), cell(exp, zbar[n]), cell(exp, lt[n])))
            else:
                print("%-*s %-46s" % (width, "", short(code)))
        for tool, found in (("zbarimg", zbar[n]), ("livetext", lt[n])):
            if found is None:
                continue
            _, missed, extra = compare(exp, found)
            for code in missed:
                notes.append("%s: %s missed %s" % (n, tool, short(code, 60)))
            for code in extra:
                notes.append("%s: %s found %s, not in the ground truth" % (n, tool, short(code, 60)))

    total = sum(len(v) for v in truth.values())
    zbar_hits = sum(len(compare(truth[n], zbar[n])[0]) for n in names)
    lt_hits = sum(len(compare(truth[n], lt[n])[0]) for n in names if lt[n] is not None)
    lt_extra = sum(len(compare(truth[n], lt[n])[2]) for n in names if lt[n] is not None)
    zbar_extra = sum(len(compare(truth[n], zbar[n])[2]) for n in names)

    # What zbarimg read and livetext did not, compared as zbar names them (after the UPC-A/EAN-13 alias).
    regressions, renamed = [], []
    for n in names:
        if lt[n] is None:
            regressions += [(n, c) for c in zbar[n]]
            continue
        _, missed, _ = compare(zbar[n], lt[n])
        for code in missed:
            same_payload = [c for c in lt[n] if c[1] == code[1]]
            (renamed if same_payload else regressions).append((n, code if not same_payload else
                                                              (code, same_payload[0][0])))

    print()
    for note in notes:
        print("  " + note)
    if notes:
        print()
    print("images %d, codes in the ground truth %d" % (len(names), total))
    print("zbarimg  decoded %2d/%d (%.0f %%), %d not in the ground truth, %.2f s for %d processes"
          % (zbar_hits, total, 100.0 * zbar_hits / total, zbar_extra, zbar_seconds, len(names)))
    if lt_error and all(v is None for v in lt_codes):
        print("livetext FAILED: %s" % lt_error)
    else:
        print("livetext decoded %2d/%d (%.0f %%), %d not in the ground truth, %.2f s for one process"
              % (lt_hits, total, 100.0 * lt_hits / total, lt_extra, lt_seconds))
        if lt_error:
            print("livetext call problem: %s" % lt_error)
    print("codes zbarimg found that livetext missed: %d (must be 0)" % len(regressions))
    for n, code in regressions:
        print("  %s: %s" % (n, short(code, 70)))
    if renamed:
        print("codes livetext found under another symbology name: %d (must be 0)" % len(renamed))
        for n, (code, name) in renamed:
            print("  %s: %s, livetext says %s" % (n, short(code, 60), name))
    if bound_problems:
        print("codes with bad bounds: %d" % len(bound_problems))
        for p in bound_problems:
            print("  " + p)
    screen_speed(args.livetext, args.screen, args.runs)
    failed = bool(regressions or renamed or lt_error)
    print("RESULT: %s" % ("FAIL" if failed else "ok"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
