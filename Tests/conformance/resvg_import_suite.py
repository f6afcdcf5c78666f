#!/usr/bin/env python3
"""`choreo import` against resvg's own test suite (../shared/peer-suites/resvg, MIT; nobody here
wrote it): for each test, import NAME.svg → `choreo snapshot --at 0s` → librsvg (`rsvg-convert`)
at the reference's size, compared with resvg's reference NAME.png (a pass: at most 1 % of pixels
differ, by the shared colour rule of common.py); librsvg's rendering of the original is compared
too and reported, not required (librsvg and resvg disagree on some edge cases).

A test whose import prints a warning is counted as "warned" (unsupported content, left out as
docs/scene-format.md §10 says): for a test of a feature a scene cannot hold, that warning is the
pass (never a silently different picture), and the "pass+warned" line counts both. One whose import
is refused counts as "refused". Prints per-folder counts.

Real players, for every test imported without a warning (RESVG_PLAYERS=0 turns it off): the
import's Lottie (`choreo compile --emit lottie`) at frame 0 in ThorVG, rlottie and lottie-web
(Chromium) against the reference (a pass: at most 2 % of pixels differ), and Chromium's rendering
of the original SVG against the reference and against Chromium's rendering of our snapshot (at
most 1 %). Counted per folder beside the import's own columns.
The run fails only when the importer crashes, takes more than 5 s on a test, or writes a scene
the compiler rejects: pass counts are a measure, reported, not a gate.

Skips with a message when ../shared is absent. Environment: CHOREO=path/to/choreo (required),
CONFORMANCE_JOBS (default 2), RESVG_SAMPLE=N (every Nth test; default 1, all: the full run;
run_all.sh takes every 8th), RESVG_PLAYERS=0 (the import and librsvg only), RESVG_REPORT=FILE.json
(each test's outcome, detail and player verdicts, to compare two runs test by test).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import REPO_ROOT, ensure_venv  # noqa: E402

ensure_venv()
import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from common import compare_images, load_png_over_white  # noqa: E402

SUITE = Path(os.environ.get("RESVG_SUITE") or REPO_ROOT.parent / "shared" / "peer-suites" / "resvg")
MAX_FRACTION = 0.01
MAX_PLAYER_FRACTION = 0.02
PLAYER_COLUMNS = ["thorvg", "rlottie", "lottie-web", "chromium", "chromium-ours"]


def rasterise(svg: Path, png: Path, size: tuple[int, int]) -> bool:
    result = subprocess.run(
        ["rsvg-convert", "-w", str(size[0]), "-h", str(size[1]), "-b", "white", "-o", str(png), str(svg)],
        capture_output=True, timeout=30)
    return result.returncode == 0 and png.exists()


def run_test(choreo: str, svg: Path, work: Path) -> tuple[str, str]:
    """Returns (outcome, detail): outcome is pass, differ, warned, refused or broken."""
    stem = "-".join(svg.relative_to(SUITE).with_suffix("").parts)
    scene = work / f"{stem}.yaml"
    started = time.monotonic()
    try:
        imported = subprocess.run([choreo, "import", str(svg), "-o", str(scene)], capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return "broken", "import took more than 10 s"
    if time.monotonic() - started > 5:
        return "broken", "import took more than 5 s"
    if imported.returncode not in (0, 1):
        return "broken", f"import exited {imported.returncode}: {imported.stderr.strip()[:200]}"
    if imported.returncode == 1:
        return "refused", imported.stderr.strip().splitlines()[0] if imported.stderr.strip() else ""
    if "warning:" in imported.stderr:
        return "warned", imported.stderr.strip().splitlines()[0]
    snapshot = work / f"{stem}.svg"
    shot = subprocess.run([choreo, "snapshot", str(scene), "--at", "0s", "-o", str(snapshot)], capture_output=True, text=True, timeout=30)
    if shot.returncode != 0:
        return "broken", f"the imported scene does not compile: {shot.stderr.strip()[:300]}"
    reference_png = svg.with_suffix(".png")
    with Image.open(reference_png) as image:
        size = image.size
    ours, theirs = work / f"{stem}.png", work / f"{stem}.orig.png"
    if not rasterise(snapshot, ours, size):
        return "differ", "librsvg could not draw the snapshot"
    mine = load_png_over_white(ours)
    against_reference = compare_images(mine, load_png_over_white(reference_png))
    if not rasterise(svg, theirs, size):
        original = None
    else:
        original = compare_images(mine, load_png_over_white(theirs))
    if against_reference.differing_fraction <= MAX_FRACTION:
        # librsvg differs from resvg on some edge cases; agreeing with the reference is the bar.
        return "pass", "" if original is None or original.differing_fraction <= MAX_FRACTION else "differs from librsvg's original"
    detail = f"reference {against_reference.differing_fraction * 100:.1f} %"
    if original is not None:
        detail += f", librsvg original {original.differing_fraction * 100:.1f} %"
    return "differ", detail


def within(comparison, limit: float) -> bool:
    """Images of the same size that differ in at most `limit` of their pixels."""
    return comparison.same_size and comparison.differing_fraction <= limit


def check_players(choreo: str, svg: Path, work: Path, browser) -> dict[str, bool]:
    """The players' verdicts on one imported test (see the module's doc)."""
    from lottie_players import LottieWebPlayer, RlottiePlayer, ThorVGPlayer

    stem = "-".join(svg.relative_to(SUITE).with_suffix("").parts)
    scene, snapshot = work / f"{stem}.yaml", work / f"{stem}.svg"
    out = work / f"{stem}-lottie"
    verdicts: dict[str, bool] = {}
    reference = load_png_over_white(svg.with_suffix(".png"))
    height, width = reference.shape[:2]
    compiled = subprocess.run([choreo, "compile", str(scene), "-o", str(out), "--emit", "lottie"], capture_output=True, text=True, timeout=60)
    documents = sorted(out.glob("*.json")) if compiled.returncode == 0 else []
    if documents:
        text = documents[0].read_text()
        # Every player draws at the reference's size (resvg's PNGs are larger than the SVGs' 200
        # user units), scaling the animation as it does for any size asked of it.
        for make in (lambda: ThorVGPlayer(text, width, height), lambda: RlottiePlayer(text)):
            player = None
            try:
                player = make()
                player.width, player.height = width, height
                verdicts[player.name] = within(compare_images(player.render(0), reference), MAX_PLAYER_FRACTION)
            except Exception:
                verdicts["thorvg" if player is None or isinstance(player, ThorVGPlayer) else "rlottie"] = False
            finally:
                if player is not None:
                    player.close()
        try:
            frame = LottieWebPlayer(browser).render_frames(text, width, height, [0])[0]
            verdicts["lottie-web"] = within(compare_images(frame, reference), MAX_PLAYER_FRACTION)
        except Exception:
            verdicts["lottie-web"] = False
    else:
        verdicts.update({"thorvg": False, "rlottie": False, "lottie-web": False})

    def chromium(path: Path):
        # Drawn at the reference's size, as resvg drew it (the original may have no width and
        # height); in a page of its own, so lottie-web's page is left as it was.
        html = work / f"{stem}-{path.stem}.html"
        html.write_text("<!DOCTYPE html><html><head><style>html,body{margin:0;background:#fff}</style></head><body>"
                        f"<img src='{path.resolve().as_uri()}' style='display:block;width:{width}px;height:{height}px'></body></html>")
        page = browser.isolated_page(width, height)
        try:
            page.goto(html.as_uri(), wait_until="load")
            return browser.screenshot(page, clip=(0, 0, width, height))
        finally:
            page.context.close()

    try:
        original = chromium(svg)
        verdicts["chromium"] = within(compare_images(original, reference), MAX_FRACTION)
        ours = compare_images(chromium(snapshot), original)
        verdicts["chromium-ours"] = within(ours, MAX_FRACTION)
        if os.environ.get("RESVG_VERBOSE") and not verdicts["chromium-ours"]:
            print(f"  chromium {svg.relative_to(SUITE)}: our snapshot {ours.differing_fraction * 100:.1f} % from the original")
    except Exception:
        verdicts["chromium"] = verdicts["chromium-ours"] = False
    return verdicts


def main() -> int:
    if not SUITE.is_dir():
        print(f"resvg import suite: skipped, {SUITE} is absent (the peer suites live in ../shared)")
        print("0 passed, 0 failed")
        return 0
    choreo = os.environ.get("CHOREO")
    if not choreo:
        print("resvg import suite: set CHOREO to the built choreo binary")
        return 1
    sample = max(1, int(os.environ.get("RESVG_SAMPLE", "1")))
    tests = sorted(SUITE.rglob("*.svg"))[::sample]
    jobs = max(1, int(os.environ.get("CONFORMANCE_JOBS", "2")))
    with tempfile.TemporaryDirectory(prefix="choreo-resvg-") as temporary:
        work = Path(temporary)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(lambda svg: run_test(choreo, svg, work), tests))
        players: dict[Path, dict[str, bool]] = {}
        if os.environ.get("RESVG_PLAYERS", "1") != "0":
            # One Chromium, on this thread (Playwright objects belong to the thread that made them).
            from browser import Browser

            with Browser() as browser:
                for svg, (outcome, _) in zip(tests, outcomes):
                    if outcome in ("pass", "differ"):
                        players[svg] = check_players(choreo, svg, work, browser)
    by_folder: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    broken = []
    for svg, (outcome, detail) in zip(tests, outcomes):
        folder = str(svg.parent.relative_to(SUITE))
        by_folder[folder][outcome] += 1
        if outcome == "broken":
            broken.append(f"{svg.relative_to(SUITE)}: {detail}")
        if os.environ.get("RESVG_VERBOSE") and outcome != "pass":
            print(f"  {outcome:8} {svg.relative_to(SUITE)}: {detail}")
        for name, ok in players.get(svg, {}).items():
            by_folder[folder][f"{name}-checked"] += 1
            by_folder[folder][name] += 1 if ok else 0
    totals: dict[str, int] = defaultdict(int)
    player_header = "".join(f" {name:>14}" for name in PLAYER_COLUMNS) if players else ""
    print(f"{'folder':40} {'pass':>5} {'differ':>6} {'warned':>6} {'refused':>7} {'broken':>6}{player_header}")

    def player_cells(counts) -> str:
        if not players:
            return ""
        cells = [f"{counts[name]}/{counts[name + '-checked']}" for name in PLAYER_COLUMNS]
        return "".join(f" {cell:>14}" for cell in cells)

    for folder in sorted(by_folder):
        counts = by_folder[folder]
        for key, value in counts.items():
            totals[key] += value
        print(f"{folder:40} {counts['pass']:5} {counts['differ']:6} {counts['warned']:6} {counts['refused']:7} {counts['broken']:6}{player_cells(counts)}")
    print(f"{'total':40} {totals['pass']:5} {totals['differ']:6} {totals['warned']:6} {totals['refused']:7} {totals['broken']:6}{player_cells(totals)}")
    print(f"pass+warned: {totals['pass'] + totals['warned']} of {len(tests)} (drawn as the reference, or unsupported content left out with its warning)")
    for line in broken:
        print(f"BROKEN {line}")
    if os.environ.get("RESVG_REPORT"):
        report = {str(svg.relative_to(SUITE)): {"outcome": outcome, "detail": detail, **players.get(svg, {})}
                  for svg, (outcome, detail) in zip(tests, outcomes)}
        Path(os.environ["RESVG_REPORT"]).write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
    passed = len(tests) - len(broken)
    print(f"{passed} passed, {len(broken)} failed")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
