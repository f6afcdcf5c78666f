#!/usr/bin/env python3
"""Conformance of the scenes the compiler really produces: Lottie players, SVG renderers and the
browser against our own reference frames.

Usage:
    python3 Tests/conformance/scene_suite.py --choreo PATH --compiled DIR [--jobs N] [--only TEXT] SCENE.yaml...

DIR holds `choreo compile --emit lottie,svg,svg-reel,timeline` output (NAME.json, NAME.svg,
NAME.reel.svg, NAME.timeline.json, NAME = the scene file's stem). For every scene:

Instants: per span of the timeline (one Lottie marker each) its first frame, its last frame (the
end frame itself for a looping span, the frame before the end otherwise) and 8 evenly spaced
frames inside, all whole frames. At a looping span's end frame the players and the browser show
the loop's first frame instead (the end frame is past the document, or is the next span's start):
the reference there is the end pose, so that instant proves the seam.

Reference frames: `choreo snapshot SCENE --at Ff` (the timeline frozen at that instant, emitted as
a still SVG) rasterised by librsvg (rsvg-convert) at the composition size.

Suites, each comparison an individual check with common.THRESHOLD_DESCRIPTION:
  lottie   schema validation (lottie-specs); rlottie vs ThorVG; rlottie vs reference; ThorVG vs
           reference, at every instant.
  svg      the reel (NAME.reel.svg, the whole timeline) in headless Chromium (paused,
           setCurrentTime) vs ThorVG's Lottie frame and vs the reference; the snapshot SVG in
           Chromium vs librsvg, cairosvg and ThorVG.
The interactive SVG and the preview page are driven with real pointer input by
interactive_suite.py.
Everything is composited over white. Failures leave `A | B | difference` PNGs in
Tests/conformance/out/. Per-suite totals, then `N passed, M failed`; exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ensure_venv  # noqa: E402

if __name__ == "__main__":
    ensure_venv()

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

import common  # noqa: E402
from lottie_players import RlottiePlayer, ThorVGPlayer, _thorvg_engine, schema_errors  # noqa: E402

INSIDE_SAMPLES = 8
CELL_GAP = 8
GRID_WIDTH = 1600
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
RSVG = shutil.which("rsvg-convert") or "/usr/bin/rsvg-convert"
# ThorVG's bindings share one engine; nothing says they are thread-safe, so one thread at a time.
THORVG_LOCK = threading.Lock()


@dataclass(frozen=True)
class Instant:
    """One sampled instant: `frame` is what the reference shows, `player_frame` what the players
    and the browser are asked for (different only at a looping span's end)."""

    frame: int
    player_frame: int

    @property
    def label(self) -> str:
        return f"{self.frame}" if self.frame == self.player_frame else f"{self.frame}(loop {self.player_frame})"


@dataclass
class Results:
    """Checks per suite, in order."""

    checks: dict[str, list[tuple[str, bool, str]]] = field(default_factory=dict)

    def record(self, suite: str, name: str, ok: bool, detail: str = "") -> None:
        self.checks.setdefault(suite, []).append((name, ok, detail))
        if not ok:
            print(f"FAIL [{suite}] {name}: {detail}", flush=True)

    def compare(self, suite: str, name: str, a: np.ndarray, b: np.ndarray, file_stem: str) -> None:
        comparison = common.compare_images(a, b)
        detail = comparison.describe()
        if not comparison.passed:
            path = common.write_side_by_side(common.OUT_DIR / f"{file_stem}.png", a, b)
            detail += f"; see {path.relative_to(common.REPO_ROOT)}"
        self.record(suite, name, comparison.passed, detail)

    def totals(self, suite: str | None = None) -> tuple[int, int]:
        items = [c for s, cs in self.checks.items() if suite in (None, s) for c in cs]
        passed = sum(1 for _, ok, _ in items if ok)
        return passed, len(items) - passed


# MARK: Sampling


def sample_instants(timeline: dict) -> list[Instant]:
    frame_count = int(timeline["frames"])
    instants: set[Instant] = set()
    for span in timeline["spans"]:
        start, end = int(span["startFrame"]), int(span["endFrame"])
        loops = bool(span.get("loops"))
        last = end if loops else max(start, end - 1)
        duration = end - start
        frames = {start, last}
        frames.update(int(round(start + duration * k / (INSIDE_SAMPLES + 1))) for k in range(1, INSIDE_SAMPLES + 1))
        for frame in frames:
            frame = min(max(frame, start), last)
            player_frame = start if loops and frame == end else frame
            instants.add(Instant(frame, min(player_frame, max(frame_count - 1, 0))))
    return sorted(instants, key=lambda i: (i.frame, i.player_frame))


# MARK: Renderers


def run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True)


