#!/usr/bin/python3
"""NormCap as a benchmark peer of livetext: its whole OCR pipeline, or only its upscaling + tesseract.

    /usr/bin/python3 bench/normcap_peer.py setup [--venv DIR]
    /usr/bin/python3 bench/normcap_peer.py normcap [--raw] [--json] [--venv DIR] IMG...
    /usr/bin/python3 bench/normcap_peer.py tesseract-normcap [--scaler qt|imagemagick] [--json] IMG...

setup              creates the venv (default bench/out/normcap-venv, git-ignored) and installs
                   bench/requirements-normcap.txt into it with pip (normcap 0.6.0, which pulls
                   PySide6-Essentials and zxing-cpp).
normcap            NormCap's own recognition, called from the venv: the script starts itself again
                   with the venv's python when PySide6/normcap cannot be imported here. Headless:
                   QT_QPA_PLATFORM=offscreen and a QGuiApplication, no window, no tray, no
                   clipboard. Settings are NormCap's defaults: language eng, codes and text,
                   parse-text on; --raw turns parse-text off (tesseract's lines, no transformer).
tesseract-normcap  only NormCap's preprocessing, re-implemented here from its parameters (Qt's
                   scaling from the venv's PySide6, padding in a few lines of Python; nothing
                   imported from NormCap), then the tesseract CLI with NormCap's arguments. A
                   lighter peer (no code detection, no PNG/TSV files, no text transformers), but
                   not much faster: tesseract on the 4x pixels is most of NormCap's time too.

Both run tesseract with OMP_THREAD_LIMIT=1 (NormCap sets nothing itself; its tesseract inherits the
environment). Output: the recognized text of each image (with a "==> IMG <==" line before each when
there are several), or with --json one JSON object a line per image, in the order given:
  {"image": PATH, "text": ..., "seconds": S, ...}           or  {"image": PATH, "error": WHY}
"seconds" is the wall time of that image alone: for normcap from loading the file into a QImage to
the end of NormCap's detect() (its tesseract process included); for tesseract-normcap the
decoding and scaling, the padding and the tesseract process. The first object carries
"startup_seconds" (Python and PySide6/normcap imports, QGuiApplication), paid once per process; the
normcap objects carry "text_type"/"detector" as NormCap reports them. Exit status: 1 when an image
failed or a tool (venv, tesseract, ImageMagick) is missing, 2 on a usage error.

What NormCap 0.6.0 does with a selected screen region (read from its installed source, the modules
normcap/detection/detector.py, ocr/recognize.py, ocr/enhance.py, ocr/tesseract.py, ocr/models.py,
ocr/transformer.py and ocr/transformers/*, gui/tray.py and gui/settings.py):
  * The tray code crops the screenshot to the selection (skipping areas under 100 px) and calls
    detection.detector.detect() with the tesseract found on PATH, no tessdata dir, the configured
    languages (default "eng"), detection of codes and of text (both on by default) and parse-text
    (on by default).
  * Codes first: zxing-cpp reads barcodes/QR codes from the QImage. If it finds any, OCR is skipped
    and the payloads are the result.
  * Preprocessing (enhance.preprocess): the image is converted to 32-bit RGB (alpha dropped), scaled
    to twice its width and height with Qt's SmoothTransformation (bilinear filtering; the factor 2
    is fixed in detector.py, its comment aims at capital letters of 20-50 px), then padded by 80 px
    on every side (also fixed in detector.py) with the most common colour among at most 400 pixels
    drawn at random (Python's random module, unseeded) from the edges of the scaled image. Nothing
    else: no grey conversion, no thresholding, no inversion of dark backgrounds, no sharpening, no
    deskewing.
  * tesseract: the CLI, one process per capture without a timeout, on a PNG written to a temporary
    folder: `tesseract IN.png IN.png -c tessedit_create_tsv=1 -l LANGS --oem 3 --psm 3`
    (plus -c preserve_interword_spaces=1 when every language is Chinese, Japanese or Korean).
    Qt stores its default resolution in that PNG (pHYs 3780 px/m, 96 dpi) and tesseract uses it,
    where for a PNG without one (like our corpus) it estimates the resolution from the text
    ("Estimating resolution as 253"). This side effect matters: the same pixels read at 96 dpi
    and at the estimate give different text (on tk-form-dejavu-12px, a line more or less).
    It reads the TSV back and keeps the words whose text is not blank, with their block,
    paragraph and line numbers and confidences.
  * Text: words of a line joined by a space, lines by a newline, a blank line between blocks (what
    the CLI prints). With parse-text, five "transformers" each score the result from 0 to 100 and
    the best one (the first on a tie: single line, multi line, paragraph, email, URL) rewrites it:
    single line (50 when there is one line) keeps the text; multi line (50 when there are several
    lines in one block and one paragraph) keeps the line breaks; paragraph (100 - 100/(blocks +
    paragraphs - 1)) joins the lines of a paragraph with spaces and puts each paragraph on a line;
    email (the share of characters inside e-mail addresses) keeps only the addresses, comma-joined;
    URL (0.85 x the share of characters inside URLs) keeps only the URLs, one a line, after fixing
    common misreadings such as "http: //". Finally curly quotes become straight ones (" and ').
  So on screen text NormCap is tesseract --psm 3 on a 2x bilinear upscale with a flat border, and
  its text differs from tesseract's mostly in line joining (which our scoring ignores), straight
  quotes, and the email/URL transformers dropping everything else when they win.
  Seen on our corpus: the border can hurt. On tk-menu-liberation-13px (a grey menu on a white
  window) the white 80 px frame makes tesseract take the grey panel for a picture and NormCap
  returns no text at all, where plain tesseract reads most of it.

The re-implementation in tesseract-normcap follows those parameters: factor 2 with the same Qt
call (QImage.scaled, SmoothTransformation, from the venv's PySide6), 80 px of the most common edge
colour of the scaled image (counted over all edge pixels rather than 400 random ones; on the corpus
the colour is the same), and `tesseract - - -l eng --oem 3 --psm 3 --dpi 96` reading the padded
image as PPM on stdin. Checked on the 18 corpus images: its preprocessed images are bit-identical
to NormCap's enhance.preprocess() and its tesseract text is identical to what tesseract gives on
NormCap's own PNG. --scaler imagemagick (-filter Triangle -resize 200%, no venv) differs from Qt by
at most 2 of 255 per channel (Qt truncates, ImageMagick rounds); that changes tesseract's text by a
few edits on most images but by ~380 edits on xterm-light-dejavu-12px (page segmentation flips),
so it is only an approximation. For the normcap mode the random module is seeded (0) before each
image so that its padding colour, and so its result, does not change from run to run.
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VENV = os.path.join(HERE, "out", "normcap-venv")
REQUIREMENTS = os.path.join(HERE, "requirements-normcap.txt")
REEXEC_MARK = "LIVETEXT_NORMCAP_PEER_IN_VENV"

# NormCap 0.6.0's fixed preprocessing parameters (normcap/detection/detector.py, enhance.py).
RESIZE_FACTOR = 2
PADDING = 80
# Its tesseract arguments for the default language (normcap/detection/ocr/models.py TessArgs), and
# the resolution tesseract reads from the PNG that Qt writes for it (3780 px/m, Qt's default).
TESSERACT_ARGS = ["-l", "eng", "--oem", "3", "--psm", "3", "--dpi", "96"]
TIMEOUT = 300  # seconds, for one ImageMagick or tesseract process


class PeerError(Exception):
    """A failure on one image: its message says why."""


def tesseract_env():
    return dict(os.environ, OMP_THREAD_LIMIT="1")


# ---------------------------------------------------------------- setup

def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def setup(venv):
    if not os.path.exists(venv_python(venv)):
        proc = subprocess.run(["/usr/bin/python3", "-m", "venv", venv], capture_output=True, text=True,
                              check=False)
        if proc.returncode != 0:
            sys.exit(f"normcap_peer: cannot create the venv {venv}: {proc.stderr.strip() or proc.stdout.strip()} "
                     "(on Debian: apt-get install python3-venv)")
    try:
        proc = subprocess.run([venv_python(venv), "-m", "pip", "install", "--disable-pip-version-check", "-q",
                               "-r", REQUIREMENTS], capture_output=True, text=True, check=False, timeout=1800)
    except subprocess.TimeoutExpired:
        sys.exit("normcap_peer: pip install timed out after 1800 s")
    if proc.returncode != 0:
        sys.exit(f"normcap_peer: pip install -r {REQUIREMENTS} failed:\n{(proc.stderr or proc.stdout)[-3000:]}")
    print(f"normcap_peer: {venv} has {open(REQUIREMENTS, encoding='utf-8').read().count('==')} pinned packages")
    return 0


# ---------------------------------------------------------------- NormCap itself

def load_normcap(venv, need_normcap=True):
    """Import PySide6 (and NormCap's detector), starting this script again with the venv's python
    when they are not importable here. Returns QtGui, or (QtGui, detector module, DetectionMode)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from PySide6 import QtGui
        if not need_normcap:
            return QtGui
        from normcap.detection import detector
        from normcap.detection.models import DetectionMode
        return QtGui, detector, DetectionMode
    except ImportError as error:
        if os.environ.get(REEXEC_MARK):
            sys.exit(f"normcap_peer: cannot import {error.name} in {sys.executable}: "
                     f"run `/usr/bin/python3 {sys.argv[0]} setup`")
        python = venv_python(venv)
        if not os.path.exists(python):
            sys.exit(f"normcap_peer: no venv at {venv}: run `/usr/bin/python3 {sys.argv[0]} setup` first")
        os.environ[REEXEC_MARK] = "1"
        os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])
        raise  # not reached


