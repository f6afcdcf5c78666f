#!/usr/bin/env python3
"""The interactive SVG and the preview page under real pointer input, in headless Chromium
(Playwright driving the Debian `chromium`; nothing downloads a browser).

Usage:
    python3 Tests/conformance/interactive_suite.py --choreo PATH --compiled DIR [--work DIR] SCENE.yaml...

DIR holds `choreo compile --emit svg,svg-reel,timeline` output. Checks, each reported on its own:
  rest      every scene with states, opened directly (file://): once the initial state's
            `complete` chain (if any) has run, it rests in its state, draws it (vs `choreo
            snapshot --state` in the same browser) and its frames are identical over 2 s; the same
            SVG in an <img> (no script, no events) shows the initial state's pose, still.
  tap-through
            from the initial state, every pointer transition is fired with the mouse (click for
            `tap`, button down/up for `press`/`release`, moving onto/off the canvas for `hover`/
            `hover-end`), following `complete` chains: the SVG reports the expected state no
            sooner than the transition's duration, and then draws `choreo snapshot --state TO`
            (once a timeline TO plays once, `play:` without loop, has run out).
            The log lines (state after each input, milliseconds) are the tap-through record.
  inline    (play-pause) the SVG pasted inline into an HTML page, and in an <object>, answers a
            click like the file does.
  reduced   (play-pause) under prefers-reduced-motion a tap cross-fades (`reduced-motion: fade`, the
            default): the transition is under way right after the click and ends on the target state.
  focus     (play-pause) a mouse click focuses the SVG without a focus ring; Tab focuses it with one
            (`:focus-visible`).
  reel      NAME.reel.svg still animates (several distinct frames in its first second).
  preview   `choreo preview`'s page: the scene starts in its initial state (diagram highlight), the
            mouse on the stage fires the first transition and the stage then draws the target
            state; for play-pause also frame stepping while paused and 0.5× speed.
  themes    a scene with a `dark` theme draws `choreo snapshot --theme dark` under
            prefers-color-scheme: dark, and in the preview after choosing dark.
Image comparisons use common.compare_images (common.THRESHOLD_DESCRIPTION). Last line:
`N passed, M failed`; exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common

common.ensure_venv()

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGUMENTS = ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                    "--font-render-hinting=none"]
# Room around the canvas, so that the pointer can leave it inside the window.
MARGIN = 40
REST_SECONDS = 2.0
# Two animation frames, so that what a script just changed is painted; headless Chromium makes no
# frames while nothing changes, hence the timer.
AFTER_PAINT = ("() => new Promise(done => { requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
               " setTimeout(() => done(true), 100); })")
# A state that loops a timeline is not still: once the clock is paused, the instant of the compiled
# timeline the SVG shows (the loop's span start plus the phase of its cycle), so the picture is
# compared with `choreo snapshot --at` that instant; null when no loop is playing.
LOOP_INSTANT = """selector => { const s = document.querySelector(selector); const c = s.choreo && s.choreo.current();
  if (!c || !c.loops) return null;
  return c.start + (((s.getCurrentTime() - c.begin) % c.dur) + c.dur) % c.dur; }"""
PAUSE_SVG = "selector => document.querySelector(selector).pauseAnimations()"
RESUME_SVG = "selector => document.querySelector(selector).unpauseAnimations()"
MACHINE_STATE = "() => { const s = document.querySelector('svg'); return [s.getAttribute('data-state'), s.getAttribute('data-transition')]; }"
# Records [data-state, data-transition] in window.choreoReportedStates each time either changes.
RECORD_MACHINE_STATES = """() => {
    const s = document.querySelector('svg');
    window.choreoReportedStates = [];
    new MutationObserver(() => window.choreoReportedStates.push([s.getAttribute('data-state'), s.getAttribute('data-transition')]))
        .observe(s, {attributes: true, attributeFilter: ['data-state', 'data-transition']});
}"""


class Results:
    def __init__(self) -> None:
        self.checks: list[tuple[str, bool, str]] = []

    def record(self, name: str, ok: bool, detail: str = "") -> bool:
        self.checks.append((name, ok, detail))
        print(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail and not ok else ''}", flush=True)
        return ok

    def compare(self, name: str, actual: np.ndarray, expected: np.ndarray) -> bool:
        comparison = common.compare_images(actual, expected)
        detail = comparison.describe()
        if not comparison.passed:
            stem = name.replace(" ", "_").replace("/", "_").replace(">", "")
            path = common.write_side_by_side(common.OUT_DIR / f"interactive-{stem}.png", actual, expected)
            detail += f"; see {path.relative_to(common.REPO_ROOT)}"
        return self.record(name, comparison.passed, detail)


class Scene:
    def __init__(self, source: Path, compiled: Path, work: Path, choreo: str):
        self.name = source.stem
        self.source = source
        self.work = work / self.name
        self.work.mkdir(parents=True, exist_ok=True)
        if not (compiled / f"{self.name}.timeline.json").exists():
            # A scene run_all.sh did not compile (a test fixture): compile it here.
            compiled = self.work / "compiled"
            subprocess.run([choreo, "compile", str(source), "-o", str(compiled), "--emit", "svg,svg-reel,timeline"],
                           check=True, capture_output=True)
        self.svg = compiled / f"{self.name}.svg"
        self.reel = compiled / f"{self.name}.reel.svg"
        self.timeline = json.loads((compiled / f"{self.name}.timeline.json").read_text(encoding="utf-8"))
        self.machine = self.timeline.get("stateMachine")
        if self.machine and self.machine.get("inputs"):
            # Guarded transitions and actions (a transition to its own state) depend on the inputs:
            # test_inputs_api.py drives those through the SVG's API; this suite keeps the rest.
            self.machine = dict(self.machine, transitions=[
                t for t in self.machine["transitions"] if "when" not in t and t["from"] != t["to"]])
        self.width, self.height = (int(round(v)) for v in self.timeline["size"])
        self.choreo = choreo
        self.spans = {span["name"]: span for span in self.timeline["spans"]}

    def snapshot(self, state: str) -> Path:
        return common.state_snapshot(self.choreo, self.source, state, self.work)

    def snapshot_at(self, seconds: float) -> Path:
        path = self.work / f"at-{seconds:.6f}.svg"
        if not path.exists():
            subprocess.run([self.choreo, "snapshot", str(self.source), "--at", f"{seconds:.6f}s", "-o", str(path)],
                           check=True, capture_output=True)
        return path

    def transitions_from(self, state: str) -> list[dict]:
        return [t for t in self.machine["transitions"] if t["from"] == state]

    def settled(self, state: str) -> str:
        """The state a machine entering `state` rests in, after its `complete` chain."""
        seen = set()
        while state not in seen:
            seen.add(state)
            chained = [t for t in self.transitions_from(state) if t["trigger"] == "complete"]
            if not chained:
                break
            state = chained[0]["to"]
        return state

    def duration_ms(self, transition: dict) -> float:
        """How long the transition plays: its span, or a spring's until it rests (`restsAfter`)."""
        if transition.get("restsAfter") is not None:
            return transition["restsAfter"] * 1000
        span = self.spans[transition["span"]]
        return (span["end"] - span["start"]) * 1000

    def played_once_ms(self, state: str) -> float:
        """How long the timeline a state plays once (`play:` without loop) runs after the state is
        entered; 0 if it plays none or loops. The state's pose is drawn once it has ended."""
        entry = next((s for s in self.machine["states"] if s["name"] == state), None)
        play = entry.get("play") if entry else None
        if not play or play.get("loops"):
            return 0.0
        span = self.spans[play["span"]]
        return (span["end"] - span["start"]) * 1000


