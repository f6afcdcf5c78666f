#!/usr/bin/env python3
"""Targets and interruption (contract §21) under real pointer and key input in Chromium.

Usage:
    python3 Tests/conformance/touch_suite.py --choreo PATH [--work DIR] [--traces N] [--seed S] SCENE.yaml...

Each scene is compiled with `--emit svg,timeline,dotlottie,lottie`. The interactive SVG is opened
in Chromium (Playwright) with its clock paused; the test moves it a frame (1/60 s) at a time and
lets the runtime see each frame, so what it checks does not depend on the machine's load. On every
frame it reads where each node's group is drawn (the centre and a corner of its box through its
current transform: every transform the SMIL animates, retargeting included). Checks:

  targets   (scenes with `target:`) in every state: a click inside each target and one on the
            canvas outside every target (on the track, under no target), and each target reached
            with Tab and pressed with Enter and with Space; the state the model says after each;
            each target's `aria-label`.
  retap     (scenes named in RETAP: a toggle) a tap, then a second tap at 10, 30, 60 and 90 % of
            the spring's rest: the state goes back, and no frame jumps.
  traces    N random traces per scene of 30 actions (clicks on targets or on the canvas, Enter or
            Space on a focused target, `choreo.set` on an input, waits of 0 to 400 ms), then 1.5 s:
            the state and the events (`choreo:event`) match the reference model (touch_model.py,
            the order of events), the runtime's own `choreo.state` and `choreo.transition` match the
            model's after every action, and no tracked point moves further between two frames than
            the scene's fastest step in uninterrupted runs (every action followed by 1.5 s) plus 1 px.
  interrupted
            each tap transition interrupted at 25, 50 and 75 % of its length by a tap its destination
            takes (the interrupted paths of the state graph): the state follows the model on every
            tenth frame and at the end, and no frame jumps.
  dotLottie the same traces through the dotLottie state machine (dotlottie_runtime.py, dotlottie-rs's
            semantics, its player ticking the same frames): it ends in the model's state with the
            model's events. Where a second trigger arrives while dotlottie-rs tweens to a first one's
            destination, dotlottie-rs resolves it against the state the tween started from
            (docs/players.md); such traces are counted and reported, not failed.

Last lines: the counts and `N passed, M failed`; exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ensure_venv  # noqa: E402

if __name__ == "__main__":
    ensure_venv()

import common  # noqa: E402
import dotlottie  # noqa: E402
import dotlottie_runtime  # noqa: E402
from browser import Browser  # noqa: E402
from touch_model import Model  # noqa: E402

FPS = 60
MARGIN = 40
ACTIONS = 30
SETTLE_FRAMES = 90
RETAP = {"toggle-spring": "tap"}
RETAP_FRACTIONS = (0.1, 0.3, 0.6, 0.9)

# The clock: paused, then moved by the test to `base + frame / 60` and one animation frame let
# through, so the runtime notices what ended. Points: each node group's box centre (taken once,
# in its own coordinates) through its current transform.
HARNESS = """() => {
  const root = document.documentElement;
  root.pauseAnimations();
  const base = Math.ceil(root.getCurrentTime() * 10 + 1) / 10;
  root.setCurrentTime(base);
  const groups = Array.from(root.querySelectorAll('.choreo-drawing g[id]'));
  // Two points a group: its box's centre and its top left corner (a scale or a turn moves that).
  const centres = groups.flatMap(g => { const b = g.getBBox(); return [[g, b.x + b.width / 2, b.y + b.height / 2], [g, b.x, b.y]]; });
  const events = [];
  root.addEventListener('choreo:event', e => events.push(e.detail.name));
  window.__touch = {
    base, frame: 0, events,
    points() {
      return centres.map(([g, x, y]) => {
        const m = g.getCTM();
        return m ? [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f] : [0, 0];
      });
    },
    async step(n) {
      const out = [];
      for (let k = 0; k < n; k++) {
        this.frame += 1;
        if (!root.animationsPaused()) root.pauseAnimations();
        root.setCurrentTime(this.base + this.frame / 60);
        await new Promise(done => requestAnimationFrame(() => done()));
        out.push(this.points());
      }
      return out;
    },
    status() {
      return {state: root.choreo.state, transition: root.choreo.transition, events: events.slice(),
              time: this.base + this.frame / 60};
    },
  };
  return {base, ids: groups.map(g => g.id)};
}"""


class Results:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0
        self.counts: dict[str, int] = {}

    def record(self, name: str, ok: bool, detail: str = "") -> bool:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}", flush=True)
        return ok

    def count(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n


class Scene:
    def __init__(self, choreo: str, source: Path, work: Path):
        out = work / source.stem
        subprocess.run([choreo, "compile", str(source), "-o", str(out), "--emit", "svg,timeline,dotlottie,lottie"],
                       check=True, capture_output=True)
        self.timeline = json.loads(next(out.glob("*.timeline.json")).read_text())
        self.name = self.timeline["name"]
        self.svg = out / f"{self.name}.svg"
        self.width, self.height = int(round(self.timeline["size"][0])), int(round(self.timeline["size"][1]))
        self.archive = dotlottie.read_archive(out / f"{self.name}.lottie")
        machine = self.timeline["stateMachine"]
        self.targets = []
        for t in machine["transitions"]:
            if t.get("target") and t["target"] not in self.targets:
                self.targets.append(t["target"])
        self.untargeted_tap = any(t["trigger"] == "tap" and not t.get("target") for t in machine["transitions"])
        self.inputs = machine.get("inputs") or []


class Page:
    """The scene's SVG in Chromium, its clock under the test's control, and the model beside it."""

    def __init__(self, browser: Browser, scene: Scene):
        self.scene = scene
        self.page = browser.isolated_page(scene.width + MARGIN, scene.height + MARGIN)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(scene.svg.as_uri(), wait_until="load")
        setup = self.page.evaluate(HARNESS)
        self.base = setup["base"]
        self.frame = 0
        self.model = Model(scene.timeline, self.base)
        self.steps: list[float] = []
        self.last: list | None = None

    def close(self) -> None:
        self.page.context.close()

    def frames(self, n: int) -> None:
        if n <= 0:
            return
        points = self.page.evaluate("n => window.__touch.step(n)", n)
        for _ in range(n):
            self.frame += 1
            self.model.advance_to(self.base + self.frame / FPS)
        for now in points:
            if self.last is not None:
                self.steps.append(max((abs(a[0] - b[0]) ** 2 + abs(a[1] - b[1]) ** 2) ** 0.5 for a, b in zip(now, self.last))
                                  if now else 0.0)
            self.last = now

    def status(self) -> dict:
        return self.page.evaluate("() => window.__touch.status()")

    def centre_of(self, target: str) -> tuple[float, float]:
        box = self.page.evaluate("id => { const r = document.querySelector(`[data-target='${id}']`).getBoundingClientRect();"
                                 " return [r.x + r.width / 2, r.y + r.height / 2]; }", target)
        return box[0], box[1]

    def click(self, target: str | None, outside: tuple[float, float] | None = None) -> str:
        if target:
            x, y = self.centre_of(target)
        else:
            x, y = outside or (self.scene.width / 2, self.scene.height / 2)
        self.page.mouse.click(x, y)
        self.model.fire("tap", target)
        return f"click {target or f'({x:.0f}, {y:.0f})'}"

    def key(self, target: str | None, key: str) -> str:
        self.page.focus(f"[data-target='{target}']" if target else "svg")
        self.page.keyboard.press(key)
        self.model.fire("tap", target)
        return f"{key} on {target or 'the SVG'}"

    def set(self, name: str, value) -> str:
        self.page.evaluate("([n, v]) => document.documentElement.choreo.set(n, v)", [name, value])
        self.model.set(name, value)
        return f"set {name}={value}"


def outside_point(scene: Scene) -> tuple[float, float]:
    """A point on the canvas under no target: a corner."""
    return 1.0, 1.0


def check_step(results: Results, page: Page, where: str) -> bool:
    status = page.status()
    ok = status["state"] == page.model.state and status["transition"] == page.model.transition
    return results.record(f"{where}: state", ok,
                          f"the SVG has {status['state']!r} / {status['transition']!r}, the model {page.model.state!r} / "
                          f"{page.model.transition!r} at {status['time']:.4f}")


def check_targets(browser: Browser, scene: Scene, results: Results) -> None:
    page = Page(browser, scene)
    try:
        for target in scene.targets:
            label = page.page.evaluate("id => document.querySelector(`[data-target='${id}']`).getAttribute('aria-label')", target)
            results.record(f"{scene.name} targets: {target} has an accessible name", bool(label), f"aria-label {label!r}")
        states = list(page.model.states)
        for state in states:
            for target in scene.targets + [None]:
                # Bring the scene to `state` through its own targets, then act.
                route = next((t for t in scene.timeline["stateMachine"]["transitions"]
                              if t["to"] == state and t.get("target")), None)
                if page.model.state != state and route:
                    page.click(route["target"])
                    page.frames(SETTLE_FRAMES)
                if page.model.state != state:
                    continue
                how = page.click(target, outside_point(scene))
                page.frames(SETTLE_FRAMES)
                results.count("target checks")
                check_step(results, page, f"{scene.name} targets: in {state}, {how}")
        for target in scene.targets:
            for key in ("Enter", " "):
                how = page.key(target, key)
                page.frames(SETTLE_FRAMES)
                results.count("target checks")
                check_step(results, page, f"{scene.name} targets: {how!r}")
        results.record(f"{scene.name} targets: no script errors", not page.errors, "; ".join(page.errors))
    finally:
        page.close()


def fastest_step(browser: Browser, scene: Scene, rng: random.Random) -> float:
    """The scene's fastest frame-to-frame step when nothing is interrupted: every action of a
    trace followed by 1.5 s."""
    page = Page(browser, scene)
    try:
        for _ in range(12):
            act(page, scene, rng)
            page.frames(SETTLE_FRAMES)
        return max(page.steps, default=0.0)
    finally:
        page.close()


def act(page: Page, scene: Scene, rng: random.Random) -> str:
    """One random action (not a wait)."""
    choices = ["click", "click", "key"]
    if scene.inputs:
        choices.append("set")
    what = rng.choice(choices)
    if what == "set":
        entry = rng.choice(scene.inputs)
        if entry["kind"] == "boolean":
            value = rng.choice([True, False])
        elif entry["kind"] == "number":
            low, high = entry.get("range") or [0, 10]
            value = round(rng.uniform(low, high), 2)
        else:
            return page.set(entry["name"], entry["default"])
        return page.set(entry["name"], value)
    if scene.targets:
        target = rng.choice(scene.targets + [None])
    else:
        target = None
    if what == "key":
        if target is None and not scene.untargeted_tap:
            target = rng.choice(scene.targets)
        return page.key(target, rng.choice(["Enter", " "]))
    return page.click(target, outside_point(scene) if scene.targets else None)


def run_trace(browser: Browser, scene: Scene, results: Results, rng: random.Random, index: int, limit: float) -> list:
    """A random trace in Chromium against the model; returns the actions for the dotLottie run."""
    page = Page(browser, scene)
    log: list = []
    label = f"{scene.name} trace {index}"
    try:
        for step in range(ACTIONS):
            if rng.random() < 0.5:
                frames = int(round(rng.uniform(0, 0.4) * FPS))
                page.frames(frames)
                log.append(("wait", frames))
                continue
            before = len(page.model.events)
            how = act(page, scene, rng)
            log.append(("act", how, page.model.state, before))
            page.frames(1)
            if not check_step(results, page, f"{label} step {step} ({how})"):
                return []
        page.frames(SETTLE_FRAMES)
        status = page.status()
        results.record(f"{label}: ends in {page.model.state}", status["state"] == page.model.state and status["transition"] is None,
                       f"the SVG ends in {status['state']!r} / {status['transition']!r}")
        results.record(f"{label}: events", status["events"] == page.model.events,
                       f"the SVG emitted {status['events']}, the model {page.model.events}")
        worst = max(page.steps, default=0.0)
        results.record(f"{label}: no jump", worst <= limit, f"a point moved {worst:.2f} px in a frame, more than {limit:.2f} px")
        results.record(f"{label}: no script errors", not page.errors, "; ".join(page.errors))
        results.count("actions", ACTIONS)
        results.count("frames", page.frame)
        return replay_log(page, log)
    finally:
        page.close()


def replay_log(page: Page, log: list) -> list:
    """The trace's entries, then the model's final state and events."""
    return list(log) + [("final", page.model.state, list(page.model.events))]


def run_dotlottie(scene: Scene, trace: list, results: Results, index: int) -> None:
    """The trace's actions through the dotLottie machine, frame by frame."""
    name = next(iter(scene.archive.state_machines))
    machine, _ = dotlottie_runtime.started(scene.archive, name)
    final = trace[-1]
    for entry in trace[:-1]:
        if entry[0] == "wait":
            for _ in range(entry[1]):
                machine.tick(1000 / FPS)
            continue
        how = entry[1]
        if how.startswith("set "):
            key, value = how[4:].split("=", 1)
            kind = next(i["kind"] for i in scene.inputs if i["name"] == key)
            if kind == "boolean":
                machine.set_input("Boolean", key, value == "True")
            else:
                machine.set_input("Numeric", key, float(value))
        else:
            target = how.split(" ")[-1] if not how.startswith("click (") else None
            if how.startswith(("Enter", " ")) and how.endswith("the SVG"):
                target = None
            hits = [target] if target in scene.targets else []
            machine.pointer("Click", hits)
        machine.tick(1000 / FPS)
    for _ in range(SETTLE_FRAMES * 2):
        machine.tick(1000 / FPS)
    custom = [e["message"] for e in machine.events if e.get("type") == "CustomEvent"]
    same = machine.current == final[1] and custom == final[2]
    label = f"{scene.name} trace {index} dotLottie"
    if not same and tweened_twice(scene, trace):
        results.count("dotLottie traces with a trigger during a tween (reported)")
        print(f"NOTE {label}: ends in {machine.current!r} with {custom}, the model in {final[1]!r} with {final[2]} "
              "(a trigger arrived during a tween)", flush=True)
        return
    results.record(f"{label}: ends in {final[1]}", same,
                   f"the dotLottie machine ends in {machine.current!r} with events {custom}, the model {final[1]!r} {final[2]}")


