"""Helpers shared by the conformance suites (Lottie players, SVG rasterisers).

Images move around as NumPy arrays of shape (height, width, 3), dtype uint8: RGB already
composited over white, so that transparent and white backgrounds compare equal and every
renderer is judged on what a viewer would see on a white page.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

try:
    import numpy as np
    from PIL import Image
except ImportError:  # Outside the venv only ensure_venv() works, and it re-runs the script inside.
    np = Image = None

REPO_ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE_DIR = Path(__file__).resolve().parent
OUT_DIR = CONFORMANCE_DIR / "out"

# The pass/fail rule, the same for every comparison in every suite: two renders agree unless more
# than 0.5 % of their pixels have a colour more than 64/255 (a quarter of full scale, in some
# channel) outside the range of colours the other render has within one pixel of the same place
# (checked both ways). The one-pixel allowance absorbs how rasterisers anti-alias edges, which
# alone fails small scenes: ThorVG draws axis-aligned rectangles snapped to whole pixels without
# anti-aliasing, so every edge pixel of a 20 px square at a fractional position differs in place
# by up to 150/255 (0.8 % of a 100 × 100 frame); rlottie's coverage on diagonal edges differs
# likewise. A shape in the wrong place by more than a pixel, a missing rotation or a wrong colour
# is far above the threshold.
CHANNEL_TOLERANCE = 64
NEIGHBOURHOOD = 1
MAX_DIFFERING_FRACTION = 0.005
THRESHOLD_DESCRIPTION = (
    f"fail when more than {MAX_DIFFERING_FRACTION * 100:g} % of pixels differ by more than "
    f"{CHANNEL_TOLERANCE}/255 (in some channel) outside the colours the other image has within {NEIGHBOURHOOD} px"
)


def ensure_venv() -> None:
    """Re-runs the current script inside REPO/.venv (creating it with setup.sh) when the
    conformance packages are not importable from the running interpreter."""
    venv_python = REPO_ROOT / ".venv" / "bin" / "python"
    if Path(sys.prefix).resolve() == (REPO_ROOT / ".venv").resolve():
        return
    subprocess.run(["bash", str(CONFORMANCE_DIR / "setup.sh")], check=True, stdout=subprocess.DEVNULL)
    os.execv(str(venv_python), [str(venv_python), *sys.argv])


def over_white_premultiplied(rgba: np.ndarray) -> np.ndarray:
    """Composites premultiplied RGBA (as players render) over white: C + (1 − α)·255."""
    rgba = rgba.astype(np.int32)
    alpha = rgba[..., 3:4]
    return np.clip(rgba[..., :3] + (255 - alpha), 0, 255).astype(np.uint8)


def over_white_straight(rgba: np.ndarray) -> np.ndarray:
    """Composites straight (non-premultiplied) RGBA, as stored in PNG files, over white."""
    rgba = rgba.astype(np.float64)
    alpha = rgba[..., 3:4] / 255.0
    rgb = rgba[..., :3] * alpha + 255.0 * (1.0 - alpha)
    return np.clip(np.rint(rgb), 0, 255).astype(np.uint8)


def load_png_over_white(path: Path) -> np.ndarray:
    with Image.open(path) as image:
        return over_white_straight(np.asarray(image.convert("RGBA")))


@dataclass
class Comparison:
    differing_pixels: int
    total_pixels: int
    max_channel_difference: int
    same_size: bool = True

    @property
    def differing_fraction(self) -> float:
        return self.differing_pixels / self.total_pixels if self.total_pixels else 0.0

    @property
    def passed(self) -> bool:
        return self.same_size and self.differing_fraction <= MAX_DIFFERING_FRACTION

    def describe(self) -> str:
        if not self.same_size:
            return "images have different sizes"
        return (
            f"{self.differing_fraction * 100:.2f} % of pixels differ by more than {CHANNEL_TOLERANCE}/255 "
            f"from the other image's colours within {NEIGHBOURHOOD} px "
            f"(max channel difference in place {self.max_channel_difference})"
        )


def distance_to_neighbourhood(a: np.ndarray, b: np.ndarray, reach: int = NEIGHBOURHOOD) -> np.ndarray:
    """Per pixel of `a`: how far (largest channel) its colour lies outside the range of colours of
    `b` within `reach` px (a square window, per channel). An anti-aliased edge pixel is a blend of
    the colours on both sides, so it lies inside the range wherever the other image has that edge
    within a pixel, whether drawn anti-aliased or hard."""
    height, width = a.shape[:2]
    padded = np.pad(b.astype(np.int16), ((reach, reach), (reach, reach), (0, 0)), mode="edge")
    low = np.full(a.shape, 255, dtype=np.int16)
    high = np.zeros(a.shape, dtype=np.int16)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            shifted = padded[reach + dy : reach + dy + height, reach + dx : reach + dx + width]
            low = np.minimum(low, shifted)
            high = np.maximum(high, shifted)
    a16 = a.astype(np.int16)
    return np.maximum(np.maximum(low - a16, a16 - high), 0).max(axis=2)


def differing_mask(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """True where a pixel of either image has no counterpart within the tolerance nearby."""
    return (distance_to_neighbourhood(a, b) > CHANNEL_TOLERANCE) | (distance_to_neighbourhood(b, a) > CHANNEL_TOLERANCE)


def compare_images(a: np.ndarray, b: np.ndarray) -> Comparison:
    if a.shape != b.shape:
        return Comparison(0, max(a.shape[0] * a.shape[1], 1), 255, same_size=False)
    difference = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    return Comparison(
        differing_pixels=int(differing_mask(a, b).sum()),
        total_pixels=int(difference.size),
        max_channel_difference=int(difference.max()) if difference.size else 0,
    )


def difference_image(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Grey where the images agree, red where a pixel counts as differing, orange where it differs
    in place by more than 8/255 but not enough to count."""
    height = max(a.shape[0], b.shape[0])
    width = max(a.shape[1], b.shape[1])
    out = np.full((height, width, 3), 235, dtype=np.uint8)
    if a.shape != b.shape:
        out[...] = (255, 0, 0)
        return out
    difference = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    out[(difference > 8)] = (255, 170, 0)
    out[differing_mask(a, b)] = (220, 0, 0)
    return out


