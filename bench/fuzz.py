#!/usr/bin/python3
"""Fuzzes `livetext analyze` with broken images: it must reject them cleanly, never crash or hang.

    /usr/bin/python3 bench/fuzz.py --livetext PATH [--count 3000] [--seed 1] [--batch 40]

Small seed images (48x24 with a few letters, and a small QR code) are written by PIL in every format
livetext reads: PNG (RGB, palette, RGBA, 16-bit grey), JPEG (baseline, progressive, grey), GIF, BMP
(24-bit, 1-bit), TIFF (raw, LZW, PackBits, Deflate, Group 4), PPM/PGM/PBM (binary, ASCII, 16-bit),
WebP (lossy, lossless, with alpha). Each test file is a seed with one mutation: bit flips,
"interesting" byte values, header bytes, truncation, a slice duplicated or removed, PNG chunks
duplicated/removed/swapped, width/height set to huge or zero values (checksums fixed so that the
decoder believes them), other header fields (depth, colour type, compression, offsets), random
garbage with or without a real magic number, an empty file, a valid file under the wrong extension,
two seeds spliced, or several byte mutations stacked.

Files go to livetext in batches, `analyze --json --types text,codes F1 ... F40`, each call under a
60 s timeout; every --stdin-every'th file also goes alone through `analyze ... -` on standard input.
A call that dies by a signal, times out or prints invalid output has its files run again one by one
to find the culprits, which are kept in bench/out/fuzz-crashes/.

Checks for every call: exit code 0 or 3 (0 exactly when every file was read; 1, 2, >= 128 never);
no signal, no timeout; stdout is JSON Lines, one object per file that did not fail, in order; each
file that failed has exactly one line on stderr naming it, not continued on the next line. Other
stderr lines (decoder chatter) are counted and shown, and fail the run only with --strict-stderr.
Exits 1 on any crash, hang or invalid output, 4 when livetext says its environment is missing.
Needs: python3-pil (Debian's /usr/bin/python3); qrencode for the QR seed (optional).
"""
import argparse
import collections
import io
import json
import os
import random
import re
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRASH_DIR = os.path.join(ROOT, "bench", "out", "fuzz-crashes")

# ---- seeds ---------------------------------------------------------------------------------------


def base_images():
    font = ImageFont.load_default()
    a = Image.new("RGB", (48, 24), "white")
    ImageDraw.Draw(a).text((5, 6), "Ab3 x", fill=(20, 20, 20), font=font)
    b = Image.new("RGB", (48, 24), (30, 30, 40))
    ImageDraw.Draw(b).text((4, 5), "Qy7", fill=(230, 230, 120), font=font)
    images = {"text": a, "dark": b}
    if shutil.which("qrencode"):
        png = subprocess.run(["qrencode", "-s", "2", "-m", "2", "-o", "-", "fuzz 42"], capture_output=True).stdout
        try:
            images["qr"] = Image.open(io.BytesIO(png)).convert("RGBA").convert("RGB")
        except OSError:
            pass
    return images


def pnm_ascii(img, kind):
    if kind == "P1":
        bits = img.convert("1")
        rows = [" ".join("1" if bits.getpixel((x, y)) == 0 else "0" for x in range(bits.width))
                for y in range(bits.height)]
        return ("P1\n# fuzz seed\n%d %d\n" % bits.size + "\n".join(rows) + "\n").encode()
    if kind == "P2":
        g = img.convert("L")
        rows = [" ".join(str(g.getpixel((x, y))) for x in range(g.width)) for y in range(g.height)]
        return ("P2\n%d %d\n255\n" % g.size + "\n".join(rows) + "\n").encode()
    rgb = img.convert("RGB")
    rows = [" ".join("%d %d %d" % rgb.getpixel((x, y)) for x in range(rgb.width)) for y in range(rgb.height)]
    return ("P3\n%d %d\n255\n" % rgb.size + "\n".join(rows) + "\n").encode()


def pgm16(img):
    g = img.convert("L")
    body = b"".join(struct.pack(">H", v * 257) for v in g.getdata())
    return b"P5\n%d %d\n65535\n" % g.size + body


def encode(img, fmt, **opts):
    buf = io.BytesIO()
    img.save(buf, fmt, **opts)
    return buf.getvalue()


