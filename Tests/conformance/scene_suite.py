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
  lottie   schema validation (lottie-specs); rlottie vs ThorVG; rlottie, ThorVG and lottie-web
           (SVG renderer, in Chromium) each vs reference, at every instant.
  svg      the reel (NAME.reel.svg, the whole timeline; the animated NAME.svg where no reel is
           written) in headless Chromium (paused, setCurrentTime) vs ThorVG's Lottie frame and vs
           the reference; the snapshot SVG in Chromium vs librsvg, cairosvg and ThorVG.
  matrix-lottie, matrix-svg
           scenes listed in --matrix (feature_matrix.py's matrix.json): instants from
           feature_matrix.instants (span starts, middles, ends, overshoot peaks); rlottie, ThorVG,
           lottie-web and the animated SVG in Chromium each vs reference, one check per cell.
Browser work (lottie-web, the SVG grids) runs in worker threads, each owning one Chromium
(browser.py, Playwright). The interactive SVG and the preview page are driven with real pointer
input by interactive_suite.py.
Everything is composited over white. Failures leave `A | B | difference` PNGs in
Tests/conformance/out/. Per-suite totals, then `N passed, M failed`; exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import io
import json
import queue
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
import feature_matrix  # noqa: E402
from browser import Browser  # noqa: E402
from lottie_players import LottieWebPlayer, RlottiePlayer, ThorVGPlayer, _thorvg_engine, schema_errors  # noqa: E402

INSIDE_SAMPLES = 8
CELL_GAP = 8
GRID_WIDTH = 1600
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
    """Checks per suite, in order, and the checks of each renderer against the reference."""

    checks: dict[str, list[tuple[str, bool, str]]] = field(default_factory=dict)
    by_renderer: dict[str, list[int]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    # Matrix cells a renderer draws otherwise, by (suite, scene, cell, renderer): not compared.
    skipped: set[tuple[str, str, str, str]] = field(default_factory=set)

    def record(self, suite: str, name: str, ok: bool, detail: str = "", renderer: str | None = None) -> None:
        with self.lock:
            self.checks.setdefault(suite, []).append((name, ok, detail))
            if renderer is not None:
                self.by_renderer.setdefault(renderer, [0, 0])[0 if ok else 1] += 1
        if not ok:
            print(f"FAIL [{suite}] {name}: {detail}", flush=True)

    def compare(self, suite: str, name: str, a: np.ndarray, b: np.ndarray, file_stem: str,
                renderer: str | None = None) -> None:
        comparison = common.compare_images(a, b)
        detail = comparison.describe()
        if not comparison.passed:
            path = common.write_side_by_side(common.OUT_DIR / f"{file_stem}.png", a, b)
            detail += f"; see {path.relative_to(common.REPO_ROOT)}"
        self.record(suite, name, comparison.passed, detail, renderer)

    def compare_cells(self, suite: str, name: str, a: np.ndarray, b: np.ndarray, cells: list[dict], file_stem: str,
                      renderer: str) -> None:
        """One check per cell of a feature-matrix frame (each cell is one property's probe)."""
        boxes = [tuple(cell["box"]) for cell in cells]
        for cell, box, comparison in zip(cells, boxes, common.compare_regions(a, b, boxes)):
            # A cell this renderer draws otherwise (docs/players.md) is not compared there, and said once.
            reason = cell.get("drawnOtherwise", {}).get(renderer)
            if reason is not None:
                key = (suite, name.split("@")[0], cell["name"], renderer)
                with self.lock:
                    first = key not in self.skipped
                    self.skipped.add(key)
                if first:
                    print(f"SKIP [{suite}] {key[1]} [{cell['name']}] {renderer}: {reason}", flush=True)
                continue
            detail = comparison.describe()
            if not comparison.passed:
                x, y, w, h = box
                stem = f"{file_stem}-{cell['node']}"
                path = common.write_side_by_side(common.OUT_DIR / f"{stem}.png", a[y : y + h, x : x + w],
                                                 b[y : y + h, x : x + w])
                detail += f"; see {path.relative_to(common.REPO_ROOT)}"
            self.record(suite, f"{name} [{cell['name']}]", comparison.passed, detail, renderer)

    def totals(self, suite: str | None = None) -> tuple[int, int]:
        with self.lock:
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


# MARK: One scene


@dataclass
class Scene(common.TimelineSize):
    name: str
    source: Path
    compiled: Path
    work: Path
    timeline: dict = field(default_factory=dict)
    instants: list[Instant] = field(default_factory=list)
    poses: list[str] = field(default_factory=list)
    # Feature-matrix scenes: the cells compared one by one (None for hand-written scenes).
    cells: list[dict] | None = None

    @property
    def suite_prefix(self) -> str:
        return "matrix-" if self.cells is not None else ""

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


def compare_with_reference(results: Results, suite: str, scene: Scene, instant: Instant, renderer: str,
                           image: np.ndarray, reference: np.ndarray) -> None:
    name = f"{scene.name}@{instant.label} {renderer} vs reference"
    stem = f"{scene.name}@{instant.frame}-{renderer}-vs-reference"
    if scene.cells is not None:
        results.compare_cells(scene.suite_prefix + suite, name, image, reference, scene.cells, stem, renderer)
    else:
        results.compare(suite, name, image, reference, stem, renderer)


def lottie_suite(scene: Scene, references: dict[int, np.ndarray], results: Results) -> dict[int, np.ndarray]:
    """rlottie and ThorVG (both in this thread). Returns ThorVG's frames (the SVG suite compares
    the browser with them)."""
    suite = scene.suite_prefix + "lottie"
    text = (scene.compiled / f"{scene.name}.json").read_text(encoding="utf-8")
    document = json.loads(text)
    errors = schema_errors(document)
    results.record(suite, f"{scene.name} schema", not errors, "; ".join(errors))
    thorvg_frames: dict[int, np.ndarray] = {}
    try:
        rlottie = RlottiePlayer(text)
        thorvg = ThorVGPlayer(text, int(document["w"]), int(document["h"]))
    except Exception as error:  # a player that cannot load the document is a failure, not a crash
        results.record(suite, f"{scene.name} load", False, str(error))
        return thorvg_frames
    try:
        for frame in sorted({i.player_frame for i in scene.instants}):
            rendered_rlottie = rlottie.render(frame)
            thorvg_frames[frame] = thorvg.render(frame)
            if scene.cells is None:
                results.compare(suite, f"{scene.name}@{frame} rlottie vs thorvg", rendered_rlottie,
                                thorvg_frames[frame], f"{scene.name}@{frame}-rlottie-vs-thorvg")
            for instant in (i for i in scene.instants if i.player_frame == frame):
                for player, render in (("rlottie", rendered_rlottie), ("thorvg", thorvg_frames[frame])):
                    compare_with_reference(results, "lottie", scene, instant, player, render, references[instant.frame])
    finally:
        rlottie.close()
        thorvg.close()
    return thorvg_frames


def lottie_web_suite(scene: Scene, references: dict[int, np.ndarray], player: LottieWebPlayer, results: Results) -> None:
    """lottie-web (SVG renderer, in the worker's Chromium) against the reference at every instant."""
    text = (scene.compiled / f"{scene.name}.json").read_text(encoding="utf-8")
    try:
        frames = player.render_frames(text, scene.width, scene.height, [i.player_frame for i in scene.instants])
    except Exception as error:
        results.record(scene.suite_prefix + "lottie", f"{scene.name} lottie-web", False,
                       f"{type(error).__name__}: {str(error)[:500]}", "lottie-web")
        return
    for instant in scene.instants:
        compare_with_reference(results, "lottie", scene, instant, "lottie-web", frames[instant.player_frame],
                               references[instant.frame])


def browser_grid(browser: Browser, cells: list[tuple[str, float | None]], width: int, height: int) -> list[np.ndarray]:
    """Renders every cell of grid_page in the worker's Chromium, one screenshot for all."""
    columns = max(1, min(len(cells), GRID_WIDTH // (width + CELL_GAP)))
    rows = (len(cells) + columns - 1) // columns
    page = browser.load(grid_page(cells, width, height, columns), columns * (width + CELL_GAP), rows * (height + CELL_GAP))
    shot = browser.screenshot(page)
    frames = []
    for index in range(len(cells)):
        x = (index % columns) * (width + CELL_GAP)
        y = (index // columns) * (height + CELL_GAP)
        frames.append(shot[y : y + height, x : x + width].copy())
    return frames


def svg_suite(scene: Scene, references: dict[int, np.ndarray], thorvg_frames: dict[int, np.ndarray], results: Results,
              browser: Browser) -> None:
    suite = scene.suite_prefix + "svg"
    # The reel, where the compiler writes one, plays the whole global timeline, so every instant
    # can be seeked to (an interactive NAME.svg rests in its initial pose).
    reel = scene.compiled / f"{scene.name}.reel.svg"
    animated = (reel if reel.exists() else scene.compiled / f"{scene.name}.svg").read_text(encoding="utf-8")
    # The matrix checks the animated SVG against the reference only; the still snapshots in
    # several SVG rasterisers are the hand-written scenes' business.
    snapshot_frames = sorted({i.frame for i in scene.instants}) if scene.cells is None else []
    player_frames = sorted({i.player_frame for i in scene.instants})
    cells: list[tuple[str, float | None]] = [(animated, frame / scene.fps) for frame in player_frames]
    cells += [(scene.snapshot_path(frame).read_text(encoding="utf-8"), None) for frame in snapshot_frames]
    try:
        shots = browser_grid(browser, cells, scene.width, scene.height)
    except Exception as error:
        results.record(suite, f"{scene.name} chromium", False, f"{type(error).__name__}: {str(error)[:500]}", "chromium")
        return
    browser_animated = dict(zip(player_frames, shots[: len(player_frames)]))
    browser_snapshot = dict(zip(snapshot_frames, shots[len(player_frames) :]))
    if scene.cells is None:
        for frame in player_frames:
            if frame in thorvg_frames:
                results.compare(suite, f"{scene.name}@{frame} chromium(animated) vs thorvg(lottie)", browser_animated[frame],
                                thorvg_frames[frame], f"{scene.name}@{frame}-chromium-animated-vs-thorvg-lottie")
    for instant in scene.instants:
        compare_with_reference(results, "svg", scene, instant, "chromium", browser_animated[instant.player_frame],
                               references[instant.frame])
    for frame in snapshot_frames:
        path = scene.snapshot_path(frame)
        chromium_frame = browser_snapshot[frame]
        results.compare(suite, f"{scene.name}@{frame} snapshot chromium vs rsvg", chromium_frame, references[frame],
                        f"{scene.name}@{frame}-snapshot-chromium-vs-rsvg")
        for renderer, rasterise in (("cairosvg", rasterise_cairosvg), ("thorvg", rasterise_thorvg_svg)):
            # Neither draws SVG filters (cairosvg 2.9 mis-composites them, ThorVG's SVG loader
            # ignores them): a scene with effects is compared in Chromium and librsvg, and its
            # effects against their definition by effects_suite.py.
            if "<filter " in path.read_text(encoding="utf-8"):
                continue
            try:
                image = rasterise(path, scene.width, scene.height)
            except Exception as error:
                results.record(suite, f"{scene.name}@{frame} snapshot chromium vs {renderer}", False, str(error))
                continue
            results.compare(suite, f"{scene.name}@{frame} snapshot chromium vs {renderer}", chromium_frame, image,
                            f"{scene.name}@{frame}-snapshot-chromium-vs-{renderer}")


# MARK: Driver


def load_scenes(sources: list[Path], compiled: Path, work: Path, results: Results, matrix: dict) -> list[Scene]:
    scenes = []
    for source in sources:
        name = source.stem
        timeline_path = compiled / f"{name}.timeline.json"
        if not timeline_path.exists():
            results.record("matrix-lottie" if name in matrix else "lottie", f"{name} compiled", False,
                           f"no {timeline_path.name} in {compiled}")
            continue
        scene = Scene(name, source, compiled, work / name)
        scene.timeline = json.loads(timeline_path.read_text(encoding="utf-8"))
        if name in matrix:
            scene.cells = matrix[name]["cells"]
            scene.instants = [Instant(frame, player) for frame, player in feature_matrix.instants(scene.timeline)]
        else:
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
    parser.add_argument("--jobs", type=int, default=2, help="scenes prepared and rendered in parallel (one browser each)")
    parser.add_argument("--only", help="only scenes whose name contains this")
    parser.add_argument("--suites", default="lottie,svg", help="comma-separated subset of lottie,svg")
    parser.add_argument("--matrix", type=Path, help="feature_matrix.py's matrix.json: those scenes are compared cell by cell")
    arguments = parser.parse_args(argv)
    suites = set(arguments.suites.split(","))
    work = arguments.work or Path(tempfile.mkdtemp(prefix="choreo-conformance-"))
    common.OUT_DIR.mkdir(parents=True, exist_ok=True)
    results = Results()
    began = time.monotonic()
    matrix = json.loads(arguments.matrix.read_text(encoding="utf-8")) if arguments.matrix else {}

    sources = [s for s in arguments.scenes if not arguments.only or arguments.only in s.stem]
    scenes = load_scenes(sources, arguments.compiled, work, results, matrix)
    jobs = max(1, arguments.jobs)
    references_by_scene: dict[str, dict[int, np.ndarray]] = {}
    thorvg_by_scene: dict[str, dict[int, np.ndarray]] = {}

    def browser_work(scene: Scene, browser: Browser, lottie_web: LottieWebPlayer) -> None:
        references = references_by_scene[scene.name]
        if "lottie" in suites:
            lottie_web_suite(scene, references, lottie_web, results)
        if "svg" in suites:
            svg_suite(scene, references, thorvg_by_scene.get(scene.name, {}), results, browser)

    # One Chromium per worker thread (Playwright objects belong to the thread that made them),
    # each reused for every scene the worker takes from the queue.
    browser_queue: queue.Queue = queue.Queue()

    def browser_worker() -> None:
        try:
            browser = Browser()
            lottie_web = LottieWebPlayer(browser)
        except Exception as error:
            browser, launch_error = None, f"{type(error).__name__}: {str(error)[:500]}"
        try:
            while (scene := browser_queue.get()) is not None:
                if browser is None:
                    results.record("browser", f"{scene.name} chromium launch", False, launch_error)
                    continue
                try:
                    browser_work(scene, browser, lottie_web)
                except Exception as error:  # a page that breaks the worker is a failure, not a crash
                    results.record("browser", f"{scene.name}", False, f"{type(error).__name__}: {str(error)[:500]}")
        finally:
            if browser is not None:
                browser.close()

    workers = [threading.Thread(target=browser_worker, name=f"browser-{i}") for i in range(jobs)]
    for worker in workers:
        worker.start()
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for scene, errors in zip(scenes, pool.map(lambda s: prepare(s, arguments.choreo), scenes)):
                for error in errors:
                    results.record(scene.suite_prefix + "lottie", f"{scene.name} {error.split(':')[0]}", False, error)
            references_by_scene.update(zip((s.name for s in scenes), pool.map(reference_frames, scenes)))
        # Players run in this thread (their bindings are not known to be thread-safe); the browser
        # workers, whose pages are other processes, overlap with them.
        for scene in scenes:
            print(f"{scene.name}: {len(scene.instants)} instants "
                  f"(frames {', '.join(i.label for i in scene.instants)})", flush=True)
            if "lottie" in suites or "svg" in suites:
                quiet = Results()
                with THORVG_LOCK:
                    thorvg_by_scene[scene.name] = lottie_suite(scene, references_by_scene[scene.name],
                                                               results if "lottie" in suites else quiet)
            browser_queue.put(scene)
    finally:
        for _ in workers:
            browser_queue.put(None)
        for worker in workers:
            worker.join()

    print(f"threshold: {common.THRESHOLD_DESCRIPTION}")
    for suite in ("lottie", "svg", "matrix-lottie", "matrix-svg", "browser"):
        if suite in results.checks:
            passed, failed = results.totals(suite)
            print(f"{suite}: {passed} passed, {failed} failed")
    for renderer, (passed, failed) in sorted(results.by_renderer.items()):
        print(f"{renderer} vs reference: {passed} passed, {failed} failed")
    if results.skipped:
        print(f"not compared: {len(results.skipped)} matrix cells a renderer draws otherwise (docs/players.md)")
    print(f"time: {time.monotonic() - began:.0f} s")
    passed, failed = results.totals()
    print(common.summary_line(passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