def run_normcap(images, venv, raw, emit):
    started = time.monotonic()
    QtGui, detector, DetectionMode = load_normcap(venv)
    import random
    import normcap

    tesseract = shutil.which("tesseract")
    if tesseract is None:
        sys.exit("normcap_peer: no tesseract on PATH")
    os.environ["OMP_THREAD_LIMIT"] = "1"  # NormCap's tesseract subprocess inherits it
    app = QtGui.QGuiApplication.instance() or QtGui.QGuiApplication(["normcap_peer"])
    startup = time.monotonic() - started
    failed = False
    for index, image in enumerate(images):
        random.seed(0)  # enhance.add_padding samples edge pixels at random
        t0 = time.monotonic()
        qimage = QtGui.QImage(image)
        if qimage.isNull():
            emit({"image": image, "error": "Qt cannot read this image"})
            failed = True
            continue
        try:
            result = detector.detect(image=qimage, tesseract_bin_path=tesseract, tessdata_path=None,
                                     language="eng",
                                     detect_mode=DetectionMode.CODES | DetectionMode.TESSERACT,
                                     parse_text=not raw)
        except (OSError, subprocess.SubprocessError, ValueError) as error:
            emit({"image": image, "error": f"NormCap failed: {error}"})
            failed = True
            continue
        doc = {"image": image, "text": result.text, "seconds": round(time.monotonic() - t0, 4),
               "text_type": result.text_type.name, "detector": result.detector.name}
        if index == 0:
            doc.update(startup_seconds=round(startup, 4), normcap_version=normcap.__version__)
        emit(doc)
    del app
    return 1 if failed else 0


