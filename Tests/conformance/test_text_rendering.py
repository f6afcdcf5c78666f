"""Text set by Choreo (HarfBuzz shaping, FriBidi runs, FreeType outlines, drawn as paths) against an
independent rendering of the same string in the same font: Pillow's FreeType rasteriser with raqm
layout (HarfBuzz + FriBiDi), or its basic layout when raqm is missing (Latin samples only then).
A variable font's `weight:` is compared with the font's named instance of that weight.

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
# A variable font (wght axis) from fonts-inter-variable.
INTER_VARIABLE = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
RAQM = features.check("raqm")
WIDTH, HEIGHT, SIZE = 640, 160, 64
# Pillow's reference is drawn this many times larger and scaled down (see pillow_picture).
REFERENCE_SCALE = 8

SAMPLES = [
    ("latin-kerning", DEJAVU, "AVATAR Wave To", False),
    ("ligature", DEJAVU, "office ffi", False),
    ("arabic", DEJAVU, "مرحبا بالعالم", True),
    ("devanagari", LOHIT_DEVANAGARI, "नमस्ते दुनिया", True),
    # One line in two directions: a left-to-right line with an Arabic run, a right-to-left one with Latin.
    ("mixed-arabic-latin", DEJAVU, "Total: 42 ر.س", True),
    ("mixed-hebrew-latin", DEJAVU, "שלום world", True),
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


def choreo_picture(font_file, text, folder, weight=None, size=SIZE):
    shutil.copy(font_file, folder / "font.ttf")
    weight_key = f", weight: {weight}" if weight else ""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    (folder / "text.yaml").write_text(
        f"""choreo: 1
size: [{WIDTH}, {HEIGHT}]
fonts:
  sample: {{file: font.ttf{weight_key}}}
layers:
  - id: sample
    shape: text
    text: "{escaped}"
    font: sample
    size: {size}
    position: [{WIDTH / 2}, {HEIGHT / 2}]
    fill: black
""",
        encoding="utf-8",
    )
    subprocess.run([CHOREO, "snapshot", "text.yaml", "--at", "0s", "-o", "text.svg"], cwd=folder, check=True, capture_output=True)
    subprocess.run(["rsvg-convert", "text.svg", "-o", "text.png"], cwd=folder, check=True)
    return ink(Image.open(folder / "text.png"))


def pillow_picture(font_file, text, instance=None, size=SIZE, scale=REFERENCE_SCALE):
    """`scale` > 1 draws that many times larger and scales the picture down: FreeType hints Pillow's
    glyphs to whole pixels (Choreo's outlines are unhinted), which moves thin stems by a pixel."""
    layout = ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC
    font = ImageFont.truetype(font_file, size * scale, layout_engine=layout)
    if instance:
        font.set_variation_by_name(instance)
    image = Image.new("RGBA", (WIDTH * scale, HEIGHT * scale), (0, 0, 0, 0))
    # "mm": the middle of the advance, halfway between ascender and descender: the text box's centre.
    ImageDraw.Draw(image).text((WIDTH * scale / 2, HEIGHT * scale / 2), text, font=font, fill=(0, 0, 0, 255), anchor="mm")
    return ink(image.resize((WIDTH, HEIGHT), Image.Resampling.BOX) if scale > 1 else image)


def skip_without_the_tools():
    if not Path(CHOREO).exists():
        pytest.skip(f"no choreo binary at {CHOREO}")
    if shutil.which("rsvg-convert") is None:
        pytest.skip("rsvg-convert (librsvg2-bin) is not installed")


@pytest.mark.parametrize("name,font_file,text,needs_raqm", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_glyph_placement_matches_an_independent_rendering(name, font_file, text, needs_raqm):
    skip_without_the_tools()
    if not Path(font_file).exists():
        pytest.skip(f"{font_file} is not installed (fonts-dejavu-core, fonts-lohit-deva)")
    if needs_raqm and not RAQM:
        pytest.skip("Pillow has no raqm layout: complex scripts cannot be compared with basic layout")
    with tempfile.TemporaryDirectory() as work:
        ours = choreo_picture(font_file, text, Path(work))
    compare(name, ours, pillow_picture(font_file, text))


def compare(name, ours, theirs):
    score = overlap(covered(ours), covered(theirs))
    (ox, oy), (tx, ty) = centre(ours), centre(theirs)
    print(f"{name}: overlap {score:.3f}, centre ({ox:.2f}, {oy:.2f}) vs ({tx:.2f}, {ty:.2f}), raqm {RAQM}")
    assert score >= 0.9, f"{name}: ink overlap {score:.3f} < 0.9"
    assert abs(ox - tx) <= 1 and abs(oy - ty) <= 1, f"{name}: ink centre ({ox:.2f}, {oy:.2f}) vs ({tx:.2f}, {ty:.2f})"


# `weight:` picks the wght coordinate; FreeType's named instances of the same font are the reference.
WEIGHTS = [(300, "Light"), (800, "Extra Bold")]


def test_variable_font_weights_match_the_fonts_named_instances():
    skip_without_the_tools()
    if not Path(INTER_VARIABLE).exists():
        pytest.skip(f"{INTER_VARIABLE} is not installed (Debian's fonts-inter-variable)")
    text = "Hamburgefonts"
    pictures = {}
    for weight, instance in WEIGHTS:
        with tempfile.TemporaryDirectory() as work:
            ours = choreo_picture(INTER_VARIABLE, text, Path(work), weight=weight)
        theirs = pillow_picture(INTER_VARIABLE, text, instance=instance)
        compare(f"weight {weight} vs {instance}", ours, theirs)
        pictures[weight] = covered(ours)
    light, heavy = (sum(pictures[w].histogram()[255:]) for w, _ in WEIGHTS)
    assert heavy > light * 1.5, f"weight 800 inks {heavy} px, weight 300 {light} px: the weight changed nothing"