def tweened_twice(scene: Scene, trace: list) -> bool:
    """Whether two triggers came within one transition's length of each other."""
    transitions = scene.timeline["stateMachine"]["transitions"]
    longest = max((Model(scene.timeline, 0).length(t) for t in transitions), default=0)
    gap = None
    for entry in trace[:-1]:
        if entry[0] == "wait":
            gap = (gap or 0) + entry[1] / FPS
        else:
            if gap is not None and gap < longest:
                return True
            gap = 0.0
    return False


def retap(browser: Browser, scene: Scene, results: Results, limit: float) -> None:
    transitions = scene.timeline["stateMachine"]["transitions"]
    first = next(t for t in transitions if t["from"] == scene.timeline["stateMachine"]["initial"])
    rest = first.get("restsAfter") or Model(scene.timeline, 0).length(first)
    for fraction in RETAP_FRACTIONS:
        page = Page(browser, scene)
        try:
            page.click(None)
            page.frames(max(1, int(round(fraction * rest * FPS))))
            during = page.status()
            page.click(None)
            page.frames(1)
            label = f"{scene.name} retap at {int(fraction * 100)} %"
            results.record(f"{label}: the first tap still plays", during["transition"] == first["name"],
                           f"the SVG reports {during['transition']!r}")
            check_step(results, page, f"{label}: the second tap is taken")
            page.frames(SETTLE_FRAMES)
            status = page.status()
            results.record(f"{label}: back in {first['from']}", status["state"] == first["from"] and status["transition"] is None,
                           f"the SVG is in {status['state']!r} / {status['transition']!r}")
            worst = max(page.steps, default=0.0)
            results.record(f"{label}: no jump", worst <= limit, f"a point moved {worst:.2f} px in a frame (limit {limit:.2f})")
            results.count("retaps")
        finally:
            page.close()


