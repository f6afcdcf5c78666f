"""`exit: cycle-end` in the interactive SVG in Chromium, with real clicks in the middle of a
cycle: record-button's pulse plays on after the stopping tap (the ring stays on screen, triggers
are ignored meanwhile), and the transition out begins at the pulse's cycle boundary, on the SVG's
document clock; a scene whose exit is `now` leaves at once, from the values on screen (the first
frame after the tap is the one before it, in the SVG and in the preview) to the idle pose.

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

from browser import AFTER_PAINT, Browser  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CHOREO = os.environ.get("CHOREO", str(REPO / ".build" / "debug" / "choreo"))
API = "document.querySelector('svg').choreo"
CYCLE = 1.2  # the pulse's duration in scenes/record-button.yaml
# How many fresh pages a tap in the middle of the pulse is tried on before the machine is called too slow.
ATTEMPTS = 8
# The SVG's document time and the page's wall clock (ms), read at once.
CLOCKS = "[document.querySelector('svg').getCurrentTime(), performance.now()]"


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
    # The ring is checked in the middle of a cycle. On a loaded machine the tap or the screenshot
    # can land late in the cycle, where the ring has faded out as the scene says it does; such an
    # attempt proves nothing either way and is made again on a fresh page, up to eight times (three
    # were all late in a fresh-clone CI run on a slow stretch of the machine).
    now = "document.querySelector('svg').getCurrentTime()"
    for _attempt in range(ATTEMPTS):
        page = load(browser, tmp_path)
        pulse_began = start_recording(page)
        clocks_at_pulse = page.evaluate(CLOCKS)
        page.wait_for_function(f"() => {now} > {pulse_began + CYCLE * 0.35}")
        page.mouse.click(60, 60)
        tapped = page.evaluate(now)
        assert page.evaluate(f"{API}.state") == "recording"
        assert page.evaluate(f"{API}.busy()") is True
        assert page.evaluate(f"{API}.current().name") == "pulse", "the pulse stopped at the tap"
        page.wait_for_timeout(60)
        before_shot = page.evaluate(now)
        pixels = ring_pixels(page)
        after_shot = page.evaluate(now)
        cycle_of_tap = int((tapped - pulse_began) / CYCLE)
        if after_shot - pulse_began < (cycle_of_tap + 0.6) * CYCLE and before_shot > tapped:
            break
    else:
        pytest.fail(f"the machine was too slow to take a screenshot in the middle of the pulse in {ATTEMPTS} attempts")
    assert pixels > 40, "the ring vanished at the tap"
    # A second tap while waiting is ignored, as during a transition.
    page.mouse.click(60, 60)
    page.wait_for_function(f"() => {API}.current() && {API}.current().name === 'recording->idle'", timeout=3000)
    began = page.evaluate(f"{API}.current().begin")
    clocks_at_exit = page.evaluate(CLOCKS)
    cycles = (began - pulse_began) / CYCLE
    assert began > tapped
    # The runtime leaves when the document clock reaches the cycle's end, or when the wall clock
    # says it has: on a loaded machine the document clock falls behind, and the exit then begins
    # early on it by as much as it fell behind.
    behind = max(0.0, (clocks_at_exit[1] - clocks_at_pulse[1]) / 1000 - (clocks_at_exit[0] - clocks_at_pulse[0]))
    early = (round(cycles) - cycles) * CYCLE
    assert -0.05 < early < 0.05 + behind, f"began {began - pulse_began:.3f} s into the pulse (the document clock {behind:.3f} s behind)"
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


SVG = "document.querySelector('svg')"


def exit_now_scene() -> str:
    text = (REPO / "scenes" / "record-button.yaml").read_text().replace(", exit: cycle-end}", "}")
    assert "cycle-end}" not in text
    return text


def retarget_mid_pulse(page, svg: str, click, at_rest: np.ndarray, shot) -> None:
    """With the SVG's clock held 40 % into the pulse, a real tap: one millisecond into the
    transition the drawing is the one before the tap (the ring does not vanish), halfway the ring
    is fainter but still there, and the transition ends on the idle pose."""
    api = f"{svg}.choreo"
    page.wait_for_function(f"() => {api}.current() && {api}.current().name === 'pulse'", timeout=3000)
    pulse_began = page.evaluate(f"{api}.current().begin")
    page.evaluate(f"{svg}.setCurrentTime({pulse_began + CYCLE * 0.4})")
    page.evaluate(AFTER_PAINT)
    before = shot()
    assert ring_pixels_in(before) > 40, "no ring 40 % into the pulse"
    click()
    page.wait_for_function(f"() => {api}.current() && {api}.current().name === 'recording->idle'", timeout=2000)
    tapped = page.evaluate(f"{api}.current().begin")
    page.evaluate(f"{svg}.setCurrentTime({tapped + 0.001})")
    page.evaluate(AFTER_PAINT)
    after = shot()
    difference = np.abs(after.astype(int) - before.astype(int))
    assert difference.max() <= 24 and ring_pixels_in(after) >= ring_pixels_in(before) * 0.9, (
        f"the first frame after the tap differs from the one before it by up to {difference.max()} "
        f"(ring {ring_pixels_in(before)} → {ring_pixels_in(after)} px)")
    page.evaluate(f"{svg}.setCurrentTime({tapped + 0.15})")
    page.evaluate(AFTER_PAINT)
    halfway = shot()
    faint = (halfway[..., 0].astype(int) - halfway[..., 1].astype(int)) > 25
    h, w = faint.shape
    faint[h // 2 - 28:h // 2 + 28, w // 2 - 28:w // 2 + 28] = False
    assert faint.sum() > 40, "the ring vanished halfway through the transition"
    page.evaluate(f"{svg}.setCurrentTime({tapped} + {api}.current().dur + 0.01)")
    page.wait_for_function(f"() => {api}.state === 'idle' && !{api}.busy()", timeout=3000)
    page.evaluate(AFTER_PAINT)
    end = shot()
    assert np.abs(end.astype(int) - at_rest.astype(int)).max() <= 8, "the transition did not arrive at the idle pose"


def past_transition(page, svg: str) -> None:
    """Moves the paused SVG clock past the end of the transition playing."""
    page.wait_for_function(f"() => {svg}.choreo.current() !== null", timeout=2000)
    page.evaluate(f"{svg}.setCurrentTime({svg}.choreo.current().begin + {svg}.choreo.current().dur + 0.01)")


def ring_pixels_in(image: np.ndarray) -> int:
    red = (image[..., 0] > 150) & (image[..., 1] < 120) & (image[..., 2] < 120)
    h, w = red.shape
    cy, cx = h // 2, w // 2
    red[cy - 28:cy + 28, cx - 28:cx + 28] = False
    return int(red.sum())


def test_exit_now_starts_from_the_values_on_screen(browser, tmp_path):
    page = load(browser, tmp_path, exit_now_scene())
    page.evaluate(f"{SVG}.pauseAnimations()")
    at_rest = Browser.screenshot(page)
    page.mouse.click(60, 60)
    past_transition(page, SVG)
    wait_state(page, "recording")
    retarget_mid_pulse(page, SVG, lambda: page.mouse.click(60, 60), at_rest, lambda: Browser.screenshot(page))
    assert page.evaluate(f"{SVG}.getAttribute('data-state')") == "idle"


def test_the_preview_retargets_too(browser, tmp_path):
    source = tmp_path / "record-button.yaml"
    source.write_text(exit_now_scene())
    subprocess.run([CHOREO, "preview", str(source), "-o", str(tmp_path / "preview")], check=True, capture_output=True)
    page = browser.load("", 1000, 800, url=(tmp_path / "preview" / "record-button.html").as_uri())
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.click("button.zoom[data-zoom='1']")
    page.click("#play-pause")  # the preview moves the SVG's clock; paused, the test moves it
    stage = page.locator("#stage > svg")
    box = stage.bounding_box()
    clip = (int(box["x"]), int(box["y"]), int(box["width"]), int(box["height"]))
    svg = "document.querySelector('#stage > svg')"
    page.evaluate(AFTER_PAINT)
    at_rest = Browser.screenshot(page, clip)
    center = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(*center)
    past_transition(page, svg)
    page.wait_for_function(f"() => {svg}.choreo.state === 'recording'", timeout=4000)
    retarget_mid_pulse(page, svg, lambda: page.mouse.click(*center), at_rest, lambda: Browser.screenshot(page, clip))
    assert not errors, errors
