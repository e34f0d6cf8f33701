#!/usr/bin/python3
"""Date cases from the Debian changelogs installed on this machine, for bench/detect.py.

    /usr/bin/python3 bench/detect/make_debian_changelog_cases.py > bench/detect-data/debian-changelog.jsonl

Every Debian package ships /usr/share/doc/PACKAGE/changelog.Debian.gz; each entry ends with a
trailer line its maintainer's tools wrote: ` -- Name <e-mail>  Tue, 05 Mar 2024 14:03:11 +0100`
(RFC 2822 date, the maintainer's own UTC offset). For each package (sorted by name, at most
--count of them) the newest and the oldest entry's trailer line are one case each; the label is the
date after the two blanks that follow the e-mail (the layout dpkg-parsechangelog reads), taken
whole. Names, e-mails and dates are the maintainers'; nothing in the text is ours.
One JSON line per case: {"id", "text", "items", "source"}.
"""
import glob
import gzip
import json
import os
import re
import sys

TRAILER = re.compile(r"^ -- (.+?) <([^>]+)>  (\S.*\S)\s*$")


def main():
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 150
    done = 0
    for path in sorted(glob.glob("/usr/share/doc/*/changelog.Debian.gz")):
        package = os.path.basename(os.path.dirname(path))
        try:
            with gzip.open(path, "rt", encoding="utf-8", errors="strict") as f:
                lines = [l.rstrip("\n") for l in f if l.startswith(" -- ")]
        except (OSError, UnicodeDecodeError):
            continue
        trailers = [l for l in lines if TRAILER.match(l)]
        if not trailers:
            continue
        for which, line in (("newest", trailers[0]), ("oldest", trailers[-1])):
            date = TRAILER.match(line).group(3)
            sys.stdout.write(json.dumps({"id": f"debian-changelog:{package}:{which}", "text": line,
                                         "items": [{"type": "date", "text": date}],
                                         "source": f"/usr/share/doc/{package}/changelog.Debian.gz ({which} entry)"},
                                        ensure_ascii=False) + "\n")
        done += 1
        if done >= count:
            break


if __name__ == "__main__":
    main()
