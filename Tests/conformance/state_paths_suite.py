#!/usr/bin/env python3
"""Every path through the states of the interactive SVG, in Chromium, against the Lottie.

Usage:
    python3 Tests/conformance/state_paths_suite.py --choreo PATH --compiled DIR [--matrix matrix.json]
        [--jobs N] [--work DIR] SCENE.yaml...

DIR holds `choreo compile --emit lottie,svg,timeline` output (a scene missing there is compiled
into the work directory). For every scene with states:

  paths     every *trail* from the initial state: every sequence of triggered transitions that
            fires no transition twice (breadth first over the state graph), each fired as its
            trigger says with real input (Playwright): a mouse click or the Enter key (by turns,
            and the key wherever a click would also fire a hover or press) for `tap`, button down/up
            for `press`/`release`, the mouse moving onto/off the canvas for `hover`/`hover-end`,
            `choreo.play(NAME)` (the app's call) for a programmatic one; `complete` chains and
            played timelines follow by themselves. A step no real input can fire alone from where
            the pointer is (moving onto the canvas would fire a hover first) ends its trail there,
            with a note. The maximal trails are walked, one fresh page each; every shorter trail
            is a prefix of one of them.
  instants  the SVG's SMIL clock is paused from the first clip on (a script run before the
            document's own pauses the root whenever a clip begins), so nothing moves between
            screenshots however loaded the machine is. In every clip a step plays (the fired
            transition, the played timelines and `complete` transitions after it), the clock is
            set to 25 %, 50 % and 75 % of the clip (whole Lottie frames: the transition's marker in
            the Lottie gives its frames, checked against the timeline's span) and Chromium's
            picture is compared with ThorVG's frame of the compiled Lottie; then the clock is set
            past the clip's end and the machine must move on by itself.
  rest      after each step the SVG reports the step's resting state, with no transition playing,
            and draws what `choreo snapshot --state S` draws in Chromium (a state looping a
            timeline is not at rest: its loop's instants are checked instead).

A machine with inputs is walked by input_paths.py instead (its docstring says which paths): each
move by `choreo.set`, `choreo.fire` or real input, the same clip and rest checks (at rest against
`choreo snapshot --state S --input NAME=VALUE`), `choreo.get` of every input, and the same moves in
the dotLottie's state machine (dotlottie_runtime.py), which must rest in the same state.

Feature-matrix scenes (--matrix) are compared cell by cell (common.compare_regions), so a wrong
property fails its own check. Tolerances: common.THRESHOLD_DESCRIPTION. Failure images go to
Tests/conformance/out/state-paths-*.png. Last lines: the counts (scenes, transitions, paths,
instants, rests) and `N passed, M failed`; exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import math
import queue
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ensure_venv  # noqa: E402

if __name__ == "__main__":
    ensure_venv()

import numpy as np  # noqa: E402

import common  # noqa: E402
import dotlottie  # noqa: E402
import dotlottie_runtime  # noqa: E402
import input_paths  # noqa: E402
from browser import Browser  # noqa: E402
from lottie_players import ThorVGPlayer  # noqa: E402

FRACTIONS = (0.25, 0.5, 0.75)
# Past an instant by a hair: a step or hold that changes exactly on a frame shows its new value
# there in the Lottie, and the SVG's clock, offset by when its clip began, must not land a
# rounding error before it.
JUST_AFTER = 1e-4
# Room around the canvas, so that the pointer can leave it inside the window.
MARGIN = 40
# The most trails walked per scene: they multiply with the transitions of a state, and a scene
# past this is covered by its first trails (in breadth-first order) with a note.
MAX_TRAILS = 100
# How long (real time) the machine may take to notice that the clock has passed a clip's end:
# it checks on every animation frame and every 50 ms.
MOVE_ON_SECONDS = 5.0
# ThorVG's bindings share one engine, not known to be thread-safe.
THORVG_LOCK = threading.Lock()

# Before the document's scripts: whenever the machine begins a clip, the root's SMIL clock is
# paused first, so the test alone moves time (setCurrentTime) from then on.
PAUSE_ON_BEGIN = """
(() => {
  const begin = SVGAnimationElement.prototype.beginElementAt;
  SVGAnimationElement.prototype.beginElementAt = function (offset) {
    let root = this.ownerSVGElement;
    while (root && root.ownerSVGElement) root = root.ownerSVGElement;
    if (root && !root.animationsPaused()) root.pauseAnimations();
    return begin.call(this, offset);
  };
})();
"""
MACHINE = """() => { const r = document.documentElement;
  return {state: r.getAttribute('data-state'), transition: r.getAttribute('data-transition'),
          clip: r.choreo ? r.choreo.current() : null, time: r.getCurrentTime(), paused: r.animationsPaused()}; }"""


# MARK: The machine, statically


@dataclass(frozen=True)
class Clip:
    """One clip a step plays: a transition (`transition` set) or a state's played timeline."""

    span: str
    transition: str | None
    state: str
    loops: bool = False

    @property
    def label(self) -> str:
        return self.transition if self.transition else f"{self.state} plays {self.span}"


