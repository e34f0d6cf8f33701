#!/usr/bin/python3
"""OCR accuracy of livetext beside plain tesseract on the screen-capture corpus.

    /usr/bin/python3 bench/accuracy.py [--livetext PATH] [--corpus Tests/Fixtures/screens]
                                       [--json-out FILE] [--show NAME] [--peers LIST]

For every NAME.png with a NAME.gt.txt in the corpus it runs
  (a) `tesseract NAME.png - --psm 3` (OMP_THREAD_LIMIT=1), one process per image, and
  (b) `livetext analyze --json --types text IMG...`, one process for all images; it prints one
      JSON object per image, in the order of the files, whose "text" field is the recognized text,
and scores both against the ground truth:
  CER = Levenshtein distance over characters / characters of the ground truth,
  WER = Levenshtein distance over whitespace-separated words / words of the ground truth,
after normalising both sides: Unicode NFC, every run of whitespace (newlines too) made one space,
stripped. Reading order therefore matters, line breaks and indentation do not.
The overall figures are total edits / total ground-truth characters (or words).

Without --livetext (or when the binary is missing or fails) only tesseract is evaluated.
--show NAME prints the ground truth, both outputs and a diff of each against it, for one image.

--peers LIST (comma-separated) adds other tools, scored the same way, as extra columns and a
summary with their ratios to tesseract and their median time per image (bench/normcap_peer.py;
run `/usr/bin/python3 bench/normcap_peer.py setup` once for the ones that need its venv):
  normcap            NormCap 0.6.0's own pipeline with its default settings, one process for all
                     images (its time per image excludes the Python/Qt start-up, shown apart)
  normcap-raw        the same with parse-text off (tesseract's lines, no transformer)
  tesseract-normcap  NormCap's preprocessing (2x Qt smooth upscale, 80 px border) + tesseract --psm 3
  tesseract-normcap-im  the same upscaled by ImageMagick (-filter Triangle): an approximation
With peers, livetext is also run once per image (one process each) to time it image by image.
Without --peers the output is what it was before they existed.
Exit status is 0 whatever the scores; non-zero only when the script itself fails.
"""

import argparse
import collections
import difflib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.join(os.path.dirname(HERE), "Tests", "Fixtures", "screens")


# ---------------------------------------------------------------- scoring