def rasterise_rsvg(svg: Path, png: Path) -> np.ndarray:
    result = run([RSVG, "--format=png", "-o", str(png), str(svg)])
    if result.returncode != 0:
        raise RuntimeError(f"rsvg-convert failed on {svg.name}: {result.stderr.strip()[:500]}")
    return common.load_png_over_white(png)


def rasterise_cairosvg(svg: Path, width: int, height: int) -> np.ndarray:
    import cairosvg

    data = cairosvg.svg2png(url=str(svg), output_width=width, output_height=height)
    with Image.open(io.BytesIO(data)) as image:
        return common.over_white_straight(np.asarray(image.convert("RGBA")))


def rasterise_thorvg_svg(svg: Path, width: int, height: int) -> np.ndarray:
    import thorvg_python as tvg

    with THORVG_LOCK:
        return _rasterise_thorvg_svg(tvg, svg, width, height)


def _rasterise_thorvg_svg(tvg, svg: Path, width: int, height: int) -> np.ndarray:
    engine = _thorvg_engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
    picture = tvg.Picture(engine)
    result = picture.load_data(svg.read_bytes(), "svg", None, True)
    if result != tvg.Result.SUCCESS:
        canvas.destroy()
        raise RuntimeError(f"ThorVG could not load {svg.name}: {result!r}")
    picture.set_size(width, height)
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    rgba = np.frombuffer(bytes(canvas.buffer_arr), dtype=np.uint8).reshape(height, width, 4).copy()
    canvas.destroy()
    return common.over_white_premultiplied(rgba)


def chromium(url: str, *extra: str, timeout: int = 120) -> subprocess.CompletedProcess:
    # No --user-data-dir: with a fresh profile the screenshot can be taken before the first paint.
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--disable-extensions", "--no-first-run", *extra, url]
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def chromium_screenshot(html: Path, png: Path, width: int, height: int, *extra: str) -> np.ndarray:
    png.unlink(missing_ok=True)
    result = chromium(html.as_uri(), f"--screenshot={png}", f"--window-size={width},{height}", *extra)
    if not png.exists():
        raise RuntimeError(f"chromium wrote no screenshot for {html.name}: {result.stderr[-1500:]}")
    return common.load_png_over_white(png)


def with_id_prefix(svg: str, prefix: str) -> str:
    """Prefixes every XML id of one inline copy, so that copies sharing a page keep their own
    gradients (url(#id) resolves document-wide in HTML)."""
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', svg)
    return re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{prefix}{m.group(1)})", svg)


def grid_page(cells: list[tuple[str, float | None]], width: int, height: int, columns: int) -> str:
    """One page, one inline SVG per cell. Cells with a time are paused animated copies: each
    outermost <svg> has its own SMIL clock, so one Chromium launch renders every instant."""
    parts = []
    for index, (svg, time_seconds) in enumerate(cells):
        x = (index % columns) * (width + CELL_GAP)
        y = (index // columns) * (height + CELL_GAP)
        copy = with_id_prefix(svg, f"c{index}-")
        if time_seconds is not None:
            copy = copy.replace("<svg ", f'<svg data-time="{time_seconds!r}" ', 1)
        parts.append(f'<div style="position:absolute;left:{x}px;top:{y}px;line-height:0">{copy}</div>')
    script = ("<script>document.querySelectorAll('svg[data-time]').forEach(function (s) {"
              " s.pauseAnimations(); s.setCurrentTime(parseFloat(s.getAttribute('data-time'))); });</script>")
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'><style>html,body{margin:0;background:#fff}"
            "svg{display:block}</style>"
            f"</head><body>{''.join(parts)}{script}</body></html>")