# ---------------------------------------------------------------- tesseract as NormCap upscales

def read_ppm(data):
    """(width, height, RGB bytes) of a binary 8-bit PPM (P6) as ImageMagick writes it."""
    fields, pos = [], 2
    if data[:2] != b"P6":
        raise PeerError("ImageMagick did not write a P6 PPM")
    while len(fields) < 3:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(int(data[pos:end]))
        pos = end
    width, height, maxval = fields
    pixels = data[pos + 1:]
    if maxval != 255 or len(pixels) < width * height * 3:
        raise PeerError(f"unexpected PPM: {width}x{height}, maxval {maxval}, {len(pixels)} bytes")
    return width, height, pixels[:width * height * 3]


def most_common_edge_color(width, height, pixels):
    """The most frequent RGB triple on the four edges (every edge pixel counted)."""
    row = width * 3
    counts = collections.Counter()
    for y in (0, height - 1):
        line = pixels[y * row:(y + 1) * row]
        counts.update(line[i:i + 3] for i in range(0, row, 3))
    for y in range(height):
        counts[pixels[y * row:y * row + 3]] += 1
        counts[pixels[(y + 1) * row - 3:(y + 1) * row]] += 1
    return counts.most_common(1)[0][0]


def pad(width, height, pixels, color, padding):
    """The image with `padding` pixels of `color` on every side, as a P6 PPM."""
    new_width = width + 2 * padding
    row = width * 3
    full = color * new_width
    side = color * padding
    parts = [f"P6\n{new_width} {height + 2 * padding}\n255\n".encode(), full * padding]
    for y in range(height):
        parts.append(side + pixels[y * row:(y + 1) * row] + side)
    parts.append(full * padding)
    return b"".join(parts)


def run_process(cmd, stdin=None):
    try:
        proc = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=tesseract_env(), check=False, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise PeerError(f"{cmd[0]} took more than {TIMEOUT} s") from None
    except OSError as error:
        raise PeerError(f"cannot run {cmd[0]}: {error}") from None
    if proc.returncode != 0:
        raise PeerError(f"{cmd[0]} exited with {proc.returncode}: "
                        f"{proc.stderr.decode('utf-8', 'replace').strip()[-500:]}")
    return proc.stdout


