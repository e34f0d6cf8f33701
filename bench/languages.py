#!/usr/bin/python3
"""OCR of other languages: livetext with nothing configured beside tesseract, per language.

    /usr/bin/python3 bench/languages.py [--livetext PATH] [--corpus Tests/Fixtures/languages]
                                        [--json-out FILE]

The corpus is bench/make_screens.sh's lang-LANG-*.png + .gt.txt (our own text in a terminal);
LANG is the tesseract language of the page, `mixed` a page of English, German and French blocks.
For every image, in one run:
  livetext    `livetext analyze --json --types text --local IMG` with no --lang and an English
              locale (LANG=en_US.UTF-8, no LANGUAGE/LC_ALL/LC_MESSAGES), settings of an empty
              XDG_CONFIG_HOME: the languages are found by livetext itself
  lt-right    the same with `--lang` the page's language by hand
  eng         `tesseract IMG - --psm 3 -l eng`
  right       the same with the page's language by hand (`eng+deu+fra` for the mixed page)
  latin       the same with Debian's `Latin` script model (tesseract-ocr-script-latn)
  all         the same with every Latin-script language of the corpus at once
              (eng+deu+fra+spa+por+ita+nld+pol), and the page's own when it is another script
each scored as bench/accuracy.py scores (CER over NFC text with whitespace runs folded) plus the
share of the ground truth's accented letters (every non-ASCII letter; on a Cyrillic, Greek or
Chinese page every letter of its script) read right: aligned by difflib to the same letter in the
output. Spaces next to a CJK character are left out of both texts (Chinese is written without
them; tesseract puts one between every two characters). Times are CPU seconds (user + system) of one process
per image (OMP_THREAD_LIMIT=1), livetext's including its start-up and its codes pass.

    /usr/bin/python3 bench/languages.py --english BEFORE [--livetext PATH] [--rounds 3]

compares two livetext binaries on the English corpus (Tests/Fixtures/screens), both with nothing
configured and an English locale: CER over the corpus, and CPU seconds (user + system of the
process, summed over its engines; steadier than wall time on a shared machine), one process per
image, the two binaries taking turns image by image, the best of --rounds kept per image.
Exit status 0 whatever the scores.
"""

import argparse
import difflib
import json
import os
import resource
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from accuracy import load_corpus, normalize, score  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "Tests", "Fixtures", "languages")
ALL = "eng+deu+fra+spa+por+ita+nld+pol"
ENGINES = ["livetext", "lt-right", "eng", "right", "latin", "all"]
LATIN_SCRIPT = set(ALL.split("+"))


def is_cjk(c):
    return "\u3000" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" or "\uf900" <= c <= "\uffef"


def without_cjk_spaces(text):
    """`text` without the whitespace that has a CJK character on either side."""
    text = normalize(text)
    return "".join(c for i, c in enumerate(text)
                   if not (c == " " and ((i > 0 and is_cjk(text[i - 1]))
                                         or (i + 1 < len(text) and is_cjk(text[i + 1])))))


def accented(gt, out):
    """(right, total): the ground truth's non-ASCII letters, and how many difflib aligns to the same."""
    gt, out = normalize(gt), normalize(out)
    wanted = [i for i, c in enumerate(gt) if c.isalpha() and not c.isascii()]
    matcher = difflib.SequenceMatcher(None, gt, out, autojunk=False)
    equal = set()
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag == "equal":
            equal.update(range(i1, i2))
    return sum(1 for i in wanted if i in equal), len(wanted)


def tesseract(image, languages):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    out, seconds = cpu_seconds(["tesseract", image, "-", "--psm", "3", "-l", languages], env)
    return out.decode("utf-8", "replace"), seconds


def livetext(binary, image, config_home, lang=None):
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="en_US.UTF-8", OMP_THREAD_LIMIT="1", LIVETEXT_LOCAL="1", XDG_CONFIG_HOME=config_home)
    out, seconds = cpu_seconds([binary, "analyze", "--json", "--types", "text", "--local", image]
                               + (["--lang", lang] if lang else []), env)
    document = json.loads(out)
    languages = sorted({b.get("language", "?") for b in document["blocks"]})
    return document["text"], seconds, "+".join(languages)