def chromium_grid(cells: list[tuple[str, float | None]], width: int, height: int, work: Path, stem: str) -> list[np.ndarray]:
    columns = max(1, min(len(cells), GRID_WIDTH // (width + CELL_GAP)))
    rows = (len(cells) + columns - 1) // columns
    page = work / f"{stem}.grid.html"
    page.write_text(grid_page(cells, width, height, columns), encoding="utf-8")
    # Without a virtual-time budget the screenshot can be taken before the first paint.
    shot = chromium_screenshot(page, work / f"{stem}.grid.png", columns * (width + CELL_GAP),
                               rows * (height + CELL_GAP), "--virtual-time-budget=500")
    frames = []
    for index in range(len(cells)):
        x = (index % columns) * (width + CELL_GAP)
        y = (index // columns) * (height + CELL_GAP)
        frames.append(shot[y : y + height, x : x + width].copy())
    return frames


# MARK: One scene


@dataclass
class Scene:
    name: str
    source: Path
    compiled: Path
    work: Path
    timeline: dict = field(default_factory=dict)
    instants: list[Instant] = field(default_factory=list)
    poses: list[str] = field(default_factory=list)

    @property
    def width(self) -> int:
        return int(round(self.timeline["size"][0]))

    @property
    def height(self) -> int:
        return int(round(self.timeline["size"][1]))

    @property
    def fps(self) -> float:
        return float(self.timeline["fps"])

    def snapshot_path(self, frame: int) -> Path:
        return self.work / f"{self.name}@{frame}.svg"


def prepare(scene: Scene, choreo: str) -> list[str]:
    """Writes the snapshot SVGs; returns errors."""
    errors = []
    scene.work.mkdir(parents=True, exist_ok=True)
    jobs = [(f"{frame}f", ["--at", f"{frame}f"], scene.snapshot_path(frame)) for frame in sorted({i.frame for i in scene.instants})]
    for label, option, path in jobs:
        result = run([choreo, "snapshot", str(scene.source), *option, "-o", str(path)])
        if result.returncode != 0:
            errors.append(f"snapshot {label}: {result.stderr.strip()[:500]}")
    return errors


def reference_frames(scene: Scene) -> dict[int, np.ndarray]:
    return {frame: rasterise_rsvg(scene.snapshot_path(frame), scene.work / f"{scene.name}@{frame}.rsvg.png")
            for frame in sorted({i.frame for i in scene.instants})}


def lottie_suite(scene: Scene, references: dict[int, np.ndarray], results: Results) -> dict[int, np.ndarray]:
    """Returns ThorVG's frames (the SVG suite compares the browser with them)."""
    text = (scene.compiled / f"{scene.name}.json").read_text(encoding="utf-8")
    document = json.loads(text)
    errors = schema_errors(document)
    results.record("lottie", f"{scene.name} schema", not errors, "; ".join(errors))
    thorvg_frames: dict[int, np.ndarray] = {}
    try:
        rlottie = RlottiePlayer(text)
        thorvg = ThorVGPlayer(text, int(document["w"]), int(document["h"]))
    except Exception as error:  # a player that cannot load the document is a failure, not a crash
        results.record("lottie", f"{scene.name} load", False, str(error))
        return thorvg_frames
    try:
        for frame in sorted({i.player_frame for i in scene.instants}):
            rendered_rlottie = rlottie.render(frame)
            thorvg_frames[frame] = thorvg.render(frame)
            results.compare("lottie", f"{scene.name}@{frame} rlottie vs thorvg", rendered_rlottie,
                            thorvg_frames[frame], f"{scene.name}@{frame}-rlottie-vs-thorvg")
            rlottie_frames = {frame: rendered_rlottie}
            for instant in (i for i in scene.instants if i.player_frame == frame):
                reference = references[instant.frame]
                for player, render in (("rlottie", rlottie_frames[frame]), ("thorvg", thorvg_frames[frame])):
                    results.compare("lottie", f"{scene.name}@{instant.label} {player} vs reference", render, reference,
                                    f"{scene.name}@{instant.frame}-{player}-vs-reference")
    finally:
        rlottie.close()
        thorvg.close()
    return thorvg_frames


def svg_suite(scene: Scene, references: dict[int, np.ndarray], thorvg_frames: dict[int, np.ndarray], results: Results) -> None:
    # The reel plays the whole global timeline, so every instant can be seeked to; the interactive
    # NAME.svg is driven by pointer input in interactive_suite.py.
    animated = (scene.compiled / f"{scene.name}.reel.svg").read_text(encoding="utf-8")
    snapshot_frames = sorted({i.frame for i in scene.instants})
    player_frames = sorted({i.player_frame for i in scene.instants})
    cells: list[tuple[str, float | None]] = [(animated, frame / scene.fps) for frame in player_frames]
    cells += [(scene.snapshot_path(frame).read_text(encoding="utf-8"), None) for frame in snapshot_frames]
    try:
        shots = chromium_grid(cells, scene.width, scene.height, scene.work, scene.name)
    except (RuntimeError, subprocess.SubprocessError) as error:
        results.record("svg", f"{scene.name} chromium", False, str(error))
        return
    browser_animated = dict(zip(player_frames, shots[: len(player_frames)]))
    browser_snapshot = dict(zip(snapshot_frames, shots[len(player_frames) :]))
    for frame in player_frames:
        if frame in thorvg_frames:
            results.compare("svg", f"{scene.name}@{frame} chromium(animated) vs thorvg(lottie)", browser_animated[frame],
                            thorvg_frames[frame], f"{scene.name}@{frame}-chromium-animated-vs-thorvg-lottie")
    for instant in scene.instants:
        results.compare("svg", f"{scene.name}@{instant.label} chromium(animated) vs reference",
                        browser_animated[instant.player_frame], references[instant.frame],
                        f"{scene.name}@{instant.frame}-chromium-animated-vs-reference")
    for frame in snapshot_frames:
        path = scene.snapshot_path(frame)
        chromium_frame = browser_snapshot[frame]
        results.compare("svg", f"{scene.name}@{frame} snapshot chromium vs rsvg", chromium_frame, references[frame],
                        f"{scene.name}@{frame}-snapshot-chromium-vs-rsvg")
        for renderer, rasterise in (("cairosvg", rasterise_cairosvg), ("thorvg", rasterise_thorvg_svg)):
            try:
                image = rasterise(path, scene.width, scene.height)
            except Exception as error:
                results.record("svg", f"{scene.name}@{frame} snapshot chromium vs {renderer}", False, str(error))
                continue
            results.compare("svg", f"{scene.name}@{frame} snapshot chromium vs {renderer}", chromium_frame, image,
                            f"{scene.name}@{frame}-snapshot-chromium-vs-{renderer}")


# MARK: Driver


def load_scenes(sources: list[Path], compiled: Path, work: Path, results: Results) -> list[Scene]:
    scenes = []
    for source in sources:
        name = source.stem
        timeline_path = compiled / f"{name}.timeline.json"
        if not timeline_path.exists():
            results.record("lottie", f"{name} compiled", False, f"no {timeline_path.name} in {compiled}")
            continue
        scene = Scene(name, source, compiled, work / name)
        scene.timeline = json.loads(timeline_path.read_text(encoding="utf-8"))
        scene.instants = sample_instants(scene.timeline)
        scene.poses = [s["name"] for s in scene.timeline["spans"] if s["kind"] == "pose"]
        scenes.append(scene)
    return scenes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="+", type=Path, help="scene files (YAML)")
    parser.add_argument("--choreo", required=True, help="the choreo executable")
    parser.add_argument("--compiled", required=True, type=Path, help="compile output directory")
    parser.add_argument("--work", type=Path, help="scratch directory (default: a new temporary one)")
    parser.add_argument("--jobs", type=int, default=2, help="scenes prepared and rendered in parallel")
    parser.add_argument("--only", help="only scenes whose name contains this")
    parser.add_argument("--suites", default="lottie,svg", help="comma-separated subset of lottie,svg")
    arguments = parser.parse_args(argv)
    suites = set(arguments.suites.split(","))
    work = arguments.work or Path(tempfile.mkdtemp(prefix="choreo-conformance-"))
    common.OUT_DIR.mkdir(parents=True, exist_ok=True)
    results = Results()
    began = time.monotonic()

    sources = [s for s in arguments.scenes if not arguments.only or arguments.only in s.stem]
    scenes = load_scenes(sources, arguments.compiled, work, results)
    with ThreadPoolExecutor(max_workers=max(1, arguments.jobs)) as pool:
        for scene, errors in zip(scenes, pool.map(lambda s: prepare(s, arguments.choreo), scenes)):
            for error in errors:
                results.record("lottie", f"{scene.name} {error.split(':')[0]}", False, error)
        references_by_scene = dict(zip((s.name for s in scenes), pool.map(reference_frames, scenes)))

        def browser_work(scene: Scene) -> None:
            if "svg" in suites:
                svg_suite(scene, references_by_scene[scene.name], thorvg_by_scene.get(scene.name, {}), results)

        # Players run in this thread (their bindings are not known to be thread-safe); Chromium
        # launches, which are other processes, overlap with them.
        thorvg_by_scene: dict[str, dict[int, np.ndarray]] = {}
        pending = []
        for scene in scenes:
            print(f"{scene.name}: {len(scene.instants)} instants "
                  f"(frames {', '.join(i.label for i in scene.instants)})", flush=True)
            if "lottie" in suites or "svg" in suites:
                quiet = Results()
                with THORVG_LOCK:
                    thorvg_by_scene[scene.name] = lottie_suite(scene, references_by_scene[scene.name],
                                                               results if "lottie" in suites else quiet)
            pending.append(pool.submit(browser_work, scene))
        for future in pending:
            future.result()

    print(f"threshold: {common.THRESHOLD_DESCRIPTION}")
    for suite in ("lottie", "svg"):
        if suite in results.checks:
            passed, failed = results.totals(suite)
            print(f"{suite}: {passed} passed, {failed} failed")
    print(f"time: {time.monotonic() - began:.0f} s")
    passed, failed = results.totals()
    print(common.summary_line(passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
