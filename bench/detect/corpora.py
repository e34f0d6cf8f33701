"""Cases for bench/detect.py: loading the corpora, OCR-noisy copies, the throughput text.

A case is a dict:
  id        unique name ("twitter-text:urls:12", "fixtures:phone:3", ...)
  corpus    the corpus it comes from (a column of the per-corpus breakdown)
  text      the input text
  items     expected items [{"type", "start", "end", "text"}], start/end in code points, end exclusive
  known     the types whose expected items are ALL listed ("*" = every type): a reported item of a
            known type that matches nothing is a false positive; of another type it is ignored
  region, reference   LIVETEXT_REGION / LIVETEXT_REFERENCE_TIME for the case
  languages the languages the text would be read in, as tesseract names them ("deu,fra"; "" for
            none): LIVETEXT_LANGUAGES for the case (from a generated case's "language", ISO 639-1, or
            a fixture's "languages"); English text, and a corpus that says nothing, has none
  noisy     True for an OCR-noisy copy (its "origin" is the clean case's id)
Debian's python only (python3-yaml): nothing from the venv.
"""
import glob
import json
import os
import random
import xml.etree.ElementTree as ET

DEFAULT_REGION = "US"
DEFAULT_REFERENCE = "2026-03-01T09:00:00-08:00"
ALL = "*"


# ISO 639-1 (CLDR's locales) -> tesseract's language names; English needs none.
TESSERACT_LANGUAGES = {"de": "deu", "fr": "fra", "es": "spa", "it": "ita", "nl": "nld", "pt": "por", "pl": "pol"}


def tesseract_languages(language):
    """"de" -> "deu"; "en", None and unknown codes -> ""."""
    return TESSERACT_LANGUAGES.get((language or "").split("_")[0], "")


def make_case(case_id, corpus, text, found, known, region=None, reference=None, languages="", **extra):
    """found: [(type, item text)] in any order; each is located in text (the k-th item with the
    same text is its k-th occurrence). Returns (case, None) or (None, why) when an item is not a
    substring of the text."""
    items, seen = [], {}
    for entry in found:
        kind, item_text = entry[0], entry[1]
        optional = len(entry) > 2 and entry[2]
        if not item_text:
            return None, f"{case_id}: empty {kind} item"
        start = seen.get(item_text, 0) - 1
        while True:  # the next occurrence not inside an item placed before
            start = text.find(item_text, start + 1)
            if start < 0 or not any(i["start"] < start + len(item_text) and start < i["end"] for i in items):
                break
        if start < 0:
            return None, f"{case_id}: {kind} item {item_text!r} is not in the text"
        seen[item_text] = start + 1
        items.append({"type": kind, "start": start, "end": start + len(item_text), "text": item_text,
                      **({"optional": True} if optional else {})})
    items.sort(key=lambda i: (i["start"], i["end"]))
    case = {"id": case_id, "corpus": corpus, "text": text, "items": items, "known": known,
            "region": region or DEFAULT_REGION, "reference": reference or DEFAULT_REFERENCE,
            "languages": languages or "", "noisy": False}
    case.update(extra)
    return case, None


# ---------------------------------------------------------------- public corpora

def twitter_text(path):
    """github.com/twitter/twitter-text conformance/extract.yml, section `urls` (Apache-2.0):
    {description, text, expected URLs}; an empty expected list is a negative."""
    import yaml  # python3-yaml
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    cases, problems = [], []
    for i, test in enumerate(doc["tests"]["urls"]):
        case, why = make_case(f"twitter-text:urls:{i}", "twitter-text", test["text"],
                              [("link", u) for u in test.get("expected") or []], ["link"],
                              description=test.get("description"))
        (cases.append(case) if case else problems.append(why))
    return cases, problems


EMAIL_TEMPLATES = ["Send the signed form to {} before Friday.", "Contact: {}", "Questions? Write to {} anytime.",
                   "Reply to {} (not to this address) with your order number.", "e-mail {} for a quote"]


