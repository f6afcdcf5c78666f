"""`exit: cycle-end` in the dotLottie state machine, run in the rebuilt dotlottie-rs runtime
(dotlottie_runtime.py) with the player's clock: in record-button's `recording`, a tap in the middle
of the pulse is remembered, the pulse plays on to the end of its cycle, and only the player's
OnLoopComplete takes the machine into `recording->idle`, at the pulse's seam; a tap in `idle`
does not leave a pending exit behind for the next time `recording` is entered.

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_dotlottie_loop_exit.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import dotlottie  # noqa: E402
import dotlottie_runtime  # noqa: E402
from common import REPO_ROOT  # noqa: E402

FRAME_MS = 1000 / 60


@pytest.fixture(scope="module")
def record_button(tmp_path_factory):
    return dotlottie.compile_archive(REPO_ROOT / "scenes" / "record-button.yaml", tmp_path_factory.mktemp("loop-exit"))


def started(archive):
    return dotlottie_runtime.started(archive, "record-button")


def tick_until(machine, state, limit_ms=5000):
    waited = 0.0
    while machine.current != state:
        assert waited < limit_ms, f"never reached {state}; in {machine.current}"
        machine.tick(FRAME_MS)
        waited += FRAME_MS
    return waited


def span(timeline, name):
    found = next(s for s in timeline["spans"] if s["name"] == name)
    return found["startFrame"], found["endFrame"]


def recording(archive, timeline):
    """A started machine tapped into `recording`, and the pulse's frames."""
    machine, player = started(archive)
    machine.pointer("Click", [])
    tick_until(machine, "recording")
    return machine, player, span(timeline, "pulse")


def test_a_tap_mid_pulse_waits_for_the_cycle_to_end(record_button):
    archive, timeline = record_button
    machine, player, (pulse_start, pulse_end) = recording(archive, timeline)
    cycle_ms = (pulse_end - pulse_start) * FRAME_MS
    machine.tick(cycle_ms * 0.4)
    assert pulse_start < player.frame < pulse_end
    machine.pointer("Click", [])
    assert machine.current == "recording", "the tap left the pulse at once"
    waited = tick_until(machine, "recording->idle")
    # The rest of the running cycle, within a frame: not at once, not a cycle later.
    assert waited == pytest.approx(cycle_ms * 0.6, abs=2 * FRAME_MS)
    start, _ = span(timeline, "recording->idle")
    assert player.frame == pytest.approx(start, abs=1)
    tick_until(machine, "idle")
    assert not any(e["type"] == "Error" for e in machine.events)


def test_the_pulse_loops_on_without_a_tap(record_button):
    archive, timeline = record_button
    machine, _, (pulse_start, pulse_end) = recording(archive, timeline)
    for _ in range(int(3 * (pulse_end - pulse_start))):
        machine.tick(FRAME_MS)
        assert machine.current == "recording"


def test_a_tap_before_recording_is_not_a_pending_exit(record_button):
    archive, _ = record_button
    machine, _ = started(archive)
    machine.pointer("Click", [])
    assert machine.current == "idle->recording"
    assert machine.inputs_snapshot().get("exit:recording->idle") is True
    tick_until(machine, "recording")
    assert machine.inputs_snapshot().get("exit:recording->idle") is False
    machine.tick(3000)
    assert machine.current == "recording"