@dataclass
class Step:
    """A triggered transition and what follows it by itself, ending in `rests_in`."""

    transition: dict
    clips: list[Clip]
    rests_in: str
    loops: bool


@dataclass
class Machine:
    definition: dict

    @property
    def initial(self) -> str:
        return self.definition["initial"]

    def state(self, name: str) -> dict:
        return next(s for s in self.definition["states"] if s["name"] == name)

    def transitions_from(self, state: str) -> list[dict]:
        return [t for t in self.definition["transitions"] if t["from"] == state]

    def triggered_from(self, state: str) -> list[dict]:
        return [t for t in self.transitions_from(state) if t["trigger"] != "complete"]

    def triggers_from(self, state: str) -> set[str]:
        return {t["trigger"] for t in self.transitions_from(state)}

    def entering(self, state: str) -> tuple[list[Clip], str, bool]:
        """The clips that play by themselves once `state` is entered (its played timeline, then
        its `complete` transition, and so on), the state that ends in and whether it loops."""
        clips: list[Clip] = []
        seen: set[str] = set()
        while True:
            play = self.state(state).get("play")
            chained = [t for t in self.transitions_from(state) if t["trigger"] == "complete"]
            # A looping timeline never ends, so its state is reached at once: a `complete`
            # transition then starts at that very instant and the loop is not seen.
            if play and not (play.get("loops") and chained):
                clips.append(Clip(play["span"], None, state, bool(play.get("loops"))))
                if play.get("loops"):
                    return clips, state, True
            if not chained or state in seen:
                return clips, state, False
            seen.add(state)
            clips.append(Clip(chained[0]["span"], chained[0]["name"], state))
            state = chained[0]["to"]

    def step(self, transition: dict) -> Step:
        clips, rests_in, loops = self.entering(transition["to"])
        return Step(transition, [Clip(transition["span"], transition["name"], transition["from"])] + clips, rests_in, loops)

    def trails(self, limit: int = MAX_TRAILS) -> tuple[list[list[dict]], int, bool]:
        """The maximal trails from the initial state (breadth first; a trail fires no transition
        twice), how many trails there are (every prefix counts) and whether `limit` trails cut
        the walk short (the trails not yet extended are then walked as far as they got)."""
        _, start, _ = self.entering(self.initial)
        frontier = deque([(start, [])])
        maximal: list[list[dict]] = []
        count = 0
        while frontier and count < limit:
            state, trail = frontier.popleft()
            onward = [t for t in self.triggered_from(state) if not any(t is fired for fired in trail)]
            for transition in onward:
                count += 1
                frontier.append((self.step(transition).rests_in, trail + [transition]))
            if not onward and trail:
                maximal.append(trail)
        cut = bool(frontier)
        maximal.extend(trail for _, trail in frontier)
        return maximal, count, cut


# MARK: Real input


