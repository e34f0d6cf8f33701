"""Open reference detectors for bench/detect.py. Runs INSIDE the venv bench/out/venv (the references
are installed there by detect.py), never with Debian's python.

    bench/out/venv/bin/python bench/detect/references.py < request.json > answer.json

Request (JSON on stdin), one of:
  {"mode": "versions"}
  {"mode": "cases", "tools": [...], "cases": [{"id", "text", "region", "reference", "types": [...]}]}
      every tool reports, for every case, the items of the case's "types" it handles;
  {"mode": "throughput", "tools": [...], "path": FILE, "max_bytes": N, "max_seconds": S}
      every tool reads FILE paragraph by paragraph (blank-line separated) until it has read
      max_bytes or spent max_seconds, on every type it handles.
Answer: {"versions": {tool: version}, "errors": {tool: why it is unusable},
         "results": {tool: {case id: [{"type", "start", "end", "text"}]}},   (cases)
         "seconds": {tool: wall seconds spent detecting},                       (cases, throughput)
         "throughput": {tool: {"bytes", "seconds", "cpu_seconds"}}}            (throughput)
start/end index the case text in code points (Python str indices), end exclusive.

Tools, and the types they are scored on:
  phonenumbers       phone        PhoneNumberMatcher(text, region, Leniency.VALID)
  linkify-it-py      link, email  LinkifyIt() defaults (fuzzy links and emails on); mailto: -> email
  urlextract         link, email  URLExtract(extract_email=True); results with @ and no scheme -> email
  dateparser         date         dateparser.search.search_dates, RELATIVE_BASE = the reference time
  recognizers-text   date, money, measurement
                                  Microsoft.Recognizers.Text: recognize_datetime (all datetimeV2.*),
                                  recognize_currency, recognize_dimension + recognize_temperature
  pyap               address      pyap.parse(text, country) for US, CA, GB (other regions: US rules)
"""
import datetime
import json
import sys
import time
from importlib import metadata

TOOL_TYPES = {
    "phonenumbers": ("phone",),
    "linkify-it-py": ("link", "email"),
    "urlextract": ("link", "email"),
    "dateparser": ("date",),
    "recognizers-text": ("date", "money", "measurement"),
    "pyap": ("address",),
}
# distribution whose version names the tool
DISTRIBUTION = {
    "phonenumbers": "phonenumbers",
    "linkify-it-py": "linkify-it-py",
    "urlextract": "urlextract",
    "dateparser": "dateparser",
    "recognizers-text": "recognizers-text-date-time",
    "pyap": "pyap",
}
DEFAULT_REFERENCE = "2026-03-01T09:00:00-08:00"

# Region -> language, for the references that read non-English text (dateparser, recognizers).
REGION_LANGUAGE = {
    "DE": "de", "AT": "de", "CH": "de", "FR": "fr", "BE": "fr", "ES": "es", "MX": "es", "AR": "es",
    "IT": "it", "PT": "pt", "BR": "pt", "NL": "nl", "JP": "ja", "CN": "zh", "KR": "ko",
}


def naive_time(iso):
    """The reference time as a naive local datetime (what dateparser and recognizers take)."""
    try:
        value = datetime.datetime.fromisoformat((iso or DEFAULT_REFERENCE).replace("Z", "+00:00"))
    except ValueError:
        value = datetime.datetime.fromisoformat(DEFAULT_REFERENCE)
    return value.replace(tzinfo=None)


def item(kind, text, start, end):
    return {"type": kind, "start": start, "end": end, "text": text[start:end]}


# ---------------------------------------------------------------- adapters
# Each make_* returns a function (text, region, reference, types) -> [item], or raises when the
# package is unusable.

def make_phonenumbers():
    import phonenumbers

    def run(text, region, reference, types):
        out = []
        for m in phonenumbers.PhoneNumberMatcher(text, region or "US", leniency=phonenumbers.Leniency.VALID):
            out.append(item("phone", text, m.start, m.end))
        return out
    return run


def make_linkify():
    from linkify_it import LinkifyIt
    linkify = LinkifyIt()

    def run(text, region, reference, types):
        out = []
        for m in linkify.match(text) or []:
            kind = "email" if m.schema == "mailto:" and "@" in m.raw else "link"
            if kind in types:
                out.append(item(kind, text, m.index, m.last_index))
        return out
    return run


def make_urlextract():
    from urlextract import URLExtract
    extractor = URLExtract(extract_email=True)

    def run(text, region, reference, types):
        out = []
        for found, (start, end) in extractor.find_urls(text, get_indices=True):
            kind = "email" if "@" in found and "://" not in found and not found.lower().startswith(
                ("http", "www.")) else "link"
            if kind in types:
                out.append(item(kind, text, start, end))
        return out
    return run