def wait_for_played_timeline(scene: "Scene", state: str) -> None:
    """Lets a timeline played once on entering `state` run out (with a margin for the frame clock)."""
    played = scene.played_once_ms(state)
    if played > 0:
        time.sleep(played / 1000 + 0.2)


def screenshot(page, width: int, height: int) -> np.ndarray:
    page.evaluate(AFTER_PAINT)
    png = page.screenshot(type="png", clip={"x": 0, "y": 0, "width": width, "height": height})
    with Image.open(io.BytesIO(png)) as image:
        return common.over_white_straight(np.asarray(image.convert("RGBA")))


class Pointer:
    """The mouse over a page whose canvas is at (0, 0, width, height)."""

    def __init__(self, page, scene: Scene):
        self.page, self.scene = page, scene
        self.inside = (scene.width / 2, scene.height / 2)
        self.outside = (scene.width + MARGIN / 2, scene.height + MARGIN / 2)
        page.mouse.move(*self.outside)

    def fire(self, trigger: str, target: str | None = None) -> None:
        mouse = self.page.mouse
        if trigger == "tap" and target is not None:
            # On the target node's drawing (`target:`), at its centre.
            x, y = self.page.evaluate("id => { const r = document.querySelector(`[data-target='${id}']`).getBoundingClientRect();"
                                      " return [r.x + r.width / 2, r.y + r.height / 2]; }", target)
            mouse.click(x, y)
        elif trigger == "tap":
            mouse.click(*self.inside)
        elif trigger == "press":
            mouse.move(*self.inside)
            mouse.down()
        elif trigger == "release":
            mouse.move(*self.inside)
            mouse.up()
        elif trigger == "hover":
            mouse.move(*self.outside)
            mouse.move(*self.inside, steps=2)
        elif trigger == "hover-end":
            mouse.move(*self.outside, steps=2)
        else:
            raise ValueError(trigger)