class Pointer:
    """The mouse and keyboard over a page whose canvas is at (0, 0, width, height). Knows where
    the pointer is and whether its button is down, so that it fires only the trigger asked for."""

    def __init__(self, page, width: int, height: int):
        self.page = page
        self.inside_point = (width / 2, height / 2)
        self.outside_point = (width + MARGIN / 2, height + MARGIN / 2)
        self.inside = False
        self.down = False
        self.taps = 0
        page.mouse.move(*self.outside_point)

    def conflict(self, trigger: str, others: set[str]) -> str | None:
        """Why real input cannot fire `trigger` alone in a state with these triggers (None: it can)."""
        if trigger in ("press", "release") and not self.inside and "hover" in others:
            return "the pointer must move onto the canvas first, which fires `hover`"
        if trigger == "hover" and self.inside and "hover-end" in others:
            return "the pointer is on the canvas: leaving it to come back fires `hover-end`"
        if trigger == "hover-end" and not self.inside and "hover" in others:
            return "the pointer is off the canvas: coming onto it to leave fires `hover`"
        if trigger == "tap" and self.down and "release" in others:
            return "the button is down: a tap would release it, which fires `release`"
        return None

    def target_point(self, target: str) -> tuple[float, float]:
        """The centre of a target node's element (`target:`), where the pointer fires it."""
        x, y = self.page.evaluate("id => { const r = document.querySelector(`[data-target='${id}']`).getBoundingClientRect();"
                                  " return [r.x + r.width / 2, r.y + r.height / 2]; }", target)
        return x, y

    def fire(self, trigger: str, others: set[str], name: str, target: str | None = None) -> str:
        """Fires `trigger` (on `target`'s drawing, when the transition names one); returns how."""
        mouse = self.page.mouse
        if target is not None and trigger == "tap":
            # A target is a keyboard stop of its own: clicked and keyed by turns.
            self.taps += 1
            if self.taps % 2 == 0:
                self.page.focus(f"[data-target='{target}']")
                self.page.keyboard.press("Enter")
                self.page.evaluate("() => document.activeElement && document.activeElement.blur && document.activeElement.blur()")
                return f"Enter key on {target}"
            mouse.click(*self.target_point(target))
            self.inside = True
            return f"click on {target}"
        if trigger == "tap":
            self.taps += 1
            if self.down:
                mouse.up()
                self.down = False
            # A click moves the pointer onto the canvas and presses the button: where that would
            # fire something else, and on every other tap, the keyboard taps.
            if self.taps % 2 == 0 or (not self.inside and "hover" in others) or others & {"press", "release"}:
                self.page.focus("svg")
                self.page.keyboard.press("Enter")
                # The focus ring is for keyboard users; the pictures compare the drawing.
                self.page.evaluate("() => document.activeElement && document.activeElement.blur && document.activeElement.blur()")
                return "Enter key"
            mouse.click(*self.inside_point)
            self.inside = True
            return "click"
        if trigger == "press":
            mouse.move(*self.inside_point)
            self.inside = True
            mouse.down()
            self.down = True
            return "button down"
        if trigger == "release":
            mouse.move(*self.inside_point)
            self.inside = True
            mouse.up()
            self.down = False
            return "button up"
        if trigger == "hover":
            if self.inside:
                mouse.move(*self.outside_point, steps=2)
            mouse.move(*self.inside_point, steps=2)
            self.inside = True
            return "pointer onto the canvas"
        if trigger == "hover-end":
            if not self.inside:
                mouse.move(*self.inside_point, steps=2)
            mouse.move(*self.outside_point, steps=2)
            self.inside = False
            return "pointer off the canvas"
        if trigger == "programmatic":
            ok = self.page.evaluate("name => document.documentElement.choreo.play(name)", name)
            return "choreo.play()" if ok else "choreo.play() refused"
        raise ValueError(trigger)


# MARK: Results


@dataclass
class Results:
    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    counts: dict[str, int] = field(default_factory=dict)
    transitions: set[tuple[str, str]] = field(default_factory=set)

    def record(self, name: str, ok: bool, detail: str = "") -> bool:
        with self.lock:
            self.checks.append((name, ok, detail))
        if not ok:
            print(f"FAIL {name}: {detail}", flush=True)
        return ok

    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] = self.counts.get(what, 0) + n

    def compare(self, name: str, actual: np.ndarray, expected: np.ndarray, stem: str, cells: list[dict] | None) -> bool:
        """Whole frames, or each feature-matrix cell on its own."""
        if cells is None:
            comparison = common.compare_images(actual, expected)
            detail = comparison.describe()
            if not comparison.passed:
                path = common.write_side_by_side(common.OUT_DIR / f"{stem}.png", actual, expected)
                detail += f"; see {path.relative_to(common.REPO_ROOT)}"
            return self.record(name, comparison.passed, detail)
        boxes = [tuple(cell["box"]) for cell in cells]
        ok = True
        for cell, (x, y, w, h), comparison in zip(cells, boxes, common.compare_regions(actual, expected, boxes)):
            detail = comparison.describe()
            if not comparison.passed:
                path = common.write_side_by_side(common.OUT_DIR / f"{stem}-{cell['node']}.png",
                                                 actual[y : y + h, x : x + w], expected[y : y + h, x : x + w])
                detail += f"; see {path.relative_to(common.REPO_ROOT)}"
            ok &= self.record(f"{name} [{cell['name']}]", comparison.passed, detail)
        return ok