def make_dateparser():
    from dateparser.search import search_dates

    def run(text, region, reference, types):
        languages = ["en"]
        lang = REGION_LANGUAGE.get(region or "")
        if lang:
            languages.insert(0, lang)
        try:
            found = search_dates(text, languages=languages,
                                 settings={"RELATIVE_BASE": naive_time(reference)}) or []
        except Exception:  # dateparser raises on some inputs; that is no date found
            return []
        out, cursor = [], 0
        for substring, _ in found:
            # search_dates gives substrings, not offsets: find them in order.
            start = text.find(substring, cursor)
            if start < 0:
                start = text.find(substring)
            if start < 0:
                continue
            out.append(item("date", text, start, start + len(substring)))
            cursor = start + len(substring)
        return out
    return run


def make_recognizers():
    from recognizers_date_time import recognize_datetime
    from recognizers_number_with_unit import (recognize_currency, recognize_dimension,
                                              recognize_temperature)
    from recognizers_text import Culture

    cultures = {"es": Culture.Spanish, "fr": Culture.French, "pt": Culture.Portuguese,
                "zh": Culture.Chinese}
    for name, attr in (("de", "German"), ("it", "Italian"), ("nl", "Dutch"), ("ja", "Japanese")):
        if hasattr(Culture, attr):
            cultures[name] = getattr(Culture, attr)

    def spans(kind, text, results):
        out = []
        for r in results or []:
            if r.start is None or r.end is None:
                continue
            out.append(item(kind, text, r.start, r.end + 1))  # recognizers' end is inclusive
        return out

    def run(text, region, reference, types):
        culture = cultures.get(REGION_LANGUAGE.get(region or ""), Culture.English)
        out = []
        if "date" in types:
            out += spans("date", text, recognize_datetime(text, culture, reference=naive_time(reference)))
        if "money" in types:
            out += spans("money", text, recognize_currency(text, culture))
        if "measurement" in types:
            out += spans("measurement", text, recognize_dimension(text, culture))
            out += spans("measurement", text, recognize_temperature(text, culture))
        return out
    return run


def make_pyap():
    import pyap

    def run(text, region, reference, types):
        country = region if region in ("US", "CA", "GB") else "US"
        out = []
        for a in pyap.parse(text, country=country):
            if a.match_start is not None and a.match_end is not None:
                out.append(item("address", text, a.match_start, a.match_end))
        return out
    return run


MAKERS = {
    "phonenumbers": make_phonenumbers,
    "linkify-it-py": make_linkify,
    "urlextract": make_urlextract,
    "dateparser": make_dateparser,
    "recognizers-text": make_recognizers,
    "pyap": make_pyap,
}


def load(tools):
    runners, versions, errors = {}, {}, {}
    for tool in tools:
        try:
            runners[tool] = MAKERS[tool]()
            versions[tool] = metadata.version(DISTRIBUTION[tool])
        except Exception as error:  # not installed, or broken on this Python
            errors[tool] = f"{type(error).__name__}: {error}"
    return runners, versions, errors


def safe_run(runner, text, region, reference, types):
    try:
        return runner(text, region, reference, types), None
    except Exception as error:
        return [], f"{type(error).__name__}: {error}"


def main():
    request = json.load(sys.stdin)
    mode = request.get("mode")
    tools = request.get("tools") or list(MAKERS)
    runners, versions, errors = load(tools)
    answer = {"versions": versions, "errors": errors, "tool_types": TOOL_TYPES}
    if mode == "cases":
        results, seconds, failures = {}, {}, {}
        for tool, runner in runners.items():
            handled = set(TOOL_TYPES[tool])
            per_case = {}
            started = time.perf_counter()
            for case in request["cases"]:
                types = handled & set(case.get("types") or ())
                if not types:
                    continue
                found, error = safe_run(runner, case["text"], case.get("region"), case.get("reference"), types)
                if error:
                    failures.setdefault(tool, []).append(f"{case['id']}: {error}")
                per_case[case["id"]] = [f for f in found if f["type"] in types]
            seconds[tool] = round(time.perf_counter() - started, 3)
            results[tool] = per_case
        answer.update(results=results, seconds=seconds, failures=failures)
    elif mode == "throughput":
        with open(request["path"], encoding="utf-8") as f:
            paragraphs = f.read().split("\n\n")
        max_bytes, max_seconds = request.get("max_bytes", 2 << 20), request.get("max_seconds", 30)
        throughput = {}
        for tool, runner in runners.items():
            types = set(TOOL_TYPES[tool])
            done, items = 0, 0
            wall, cpu = time.perf_counter(), time.process_time()
            for paragraph in paragraphs:
                found, _ = safe_run(runner, paragraph, "US", DEFAULT_REFERENCE, types)
                items += len(found)
                done += len(paragraph.encode("utf-8")) + 2
                if done >= max_bytes or time.perf_counter() - wall >= max_seconds:
                    break
            throughput[tool] = {"bytes": done, "seconds": round(time.perf_counter() - wall, 3),
                                "cpu_seconds": round(time.process_time() - cpu, 3), "items": items,
                                "types": sorted(types)}
        answer["throughput"] = throughput
    json.dump(answer, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