def isemail(path):
    """github.com/dominicsayers/isemail test/tests.xml (BSD): addresses of category
    ISEMAIL_VALID_CATEGORY are positives, ISEMAIL_ERR ones negatives, each put in a sentence. Left
    out: empty addresses and ERR addresses whose fault is only what running text puts around an
    address anyway (control characters, CR/LF, comments in parentheses, quotes, a final dot), as
    there a detector rightly finds the plain address. Other categories (RFC5321, RFC5322, DEPREC,
    CFWS, DNSWARN: valid with warnings) are neither."""
    root = ET.parse(path).getroot()
    cases, problems, skipped = [], [], 0
    n = 0
    for test in root.iter("test"):
        category = test.findtext("category")
        address = test.findtext("address") or ""
        if category not in ("ISEMAIL_VALID_CATEGORY", "ISEMAIL_ERR"):
            continue
        if category == "ISEMAIL_ERR" and (
                not address.strip() or any(0x2400 <= ord(c) <= 0x2426 or c == "\x7f" for c in address)
                or any(c in address for c in '()"') or address.endswith(".")):
            skipped += 1
            continue
        if not address:
            continue
        text = EMAIL_TEMPLATES[n % len(EMAIL_TEMPLATES)].format(address)
        n += 1
        found = [("email", address)] if category == "ISEMAIL_VALID_CATEGORY" else []
        case, why = make_case(f"isemail:{test.get('id')}", "isemail", text, found, ["email"],
                              description=f"{category} {test.findtext('diagnosis')}")
        (cases.append(case) if case else problems.append(why))
    if skipped:
        problems.append(f"isemail: {skipped} ERR addresses left out (faults running text hides)")
    return cases, problems


TRACKING_TEMPLATES = ["Your parcel {} is on its way.", "Tracking number: {}", "Shipment {} was handed to the carrier today.",
                      "We could not deliver package {}; please reschedule.", "Sendung {} - zugestellt"]


def tracking(folder):
    """github.com/jkeen/tracking_number_data couriers/*.json (MIT): test_numbers.valid are
    positives, test_numbers.invalid negatives (left out when the same number, spaces ignored, is a
    valid test number of another format), each put in a sentence."""
    cases, problems = [], []
    files = sorted(glob.glob(os.path.join(folder, "*.json")))
    valid_everywhere = set()
    docs = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        docs.append((os.path.basename(path)[:-5], doc))
        for fmt in doc.get("tracking_numbers", []):
            for number in (fmt.get("test_numbers") or {}).get("valid", []):
                valid_everywhere.add(number.replace(" ", ""))
    n = 0
    for courier, doc in docs:
        for fmt in doc.get("tracking_numbers", []):
            tests = fmt.get("test_numbers") or {}
            for polarity in ("valid", "invalid"):
                for k, number in enumerate(tests.get(polarity, [])):
                    if polarity == "invalid" and number.replace(" ", "") in valid_everywhere:
                        continue
                    text = TRACKING_TEMPLATES[n % len(TRACKING_TEMPLATES)].format(number)
                    n += 1
                    found = [("tracking", number)] if polarity == "valid" else []
                    case, why = make_case(f"tracking:{courier}:{fmt.get('id', fmt.get('name'))}:{polarity}:{k}",
                                          "tracking_number_data", text, found, ["tracking"],
                                          description=f"{doc.get('name')} {fmt.get('name')} {polarity}")
                    (cases.append(case) if case else problems.append(why))
    return cases, problems


def generated(path, corpus, kind=None):
    """A corpus of bench/detect-data/*.jsonl (one case a line: `id`, `text`, `items`, optional
    `region`, `reference`, `source`) whose texts list every item of `kind` (None: of the types of
    the case's own items)."""
    cases, problems = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            raw = json.loads(line)
            known = [kind] if kind else raw.get("known") or sorted({i["type"] for i in raw["items"]})
            case, why = make_case(raw["id"], corpus, raw["text"],
                                  [(i["type"], i["text"], i.get("optional", False)) for i in raw["items"]], known,
                                  region=raw.get("region"), reference=raw.get("reference"),
                                  languages=tesseract_languages(raw.get("language")),
                                  description=raw.get("source"))
            (cases.append(case) if case else problems.append(why))
    return cases, problems


def phone(path):
    """bench/detect-data/phone.jsonl, generated by bench/detect/make_phone_cases.py from Google
    libphonenumber's metadata (example numbers) through the phonenumbers package."""
    return generated(path, "libphonenumber-examples", "phone")


def phone_world(path):
    """bench/detect-data/phone-world.jsonl: every region's example numbers after a phone word, read
    in another region (make_phone_cases.py --world)."""
    return generated(path, "libphonenumber-world", "phone")