# MARK: One scene


@dataclass
class Scene(common.TimelineSize):
    name: str
    source: Path
    svg: Path
    lottie_text: str
    timeline: dict
    machine: Machine
    work: Path
    choreo: str
    cells: list[dict] | None = None
    # A machine with inputs: its model and its compiled dotLottie state machine.
    inputs: input_paths.Model | None = None
    dotlottie_machine: dict | None = None
    thorvg_frames: dict[int, np.ndarray] = field(default_factory=dict)
    player: ThorVGPlayer | None = None

    def span(self, name: str) -> dict:
        return next(s for s in self.timeline["spans"] if s["name"] == name)

    def thorvg(self, frame: int) -> np.ndarray:
        """ThorVG's frame of the compiled Lottie (one player per scene, frames kept)."""
        with THORVG_LOCK:
            if frame not in self.thorvg_frames:
                if self.player is None:
                    document = json.loads(self.lottie_text)
                    self.player = ThorVGPlayer(self.lottie_text, int(document["w"]), int(document["h"]))
                self.thorvg_frames[frame] = self.player.render(frame)
            return self.thorvg_frames[frame]

    def close(self) -> None:
        with THORVG_LOCK:
            if self.player is not None:
                self.player.close()
                self.player = None

    def snapshot(self, state: str, values: dict | None = None) -> Path:
        if not values:
            return common.state_snapshot(self.choreo, self.source, state, self.work)
        assignments = [f"{name}={input_paths.format_value(value)}" for name, value in sorted(values.items())]
        path = self.work / f"state-{state}-{'-'.join(assignments).replace('/', '_')}.svg"
        if not path.exists():
            command = [self.choreo, "snapshot", str(self.source), "--state", state, "-o", str(path)]
            for assignment in assignments:
                command += ["--input", assignment]
            subprocess.run(command, check=True, capture_output=True)
        return path


def load_scene(source: Path, compiled: Path, work: Path, choreo: str, matrix: dict) -> Scene | None:
    name = source.stem
    directory = work / name
    directory.mkdir(parents=True, exist_ok=True)
    if not (compiled / f"{name}.timeline.json").exists() or not (compiled / f"{name}.json").exists():
        compiled = directory / "compiled"
        subprocess.run([choreo, "compile", str(source), "-o", str(compiled), "--emit", "lottie,svg,timeline"],
                       check=True, capture_output=True)
    timeline = json.loads((compiled / f"{name}.timeline.json").read_text(encoding="utf-8"))
    if not timeline.get("stateMachine"):
        return None
    scene = Scene(name, source, compiled / f"{name}.svg", (compiled / f"{name}.json").read_text(encoding="utf-8"),
                  timeline, Machine(timeline["stateMachine"]), directory, choreo,
                  matrix.get(name, {}).get("cells"))
    if timeline["stateMachine"].get("inputs"):
        # Which transition a trigger takes depends on the inputs' values: such a machine is
        # walked by input_paths, in the SVG and in the dotLottie's state machine.
        scene.inputs = input_paths.Model(timeline["stateMachine"])
        subprocess.run([choreo, "compile", str(source), "-o", str(directory / "dotlottie"), "--emit", "dotlottie"],
                       check=True, capture_output=True)
        archive = dotlottie.read_archive(directory / "dotlottie" / f"{name}.lottie")
        scene.dotlottie_machine = archive.state_machines.get(name)
    return scene


