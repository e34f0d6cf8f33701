#!/usr/bin/python3
"""Data detectors on dense adversarial text: is `livetext detect` linear in its input?

    /usr/bin/python3 bench/detect_scaling.py [--livetext PATH] [--sizes 1,4,16,50]
                                             [--shapes lines,line,runs] [--only TYPES]
                                             [--timeout 300]

Generates text at each size (MB, fixed seed, bench/out/scaling-<shape>-<MB>.txt, cached) and runs
`livetext detect --json` (release build) on it from a file on stdin, timing the child's CPU seconds
(user + system) and wall seconds. Shapes:
  lines  dense items, one every few characters, on lines of ~80 characters: numbers, dates,
         times, URLs, emails, street addresses, postcodes, phone-like groups, prices, measures,
         flight and tracking shapes, versions, IPs, IBAN-like runs;
  line   the same fragments on one single line (no line break at all);
  runs   long runs that keep a scanner going: digits, digits with dots or spaces, dots, '@',
         dashes, letters and '@' alternating, URL-like dotted labels, on one line.
  mixed  lines of running text in eight languages and scripts (our sentences: English, German,
         French, Spanish, Polish, Dutch, Greek with Russian and Japanese) with their items, ~90
         bytes a line: 9 MB is about 100 k lines (issue 18's "100 k mixed-language lines");
  patterns  each of PATTERNS below repeated to the size, on one line: one shape a scanner might
         rescan from every position of (a letter run, "a@a@...", "1 Main St 1 Main St ...").
Prints per shape and size: seconds of CPU, MB per CPU-second, items found, and the ratio
time(size) / time(previous size) beside the ratio of the sizes (linear: the two are equal).
A size that exceeds --timeout is reported as such and larger sizes of that shape are skipped.
"""
import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")

WORDS = ("call", "meet", "on", "at", "the", "order", "ref", "see", "mail", "from", "to", "for",
         "and", "or", "near", "by", "version", "total", "price", "flight", "track", "room", "id")


PATTERNS = ("a", "1", "1 ", "1.", "a.", "a@", "@", "a.b@", "-", "/", "1/", "1:", "http://", "www.", "https://a/",
            "a.com/", "Main ", "1 Main St ", "12 ", "Straße ", "+1 ", "(1) ", "March ", "1 March ", "Mon ",
            "at 3 ", "3pm-", "$1 ", "1 kg ", "1-", "LH", "LH 1 ", "1Z", "DE12 ", "e", "\u00e9", "\u0301",
            "twelve euros ", "twenty-", "one ", "5 feet and ", "$10-", "Mon-", "Wed Mar 10 08:01:44 2027 ")


MIXED = (
    "Meeting am 14. März 2026 um 14:30 in der Friedrichstraße 43, 10117 Berlin, Tel. 030 1234567",
    "Rendez-vous le jeudi 14 mai 2026 à 9h30, 55 Rue du Faubourg Saint-Honoré, 75008 Paris",
    "Su cita: jueves, 14 de mayo de 2026, Calle Mayor 5, 3º B, 28013 Madrid, 12,50 €",
    "Call +1 (206) 555-0147 Mon-Fri 8 a.m. to 6 p.m. PT or mail help@cloudberry.example.io",
    "Σας ευχαριστούμε για την παραγγελία σας 12 €, Привет мир 2026-03-01, 東京都港区 3-5 12:00",
    "the quick brown fox 3.5 km 21 °C 2.5 GB https://example.org/a?b=1 IB 3167 $10–20",
    "zażółć gęślą jaźń 1.234,56 zł ul. Marszałkowska 1, 00-624 Warszawa, 22 listopada",
    "Keizersgracht 214, 1016 DZ Amsterdam · KvK 81234567 · +31 20 794 6321 · ma t/m vr",
)


def fragment(rng):
    """One dense, item-like fragment."""
    r = rng.randrange(26)
    d = lambda n: "".join(rng.choice("0123456789") for _ in range(n))
    if r == 0: return f"+{rng.randint(1, 99)} {d(3)} {d(3)} {d(4)}"
    if r == 1: return f"({d(3)}) {d(3)}-{d(4)}"
    if r == 2: return f"{rng.randint(1, 28)}.{rng.randint(1, 12)}.{rng.randint(1990, 2040)}"
    if r == 3: return f"{rng.randint(1990, 2040)}-{rng.randint(1, 12):02}-{rng.randint(1, 28):02}"
    if r == 4: return rng.choice(("March", "Mar", "July", "Dec.")) + f" {rng.randint(1, 31)}, {rng.randint(1990, 2040)}"
    if r == 5: return f"{rng.randint(0, 23)}:{rng.randint(0, 59):02}" + rng.choice(("", "pm", " am", " CET"))
    if r == 6: return f"https://{rng.choice(('www.', ''))}ex{d(2)}.{rng.choice(('com', 'de', 'co.uk', 'io'))}/p/{d(4)}?q={d(3)}"
    if r == 7: return f"www.site{d(2)}.org"
    if r == 8: return f"user.{d(3)}@mail{d(1)}.example.com"
    if r == 9: return f"{rng.randint(1, 9999)} {rng.choice(('Main', 'Oak', 'Harbor'))} {rng.choice(('St', 'Street', 'Ave', 'Way'))}"
    if r == 10: return rng.choice(("Springfield, IL 62704", "London SW1A 1AA", "80331 München", "Leeds LS1 4AP"))
    if r == 11: return f"${rng.randint(1, 9999)}.{d(2)}"
    if r == 12: return f"{rng.randint(1, 999)} {rng.choice(('EUR', '€', 'USD', 'kg', 'km', 'mi', 'lbs', 'MB', '°C'))}"
    if r == 13: return f"{rng.choice(('LH', 'UA', 'BA', 'AF'))} {rng.randint(1, 9999)}"
    if r == 14: return f"1Z{d(16)}"
    if r == 15: return f"v{rng.randint(1, 9)}.{rng.randint(0, 99)}.{rng.randint(0, 99)}"
    if r == 16: return f"{rng.randint(1, 255)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}"
    if r == 17: return f"DE{d(2)} {d(4)} {d(4)} {d(4)} {d(4)} {d(2)}"
    if r == 18: return d(rng.randint(5, 30))
    if r == 19: return ".".join(d(rng.randint(1, 3)) for _ in range(rng.randint(2, 8)))
    if r == 20: return " ".join(d(rng.randint(2, 4)) for _ in range(rng.randint(2, 8)))
    if r == 21: return "@" * rng.randint(1, 4) + d(2) + "." * rng.randint(1, 5)
    if r == 22: return f"{rng.choice(('Mon', 'Tue', 'Friday'))} {rng.randint(1, 12)}am-{rng.randint(1, 12)}pm"
    if r == 23: return f"tomorrow at {rng.randint(1, 12)}"
    if r == 24: return f"{rng.randint(1, 99)} ft {rng.randint(1, 11)} in"
    return rng.choice(WORDS)


