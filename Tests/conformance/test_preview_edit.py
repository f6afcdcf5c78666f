"""`choreo preview --serve` edits the scene file by hand, in a real browser with a real mouse and
keyboard: after each drag the file differs from before only inside the edited value (in its units,
snapped to frames unless Alt is held), the reloaded page shows the new motion, undo writes the
earlier bytes back exactly, a value an anchor defines is edited there after the page asks, a file
changed behind the page is never overwritten, `--read-only` writes nothing, and requests from
anywhere but the page are refused.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_preview_edit.py
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402

# Block maps, comments between lines, an anchor read twice, ms, frames, percent keyframe times.
BLOCK = """# Lifts a card. Every comment stays.
choreo: 1
name: lift
size: [200, 200]
fps: 30

vars:
  lift: &lift 400ms   # read twice

layers:
  - id: card
    shape: rect
    size: [80, 50]
    position: [100, 120]
    fill: "#3366FF"

  - id: shadow
    shape: ellipse
    radius: 30
    position: [100, 170]
    fill: "#00000033"

states:
  rest:
    play: wiggle
  raised:
    # the card rises
    card:
      offset: [0, -30]
    shadow:
      opacity: 0.4

transitions:
  - from: rest
    to: raised
    on: tap
    duration: 300ms
    delay: 3f
    easing: {cubic-bezier: [0.2, 0, 0, 1]}
    nodes:
      shadow:
        duration: *lift
  - from: raised
    to: rest
    on: tap
    duration: $lift
    easing: {spring: {response: 0.5, damping-fraction: 0.7}}

timelines:
  wiggle:
    duration: 1s
    keyframes:
      card.rotation:
        - {at: 0%, value: 0deg}
        - at: 50%   # the peak
          value: 10deg
        - {at: 100%, value: 0deg}
"""

# The whole document in flow style, times in seconds.
FLOW = """{choreo: 1, name: flow, size: [100, 100],
 layers: [{id: dot, shape: ellipse, radius: 10, position: [30, 50], fill: "#FF0000"}],
 states: {a: {}, b: {dot: {position: [70, 50]}}},
 transitions: [{from: a, to: b, on: tap, duration: 0.5s, easing: ease-in-out}, {from: b, to: a, on: tap}]}