POINTER_ACTIONS = ("tap",)
INTERRUPT_FRACTIONS = (0.25, 0.5, 0.75)


def route_to(scene: Scene, state: str) -> list[dict] | None:
    """The shortest list of tap transitions from the initial state to `state` (guards ignored)."""
    transitions = scene.timeline["stateMachine"]["transitions"]
    start = scene.timeline["stateMachine"]["initial"]
    paths = {start: []}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for t in transitions:
                if t["from"] == here and t["trigger"] in POINTER_ACTIONS and not t.get("when") and t["to"] not in paths:
                    paths[t["to"]] = paths[here] + [t]
                    nxt.append(t["to"])
        frontier = nxt
    return paths.get(state)


def interrupted(browser: Browser, scene: Scene, results: Results, limit: float) -> None:
    """Each tap transition, interrupted at 25, 50 and 75 % of its length by a tap that its
    destination takes: the state follows the model on every frame, ends where the model does,
    and nothing jumps."""
    transitions = scene.timeline["stateMachine"]["transitions"]
    for first in transitions:
        if first["trigger"] not in POINTER_ACTIONS or first["from"] == first["to"] or first.get("when"):
            continue
        second = next((t for t in transitions if t["from"] == first["to"] and t["trigger"] in POINTER_ACTIONS
                       and not t.get("when")), None)
        route = route_to(scene, first["from"])
        if second is None or route is None:
            continue
        for fraction in INTERRUPT_FRACTIONS:
            page = Page(browser, scene)
            label = f"{scene.name} interrupted: {first['name']} at {int(fraction * 100)} % by {second['name']}"
            try:
                for step in route:
                    page.click(step.get("target"))
                    page.frames(SETTLE_FRAMES)
                page.steps.clear()
                page.click(first.get("target"))
                page.frames(max(1, int(round(fraction * page.model.length(first) * FPS))))
                page.click(second.get("target"))
                ok = True
                for _ in range(SETTLE_FRAMES // 10):
                    page.frames(10)
                    ok = check_step(results, page, label) and ok
                    if not ok:
                        break
                status = page.status()
                results.record(f"{label}: ends in {page.model.state}", status["state"] == page.model.state
                               and status["transition"] is None, f"the SVG is in {status['state']!r} / {status['transition']!r}")
                worst = max(page.steps, default=0.0)
                results.record(f"{label}: no jump", worst <= limit, f"a point moved {worst:.2f} px in a frame (limit {limit:.2f})")
                results.count("interrupted paths")
            finally:
                page.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--work")
    parser.add_argument("--traces", type=int, default=2)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("scenes", nargs="+", type=Path)
    args = parser.parse_args()
    results = Results()
    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="choreo-touch-"))
    work.mkdir(parents=True, exist_ok=True)
    with Browser() as browser:
        for source in args.scenes:
            scene = Scene(args.choreo, source, work)
            rng = random.Random(f"{args.seed} {scene.name}")
            limit = fastest_step(browser, scene, rng) + 1.0
            print(f"{scene.name}: fastest uninterrupted step {limit - 1:.2f} px", flush=True)
            if scene.targets:
                check_targets(browser, scene, results)
            if scene.name in RETAP:
                retap(browser, scene, results, limit)
            interrupted(browser, scene, results, limit)
            for index in range(args.traces):
                trace = run_trace(browser, scene, results, rng, index, limit)
                if trace:
                    run_dotlottie(scene, trace, results, index)
                    results.count("traces")
    print("touch: " + ", ".join(f"{n} {what}" for what, n in sorted(results.counts.items())))
    print(common.summary_line(results.passed, results.failed))
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