def make_seeds():
    """[(name, ext, bytes)], every one a valid image."""
    seeds = []
    for base, img in base_images().items():
        rgba = img.convert("RGBA")
        rgba.putpixel((0, 0), (0, 0, 0, 0))
        variants = [
            ("png-rgb", "png", encode(img, "PNG")),
            ("png-pal", "png", encode(img.convert("P", palette=Image.ADAPTIVE, colors=16), "PNG")),
            ("png-rgba", "png", encode(rgba, "PNG")),
            ("png-16", "png", encode(img.convert("L").convert("I").point(lambda v: v * 257), "PNG")),
            ("jpeg", "jpg", encode(img, "JPEG", quality=85)),
            ("jpeg-prog", "jpeg", encode(img, "JPEG", quality=70, progressive=True)),
            ("jpeg-grey", "jpg", encode(img.convert("L"), "JPEG")),
            ("gif", "gif", encode(img.convert("P", palette=Image.ADAPTIVE, colors=8), "GIF")),
            ("bmp", "bmp", encode(img, "BMP")),
            ("bmp-1bit", "bmp", encode(img.convert("1"), "BMP")),
            ("tiff", "tif", encode(img, "TIFF")),
            ("tiff-lzw", "tiff", encode(img, "TIFF", compression="tiff_lzw")),
            ("tiff-packbits", "tif", encode(img, "TIFF", compression="packbits")),
            ("tiff-deflate", "tif", encode(img, "TIFF", compression="tiff_adobe_deflate")),
            ("tiff-g4", "tif", encode(img.convert("1"), "TIFF", compression="group4")),
            ("ppm", "ppm", encode(img, "PPM")),
            ("pgm", "pgm", encode(img.convert("L"), "PPM")),
            ("pbm", "pbm", encode(img.convert("1"), "PPM")),
            ("pbm-ascii", "pbm", pnm_ascii(img, "P1")),
            ("pgm-ascii", "pgm", pnm_ascii(img, "P2")),
            ("ppm-ascii", "ppm", pnm_ascii(img, "P3")),
            ("pgm-16", "pgm", pgm16(img)),
            ("webp", "webp", encode(img, "WEBP", quality=80)),
            ("webp-lossless", "webp", encode(img, "WEBP", lossless=True)),
            ("webp-alpha", "webp", encode(rgba, "WEBP", quality=80)),
        ]
        seeds += [("%s-%s" % (base, name), ext, data) for name, ext, data in variants]
    return seeds


def fmt_of(data):
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8"):
        return "jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if data.startswith(b"BM"):
        return "bmp"
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    if data[:1] == b"P" and data[1:2] in b"123456":
        return "pnm"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


# ---- format-aware editing ------------------------------------------------------------------------

def png_chunks(data):
    """[(offset, length, type)] of a PNG's chunks, as far as they parse."""
    out, i = [], 8
    while i + 8 <= len(data):
        length, ctype = struct.unpack(">I4s", data[i:i + 8])
        out.append((i, length, ctype))
        i += 12 + length
        if ctype == b"IEND":
            break
    return out


def png_fix_ihdr_crc(d):
    d[29:33] = struct.pack(">I", zlib.crc32(bytes(d[12:29])) & 0xFFFFFFFF)


def jpeg_sof(data):
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return i
        if marker == 0xDA:
            return None
        i += 2 + struct.unpack(">H", data[i + 2:i + 4])[0]
    return None


def gif_descriptor(data):
    i = 13
    if data[10] & 0x80:
        i += 3 << ((data[10] & 7) + 1)
    while i < len(data):
        if data[i] == 0x2C:
            return i
        if data[i] != 0x21:
            return None
        i += 2
        while i < len(data) and data[i]:
            i += data[i] + 1
        i += 1
    return None


def tiff_entries(data):
    """(byte order, {tag: entry offset}) of the first IFD."""
    bo = "<" if data[:2] == b"II" else ">"
    ifd = struct.unpack(bo + "I", data[4:8])[0]
    count = struct.unpack(bo + "H", data[ifd:ifd + 2])[0]
    tags = {}
    for k in range(count):
        off = ifd + 2 + 12 * k
        tags[struct.unpack(bo + "H", data[off:off + 2])[0]] = off
    return bo, tags


def tiff_set(d, bo, entry, value):
    """Sets a one-value tag, as LONG so that any 32-bit value fits."""
    d[entry + 2:entry + 12] = struct.pack(bo + "HII", 4, 1, value & 0xFFFFFFFF)


def pnm_header(data):
    """[(start, end)] of the header's number tokens, and the magic."""
    tokens, i = [], 2
    want = 2 if data[1:2] in b"14" else 3
    while len(tokens) < want and i < len(data):
        c = data[i:i + 1]
        if c == b"#":
            while i < len(data) and data[i:i + 1] != b"\n":
                i += 1
        elif c.isspace():
            i += 1
        else:
            j = i
            while j < len(data) and not data[j:j + 1].isspace():
                j += 1
            tokens.append((i, j))
            i = j
    return tokens


