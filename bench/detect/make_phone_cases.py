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


def main():
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
