#!/usr/bin/python3
"""Tables read as tables: livetext beside img2table and a naive tesseract TSV grouping.

    /usr/bin/python3 bench/tables.py [--livetext PATH] [--corpus Tests/Fixtures/tables]
                                     [--img2table VENV_PYTHON] [--show NAME]

For every NAME.png with a NAME.gt.tsv (its cells: a row a line, cells apart by tabs; an empty
file: no table) in the corpus (bench/make_tables.py renders it) each tool reads the image:
  livetext      `livetext analyze --local --tables json IMG` (one process an image)
  img2table     img2table 1.x's Image + TesseractOCR (psm 11, eng), borderless tables on
                (`/usr/bin/python3 bench/tables.py setup` makes its venv in bench/out/img2table)
  tesseract-tsv `tesseract IMG - --psm 3 tsv`: each line a row, its words apart by more than
                twice the line's median word gap a cell; the lines of two cells or more a table
and is scored on the cells, as the ICDAR 2013 table competition does:
  adjacency     each non-empty cell with its nearest non-empty neighbour to the right and below,
                as (text, text, direction); precision, recall and F1 of the tool's relations
                against the truth's (texts compared with blanks collapsed);
  exact cells   the share of the truth's non-empty cells whose text the tool has in a cell;
  phantom       tables found on a page that has none (the prose page).
Times are wall-clock per image (median), with the ratio to tesseract-tsv.
Exit status 0 whatever the scores.
"""

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(HERE, "out", "img2table")
ENV = dict(os.environ, OMP_THREAD_LIMIT="1", LIVETEXT_LOCAL="1")


def norm(text):
    return " ".join(text.split())


def relations(tables):
    """The adjacency relations of `tables` (lists of rows of cell texts)."""
    found = set()
    for rows in tables:
        width = max((len(r) for r in rows), default=0)
        grid = [[norm(c) for c in r] + [""] * (width - len(r)) for r in rows]
        for i, row in enumerate(grid):
            for j, cell in enumerate(row):
                if not cell:
                    continue
                for k in range(j + 1, width):
                    if row[k]:
                        found.add((cell, row[k], "right"))
                        break
                for k in range(i + 1, len(grid)):
                    if grid[k][j]:
                        found.add((cell, grid[k][j], "below"))
                        break
    return found


def truth(path):
    with open(path) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip("\n")]
    return [rows] if rows else []


def run_livetext(binary, image):
    out = subprocess.run([binary, "analyze", "--local", "--tables", "json", image], capture_output=True, text=True,
                         env=ENV, timeout=120)
    if out.returncode not in (0, 1):
        raise SystemExit(f"livetext failed on {image}: {out.stderr}")
    if not out.stdout.strip():
        return []
    return [[[c["text"] for c in row] for row in t["rows"]] for t in json.loads(out.stdout)]


def run_tesseract_tsv(image):
    """Tesseract's words (its page layout puts columns in blocks of their own) grouped into rows by
    where they stand, each row cut into cells where two words are further apart than the median
    word height; the rows of two cells or more, two rows at least, one table."""
    out = subprocess.run(["tesseract", image, "-", "--psm", "3", "tsv"], capture_output=True, text=True, env=ENV,
                         timeout=120).stdout
    words = []
    for row in out.splitlines()[1:]:
        f = row.split("\t")
        if len(f) < 12 or f[0] != "5" or not f[11].strip():
            continue
        left, top, width, height = (int(v) for v in f[6:10])
        words.append((top + height / 2, left, left + width, height, f[11]))
    if not words:
        return []
    em = statistics.median(w[3] for w in words)
    rows = []
    for word in sorted(words):
        if rows and abs(rows[-1][0][0] - word[0]) <= em / 2:
            rows[-1].append(word)
        else:
            rows.append([word])
    table = []
    for row in rows:
        row.sort(key=lambda w: w[1])
        cells, current = [], [row[0][4]]
        for a, b in zip(row, row[1:]):
            if b[1] - a[2] > em:
                cells.append(" ".join(current))
                current = []
            current.append(b[4])
        cells.append(" ".join(current))
        table.append(cells)
    table = [r for r in table if len(r) >= 2]
    return [table] if len(table) >= 2 else []