def normalize(text):
    """NFC, whitespace runs (newlines included) collapsed to one space, stripped."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def levenshtein(a, b):
    """Edit distance (insertions, deletions, substitutions, each costing 1) between two sequences
    (strings or lists of words). Plain dynamic programming, one row at a time: O(len(a)*len(b))
    time, O(len(b)) memory; a shared prefix and suffix are removed first."""
    # Trim what is equal at both ends: it costs nothing and is often most of the text.
    start = 0
    n, m = len(a), len(b)
    while start < n and start < m and a[start] == b[start]:
        start += 1
    end_a, end_b = n, m
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    a, b = a[start:end_a], b[start:end_b]
    if len(a) < len(b):
        a, b = b, a  # the inner loop runs over the shorter one
    if not b:
        return len(a)
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        append = current.append
        left = i
        for j, cb in enumerate(b):
            # substitution (or match), deletion, insertion
            diagonal = previous[j] + (ca != cb)
            up = previous[j + 1] + 1
            best = left + 1
            if up < best:
                best = up
            if diagonal < best:
                best = diagonal
            append(best)
            left = best
        previous = current
    return previous[-1]


def score(ground_truth, output):
    gt, out = normalize(ground_truth), normalize(output)
    gt_words, out_words = gt.split(" ") if gt else [], out.split(" ") if out else []
    edits = levenshtein(gt, out)
    word_edits = levenshtein(gt_words, out_words)
    # Reading order ignored: words missing from the output or extra in it, as multisets. It is a
    # lower bound of the word edits, so word_edits - bag_word_edits is what the order costs.
    gt_bag, out_bag = collections.Counter(gt_words), collections.Counter(out_words)
    bag_word_edits = max(sum((gt_bag - out_bag).values()), sum((out_bag - gt_bag).values()))
    return {
        "edits": edits,
        "cer": edits / max(len(gt), 1),
        "word_edits": word_edits,
        "wer": word_edits / max(len(gt_words), 1),
        "bag_word_edits": bag_word_edits,
        "bag_wer": bag_word_edits / max(len(gt_words), 1),
        "output_chars": len(out),
    }


# ---------------------------------------------------------------- engines

def run_tesseract(tesseract, image):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    started = time.monotonic()
    proc = subprocess.run([tesseract, image, "-", "--psm", "3"], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=False)
    seconds = time.monotonic() - started
    if proc.returncode != 0:
        raise RuntimeError(f"tesseract failed on {image} ({proc.returncode}): "
                           f"{proc.stderr.decode('utf-8', 'replace').strip()}")
    return proc.stdout.decode("utf-8", "replace"), seconds


def parse_json_stream(text):
    """Every JSON value in text, in order: JSON Lines, or pretty-printed objects one after another."""
    decoder = json.JSONDecoder()
    values, i = [], 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return values
        value, i = decoder.raw_decode(text, i)
        values.append(value)


def run_livetext(livetext, images, extra=()):
    """One call for every image. Returns (texts by image path, seconds, note) where texts is None
    and note says why when the call could not be used."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    cmd = [livetext, "analyze", "--local", "--json", "--types", "text"] + list(extra) + images
    started = time.monotonic()
    try:
        proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              check=False, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, 0.0, f"could not run {livetext}: {error}"
    seconds = time.monotonic() - started
    stderr = proc.stderr.decode("utf-8", "replace").strip()
    if proc.returncode != 0:
        return None, seconds, f"{livetext} exited with {proc.returncode}: {stderr[-2000:]}"
    try:
        docs = parse_json_stream(proc.stdout.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        return None, seconds, f"{livetext} printed something that is not JSON: {error}"
    docs = [d for d in docs if isinstance(d, dict)]
    if len(docs) != len(images):
        return None, seconds, f"{livetext} printed {len(docs)} JSON objects for {len(images)} images"
    texts = {}
    for image, doc in zip(images, docs):
        source = (doc.get("image") or {}).get("source") or ""
        # The contract says: in the order of the files. Check it when the source is given.
        if source.startswith("file:") and os.path.basename(source) != os.path.basename(image):
            return None, seconds, f"{livetext}: object for {image} names {source} (order differs)"
        text = doc.get("text")
        texts[image] = text if isinstance(text, str) else ""
    return texts, seconds, stderr


# (column label, normcap_peer.py arguments) of the peers --peers knows
PEERS = {
    "normcap": ("ncap", ["normcap"]),
    "normcap-raw": ("ncapraw", ["normcap", "--raw"]),
    "tesseract-normcap": ("tess-nc", ["tesseract-normcap"]),
    "tesseract-normcap-im": ("tess-ncim", ["tesseract-normcap", "--scaler", "imagemagick"]),
}
PEER_SCRIPT = os.path.join(HERE, "normcap_peer.py")


def run_peer(name, images):
    """One normcap_peer.py process for all images. Returns (texts by image path, seconds by image
    path, start-up seconds, note) where texts is None and note says why when it could not be used."""
    cmd = [sys.executable, PEER_SCRIPT] + PEERS[name][1] + ["--json"] + images
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False, timeout=3600)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, None, None, f"could not run {name}: {error}"
    stderr = proc.stderr.decode("utf-8", "replace").strip()
    try:
        docs = [d for d in parse_json_stream(proc.stdout.decode("utf-8")) if isinstance(d, dict)]
    except (ValueError, UnicodeDecodeError) as error:
        return None, None, None, f"{name} printed something that is not JSON: {error}"
    if len(docs) != len(images):
        return None, None, None, (f"{name} printed {len(docs)} results for {len(images)} images "
                                  f"(exit {proc.returncode}): {stderr[-2000:]}")
    texts, seconds = {}, {}
    for image, doc in zip(images, docs):
        if doc.get("image") != image:
            return None, None, None, f"{name}: result for {image} names {doc.get('image')} (order differs)"
        if "error" in doc:
            return None, None, None, f"{name} failed on {image}: {doc['error']}"
        texts[image] = doc.get("text") or ""
        seconds[image] = doc.get("seconds")
    return texts, seconds, docs[0].get("startup_seconds"), stderr


