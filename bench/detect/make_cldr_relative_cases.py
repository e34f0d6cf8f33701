#!/usr/bin/python3
"""Relative times and ranges as Unicode CLDR writes them (Unicode license, through the `babel`
package's copy of its data, PyPI, BSD-3-Clause), for bench/detect.py. Run in bench/out/venv:

    bench/out/venv/bin/python bench/detect/make_cldr_relative_cases.py > bench/detect-data/cldr-relative.jsonl

Relative times: `format_timedelta(..., add_direction=True)` ("3 days ago", "in 2 hours", "vor 3
Tagen", "il y a 2 jours", "hace 3 días", "há 3 dias", "3 giorni fa", "over 2 uur", "3 dni temu")
for minutes, hours, days, weeks, months and years, past and future. Ranges: `format_interval`
between two days (same month, two months, two years) in the skeletons yMMMd, yMMMMd and yMd, and
between two times in Hm and hm ("May 14 – 16, 2026", "14.–16. Mai 2026", "10:00 – 16:00",
"10:00 AM – 4:00 PM"): each range is ONE item. Locales: en_US en_GB de_DE fr_FR es_ES pt_PT it_IT
nl_NL pl_PL. Only the formatted value comes from CLDR; the sentences are ours.
One JSON line per case: {"id", "text", "items": [{"type", "text"}], "region", "language", "source"}.
"""
import datetime
import json
import sys

from babel import __version__ as babel_version
from babel.dates import format_interval, format_timedelta

LOCALES = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "pt_PT", "it_IT", "nl_NL", "pl_PL"]

FRAMES = {
    "en": ["Last change: {} (see the log)", "The meeting is {}, please confirm."],
    "de": ["Letzte Änderung: {} (siehe Protokoll)", "Das Treffen ist {}, bitte bestätigen."],
    "fr": ["Dernière modification : {} (voir le journal)", "La réunion a lieu {}, merci de confirmer."],
    "es": ["Último cambio: {} (ver el registro)", "La reunión es {}, por favor confirme."],
    "pt": ["Última alteração: {} (ver o registo)", "A reunião é {}, por favor confirme."],
    "it": ["Ultima modifica: {} (vedi il registro)", "La riunione è {}, si prega di confermare."],
    "nl": ["Laatste wijziging: {} (zie het logboek)", "De vergadering is {}, graag bevestigen."],
    "pl": ["Ostatnia zmiana: {} (zobacz dziennik)", "Spotkanie jest {}, prosimy o potwierdzenie."],
}

DELTAS = [("minutes", datetime.timedelta(minutes=20)), ("hours", datetime.timedelta(hours=5)),
          ("days", datetime.timedelta(days=3)), ("weeks", datetime.timedelta(weeks=2)),
          ("months", datetime.timedelta(days=92)), ("years", datetime.timedelta(days=730))]
DAY_PAIRS = [(datetime.date(2026, 5, 14), datetime.date(2026, 5, 16)),
             (datetime.date(2026, 5, 28), datetime.date(2026, 6, 3)),
             (datetime.date(2026, 12, 30), datetime.date(2027, 1, 2))]
TIME_PAIRS = [(datetime.time(10, 0), datetime.time(16, 0)), (datetime.time(9, 30), datetime.time(11, 45))]


def main():
    out = []

    def emit(case_id, locale, index, value, how):
        language = locale.split("_")[0]
        frames = FRAMES[language]
        out.append({"id": case_id, "text": frames[index % len(frames)].format(value),
                    "items": [{"type": "date", "text": value}], "region": locale.split("_")[1],
                    "language": language, "source": f"CLDR via babel {babel_version}: {how}, locale {locale}"})

    for locale in LOCALES:
        for unit, delta in DELTAS:
            for sign, name in [(-1, "past"), (1, "future")]:
                value = format_timedelta(sign * delta, add_direction=True, locale=locale)
                emit(f"cldr-relative:{locale}:{unit}:{name}", locale, 0, value,
                     f"format_timedelta({unit}, add_direction=True)")
        for k, (a, b) in enumerate(DAY_PAIRS):
            for skeleton in ["yMMMd", "yMMMMd", "yMd"]:
                value = format_interval(a, b, skeleton, locale=locale)
                emit(f"cldr-relative:{locale}:days{k}:{skeleton}", locale, 1, value,
                     f"format_interval(dates, {skeleton})")
        for k, (a, b) in enumerate(TIME_PAIRS):
            for skeleton in ["Hm", "hm"]:
                value = format_interval(a, b, skeleton, locale=locale)
                emit(f"cldr-relative:{locale}:times{k}:{skeleton}", locale, 1, value,
                     f"format_interval(times, {skeleton})")
    for case in out:
        sys.stdout.write(json.dumps(case, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
