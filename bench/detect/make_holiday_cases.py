#!/usr/bin/python3
"""Holiday cases from the public holiday definitions of the `holidays` package (PyPI, MIT,
github.com/vacanza/holidays), for bench/detect.py. Run in bench/out/venv:

    bench/out/venv/bin/python bench/detect/make_holiday_cases.py > bench/detect-data/holidays.jsonl

For the countries whose languages livetext reads (US and GB in English, DE, FR, ES, PT, IT, NL,
PL in their own language), the national public holidays of 2026-2029 as the package names them
(observed-day substitutes left out), each in one of our sentences: once with its year ("Easter
Monday 2027") and, for 2026, once without (the reference time is the case's, the last day of 2025, so
the next occurrence is that year's). Each case carries `expect`: the day the holiday falls on,
from the package, for checking values (bench/detect.py scores spans). A name that holds a digit
("Armistice 1918") gets no year form. Deterministic for a given holidays version.
One JSON line per case: {"id", "text", "items", "region", "language", "reference", "expect", "source"}.
"""
import json
import sys

import holidays

COUNTRIES = [("US", "en_US", "en"), ("GB", "en_GB", "en"), ("DE", "de", "de"), ("FR", "fr", "fr"),
             ("ES", "es", "es"), ("PT", "pt_PT", "pt"), ("IT", "it_IT", "it"), ("NL", "nl", "nl"),
             ("PL", "pl", "pl")]
YEARS = [2026, 2027, 2028, 2029]
REFERENCE = "2025-12-31T09:00:00+00:00"

# Our sentences, two per language; "{}" is where the holiday goes.
FRAMES = {
    "en": ["The office is closed on {} and reopens the day after.", "Deliveries resume after {}, thank you."],
    "de": ["Das Büro bleibt am {} geschlossen.", "Lieferungen erst wieder nach {}, danke."],
    "fr": ["Le bureau est fermé le jour de {} et rouvre le lendemain.", "Livraisons reprises après {}, merci."],
    "es": ["La oficina cierra el día de {} y abre al día siguiente.", "Los envíos se reanudan después de {}, gracias."],
    "pt": ["O escritório fecha no {} e reabre no dia seguinte.", "As entregas recomeçam depois do {}, obrigado."],
    "it": ["L'ufficio è chiuso a {} e riapre il giorno dopo.", "Le consegne riprendono dopo {}, grazie."],
    "nl": ["Het kantoor is gesloten op {} en gaat de dag erna weer open.", "Leveringen hervatten na {}, bedankt."],
    "pl": ["Biuro jest zamknięte w dniu {} i otwarte następnego dnia.", "Dostawy wznawiamy po {}, dziękujemy."],
}


def main():
    out = []
    for region, locale, language in COUNTRIES:
        frames = FRAMES[language]
        for year in YEARS:
            days = holidays.country_holidays(region, years=year, language=locale, observed=False)
            for index, (day, names) in enumerate(sorted(days.items())):
                for name in names.split("; "):
                    source = f"holidays {holidays.__version__} (MIT): country_holidays({region!r}, language={locale!r})"
                    base = {"region": region, "language": language, "expect": day.isoformat(), "source": source}
                    if not any(c.isdigit() for c in name):
                        value = f"{name} {year}"
                        out.append({"id": f"holidays:{region}:{year}:{index}:year",
                                    "text": frames[index % 2].format(value),
                                    "items": [{"type": "date", "text": value}], **base})
                    if year == YEARS[0]:
                        out.append({"id": f"holidays:{region}:{year}:{index}:bare",
                                    "text": frames[(index + 1) % 2].format(name),
                                    "items": [{"type": "date", "text": name}], "reference": REFERENCE, **base})
    for case in out:
        sys.stdout.write(json.dumps(case, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
