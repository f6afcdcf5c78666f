"""Effects (blur, shadow) in every renderer, against a blur computed here from the definition.

For each case a scene is compiled (Lottie and snapshot SVG) and drawn by ThorVG, rlottie and
lottie-web (Lottie) and Chromium and librsvg (the snapshot SVG). The reference is the definition itself: the shape's
coverage (8× supersampled), blurred with a Gaussian of the scene's standard deviation in NumPy,
the shadow tinted, offset and drawn below, all over white. Per renderer it prints the mean and
largest channel difference from the reference and the share of pixels off by more than 16/255,
and checks each renderer the docs say draws the effect (docs/players.md, "Effects") within its
measured bound, and that rlottie draws the drawing without its effect.

Usage: effects_suite.py --choreo PATH [--work DIR]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import common
from common import np, summary_line

WIDTH, HEIGHT = 160, 120
RECT = (50, 40, 60, 40)  # x, y, width, height
COLOR = (0x20, 0x50, 0xD0)

CASES = {
    "blur": {"blur": 4},
    "shadow": {"shadow": {"color": "rgba(0, 0, 0, 0.5)", "offset": [6, 8], "blur": 4}},
    "shadow-sharp": {"shadow": {"color": "rgba(0, 0, 0, 0.5)", "offset": [6, 8], "blur": 0.5}},
}

# The largest mean channel difference (0…255) from the reference each renderer may show per case;
# None: the renderer is not expected to draw the effect.
BOUNDS = {
    "thorvg": {"blur": 3.0, "shadow": 3.0, "shadow-sharp": 3.0},
    "chromium": {"blur": 1.0, "shadow": 1.0, "shadow-sharp": 1.0},
    # lottie-web 5.7.4 cuts a Drop Shadow's filter to the layer's box unless the page passes a larger
    # `rendererSettings.filterSize`: the shadow outside the drawing is not drawn.
    "lottie-web": {"blur": 1.5, "shadow": None, "shadow-sharp": None},
    "rlottie": {"blur": None, "shadow": None, "shadow-sharp": None},
    "librsvg": {"blur": 1.0, "shadow": 1.0, "shadow-sharp": 1.0},
}


def scene_text(name: str, effect: dict) -> str:
    x, y, w, h = RECT
    return json.dumps({
        "choreo": 1, "name": f"effect-{name}", "size": [WIDTH, HEIGHT],
        "layers": [{"id": "card", "shape": "rect", "size": [w, h], "position": [x + w / 2, y + h / 2],
                    "fill": "#%02x%02x%02x" % COLOR, **effect}],
    })


def coverage() -> np.ndarray:
    """The rectangle's coverage of each pixel, 8× supersampled."""
    factor = 8
    x, y, w, h = RECT
    ys = (np.arange(HEIGHT * factor) + 0.5) / factor
    xs = (np.arange(WIDTH * factor) + 0.5) / factor
    inside = ((ys[:, None] >= y) & (ys[:, None] < y + h)) & ((xs[None, :] >= x) & (xs[None, :] < x + w))
    return inside.reshape(HEIGHT, factor, WIDTH, factor).mean(axis=(1, 3))


def gaussian_blur(plane: np.ndarray, sigma: float) -> np.ndarray:
    if sigma <= 0:
        return plane
    radius = int(np.ceil(4 * sigma))
    offsets = np.arange(-radius, radius + 1)
    kernel = np.exp(-(offsets ** 2) / (2 * sigma ** 2))
    kernel /= kernel.sum()
    padded = np.pad(plane, radius)
    rows = np.apply_along_axis(lambda r: np.convolve(r, kernel, mode="valid"), 1, padded)
    return np.apply_along_axis(lambda c: np.convolve(c, kernel, mode="valid"), 0, rows)


def shifted(plane: np.ndarray, dx: int, dy: int) -> np.ndarray:
    out = np.zeros_like(plane)
    out[max(dy, 0):HEIGHT + min(dy, 0), max(dx, 0):WIDTH + min(dx, 0)] = \
        plane[max(-dy, 0):HEIGHT - max(dy, 0), max(-dx, 0):WIDTH - max(dx, 0)]
    return out