def webp_dims(d, w, h):
    chunk = bytes(d[12:16])
    body = 20
    if chunk == b"VP8X":
        d[body + 4:body + 7] = struct.pack("<I", max(w - 1, 0) & 0xFFFFFF)[:3]
        d[body + 7:body + 10] = struct.pack("<I", max(h - 1, 0) & 0xFFFFFF)[:3]
    elif chunk == b"VP8 ":
        d[body + 6:body + 8] = struct.pack("<H", w & 0x3FFF)
        d[body + 8:body + 10] = struct.pack("<H", h & 0x3FFF)
    elif chunk == b"VP8L":
        old = struct.unpack("<I", bytes(d[body + 1:body + 5]))[0]
        new = ((max(w - 1, 0) & 0x3FFF) | ((max(h - 1, 0) & 0x3FFF) << 14)) | (old & 0xF0000000)
        d[body + 1:body + 5] = struct.pack("<I", new)
    else:
        raise ValueError("no VP8 chunk")


HUGE = [0xFFFF, 0x7FFF, 65536, 100000, 1 << 20, 0x7FFFFFFF, 0xFFFFFFFF, 0x80000000]


def set_dims(data, rng, w, h):
    """The seed with its width/height set to w/h (None: left alone) in every header that holds them."""
    d = bytearray(data)
    fmt = fmt_of(data)
    if fmt == "png":
        if w is not None:
            d[16:20] = struct.pack(">I", w & 0xFFFFFFFF)
        if h is not None:
            d[20:24] = struct.pack(">I", h & 0xFFFFFFFF)
        png_fix_ihdr_crc(d)
    elif fmt == "bmp":
        if w is not None:
            d[18:22] = struct.pack("<I", w & 0xFFFFFFFF)
        if h is not None:
            d[22:26] = struct.pack("<I", (h if rng.random() < 0.7 else -h) & 0xFFFFFFFF)
    elif fmt == "gif":
        where = rng.choice(["screen", "frame", "both"])
        desc = gif_descriptor(data)
        for off in ([6] if where != "frame" else []) + ([desc + 5] if desc and where != "screen" else []):
            if w is not None:
                d[off:off + 2] = struct.pack("<H", w & 0xFFFF)
            if h is not None:
                d[off + 2:off + 4] = struct.pack("<H", h & 0xFFFF)
    elif fmt == "jpeg":
        sof = jpeg_sof(data)
        if sof is None:
            raise ValueError("no SOF")
        if h is not None:
            d[sof + 5:sof + 7] = struct.pack(">H", h & 0xFFFF)
        if w is not None:
            d[sof + 7:sof + 9] = struct.pack(">H", w & 0xFFFF)
    elif fmt == "tiff":
        bo, tags = tiff_entries(data)
        if w is not None and 256 in tags:
            tiff_set(d, bo, tags[256], w)
        if h is not None and 257 in tags:
            tiff_set(d, bo, tags[257], h)
    elif fmt == "pnm":
        toks = pnm_header(data)
        new = bytes(d)
        for (start, end), v in reversed(list(zip(toks[:2], [w, h]))):
            if v is not None:
                text = rng.choice([str(v), str(v), "-%d" % v if v else "-1", "%d" % (v * 1000003)])
                new = new[:start] + text.encode() + new[end:]
        return new
    elif fmt == "webp":
        cur_w, cur_h = Image.open(io.BytesIO(data)).size
        webp_dims(d, cur_w if w is None else w, cur_h if h is None else h)
    else:
        raise ValueError("unknown format")
    return bytes(d)


