"""The preview page's input controls and event log in Chromium (contract §17): a control per
input (a slider for a number with a range, a checkbox for a boolean, a text field for a string)
that writes its input through the page API with real typing and clicks, the event log of
`choreo:state` and `choreo:event`, `preview --input NAME=VALUE`, and a bound timeline holding the
page's clock at the input's position.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_preview_inputs.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CHOREO = os.environ.get("CHOREO", str(REPO / ".build" / "debug" / "choreo"))
API = "document.querySelector('#stage > svg').choreo"

TEXT_SCENE = """choreo: 1
name: greeting
size: [60, 60]
inputs:
  word: {string: ""}
layers:
  - {id: dot, shape: ellipse, radius: 10, position: [30, 30]}
states:
  quiet: {}
  loud: {dot: {scale: 2}}
transitions:
  - {from: quiet, to: loud, when: "word == 'hi'", emit: greeted}
"""


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened


def preview(scene: Path, tmp: Path, *inputs: str) -> str:
    command = [CHOREO, "preview", str(scene), "-o", str(tmp)]
    for assignment in inputs:
        command += ["--input", assignment]
    subprocess.run(command, check=True, capture_output=True)
    name = next(line for line in scene.read_text().splitlines() if line.startswith("name:")).split(":", 1)[1].strip()
    return (tmp / f"{name}.html").read_text()


def log(page) -> list[str]:
    return page.evaluate("Array.prototype.map.call(document.querySelectorAll('#event-log li'), function (li) { return li.textContent; })")


def test_a_slider_drives_the_bound_download_ring_and_the_log_shows_the_event(browser, tmp_path):
    page = browser.load(preview(REPO / "scenes" / "download-button.yaml", tmp_path, "progress=0.3"), 1200, 900)
    slider = page.locator("input[data-input='progress']")
    assert slider.get_attribute("type") == "range"
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("0", "1")
    assert page.evaluate(f"{API}.get('progress')") == 0.3
    page.click("#stage > svg")
    page.wait_for_function(f"() => {API}.state === 'loading' && !{API}.busy()", timeout=5000)
    slider.fill("0.5")
    assert page.evaluate(f"{API}.get('progress')") == 0.5
    # The bound state holds the page's clock at the input's position while it rests.
    held = page.evaluate(f"{API}.holding()")
    before = page.evaluate("document.querySelector('#stage > svg').getCurrentTime()")
    page.wait_for_timeout(300)
    assert held and page.evaluate("document.querySelector('#stage > svg').getCurrentTime()") == before
    slider.fill("1")
    page.wait_for_function(f"() => {API}.state === 'done'", timeout=5000)
    entries = log(page)
    assert "state loading" in entries and "event finished (in loading)" in entries and "state done" in entries, entries
    assert entries.index("event finished (in loading)") < entries.index("state done")
    assert page.locator("#inputs-area").is_visible()


def test_a_checkbox_sets_the_switch_and_follows_taps(browser, tmp_path):
    page = browser.load(preview(REPO / "scenes" / "settings-switch.yaml", tmp_path), 1200, 900)
    box = page.locator("input[data-input='on']")
    assert box.get_attribute("type") == "checkbox" and not box.is_checked()
    box.check()
    page.wait_for_function(f"() => {API}.state === 'on' && !{API}.busy()", timeout=5000)
    # A tap on the stage toggles the input by its action: the checkbox follows.
    page.click("#stage > svg")
    page.wait_for_function(f"() => {API}.state === 'off' && !{API}.busy()", timeout=5000)
    assert not box.is_checked()
    assert "state on" in log(page) and "state off" in log(page)


def test_preview_input_sets_the_rating_as_the_page_loads(browser, tmp_path):
    page = browser.load(preview(REPO / "scenes" / "rating-input.yaml", tmp_path, "stars=2"), 1200, 900)
    slider = page.locator("input[data-input='stars']")
    assert slider.get_attribute("step") == "1"
    page.wait_for_function(f"() => {API}.get('stars') === 2", timeout=5000)
    assert slider.input_value() == "2"


def test_a_text_field_sets_a_string_input(browser, tmp_path):
    scene = tmp_path / "greeting.yaml"
    scene.write_text(TEXT_SCENE)
    page = browser.load(preview(scene, tmp_path), 600, 600)
    field = page.locator("input[data-input='word']")
    assert field.get_attribute("type") == "text"
    field.type("hi")
    page.wait_for_function(f"() => {API}.state === 'loud'", timeout=5000)
    assert "event greeted (in quiet)" in log(page)


def test_a_scene_without_inputs_has_no_input_section(browser, tmp_path):
    page = browser.load(preview(REPO / "scenes" / "menu-to-x.yaml", tmp_path), 1200, 900)
    assert not page.locator("#inputs-area").is_visible()


def test_preview_refuses_an_unknown_input(tmp_path):
    result = subprocess.run([CHOREO, "preview", str(REPO / "scenes" / "download-button.yaml"), "-o", str(tmp_path),
                             "--input", "progres=1"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "expected one of the scene's inputs: progress" in result.stderr
