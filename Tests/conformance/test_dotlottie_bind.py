"""`bind:` in the dotLottie state machine, run in the rebuilt dotlottie-rs runtime
(dotlottie_runtime.py): in download-button's `loading`, the player's frame follows every
`progress` the app sets, at the frame the timeline's `value(at:)` puts that position on (the
instant `choreo snapshot --state loading --input progress=V` draws), and progress 1 still takes
the guarded transition to `done`.

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_dotlottie_bind.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import dotlottie  # noqa: E402
import dotlottie_runtime  # noqa: E402
from common import REPO_ROOT  # noqa: E402


@pytest.fixture(scope="module")
def download_button(tmp_path_factory):
    return dotlottie.compile_archive(REPO_ROOT / "scenes" / "download-button.yaml", tmp_path_factory.mktemp("bind"))


def started(archive):
    return dotlottie_runtime.started(archive, "download-button")


def test_the_frame_follows_progress_in_the_bound_state(download_button):
    archive, timeline = download_button
    machine, player = started(archive)
    machine.pointer("Click", [])
    assert machine.current == "idle->loading"
    machine.player_event("complete")
    assert machine.current == "loading"
    fps = timeline["fps"]
    fill = next(s for s in timeline["spans"] if s["name"] == "fill")
    length = fill["end"] - fill["start"] - 1 / fps
    for progress in [0, 0.5, 0.25, 0.9, 0.1]:
        assert machine.set_input("Numeric", "progress", progress)
        assert machine.current == "loading", f"progress={progress} left the state: {machine.current}"
        expected = (fill["start"] + progress * length) * fps
        assert player.frame == pytest.approx(expected, abs=1e-3), f"progress={progress}"
        assert player.status == "Paused"
    assert not any(e["type"] == "Error" for e in machine.events)
    assert machine.set_input("Numeric", "progress", 1)
    assert machine.current == "loading->done"
    assert {"type": "CustomEvent", "message": "finished"} in machine.events
    machine.player_event("complete")
    assert machine.current == "done"


def test_entering_the_bound_state_shows_the_value_set_before(download_button):
    archive, timeline = download_button
    machine, player = started(archive)
    machine.pointer("Click", [])
    # The tap's `set: {progress: 0}` ran as the transition started; the app moves on meanwhile.
    assert machine.set_input("Numeric", "progress", 0.75)
    machine.player_event("complete")
    assert machine.current == "loading"
    fps = timeline["fps"]
    fill = next(s for s in timeline["spans"] if s["name"] == "fill")
    assert player.frame == pytest.approx((fill["start"] + 0.75 * (fill["end"] - fill["start"] - 1 / fps)) * fps, abs=1e-3)