def run_fragment(rng):
    """One long run that keeps a scanner going."""
    n = rng.randint(200, 5000)
    r = rng.randrange(8)
    if r == 0: return "".join(rng.choice("0123456789") for _ in range(n))
    if r == 1: return ".".join(str(rng.randint(0, 99)) for _ in range(n // 3))
    if r == 2: return " ".join(str(rng.randint(0, 999)) for _ in range(n // 4))
    if r == 3: return "." * n
    if r == 4: return "@" * n
    if r == 5: return "-".join(str(rng.randint(0, 9)) for _ in range(n // 2))
    if r == 6: return "a@" * (n // 2)
    return ".".join("ab" + str(rng.randint(0, 9)) for _ in range(n // 4)) + ".com"


def generate(shape, megabytes):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, f"scaling-{shape}-{megabytes:g}.txt")
    target = int(megabytes * 1_000_000)
    if os.path.exists(path) and os.path.getsize(path) >= target:
        return path
    if shape.startswith("pattern:"):
        pattern = PATTERNS[int(shape.split(":")[1])]
        with open(path, "w", encoding="utf-8") as f:
            f.write(pattern * (target // len(pattern.encode())))
        return path
    rng = random.Random(f"{shape}-{megabytes}")
    if shape == "mixed":
        lines, size = [], 0
        while size < target:
            lines.append(rng.choice(MIXED) + "\n")
            size += len(lines[-1].encode())
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(lines))
        return path
    parts, size, line = [], 0, 0
    while size < target:
        piece = run_fragment(rng) if shape == "runs" else fragment(rng)
        sep = " "
        line += len(piece) + 1
        if shape == "lines" and line > 80:
            sep, line = "\n", 0
        parts.append(piece + sep)
        size += len(piece.encode()) + 1
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    return path


def run(livetext, path, only, timeout):
    args = [livetext, "detect", "--json"] + (["--only", only] if only else [])
    env = dict(os.environ, LIVETEXT_REGION="US", LIVETEXT_REFERENCE_TIME="2026-03-01T09:00:00-08:00")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    with open(path, "rb") as stdin:
        try:
            done = subprocess.run(args, stdin=stdin, capture_output=True, env=env, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"livetext detect failed on {path}: {done.stderr.decode()[:400]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, len(json.loads(done.stdout)["items"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--sizes", default="1,4,16,50")
    parser.add_argument("--shapes", default="lines,line,runs,mixed")
    parser.add_argument("--only", default="")
    parser.add_argument("--timeout", type=float, default=300)
    opts = parser.parse_args()
    sizes = [float(s) for s in opts.sizes.split(",")]
    print(f"livetext detect --json{' --only ' + opts.only if opts.only else ''}: CPU seconds per size")
    print(f"{'shape':6} {'MB':>5} {'cpu s':>8} {'wall s':>8} {'MB/cpu-s':>9} {'items':>9} {'t/t_prev':>9} {'size ratio':>10}")
    shapes = []
    for shape in opts.shapes.split(","):
        shapes += [f"pattern:{k}" for k in range(len(PATTERNS))] if shape == "patterns" else [shape]
    for shape in shapes:
        label = repr(PATTERNS[int(shape.split(":")[1])]) if shape.startswith("pattern:") else shape
        previous = None
        for mb in sizes:
            path = generate(shape, mb)
            real_mb = os.path.getsize(path) / 1e6
            got = run(opts.livetext, path, opts.only, opts.timeout)
            if got is None:
                print(f"{label:6} {mb:5g} {'> ' + format(opts.timeout, 'g'):>8}   (timed out; larger sizes skipped)")
                break
            cpu, wall, items = got
            ratio = f"{cpu / previous[1]:9.2f}" if previous and previous[1] > 0 else f"{'':9}"
            size_ratio = f"{mb / previous[0]:10.2f}" if previous else ""
            print(f"{label:6} {mb:5g} {cpu:8.2f} {wall:8.2f} {real_mb / max(cpu, 1e-9):9.2f} {items:9d} {ratio} {size_ratio}",
                  flush=True)
            previous = (mb, cpu)


if __name__ == "__main__":
    main()