def header_field(data, rng):
    """One meaningful header field (depth, colour type, compression, offsets, sizes) set to a bad value."""
    d = bytearray(data)
    fmt = fmt_of(data)
    if fmt == "png":
        off, vals = rng.choice([(24, [0, 3, 7, 9, 16, 255]), (25, [1, 5, 7, 255, 2, 3, 6]),
                                (26, [1, 255]), (27, [1, 255]), (28, [1, 2, 255])])
        d[off] = rng.choice(vals)
        png_fix_ihdr_crc(d)
    elif fmt == "bmp":
        off, size, vals = rng.choice([(28, 2, [0, 3, 5, 7, 64, 0xFFFF]), (30, 4, [1, 2, 3, 4, 5, 99]),
                                      (46, 4, [0xFFFFFFFF, 1 << 30, 257]), (10, 4, [0, 0xFFFFFFFF, len(data) + 100]),
                                      (14, 4, [0, 12, 0xFFFFFFFF, 1000]), (34, 4, [0, 1, 0xFFFFFFFF])])
        d[off:off + size] = struct.pack("<H" if size == 2 else "<I", rng.choice(vals))
    elif fmt == "gif":
        desc = gif_descriptor(data)
        if desc is not None and rng.random() < 0.5:
            lzw = desc + 10 + ((3 << ((data[desc + 9] & 7) + 1)) if data[desc + 9] & 0x80 else 0)
            if lzw < len(d):
                d[lzw] = rng.choice([0, 1, 12, 13, 255])
        else:
            d[10] = rng.randrange(256)
    elif fmt == "jpeg":
        sof = jpeg_sof(data)
        off, vals = rng.choice([(sof + 4, [0, 1, 12, 16, 255]), (sof + 9, [0, 2, 4, 255]),
                                (sof + 11, [0x00, 0x44, 0xFF, 0x11]), (sof + 12, [4, 255])])
        d[off] = rng.choice(vals)
    elif fmt == "tiff":
        bo, tags = tiff_entries(data)
        tag, vals = rng.choice([(258, [0, 3, 64, 0xFFFF]), (259, [0, 2, 5, 7, 32773, 0xFFFF]),
                                (262, [0, 1, 3, 5, 8, 9, 255]), (277, [0, 2, 4, 255]),
                                (273, [0, 0xFFFFFFFF, len(data)]), (279, [0, 1, 0xFFFFFFFF]),
                                (278, [0, 1, 0xFFFFFFFF])])
        if tag in tags:
            tiff_set(d, bo, tags[tag], rng.choice(vals))
        else:
            d[4:8] = struct.pack(bo + "I", rng.choice([0, 8, len(data) - 2, 0xFFFFFFFF]))  # IFD offset
    elif fmt == "pnm":
        toks = pnm_header(data)
        if len(toks) == 3 and rng.random() < 0.7:
            start, end = toks[2]
            return data[:start] + rng.choice([b"0", b"1", b"65536", b"99999999", b"-255"]) + data[end:]
        d[1] = ord(rng.choice("1234567"))
    elif fmt == "webp":
        off = rng.choice([4, 16])
        d[off:off + 4] = struct.pack("<I", rng.choice([0, 1, 4, 0xFFFFFFFF, 0x7FFFFFFF, len(data)]))
    return bytes(d)


# ---- mutations: (data, rng, seeds) -> bytes ------------------------------------------------------

INTERESTING = [0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE]
WIDE = [b"\xff\xff", b"\x00\x00", b"\x7f\xff\xff\xff", b"\xff\xff\xff\x7f", b"\x80\x00\x00\x00",
        b"\x00\x00\x00\x80", b"\xff\xff\xff\xff", b"\x00\x00\x00\x00"]
MAGICS = [b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0", b"GIF89a", b"BM", b"II*\x00", b"MM\x00*", b"P6\n",
          b"P4\n", b"RIFF\x00\x00\x00\x00WEBPVP8 "]


def m_bitflip(d, rng, _):
    if not d:
        return d
    d = bytearray(d)
    for _ in range(rng.choice([1, 1, 2, 4, 8, 16])):
        i = rng.randrange(len(d))
        d[i] ^= 1 << rng.randrange(8)
    return bytes(d)


def m_interesting(d, rng, _, limit=None):
    d = bytearray(d)
    span = min(len(d), limit) if limit else len(d)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(span)
        if rng.random() < 0.6:
            d[i] = rng.choice(INTERESTING)
        else:
            v = rng.choice(WIDE)
            d[i:i + len(v)] = v
    return bytes(d)


def m_header_bytes(d, rng, seeds):
    return m_interesting(d, rng, seeds, limit=64)


def m_truncate(d, rng, _):
    if len(d) < 2:
        return b""
    cut = rng.randrange(1, min(len(d), 100)) if rng.random() < 0.5 else rng.randrange(1, len(d))
    return d[:cut]


def m_dup(d, rng, _):
    a = rng.randrange(len(d))
    b = min(len(d), a + rng.choice([1, 4, 16, 64, 512, len(d)]))
    at = rng.choice([b, rng.randrange(len(d))])
    return d[:at] + d[a:b] * rng.choice([1, 1, 2, 50]) + d[at:]


def m_remove(d, rng, _):
    a = rng.randrange(len(d))
    b = min(len(d), a + rng.choice([1, 4, 16, 64, 512]))
    return d[:a] + d[b:]


