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

# The pass/fail rule, the same for every comparison in every suite: two renders agree unless
# more than 0.5 % of their pixels differ by more than 64/255 (a quarter of full scale) in some
# channel. Anti-aliasing differences between rasterisers stay well below it; a shape in the wrong
# place, a missing rotation or a wrong colour is far above it.
CHANNEL_TOLERANCE = 64
MAX_DIFFERING_FRACTION = 0.005
THRESHOLD_DESCRIPTION = (
    f"fail when more than {MAX_DIFFERING_FRACTION * 100:g} % of pixels differ by more than "
    f"{CHANNEL_TOLERANCE}/255 in any channel"
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
            f"(max channel difference {self.max_channel_difference})"
        )


def compare_images(a: np.ndarray, b: np.ndarray) -> Comparison:
    if a.shape != b.shape:
        return Comparison(0, max(a.shape[0] * a.shape[1], 1), 255, same_size=False)
    difference = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    return Comparison(
        differing_pixels=int((difference > CHANNEL_TOLERANCE).sum()),
        total_pixels=int(difference.size),
        max_channel_difference=int(difference.max()) if difference.size else 0,
    )


def difference_image(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Grey where the images agree, red where a pixel is over the tolerance, orange below it."""
    height = max(a.shape[0], b.shape[0])
    width = max(a.shape[1], b.shape[1])
    out = np.full((height, width, 3), 235, dtype=np.uint8)
    if a.shape != b.shape:
        out[...] = (255, 0, 0)
        return out
    difference = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    out[(difference > 8)] = (255, 170, 0)
    out[(difference > CHANNEL_TOLERANCE)] = (220, 0, 0)
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


def summary_line(passed: int, failed: int) -> str:
    """The closing line every suite prints (CI reads it)."""
    return f"{passed} passed, {failed} failed"
