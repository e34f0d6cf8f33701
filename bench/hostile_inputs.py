"""Hostile images and settings for bench/abuse.py, made at probe time (small files, big promises).

    gif_bomb(frames, width, height)       frames larger than the GIF's logical screen, honestly encoded
    flat_png(width, height, colour)       one flat colour, deflated: 10000x10000 in about 100 KB
    progressive_jpeg_bomb(n)              a 10000x10000 progressive JPEG whose AC scan comes n times more
    qr_png(payload, path)                 a QR code of raw bytes (qrencode -8)
    deep_key_toml(parts)                  one dotted key, or one table header, of `parts` parts
"""
import os
import struct
import subprocess
import zlib


# ---- GIF ----------------------------------------------------------------------------------------

class _Bits:
    """LZW codes packed least significant bit first, as GIF wants them."""

    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def put(self, code, width):
        self.acc |= code << self.n
        self.n += width
        while self.n >= 8:
            self.out.append(self.acc & 0xFF)
            self.acc >>= 8
            self.n -= 8

    def bytes(self):
        if self.n:
            self.out.append(self.acc & 0xFF)
        return bytes(self.out)


def lzw_zeros(pixels, min_code=2):
    """The GIF LZW stream of `pixels` pixels of colour 0, encoded as giflib's encoder does (a clear
    code when the table is full): each code covers one pixel more than the one before."""
    clear, eoi = 1 << min_code, (1 << min_code) + 1
    bits = _Bits()
    width, nxt, longest = min_code + 1, eoi + 1, 1
    bits.put(clear, width)
    left = pixels
    while left > 0:
        run = min(longest, left)
        bits.put(0 if run == 1 else eoi + run - 1, width)
        left -= run
        if nxt >= (1 << width) and width < 12:
            width += 1
        if left <= 0:
            break
        if nxt >= 4095:  # full: clear, and the runs start from one pixel again
            bits.put(clear, width)
            width, nxt, longest = min_code + 1, eoi + 1, 1
        else:
            nxt += 1
            longest += 1
    bits.put(eoi, width)
    return bits.bytes()


def _sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out += bytes([len(chunk)]) + chunk
    return bytes(out) + b"\0"


def gif_bomb(frames, width, height, screen=(16, 16), tiny=False):
    """A GIF89a whose logical screen is `screen` and whose `frames` frames each claim `width` x
    `height`; each frame's pixels are really there (one colour, about 0.4 bytes per 1000 pixels),
    or, `tiny`, a stream of a few pixels only."""
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", screen[0], screen[1], 0x80, 0, 0) + b"\0\0\0\xff\xff\xff")
    data = _sub_blocks(lzw_zeros(16 if tiny else width * height))
    for _ in range(frames):
        out += b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0) + b"\x02" + data
    return bytes(out + b"\x3b")


# ---- PNG ----------------------------------------------------------------------------------------

def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


_FLAT_IDAT = {}


def flat_png(width, height, colour=(200, 30, 30)):
    """A `width` x `height` palette PNG of one colour (every index 0); the deflated pixels are
    made once per size, the colour is the palette's, so each colour decodes to other pixels."""
    if (width, height) not in _FLAT_IDAT:
        z = zlib.compressobj(9)
        row = b"\0" * (width + 1)
        parts = [z.compress(row) for _ in range(height)]
        parts.append(z.flush())
        _FLAT_IDAT[(width, height)] = b"".join(parts)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + _chunk(b"PLTE", bytes(colour)) + _chunk(b"IDAT", _FLAT_IDAT[(width, height)]) + _chunk(b"IEND", b""))


# ---- JPEG ---------------------------------------------------------------------------------------

def _segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def _stuffed(bits):
    """Entropy-coded bytes: a 0xFF is followed by a 0, as in every scan."""
    return bits.replace(b"\xff", b"\xff\x00")


class _MsbBits(_Bits):
    """Huffman codes packed most significant bit first, as JPEG wants them; padded with ones."""

    def put(self, code, width):
        self.acc = (self.acc << width) | code
        self.n += width
        while self.n >= 8:
            self.n -= 8
            self.out.append((self.acc >> self.n) & 0xFF)
        self.acc &= (1 << self.n) - 1

    def bytes(self):
        if self.n:
            self.put((1 << (8 - self.n)) - 1, 8 - self.n)
        return bytes(self.out)


def progressive_jpeg_bomb(repeats, size=10000):
    """A `size` x `size` grey progressive JPEG (mid grey: every DC difference and every AC
    coefficient zero) whose AC scan is repeated `repeats` times: each repeat makes a decoder walk
    all (size/8)^2 blocks again. About 200 KB + 100 bytes a scan."""
    blocks = ((size + 7) // 8) ** 2
    out = bytearray(b"\xff\xd8")
    out += _segment(0xDB, b"\x00" + b"\x01" * 64)
    out += _segment(0xC2, struct.pack(">BHHB", 8, size, size, 1) + b"\x01\x11\x00")
    # DC table 0: one code, "0", for difference category 0. AC table 0: the EOB runs EOB0..EOB14
    # (a run of 2^r + r more bits of empty blocks), code r in 4 bits.
    out += _segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")
    out += _segment(0xC4, b"\x10" + bytes([0, 0, 0, 15] + [0] * 12) + bytes(r << 4 for r in range(15)))
    dc = _MsbBits()
    dc.out += bytes(blocks // 8)
    dc.put(0, blocks % 8)
    out += _segment(0xDA, b"\x01\x01\x00\x00\x00\x00") + _stuffed(dc.bytes())
    ac = _MsbBits()
    left = blocks
    while left > 0:
        r = min(14, left.bit_length() - 1)
        run = min(left, (2 << r) - 1)
        ac.put(r, 4)
        ac.put(run - (1 << r), r)
        left -= run
    scan = _segment(0xDA, b"\x01\x01\x00\x01\x3f\x00") + _stuffed(ac.bytes())
    return bytes(out + scan * (1 + repeats) + b"\xff\xd9")


# ---- QR codes, settings -------------------------------------------------------------------------

def qr_png(payload, path):
    """A QR code of the bytes `payload` (qrencode -8, so a NUL or any byte goes in as it is)."""
    raw = path + ".bin"
    with open(raw, "wb") as f:
        f.write(payload)
    subprocess.run(["qrencode", "-8", "-s", "6", "-r", raw, "-o", path], check=True, capture_output=True, timeout=30)
    os.unlink(raw)
    return path


def deep_key_toml(parts, header=False):
    """A settings file whose one dotted key (or table header) has `parts` parts."""
    dotted = ".".join(["a"] * parts)
    return ("[%s]\nx = 1\n" % dotted) if header else ("%s = 1\n" % dotted)
