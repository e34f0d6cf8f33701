#!/usr/bin/python3
"""Date, money and measurement cases from CLDR's formats (Unicode CLDR, Unicode license, through
the `babel` package's copy of its data), for bench/detect.py. Run in bench/out/venv:

    bench/out/venv/bin/python bench/detect/make_cldr_cases.py > bench/detect-data/cldr.jsonl

The values are fixed (no randomness); CLDR decides how each is written in each locale: dates in
the short/medium/long/full forms and date + time (en_US en_GB de_DE fr_FR es_ES), amounts with a
currency symbol or code as each locale writes them, and in English with the currency's name
("12.00 US dollars"), measurements in the long and short unit forms (kilometres, GB, °C, ...).
Only the formatted value comes from CLDR; the sentence around it is ours (one neutral frame per
language, never touching the value), and each case's region is the locale's. One JSON line per
case: {"id", "text", "items": [{"type", "text"}], "region", "source", "language"}.
"""
import datetime
import json
import sys

from babel import __version__ as babel_version
from babel.dates import format_date, format_datetime
from babel.numbers import format_currency
from babel.units import format_unit

DATE_LOCALES = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES"]
MONEY_LOCALES = ["en_US", "en_GB", "en_IN", "en_AU", "de_DE", "de_CH", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR"]
UNIT_LOCALES = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES"]

# Our sentences, one list per language; "{}" is where CLDR's value goes.
FRAMES = {
    "en": ["Your appointment: {} (please arrive early)", "Updated {} by the support team.",
           "Total due: {} incl. tax", "The hike is {} long, mostly flat."],
    "de": ["Ihr Termin: {} (bitte pünktlich)", "Aktualisiert {} vom Support-Team.",
           "Gesamtbetrag: {} inkl. MwSt.", "Die Wanderung ist {} lang und meist flach."],
    "fr": ["Votre rendez-vous : {} (merci d'être à l'heure)", "Mis à jour {} par l'équipe support.",
           "Montant total : {} TTC", "La randonnée fait {} et reste plutôt plate."],
    "es": ["Su cita: {} (llegue con antelación)", "Actualizado {} por el equipo de soporte.",
           "Importe total: {} IVA incluido", "La ruta tiene {} y es casi llana."],
    "it": ["Totale: {} IVA inclusa"],
    "nl": ["Totaal: {} incl. btw"],
    "pt": ["Total: {} com impostos"],
}

DATES = [datetime.datetime(2026, 5, 14, 14, 30), datetime.datetime(2026, 11, 3, 9, 5),
         datetime.datetime(2027, 1, 28, 18, 45)]
AMOUNTS = [12, 1234.5, 0.99, 49.9, 2500000]
UNITS = ["length-kilometer", "length-meter", "length-centimeter", "length-mile", "length-foot",
         "mass-kilogram", "mass-gram", "mass-pound", "volume-liter", "temperature-celsius",
         "temperature-fahrenheit", "digital-megabyte", "digital-gigabyte", "speed-kilometer-per-hour",
         "speed-mile-per-hour", "area-square-meter"]
UNIT_VALUES = [3, 12.5, 250]


def emit(out, case_id, language, frame_index, value, kind, locale, how):
    frames = FRAMES[language]
    text = frames[frame_index % len(frames)].format(value)
    out.append({"id": case_id, "text": text, "items": [{"type": kind, "text": value}],
                "region": locale.split("_")[1], "language": language,
                "source": f"CLDR via babel {babel_version}: {how}, locale {locale}"})


def main():
    out = []
    for locale in DATE_LOCALES:
        language = locale[:2]
        for d, when in enumerate(DATES):
            for f, form in enumerate(["short", "medium", "long", "full"]):
                emit(out, f"cldr:date:{locale}:{d}:{form}", language, f % 2, format_date(when.date(), form, locale=locale),
                     "date", locale, f"format_date {form}")
            emit(out, f"cldr:date:{locale}:{d}:datetime", language, d % 2,
                 format_datetime(when, "medium", locale=locale), "date", locale, "format_datetime medium")
    for locale in MONEY_LOCALES:
        language = locale[:2]
        own = {"US": "USD", "GB": "GBP", "IN": "INR", "AU": "AUD", "CH": "CHF", "BR": "BRL"}.get(locale[3:], "EUR")
        for a, amount in enumerate(AMOUNTS):
            for currency in sorted({own, "EUR", "USD"}):
                emit(out, f"cldr:money:{locale}:{a}:{currency}", language, 2, format_currency(amount, currency, locale=locale),
                     "money", locale, "format_currency standard")
            if language == "en":
                emit(out, f"cldr:money:{locale}:{a}:{own}:name", language, 2,
                     format_currency(amount, own, locale=locale, format_type="name"), "money", locale, "format_currency name")
    for locale in UNIT_LOCALES:
        language = locale[:2]
        for unit in UNITS:
            for v, value in enumerate(UNIT_VALUES):
                for length in ["long", "short"]:
                    emit(out, f"cldr:measurement:{locale}:{unit}:{v}:{length}", language, 3,
                         format_unit(value, unit, locale=locale, length=length), "measurement", locale,
                         f"format_unit {length}")
    for case in out:
        print(json.dumps(case, ensure_ascii=False))
    print(f"{len(out)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
