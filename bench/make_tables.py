#!/usr/bin/env python3
"""Renders the table corpus of Tests/Fixtures/tables: each table an image and its cells as the
ground truth (NAME.gt.tsv: one row a line, cells apart by tabs, empty cells empty), the page
drawn cell by cell at exact places with ImageMagick (as a terminal, a web page, a dialog shows
them), and prose that holds no table (NAME.gt.tsv empty).

    bench/make_tables.py [OUT_DIR]      (default: Tests/Fixtures/tables)
"""
import os
import subprocess
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else "Tests/Fixtures/tables"


def render(name, width, height, draws, font, size, background="white"):
    args = ["convert", "-size", f"{width}x{height}", f"xc:{background}", "-font", font, "-pointsize", str(size)]
    for draw in draws:
        args += draw
    subprocess.run(args + [os.path.join(OUT, name + ".png")], check=True)


def quoted(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def monospace(name, lines, rows, size=14, pitch=18, width=520):
    """A terminal's listing: `lines` drawn as they are; `rows` its cells (the ground truth)."""
    draws = [["-fill", "black", "-draw", f"text 12,{size + 12 + i * pitch} {quoted(line)}"] for i, line in enumerate(lines)]
    render(name, width, size + 26 + (len(lines) - 1) * pitch, draws, "DejaVu-Sans-Mono", size)
    truth(name, rows)


def grid(name, columns, rows, font="DejaVu-Sans", size=13, pitch=26, header_bold=True, rules=False, zebra=False,
         width=None, lead=()):
    """A web or dialog table: `columns` the x and alignment ('l' or 'r' at that x) of each column."""
    width = width or columns[-1][0] + 140
    top = 16 + len(lead) * pitch
    height = top + len(rows) * pitch + 16
    draws = []
    for i, text in enumerate(lead):
        draws.append(["-fill", "black", "-draw", f"text 12,{16 + size + i * pitch} {quoted(text)}"])
    for r, row in enumerate(rows):
        y = top + r * pitch
        if zebra and r % 2 == 1:
            draws.append(["-fill", "#eef1f5", "-draw", f"rectangle 0,{y - 6} {width},{y + pitch - 7}"])
        if rules:
            draws.append(["-fill", "#888888", "-draw", f"line 8,{y - 7} {width - 8},{y - 7}"])
        for (x, align), text in zip(columns, row):
            if not text:
                continue
            weight = ["-font", font + "-Bold"] if header_bold and r == 0 else ["-font", font]
            gravity = "text" if align == "l" else "text"
            if align == "r":
                # right-aligned at x: measure the text's width first
                w = int(subprocess.run(["convert", "-font", weight[1], "-pointsize", str(size), f"label:{text}",
                                        "-format", "%w", "info:"], check=True, capture_output=True, text=True).stdout)
                draws.append(["-fill", "black"] + weight + ["-draw", f"{gravity} {x - w},{y + size} {quoted(text)}"])
            else:
                draws.append(["-fill", "black"] + weight + ["-draw", f"{gravity} {x},{y + size} {quoted(text)}"])
    if rules:
        y = top + len(rows) * pitch
        draws.append(["-fill", "#888888", "-draw", f"line 8,{y - 7} {width - 8},{y - 7}"])
    render(name, width, height, draws, font, size)
    truth(name, rows)


def truth(name, rows):
    with open(os.path.join(OUT, name + ".gt.tsv"), "w") as out:
        for row in rows:
            out.write("\t".join(row) + "\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    monospace("ps-dejavu-mono-14px", [
        "  PID TTY          TIME CMD",
        " 1432 pts/0    00:00:02 bash",
        " 2210 pts/0    00:01:17 livetextd",
        "   74 pts/2    00:00:00 kthreadd",
        "31337 pts/1    00:00:00 ps",
    ], [["PID", "TTY", "TIME", "CMD"], ["1432", "pts/0", "00:00:02", "bash"], ["2210", "pts/0", "00:01:17", "livetextd"],
        ["74", "pts/2", "00:00:00", "kthreadd"], ["31337", "pts/1", "00:00:00", "ps"]], width=300)
    monospace("df-dejavu-mono-13px", [
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p2  468G  201G  244G  46% /",
        "tmpfs            16G  2.1M   16G   1% /dev/shm",
        "/dev/nvme0n1p1  511M   61M  451M  12% /boot/efi",
        "/dev/sda1       1.8T  1.2T  566G  69% /mnt/backup",
    ], [["Filesystem", "Size", "Used", "Avail", "Use%", "Mounted on"],
        ["/dev/nvme0n1p2", "468G", "201G", "244G", "46%", "/"],
        ["tmpfs", "16G", "2.1M", "16G", "1%", "/dev/shm"],
        ["/dev/nvme0n1p1", "511M", "61M", "451M", "12%", "/boot/efi"],
        ["/dev/sda1", "1.8T", "1.2T", "566G", "69%", "/mnt/backup"]], size=13, width=430)
    monospace("kubectl-dejavu-mono-12px", [
        "NAME                      READY   STATUS    RESTARTS   AGE",
        "api-7d9f8c6b5-x2kqp       1/1     Running   0          3d",
        "worker-5c4b7f9d8-mm8zt    1/1     Running   2          3d",
        "redis-0                   1/1     Running   0          12d",
        "migrate-28419-q7k2w       0/1     Error     4          41m",
    ], [["NAME", "READY", "STATUS", "RESTARTS", "AGE"],
        ["api-7d9f8c6b5-x2kqp", "1/1", "Running", "0", "3d"],
        ["worker-5c4b7f9d8-mm8zt", "1/1", "Running", "2", "3d"],
        ["redis-0", "1/1", "Running", "0", "12d"],
        ["migrate-28419-q7k2w", "0/1", "Error", "4", "41m"]], size=12, width=470)
    grid("orders-web-dejavu-13px", [(12, "l"), (90, "l"), (200, "l"), (340, "r"), (370, "l"), (530, "r"), (560, "l")], [
        ["Order", "Date", "Customer", "Qty", "Status", "Total", "Tracking"],
        ["#1042", "2024-06-02", "Ana Ruiz", "2", "Shipped", "$48.90", "1Z999AA1"],
        ["#1043", "2024-06-02", "Priya Nair", "1", "Pending", "$12.00", ""],
        ["#1044", "2024-06-03", "Tom Becker", "5", "Shipped", "$230.15", "1Z999AA2"],
        ["#1045", "2024-06-04", "Li Wei", "3", "Refunded", "$61.40", ""],
    ], width=660)
    grid("shipping-rules-serif-13px", [(12, "l"), (170, "l"), (320, "r"), (420, "r")], [
        ["Destination", "Carrier", "Cost", "Free from"],
        ["Netherlands", "PostNL", "€4.95", "€50"],
        ["Belgium, Germany", "DHL", "€6.50", "€75"],
        ["France", "Colissimo", "€8.90", "€100"],
        ["Rest of EU", "DHL", "€12.50", "—"],
    ], font="DejaVu-Serif", rules=True, width=460)
    grid("plans-zebra-condensed-12px", [(12, "l"), (120, "r"), (190, "r"), (280, "r"), (370, "l")], [
        ["Plan", "Users", "Storage", "Monthly", "Support"],
        ["Starter", "1", "200 GB", "$3.99", "Email"],
        ["Family", "5", "2 TB", "$9.99", "Email"],
        ["Team", "20", "10 TB", "$29.00", "Chat"],
        ["Business", "100", "50 TB", "$79.00", "Phone"],
    ], font="DejaVu-Sans-Condensed", size=12, zebra=True, width=470)
    grid("dialog-fields-dejavu-12px", [(12, "l"), (130, "l")], [
        ["Name:", "Hannah Lindqvist"],
        ["Email:", "hannah@lindqvist.se"],
        ["Phone:", "+46 8 123 456 78"],
        ["Company:", "Lindenhof Logistik AB"],
        ["Role:", "Buyer"],
    ], size=12, header_bold=False, width=330)
    # A report with rules drawn in characters: a title's underline, a bordered table, a heading's `=`.
    monospace("rules-dejavu-mono-14px", [
        "Disk usage report",
        "-----------------",
        "+--------+-------+",
        "| mount  | used  |",
        "+--------+-------+",
        "| /      | 41%   |",
        "| /home  | 73%   |",
        "+--------+-------+",
        "Summary",
        "=======",
        "all ok",
    ], [["mount", "used"], ["/", "41%"], ["/home", "73%"]], size=14, pitch=19, width=420)
    # Prose: no table.
    prose = ["The shipment left the warehouse on Monday and reached the depot in Utrecht",
             "two days later. From there a courier took it to the customer, who signed",
             "for it at the door. The invoice went out the same evening, with the usual",
             "thirty days to pay; a reminder follows after two weeks if it is still open."]
    render("prose-dejavu-13px", 600, 16 + len(prose) * 20 + 10,
           [["-fill", "black", "-draw", f"text 12,{30 + i * 20} {quoted(line)}"] for i, line in enumerate(prose)],
           "DejaVu-Sans", 13)
    truth("prose-dejavu-13px", [])
    # Two product labels side by side, each with its own line spacing: their first lines meet, the
    # rest drift apart. No table: each label is read whole, one after the other.
    left = ["Organic Oat Milk", "One litre, unsweetened", "Best before 12/2027", "Keep refrigerated", "once opened"]
    right = ["Whole Bean Coffee", "Dark roast, 250 g", "Origin: Colombia", "Roasted in Berlin", "Grind before use"]
    render("labels-side-by-side-dejavu-16px", 620, 200,
           [["-fill", "black", "-draw", f"text 20,{40 + i * 24} {quoted(line)}"] for i, line in enumerate(left)]
           + [["-fill", "black", "-draw", f"text 250,{40 + i * 26} {quoted(line)}"] for i, line in enumerate(right)],
           "DejaVu-Sans", 16)
    truth("labels-side-by-side-dejavu-16px", [])
    # A dialog's check boxes (empty, empty, ticked) and radio buttons (one chosen) beside their
    # labels, as GTK draws them: widgets, no characters; a column of labels, no table.
    labels = ["Show hidden files", "Sort folders first", "Open in new window", "List view", "Grid view"]
    render("dialog-widgets-dejavu-13px", 420, 200, [
        ["-fill", "white", "-stroke", "#8a8a8a", "-strokewidth", "1",
         "-draw", "roundrectangle 20,22 34,36 2,2", "-draw", "roundrectangle 20,52 34,66 2,2",
         "-fill", "#3584e4", "-stroke", "#1c71d8", "-draw", "roundrectangle 20,82 34,96 2,2",
         "-stroke", "white", "-strokewidth", "2", "-fill", "none", "-draw", "polyline 23,89 26,93 32,85",
         "-fill", "white", "-stroke", "#8a8a8a", "-strokewidth", "1", "-draw", "circle 27,129 27,136",
         "-draw", "circle 27,159 27,166", "-fill", "#3584e4", "-stroke", "#3584e4", "-draw", "circle 27,159 27,162",
         "-stroke", "none", "-fill", "#2e3436"],
    ] + [["-draw", f"text 44,{34 + i * 30 + (10 if i >= 3 else 0)} {quoted(label)}"] for i, label in enumerate(labels)],
        "DejaVu-Sans", 13, background="#f6f5f4")
    truth("dialog-widgets-dejavu-13px", [])


main()
