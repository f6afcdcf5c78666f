"""`reduced-motion:` in the interactive SVG and the preview under `prefers-reduced-motion: reduce`
in Chromium (Playwright's `reduced_motion="reduce"`), with real clicks and the SVG's clock held:
`fade` (the default) cross-fades the two poses (halfway, the box is half there at both ends and
nowhere between), `none` jumps to the destination pose at the click, `same` moves as usual; without
reduced motion every transition moves. A scene without states shows under reduced motion where its
timeline rests (a timeline played once: its last frame, where the box has arrived; a loop: its
start), or plays as usual with `same`.

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_reduced_motion.py
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

SCENE = """\
choreo: 1
name: slide
size: [120, 40]
background: "#FFFFFF"
layers:
  - {id: box, shape: rect, size: [20, 20], position: [20, 20], fill: "#0000FF"}
states:
  left: {}
  right: {box: {position: [100, 20]}}
  middle: {box: {position: [60, 20]}}
initial: left
transitions:
  - {from: left, to: right, on: tap, duration: 0.4s, easing: linear}
  - {from: right, to: middle, on: tap, duration: 0.4s, easing: linear, reduced-motion: none}
  - {from: middle, to: left, on: tap, duration: 0.4s, easing: linear, reduced-motion: same}
"""


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("reduced-motion")
    (directory / "slide.yaml").write_text(SCENE)
    subprocess.run([CHOREO, "compile", str(directory / "slide.yaml"), "-o", str(directory), "--emit", "svg"],
                   check=True, capture_output=True)
    subprocess.run([CHOREO, "preview", str(directory / "slide.yaml"), "-o", str(directory / "preview")],
                   check=True, capture_output=True)
    return directory


def blue_at(image: np.ndarray, x: int) -> float:
    """How blue the box's 10 px core around x is: 0 white, 1 the box's full blue."""
    core = image[15:25, x - 5:x + 5].astype(float)
    return float(np.mean(255 - core[..., 0]) / 255)


class Stage:
    """The SVG in a page, its clock held by the test, clicked with the real mouse."""

    def __init__(self, page, svg: str, origin: tuple[float, float]):
        self.page, self.svg, self.origin = page, svg, origin

    def shot(self) -> np.ndarray:
        self.page.evaluate(AFTER_PAINT)
        x, y = self.origin
        return Browser.screenshot(self.page, (int(x), int(y), 120, 40))

    def tap_and_hold(self, seconds_in: float) -> np.ndarray:
        """Taps, then shows the drawing `seconds_in` after the tap (the clock still held; a jump
        under reduced motion moves the clock over the transition, so from where the tap left it)."""
        self.page.mouse.click(self.origin[0] + 60, self.origin[1] + 20)
        began = self.page.evaluate(f"{self.svg}.getCurrentTime()")
        self.page.evaluate(f"{self.svg}.setCurrentTime({began} + 0.001 + {seconds_in})")
        return self.shot()

    def settle(self, state: str) -> None:
        self.page.evaluate(f"{self.svg}.setCurrentTime({self.svg}.getCurrentTime() + 1)")
        self.page.wait_for_function(f"() => {self.svg}.choreo.state === {state!r} && !{self.svg}.choreo.busy()", timeout=3000)


def svg_stage(browser, compiled: Path, reduced: bool):
    page = browser.isolated_page(120, 40, reduced_motion="reduce" if reduced else None)
    svg = (compiled / "slide.svg").read_text()
    page.set_content(f"<!DOCTYPE html><html><body style='margin:0'>{svg}</body></html>", wait_until="load")
    stage = Stage(page, "document.querySelector('svg')", (0, 0))
    page.evaluate(f"{stage.svg}.pauseAnimations()")
    return stage


def preview_stage(browser, compiled: Path):
    page = browser.isolated_page(1000, 800, reduced_motion="reduce")
    page.goto((compiled / "preview" / "slide.html").as_uri(), wait_until="load")
    page.click("button.zoom[data-zoom='1']")
    page.click("#play-pause")  # the preview moves the SVG's clock; paused, the test moves it
    box = page.locator("#stage > svg").bounding_box()
    return Stage(page, "document.querySelector('#stage > svg')", (box["x"], box["y"]))


def check_reduced(stage: Stage) -> None:
    at_rest = stage.shot()
    assert blue_at(at_rest, 20) > 0.9 and blue_at(at_rest, 100) < 0.05
    # fade: halfway, half of the box at each end, nothing in the middle.
    halfway = stage.tap_and_hold(0.2)
    left, middle, right = blue_at(halfway, 20), blue_at(halfway, 60), blue_at(halfway, 100)
    assert 0.25 < left < 0.75 and 0.25 < right < 0.75 and middle < 0.05, (
        f"fade halfway: left {left:.2f}, middle {middle:.2f}, right {right:.2f}")
    stage.settle("right")
    settled = stage.shot()
    assert blue_at(settled, 100) > 0.9 and blue_at(settled, 20) < 0.05, "the fade did not end on the right pose"
    # none: at the destination at once.
    jumped = stage.tap_and_hold(0.01)
    assert blue_at(jumped, 60) > 0.9 and blue_at(jumped, 100) < 0.05, "reduced-motion: none did not jump"
    stage.settle("middle")
    # same: moves as usual (halfway from 60 to 20 is 40).
    moving = stage.tap_and_hold(0.2)
    assert blue_at(moving, 40) > 0.9 and blue_at(moving, 20) < 0.5, "reduced-motion: same did not move"
    stage.settle("left")


def test_the_svg_follows_reduced_motion(browser, compiled):
    stage = svg_stage(browser, compiled, reduced=True)
    check_reduced(stage)
    stage.page.context.close()


def test_the_preview_follows_reduced_motion(browser, compiled):
    stage = preview_stage(browser, compiled)
    check_reduced(stage)
    stage.page.context.close()


def test_without_reduced_motion_every_transition_moves(browser, compiled):
    stage = svg_stage(browser, compiled, reduced=False)
    halfway = stage.tap_and_hold(0.2)
    assert blue_at(halfway, 60) > 0.9 and blue_at(halfway, 20) < 0.05 and blue_at(halfway, 100) < 0.05
    stage.page.context.close()


SELF_PLAYING = """\
choreo: 1
name: arrive
size: [120, 40]
background: "#FFFFFF"
layers:
  - {id: box, shape: rect, size: [20, 20], position: [20, 20], fill: "#0000FF"}
