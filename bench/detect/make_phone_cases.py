"""Phone cases for bench/detect.py, generated from Google libphonenumber's public metadata through
the `phonenumbers` package (https://github.com/daviddrysdale/python-phonenumbers, Apache-2.0; the
metadata is https://github.com/google/libphonenumber resources/PhoneNumberMetadata.xml).
Runs inside bench/out/venv:

    bench/out/venv/bin/python bench/detect/make_phone_cases.py > bench/detect-data/phone.jsonl

Positives: phonenumbers.example_number_for_type(region, type) for 30 regions and the types
FIXED_LINE, MOBILE, TOLL_FREE (when the region has one), each formatted NATIONAL, INTERNATIONAL and
E164, put in an English sentence. A national number's case has the number's region; an international
or E.164 one has region US (GB for US numbers), so the default region does not help.
Plus one case per region with two national numbers in one text.
Negatives: digit-rich text that is no phone number: dates, versions, prices, IPs, long IDs, ISBNs,
ZIP+4, coordinates, times, scores (region US, and a few other regions).
One JSON object a line: {"id", "text", "items": [{"type": "phone", "text"}], "region", "source"}.
Deterministic (fixed seed) for a given phonenumbers version.

With --world (bench/detect-data/phone-world.jsonl): every region of the metadata, the example
numbers (the metadata's <exampleNumber> elements) of fixed line and mobile, NATIONAL and
INTERNATIONAL, after a word that says "phone" in one of the languages livetext reads (English,
German, French, Spanish, Portuguese, Italian, Dutch, Polish), with the case's region set to another
country (US; GB for the NANP), so the default region never helps: a national number of another
country. Plus negatives of the classes that are not phones: invoice, order and customer numbers,
IBANs and their fragments, timestamps, sequences of one digit.
"""
import json
import random
import sys

import phonenumbers
from phonenumbers import PhoneNumberFormat as F
from phonenumbers import PhoneNumberType as T

REGIONS = ["US", "CA", "GB", "DE", "FR", "ES", "IT", "NL", "BE", "CH", "AT", "SE", "NO", "DK", "FI",
           "PL", "IE", "PT", "BR", "MX", "AR", "IN", "JP", "KR", "CN", "AU", "NZ", "ZA", "SG", "HK"]
TYPES = [("fixed", T.FIXED_LINE), ("mobile", T.MOBILE), ("tollfree", T.TOLL_FREE)]
FORMATS = [("national", F.NATIONAL), ("international", F.INTERNATIONAL), ("e164", F.E164)]
TEMPLATES = [
    "Call us at {} for details.",
    "Tel.: {}",
    "For bookings phone {} between 9 and 5.",
    "Mobile {} (after 6pm)",
    "Questions? Reach our office on {}, Monday to Friday.",
    "Contact: Jane Doe, {}",
    "Please ring {} if the delivery is late.",
    "Hotline {} - open 24/7",
]


def negatives(rng):
    cases = []

    def add(text, region="US"):
        cases.append((text, region))

    for _ in range(4):
        y, m, d = rng.randint(1990, 2030), rng.randint(1, 12), rng.randint(1, 28)
        add(f"The invoice is dated {y}-{m:02d}-{d:02d} and due in 30 days.")
        add(f"Born {m:02d}/{d:02d}/{y}, registered {d:02d}.{m:02d}.{y}.", rng.choice(["US", "DE"]))
    for _ in range(3):
        a, b, c = rng.randint(1, 20), rng.randint(0, 30), rng.randint(0, 200)
        add(f"Upgrade to version {a}.{b}.{c} (build {rng.randint(10000, 99999)}).")
        add(f"Requires libfoo v{a}.{b}.{c}-rc{rng.randint(1, 9)} or later.")
    for _ in range(3):
        add(f"Total: ${rng.randint(1, 999)},{rng.randint(100, 999)}.{rng.randint(10, 99)} including tax.")
        add(f"Preis: {rng.randint(1, 999)}.{rng.randint(100, 999)},{rng.randint(10, 99)} EUR inkl. MwSt.", "DE")
    for _ in range(3):
        add("Server at " + ".".join(str(rng.randint(1, 254)) for _ in range(4)) + " is down.")
        add("Order #" + "".join(str(rng.randint(0, 9)) for _ in range(rng.randint(13, 18))) + " has shipped.")
        add("Account ID " + "-".join("".join(str(rng.randint(0, 9)) for _ in range(4)) for _ in range(5)) + ".")
    add("ISBN 978-3-16-148410-0, 2nd edition.")
    add("ISBN 978-0-306-40615-7 (paperback)", "GB")
    add("Ship to ZIP 94103-1234 please.")
    add("Located at 37.77493, -122.41942 near the pier.")
    add("Open 09:30-17:45 on weekdays, 10:00-14:00 on Saturdays.")
    add("Final score 3-1 after extra time, 45,000 fans.")
    add("Population 8,336,817 (2022 census), area 783.8 km2.")
    add("Card ending 4111 1111 1111 1111 was declined.")
    add("IBAN DE89 3704 0044 0532 0130 00", "DE")
    add("Référence 2024/11/05-000123 du dossier.", "FR")
    add("Seat 14C, gate B22, boarding 07:45.", "GB")
    add("Serial SN-2023-0045-7781-X", "JP")
    add("Chapter 12, pages 345-367, lines 10-20.")
    add("Temperature 21.5 C, humidity 45 %, pressure 1013.25 hPa.")
    return cases