class Drive:
    """One page walking one trail of one scene."""

    def __init__(self, browser: Browser, scene: Scene, results: Results, index: int):
        self.browser, self.scene, self.results = browser, scene, results
        self.label = f"{scene.name} path {index}"
        self.stem = f"state-paths-{scene.name}-p{index}"
        self.page = browser.isolated_page(scene.width + MARGIN, scene.height + MARGIN)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.add_init_script(PAUSE_ON_BEGIN)
        self.page.goto(scene.svg.as_uri(), wait_until="load")
        self.pointer = Pointer(self.page, scene.width, scene.height)
        self.markers = dotlottie.markers(json.loads(scene.lottie_text))

    def machine(self) -> dict:
        return self.page.evaluate(MACHINE)

    def picture(self) -> np.ndarray:
        return self.browser.screenshot(self.page, (0, 0, self.scene.width, self.scene.height))

    def play_clips(self, where: str, clips: list[Clip]) -> bool:
        """Checks each clip as it plays (paused at 25/50/75 %), then lets the machine move on;
        False if the machine does not play what it should (the walk cannot go on)."""
        scene = self.scene
        for clip in clips:
            name = f"{where}: {clip.label}"
            if clip.transition:
                self.results.transitions.add((scene.name, clip.transition))
            status = self.machine()
            playing = status["clip"]
            expected_transition = clip.transition
            if not self.results.record(f"{name}: plays", playing is not None and playing["name"] == clip.span
                                       and status["transition"] == expected_transition and status["paused"],
                                       f"the SVG reports {status!r}, expected the clip {clip.span!r} playing"
                                       f" (transition {expected_transition!r}) on a paused clock"):
                return False
            span = scene.span(clip.span)
            start, end = int(span["startFrame"]), int(span["endFrame"])
            marker = self.markers.get(clip.span)
            if not self.results.record(f"{name}: Lottie marker", marker == (start, end),
                                       f"marker {marker}, timeline span {start}..{end}"):
                return False
            # A spring's transition ends once it rests (`restsAfter`), where the SVG goes on to
            # its destination while the Lottie's marker plays on to the span's end: the instants
            # are taken within the rest.
            last = end
            rest = next((t.get("restsAfter") for t in scene.machine.definition["transitions"] if t["name"] == clip.transition), None)
            if rest is not None:
                last = min(end, start + int(math.floor(rest * scene.fps)))
            frames = sorted({start + int(round(f * (last - start))) for f in FRACTIONS} - {last} if last - start >= 2 else set())
            for frame in frames:
                at = playing["begin"] + (frame / scene.fps - span["start"]) + JUST_AFTER
                self.page.evaluate("t => document.documentElement.setCurrentTime(t)", at)
                percent = round(100 * (frame - start) / (end - start))
                self.results.count("instants")
                self.results.compare(f"{name} @{percent}% (frame {frame}) chromium vs thorvg", self.picture(),
                                     scene.thorvg(frame), f"{self.stem}-{clip.span.replace('>', '')}-f{frame}", scene.cells)
            if clip.loops:
                # Whatever comes next leaves from the loop's cycle boundary: with `exit: now` the
                # SVG starts the next transition from the values on screen (as SwiftUI retargets)
                # while the Lottie's transition marker starts from the state's pose, so only where
                # the two agree do the SVG and ThorVG draw the same transition.
                cycles = math.ceil((self.machine()["time"] - playing["begin"]) / playing["dur"] - 1e-6)
                self.page.evaluate("t => document.documentElement.setCurrentTime(t)",
                                   playing["begin"] + cycles * playing["dur"] + JUST_AFTER)
                return True
            self.page.evaluate("t => document.documentElement.setCurrentTime(t)", playing["begin"] + playing["dur"] + 0.001)
            deadline = time.monotonic() + MOVE_ON_SECONDS
            status = self.machine()
            while status["clip"] is not None and status["clip"]["begin"] == playing["begin"] and time.monotonic() < deadline:
                time.sleep(0.01)
                status = self.machine()
            if not self.results.record(f"{name}: ends", status["clip"] is None or status["clip"]["begin"] != playing["begin"],
                                       f"the clock is past the clip's end and the SVG still reports {status!r}"):
                return False
        return True

    def finish_cycle(self, where: str) -> bool:
        """After the trigger of an `exit: cycle-end` transition the loop plays on: the clock is
        moved to the end of its running cycle, where the transition must begin; False if the SVG
        does not wait for it or does not go on there."""
        status = self.machine()
        loop = status["clip"]
        if not self.results.record(f"{where}: waits for the cycle", loop is not None and loop["loops"]
                                   and status["transition"] is not None, f"the SVG reports {status!r}"):
            return False
        cycles = max(0, math.ceil((status["time"] - loop["begin"]) / loop["dur"] - 1e-6))
        self.page.evaluate("t => document.documentElement.setCurrentTime(t)", loop["begin"] + cycles * loop["dur"] + 0.001)
        deadline = time.monotonic() + MOVE_ON_SECONDS
        def began() -> float | None: return (self.machine()["clip"] or {}).get("begin")
        while began() == loop["begin"] and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.results.record(f"{where}: leaves at the cycle's end", began() != loop["begin"],
                                   f"the clock is at the cycle's end and the SVG still reports {self.machine()!r}")

    def rest(self, where: str, state: str, loops: bool, values: dict | None = None) -> bool:
        """Checks the machine rests in `state` and draws it; False if the machine is elsewhere."""
        status = self.machine()
        expected_clip = self.scene.machine.state(state)["play"]["span"] if loops else None
        ok = self.results.record(f"{where}: rests in {state}", status["state"] == state and status["transition"] is None
                                 and ((status["clip"] or {}).get("name") == expected_clip),
                                 f"the SVG reports {status!r}")
        if values is not None:
            got = self.page.evaluate("names => names.map(n => document.documentElement.choreo.get(n))", sorted(values))
            expected = [values[name] for name in sorted(values)]
            ok = self.results.record(f"{where}: inputs {expected}", got == expected or
                                     all(abs(a - b) < 1e-9 if isinstance(a, (int, float)) and not isinstance(a, bool) else a == b
                                         for a, b in zip(got, expected)),
                                     f"choreo.get returns {got!r}")
        if not ok or loops:
            return ok
        self.results.count("rests")
        # A wrong picture fails its check but the walk goes on: later steps show more.
        self.results.compare(f"{where}: draws {state} (vs snapshot --state {state})", self.picture(),
                             render_still(self.browser, self.scene.snapshot(state, values), self.scene),
                             f"{self.stem}-rest-{state}", self.scene.cells)
        return True

    def walk(self, trail: list[dict]) -> None:
        scene = self.scene
        clips, state, loops = scene.machine.entering(scene.machine.initial)
        where = f"{self.label} load"
        if not self.play_clips(where, clips) or not self.rest(where, state, loops):
            return self.close()
        route: list[str] = []
        for transition in trail:
            step = scene.machine.step(transition)
            others = scene.machine.triggers_from(state)
            why = self.pointer.conflict(transition["trigger"], others)
            if why:
                print(f"  {self.label}: stops before {transition['name']}: {why}", flush=True)
                break
            how = self.pointer.fire(transition["trigger"], others, transition["name"], transition.get("target"))
            route.append(transition["name"])
            where = f"{self.label} [{' / '.join(route)}]"
            print(f"  {where}: {how}", flush=True)
            if transition.get("exit") == "cycle-end" and not self.finish_cycle(where):
                break
            if not self.play_clips(where, step.clips) or not self.rest(where, step.rests_in, step.loops):
                break
            state = step.rests_in
        self.close()

    def walk_inputs(self, moves: list[input_paths.Move]) -> None:
        """One path of a machine with inputs: each move made (a trigger by real input where the
        pointer can fire it alone, else `choreo.fire`; an input by `choreo.set`), its clips
        checked as they play, then the rest, the inputs' values and the dotLottie's state."""
        model = self.scene.inputs
        runtime = DotLottieDrive(self.scene, self.results, self.label)
        outcome = model.load()
        where = f"{self.label} load"
        if not self.play_clips(where, [Clip(*clip) for clip in outcome.clips]) or not self.rest(where, outcome.state, outcome.loops, outcome.values):
            return self.close()
        runtime.check(where, None, outcome)
        state, values = outcome.state, outcome.values
        route: list[str] = []
        for move in moves:
            outcome = model.apply(state, values, move)
            route.append(move.label)
            where = f"{self.label} [{' / '.join(route)}]"
            if move.kind == "set":
                ok = self.page.evaluate("([n, v]) => document.documentElement.choreo.set(n, v)", [move.name, move.value])
                how = "choreo.set()"
            elif move.name in POINTER_TRIGGERS and not self.pointer.conflict(move.name, self.scene.machine.triggers_from(state)):
                how = self.pointer.fire(move.name, self.scene.machine.triggers_from(state), move.name)
                ok = True
            else:
                ok = self.page.evaluate("n => document.documentElement.choreo.fire(n)", move.name)
                how = "choreo.fire()"
            print(f"  {where}: {how}", flush=True)
            if not self.results.record(f"{where}: {how} accepted", bool(ok) or (move.kind == "fire" and not outcome.taken),
                                       f"the SVG's runtime returned {ok!r}"):
                break
            if not self.play_clips(where, [Clip(*clip) for clip in outcome.clips]) \
                    or not self.rest(where, outcome.state, outcome.loops, outcome.values):
                break
            runtime.check(where, move, outcome)
            state, values = outcome.state, outcome.values
        self.close()

    def close(self) -> None:
        self.results.record(f"{self.label}: no script errors", not self.errors, "; ".join(self.errors))
        self.page.context.close()