def dateparser_tests(path):
    """bench/detect-data/dateparser-tests.jsonl, made by bench/detect/make_date_cases.py from the
    English cases of dateparser's own tests (PyPI sdist 1.5.0, BSD-3-Clause): search_dates texts
    with the substrings it finds, and test_dates_parsing's one-date strings."""
    return generated(path, "dateparser-tests", "date")


def cldr(path):
    """bench/detect-data/cldr.jsonl, made by bench/detect/make_cldr_cases.py: dates, amounts and
    measurements as Unicode CLDR writes them in several locales (through babel), in our sentences."""
    return generated(path, "cldr")


def cldr_relative(path):
    """bench/detect-data/cldr-relative.jsonl, made by bench/detect/make_cldr_relative_cases.py:
    relative times and ranges of days and times as CLDR writes them in eight languages (babel)."""
    return generated(path, "cldr-relative", "date")


def holidays(path):
    """bench/detect-data/holidays.jsonl, made by bench/detect/make_holiday_cases.py: public
    holidays of nine countries from the holidays package's definitions, with and without a year."""
    return generated(path, "holidays", "date")


def git_log(path):
    """bench/detect-data/git-log.jsonl, made by bench/detect/make_git_log_cases.py: real commit
    headers of a public repository as `git log` prints them, the dates labelled from git's layout."""
    return generated(path, "git-log", "date")


def debian_changelog(path):
    """bench/detect-data/debian-changelog.jsonl, made by bench/detect/make_debian_changelog_cases.py:
    the trailer lines of installed Debian changelogs, their RFC 2822 dates labelled from the layout."""
    return generated(path, "debian-changelog", "date")


def faker_addresses(path):
    """bench/detect-data/faker-addresses.jsonl, made by bench/detect/make_faker_cases.py: addresses
    in the formats of faker's locale providers for 15 countries."""
    return generated(path, "faker-addresses", "address")


def fixtures(root):
    """Our own cases: Tests/DetectorTests/Fixtures/*/cases.jsonl, {"text", "items": [{"type",
    "text"}], optional "reference", "region", "languages"}; every item of the text is listed (all types known),
    unless the case says otherwise with an optional "known": [types whose items are all listed].
    Read as they are when the script runs; a bad line is reported and skipped."""
    cases, problems = [], []
    for path in sorted(glob.glob(os.path.join(root, "*", "cases.jsonl"))):
        folder = os.path.basename(os.path.dirname(path))
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip() or line.lstrip().startswith("//"):
                    continue
                case_id = f"fixtures:{folder}:{number}"
                try:
                    raw = json.loads(line)
                    text = raw["text"]
                    found = [(i["type"], i["text"]) for i in raw.get("items") or []]
                except (ValueError, KeyError, TypeError) as error:
                    problems.append(f"{case_id}: unreadable ({error})")
                    continue
                known = raw.get("known", ALL)  # optional: the types whose items are all listed
                if known != ALL and not (isinstance(known, list) and all(isinstance(k, str) for k in known)):
                    problems.append(f"{case_id}: \"known\" is neither \"*\" nor a list of types")
                    continue
                languages = raw.get("languages") or []
                if not (isinstance(languages, list) and all(isinstance(l, str) for l in languages)):
                    problems.append(f"{case_id}: \"languages\" is not a list of tesseract names")
                    continue
                case, why = make_case(case_id, f"fixtures/{folder}", text, found, known,
                                      region=raw.get("region"), reference=raw.get("reference"),
                                      languages=",".join(languages))
                (cases.append(case) if case else problems.append(why))
    return cases, problems


# ---------------------------------------------------------------- OCR noise

DIGIT_CONFUSIONS = {"0": ["O"], "1": ["l", "I"], "5": ["S"], "8": ["B"]}


