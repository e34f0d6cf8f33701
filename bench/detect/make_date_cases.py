#!/usr/bin/python3
"""English date cases from dateparser's own tests (PyPI sdist, BSD-3-Clause), for bench/detect.py.

    /usr/bin/python3 bench/detect/make_date_cases.py > bench/detect-data/dateparser-tests.jsonl

Downloads the sdist of dateparser (version VERSION) from PyPI into bench/out/sdists when missing
(PyPI's JSON API for that one package, then the file it names), reads tests/test_search.py with
`ast` (nothing of it is run or imported) and prints one JSON line per English `param(...)`:
  param("en", "Sep 03 2014")                           the whole text is one date;
  param("en", text, [("substring", datetime), ...])    the substrings are the dates in the text;
  param(text=..., languages=None or ["en"], expected=[...] or None)
                                                       the same; None: no date in the text;
and from tests/test_date_parser.py, the English strings of `test_dates_parsing` (whole strings
dateparser parses as one date, relative to 2012-11-13 as that test sets): the whole text is a date.
Only texts in ASCII are kept where the test names no language (the others are French, German...).
RELATIVE_BASE, when a case sets it, becomes the case's reference time. Each line says where it
comes from: {"id", "text", "items": [{"type": "date", "text"}], "reference"?, "source"}.
"""
import ast
import json
import os
import sys
import tarfile
import urllib.parse
import urllib.request

VERSION = "1.5.0"
HERE = os.path.dirname(os.path.abspath(__file__))
SDISTS = os.path.join(os.path.dirname(HERE), "out", "sdists")


def sdist_files():
    path = os.path.join(SDISTS, f"dateparser-{VERSION}.tar.gz")
    if not os.path.exists(path):
        os.makedirs(SDISTS, exist_ok=True)
        base = f"https://pypi.org/pypi/dateparser/{VERSION}/json"
        info = json.load(urllib.request.urlopen(base, timeout=60))
        url = next(u["url"] for u in info["urls"] if u["packagetype"] == "sdist")
        url = urllib.parse.urljoin("https://files.pythonhosted.org/packages/", url.split("packages/", 1)[-1]) \
            if not url.startswith("http") else url
        urllib.request.urlretrieve(url, path + ".tmp")
        os.replace(path + ".tmp", path)
    with tarfile.open(path) as tar:
        read = lambda name: tar.extractfile(tar.getmember(f"dateparser-{VERSION}/tests/{name}")).read().decode("utf-8")
        return read("test_search.py"), read("test_date_parser.py")


def string(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def reference(settings):
    """RELATIVE_BASE=datetime.datetime(2000, 1, 1) -> "2000-01-01T00:00:00-08:00" (the bench's zone)."""
    if not isinstance(settings, ast.Dict):
        return None
    for key, value in zip(settings.keys, settings.values):
        if string(key) == "RELATIVE_BASE" and isinstance(value, ast.Call):
            parts = [a.value for a in value.args if isinstance(a, ast.Constant)]
            parts += [0] * (6 - len(parts))
            y, mo, d, h, mi, s = parts[:6]
            return f"{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}-08:00"
    return None


def expected_strings(node):
    if isinstance(node, ast.Constant) and node.value is None:
        return []
    if not isinstance(node, ast.List):
        return None
    found = []
    for element in node.elts:
        if not (isinstance(element, ast.Tuple) and element.elts and string(element.elts[0])):
            return None
        found.append(string(element.elts[0]))
    return found


def cases(source):
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "param"):
            continue
        keywords = {k.arg: k.value for k in node.keywords}
        args = node.args
        if args and string(args[0]) == "en" and len(args) >= 2 and string(args[1]) is not None:
            text = string(args[1])
            found = [text.strip()] if len(args) == 2 else expected_strings(args[2])
        elif "text" in keywords and string(keywords["text"]) is not None and "expected" in keywords:
            text = string(keywords["text"])
            languages = keywords.get("languages")
            names = [string(e) for e in languages.elts] if isinstance(languages, ast.List) else None
            if names is None and not (isinstance(languages, ast.Constant) and languages.value is None):
                continue
            if names is not None and names != ["en"]:
                continue
            if names is None and not text.isascii():
                continue
            found = expected_strings(keywords["expected"])
        else:
            continue
        if found is None or not text.strip() or any(f not in text for f in found):
            continue
        case = {"id": f"dateparser-search-{node.lineno}", "text": text,
                "items": [{"type": "date", "text": f} for f in found],
                "source": f"dateparser {VERSION} sdist, tests/test_search.py line {node.lineno}"}
        settings = keywords.get("settings")
        if reference(settings):
            case["reference"] = reference(settings)
        yield case


def parsing_cases(source):
    """test_dates_parsing's own parameter list: English strings that are one date each."""
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.FunctionDef) and node.name == "test_dates_parsing"):
            continue
        for decorator in node.decorator_list:
            if not (isinstance(decorator, ast.Call) and decorator.args and isinstance(decorator.args[0], ast.List)):
                continue
            for param in decorator.args[0].elts:
                text = string(param.args[0]) if isinstance(param, ast.Call) and param.args else None
                if text and text.strip() and text.isascii():
                    yield {"id": f"dateparser-parsing-{param.lineno}", "text": text,
                           "items": [{"type": "date", "text": text.strip()}],
                           "reference": "2012-11-13T00:00:00-08:00",
                           "source": f"dateparser {VERSION} sdist, tests/test_date_parser.py line {param.lineno}"}


def main():
    seen = set()
    search, parser = sdist_files()
    for case in list(cases(search)) + list(parsing_cases(parser)):
        key = (case["text"], tuple(i["text"] for i in case["items"]))
        if key in seen:
            continue
        seen.add(key)
        sys.stdout.write(json.dumps(case, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