"""


def choreo_binary() -> str:
    path = os.environ.get("CHOREO")
    if not path:
        pytest.skip("CHOREO (the path of a built choreo) is not set")
    return path


@contextlib.contextmanager
def serving(text: str, *extra: str):
    with tempfile.TemporaryDirectory() as directory:
        scene = Path(directory) / "scene.yaml"
        scene.write_bytes(text.encode())
        process = subprocess.Popen([choreo_binary(), "preview", str(scene), "--serve", "--port", "0", *extra],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            url = None
            deadline = time.monotonic() + 20
            while url is None and time.monotonic() < deadline:
                line = process.stdout.readline()
                if not line:
                    break
                match = re.match(r"serving (http://127\.0\.0\.1:\d+/)$", line.strip())
                if match:
                    url = match.group(1)
            assert url, "choreo did not print its address"
            yield scene, url
        finally:
            process.kill()
            process.wait()


def changed_value(before: str, after: str, marker: str, value: str) -> str:
    """Asserts `after` is `before` with only `value` (inside the unique `marker`) rewritten, and
    returns what it became."""
    assert before.count(marker) == 1, f"{marker!r} is not unique"
    start = before.index(marker) + marker.index(value)
    end = start + len(value)
    head, tail = before[:start], before[end:]
    assert after.startswith(head) and after.endswith(tail) and len(after) >= len(head) + len(tail), \
        f"the file changed outside {value!r} of {marker!r}:\n{after}"
    return after[len(head):len(after) - len(tail)]


def drag(page, selector: str, dx: float, dy: float = 0, alt: bool = False, navigates: bool = True) -> None:
    """A real mouse drag from the middle of `selector` by (dx, dy) CSS px, in steps."""
    page.locator(selector).scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} is not on the page"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    if alt:
        page.keyboard.down("Alt")
    page.mouse.down()
    for step in range(1, 9):
        page.mouse.move(x + dx * step / 8, y + dy * step / 8)
    if navigates:
        with page.expect_navigation():
            page.mouse.up()
        ready(page)
    else:
        page.mouse.up()
    if alt:
        page.keyboard.up("Alt")


def ready(page) -> None:
    page.wait_for_load_state("load")
    page.wait_for_selector("#ruler .handle")


def press(page, selector: str, key: str) -> None:
    page.focus(selector)
    with page.expect_navigation():
        page.keyboard.press(key)
    ready(page)


def span_lengths(page) -> dict:
    return page.evaluate("() => Object.fromEntries(CHOREO_PREVIEW.spans.map(s => [s.name, +(s.end - s.start).toFixed(4)]))")


def frame_aligned_ms(text: str, fps: float) -> bool:
    number = float(text.removesuffix("ms"))
    return text.endswith("ms") and number == round(number) and abs(number - round(number * fps / 1000) * 1000 / fps) <= 0.5


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened


def test_drags_and_keys_write_only_the_value_in_its_units_and_undo_restores_the_bytes(browser):
    with serving(BLOCK) as (scene, url):
        page = browser.isolated_page(1100, 1000)
        try:
            page.goto(url)
            ready(page)
            original = scene.read_text()
            spans_before = span_lengths(page)

            # The transition's duration (300ms), dragged right past its `shadow` entry's 400ms, so
            # the transition lasts longer: whole ms on a frame at 30 fps.
            drag(page, "#h-transitions-0-duration", 200)
            dragged = scene.read_text()
            new = changed_value(original, dragged, "duration: 300ms", "300ms")
            assert new != "300ms" and frame_aligned_ms(new, 30), new
            shown = float(page.get_attribute("#h-transitions-0-duration", "aria-valuenow"))
            assert abs(shown - float(new[:-2]) / 1000) < 1e-6
            assert span_lengths(page) != spans_before, "the page does not show the recompiled motion"
            assert "Wrote:" in page.inner_text("#timing-status")
            latency = page.get_attribute("body", "data-edit-latency")
            assert latency is not None
            print(f"\nfrom the end of the drag to the page showing the new motion: {latency} ms")

            # Undo writes the earlier bytes back exactly; redo the edit again.
            page.focus("#timing-item")
            page.locator("body").click(position={"x": 5, "y": 5})
            with page.expect_navigation():
                page.keyboard.press("Control+z")
            ready(page)
            assert scene.read_text() == original
            with page.expect_navigation():
                page.click("#redo")
            ready(page)
            assert scene.read_text() == dragged
            with page.expect_navigation():
                page.click("#undo")
            ready(page)
            assert scene.read_text() == original

            # Keys: one frame a press, ten with Shift; frames stay frames.
            press(page, "#h-transitions-0-delay", "ArrowRight")
            assert changed_value(original, scene.read_text(), "delay: 3f", "3f") == "4f"
            press(page, "#h-transitions-0-delay", "Shift+ArrowRight")
            assert changed_value(original, scene.read_text(), "delay: 3f", "3f") == "14f"
            assert page.evaluate("() => document.activeElement.id") == "h-transitions-0-delay"
            # Saved behind the page: it reloads itself.
            with page.expect_navigation():
                scene.write_text(original)
            ready(page)

            # Alt: no snapping (a tenth of a ms, not a frame).
            drag(page, "#h-transitions-0-duration", 47, alt=True)
            free = changed_value(original, scene.read_text(), "duration: 300ms", "300ms")
            assert free.endswith("ms") and free != "300ms"
            with page.expect_navigation():
                page.click("#undo")
            ready(page)
            assert scene.read_text() == original

            # A percentage keyframe time stays a percentage; the comment after it stays.
            page.select_option("#timing-item", label="timeline wiggle")
            drag(page, "#h-timelines-wiggle-keyframes-card_rotation-1-at", -60)
            percent = changed_value(original, scene.read_text(), "at: 50%   # the peak", "50%")
            assert percent.endswith("%") and float(percent[:-1]) < 50, percent
            with page.expect_navigation():
                page.click("#undo")
            ready(page)
            assert scene.read_text() == original

            # The Bézier curve: only the numbers inside the list change.
            page.select_option("#timing-item", index=0)
            drag(page, "#easing-p1", 25, -25)
            curve = changed_value(original, scene.read_text(), "[0.2, 0, 0, 1]", "0.2, 0, 0, 1")
            numbers = [float(n) for n in curve.split(", ")]
            assert len(numbers) == 4 and numbers[2:] == [0, 1] and numbers[:2] != [0.2, 0], curve
            with page.expect_navigation():
                page.click("#undo")
            ready(page)

            # The spring of the second transition, as written (response, damping fraction), by key.
            page.select_option("#timing-item", index=1)
            page.focus("#spring-response")
            with page.expect_navigation():
                page.keyboard.press("ArrowRight")
            ready(page)
            assert changed_value(original, scene.read_text(), "response: 0.5,", "0.5") == "0.51"
            assert "settles in" in page.inner_text("#spring-settle")
            with page.expect_navigation():
                page.click("#undo")
            ready(page)
            assert scene.read_text() == original

            # The canvas: the card dragged in `raised` moves its offset there.
            page.select_option("#canvas-state", value="state:raised")
            box = page.locator("#canvas img").bounding_box()
            scale = box["width"] / 200  # the scene is 200 wide
            drag(page, "#node-card", 20 * scale, 10 * scale)
            offset = changed_value(original, scene.read_text(), "offset: [0, -30]", "0, -30")
            x, y = (float(n) for n in offset.split(", "))
            assert abs(x - 20) <= 1 and abs(y + 20) <= 1 and x == round(x) and y == round(y), offset
            with page.expect_navigation():
                page.click("#undo")
            ready(page)
            assert scene.read_text() == original
        finally:
            page.context.close()


def test_a_value_an_anchor_defines_is_edited_there_after_the_page_asks(browser):
    with serving(BLOCK) as (scene, url):
        page = browser.isolated_page(1100, 1000)
        try:
            page.goto(url)
            ready(page)
            original = scene.read_text()
            drag(page, "#h-transitions-0-nodes-shadow-duration", -40, navigates=False)
            page.wait_for_selector("#confirm-edit[open]")
            assert "2 places" in page.inner_text("#confirm-text")
            assert scene.read_text() == original  # nothing written before the answer
            with page.expect_navigation():
                page.click("#confirm-yes")
            ready(page)
            new = changed_value(original, scene.read_text(), "lift: &lift 400ms   # read twice", "400ms")
            assert new != "400ms" and frame_aligned_ms(new, 30)
            # Cancelled, nothing is written.
            edited = scene.read_text()
            drag(page, "#h-transitions-0-nodes-shadow-duration", -40, navigates=False)
            page.wait_for_selector("#confirm-edit[open]")
            page.click("#confirm-no")
            page.wait_for_function("() => !document.getElementById('confirm-edit').open")
            page.wait_for_timeout(300)
            assert scene.read_text() == edited
        finally:
            page.context.close()


def test_a_file_changed_behind_the_page_is_never_overwritten(browser):
    with serving(BLOCK) as (scene, url):
        page = browser.isolated_page(1100, 1000)
        try:
            page.goto(url)
            ready(page)
            # The page does not hear of the change (its version poll held back) and edits anyway.
            page.route("**/version", lambda route: route.abort())
            behind = scene.read_text().replace("fps: 30", "fps: 30  # saved in an editor")
            temporary = scene.with_name("scene.yaml.tmp~")
            temporary.write_text(behind)
            os.replace(temporary, scene)
            time.sleep(0.6)  # the server has seen and compiled it
            drag(page, "#h-transitions-0-duration", 60)
            assert scene.read_text() == behind
            status = page.inner_text("#timing-status")
            assert "changed on disk" in status and "nothing was written" in status
            # The reloaded page is made from the new bytes: its edit is written.
            drag(page, "#h-transitions-0-duration", 60)
            changed_value(behind, scene.read_text(), "duration: 300ms", "300ms")
            # Undo does not reach back past a change made behind the page.
            edited = scene.read_text()
            again = edited.replace("# Lifts", "# Lifts high")
            page.unroute("**/version")
            with page.expect_navigation():
                scene.write_text(again)
            ready(page)
            assert page.is_disabled("#undo")
            assert scene.read_text() == again
        finally:
            page.context.close()


def test_a_flow_document_keeps_its_style(browser):
    with serving(FLOW) as (scene, url):
        page = browser.isolated_page(1100, 1000)
        try:
            page.goto(url)
            ready(page)
            original = scene.read_text()
            drag(page, "#h-transitions-0-duration", 50)
            new = changed_value(original, scene.read_text(), "duration: 0.5s", "0.5s")
            assert new.endswith("s") and new != "0.5s"
            assert abs(float(new[:-1]) * 60 - round(float(new[:-1]) * 60)) < 0.06  # on a frame at 60 fps
            with page.expect_navigation():
                page.click("#undo")
            ready(page)
            # A delay not written is added in the flow map, in its neighbours' unit.
            press(page, "#h-transitions-0-delay", "Shift+ArrowRight")
            text = scene.read_text()
            assert text == original.replace("easing: ease-in-out}", "easing: ease-in-out, delay: 0.167s}")
            with page.expect_navigation():
                page.click("#undo")
            ready(page)
            page.select_option("#canvas-state", value="state:b")
            drag(page, "#node-dot", 0, 30)
            moved = changed_value(original, scene.read_text(), "b: {dot: {position: [70, 50]}}", "70, 50")
            assert moved.startswith("70, ") and float(moved.split(", ")[1]) > 50
        finally:
            page.context.close()


def post(url: str, body: bytes, headers: dict) -> tuple[int, str]:
    host, port = re.match(r"http://([^:/]+):(\d+)/", url).groups()
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("POST", "/edit", body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read().decode()


def test_read_only_writes_nothing_and_only_the_page_may_edit(browser):
    with serving(BLOCK, "--read-only") as (scene, url):
        page = browser.isolated_page(1100, 1000)
        try:
            page.goto(url)
            ready(page)
            original = scene.read_text()
            assert page.get_attribute("#h-transitions-0-duration", "aria-disabled") == "true"
            drag(page, "#h-transitions-0-duration", 60, navigates=False)
            page.focus("#h-transitions-0-delay")
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(300)
            assert scene.read_text() == original
            edit = page.evaluate("() => CHOREO_EDIT")
            port = re.search(r":(\d+)/", url).group(1)
            request = json.dumps({"token": edit["token"], "base": edit["hash"], "op": "time",
                                  "path": ["transitions", 0, "duration"], "seconds": 1}).encode()
            origin = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"}
            status, body = post(url, request, origin)
            assert status == 403 and "read-only" in body
        finally:
            page.context.close()
    with serving(BLOCK) as (scene, url):
        original = scene.read_text()
        port = re.search(r":(\d+)/", url).group(1)
        page_text = http.client.HTTPConnection("127.0.0.1", int(port), timeout=10)
        page_text.request("GET", "/")
        html = page_text.getresponse().read().decode()
        edit = json.loads(re.search(r"var CHOREO_EDIT = (\{.*?\});\n", html).group(1))
        request = json.dumps({"token": edit["token"], "base": edit["hash"], "op": "time",
                              "path": ["transitions", 0, "duration"], "seconds": 1}).encode()
        good = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"}
        assert post(url, request, {**good, "Origin": "http://evil.example"})[0] == 403
        assert post(url, request, {"Content-Type": "application/json"})[0] == 403
        assert post(url, request, {**good, "Sec-Fetch-Site": "cross-site"})[0] == 403
        assert post(url, request, {**good, "Host": "evil.example"})[0] == 403
        assert post(url, request, {**good, "Content-Type": "text/plain"})[0] == 415
        wrong_token = json.dumps({**json.loads(request), "token": "guess"}).encode()
        assert post(url, wrong_token, good)[0] == 403
        assert post(url, b"x" * 20000, good)[0] == 413
        assert scene.read_text() == original
        status, body = post(url, request, good)
        assert status == 200 and json.loads(body)["ok"] is True
        assert changed_value(original, scene.read_text(), "duration: 300ms", "300ms") == "1000ms"