timelines:
  arrive: {duration: 1s, LOOP, keyframes: {box.position: [{at: 0%, value: [20, 20]}, {at: 100%, value: [100, 20]}]}}
"""


def self_playing_shot(browser, tmp_path: Path, timeline_options: str, at: float) -> np.ndarray:
    """The scene's SVG under reduced motion, its clock held at `at` seconds."""
    directory = tmp_path / timeline_options.replace(":", "").replace(",", "").replace(" ", "-")
    directory.mkdir()
    scene = directory / "arrive.yaml"
    scene.write_text(SELF_PLAYING.replace("LOOP", timeline_options))
    subprocess.run([CHOREO, "compile", str(scene), "-o", str(directory), "--emit", "svg"], check=True, capture_output=True)
    page = browser.isolated_page(120, 40, reduced_motion="reduce")
    page.set_content(f"<!DOCTYPE html><html><body style='margin:0'>{scene.with_suffix('.svg').read_text()}</body></html>",
                     wait_until="load")
    page.evaluate(f"document.querySelector('svg').pauseAnimations(); document.querySelector('svg').setCurrentTime({at})")
    page.evaluate(AFTER_PAINT)
    shot = Browser.screenshot(page, (0, 0, 120, 40))
    page.context.close()
    return shot


def test_a_scene_without_states_rests_where_its_timeline_rests(browser, tmp_path):
    once = self_playing_shot(browser, tmp_path, "loop: false", at=0.5)
    assert blue_at(once, 100) > 0.9 and blue_at(once, 20) < 0.05, "a timeline played once rests on its last frame"
    looping = self_playing_shot(browser, tmp_path, "loop: true", at=0.5)
    assert blue_at(looping, 20) > 0.9 and blue_at(looping, 60) < 0.05, "a loop rests on its start"
    same = self_playing_shot(browser, tmp_path, "loop: true, reduced-motion: same", at=0.5)
    assert blue_at(same, 60) > 0.9 and blue_at(same, 20) < 0.05, "reduced-motion: same plays as usual"
