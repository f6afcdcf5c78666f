"""The interactive SVG's app API (contract §17) in Chromium, with real clicks and API calls:
`choreo.set`, `choreo.get`, `choreo.fire`, `choreo.state`, the `choreo:state` and `choreo:event`
DOM events, inline in a page and inside an `<object>`; and what the page shows once the machine
rests equals what `choreo snapshot --state S --input NAME=VALUE` draws.

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_inputs_api.py
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import threading
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import common  # noqa: E402
from browser import Browser  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CHOREO = os.environ.get("CHOREO", str(REPO / ".build" / "debug" / "choreo"))

LOG = """<script>
  window.log = [];
  document.addEventListener('choreo:event', function (e) { log.push('event ' + e.detail.name); });
  document.addEventListener('choreo:state', function (e) { log.push('state ' + e.detail.state); });
</script>"""


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened


def compile_svg(scene: str, tmp: Path) -> str:
    subprocess.run([CHOREO, "compile", str(REPO / "scenes" / f"{scene}.yaml"), "-o", str(tmp), "--emit", "svg"],
                   check=True, capture_output=True)
    return (tmp / f"{scene}.svg").read_text()


def snapshot(scene: str, state: str, inputs: list[str], tmp: Path) -> str:
    out = tmp / f"{scene}-{state}-snapshot.svg"
    command = [CHOREO, "snapshot", str(REPO / "scenes" / f"{scene}.yaml"), "--state", state, "-o", str(out)]
    for assignment in inputs:
        command += ["--input", assignment]
    subprocess.run(command, check=True, capture_output=True)
    return out.read_text()


def wait_state(page, name: str, timeout: int = 3000) -> None:
    page.wait_for_function(f"() => document.querySelector('svg').choreo.state === {name!r}", timeout=timeout)


def settle(page) -> None:
    page.wait_for_function("() => !document.querySelector('svg').choreo.busy()", timeout=3000)
    page.wait_for_timeout(100)


def test_download_button_inline_clicks_and_api(browser, tmp_path):
    svg = compile_svg("download-button", tmp_path)
    page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{LOG}{svg}</body></html>", 96, 96)
    api = "document.querySelector('svg').choreo"
    assert page.evaluate(f"{api}.state") == "idle"
    assert page.evaluate(f"{api}.get('progress')") == 0
    page.mouse.click(48, 48)
    wait_state(page, "loading")
    # Type errors are refused; a number is kept inside its range.
    assert page.evaluate(f"{api}.set('progress', 'half')") is False
    assert page.evaluate(f"{api}.set('nope', 1)") is False
    assert page.evaluate(f"{api}.set('progress', 0.5)") is True
    assert page.evaluate(f"{api}.state") == "loading"
    assert page.evaluate(f"{api}.set('progress', 7)") is True
    assert page.evaluate(f"{api}.get('progress')") == 1
    wait_state(page, "done")
    settle(page)
    log = page.evaluate("log")
    assert "event finished" in log and log.index("event finished") < log.index("state done"), log
    shown = browser.screenshot(page)
    expected_page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{snapshot('download-button', 'loading', ['progress=1'], tmp_path)}</body></html>", 96, 96)
    comparison = common.compare_images(shown, browser.screenshot(expected_page))
    assert comparison.passed, comparison.describe()


def test_settings_switch_in_an_object_follows_the_app_and_taps(browser, tmp_path):
    compile_svg("settings-switch", tmp_path)
    html = tmp_path / "page.html"
    html.write_text("<!DOCTYPE html><html><body style='margin:0'>"
                    "<object id='o' type='image/svg+xml' data='settings-switch.svg' width='120' height='80'></object></body></html>")
    # Served over HTTP: a file:// page may not reach into an <object>'s document.
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = browser.isolated_page(120, 80)
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/page.html")
        check_object_page(page, browser, tmp_path)
    finally:
        server.shutdown()


def check_object_page(page, browser, tmp_path):
    page.wait_for_function("() => { var d = document.getElementById('o').contentDocument;"
                           " return d && d.documentElement && d.documentElement.choreo; }", timeout=5000)
    api = "document.getElementById('o').contentDocument.documentElement.choreo"
    assert page.evaluate(f"{api}.state") == "off"
    # The app sets the setting from elsewhere: the knob moves.
    assert page.evaluate(f"{api}.set('on', true)") is True
    page.wait_for_function(f"() => {api}.state === 'on'", timeout=3000)
    page.wait_for_function(f"() => !{api}.busy()", timeout=3000)
    # A real tap toggles the input, which moves it back.
    page.mouse.click(60, 40)
    page.wait_for_function(f"() => {api}.state === 'off' && !{api}.busy()", timeout=3000)
    assert page.evaluate(f"{api}.get('on')") is False
    page.wait_for_timeout(100)
    shown = browser.screenshot(page)
    expected_page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{snapshot('settings-switch', 'off', ['on=false'], tmp_path)}</body></html>", 120, 80)
    comparison = common.compare_images(shown, browser.screenshot(expected_page))
    assert comparison.passed, comparison.describe()


def test_rating_taps_step_the_number_input(browser, tmp_path):
    svg = compile_svg("rating-input", tmp_path)
    page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{LOG}{svg}</body></html>", 120, 48)
    api = "document.querySelector('svg').choreo"
    page.mouse.click(60, 24)
    wait_state(page, "one")
    settle(page)
    assert page.evaluate(f"{api}.get('stars')") == 1
    assert page.evaluate(f"{api}.set('stars', 3)") is True
    wait_state(page, "three", timeout=5000)
    settle(page)
    assert "event rated" in page.evaluate("log")
    shown = browser.screenshot(page)
    expected_page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{snapshot('rating-input', 'none', ['stars=3'], tmp_path)}</body></html>", 120, 48)
    comparison = common.compare_images(shown, browser.screenshot(expected_page))
    assert comparison.passed, comparison.describe()


def test_download_ring_follows_the_bound_progress_input(browser, tmp_path):
    """`bind: progress`: the ring's timeline sits at the input's position as the app sets it,
    drawn as `snapshot --state loading --input progress=V` draws it."""
    svg = compile_svg("download-button", tmp_path)
    page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{LOG}{svg}</body></html>", 96, 96)
    api = "document.querySelector('svg').choreo"
    page.mouse.click(48, 48)
    wait_state(page, "loading")
    settle(page)
    shown = {}
    for value in ["0", "0.5", "0.25", "0.9"]:
        assert page.evaluate(f"{api}.set('progress', {value})") is True
        page.wait_for_timeout(100)
        shown[value] = browser.screenshot(page)
    assert page.evaluate(f"{api}.state") == "loading"
    for value, image in shown.items():
        expected = snapshot("download-button", "loading", [f"progress={value}"], tmp_path)
        expected_page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{expected}</body></html>", 96, 96)
        comparison = common.compare_images(image, browser.screenshot(expected_page))
        assert comparison.passed, f"progress={value}: {comparison.describe()}"
    # The ring really moves with the input: a half ring is not an empty one.
    assert not common.compare_images(shown["0"], shown["0.5"]).passed


def test_bound_state_leaves_on_its_guard_and_plays_the_transition(browser, tmp_path):
    """Scrubbing pauses the SVG clock only while the bound state rests: progress 1 takes the
    guarded transition, which plays, and the machine rests in `done` with its event heard."""
    svg = compile_svg("download-button", tmp_path)
    page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{LOG}{svg}</body></html>", 96, 96)
    api = "document.querySelector('svg').choreo"
    page.mouse.click(48, 48)
    wait_state(page, "loading")
    settle(page)
    page.evaluate(f"{api}.set('progress', 0.6)")
    assert page.evaluate("document.querySelector('svg').animationsPaused()") is True
    page.evaluate(f"{api}.set('progress', 1)")
    assert page.evaluate("document.querySelector('svg').animationsPaused()") is False
    wait_state(page, "done")
    settle(page)
    assert "event finished" in page.evaluate("log")
    shown = browser.screenshot(page)
    expected_page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{snapshot('download-button', 'done', [], tmp_path)}</body></html>", 96, 96)
    comparison = common.compare_images(shown, browser.screenshot(expected_page))
    assert comparison.passed, comparison.describe()


LOOPING_ACTION = """choreo: 1
name: stuck
size: [40, 40]
inputs:
  count: {number: 0, range: [0, 3]}
