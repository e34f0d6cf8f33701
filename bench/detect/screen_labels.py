#!/usr/bin/python3
"""Hand labels of the items in the screen corpus' ground truth (Tests/Fixtures/screens/*.gt.txt,
texts the team wrote), for bench/detect.py: prints bench/detect-data/screens.jsonl.

    /usr/bin/python3 bench/detect/screen_labels.py > bench/detect-data/screens.jsonl

What counts as an item is what a person would want to act on: every link (with or without a
scheme, the documentation TLD .example included: it stands for a real domain), email, phone number,
postal address, flight and tracking number, amount of money with its currency, measurement with
its unit (data sizes too), and every date, time, date-time and range of them as one item, a time
zone that follows included. Items marked optional (a "?" before the type below: durations, year
ranges, sizes in `df`'s one-letter units, ping times) are neither counted when missed nor a false
positive when found. Everything else a detector reports in these texts is a false positive.
The labels are ours, written by hand from the texts.
xterm-tall and xterm-tiled repeat the texts of other captures and are left out.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENS = os.path.join(ROOT, "Tests", "Fixtures", "screens")

# capture: [(type, text)], "?type" = optional; a text repeated is that many occurrences in order.
LABELS = {
    "browser-dark-dejavu-12px": [
        ("date", "09:14"), ("flight", "IB 3167"), ("date", "12 July"), ("date", "08:52"), ("date", "Yesterday"),
        ("tracking", "1Z 999 AA1 0123 4567 84"), ("date", "Jul 2"), ("date", "15:40"), ("date", "Jun 30"),
        ("money", "EUR 386.00"), ("flight", "IB 3167"), ("date", "12 July"), ("email", "rafael.moreno@example.es"),
        ("date", "09:14"), ("flight", "IB 3167"), ("date", "07:05 to 09:40 on Friday 12 July"), ("date", "13:55"),
        ("date", "15:30"), ("link", "https://trips.example.com/b/QK7R2M"), ("phone", "+34 612 345 678")],
    "browser-dark-liberation-13px": [
        ("email", "nadia.k@brightleaf.example"), ("?date", "June"), ("money", "$48,917.20"),
        ("date", "2024-06-28"), ("email", "priya.raman@example.com"), ("money", "$129.00"),
        ("date", "2024-06-28"), ("email", "jsorensen@example.net"), ("money", "$57.45"),
        ("date", "2024-06-27"), ("email", "a.ortiz@mail.example.org"), ("money", "$1,020.80"),
        ("date", "2024-06-27"), ("email", "chen.wei@example.com"), ("money", "$34.99"),
        ("date", "2024-06-26"), ("email", "olu@adeyemi.example"), ("money", "$212.60")],
    "browser-docs-noto-15px": [
        ("link", "https://api.tessellate.example/v1/tiles?zoom=12"), ("email", "limits@tessellate.example")],
    "browser-light-dejavu-14px": [
        ("date", "14 March 2024"), ("?date", "4 min"), ("date", "08:30 on Saturday, 27 April"),
        ("measurement", "112 km"), ("measurement", "1,450 m"), ("date", "20 April"), ("money", "EUR 35"),
        ("money", "EUR 48"), ("email", "tours@fernhill-cc.example.org"), ("phone", "+44 20 7946 0321"),
        ("date", "9:00-17:00"), ("measurement", "2.3 MB"), ("date", "08:30"), ("measurement", "0 km"),
        ("date", "10:45"), ("measurement", "61 km"), ("date", "13:15"), ("measurement", "88 km"),
        ("date", "15:00"), ("measurement", "112 km")],
    "browser-light-liberation-11px": [
        ("?date", "30-day"), ("email", "help@cloudberry.example.io"),
        ("measurement", "200 GB"), ("money", "$3.99"), ("money", "$39.90"), ("measurement", "2 GB"),
        ("measurement", "2 TB"), ("money", "$9.99"), ("money", "$99.90"), ("measurement", "10 GB"),
        ("measurement", "5 TB"), ("money", "$24.00"), ("money", "$240.00"), ("measurement", "50 GB"),
        ("measurement", "20 TB"), ("money", "$79.00"), ("money", "$790.00"), ("?date", "14-day"),
        ("date", "31 Dec 2024"), ("phone", "+1 (206) 555-0147"), ("date", "Mon-Fri 8 a.m. to 6 p.m. PT"),
        ("link", "cloudberry.example.io/billing-faq")],
    "browser-light-noto-10px": [
        ("date", "14:00 (CET)"), ("?date", "1-2 days"), ("money", "€4.95"), ("money", "€50"),
        ("?date", "2-3 days"), ("money", "€6.50"), ("money", "€75"), ("?date", "3-6 days"), ("money", "€12.00"),
        ("money", "€120"), ("?date", "4-7 days"), ("money", "€17.50"), ("?date", "30 days"),
        ("?date", "5-10 working days"), ("email", "service@harborandpine.example"), ("phone", "+31 20 794 6321"),
        ("date", "Mon-Sat 9:00-18:00"), ("address", "Keizersgracht 214, 1016 DZ Amsterdam")],
    "browser-serif-16px": [
        ("date", "Sunday, 8 September 2024"), ("link", "northernledger.example"), ("?date", "61 years"),
        ("date", "30 June 1989"), ("?date", "1987"), ("?date", "Today"), ("?date", "May to September"),
        ("?date", "Wednesday to Sunday"), ("date", "10:00 to 16:00"), ("money", "90 kr"),
        ("measurement", "32 m"), ("measurement", "23 m"), ("email", "letters@northernledger.example"),
        ("address", "PO Box 418, 721 30 Västerås")],
    "browser-sidebar-noto-12px": [
        ("email", "hannah.lindqvist@example.se"), ("date", "3 Feb 2024"), ("phone", "+46 8 123 456 78"),
        ("link", "https://hannahwrites.example.se"), ("date", "Monday at 7:00")],
    "chromium-window-noto-13px": [
        ("link", "127.0.0.1:18931/chromium-window-noto-13px.html"), ("date", "2 September"),
        ("date", "19 August 2024"), ("date", "23 August 2024 at 16:45"), ("date", "Monday, 2 September 2024"),
        ("?date", "10 minutes"), ("date", "06:30 and 19:00"), ("measurement", "250 m"), ("date", "02:40"),
        ("date", "03:20"), ("link", "riverside-transit.example/timetables"), ("measurement", "1.8 MB"),
        ("phone", "0800 555 0199"), ("email", "info@riverside-transit.example")],
    "tk-dark-noto-13px": [
        ("link", "cdimage.example.org"), ("measurement", "629 MB"), ("measurement", "629 MB"), ("date", "10:42"),
        ("link", "files.example.com"), ("measurement", "3.1 MB"), ("measurement", "8.4 MB"), ("?date", "12 s"),
        ("link", "share.example.net"), ("measurement", "1.20 GB"), ("measurement", "2.75 GB"),
        ("link", "cdn.typefoundry.example"), ("measurement", "41.2 GB")],
    "tk-form-dejavu-12px": [
        ("email", "m.oconnell@lindenhof-logistics.example"), ("phone", "+49 30 901820-44"), ("date", "1986-11-23"),
        ("link", "https://lindenhof-logistics.example/team"), ("date", "2024-04-03 16:20")],
    "tk-menu-liberation-13px": [],
    "xterm-dark-dejavu-11px": [("date", "2024-05-02 02:00")]
    + [("date", t) for t in ["May 02 02:00:01", "May 02 02:00:02", "May 02 02:00:04", "May 02 02:03:37",
                             "May 02 02:03:37", "May 02 02:03:37"]]
    + [("measurement", "1.274 GiB"), ("measurement", "803.551 MiB")]
    + [("date", "May 02 02:03:38"), ("date", "May 02 02:03:41"), ("link", "https://hc.example.org/ping/6f1c-22ab")]
    + [("date", "May 02 02:03:41")] * 3
    + [("?date", "2min 48.311s"), ("date", "08:41:17"), ("?date", "23 days,  4:06")],
    "xterm-dark-green-liberation-14px": [("date", "2021-01-01")],
    "xterm-dark-noto-10px": [("link", "mirror.example.net"), ("link", "mirror.example.net")]
    + [("?measurement", "64 bytes"), ("?measurement", "18.7 ms"), ("?measurement", "64 bytes"), ("?measurement", "17.9 ms"),
       ("?measurement", "64 bytes"), ("?measurement", "21.3 ms"), ("?measurement", "64 bytes"), ("?measurement", "18.2 ms"),
       ("link", "mirror.example.net"), ("?measurement", "3004ms"), ("?measurement", "1.342 ms")],
    "xterm-light-dejavu-12px": [("date", t) for t in ["2024-03-18 09:12", "2024-03-18 10:47", "2024-02-29 16:05",
                                                      "2024-03-17 21:30", "2024-03-18 11:02", "2024-03-16 08:54",
                                                      "2024-03-18 11:15"]]
    + [("email", "jonas.berg@example.com"), ("date", "Friday, 22 March"), ("date", "14:30-15:15"),
       ("link", "https://status.example.net/incidents/2291"), ("money", "EUR 12.90"),
       ("?measurement", "468G"), ("?measurement", "301G"), ("?measurement", "144G")],
    "xterm-light-liberation-16px": [
        ("date", "12.05.2024"), ("email", "user+tag@example.org"), ("email", "lena.hofmann@example.com"),
        ("date", "Tue May 14 17:22:09 2024 +0200")],
    "xterm-subpixel-dejavu-13px": [("date", t) for t in [
        "09/Jun/2024:14:02:11 +0000", "09/Jun/2024:14:02:12 +0000", "09/Jun/2024:14:02:15 +0000",
        "09/Jun/2024:14:02:19 +0000", "09/Jun/2024:14:02:30 +0000", "09/Jun/2024:14:02:31 +0000",
        "09/Jun/2024:14:02:44 +0000", "09/Jun/2024:14:03:02 +0000"]],
    # Real `git log` output of github.com/pyenv/pyenv (MIT): its authors' names, e-mails and dates.
    "xterm-gitlog-dark-dejavu-12px": [
        ("email", "vano@mail.mipt.ru"), ("date", "Sat Jul 11 08:02:53 2026 +0300"),
        ("email", "vano@mail.mipt.ru"), ("date", "Sat Jul 11 07:22:46 2026 +0300"),
        ("date", "2026-07-03 17:05:12 +0300"), ("date", "2026-07-13 21:01:27 +0300"),
        ("date", "2026-07-11 08:24:01 +0300"), ("date", "2026-07-11T08:02:53+03:00"),
        ("email", "sam@37signals.com"), ("date", "Wed Aug 3 00:06:23 2011 -0500"),
        ("email", "7785022+exurd@users.noreply.github.com"), ("date", "Wed, 1 Apr 2026 19:32:48 +0100")],
    "xterm-orders-light-liberation-13px": [
        ("address", "14 Harbour Street, Whitby YO21 3PU"), ("?measurement", "1L"), ("money", "99p"),
        ("money", "45p"), ("money", "£2.40"), ("money", "£4.29"), ("address", "Hafenstraße 12, 20457 Hamburg"),
        ("tracking", "1Z5R89390357567127"), ("tracking", "RB123456785GB"), ("tracking", "986578788855"),
        ("measurement", "72 F"), ("measurement", "75°F"), ("measurement", "8 °C"), ("measurement", "12 mph"),
        ("measurement", "30 knots"), ("measurement", "56 km/h"), ("measurement", "12–14 in"),
        ("measurement", "3 to 5 inches"), ("measurement", "1 Gbit/s")],
}


def main():
    for name, labels in LABELS.items():
        with open(os.path.join(SCREENS, name + ".gt.txt"), encoding="utf-8") as f:
            text = f.read()
        items = [{"type": kind.lstrip("?"), "text": value, **({"optional": True} if kind.startswith("?") else {})}
                 for kind, value in labels]
        print(json.dumps({"id": f"screens:{name}", "text": text, "items": items, "region": "US", "known": "*",
                          "source": f"Tests/Fixtures/screens/{name}.gt.txt (ours), labelled by hand"},
                         ensure_ascii=False))
    print(f"{len(LABELS)} screens", file=sys.stderr)


if __name__ == "__main__":
    main()
