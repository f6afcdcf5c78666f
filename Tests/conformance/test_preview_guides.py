"""The preview page's "bounds & anchors" toggle in a real browser: it draws each node's box and
anchor point over the stage, where the stage draws the node, and follows the state at rest.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_preview_guides.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402

# A bar anchored at its bottom, a path placed by the centre of its bounds, and a group: what the
# guides are for. Tapping moves the bar.
SCENE = """choreo: 1
name: guides
size: [200, 120]
layers:
  - {id: bar, shape: rect, size: [20, 40], position: [40, 100], anchor: bottom, fill: "#0A84FF"}
  - id: tick
    shape: path
    d: M 0 0 L 10 10 L 30 -10
    position: [100, 60]
    stroke: {color: "#30D158", width: 4}
  - id: pair
    shape: group
    children:
      - {id: left, shape: ellipse, radius: 8, position: [150, 30], fill: "#FF9F0A"}
      - {id: right, shape: ellipse, radius: 8, position: [180, 30], fill: "#FF9F0A"}
states:
  rest: {}
  moved: {bar: {position: [60, 100]}}
transitions:
  - {from: rest, to: moved, on: tap, duration: 0.1s}
"""

GUIDES = """() => Array.from(document.querySelectorAll('#stage-guides .guide')).map(g => {
  const box = g.querySelector('.guide-box').getBoundingClientRect();
  const node = document.getElementById('stage-' + g.getAttribute('data-node'));
  const drawn = node ? node.getBoundingClientRect() : null;
  return {id: g.getAttribute('data-node'), anchor: g.querySelector('.guide-anchor').getAttribute('data-anchor'),
          box: [box.left, box.top, box.right, box.bottom], drawn: drawn && [drawn.left, drawn.top, drawn.right, drawn.bottom],
          label: g.querySelector('.guide-label').textContent};
})"""


def choreo_binary() -> str:
    path = os.environ.get("CHOREO")
    if not path:
        pytest.skip("CHOREO (the path of a built choreo) is not set")
    return path


def test_the_guides_show_where_position_and_anchor_put_each_node_and_follow_the_state():
    with tempfile.TemporaryDirectory() as directory:
        scene = Path(directory) / "guides.yaml"
        scene.write_text(SCENE)
        subprocess.run([choreo_binary(), "preview", str(scene), "-o", directory], check=True, capture_output=True)
        page_path = Path(directory) / "guides.html"
        with Browser() as browser:
            page = browser.page(1000, 800)
            page.goto(page_path.as_uri(), wait_until="load")
            page.click("button.zoom[data-zoom='1']")
            assert page.evaluate("() => document.querySelector('#stage-guides') === null"), "hidden until asked"
            page.click("#guides")
            assert page.get_attribute("#guides", "aria-pressed") == "true"
            guides = {g["id"]: g for g in page.evaluate(GUIDES)}
            assert set(guides) == {"bar", "tick", "pair", "left", "right"}
            # The anchor is where position puts it: the bar's bottom, the path's bounds' centre.
            assert guides["bar"]["anchor"] == "40 100"
            assert guides["tick"]["anchor"] == "100 60"
            assert guides["pair"]["anchor"] == "165 30", "a group's default anchor: the centre of its children"
            # Each box is where the stage draws the node (strokes aside: within the stroke's half width).
            for id in ("bar", "left", "right", "pair", "tick"):
                box, drawn = guides[id]["box"], guides[id]["drawn"]
                slack = 3 if id == "tick" else 1
                assert all(abs(a - b) <= slack for a, b in zip(box, drawn)), f"{id}: guide {box}, drawn {drawn}"
            # The page's clock is driven by its own ticker: tap, then wait for the state.
            page.click("#stage > svg", position={"x": 100, "y": 10})
            deadline = time.monotonic() + 5
            while page.evaluate("() => document.body.getAttribute('data-state')") != "moved" and time.monotonic() < deadline:
                time.sleep(0.05)
            assert page.evaluate("() => document.body.getAttribute('data-state')") == "moved"
            moved = {g["id"]: g for g in page.evaluate(GUIDES)}
            assert moved["bar"]["anchor"] == "60 100", "the guides follow the state at rest"
            page.click("#guides")
            assert page.evaluate("() => document.querySelector('#stage-guides') === null")