layers:
  - {id: dot, shape: ellipse, radius: 10, position: [20, 20]}
states:
  a: {}
  b: {dot: {scale: 2}}
transitions:
  - {from: a, to: a, when: "count >= 0", set: {count: +1}, emit: tick}
  - {from: a, to: b, on: tap}
"""


def test_an_action_loop_stops_after_100_actions(browser, tmp_path):
    """A guard its own action keeps true (a step held at the range's end) would run for ever: the
    runtime takes 100 actions in a row, then stops with a `choreo:error` event, as dotlottie-rs
    stops such a machine; the page stays responsive and a tap still works."""
    scene = tmp_path / "stuck.yaml"
    scene.write_text(LOOPING_ACTION)
    subprocess.run([CHOREO, "compile", str(scene), "-o", str(tmp_path), "--emit", "svg"], check=True, capture_output=True)
    errors = "<script>window.errors = []; document.addEventListener('choreo:error', function (e) { errors.push(e.detail); });</script>"
    page = browser.load(f"<!DOCTYPE html><html><body style='margin:0'>{LOG}{errors}{(tmp_path / 'stuck.svg').read_text()}</body></html>", 40, 40)
    api = "document.querySelector('svg').choreo"
    assert page.evaluate("log.filter(function (line) { return line === 'event tick'; }).length") == 100
    assert page.evaluate("errors") == [{"message": "InfiniteLoop", "state": "a"}]
    assert page.evaluate(f"{api}.get('count')") == 3
    assert page.evaluate(f"{api}.state") == "a"
    page.mouse.click(20, 20)
    wait_state(page, "b")
