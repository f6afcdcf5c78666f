#!/usr/bin/env python3
"""SVG conformance in a real browser: the animated SVG (SMIL) in headless Chromium against the
static snapshot of the same instant rasterised by librsvg (rsvg-convert). (The preview page is
driven with the mouse by ../interactive_suite.py, on the scenes of scenes/.)

Usage:
    python3 Tests/conformance/browser/svg_browser_suite.py [--export-dir DIR] [--scratch-path P]

Without --export-dir it first runs the Swift test `exportFixturesForBrowserSuite` (hand-built
timelines in Tests/ChoreoSVGTests/SVGFixtures.swift) to write the SVGs and a manifest. Failures
write `snapshot | browser | difference` PNGs to Tests/conformance/out/svg/. The last line is
`N passed, M failed`; the exit code is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import common  # noqa: E402  (shared threshold and image helpers, Tests/conformance/common.py)

common.ensure_venv()
import numpy as np  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
RSVG = shutil.which("rsvg-convert") or "/usr/bin/rsvg-convert"
OUT = common.OUT_DIR / "svg"
CELL_GAP = 8


def chromium(url: str, *extra: str, timeout: int = 120) -> subprocess.CompletedProcess:
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            # No --user-data-dir: with a fresh profile the screenshot is taken before the first paint.
            "--force-device-scale-factor=1", "--disable-extensions", "--no-first-run", *extra, url]
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def screenshot(html: Path, png: Path, width: int, height: int, *extra: str) -> np.ndarray:
    png.unlink(missing_ok=True)
    result = chromium(html.as_uri(), f"--screenshot={png}", f"--window-size={width},{height}", *extra)
    if not png.exists():
        raise RuntimeError(f"chromium wrote no screenshot for {html}: {result.stderr[-2000:]}")
    return common.load_png_over_white(png)


def rasterise(svg: Path, png: Path) -> np.ndarray:
    subprocess.run([RSVG, "--format=png", "-o", str(png), str(svg)], check=True, capture_output=True)
    return common.load_png_over_white(png)


def with_id_prefix(svg: str, prefix: str) -> str:
    """Gives every XML id of one inline copy a prefix, so copies sharing a page keep their own
    gradients (url(#id) resolves document-wide in HTML)."""
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', svg)
    return re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{prefix}{m.group(1)})", svg)


def grid_page(svg: str, times: list[float], width: int, height: int, columns: int) -> str:
    """One page holding one paused copy of the animated SVG per instant: each outermost <svg> has
    its own SMIL clock, so one Chromium launch renders every instant of a scene."""
    cells = []
    for index, time in enumerate(times):
        x = (index % columns) * (width + CELL_GAP)
        y = (index // columns) * (height + CELL_GAP)
        copy = with_id_prefix(svg, f"c{index}-").replace("<svg ", f'<svg data-time="{time}" ', 1)
        cells.append(f'<div style="position:absolute;left:{x}px;top:{y}px;line-height:0">{copy}</div>')
    script = ("<script>document.querySelectorAll('svg[data-time]').forEach(function (s) {"
              " s.pauseAnimations(); s.setCurrentTime(parseFloat(s.getAttribute('data-time'))); });</script>")
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'><style>html,body{margin:0;background:#fff}</style>"
            f"</head><body>{''.join(cells)}{script}</body></html>")


def export(scratch: str, directory: Path) -> None:
    env = dict(os.environ, CHOREO_SVG_EXPORT_DIR=str(directory))
    subprocess.run(["swift", "test", "--scratch-path", scratch, "--filter", "exportFixturesForBrowserSuite"],
                   cwd=common.REPO_ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def check(name: str, reference: np.ndarray, actual: np.ndarray, results: list[tuple[str, bool, str]]) -> None:
    comparison = common.compare_images(reference, actual)
    detail = comparison.describe()
    if not comparison.passed:
        path = common.write_side_by_side(OUT / f"{name}.png", reference, actual)
        detail += f"; see {path.relative_to(common.REPO_ROOT)}"
    results.append((name, comparison.passed, detail))


def animated_suite(directory: Path, work: Path, scene: dict, results: list) -> None:
    width, height = scene["width"], scene["height"]
    times = [float(t) for t in scene["times"]]
    columns = max(1, min(len(times), 1600 // (width + CELL_GAP)))
    rows = (len(times) + columns - 1) // columns
    page = work / f"{scene['name']}.grid.html"
    page.write_text(grid_page((directory / f"{scene['name']}.svg").read_text(), times, width, height, columns))
    shot = screenshot(page, work / f"{scene['name']}.grid.png",
                      columns * (width + CELL_GAP), rows * (height + CELL_GAP),
                      # Without a budget the screenshot can be taken before the first paint.
                      "--virtual-time-budget=500")
    for index, (time, label) in enumerate(zip(times, scene["times"])):
        x = (index % columns) * (width + CELL_GAP)
        y = (index // columns) * (height + CELL_GAP)
        browser = shot[y : y + height, x : x + width]
        snapshot = rasterise(directory / f"{scene['name']}@{label}.svg", work / f"{scene['name']}@{label}.png")
        check(f"{scene['name']}@{label}", snapshot, browser, results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--export-dir", type=Path, help="use SVGs already exported there (skip the Swift build)")
    parser.add_argument("--scratch-path", default="/tmp/build-svg", help="swift build scratch path for the export")
    parser.add_argument("--only", help="run only scenes whose name contains this")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="choreo-svg-browser-"))
    directory = args.export_dir or work / "export"
    if not args.export_dir:
        directory.mkdir(parents=True, exist_ok=True)
        export(args.scratch_path, directory)
    manifest = json.loads((directory / "manifest.json").read_text())
    results: list[tuple[str, bool, str]] = []
    for scene in manifest:
        if args.only and args.only not in scene["name"]:
            continue
        try:
            animated_suite(directory, work, scene, results)
        except (RuntimeError, subprocess.SubprocessError) as error:
            results.append((scene["name"], False, f"could not render: {error}"))
    for name, ok, detail in results:
        print(f"{'PASS' if ok else 'FAIL'} {name}: {detail}")
    passed = sum(1 for _, ok, _ in results if ok)
    failed = len(results) - passed
    print(f"threshold: {common.THRESHOLD_DESCRIPTION}")
    print(common.summary_line(passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
