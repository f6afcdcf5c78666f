"""The preview page's state diagram and state buttons in a real browser: a guarded transition is
labelled with its guard (not "by name"), two transitions between the same two states on different
triggers are two arrows, and no label covers another label or a state (the diagram's view holds
them all); the state buttons do not overlap and hold their text.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_preview_diagram.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402

# An upload: guards on the input the app sets, two transitions from `done` back to `idle` (on
# `complete` and on `tap`), a transition the app plays by name, and a state with a long label.
SCENE = """choreo: 1
name: upload
size: [120, 60]
inputs:
  progress: {number: 0, range: [0, 1]}
  failed: {boolean: false}
layers:
  - {id: ring, shape: ellipse, radius: 14, position: [60, 30], fill: "#0A84FF", opacity: 0.3}
states:
  idle: {a11y: {label: "Ready to upload your files"}}
  loading: {ring: {opacity: 1}}
  done: {ring: {fill: "#30D158"}}
  error: {ring: {fill: "#FF3B30"}}
  paused: {ring: {opacity: 0.6}}
transitions:
  - {from: idle, to: loading, on: tap, set: {progress: 0}}
  - {from: loading, to: done, when: "progress >= 1 and not failed"}
  - {from: loading, to: error, when: "failed"}
  - {from: loading, to: idle, on: tap, when: "progress < 0.5"}
  - {from: loading, to: paused}
  - {from: paused, to: loading, on: tap}
  - {from: error, to: idle, on: tap}
  - {from: done, to: idle, on: complete}
  - {from: done, to: idle, on: tap}
"""

LAYOUT = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const svg = document.getElementById('diagram');
  return {
    labels: Array.from(svg.querySelectorAll('.edge')).map(g => ({name: g.getAttribute('data-name'), text: g.querySelector('text').textContent, box: box(g.querySelector('text'))})),
    nodes: Array.from(svg.querySelectorAll('.node rect')).map(box),
    view: box(svg),
    buttons: Array.from(document.querySelectorAll('#states button')).map(b => ({text: b.textContent, box: box(b), fits: b.scrollWidth <= b.clientWidth + 1})),
  };
}"""


def choreo_binary() -> str:
    path = os.environ.get("CHOREO")
    if not path:
        pytest.skip("CHOREO (the path of a built choreo) is not set")
    return path


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("width", [1000, 520])
def test_the_diagram_shows_guards_and_lays_out_its_labels_without_overlap(width: int):
    with tempfile.TemporaryDirectory() as directory:
        scene = Path(directory) / "upload.yaml"
        scene.write_text(SCENE)
        subprocess.run([choreo_binary(), "preview", str(scene), "-o", directory], check=True, capture_output=True)
        with Browser() as browser:
            page = browser.page(width, 1000)
            page.goto((Path(directory) / "upload.html").as_uri(), wait_until="load")
            layout = page.evaluate(LAYOUT)
    labels = {label["name"]: label for label in layout["labels"]}
    texts = sorted(label["text"] for label in layout["labels"])
    assert texts == sorted([
        "tap", "when progress >= 1 and not failed", "when failed", "tap when progress < 0.5", "by name",
        "tap", "tap", "complete", "tap"]), texts
    assert labels["loading->done"]["text"] == "when progress >= 1 and not failed"
    assert len(layout["labels"]) == 9, "each transition has its own arrow, the two from done to idle included"
    for index, a in enumerate(layout["labels"]):
        assert a["box"][2] - a["box"][0] > 0, f"{a['name']}'s label is not drawn"
        for b in layout["labels"][index + 1:]:
            assert not overlap(a["box"], b["box"]), f"the labels of {a['name']} ({a['text']}) and {b['name']} ({b['text']}) overlap"
        for node in layout["nodes"]:
            assert not overlap(a["box"], node), f"the label of {a['name']} ({a['text']}) covers a state"
        view = layout["view"]
        assert view[0] - 1 <= a["box"][0] and a["box"][2] <= view[2] + 1 and view[1] - 1 <= a["box"][1] and a["box"][3] <= view[3] + 1, (
            f"the label of {a['name']} is outside the diagram")
    buttons = layout["buttons"]
    assert [b["text"].split(" ")[0] for b in buttons] == ["idle", "loading", "done", "error", "paused"]
    for index, a in enumerate(buttons):
        assert a["fits"], f"the state button {a['text']!r} does not hold its text"
        for b in buttons[index + 1:]:
            assert not overlap(a["box"], b["box"]), f"the state buttons {a['text']!r} and {b['text']!r} overlap"