def noisy_copy(case, seed):
    """An OCR-noisy copy of a positive case, or None when no item has anything to confuse.
    Inside each expected item, 1 edit (2 in items of 8+ characters, half the time) among:
    0->O, 1->l or I, 5->S, 8->B, a space dropped or doubled, "rn"->"m" between letters. The
    rest of the text is untouched; item spans move with the edits."""
    rng = random.Random(f"{seed}:{case['id']}")
    text = case["text"]
    edits = {}  # position -> (length replaced, replacement)
    for it in case["items"]:
        start, end = it["start"], it["end"]
        candidates = []
        for p in range(start, end):
            c = text[p]
            if c in DIGIT_CONFUSIONS:
                candidates.append((p, 1, rng.choice(DIGIT_CONFUSIONS[c])))
            elif c == " " and start < p < end - 1:
                candidates.append((p, 1, rng.choice(["", "  "])))
            elif (c == "r" and p + 1 < end and text[p + 1] == "n" and p > start
                  and text[p - 1].isalpha() and p + 2 < end and text[p + 2].isalpha()):
                candidates.append((p, 2, "m"))
        rng.shuffle(candidates)
        want = 1 + (1 if end - start >= 8 and rng.random() < 0.5 else 0)
        taken = 0
        for p, length, replacement in candidates:
            if taken == want:
                break
            if any(q <= p + length and p <= q + edits[q][0] for q in edits):
                continue  # keep edits apart
            edits[p] = (length, replacement)
            taken += 1
    if not edits:
        return None
    # Rebuild the text with a map old index -> new index.
    new, mapping, i, length_so_far = [], [0] * (len(text) + 1), 0, 0
    while i < len(text):
        if i in edits:
            length, replacement = edits[i]
            for k in range(length):
                mapping[i + k] = length_so_far
            new.append(replacement)
            length_so_far += len(replacement)
            i += length
        else:
            mapping[i] = length_so_far
            new.append(text[i])
            length_so_far += 1
            i += 1
    mapping[len(text)] = length_so_far
    noisy_text = "".join(new)
    items = []
    for it in case["items"]:
        s, e = mapping[it["start"]], mapping[it["end"]]
        items.append(dict(it, start=s, end=e, text=noisy_text[s:e]))
    copy = dict(case, id=case["id"] + "~ocr", text=noisy_text, items=items, noisy=True, origin=case["id"])
    return copy


# ---------------------------------------------------------------- throughput text

WORDS = ("the of and to in a is that for it as was with be by on not he this are or his from at which but have an "
         "they you were her she there one all we their been has would more if no when will out so up said what its "
         "about than into them can only other new some could time these two may then do first any my now such like "
         "our over man me even most made after also did many before must through back years where much your way well "
         "down should because each just those people how too little state good very make world still own see men work "
         "long get here between both life being under never day same another know while last might us great old year "
         "off come since against go came right used take three meeting invoice delivery office report order team "
         "project schedule customer account payment package service update").split()

ITEMS = ["(415) 555-0132", "+44 20 7946 0958", "030 12345678", "+1 212-555-0187", "https://example.org/docs/start?lang=en",
         "www.example.com", "github.com/openai/whisper", "alice.smith@example.com", "support@example.org",
         "March 3, 2026", "next Tuesday at 3pm", "10-11am", "Mar 3-5", "2026-04-01", "for 2 hours", "$1,234.50", "€12",
         "19.99 USD", "5 kg", "12.5 km", "72 °F", "1Z5R89390357567127", "RB123456785GB", "UA 1234", "LH400",
         "1600 Amphitheatre Parkway, Mountain View, CA 94043", "10 Downing Street, London SW1A 2AA", "version 1.2.3",
         "node.js", "42", "3.14", "2019"]


def throughput_text(path, megabytes, seed=7):
    """English-ish text of about `megabytes` MB: sentences of common words, one in three with an
    item (phone, link, email, date, money, measurement, tracking, flight, address) or a distractor
    (version, file name, plain number); paragraphs of 4-8 sentences. Written once to path."""
    target = int(megabytes * 1_000_000)
    if os.path.exists(path) and abs(os.path.getsize(path) - target) < 100_000:
        return path
    rng = random.Random(seed)
    parts, size = [], 0
    while size < target:
        sentences = []
        for _ in range(rng.randint(4, 8)):
            words = [rng.choice(WORDS) for _ in range(rng.randint(6, 18))]
            if rng.random() < 0.33:
                words.insert(rng.randint(1, len(words)), rng.choice(ITEMS))
            words[0] = words[0].capitalize()
            sentences.append(" ".join(words) + rng.choice([".", ".", ".", "?", "!", ":"]))
        paragraph = " ".join(sentences) + "\n\n"
        parts.append(paragraph)
        size += len(paragraph.encode("utf-8"))
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    os.replace(tmp, path)
    return path