def wait_for_rest(page, timeout_s: float = 5.0) -> tuple[str, str | None]:
    """Polls the machine until no transition plays; returns (state, transition)."""
    deadline = time.monotonic() + timeout_s
    state = page.evaluate(MACHINE_STATE)
    while state[1] is not None and time.monotonic() < deadline:
        time.sleep(0.01)
        state = page.evaluate(MACHINE_STATE)
    return state[0], state[1]


def pointer_route(scene: Scene, start: str, untested: list[dict]) -> list[dict] | None:
    """The shortest list of pointer transitions from `start` that ends with an untested one."""
    frontier = [(start, [])]
    seen = {start}
    while frontier:
        state, path = frontier.pop(0)
        for transition in scene.transitions_from(state):
            if transition["trigger"] in ("complete", "programmatic"):
                continue
            route = path + [transition]
            if transition in untested:
                return route
            after = scene.settled(transition["to"])
            if after not in seen:
                seen.add(after)
                frontier.append((after, route))
    return None


def tap_through(browser, scene: Scene, results: Results) -> None:
    """Fires every reachable pointer transition with real input, checking state, timing, picture."""
    page = browser.new_page(viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(scene.svg.as_uri(), wait_until="load")
    pointer = Pointer(page, scene)
    state, _ = wait_for_rest(page)
    expected = scene.settled(scene.machine["initial"])
    results.record(f"{scene.name} tap-through: starts in {expected}", state == expected, f"SVG reports {state!r}")
    untested = [t for t in scene.machine["transitions"] if t["trigger"] not in ("complete", "programmatic")]
    while untested:
        route = pointer_route(scene, state, untested)
        if route is None:
            for transition in untested:
                print(f"  {scene.name}: {transition['name']} cannot be reached from {state} by the pointer; not fired")
            break
        for transition in route:
            target = scene.settled(transition["to"])
            chain = [transition]
            while chain[-1]["to"] != target:
                chain.append([t for t in scene.transitions_from(chain[-1]["to"]) if t["trigger"] == "complete"][0])
            minimum_ms = sum(scene.duration_ms(t) for t in chain)
            began = time.monotonic()
            pointer.fire(transition["trigger"], transition.get("target"))
            # The state the SVG reports once every transition of the chain has played.
            deadline = began + minimum_ms / 1000 + 5
            reported = page.evaluate(MACHINE_STATE)
            while (reported[1] is not None or reported[0] != target) and time.monotonic() < deadline:
                time.sleep(0.005)
                reported = page.evaluate(MACHINE_STATE)
            elapsed_ms = (time.monotonic() - began) * 1000
            via = " → ".join(t["name"] for t in chain)
            print(f"  {scene.name}: {transition['trigger']:<9} {via:<40} state={reported[0]} after {elapsed_ms:.0f} ms "
                  f"(spans {minimum_ms:.0f} ms)", flush=True)
            name = f"{scene.name} tap-through: {transition['trigger']} {via}"
            if not results.record(f"{name}: state", reported[0] == target and reported[1] is None,
                                  f"SVG reports {reported!r}, expected {target!r}"):
                page.close()
                return
            # Reaching the state sooner than its spans would mean a jump instead of a transition.
            results.record(f"{name}: takes the transition's time", elapsed_ms >= minimum_ms * 0.9,
                           f"{elapsed_ms:.0f} ms < {minimum_ms:.0f} ms")
            wait_for_played_timeline(scene, target)
            results.compare(f"{name}: draws {target}", *drawn_and_expected(
                browser, page, scene, target, lambda: screenshot(page, scene.width, scene.height)))
            if transition in untested:
                untested.remove(transition)
            state = target
    results.record(f"{scene.name} tap-through: no script errors", not errors, "; ".join(errors))
    page.close()


RENDERED: dict[Path, np.ndarray] = {}


def drawn_and_expected(browser, page, scene: Scene, state: str, picture, selector: str = "svg",
                       pause=None, resume=None):
    """What the page draws of `state` and what it should draw: the state's snapshot, or for a
    state whose loop plays, the snapshot of the instant the paused loop shows (`pause` and
    `resume` stop the clock: the SVG's own, or the preview's, which moves the SVG's itself)."""
    pause = pause or (lambda: page.evaluate(PAUSE_SVG, selector))
    resume = resume or (lambda: page.evaluate(RESUME_SVG, selector))
    if page.evaluate(LOOP_INSTANT, selector) is None:
        return picture(), render_file(browser, scene.snapshot(state), scene)
    pause()
    instant = page.evaluate(LOOP_INSTANT, selector)
    drawn = picture()
    resume()
    return drawn, render_file(browser, scene.snapshot_at(instant), scene)


def render_file(browser, path: Path, scene: Scene) -> np.ndarray:
    """A still SVG file as Chromium draws it (cached: snapshots are drawn once)."""
    if path in RENDERED:
        return RENDERED[path]
    page = browser.new_page(viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
    page.goto(path.as_uri(), wait_until="load")
    RENDERED[path] = screenshot(page, scene.width, scene.height)
    page.close()
    return RENDERED[path]


def rest_checks(browser, scenes: list[Scene], results: Results) -> None:
    """All pages open at once, so that one 2 s wait covers every scene."""
    opened = []
    for scene in scenes:
        initial = scene.machine["initial"]
        plays = next((s["play"] for s in scene.machine["states"] if s["name"] == initial), None)
        if plays and plays.get("loops"):
            print(f"  {scene.name}: the initial state loops a timeline, so it is not still at rest")
            continue
        direct = browser.new_page(viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
        direct.goto(scene.svg.as_uri(), wait_until="load")
        # An initial state with a `complete` transition plays its chain on load, then rests.
        wait_for_rest(direct)
        image_page = browser.new_page(viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
        html = scene.work / "img.html"
        html.write_text(f'<!DOCTYPE html><body style="margin:0"><img src="{scene.svg.as_uri()}" '
                        f'width="{scene.width}" height="{scene.height}" style="display:block"></body>')
        image_page.goto(html.as_uri(), wait_until="load")
        opened.append((scene, direct, image_page, screenshot(direct, scene.width, scene.height),
                       screenshot(image_page, scene.width, scene.height)))
    time.sleep(REST_SECONDS)
    for scene, direct, image_page, first, first_image in opened:
        initial, resting = scene.machine["initial"], scene.settled(scene.machine["initial"])
        state = direct.evaluate(MACHINE_STATE)
        results.record(f"{scene.name} rest: rests in {resting}", state == [resting, None], f"SVG reports {state!r}")
        results.compare(f"{scene.name} rest: draws {resting}", first, render_file(browser, scene.snapshot(resting), scene))
        reference = render_file(browser, scene.snapshot(initial), scene)
        later = screenshot(direct, scene.width, scene.height)
        results.record(f"{scene.name} rest: identical frames over {REST_SECONDS:g} s", np.array_equal(first, later),
                       f"{int((first != later).any(axis=2).sum())} pixels changed")
        results.compare(f"{scene.name} rest: in <img> shows the initial state {initial}", first_image, reference)
        results.record(f"{scene.name} rest: in <img> identical over {REST_SECONDS:g} s",
                       np.array_equal(first_image, screenshot(image_page, scene.width, scene.height)))
        direct.close()
        image_page.close()


def first_tap(scene: Scene) -> dict | None:
    initial = scene.machine["initial"]
    return next((t for t in scene.transitions_from(initial) if t["trigger"] == "tap"), None)


def inline_check(browser, scene: Scene, results: Results) -> None:
    transition = first_tap(scene)
    if transition is None:
        return
    page = browser.new_page(viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
    page.set_content('<!DOCTYPE html><html><body style="margin:0">' + scene.svg.read_text(encoding="utf-8")
                     + "</body></html>", wait_until="load")
    page.mouse.click(scene.width / 2, scene.height / 2)
    state, _ = wait_for_rest(page)
    target = scene.settled(transition["to"])
    results.record(f"{scene.name} inline: a click in an HTML page goes to {target}", state == target, f"reports {state!r}")
    results.compare(f"{scene.name} inline: draws {target}", screenshot(page, scene.width, scene.height),
                    render_file(browser, scene.snapshot(target), scene))
    page.close()


def object_check(browser, scene: Scene, results: Results) -> None:
    """The SVG in an <object>: its own document, its own script; a click inside it plays."""
    transition = first_tap(scene)
    if transition is None:
        return
    html = scene.work / "object.html"
    html.write_text(f'<!DOCTYPE html><body style="margin:0"><object data="{scene.svg.as_uri()}" type="image/svg+xml" '
                    f'width="{scene.width}" height="{scene.height}" style="display:block"></object></body>')
    page = browser.new_page(viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
    page.goto(html.as_uri(), wait_until="load")
    inner = next((frame for frame in page.frames if frame.url.endswith(".svg")), None)
    if not results.record(f"{scene.name} object: the SVG loads as a document", inner is not None):
        page.close()
        return
    page.mouse.click(scene.width / 2, scene.height / 2)
    target = scene.settled(transition["to"])
    deadline = time.monotonic() + scene.duration_ms(transition) / 1000 + 5
    state = inner.evaluate(MACHINE_STATE)
    while state != [target, None] and time.monotonic() < deadline:
        time.sleep(0.01)
        state = inner.evaluate(MACHINE_STATE)
    results.record(f"{scene.name} object: a click goes to {target}", state == [target, None], f"reports {state!r}")
    results.compare(f"{scene.name} object: draws {target}", screenshot(page, scene.width, scene.height),
                    render_file(browser, scene.snapshot(target), scene))
    page.close()


FOCUS = ("() => { const s = document.querySelector('svg'); const style = getComputedStyle(s);"
         " return [document.activeElement === s, s.matches(':focus-visible'), style.outlineStyle]; }")


def focus_check(browser, scene: Scene, results: Results) -> None:
    """A mouse click focuses the control without a ring; the keyboard's focus shows one."""
    if first_tap(scene) is None:
        return
    page = browser.new_page(viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
    page.goto(scene.svg.as_uri(), wait_until="load")
    page.mouse.click(scene.width / 2, scene.height / 2)
    wait_for_rest(page)
    focused, visible, outline = page.evaluate(FOCUS)
    results.record(f"{scene.name} focus: a click focuses without a ring", focused and not visible and outline == "none",
                   f"focused {focused}, :focus-visible {visible}, outline-style {outline}")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Tab")
    focused, visible, outline = page.evaluate(FOCUS)
    results.record(f"{scene.name} focus: Tab focuses with a ring", focused and visible and outline != "none",
                   f"focused {focused}, :focus-visible {visible}, outline-style {outline}")
    page.close()


def reduced_motion_check(browser, scene: Scene, results: Results) -> None:
    transition = first_tap(scene)
    if transition is None:
        return
    context = browser.new_context(reduced_motion="reduce", viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
    page = context.new_page()
    page.goto(scene.svg.as_uri(), wait_until="load")
    # Every state the machine reports, recorded in the page: on a loaded machine the fade can be
    # over before a round trip from here would see it.
    page.evaluate(RECORD_MACHINE_STATES)
    page.mouse.click(scene.width / 2, scene.height / 2)
    # The jump to the end happens inside the click handler, under a cross-fade as long as the
    # transition; the state is reached when the fade ends.
    target = scene.settled(transition["to"])
    deadline = time.monotonic() + scene.duration_ms(transition) / 1000 + 5
    while page.evaluate(MACHINE_STATE) != [target, None] and time.monotonic() < deadline:
        time.sleep(0.02)
    reached = page.evaluate(MACHINE_STATE)
    reported = page.evaluate("() => window.choreoReportedStates")
    fading = [transition["from"], transition["name"]] in reported
    results.record(f"{scene.name} reduced: a tap cross-fades to {target}", fading and reached == [target, None],
                   f"reports {reported!r} after the click, {reached!r} after the fade")
    results.compare(f"{scene.name} reduced: draws {target}", screenshot(page, scene.width, scene.height),
                    render_file(browser, scene.snapshot(target), scene))
    context.close()


def reel_check(browser, scene: Scene, results: Results) -> None:
    page = browser.new_page(viewport={"width": scene.width, "height": scene.height})
    page.goto(scene.reel.as_uri(), wait_until="load")
    frames = []
    for _ in range(8):
        frames.append(screenshot(page, scene.width, scene.height).tobytes())
        time.sleep(0.12)
    distinct = len(set(frames))
    results.record(f"{scene.name} reel: animates", distinct >= 3, f"{distinct} distinct frames of 8 in ~1 s")
    page.close()


def preview_page(scene: Scene) -> Path:
    directory = scene.work / "preview"
    subprocess.run([scene.choreo, "preview", str(scene.source), "-o", str(directory)], check=True, capture_output=True)
    return directory / f"{scene.name}.html"


def page_state(page) -> list:
    return page.evaluate("""() => [document.body.getAttribute('data-state'),
        (document.querySelector('#diagram .node.current') || {getAttribute: () => null}).getAttribute('data-state'),
        document.querySelector('#stage > svg').getAttribute('data-transition')]""")


def wait_for_page_state(page, target: str, timeout_s: float) -> list:
    deadline = time.monotonic() + timeout_s
    state = page_state(page)
    while (state[0] != target or state[2] is not None) and time.monotonic() < deadline:
        time.sleep(0.01)
        state = page_state(page)
    return state


def preview_checks(browser, scene: Scene, results: Results, full: bool) -> None:
    """The preview page: the stage answers the mouse as the SVG does, the diagram follows the
    state; with `full`, speed and frame stepping too."""
    transition = next((t for t in scene.transitions_from(scene.machine["initial"])
                       if t["trigger"] in ("tap", "hover", "press")), None)
    if transition is None:
        return
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(preview_page(scene).as_uri(), wait_until="load")
    initial = scene.settled(scene.machine["initial"])
    state = page_state(page)
    results.record(f"{scene.name} preview: starts in {initial}, highlighted in the diagram", state[:2] == [initial, initial],
                   f"page {state!r}")
    page.click("button.zoom[data-zoom='1']")
    stage = page.locator("#stage > svg")
    box = stage.bounding_box()
    center = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(box["x"] + box["width"] + 30, box["y"] + box["height"] + 30)

    def fire(trigger: str) -> None:
        if trigger == "tap" and transition.get("target"):
            # On the target (`target:`): the preview outlines it under the pointer.
            r = page.evaluate("id => { const r = document.querySelector(`#stage [data-target='${id}']`).getBoundingClientRect();"
                              " return [r.x + r.width / 2, r.y + r.height / 2]; }", transition["target"])
            page.mouse.click(*r)
        elif trigger == "tap":
            page.mouse.click(*center)
        elif trigger == "press":
            page.mouse.move(*center)
            page.mouse.down()
        else:
            page.mouse.move(*center, steps=2)

    target = scene.settled(transition["to"])
    if full:
        # Paused, a tap starts the transition but nothing moves until a frame is stepped.
        page.click("#play-pause")
        frame_before = int(page.inner_text("#frame"))
        fire(transition["trigger"])
        for _ in range(3):
            page.click("#step-forward")
        frame = int(page.inner_text("#frame"))
        span = scene.spans[transition["span"]]
        expected = round(span["start"] * scene.timeline["fps"]) + 3
        results.record(f"{scene.name} preview: paused, three frame steps into {transition['name']}",
                       abs(frame - expected) <= 1 and page_state(page)[2] == transition["name"],
                       f"frame {frame} (was {frame_before}), expected {expected}; page {page_state(page)!r}")
        page.click("#play-pause")
    else:
        fire(transition["trigger"])
    state = wait_for_page_state(page, target, scene.duration_ms(transition) / 1000 + 5)
    results.record(f"{scene.name} preview: {transition['trigger']} on the stage goes to {target}", state[:2] == [target, target],
                   f"page {state!r}")
    wait_for_played_timeline(scene, target)
    if transition.get("target"):
        outlined = page.evaluate("() => { const t = document.querySelector('#stage-target');"
                                 " return t ? [t.getAttribute('data-node'), t.textContent] : null; }")
        results.record(f"{scene.name} preview: the pointer on {transition['target']} outlines it with its triggers",
                       outlined == [transition["target"], f"{transition['target']} (tap)"], f"the outline is {outlined!r}")
        # The outline is the preview's, not the scene's: off for the picture.
        page.evaluate("() => { const t = document.querySelector('#stage-target'); if (t) t.remove(); }")
    results.compare(f"{scene.name} preview: the stage draws {target}", *drawn_and_expected(
        browser, page, scene, target, lambda: element_image(page, stage), "#stage > svg",
        pause=lambda: page.click("#play-pause"), resume=lambda: page.click("#play-pause")))
    if full:
        back = next((t for t in scene.transitions_from(target) if t["trigger"] == transition["trigger"]), None)
        if back is not None:
            page.evaluate("() => { const s = document.getElementById('speed'); s.value = '0.5'; s.dispatchEvent(new Event('input')); }")
            began = time.monotonic()
            fire(back["trigger"])
            state = wait_for_page_state(page, scene.settled(back["to"]), scene.duration_ms(back) / 1000 * 2 + 5)
            elapsed_ms = (time.monotonic() - began) * 1000
            results.record(f"{scene.name} preview: at 0.5× {back['name']} takes twice its time",
                           state[0] == scene.settled(back["to"]) and elapsed_ms >= 2 * scene.duration_ms(back) * 0.9,
                           f"page {state!r} after {elapsed_ms:.0f} ms (span {scene.duration_ms(back):.0f} ms)")
    results.record(f"{scene.name} preview: no script errors", not errors, "; ".join(errors))
    page.close()


def element_image(page, locator) -> np.ndarray:
    """The element's box, `width` × `height` at its (rounded) position: a layout may put it on a
    fractional pixel."""
    box = locator.bounding_box()
    width, height = int(round(box["width"])), int(round(box["height"]))
    png = page.screenshot(type="png", clip={"x": round(box["x"]), "y": round(box["y"]), "width": width, "height": height})
    with Image.open(io.BytesIO(png)) as image:
        return common.over_white_straight(np.asarray(image.convert("RGBA")))


def theme_checks(browser, scene: Scene, results: Results) -> None:
    """A scene with a `dark` theme: the SVG under prefers-color-scheme: dark, and the preview's
    theme switcher, both draw `choreo snapshot --theme dark`."""
    path = scene.work / "initial-dark.svg"
    subprocess.run([scene.choreo, "snapshot", str(scene.source), "--state", scene.machine["initial"], "--theme", "dark",
                    "-o", str(path)], check=True, capture_output=True)
    dark = render_file(browser, path, scene)
    context = browser.new_context(color_scheme="dark", viewport={"width": scene.width + MARGIN, "height": scene.height + MARGIN})
    page = context.new_page()
    page.goto(scene.svg.as_uri(), wait_until="load")
    results.compare(f"{scene.name} dark: prefers-color-scheme: dark draws the dark theme",
                    screenshot(page, scene.width, scene.height), dark)
    context.close()
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.goto(preview_page(scene).as_uri(), wait_until="load")
    page.click("button.zoom[data-zoom='1']")
    visible = page.is_visible("#theme")
    page.select_option("#theme", "dark")
    results.compare(f"{scene.name} preview: the theme switcher shows dark", element_image(page, page.locator("#stage > svg")), dark)
    results.record(f"{scene.name} preview: the theme switcher is shown", visible)
    page.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="+", type=Path)
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--compiled", required=True, type=Path)
    parser.add_argument("--work", type=Path)
    arguments = parser.parse_args(argv)
    work = arguments.work or Path(tempfile.mkdtemp(prefix="choreo-interactive-"))
    common.OUT_DIR.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    results = Results()
    scenes = [Scene(source, arguments.compiled, work, arguments.choreo) for source in arguments.scenes]
    stateful = [scene for scene in scenes if scene.machine]

    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGUMENTS)
        try:
            phase = time.monotonic()
            rest_checks(browser, stateful, results)
            print(f"  (rest checks: {time.monotonic() - phase:.1f} s)")
            for scene in stateful:
                phase = time.monotonic()
                tap_through(browser, scene, results)
                # Embeddings and reduced motion do not depend on the scene: one is enough, and
                # keeps the suite to about a minute on a loaded machine.
                if scene.name == "play-pause":
                    inline_check(browser, scene, results)
                    object_check(browser, scene, results)
                    reduced_motion_check(browser, scene, results)
                    focus_check(browser, scene, results)
                print(f"  ({scene.name}: {time.monotonic() - phase:.1f} s)")
            phase = time.monotonic()
            for scene in stateful:
                preview_checks(browser, scene, results, full=scene.name == "play-pause")
                if scene.timeline.get("themes"):
                    theme_checks(browser, scene, results)
            print(f"  (preview and themes: {time.monotonic() - phase:.1f} s)")
            reel_scene = next((s for s in scenes if s.name == "play-pause"), scenes[0])
            reel_check(browser, reel_scene, results)
        finally:
            browser.close()

    passed = sum(1 for _, ok, _ in results.checks if ok)
    failed = len(results.checks) - passed
    print(f"threshold: {common.THRESHOLD_DESCRIPTION}")
    print(f"time: {time.monotonic() - began:.0f} s")
    print(common.summary_line(passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