POINTER_TRIGGERS = ("tap", "press", "release", "hover", "hover-end")
# The dotLottie's pointer events for the triggers, and its input types for the inputs' kinds.
DOTLOTTIE_POINTER = {"tap": "Click", "press": "PointerDown", "release": "PointerUp", "hover": "PointerEnter",
                     "hover-end": "PointerExit"}
DOTLOTTIE_KIND = {"number": "Numeric", "boolean": "Boolean", "string": "String"}


class DotLottieDrive:
    """The same path in the dotLottie's state machine (dotlottie_runtime), each segment played to
    its end: it must rest in the state the SVG rests in, with the same input values."""

    def __init__(self, scene: Scene, results: Results, label: str):
        self.results, self.label, self.scene = results, label, scene
        definition = dotlottie_runtime.parse(json.dumps(scene.dotlottie_machine))
        self.machine = dotlottie_runtime.Machine(definition, dotlottie_runtime.Player(None, False))
        self.machine.start()

    def check(self, where: str, move: input_paths.Move | None, outcome: input_paths.Outcome) -> None:
        machine = self.machine
        if move is not None and move.kind == "set":
            kind = DOTLOTTIE_KIND[self.scene.inputs.inputs[move.name]["kind"]]
            value = float(move.value) if kind == "Numeric" else move.value
            if not self.results.record(f"{where}: dotLottie set_input", machine.set_input(kind, move.name, value),
                                       f"the runtime refused {move.label}"):
                return
        elif move is not None and move.name in DOTLOTTIE_POINTER:
            machine.pointer(DOTLOTTIE_POINTER[move.name], [])
        elif move is not None and not machine.fire(move.name):
            self.results.record(f"{where}: dotLottie fire {move.name}", False, "the runtime has no such event")
            return
        for _ in range(2 * len(outcome.clips) + 2):
            if machine.current == outcome.state:
                break
            machine.player_event("complete")
        stopped = [e for e in machine.events if e.get("type") == "Error"]
        self.results.count("dotlottie steps")
        self.results.record(f"{where}: dotLottie rests in {outcome.state}", machine.current == outcome.state and not stopped,
                            f"the runtime is in {machine.current!r}{f', stopped: {stopped[-1]}' if stopped else ''}")
        values = machine.inputs_snapshot()
        for name, expected in outcome.values.items():
            got = values.get(name)
            same = abs(got - expected) < 1e-6 if isinstance(expected, (int, float)) and not isinstance(expected, bool) \
                and isinstance(got, (int, float)) else got == expected
            self.results.record(f"{where}: dotLottie input {name}", same, f"the runtime has {got!r}, expected {expected!r}")