def reference(effect: dict) -> np.ndarray:
    """The definition drawn over white: RGB bytes."""
    alpha = coverage()
    color = np.array(COLOR, dtype=np.float64) / 255
    if "blur" in effect:
        alpha = gaussian_blur(alpha, effect["blur"])
    image = np.ones((HEIGHT, WIDTH, 3))
    if "shadow" in effect:
        shadow = effect["shadow"]
        dx, dy = shadow["offset"]
        shadow_alpha = shifted(gaussian_blur(alpha, shadow["blur"]), int(dx), int(dy)) * 0.5
        image = image * (1 - shadow_alpha[..., None])
    image = image * (1 - alpha[..., None]) + color * alpha[..., None]
    return np.clip(np.round(image * 255), 0, 255).astype(np.uint8)


def measure(image: np.ndarray, expected: np.ndarray) -> dict:
    difference = np.abs(image[..., :3].astype(np.int16) - expected.astype(np.int16))
    return {
        "mean": float(difference.mean()), "max": int(difference.max()),
        "over16": float((difference.max(axis=2) > 16).mean() * 100),
    }


def render_all(choreo: str, work: Path, name: str, effect: dict) -> dict[str, np.ndarray]:
    from browser import Browser
    from lottie_players import LottieWebPlayer, RlottiePlayer, ThorVGPlayer
    from scene_suite import rasterise_rsvg

    source = work / f"{name}.yaml"
    source.write_text(scene_text(name, effect), encoding="utf-8")
    subprocess.run([choreo, "compile", str(source), "-o", str(work), "--emit", "lottie"], check=True, capture_output=True)
    snapshot = work / f"{name}.snapshot.svg"
    subprocess.run([choreo, "snapshot", str(source), "--at", "0f", "-o", str(snapshot)], check=True, capture_output=True)
    text = (work / f"effect-{name}.json").read_text(encoding="utf-8")
    images = {}
    thorvg = ThorVGPlayer(text, WIDTH, HEIGHT)
    images["thorvg"] = thorvg.render(0)
    thorvg.close()
    rlottie = RlottiePlayer(text)
    images["rlottie"] = rlottie.render(0)
    rlottie.close()
    with Browser() as browser:
        images["lottie-web"] = LottieWebPlayer(browser).render_frames(text, WIDTH, HEIGHT, [0])[0]
        svg = snapshot.read_text(encoding="utf-8")
        page = browser.load(f"<!DOCTYPE html><html><body style='margin:0;background:#fff'>{svg}</body></html>", WIDTH, HEIGHT)
        images["chromium"] = browser.screenshot(page, clip=(0, 0, WIDTH, HEIGHT))
    images["librsvg"] = rasterise_rsvg(snapshot, work / f"{name}.rsvg.png")
    return images


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--work", type=Path)
    arguments = parser.parse_args(argv)
    work = arguments.work or Path(tempfile.mkdtemp(prefix="choreo-effects-"))
    work.mkdir(parents=True, exist_ok=True)
    passed = failed = 0
    plain = reference({})
    for name, effect in CASES.items():
        expected = reference(effect)
        images = render_all(arguments.choreo, work, name, effect)
        for renderer, image in images.items():
            figures = measure(image, expected)
            bound = BOUNDS[renderer][name]
            line = (f"{name:13} {renderer:10} mean {figures['mean']:5.2f}/255  max {figures['max']:3}  "
                    f"{figures['over16']:5.2f} % of pixels off by > 16")
            if bound is None:
                # Drawn without the effect: the plain rectangle.
                ok = measure(image, plain)["mean"] < 1.0
                line += "  (draws no such effect, as documented)" if ok else "  (expected no effect)"
            else:
                ok = figures["mean"] <= bound
                line += f"  (bound {bound})"
            print(("ok   " if ok else "FAIL ") + line)
            if not ok:
                common.OUT_DIR.mkdir(parents=True, exist_ok=True)
                common.write_side_by_side(common.OUT_DIR / f"effects-{name}-{renderer}.png", image[..., :3], expected)
            passed, failed = passed + ok, failed + (not ok)
    print(summary_line(passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