def m_png_chunks(d, rng, seeds):
    if fmt_of(d) != "png":
        return m_dup(d, rng, seeds)
    chunks = png_chunks(d)
    raw = [d[o:o + 12 + n] for o, n, _ in chunks]
    op = rng.choice(["dup", "remove", "swap", "unknown-critical", "huge-length", "two-ihdr", "no-iend"])
    k = rng.randrange(len(raw))
    if op == "dup":
        raw.insert(k, raw[k])
    elif op == "remove":
        del raw[k]
    elif op == "swap" and len(raw) > 1:
        j = rng.randrange(len(raw))
        raw[k], raw[j] = raw[j], raw[k]
    elif op == "unknown-critical":
        body = b"fuzz"
        raw.insert(rng.randrange(1, len(raw)), struct.pack(">I", len(body)) + b"ZZZZ" + body +
                   struct.pack(">I", zlib.crc32(b"ZZZZ" + body) & 0xFFFFFFFF))
    elif op == "huge-length":
        raw[k] = rng.choice([b"\x7f\xff\xff\xff", b"\xff\xff\xff\xff", b"\x00\x10\x00\x00"]) + raw[k][4:]
    elif op == "two-ihdr":
        raw.insert(2, raw[0])
    else:
        raw = [c for c in raw if c[4:8] != b"IEND"]
    return d[:8] + b"".join(raw)


def m_dims_huge(d, rng, _):
    choice = rng.random()
    w = rng.choice(HUGE) if choice < 0.7 else None
    h = rng.choice(HUGE) if choice > 0.3 else None
    return set_dims(d, rng, w, h)


def m_dims_zero(d, rng, _):
    choice = rng.random()
    return set_dims(d, rng, 0 if choice < 0.7 else None, 0 if choice > 0.3 else None)


def m_header_field(d, rng, _):
    return header_field(d, rng)


def m_garbage(d, rng, _):
    n = rng.choice([1, 2, 7, 64, 512, 4096])
    junk = bytes(rng.randrange(256) for _ in range(n))
    return (rng.choice(MAGICS) + junk) if rng.random() < 0.5 else junk


def m_empty(d, rng, _):
    return b""


def m_splice(d, rng, seeds):
    other = rng.choice(seeds)[2]
    return d[:rng.randrange(1, len(d))] + other[rng.randrange(len(other)):]


def m_stacked(d, rng, seeds):
    for _ in range(rng.randint(2, 4)):
        d = rng.choice([m_bitflip, m_interesting, m_truncate, m_dup, m_remove])(d, rng, seeds) or b"\x00"
    return d


MUTATIONS = {
    "bitflip": m_bitflip, "interesting-bytes": m_interesting, "header-bytes": m_header_bytes,
    "truncate": m_truncate, "slice-dup": m_dup, "slice-remove": m_remove, "png-chunks": m_png_chunks,
    "dims-huge": m_dims_huge, "dims-zero": m_dims_zero, "header-field": m_header_field,
    "garbage": m_garbage, "empty": m_empty, "wrong-ext": None, "splice": m_splice, "stacked": m_stacked,
}
WEIGHTS = {"empty": 0.05, "wrong-ext": 0.5}  # the others 1: an empty file is one case however often
EXTS = ["png", "jpg", "gif", "bmp", "tif", "ppm", "pgm", "pbm", "webp", "txt", ""]


def make_case(index, rng, seeds):
    seed_name, ext, data = rng.choice(seeds)
    kind = rng.choices(list(MUTATIONS), [WEIGHTS.get(k, 1.0) for k in MUTATIONS])[0]
    if kind == "png-chunks" and ext != "png":  # more PNG seeds for the PNG-only mutation
        seed_name, ext, data = rng.choice([s for s in seeds if s[1] == "png"])
    if kind == "wrong-ext":
        out, ext = data, rng.choice([e for e in EXTS if e != ext])
    else:
        try:
            out = MUTATIONS[kind](data, rng, seeds)
        except (ValueError, IndexError, struct.error, OSError):
            kind = "interesting-bytes"  # a header that did not parse: fall back to bytes
            out = m_interesting(data, rng, seeds)
    name = "f%06d-%s-%s%s" % (index, kind, seed_name, "." + ext if ext else "")
    return name, kind, out


# ---- running livetext ----------------------------------------------------------------------------

class Call:
    """One run of livetext: rc (negative: signal), hang, stdout, stderr, seconds."""

    def __init__(self, cmd, stdin_data, timeout, mem_mb):
        self.cmd = cmd
        start = time.perf_counter()

        def limits():
            if mem_mb:
                resource.setrlimit(resource.RLIMIT_AS, (mem_mb << 20, mem_mb << 20))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

        # In-process: the entry point under test, whether or not a daemon runs on the bus.
        env = dict(os.environ, LIVETEXT_LOCAL="1")
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin_data is not None else subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                                preexec_fn=limits, env=env)
        self.hang = False
        try:
            self.stdout, self.stderr = proc.communicate(stdin_data, timeout=timeout)
        except subprocess.TimeoutExpired:
            self.hang = True
            os.killpg(proc.pid, signal.SIGKILL)
            self.stdout, self.stderr = proc.communicate()
        self.rc = proc.returncode
        self.seconds = time.perf_counter() - start
        try:  # anything the call left running in its session
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    @property
    def crashed(self):
        return not self.hang and (self.rc < 0 or self.rc >= 128)

    def how(self):
        if self.hang:
            return "hang"
        if self.rc < 0:
            return "signal %s" % signal.Signals(-self.rc).name if -self.rc in signal.Signals._value2member_map_ \
                else "signal %d" % -self.rc
        return "exit %d" % self.rc


