#!/usr/bin/env python3
"""Lottie conformance: schema validation and differential rendering.

Usage:
    python3 Tests/conformance/lottie_conformance.py [--reference DIR] [--out DIR] PATH...

PATH is a Lottie JSON file or a directory of them (*.json, not recursive). For every document:
  1. it must validate against the Lottie spec schema shipped in the lottie-specs package;
  2. rlottie and ThorVG render it at instants of every span (span = marker; the whole document
     when there are none): the first frame, the last frame inside the span (end − 1: a marker
     does not say whether its span loops, and for a loop the end pose is the start pose anyway),
     and 8 evenly spaced frames in between, all rounded to whole frames;
  3. the two players must agree (common.THRESHOLD_DESCRIPTION), and, with --reference, each must
     agree with the reference PNG named NAME@FRAME.png where one exists.
On a failure a side-by-side PNG (A | B | difference) goes to Tests/conformance/out/ (--out), and
with --save-all for every comparison, to look at what the players drew. The exit
status is non-zero on any failure; the last line is "N passed, M failed".
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ensure_venv  # noqa: E402

if __name__ == "__main__":
    ensure_venv()

from common import (  # noqa: E402
    OUT_DIR,
    THRESHOLD_DESCRIPTION,
    compare_images,
    load_png_over_white,
    summary_line,
    write_side_by_side,
)
from lottie_players import open_players, schema_errors  # noqa: E402

INSIDE_SAMPLES = 8


@dataclass
class Outcome:
    passed: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)

    def record(self, ok: bool, label: str, detail: str = "") -> None:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            self.failures.append(f"{label}: {detail}" if detail else label)
            print(f"FAIL {label}" + (f": {detail}" if detail else ""))


def document_name(path: Path) -> str:
    name = path.name
    for suffix in (".json", ".lottie"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name


def spans_of(document: dict) -> list[tuple[str, int, int]]:
    """(name, first frame, frame count) per marker, or the whole document without markers."""
    in_point, out_point = int(round(document.get("ip", 0))), int(round(document["op"]))
    markers = document.get("markers") or []
    if not markers:
        return [("(whole)", in_point, max(1, out_point - in_point))]
    return [(str(m.get("cm", "")), int(round(m.get("tm", 0))), int(round(m.get("dr", 0)))) for m in markers]


def sample_frames(document: dict) -> list[int]:
    in_point, out_point = int(round(document.get("ip", 0))), int(round(document["op"]))
    last_frame = max(in_point, out_point - 1)
    frames: set[int] = set()
    for _, start, duration in spans_of(document):
        end = start + max(duration, 1) - 1
        frames.add(start)
        frames.add(end)
        for k in range(1, INSIDE_SAMPLES + 1):
            frames.add(int(round(start + duration * k / (INSIDE_SAMPLES + 1))))
    return sorted(f for f in {min(max(f, in_point), last_frame) for f in frames})


def check_document(
    path: Path, reference_dir: Path | None, out_dir: Path, outcome: Outcome, save_all: bool = False
) -> None:
    name = document_name(path)
    text = path.read_text(encoding="utf-8")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        outcome.record(False, f"{name}: JSON", str(error))
        return

    errors = schema_errors(document)
    outcome.record(not errors, f"{name}: schema", "; ".join(errors))

    try:
        players = open_players(text)
    except Exception as error:  # a player that cannot load the document is a failure, not a crash
        outcome.record(False, f"{name}: load", str(error))
        return
    try:
        frames = sample_frames(document)
        print(f"{name}: frames {', '.join(str(f) for f in frames)}")
        for frame in frames:
            renders = {player.name: player.render(frame) for player in players}
            first, second = players[0].name, players[1].name
            comparison = compare_images(renders[first], renders[second])
            label = f"{name}@{frame} {first} vs {second}"
            image_path = out_dir / f"{name}@{frame}-{first}-vs-{second}.png"
            if not comparison.passed:
                image = write_side_by_side(image_path, renders[first], renders[second])
                outcome.record(False, label, f"{comparison.describe()}; see {image}")
            else:
                if save_all:
                    write_side_by_side(image_path, renders[first], renders[second])
                outcome.record(True, label)
            if reference_dir is None:
                continue
            reference_path = reference_dir / f"{name}@{frame}.png"
            if not reference_path.exists():
                continue
            reference = load_png_over_white(reference_path)
            for player_name, render in renders.items():
                comparison = compare_images(render, reference)
                label = f"{name}@{frame} {player_name} vs reference"
                if not comparison.passed:
                    image = write_side_by_side(out_dir / f"{name}@{frame}-{player_name}-vs-reference.png", render, reference)
                    outcome.record(False, label, f"{comparison.describe()}; see {image}")
                else:
                    outcome.record(True, label)
    finally:
        for player in players:
            player.close()


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.glob("*.json") if p.is_file()))
        else:
            files.append(path)
    return files


def run(paths: list[str], reference_dir: Path | None = None, out_dir: Path = OUT_DIR, save_all: bool = False) -> Outcome:
    outcome = Outcome()
    files = collect(paths)
    if not files:
        outcome.record(False, "no Lottie documents found in " + " ".join(paths))
    for path in files:
        check_document(path, reference_dir, out_dir, outcome, save_all)
    return outcome


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="Lottie JSON files or directories of them")
    parser.add_argument("--reference", type=Path, help="directory of reference frames NAME@FRAME.png")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="where side-by-side failure images go")
    parser.add_argument("--save-all", action="store_true", help="write side-by-side images for passing frames too")
    arguments = parser.parse_args(argv)
    print(f"threshold: {THRESHOLD_DESCRIPTION}")
    outcome = run(arguments.paths, arguments.reference, arguments.out, arguments.save_all)
    print(summary_line(outcome.passed, outcome.failed))
    return 1 if outcome.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
