#!/usr/bin/python3
"""Address cases in the formats of 15 countries from the `faker` package's locale providers
(github.com/joke2k/faker, MIT), for bench/detect.py. Run in bench/out/venv:

    bench/out/venv/bin/python bench/detect/make_faker_cases.py > bench/detect-data/faker-addresses.jsonl

Faker writes an address as each locale lays it out (street and number order, postcode form, a
province in parentheses, floors and apartments) from word lists: the streets, towns and postcodes
are invented and do not belong together, so a detector that checks a postcode against its city
finds little here. The format is what is measured. Fixed seed; US military addresses (APO/FPO/DPO)
are left out. Each address is put in one of our sentences, once as printed on several lines and
once joined by commas on one line; the region is the locale's. One JSON line per case: {"id",
"text", "items": [{"type": "address", "text"}], "region", "source"}.
"""
import json
import re
import sys

import faker
from faker import Faker

LOCALES = ["en_US", "en_GB", "en_AU", "en_IN", "de_DE", "de_AT", "de_CH", "fr_FR", "es_ES", "es_MX",
           "it_IT", "nl_NL", "nl_BE", "pt_PT", "pt_BR"]
PER_LOCALE = 6
MILITARY = re.compile(r"\b(APO|FPO|DPO|PSC|USNS|USS|USNV|USCGC|USCGC|Unit \d)\b")
FRAMES_MULTI = ["Ship to:\n{}\n\nThank you for your order.", "Our new office\n{}\nOpen Monday to Friday"]
FRAMES_ONE = ["Please send the signed copy to {} before the end of the month.", "Meet us at {} - ring twice."]


def main():
    out = []
    for locale in LOCALES:
        fake = Faker(locale)
        fake.seed_instance(20260301)
        made = 0
        while made < PER_LOCALE:
            address = fake.address().strip()
            if MILITARY.search(address):
                continue
            lines = [l.strip() for l in address.splitlines() if l.strip()]
            region = locale.split("_")[1]
            for form, value, frames in (("lines", "\n".join(lines), FRAMES_MULTI),
                                        ("one-line", ", ".join(lines), FRAMES_ONE)):
                out.append({"id": f"faker:address:{locale}:{made}:{form}",
                            "text": frames[made % 2].format(value),
                            "items": [{"type": "address", "text": value}], "region": region,
                            "source": f"faker {faker.VERSION} address(), locale {locale}, seed 20260301"})
            made += 1
    for case in out:
        print(json.dumps(case, ensure_ascii=False))
    print(f"{len(out)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