def check(call, paths, known_stray):
    """Problems with a finished call's output (empty: valid); also per file: 'ok' or 'failed: MESSAGE',
    and stderr lines that name no file."""
    problems, status, stray = [], {}, []
    if call.rc not in (0, 3):
        problems.append("exit code %d" % call.rc)
    try:
        out = call.stdout.decode("utf-8")
    except UnicodeDecodeError:
        return ["stdout is not UTF-8"], {}, []
    if out and not out.endswith("\n"):
        problems.append("stdout does not end with a newline")
    docs = []
    for n, line in enumerate(out.split("\n")[:-1] if out else [], 1):
        try:
            doc = json.loads(line)
            if not isinstance(doc, dict):
                raise ValueError("not an object")
            docs.append(doc)
        except ValueError as e:
            problems.append("stdout line %d is not a JSON object (%s): %.120r" % (n, e, line))
    err_lines = call.stderr.decode("utf-8", errors="replace").splitlines()
    names = ["-"] if paths == ["-"] else paths
    mentions = collections.defaultdict(list)
    for line in err_lines:
        hit = [p for p in names if p != "-" and (p in line or os.path.basename(p) in line)]
        if hit:
            for p in hit:
                mentions[p].append(line)
        elif line.strip() and line not in known_stray:
            stray.append(line)
    sources = [str((d.get("image") or {}).get("source", "")) for d in docs]
    have_sources = docs and all(sources)
    if paths == ["-"]:
        failed = set() if call.rc == 0 else {"-"}
        if call.rc != 0:  # the failure's line names stdin, or is the only line left
            named = [l for l in stray if re.search(r"(^|\W)(-|stdin|standard input)(\W|$)", l, re.I)]
            mentions["-"] = named or stray
            stray = [l for l in stray if l not in mentions["-"]]
    elif have_sources:
        printed = [p for p in paths if any(s.endswith(os.path.basename(p)) for s in sources)]
        failed = {p for p in paths if p not in printed}
        expected_order = [p for p in paths if p not in failed]
        got_order = []
        for s in sources:
            match = [p for p in paths if s.endswith(os.path.basename(p))]
            got_order.append(match[0] if match else s)
        if got_order != expected_order:
            problems.append("JSON lines not one per read file in order (%d lines, %d files read)"
                            % (len(docs), len(expected_order)))
    else:
        failed = set(mentions)
    for p in paths:
        if p in failed:
            lines = mentions.get(p, [])
            if len(lines) != 1:
                problems.append("%s failed with %d stderr lines (want 1): %.200r"
                                % (os.path.basename(p), len(lines), lines))
            status[p] = "failed: " + (lines[0] if lines else "(no message)")
        else:
            status[p] = "ok"
            for line in mentions.get(p, []):
                stray.append(line)  # a line about a file that was read: a warning, shown, not counted as failure
    for before, line in zip(err_lines, err_lines[1:]):
        if line[:1].isspace() and line in stray and any(before in mentions[p] for p in failed):
            problems.append("a failure's message goes on over a second line: %.120r" % line)
    if len(docs) != len(paths) - len(failed):
        problems.append("%d JSON lines for %d files of which %d failed" % (len(docs), len(paths), len(failed)))
    if (call.rc == 0) != (not failed):
        problems.append("exit %d with %d failed files" % (call.rc, len(failed)))
    return problems, status, stray


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--livetext", required=True)
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=40, help="files per call (default 40)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per call (default 60)")
    ap.add_argument("--stdin-every", type=int, default=25, help="every Nth file also through stdin (0: never)")
    ap.add_argument("--mem-limit-mb", type=int, default=8192,
                    help="address-space limit for livetext, so that a decompression bomb cannot take the "
                         "machine down (default 8192; 0: none)")
    ap.add_argument("--slow", type=float, default=20.0,
                    help="a batch call slower than this many seconds has its files timed one by one (default 20)")
    ap.add_argument("--strict-stderr", action="store_true",
                    help="also fail on stderr lines that name no failed file (decoder chatter)")
    ap.add_argument("--keep", help="keep the test files in this directory")
    args = ap.parse_args()
    exe = os.path.abspath(args.livetext) if os.sep in args.livetext else args.livetext
    base_cmd = [exe, "analyze", "--json", "--types", "text,codes"]

    seeds = make_seeds()
    rng = random.Random(args.seed)
    workdir = args.keep or tempfile.mkdtemp(prefix="livetext-fuzz-")
    os.makedirs(workdir, exist_ok=True)
    started = time.time()

    # The seeds themselves first: every one must be read, or the mutations say little.
    seed_paths = []
    for name, ext, data in seeds:
        path = os.path.join(workdir, "seed-%s.%s" % (name, ext))
        with open(path, "wb") as f:
            f.write(data)
        seed_paths.append(path)
    call = Call(base_cmd + seed_paths, None, args.timeout * 3, args.mem_limit_mb)
    if call.rc == 4:
        print("livetext says its environment is missing (exit 4):\n" + call.stderr.decode(errors="replace"))
        return 4
    problems, status, stray = check(call, seed_paths, set())
    unread = [os.path.basename(p) for p, s in status.items() if s != "ok"]
    known_stray = set(stray)  # e.g. a notice printed once per call; later calls only count new lines
    print("livetext: %s" % exe)
    print("seeds:    %d valid images in %d formats, %s; %s" % (
        len(seeds), len({s[1] for s in seeds}), call.how(),
        "all read" if not unread else "NOT read: " + ", ".join(unread)))
    if call.crashed or call.hang or problems:
        print("the seeds alone give: %s %s" % (call.how(), "; ".join(problems)))

    cases = [make_case(i, rng, seeds) for i in range(args.count)]
    kind_of = {}
    paths = []
    for name, kind, data in cases:
        path = os.path.join(workdir, name)
        with open(path, "wb") as f:
            f.write(data)
        kind_of[path] = kind
        paths.append(path)

    per_kind = collections.defaultdict(collections.Counter)
    call_rcs = collections.Counter()
    messages = collections.Counter()
    findings = []  # (what, path or None, detail)
    strays = collections.Counter()
    slowest = []
    slow_files = []  # (seconds alone, name) from batches slower than --slow
    single_calls = 0
    attributed_invalid = 0

    def save(what, path, detail):
        os.makedirs(CRASH_DIR, exist_ok=True)
        dest = os.path.join(CRASH_DIR, "%s-seed%d-%s" % (what, args.seed, os.path.basename(path)))
        shutil.copyfile(path, dest)
        findings.append((what, path, detail, dest))

    def run_single(path, stdin=False):
        nonlocal single_calls
        single_calls += 1
        if stdin:
            with open(path, "rb") as f:
                c = Call(base_cmd + ["-"], f.read(), args.timeout, args.mem_limit_mb)
            probs, st, stray_lines = check(c, ["-"], known_stray)
        else:
            c = Call(base_cmd + [path], None, args.timeout, args.mem_limit_mb)
            probs, st, stray_lines = check(c, [path], known_stray)
        if c.crashed or c.hang:
            probs, stray_lines = [], []
        for line in stray_lines:
            strays[line.replace(path, "FILE").replace(os.path.basename(path), "FILE")] += 1
        return c, probs

    batches = [paths[i:i + args.batch] for i in range(0, len(paths), args.batch)]
    for b, batch in enumerate(batches):
        call = Call(base_cmd + batch, None, args.timeout, args.mem_limit_mb)
        call_rcs[call.how()] += 1
        slowest.append((call.seconds, "batch %d" % b))
        if call.rc == 4:
            print("livetext says its environment is missing (exit 4):\n" + call.stderr.decode(errors="replace"))
            return 4
        problems = []
        if not (call.crashed or call.hang):
            problems, status, stray_lines = check(call, batch, known_stray)
            for line in stray_lines:
                strays[line] += 1
            for p, s in status.items():
                per_kind[kind_of[p]]["ok" if s == "ok" else "rejected"] += 1
                if s != "ok":
                    msg = s[len("failed: "):].replace(p, "FILE").replace(os.path.basename(p), "FILE")
                    messages[msg] += 1
        if call.crashed or call.hang or problems:
            what = "hang" if call.hang else "crash" if call.crashed else "invalid"
            attribute = what != "invalid" or attributed_invalid < 5
            if what == "invalid":
                attributed_invalid += 1
            culprits = 0
            if attribute:
                for p in batch:
                    c, probs = run_single(p)
                    if c.crashed or c.hang or probs:
                        w = "hang" if c.hang else "crash" if c.crashed else "invalid"
                        save(w, p, c.how() + ("" if not probs else ": " + "; ".join(probs)))
                        per_kind[kind_of[p]][w] += 1
                        culprits += 1
                    elif what != "invalid":
                        per_kind[kind_of[p]]["ok" if c.rc == 0 else "rejected"] += 1
            if not culprits and attribute:
                detail = "%s%s; no single file does it alone" % (call.how(), (": " + "; ".join(problems)) if problems else "")
                dest = os.path.join(CRASH_DIR, "batch-%s-seed%d-call%d" % (what, args.seed, b))
                os.makedirs(dest, exist_ok=True)
                for p in batch:  # in call order: run them as livetext analyze --json --types text,codes DIR/*
                    shutil.copyfile(p, os.path.join(dest, os.path.basename(p)))
                findings.append(("batch-" + what, None, detail, dest))
            elif not attribute:
                findings.append(("invalid", None, "call %d: %s (not narrowed down: more than 5 such calls)"
                                 % (b, "; ".join(problems)), "-"))
        flag = "; ".join(problems)[:200] if problems else call.how() if (call.crashed or call.hang) else ""
        if call.seconds > args.slow and not call.hang:
            times = []
            for p in batch:
                c, _ = run_single(p)
                times.append((c.seconds, os.path.basename(p)))
            slow_files.extend(sorted(times, reverse=True)[:2])
        print("  batch %d/%d: %s in %.1f s%s" % (b + 1, len(batches), call.how(), call.seconds,
                                                 "  <-- " + flag if flag else ""), file=sys.stderr, flush=True)

    stdin_tried = 0
    if args.stdin_every > 0:
        for p in paths[::args.stdin_every]:
            c, probs = run_single(p, stdin=True)
            stdin_tried += 1
            call_rcs["stdin " + c.how()] += 1
            if c.crashed or c.hang or probs:
                w = "hang" if c.hang else "crash" if c.crashed else "invalid"
                save(w + "-stdin", p, c.how() + ("" if not probs else ": " + "; ".join(probs)))
                per_kind[kind_of[p]][w + " (stdin)"] += 1

    # ---- summary ----
    elapsed = time.time() - started
    tried = len(paths)
    crashes = [f for f in findings if "crash" in f[0]]
    hangs = [f for f in findings if "hang" in f[0]]
    invalid = [f for f in findings if "invalid" in f[0]]
    print()
    print("files tried: %d (seed %d, %d per call), %d batch calls, %d single re-runs, %d through stdin, %.0f s"
          % (tried, args.seed, args.batch, len(batches), single_calls - stdin_tried, stdin_tried, elapsed))
    print("memory limit per call: %s" % ("%d MiB address space" % args.mem_limit_mb if args.mem_limit_mb else "none"))
    print("calls by outcome: " + ", ".join("%s: %d" % kv for kv in sorted(call_rcs.items())))
    files_ok = sum(c["ok"] for c in per_kind.values())
    files_rej = sum(c["rejected"] for c in per_kind.values())
    print("files: %d read, %d rejected (exit 3 with a message)" % (files_ok, files_rej))
    print("crashes: %d   hangs: %d   invalid outputs: %d" % (len(crashes), len(hangs), len(invalid)))
    print()
    cols = ["ok", "rejected", "crash", "hang", "invalid", "crash (stdin)", "hang (stdin)", "invalid (stdin)"]
    cols = [c for c in cols if c in ("ok", "rejected") or any(k[c] for k in per_kind.values())]
    print("%-18s %6s " % ("mutation", "tried") + " ".join("%9s" % c.replace(" (stdin)", "/in") for c in cols))
    tried_kind = collections.Counter(kind_of.values())
    for kind in sorted(tried_kind, key=lambda k: (-per_kind[k]["rejected"], k)):
        print("%-18s %6d " % (kind, tried_kind[kind]) + " ".join("%9d" % per_kind[kind][c] for c in cols))
    if messages:
        print()
        print("most frequent rejection messages (of %d distinct):" % len(messages))
        for msg, n in messages.most_common(12):
            print("  %5d  %s" % (n, msg[:150]))
    if strays:
        print()
        print("stderr lines that name no failed file (%d, shown once each; not counted as failures):" % sum(strays.values()))
        for line, n in strays.most_common(8):
            print("  %5d  %s" % (n, line[:150]))
    slowest.sort(reverse=True)
    print()
    print("slowest calls: " + ", ".join("%s %.1f s" % (name, s) for s, name in slowest[:3]))
    if slow_files:
        print("slowest files alone (from calls over %g s): " % args.slow +
              ", ".join("%s %.1f s" % (name, s) for s, name in sorted(slow_files, reverse=True)[:6]))
    if findings:
        print()
        print("FINDINGS (kept in %s):" % os.path.relpath(CRASH_DIR, ROOT))
        for what, path, detail, where in findings:
            print("  %-14s %s: %s" % (what, os.path.basename(path) if path else "-", detail[:300]))
            print("  %-14s -> %s" % ("", os.path.relpath(where, ROOT) if where != "-" else "-"))
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    bad = bool(crashes or hangs or invalid or (args.strict_stderr and strays))
    print()
    print("RESULT: %s" % ("FAIL" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