IMG2TABLE = r'''
import json, sys
from img2table.document import Image
from img2table.ocr import TesseractOCR
ocr = TesseractOCR(n_threads=1, lang="eng", psm=11)
for path in sys.argv[1:]:
    tables = Image(src=path).extract_tables(ocr=ocr, borderless_tables=True, implicit_rows=True)
    out = []
    for t in tables:
        out.append([[("" if c.value is None else str(c.value)) for c in row] for row in t.content.values()])
    print(json.dumps(out), flush=True)
'''


def setup():
    subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "img2table"], check=True)


def score(name, found, expected):
    exp, got = relations(expected), relations(found)
    hit = len(exp & got)
    precision = hit / len(got) if got else (1.0 if not exp else 0.0)
    recall = hit / len(exp) if exp else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    cells = [norm(c) for t in expected for r in t for c in r if norm(c)]
    have = [norm(c) for t in found for r in t for c in r if norm(c)]
    exact = sum(1 for c in cells if c in have) / len(cells) if cells else 1.0
    return {"precision": precision, "recall": recall, "f1": f1, "exact": exact,
            "phantom": len(found) if not expected else 0, "relations": len(exp), "hit": hit, "got": len(got)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("command", nargs="?", choices=["setup"])
    parser.add_argument("--livetext", default=".build/release/livetext")
    parser.add_argument("--corpus", default="Tests/Fixtures/tables")
    parser.add_argument("--img2table", default=os.path.join(VENV, "bin", "python"))
    parser.add_argument("--show")
    args = parser.parse_args()
    if args.command == "setup":
        return setup()
    images = sorted(p for p in glob.glob(os.path.join(args.corpus, "*.png")) if os.path.exists(p[:-4] + ".gt.tsv"))
    tools = ["livetext", "img2table", "tesseract-tsv"]
    if not os.path.exists(args.img2table):
        print("img2table: no venv (run `/usr/bin/python3 bench/tables.py setup`); left out")
        tools.remove("img2table")
    results = {t: {} for t in tools}
    times = {t: [] for t in tools}
    for image in images:
        name = os.path.basename(image)[:-4]
        expected = truth(image[:-4] + ".gt.tsv")
        for tool in tools:
            started = time.monotonic()
            if tool == "livetext":
                found = run_livetext(args.livetext, image)
            elif tool == "tesseract-tsv":
                found = run_tesseract_tsv(image)
            else:
                out = subprocess.run([args.img2table, "-c", IMG2TABLE, image], capture_output=True, text=True, env=ENV,
                                     timeout=300)
                found = json.loads(out.stdout.strip().splitlines()[-1]) if out.stdout.strip() else []
            times[tool].append(time.monotonic() - started)
            results[tool][name] = score(name, found, expected)
            if args.show == name:
                print(f"--- {tool}: {json.dumps(found)}")
    print(f"{'image':36}" + "".join(f"{t:>26}" for t in tools))
    print(f"{'':36}" + "".join(f"{'F1  exact  phantom':>26}" for _ in tools))
    for image in images:
        name = os.path.basename(image)[:-4]
        cells = "".join(f"{results[t][name]['f1']:>12.2f}{results[t][name]['exact']:>7.2f}{results[t][name]['phantom']:>7}"
                        for t in tools)
        print(f"{name:36}{cells}")
    print()
    for tool in tools:
        rs = [r for n, r in results[tool].items() if r["relations"]]
        hit, got, rel = sum(r["hit"] for r in rs), sum(r["got"] for r in rs), sum(r["relations"] for r in rs)
        p, r = (hit / got if got else 0.0), (hit / rel if rel else 0.0)
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        exact = statistics.mean(x["exact"] for x in rs) if rs else 0.0
        phantom = sum(x["phantom"] for x in results[tool].values())
        median = statistics.median(times[tool])
        ratio = median / statistics.median(times["tesseract-tsv"])
        print(f"{tool:14} adjacency P {p:.2f} R {r:.2f} F1 {f1:.2f}   exact cells {exact:.2f}   phantom tables {phantom}"
              f"   median {median * 1000:.0f} ms/image ({ratio:.2f}x tesseract-tsv)")


main()