def cpu_seconds(command, env):
    """Runs command; (stdout, user + system CPU seconds it took)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(command, env=env, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return proc.stdout, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def english(before, after, rounds):
    items = load_corpus(os.path.join(ROOT, "Tests", "Fixtures", "screens"))
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    totals = {"before": [0, 0.0], "after": [0, 0.0]}
    gt_chars = 0
    print(f"{'image':36} {'before CER% cpu s':>18} {'after CER% cpu s':>18}  blocks not eng")
    with tempfile.TemporaryDirectory() as config_home:
        env.update(LANG="en_US.UTF-8", OMP_THREAD_LIMIT="1", LIVETEXT_LOCAL="1", XDG_CONFIG_HOME=config_home)
        for item in items:
            gt_chars += len(normalize(item["gt"]))
            best, texts, foreign = {}, {}, []
            for _ in range(rounds):
                for label, binary in (("before", before), ("after", after)):
                    out, seconds = cpu_seconds([binary, "analyze", "--json", "--types", "text", "--local",
                                                item["image"]], env)
                    document = json.loads(out)
                    texts[label] = document["text"]
                    best[label] = min(best.get(label, seconds), seconds)
                    if label == "after":
                        foreign = [b["language"] for b in document["blocks"] if b.get("language") != "eng"]
            cells = []
            for label in ("before", "after"):
                scored = score(item["gt"], texts[label])
                totals[label][0] += scored["edits"]
                totals[label][1] += best[label]
                cells.append(f"{100 * scored['cer']:6.2f} {best[label]:6.2f}")
            print(f"{item['name']:36} {cells[0]:>18} {cells[1]:>18}  {' '.join(sorted(set(foreign))) or '-'}")
            sys.stdout.flush()
    cells = [f"{100 * totals[label][0] / gt_chars:6.2f} {totals[label][1]:6.2f}" for label in ("before", "after")]
    print(f"{'overall':36} {cells[0]:>18} {cells[1]:>18}  CPU after/before {totals['after'][1] / totals['before'][1]:.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--livetext", default=os.path.join(ROOT, ".build", "release", "livetext"))
    parser.add_argument("--corpus", default=CORPUS)
    parser.add_argument("--json-out")
    parser.add_argument("--english", metavar="BEFORE", help="compare with this binary on the English corpus")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.english:
        english(args.english, args.livetext, args.rounds)
        return
    items = load_corpus(args.corpus)
    rows = []
    with tempfile.TemporaryDirectory() as config_home:
        for item in items:
            language = item["name"].split("-")[1]
            right = "eng+deu+fra" if language == "mixed" else language
            every = ALL if language in LATIN_SCRIPT | {"mixed"} else ALL + "+" + language
            outputs = {}
            text, seconds, found = livetext(args.livetext, item["image"], config_home)
            outputs["livetext"] = (text, seconds)
            outputs["lt-right"] = livetext(args.livetext, item["image"], config_home, right)[:2]
            outputs["eng"] = tesseract(item["image"], "eng")
            outputs["right"] = tesseract(item["image"], right)
            outputs["latin"] = tesseract(item["image"], "Latin")
            outputs["all"] = tesseract(item["image"], every)
            gt = without_cjk_spaces(item["gt"])
            row = {"name": item["name"], "language": language, "livetext_languages": found,
                   "gt_chars": len(gt)}
            for engine, (text, seconds) in outputs.items():
                text = without_cjk_spaces(text)
                scored = score(gt, text)
                ok, total = accented(gt, text)
                row[engine] = {"cer": scored["cer"], "edits": scored["edits"], "accented_right": ok,
                               "accented": total, "seconds": round(seconds, 3)}
            rows.append(row)
            print_row(row)
    print_total(rows)
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(rows, f, indent=1)


def cell(result):
    share = result["accented_right"] / result["accented"] if result["accented"] else 1
    return f"{100 * result['cer']:5.2f} {100 * share:5.1f} {result['seconds']:5.2f}"


def print_row(row):
    if not hasattr(print_row, "header"):
        print_row.header = True
        print(f"{'image':24} {'read as':16} " + " ".join(f"{e + ' CER% acc% s':>17}" for e in ENGINES))
    print(f"{row['name']:24} {row['livetext_languages']:16} " + " ".join(f"{cell(row[e]):>17}" for e in ENGINES))
    sys.stdout.flush()


def print_total(rows):
    groups = [("Latin script", [r for r in rows if r["language"] in LATIN_SCRIPT | {"mixed"}]),
              ("other scripts", [r for r in rows if r["language"] not in LATIN_SCRIPT | {"mixed"}])]
    for label, group in groups:
        if not group:
            continue
        totals = {}
        for engine in ENGINES:
            edits = sum(r[engine]["edits"] for r in group)
            ok = sum(r[engine]["accented_right"] for r in group)
            total = sum(r[engine]["accented"] for r in group)
            seconds = sum(r[engine]["seconds"] for r in group)
            totals[engine] = (edits, ok, total, seconds)
        gt_chars = sum(r["gt_chars"] for r in group)
        print(f"{label:24} {'':16} " + " ".join(
            f"{100 * edits / gt_chars:5.2f} {100 * ok / max(total, 1):5.1f} {seconds:5.2f}".rjust(17)
            for edits, ok, total, seconds in totals.values()))
        worse = [r["name"] for r in group if r["livetext"]["edits"] > r["eng"]["edits"]]
        ratio = totals["livetext"][0] / max(totals["right"][0], 1)
        print(f"  {label}: livetext CER / right-language tesseract CER {ratio:.2f} (target <= 0.75); "
              f"captures worse than tesseract eng: {', '.join(worse) or 'none'}")


if __name__ == "__main__":
    main()