WORLD_TEMPLATES = [
    "Phone: {}",
    "Call me on {} tomorrow.",
    "Mobile {}",
    "Telefon: {}",
    "Bitte rufen Sie {} an.",
    "Tél. : {}",
    "Appelez le {} pour réserver.",
    "Teléfono: {}",
    "Llámenos al {}",
    "Telefone: {}",
    "Ligue para {} hoje.",
    "Tel. {}",
    "Chiamare il numero {}",
    "Bel ons op {}",
    "Telefoon: {}",
    "Zadzwoń pod numer {}",
    "Fax {}",
    "Handy: {}",
]


def world_negatives(rng):
    cases = []

    def digits(n):
        return "".join(str(rng.randint(0, 9)) for _ in range(n))

    for region in ["US", "GB", "DE", "FR", "NL", "ES", "IT", "BR", "PL"]:
        cases.append((f"Invoice no. {digits(4)} {digits(4)} {digits(3)} is attached.", region))
        cases.append((f"Order number: {digits(3)}-{digits(7)}-{digits(7)}", region))
        cases.append((f"Rechnungsnummer {digits(2)}/{digits(6)}, Kundennummer {digits(8)}", region))
        cases.append((f"Your customer number is {digits(10)}.", region))
        cases.append((f"Facture n° {digits(4)}-{digits(5)} du {rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}", region))
    ibans = ["GB29 NWBK 6016 1331 9268 19", "DE89 3704 0044 0532 0130 00", "FR14 2004 1010 0505 0001 3M02 606",
             "NL91 ABNA 0417 1643 00", "ES91 2100 0418 4502 0005 1332", "IT60 X054 2811 1010 0000 0123 456",
             "BE68 5390 0754 7034", "PL61 1090 1014 0000 0712 1981 2874", "PT50 0002 0123 1234 5678 9015 4"]
    for iban in ibans:
        cases.append((f"IBAN: {iban}", iban[:2]))
        parts = iban.split()
        cases.append(("Konto " + " ".join(parts[2:5]) + " (Fortsetzung)", iban[:2]))
    for _ in range(6):
        y, mo, d = rng.randint(2000, 2030), rng.randint(1, 12), rng.randint(1, 28)
        h, mi, se = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
        cases.append((f"{y}-{mo:02d}-{d:02d} {h:02d}:{mi:02d}:{se:02d}.{digits(6)} INFO started", "US"))
        cases.append((f"Modified {y}{mo:02d}{d:02d}T{h:02d}{mi:02d}{se:02d}Z by admin", "DE"))
        cases.append((f"epoch {rng.randint(1_000_000_000, 1_900_000_000)} ms {digits(3)}", "GB"))
        cases.append((f"commit {y}.{mo:02d}.{d:02d} {h:02d}.{mi:02d}", "NL"))
    for d in range(10):
        cases.append((" ".join([str(d)] * rng.randint(7, 12)), rng.choice(["US", "GB", "DE", "FR"])))
        cases.append(("Step " + " ".join(str((d + k) % 10) for k in range(9)) + " done", "US"))
    return cases


def world():
    """Every region's example numbers after a phone word, read in another region."""
    rng = random.Random(20261129)
    out = []
    n = 0
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        seen = set()
        for type_name, kind in TYPES[:2]:
            number = phonenumbers.example_number_for_type(region, kind)
            if number is None or number.national_number in seen:
                continue
            seen.add(number.national_number)
            for format_name, fmt in FORMATS[:2]:
                text_number = phonenumbers.format_number(number, fmt)
                nanp = number.country_code == 1
                template = WORLD_TEMPLATES[n % len(WORLD_TEMPLATES)]
                n += 1
                out.append({"id": f"world-{region}-{type_name}-{format_name}",
                            "text": template.format(text_number),
                            "items": [{"type": "phone", "text": text_number}],
                            "region": "GB" if nanp else "US",
                            "source": f"example_number_for_type({region}, {type_name}), {format_name}"})
    for i, (text, region) in enumerate(world_negatives(rng)):
        out.append({"id": f"world-negative-{i:03d}", "text": text, "items": [], "region": region,
                    "source": "negative: invoice, order, customer numbers, IBANs, timestamps, one-digit runs"})
    return out


def main():
    if "--world" in sys.argv[1:]:
        for case in world():
            sys.stdout.write(json.dumps(case, ensure_ascii=False) + "\n")
        return 0
    rng = random.Random(20260301)
    out = []
    n = 0
    for region in REGIONS:
        for type_name, kind in TYPES:
            number = phonenumbers.example_number_for_type(region, kind)
            if number is None:
                continue
            for format_name, fmt in FORMATS:
                text_number = phonenumbers.format_number(number, fmt)
                case_region = region if format_name == "national" else ("GB" if region == "US" else "US")
                template = TEMPLATES[n % len(TEMPLATES)]
                n += 1
                out.append({"id": f"phone-{region}-{type_name}-{format_name}",
                            "text": template.format(text_number),
                            "items": [{"type": "phone", "text": text_number}],
                            "region": case_region,
                            "source": f"example_number_for_type({region}, {type_name}), {format_name}"})
        fixed = phonenumbers.example_number_for_type(region, T.FIXED_LINE)
        mobile = phonenumbers.example_number_for_type(region, T.MOBILE)
        if fixed is not None and mobile is not None:
            a, b = (phonenumbers.format_number(x, F.NATIONAL) for x in (fixed, mobile))
            out.append({"id": f"phone-{region}-two-national",
                        "text": f"Office {a}, or my mobile {b} on weekends.",
                        "items": [{"type": "phone", "text": a}, {"type": "phone", "text": b}],
                        "region": region,
                        "source": f"example numbers of {region}, national"})
    for i, (text, region) in enumerate(negatives(rng)):
        out.append({"id": f"phone-negative-{i:02d}", "text": text, "items": [], "region": region,
                    "source": "negative: digits that are no phone number"})
    for case in out:
        sys.stdout.write(json.dumps(case, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