STILLS: dict[tuple[int, Path], np.ndarray] = {}
STILLS_LOCK = threading.Lock()


def render_still(browser: Browser, path: Path, scene: Scene) -> np.ndarray:
    """A still SVG file as this thread's Chromium draws it (on the browser's reusable page; each
    snapshot drawn once)."""
    key = (id(browser), path)
    with STILLS_LOCK:
        if key in STILLS:
            return STILLS[key]
    page = browser.load("", scene.width + MARGIN, scene.height + MARGIN, url=path.as_uri())
    image = browser.screenshot(page, (0, 0, scene.width, scene.height))
    with STILLS_LOCK:
        STILLS[key] = image
    return image


def check_inputs_scene(browser: Browser, scene: Scene, results: Results) -> None:
    began = time.monotonic()
    walks, covered, cut = input_paths.paths(scene.inputs, MAX_TRAILS)
    results.count("scenes")
    results.count("input scenes")
    results.count("transitions", len(scene.machine.definition["transitions"]))
    results.count("paths", len(walks))
    reachable = {t["name"] for t in scene.machine.definition["transitions"]}
    results.record(f"{scene.name}: the input walk reaches every transition", covered == reachable,
                   f"never taken: {sorted(reachable - covered)}")
    if cut:
        print(f"  {scene.name}: the input walk was cut at {MAX_TRAILS} paths or {input_paths.MAX_CONFIGURATIONS} configurations")
    try:
        for index, moves in enumerate(walks, start=1):
            Drive(browser, scene, results, index).walk_inputs(moves)
    finally:
        scene.close()
    for name in covered:
        results.transitions.add((scene.name, name))
    print(f"  ({scene.name}: {len(walks)} input paths, {time.monotonic() - began:.1f} s)", flush=True)