def qt_scaler(venv):
    """Scales as NormCap does, with the same Qt call: QImage converted to RGB32, then scaled() to
    RESIZE_FACTOR times its size, aspect ratio kept, SmoothTransformation. Returns a function
    path -> (width, height, RGB bytes)."""
    QtGui = load_normcap(venv, need_normcap=False)
    from PySide6.QtCore import Qt

    def scale(path):
        image = QtGui.QImage(path)
        if image.isNull():
            raise PeerError("Qt cannot read this image")
        image = image.convertToFormat(QtGui.QImage.Format.Format_RGB32)
        image = image.scaled(int(image.width() * RESIZE_FACTOR), int(image.height() * RESIZE_FACTOR),
                             Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
        image = image.convertToFormat(QtGui.QImage.Format.Format_RGB888)  # lossless from RGB32
        width, height, stride = image.width(), image.height(), image.bytesPerLine()
        data = bytes(image.constBits())
        row = width * 3
        if stride != row:  # Qt pads scan lines to 4 bytes
            data = b"".join(data[y * stride:y * stride + row] for y in range(height))
        return width, height, data

    return scale


def imagemagick_scaler():
    """The same factor with ImageMagick's bilinear filter (-filter Triangle). Not bit-identical
    to Qt (pixels differ by up to 2 of 255), which can change tesseract's text a lot on some
    images (see the note at the top)."""
    convert = shutil.which("convert") or shutil.which("magick")
    if convert is None:
        sys.exit("normcap_peer: --scaler imagemagick needs ImageMagick (convert) on PATH")

    def scale(path):
        if not os.path.isfile(path):
            raise PeerError("no such file")
        return read_ppm(run_process([convert, path, "-alpha", "off", "-colorspace", "sRGB", "-depth", "8",
                                     "-filter", "Triangle", "-resize", f"{RESIZE_FACTOR * 100}%", "ppm:-"]))

    return scale


def run_tesseract_normcap(images, scaler, venv, emit):
    """NormCap's preprocessing (2x smooth upscale, 80 px border of the commonest edge colour), then
    tesseract with NormCap's arguments, image by image."""
    tesseract = shutil.which("tesseract")
    if tesseract is None:
        sys.exit("normcap_peer: no tesseract on PATH")
    started = time.monotonic()
    scale = qt_scaler(venv) if scaler == "qt" else imagemagick_scaler()
    startup = time.monotonic() - started
    failed = False
    for index, image in enumerate(images):
        t0 = time.monotonic()
        try:
            width, height, pixels = scale(image)
            padded = pad(width, height, pixels, most_common_edge_color(width, height, pixels), PADDING)
            text = run_process([tesseract, "-", "-"] + TESSERACT_ARGS, stdin=padded).decode("utf-8", "replace")
        except PeerError as error:
            emit({"image": image, "error": str(error)})
            failed = True
            continue
        doc = {"image": image, "text": text, "seconds": round(time.monotonic() - t0, 4)}
        if index == 0:
            doc.update(startup_seconds=round(startup, 4), scaler=scaler)
        emit(doc)
    return 1 if failed else 0


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description="NormCap's OCR, or tesseract on NormCap's upscaling, as a peer.")
    sub = ap.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("setup", help="create the venv and pip install NormCap into it")
    p.add_argument("--venv", default=DEFAULT_VENV)
    p = sub.add_parser("normcap", help="NormCap's own pipeline (from the venv)")
    p.add_argument("--venv", default=DEFAULT_VENV)
    p.add_argument("--raw", action="store_true", help="parse-text off: tesseract's lines, no transformer")
    p.add_argument("--json", action="store_true", help="one JSON object a line per image")
    p.add_argument("images", nargs="+", metavar="IMG")
    p = sub.add_parser("tesseract-normcap", help="NormCap's 2x upscaling + padding, then the tesseract CLI")
    p.add_argument("--scaler", choices=("qt", "imagemagick"), default="qt",
                   help="qt: Qt's smooth scaling from the venv, as NormCap (default); imagemagick: "
                        "-filter Triangle, no venv, close but not bit-identical")
    p.add_argument("--venv", default=DEFAULT_VENV)
    p.add_argument("--json", action="store_true", help="one JSON object a line per image")
    p.add_argument("images", nargs="+", metavar="IMG")
    args = ap.parse_args()

    if args.mode == "setup":
        return setup(args.venv)

    several = len(args.images) > 1

    def emit(doc):
        if args.json:
            print(json.dumps(doc, ensure_ascii=False), flush=True)
            return
        if several:
            print(f"==> {doc['image']} <==")
        if "error" in doc:
            print(f"normcap_peer: {doc['image']}: {doc['error']}", file=sys.stderr)
        else:
            print(doc["text"].rstrip("\n"), flush=True)

    if args.mode == "normcap":
        return run_normcap(args.images, args.venv, args.raw, emit)
    return run_tesseract_normcap(args.images, args.scaler, args.venv, emit)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. piped into head
        sys.exit(1)
