"""Text set by Choreo (HarfBuzz shaping, FreeType outlines, drawn as paths) against an independent
rendering of the same string in the same font: Pillow's FreeType rasteriser with raqm layout
(HarfBuzz + FriBiDi), or its basic layout when raqm is missing (Latin samples only then).

For each sample the ink overlaps by at least 0.9 (intersection over union of the pixels each
picture covers at least half) and the ink's centre (alpha-weighted) is within 1 px."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont, features

REPO = Path(__file__).resolve().parents[2]
CHOREO = os.environ.get("CHOREO") or str(REPO / ".build" / "debug" / "choreo")
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
LOHIT_DEVANAGARI = "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf"
RAQM = features.check("raqm")
WIDTH, HEIGHT, SIZE = 640, 160, 64

SAMPLES = [
    ("latin-kerning", DEJAVU, "AVATAR Wave To", False),
    ("ligature", DEJAVU, "office ffi", False),
    ("arabic", DEJAVU, "مرحبا بالعالم", True),
    ("devanagari", LOHIT_DEVANAGARI, "नमस्ते दुनिया", True),
]


def ink(image):
    return image.convert("RGBA").getchannel("A")


def covered(alpha):
    # Pixels at least half covered: the two rasterisers anti-alias edges differently.
    return alpha.point(lambda value: 255 if value >= 128 else 0)


def centre(alpha):
    total = sx = sy = 0
    pixels = alpha.load()
    for y in range(alpha.height):
        for x in range(alpha.width):
            value = pixels[x, y]
            total += value
            sx += value * x
            sy += value * y
    return sx / total, sy / total


def overlap(a, b):
    low = sum(ImageChops.darker(a, b).histogram()[v] * v for v in range(256))
    high = sum(ImageChops.lighter(a, b).histogram()[v] * v for v in range(256))
    return low / high


def choreo_picture(font_file, text, folder):
    shutil.copy(font_file, folder / "font.ttf")
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    (folder / "text.yaml").write_text(
        f"""choreo: 1
size: [{WIDTH}, {HEIGHT}]
fonts:
  sample: {{file: font.ttf}}
layers:
  - id: sample
    shape: text
    text: "{escaped}"
    font: sample
    size: {SIZE}
    position: [{WIDTH / 2}, {HEIGHT / 2}]
    fill: black
""",
        encoding="utf-8",
    )
    subprocess.run([CHOREO, "snapshot", "text.yaml", "--at", "0s", "-o", "text.svg"], cwd=folder, check=True, capture_output=True)
    subprocess.run(["rsvg-convert", "text.svg", "-o", "text.png"], cwd=folder, check=True)
    return ink(Image.open(folder / "text.png"))


def pillow_picture(font_file, text):
    layout = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
    font = ImageFont.truetype(font_file, SIZE, layout_engine=layout)
    image = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    # "mm": the middle of the advance, halfway between ascender and descender: the text box's centre.
    ImageDraw.Draw(image).text((WIDTH / 2, HEIGHT / 2), text, font=font, fill=(0, 0, 0, 255), anchor="mm")
    return ink(image)


@pytest.mark.parametrize("name,font_file,text,needs_raqm", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_glyph_placement_matches_an_independent_rendering(name, font_file, text, needs_raqm):
    if not Path(CHOREO).exists():
        pytest.skip(f"no choreo binary at {CHOREO}")
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert (librsvg2-bin) is not installed")
    if not Path(font_file).exists():
        pytest.skip(f"{font_file} is not installed (fonts-dejavu-core, fonts-lohit-deva)")
    if needs_raqm and not RAQM:
        pytest.skip("Pillow has no raqm layout: complex scripts cannot be compared with basic layout")
    with tempfile.TemporaryDirectory() as work:
        ours = choreo_picture(font_file, text, Path(work))
    theirs = pillow_picture(font_file, text)
    score = overlap(covered(ours), covered(theirs))
    (ox, oy), (tx, ty) = centre(ours), centre(theirs)
    print(f"{name}: overlap {score:.3f}, centre ({ox:.2f}, {oy:.2f}) vs ({tx:.2f}, {ty:.2f}), raqm {RAQM}")
    assert score >= 0.9, f"{name}: ink overlap {score:.3f} < 0.9"
    assert abs(ox - tx) <= 1 and abs(oy - ty) <= 1, f"{name}: ink centre ({ox:.2f}, {oy:.2f}) vs ({tx:.2f}, {ty:.2f})"
