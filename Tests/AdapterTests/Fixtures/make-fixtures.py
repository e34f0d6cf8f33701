#!/usr/bin/python3
"""Regenerates the adapter test fixtures: /usr/bin/python3 make-fixtures.py (needs python3-pil, qrencode)."""
import subprocess
from PIL import Image, ImageDraw, ImageFont

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TEXT = "Invoice 4471 is due on 2026-12-01\nQuestions: billing@example.com\nCall +1 415 555 0123 today"


def render(name, size, fg, bg, width=520, height=96):
    font = ImageFont.truetype(DEJAVU, size)
    image = Image.new("RGB", (width, height), bg)
    ImageDraw.Draw(image).multiline_text((10, 10), TEXT, font=font, fill=fg, spacing=int(size * 0.6))
    image.save(name)
    return image


light = render("text-light-15px.png", 15, (20, 20, 20), (255, 255, 255))
render("text-dark-13px.png", 13, (215, 218, 222), (32, 34, 38))
render("text-small-11px.png", 11, (60, 60, 60), (246, 246, 246), width=400, height=80)

# One small image in every container the decoder supports.
sample = render("sample.png", 14, (0, 0, 0), (255, 255, 255), width=160, height=64)
sample.save("sample.jpg", quality=90)
sample.save("sample.gif")
sample.save("sample.bmp")
sample.save("sample.tif")
sample.save("sample.ppm")
sample.convert("L").save("sample.pgm")
sample.convert("1").save("sample.pbm")
sample.save("sample.webp", lossless=True)
rgba = Image.new("RGBA", (160, 64), (0, 0, 0, 0))
ImageDraw.Draw(rgba).text((10, 20), "Transparent", font=ImageFont.truetype(DEJAVU, 16), fill=(0, 0, 0, 255))
rgba.save("sample-rgba.png")

subprocess.run(["qrencode", "-s", "3", "-m", "4", "-o", "qr-url.png", "https://example.org/livetext?q=1"], check=True)
# A payload a terminal would obey: OSC 52 sets its clipboard, CSI 2 J clears its screen.
subprocess.run(["qrencode", "-s", "3", "-m", "4", "-o", "qr-escapes.png", "\x1b]52;c;b3duZWQ=\x07\x1b[2Jcleared"],
               check=True)

# German with nothing configured (the language found and read again in German), and a page of
# an English and a German paragraph.
GERMAN = "Lieferung nach München, Hauptstraße 12\nBitte öffnen Sie die Tür für den Fahrer,\ner klingelt zweimal. Grüße aus Köln!"
ENGLISH = "Your parcel is on its way and will\narrive on Monday between nine and noon."


def render_text(name, text, size, width, height):
    image = Image.new("RGB", (width, height), (255, 255, 255))
    ImageDraw.Draw(image).multiline_text((12, 12), text, font=ImageFont.truetype(DEJAVU, size),
                                         fill=(20, 20, 20), spacing=int(size * 0.6))
    image.save(name)


render_text("text-german-15px.png", GERMAN, 15, 400, 100)
render_text("text-english-german-15px.png", ENGLISH + "\n\n\n" + GERMAN, 15, 420, 200)