def time_livetext_per_image(livetext, images, extra=()):
    """Wall time of one `livetext analyze` process per image, by image path (None if one fails)."""
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    seconds = {}
    for image in images:
        started = time.monotonic()
        try:
            proc = subprocess.run([livetext, "analyze", "--local", "--json", "--types", "text"] + list(extra)
                                  + [image], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  check=False, timeout=600)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if proc.returncode != 0:
            return None
        seconds[image] = time.monotonic() - started
    return seconds


# ---------------------------------------------------------------- corpus

def load_corpus(corpus, only=None):
    if not os.path.isdir(corpus):
        sys.exit(f"accuracy: no corpus directory {corpus}")
    items = []
    for name in sorted(os.listdir(corpus)):
        if not name.endswith(".png"):
            continue
        stem = name[:-4]
        if only and only not in (stem, name):
            continue
        gt_path = os.path.join(corpus, stem + ".gt.txt")
        if not os.path.exists(gt_path):
            print(f"accuracy: {name} has no {stem}.gt.txt, skipped", file=sys.stderr)
            continue
        with open(gt_path, encoding="utf-8") as f:
            items.append({"name": stem, "image": os.path.join(corpus, name), "gt": f.read()})
    if not items:
        sys.exit(f"accuracy: no NAME.png + NAME.gt.txt in {corpus}"
                 + (f" matching {only}" if only else ""))
    return items


# ---------------------------------------------------------------- output

def pct(x):
    return "-" if x is None else f"{100 * x:.2f}%"


def print_table(items, engines):
    width = max(len("overall"), *(len(it["name"]) for it in items))
    # (heading, engine, metric) for every rate column of the engines that ran: CER columns, then WER.
    labels = dict({"tesseract": "tess", "livetext": "live"}, **{p: PEERS[p][0] for p in PEERS})
    ran = [e for e in labels if e in engines]
    columns = [(f"{m.upper()} {labels[e]}", e, m) for m in ("cer", "wer") for e in ran]
    head = f"{'image':<{width}}  {'chars':>6}" + "".join(f"  {h:>{max(9, len(h))}}" for h, _, _ in columns)
    print(head)
    print("-" * len(head))

    def row(label, chars, results):
        print(f"{label:<{width}}  {chars:>6}"
              + "".join(f"  {pct(results.get(e) and results[e][m]):>{max(9, len(h))}}" for h, e, m in columns))

    for it in items:
        row(it["name"], it["gt_chars"], it)
    print("-" * len(head))
    row("overall", sum(it["gt_chars"] for it in items), engines)


def print_peers(items, engines, startups, notes):
    """Overall CER and WER of every engine, their ratio to tesseract's, and the median time per image."""
    base = engines.get("tesseract")

    def ratio(engine, metric):
        if not base or base[metric] == 0:
            return "-"
        return f"{engines[engine][metric] / base[metric]:.3f}"

    print()
    print("peers (ratio = engine / tesseract; time: median wall time per image over the corpus)")
    head = f"{'engine':<22}  {'CER':>7}  {'WER':>7}  {'CER ratio':>9}  {'WER ratio':>9}  {'s/image':>8}  start-up"
    print(head)
    print("-" * len(head))
    for engine in engines:
        times = [it[engine + "_seconds"] for it in items if it.get(engine + "_seconds") is not None]
        median = f"{statistics.median(times):.3f}" if len(times) == len(items) else "-"
        startup = f"{startups[engine]:.3f} s" if startups.get(engine) is not None else ""
        print(f"{engine:<22}  {pct(engines[engine]['cer']):>7}  {pct(engines[engine]['wer']):>7}  "
              f"{ratio(engine, 'cer'):>9}  {ratio(engine, 'wer'):>9}  {median:>8}  {startup}")
    for engine, note in notes.items():
        print(f"  {engine}: {note}")


def word_diff(gt, out):
    """GT against output, word by word: [-missing-] {+extra+}."""
    a, b = normalize(gt).split(), normalize(out).split()
    parts = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            parts.append(" ".join(a[i1:i2]))
        else:
            if i2 > i1:
                parts.append("[-" + " ".join(a[i1:i2]) + "-]")
            if j2 > j1:
                parts.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(parts)