def check_scene(browser: Browser, scene: Scene, results: Results) -> None:
    if scene.inputs is not None:
        return check_inputs_scene(browser, scene, results)
    began = time.monotonic()
    trails, count, cut = scene.machine.trails()
    results.count("scenes")
    results.count("transitions", len(scene.machine.definition["transitions"]))
    results.count("paths", count)
    if cut:
        print(f"  {scene.name}: more than {MAX_TRAILS} trails; the first {count} (breadth first) are walked")
    if not trails:
        # Nothing to fire: the load (and any `complete` chain) is the only path.
        trails = [[]]
    try:
        for index, trail in enumerate(trails, start=1):
            Drive(browser, scene, results, index).walk(trail)
    finally:
        scene.close()
    print(f"  ({scene.name}: {len(trails)} trails, {time.monotonic() - began:.1f} s)", flush=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="+", type=Path)
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--compiled", required=True, type=Path)
    parser.add_argument("--matrix", type=Path, help="feature_matrix.py's matrix.json: those scenes are compared cell by cell")
    parser.add_argument("--jobs", type=int, default=2, help="scenes driven in parallel (one Chromium each)")
    parser.add_argument("--work", type=Path)
    arguments = parser.parse_args(argv)
    work = arguments.work or Path(tempfile.mkdtemp(prefix="choreo-state-paths-"))
    common.OUT_DIR.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    results = Results()
    matrix = json.loads(arguments.matrix.read_text(encoding="utf-8")) if arguments.matrix else {}
    scenes = []
    for source in arguments.scenes:
        try:
            scene = load_scene(source, arguments.compiled, work, arguments.choreo, matrix)
        except subprocess.CalledProcessError as error:
            results.record(f"{source.stem} compiles", False, (error.stderr or b"").decode(errors="replace")[:500])
            continue
        if scene is not None:
            scenes.append(scene)

    work_queue: queue.Queue = queue.Queue()
    for scene in scenes:
        work_queue.put(scene)

    def worker() -> None:
        try:
            browser = Browser()
        except Exception as error:
            results.record("chromium launch", False, f"{type(error).__name__}: {str(error)[:500]}")
            return
        try:
            while True:
                try:
                    scene = work_queue.get_nowait()
                except queue.Empty:
                    return
                try:
                    check_scene(browser, scene, results)
                except Exception as error:  # a scene that breaks the driver is a failure, not a crash
                    results.record(f"{scene.name}", False, f"{type(error).__name__}: {str(error)[:500]}")
        finally:
            browser.close()

    workers = [threading.Thread(target=worker, name=f"state-paths-{i}") for i in range(max(1, arguments.jobs))]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()

    counts = results.counts
    print(f"threshold: {common.THRESHOLD_DESCRIPTION}")
    print(f"state paths: {counts.get('scenes', 0)} scenes, {len(results.transitions)} of {counts.get('transitions', 0)} transitions played, "
          f"{counts.get('paths', 0)} paths, {counts.get('instants', 0)} mid-clip instants, {counts.get('rests', 0)} rests; "
          f"{counts.get('input scenes', 0)} scenes with inputs, {counts.get('dotlottie steps', 0)} dotLottie steps")
    print(f"time: {time.monotonic() - began:.0f} s")
    passed = sum(1 for _, ok, _ in results.checks if ok)
    print(common.summary_line(passed, len(results.checks) - passed))
    return 1 if passed != len(results.checks) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
