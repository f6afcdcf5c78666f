"""A trimmed stroke in the SVG draws no dash its motion does not have (contract §27): the trim is a
dash of the trimmed length and a gap completing the outline's length, and when those lengths were
written rounded down the next period's dash began just before the path's end, a sliver that a
round cap draws as a dot in Chromium (a zero-length dash, where the trim had barely begun). A line
of length 59.42222 (which rounds down at three decimals) is paused in the reel as it starts to be
drawn and half drawn: its far end must be blank, and every written period at least the line's
length.

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_trim_dash.py
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import AFTER_PAINT, Browser  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CHOREO = os.environ.get("CHOREO", str(REPO / ".build" / "debug" / "choreo"))
LENGTH = 59.42222

SCENE = f"""\
choreo: 1
name: line
size: [100, 40]
background: "#FFFFFF"
layers:
  - id: line
    shape: path
    d: "M 20 20 L {20 + LENGTH} 20"
    fill: none
    stroke: {{color: "#000000", width: 8, cap: round}}
    trim: {{end: 0}}
states:
  idle: {{}}
  drawn: {{line: {{trim: {{end: 1}}}}}}
transitions:
  - {{from: idle, to: drawn, on: tap, duration: 1s, easing: linear}}
"""


@pytest.fixture(scope="module")
def reel(tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("trim-dash")
    (directory / "line.yaml").write_text(SCENE)
    subprocess.run([CHOREO, "compile", str(directory / "line.yaml"), "-o", str(directory), "--emit", "svg-reel"],
                   check=True, capture_output=True)
    return (directory / "line.reel.svg").read_text()


def test_every_period_of_the_trim_dash_covers_the_line(reel: str) -> None:
    periods = []
    written = re.findall(r' stroke-dasharray="([^"]*)"', reel)
    written += re.findall(r'attributeName="stroke-dasharray"[^>]*? values="([^"]*)"', reel)
    for values in written:
        for pair in values.split(";"):
            numbers = [float(n) for n in pair.split()]
            if len(numbers) == 2:
                periods.append(sum(numbers))
    assert periods, "the reel writes the trim as a dash"
    assert min(periods) >= LENGTH, f"a period of {min(periods)} is shorter than the line ({LENGTH})"


def test_a_line_being_drawn_has_no_dot_at_its_far_end(reel: str) -> None:
    dots = []
    with Browser() as browser:
        page = browser.load(f"<body style='margin:0'>{reel}</body>", 100, 40)
        # The reel plays the global timeline from load: the two poses (frames 0 and 1), then the
        # transition from frame 2, its trim's end at (frame - 2) / 60.
        for frame in list(range(2, 14)) + [32]:
            page.evaluate(f"() => {{ const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime({frame} / 60); }}")
            page.evaluate(AFTER_PAINT)
            darkness = (255 - Browser.screenshot(page, (0, 0, 100, 40)).astype(float).mean(axis=2)) / 255
            end = 20 + LENGTH * (frame - 2) / 60
            if end > 26:
                drawn = darkness[16:24, 22:int(end) - 2].mean()
                assert drawn > 0.9, f"frame {frame}: the drawn part of the line is missing (darkness {drawn:.2f})"
            far_end = darkness[12:28, 72:90].max()
            if far_end >= 0.05:
                dots.append(f"frame {frame} ({far_end:.2f})")
    assert not dots, f"a dot is drawn at the line's far end: {', '.join(dots)}"