def show(item, outputs):
    def lines(text):
        return [" ".join(l.split()) for l in text.splitlines() if l.strip()]

    print(f"=== {item['name']}: ground truth ({item['gt_chars']} chars) ===")
    print(item["gt"].rstrip("\n"))
    for engine, text in outputs.items():
        print(f"\n=== {engine} ===")
        if text is None:
            print("(not run)")
            continue
        s = item.get(engine)
        print(f"CER {pct(s['cer'])} ({s['edits']} edits), WER {pct(s['wer'])} ({s['word_edits']} words), "
              f"WER with reading order ignored {pct(s['bag_wer'])}")
        print("--- line diff (- ground truth, + output; blank lines and spacing ignored) ---")
        for line in difflib.unified_diff(lines(item["gt"]), lines(text), "ground truth", engine,
                                         n=1, lineterm=""):
            print(line)
        print("--- word diff ([-missing-] {+extra+}) ---")
        print(word_diff(item["gt"], text))


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description="OCR accuracy of livetext beside tesseract on the screen corpus.")
    ap.add_argument("--livetext", help="path of the livetext binary (omit for tesseract only)")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="folder of NAME.png + NAME.gt.txt")
    ap.add_argument("--json-out", help="also write the results as JSON to this file")
    ap.add_argument("--show", metavar="NAME", help="GT against both outputs for one image")
    ap.add_argument("--livetext-args", default="", metavar="ARGS",
                    help="extra options for livetext analyze, e.g. '--debug-target-height 16'")
    ap.add_argument("--tesseract", default="tesseract", help="the tesseract binary (default: on PATH)")
    ap.add_argument("--peers", default="", metavar="LIST",
                    help="also score these, comma-separated: " + ", ".join(PEERS))
    args = ap.parse_args()
    peers = [p.strip() for p in args.peers.split(",") if p.strip()]
    unknown = [p for p in peers if p not in PEERS]
    if unknown:
        ap.error(f"unknown peer {', '.join(unknown)} (known: {', '.join(PEERS)})")

    items = load_corpus(args.corpus, args.show)
    images = [it["image"] for it in items]
    for it in items:
        normalized = normalize(it["gt"])
        it["gt_chars"] = len(normalized)
        it["gt_words"] = len(normalized.split())

    # tesseract
    tesseract = shutil.which(args.tesseract)
    tess_texts = None
    tess_version = None
    if tesseract is None:
        print(f"accuracy: {args.tesseract} not found: the tesseract column is empty", file=sys.stderr)
    else:
        v = subprocess.run([tesseract, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           check=False)
        tess_version = v.stdout.decode("utf-8", "replace").splitlines()[0] if v.stdout else None
        tess_texts = {}
        for it in items:
            text, seconds = run_tesseract(tesseract, it["image"])
            tess_texts[it["image"]] = text
            it["tesseract_seconds"] = round(seconds, 3)

    # livetext
    live_texts, live_seconds, live_note = None, None, None
    if not args.livetext:
        live_note = "no --livetext given: evaluating tesseract only"
    elif not (os.path.isfile(args.livetext) and os.access(args.livetext, os.X_OK)):
        live_note = f"{args.livetext} is missing or not executable: evaluating tesseract only"
    else:
        live_texts, live_seconds, note = run_livetext(args.livetext, images, args.livetext_args.split())
        if live_texts is None:
            live_note = f"livetext unusable, evaluating tesseract only: {note}"
        elif note:
            print(f"accuracy: livetext said on stderr: {note.splitlines()[0]}", file=sys.stderr)
    if live_note:
        print(f"accuracy: {live_note}", file=sys.stderr)

    # peers (and livetext image by image, to time it like them)
    peer_texts, peer_startups, peer_notes = {}, {}, {}
    if peers and live_texts is not None and not args.show:
        per_image = time_livetext_per_image(args.livetext, images, args.livetext_args.split())
        if per_image is None:
            peer_notes["livetext"] = "a livetext process failed on one image: no time per image"
        else:
            for it in items:
                it["livetext_seconds"] = round(per_image[it["image"]], 3)
            peer_notes["livetext"] = "timed in one process per image (its scores come from the one call)"
    for peer in peers:
        texts, seconds, startup, note = run_peer(peer, images)
        if texts is None:
            print(f"accuracy: {peer} not evaluated: {note}", file=sys.stderr)
            peer_notes[peer] = f"not evaluated: {note.splitlines()[0] if note else '?'}"
            continue
        peer_texts[peer] = texts
        peer_startups[peer] = startup
        for it in items:
            it[peer + "_seconds"] = seconds[it["image"]]

    engines = {}
    for engine, texts in [("tesseract", tess_texts), ("livetext", live_texts)] + list(peer_texts.items()):
        if texts is None:
            continue
        total = {"edits": 0, "word_edits": 0, "bag_word_edits": 0}
        for it in items:
            s = score(it["gt"], texts[it["image"]])
            it[engine] = s
            for key in total:
                total[key] += s[key]
        chars = sum(it["gt_chars"] for it in items)
        words = sum(it["gt_words"] for it in items)
        engines[engine] = dict(total, cer=total["edits"] / max(chars, 1), wer=total["word_edits"] / max(words, 1),
                               bag_wer=total["bag_word_edits"] / max(words, 1))

    if args.show:
        show(items[0], dict({"tesseract": tess_texts and tess_texts[items[0]["image"]],
                             "livetext": live_texts and live_texts[items[0]["image"]]},
                            **{p: peer_texts[p][items[0]["image"]] for p in peer_texts}))
        return 0

    print(f"corpus: {args.corpus} ({len(items)} images)")
    if tess_version:
        print(f"tesseract: {tess_version}, --psm 3, OMP_THREAD_LIMIT=1")
    if live_texts is not None:
        print(f"livetext: {args.livetext} (one call, {live_seconds:.1f} s)")
    print()
    print_table(items, engines)
    print()

    print("WER with reading order ignored (missing or extra words): "
          + ", ".join(f"{e} {pct(v['bag_wer'])}" for e, v in engines.items()))
    ratio = None
    worse = []
    if "tesseract" in engines and "livetext" in engines:
        t, l = engines["tesseract"]["cer"], engines["livetext"]["cer"]
        ratio = (l / t) if t > 0 else (None if l > 0 else 1.0)
        print(f"overall CER: tesseract {pct(t)}, livetext {pct(l)}; livetext/tesseract = "
              + (f"{ratio:.3f}" if ratio is not None else "inf (tesseract made no error)"))
        worse = [it for it in items if it["livetext"]["edits"] > it["tesseract"]["edits"]]
        if worse:
            print("livetext is worse than tesseract on:")
            for it in worse:
                print(f"  {it['name']}: CER {pct(it['livetext']['cer'])} vs {pct(it['tesseract']['cer'])} "
                      f"({it['livetext']['edits'] - it['tesseract']['edits']:+d} edits)")
        else:
            print("livetext is not worse than tesseract on any image")
    elif "tesseract" in engines:
        print(f"overall CER: tesseract {pct(engines['tesseract']['cer'])} (livetext not evaluated)")
    if peers:
        print_peers(items, engines, peer_startups, peer_notes)

    if args.json_out:
        doc = {
            "corpus": os.path.abspath(args.corpus),
            "normalization": "NFC, whitespace runs collapsed to one space, stripped",
            "tesseract": engines.get("tesseract") and dict(engines["tesseract"], version=tess_version,
                                                           command="tesseract IMG - --psm 3"),
            "livetext": engines.get("livetext") and dict(engines["livetext"], binary=args.livetext,
                                                         seconds=round(live_seconds, 3)),
            "livetext_note": live_note,
            "ratio_cer_livetext_over_tesseract": ratio,
            "worse_images": [it["name"] for it in worse],
            "images": [{k: it[k] for k in ("name", "gt_chars", "gt_words", "tesseract", "livetext",
                                           "tesseract_seconds") if k in it} for it in items],
        }
        if peers:
            doc["peers"] = {p: dict(engines[p], startup_seconds=peer_startups.get(p),
                                    command=" ".join(["normcap_peer.py"] + PEERS[p][1]))
                            for p in peer_texts}
            doc["peer_notes"] = peer_notes
            for entry, it in zip(doc["images"], items):
                for key in ["livetext_seconds"] + [k for p in peer_texts for k in (p, p + "_seconds")]:
                    if key in it:
                        entry[key] = it[key]
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2, ensure_ascii=False)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