def write_side_by_side(path: Path, left: np.ndarray, right: np.ndarray, gap: int = 4) -> Path:
    """Writes `left | right | difference` to `path` and returns it."""
    panels = [left, right, difference_image(left, right)]
    height = max(panel.shape[0] for panel in panels)
    width = sum(panel.shape[1] for panel in panels) + gap * (len(panels) - 1)
    canvas = np.full((height, width, 3), 128, dtype=np.uint8)
    x = 0
    for panel in panels:
        canvas[: panel.shape[0], x : x + panel.shape[1]] = panel
        x += panel.shape[1] + gap
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(canvas, "RGB").save(path)
    return path


class TimelineSize:
    """The canvas (whole px) and frame rate of a scene's compiled timeline, `self.timeline`
    (`choreo compile --emit timeline`)."""

    timeline: dict

    @property
    def width(self) -> int:
        return int(round(self.timeline["size"][0]))

    @property
    def height(self) -> int:
        return int(round(self.timeline["size"][1]))

    @property
    def fps(self) -> float:
        return float(self.timeline["fps"])


def state_snapshot(choreo: str, source: Path, state: str, directory: Path) -> Path:
    """`choreo snapshot SOURCE --state STATE` written once into `directory`."""
    path = directory / f"state-{state}.svg"
    if not path.exists():
        subprocess.run([choreo, "snapshot", str(source), "--state", state, "-o", str(path)], check=True, capture_output=True)
    return path


def summary_line(passed: int, failed: int) -> str:
    """The closing line every suite prints (CI reads it)."""
    return f"{passed} passed, {failed} failed"


def compare_regions(a: np.ndarray, b: np.ndarray, boxes: list[tuple[int, int, int, int]]) -> list[Comparison]:
    """The same rule as compare_images, applied to each box (x, y, w, h) of two whole frames on
    its own: a box fails when more than MAX_DIFFERING_FRACTION of *its* pixels differ. The
    neighbourhood still reaches across box edges, as it would in the whole frame."""
    if a.shape != b.shape:
        return [Comparison(0, max(w * h, 1), 255, same_size=False) for _, _, w, h in boxes]
    mask = differing_mask(a, b)
    difference = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    comparisons = []
    for x, y, w, h in boxes:
        region = mask[y : y + h, x : x + w]
        in_place = difference[y : y + h, x : x + w]
        comparisons.append(Comparison(int(region.sum()), int(region.size), int(in_place.max()) if in_place.size else 0))
    return comparisons
