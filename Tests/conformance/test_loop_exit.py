"""`exit: cycle-end` in the interactive SVG in Chromium, with real clicks in the middle of a
cycle: record-button's pulse plays on after the stopping tap (the ring stays on screen, triggers
are ignored meanwhile), and the transition out begins at the pulse's cycle boundary, on the SVG's
document clock; a scene whose exit is `now` leaves at once.

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_loop_exit.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CHOREO = os.environ.get("CHOREO", str(REPO / ".build" / "debug" / "choreo"))
API = "document.querySelector('svg').choreo"
CYCLE = 1.2  # the pulse's duration in scenes/record-button.yaml


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened


def load(browser, tmp: Path, scene_text: str | None = None):
    source = REPO / "scenes" / "record-button.yaml"
    if scene_text is not None:
        source = tmp / "record-button.yaml"
        source.write_text(scene_text)
    subprocess.run([CHOREO, "compile", str(source), "-o", str(tmp), "--emit", "svg"], check=True, capture_output=True)
    svg = (tmp / "record-button.svg").read_text()
    return browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{svg}</body></html>", 120, 120)


def wait_state(page, name: str, timeout: int = 4000) -> None:
    page.wait_for_function(f"() => {API}.state === {name!r}", timeout=timeout)


def start_recording(page) -> float:
    page.mouse.click(60, 60)
    wait_state(page, "recording")
    page.wait_for_function(f"() => {API}.current() && {API}.current().name === 'pulse'", timeout=3000)
    return page.evaluate(f"{API}.current().begin")


def ring_pixels(page) -> int:
    """Red pixels outside the button's 52 px square: the pulse's ring."""
    image = Browser.screenshot(page)
    red = (image[..., 0] > 150) & (image[..., 1] < 120) & (image[..., 2] < 120)
    red[32:88, 32:88] = False
    return int(red.sum())


def test_a_tap_mid_pulse_leaves_when_the_cycle_ends(browser, tmp_path):
    page = load(browser, tmp_path)
    pulse_began = start_recording(page)
    page.wait_for_function(f"() => document.querySelector('svg').getCurrentTime() > {pulse_began + CYCLE * 0.35}")
    page.mouse.click(60, 60)
    tapped = page.evaluate("document.querySelector('svg').getCurrentTime()")
    assert page.evaluate(f"{API}.state") == "recording"
    assert page.evaluate(f"{API}.busy()") is True
    assert page.evaluate(f"{API}.current().name") == "pulse", "the pulse stopped at the tap"
    page.wait_for_timeout(60)
    assert ring_pixels(page) > 40, "the ring vanished at the tap"
    # A second tap while waiting is ignored, as during a transition.
    page.mouse.click(60, 60)
    page.wait_for_function(f"() => {API}.current() && {API}.current().name === 'recording->idle'", timeout=3000)
    began = page.evaluate(f"{API}.current().begin")
    cycles = (began - pulse_began) / CYCLE
    assert began > tapped
    assert abs(cycles - round(cycles)) * CYCLE < 0.05, f"began {began - pulse_began:.3f} s into the pulse"
    assert round(cycles) == int((tapped - pulse_began) / CYCLE) + 1
    wait_state(page, "idle")
    assert page.evaluate("document.querySelector('svg').getAttribute('data-state')") == "idle"


def test_exit_now_leaves_at_the_tap(browser, tmp_path):
    text = (REPO / "scenes" / "record-button.yaml").read_text().replace(", exit: cycle-end}", "}")
    assert "cycle-end}" not in text
    page = load(browser, tmp_path, text)
    pulse_began = start_recording(page)
    page.wait_for_function(f"() => document.querySelector('svg').getCurrentTime() > {pulse_began + CYCLE * 0.35}")
    page.mouse.click(60, 60)
    page.wait_for_function(f"() => {API}.current() && {API}.current().name === 'recording->idle'", timeout=500)
    began = page.evaluate(f"{API}.current().begin")
    assert began - pulse_began < CYCLE * 0.9
