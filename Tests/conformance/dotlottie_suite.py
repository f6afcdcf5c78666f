"""The `.lottie` (dotLottie v2) output of every scene, checked as the dotLottie players read it.

For each scene (compiled with `--emit dotlottie,timeline`):
  archive   the ZIP container: manifest first with version "2" (a string), every member Deflate,
            the animation `a/NAME.json` the last JSON member, every member listed in the manifest;
  machine   `s/NAME.json` against the JSON Schema of the format and dotlottie-rs's load-time and
            cross-file rules (segments are markers, guards and actions name declared inputs, at
            most one guardless transition per state, unique names);
  simulate  the simulator of dotlottie-rs's semantics (dotlottie.py) from the initial state: it
            rests in the IR's initial state (the timeline's `initial`), and every transition of the
            IR's state machine, fired by its trigger from its `from` state, plays exactly its
            transition's segment and rests in the right state (through `complete` chains);
  thorvg    ThorVG, seeked to each state's and transition's segment by marker (`set_marker`),
            draws at the segment's last frame what `choreo snapshot --state TO` draws (rasterised
            by librsvg), with the suite's comparison rule (common.py);
  themes    for each `t/THEME.json`: ThorVG with the theme's rules applied as slots (as the
            dotLottie players do) draws, at the start and end of every span, what ThorVG draws
            for `choreo compile --theme THEME` (the plain Lottie with that theme's values).
Prints one line per failed check, per-part totals and a last line `N passed, M failed`.
With --tap-through SCENE prints the simulator's path through that scene's tap transitions.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path

import common

common.ensure_venv()

import numpy as np  # noqa: E402

import dotlottie  # noqa: E402
import dotlottie_runtime  # noqa: E402
from lottie_players import ThorVGPlayer  # noqa: E402

RSVG = shutil.which("rsvg-convert") or "/usr/bin/rsvg-convert"

INTERACTION_FOR_TRIGGER = {
    "tap": "Click", "press": "PointerDown", "release": "PointerUp", "hover": "PointerEnter", "hover-end": "PointerExit",
}


class Results:
    def __init__(self) -> None:
        self.checks: list[tuple[str, str, bool, str]] = []

    def record(self, part: str, name: str, ok: bool, detail: str = "") -> None:
        self.checks.append((part, name, ok, detail))
        if not ok:
            print(f"FAIL {part} {name}: {detail}", flush=True)

    def totals(self, part: str | None = None) -> tuple[int, int]:
        items = [c for c in self.checks if part in (None, c[0])]
        passed = sum(1 for c in items if c[2])
        return passed, len(items) - passed


def trigger_action(machine: dotlottie.Machine, transition: dict) -> None:
    """Does what the app or the user does to fire an IR transition."""
    trigger = transition["trigger"]
    if trigger in INTERACTION_FOR_TRIGGER:
        machine.pointer(INTERACTION_FOR_TRIGGER[trigger])
    elif trigger == "programmatic":
        machine.fire(transition["name"])
    # `complete` needs nothing: the machine takes it when the state is fully reached.


def path_to(ir: dict, target: str) -> list[dict] | None:
    """The shortest list of IR transitions from the initial state to `target` that is not
    forced through `target`'s own chain (breadth first over the IR graph)."""
    start = ir["initial"]
    queue = deque([(start, [])])
    seen = {start}
    while queue:
        state, path = queue.popleft()
        if state == target:
            return path
        for transition in ir["transitions"]:
            if transition["from"] == state and transition["to"] not in seen:
                seen.add(transition["to"])
                queue.append((transition["to"], path + [transition]))
    return None


def simulate(name: str, machine_json: dict, animation: dict, timeline: dict, results: Results) -> None:
    ir = timeline["stateMachine"]
    if ir is None:
        machine = dotlottie.Machine(machine_json, animation)
        first = next((s for s in timeline["spans"] if s["kind"] == "timeline"), timeline["spans"][0])
        results.record("simulate", f"{name} stateless", machine.segment and machine.segment[0] == first["name"],
                       f"plays {machine.segment} on load, expected the span {first['name']!r}")
        return
    # At rest after load: the IR's initial state, unless a `complete` chain leads on from it.
    machine = dotlottie.Machine(machine_json, animation)
    machine.settle()
    expected_rest = ir["initial"]
    chain = [expected_rest]
    while (step := next((t for t in ir["transitions"] if t["from"] == expected_rest and t["trigger"] == "complete"), None)):
        chain += [step["name"], step["to"]]
        expected_rest = step["to"]
    results.record("simulate", f"{name} load", machine.history == chain,
                   f"from load the machine went {machine.history}, expected {chain}")
    for transition in ir["transitions"]:
        label = f"{name} {transition['name']} on {transition['trigger']}"
        route = path_to(ir, transition["from"])
        if route is None:
            results.record("simulate", label, True, "unreachable from the initial state")
            continue
        machine = dotlottie.Machine(machine_json, animation)
        try:
            if transition["trigger"] == "complete":
                # Reached by the chain that leads into its state; the state starts it by itself.
                for step in route:
                    machine.settle()
                    trigger_action(machine, step)
                machine.settle()
                ok = [transition["from"], transition["name"], transition["to"]] in [
                    machine.history[i:i + 3] for i in range(len(machine.history))]
                results.record("simulate", label, ok, f"path {machine.history}")
                continue
            for step in route:
                machine.settle()
                trigger_action(machine, step)
            machine.settle()
            before = machine.current
            if before != transition["from"]:
                results.record("simulate", label, False, f"could not rest in {transition['from']!r}: path {machine.history}")
                continue
            trigger_action(machine, transition)
            segment = machine.segment
            playing_ok = machine.current == transition["name"] and segment is not None and segment[0] == transition["span"]
            machine.settle()
            arrived = transition["to"] in machine.history[machine.history.index(transition["name"]) + 1:] if transition["name"] in machine.history else False
            results.record("simulate", label, playing_ok and arrived,
                           f"after the trigger the machine played {segment}, path {machine.history}")
        except dotlottie.InfiniteLoop as error:
            results.record("simulate", label, False, str(error))


def runtime_check(name: str, machine_json: dict, timeline: dict, results: Results) -> None:
    """The machine in the full runtime rebuilt from the dotlottie-rs peer suite: it loads, starts
    without the infinite-loop stop and rests in the IR's initial state (or on its way out of it)."""
    try:
        definition = dotlottie_runtime.parse(json.dumps(machine_json))
    except dotlottie_runtime.LoadError as error:
        results.record("runtime", f"{name} load", False, str(error))
        return
    machine = dotlottie_runtime.Machine(definition, dotlottie_runtime.Player(None, False))
    machine.start()
    ir = timeline["stateMachine"]
    expected = ir["initial"] if ir else definition["initial"]
    stopped = any(e["type"] == "Error" for e in machine.events)
    results.record("runtime", f"{name} start", not stopped and machine.current.split("->")[0] == expected,
                   f"after start: state {machine.current!r}, events {machine.events[-3:]}")
    # Every trigger and every app event, each followed by the segment's end, never trips the
    # infinite-loop stop.
    for event in [i["name"] for i in definition.get("inputs", []) if i["type"] == "Event"]:
        for _ in range(3):
            machine.fire(event)
            for _ in range(4):
                machine.player_event("complete")
    stopped = any(e["type"] == "Error" for e in machine.events)
    results.record("runtime", f"{name} drive", not stopped, f"the machine stopped: {machine.events[-3:]}")


def tap_through(name: str, machine_json: dict, animation: dict, taps: int = 4) -> list[str]:
    """The simulator's path over `taps` taps, each followed by the time to play what it starts."""
    machine = dotlottie.Machine(machine_json, animation)
    lines = [f"load: {' -> '.join(machine.history)} (segment {machine.segment})"]
    machine.settle()
    for tap in range(1, taps + 1):
        mark = len(machine.history)
        machine.pointer("Click")
        playing = machine.segment
        machine.settle()
        lines.append(f"tap {tap}: plays {playing[0]!r} frames {playing[1]}..{playing[2] - 1}, "
                     f"path {' -> '.join(machine.history[mark:])}, rests in {machine.current!r}")
    return lines


def rasterise_snapshot(choreo: str, scene: Path, state: str, work: Path) -> np.ndarray:
    svg = work / f"{scene.stem}.{state}.svg"
    png = work / f"{scene.stem}.{state}.png"
    result = subprocess.run([choreo, "snapshot", str(scene), "--state", state, "-o", str(svg)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"snapshot --state {state}: {result.stderr.strip()[:300]}")
    result = subprocess.run([RSVG, "--format=png", "-o", str(png), str(svg)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"rsvg-convert: {result.stderr.strip()[:300]}")
    return common.load_png_over_white(png)


def thorvg_segments(name: str, scene: Path, animation: dict, timeline: dict, choreo: str, work: Path, results: Results) -> None:
    ir = timeline["stateMachine"]
    if ir is None:
        return
    import thorvg_python as tvg

    text = json.dumps(animation)
    player = ThorVGPlayer(text, int(animation["w"]), int(animation["h"]))
    references: dict[str, np.ndarray] = {}
    try:
        # (segment, state whose pose its last frame shows)
        cases = [(state["pose"], state["name"]) for state in ir["states"]]
        cases += [(transition["span"], transition["to"]) for transition in ir["transitions"]]
        for segment, state in cases:
            label = f"{name} {segment} ends in {state}"
            player.animation.set_segment(0, float(animation["op"]))
            if player.animation.set_marker(segment) != tvg.Result.SUCCESS:
                results.record("thorvg", label, False, f"ThorVG does not know the marker {segment!r}")
                continue
            _, start, end = player.animation.get_segment()
            expected = dotlottie.markers(animation)[segment]
            if (int(round(start)), int(round(end))) != expected:
                results.record("thorvg", label, False, f"ThorVG's segment is {start}..{end}, the marker says {expected}")
                continue
            # Players stop one frame before a marker's end: the last frame shown is end - 1. With a
            # segment set, ThorVG counts frames from the segment's start (measured, ThorVG 1.0.4).
            frame = int(round(end)) - 1
            drawn = player.render(max(0, frame - int(round(start))))
            if state not in references:
                references[state] = rasterise_snapshot(choreo, scene, state, work)
            comparison = common.compare_images(drawn, references[state])
            detail = comparison.describe()
            if not comparison.passed:
                out = common.write_side_by_side(common.OUT_DIR / f"dotlottie-{name}-{segment.replace('>', '')}-f{frame}.png",
                                                drawn, references[state])
                detail += f"; see {out.relative_to(common.REPO_ROOT)}"
            results.record("thorvg", label, comparison.passed, detail)
    finally:
        player.close()


def render_frames(text: str, frames: list[int], slots: dict | None = None) -> list[np.ndarray]:
    document = json.loads(text)
    player = ThorVGPlayer(text, int(document["w"]), int(document["h"]))
    try:
        if slots:
            slot_id = player.animation.gen_slot(json.dumps(slots))
            if not slot_id:
                raise RuntimeError("ThorVG refused the theme's slot data")
            player.animation.apply_slot(slot_id)
        return [player.render(frame) for frame in frames]
    finally:
        player.close()


def theme_checks(name: str, scene: Path, archive: dotlottie.Archive, animation: dict, choreo: str, work: Path,
                 results: Results) -> None:
    frames = sorted({f for m in animation.get("markers", []) for f in (int(m["tm"]), int(m["tm"]) + int(m["dr"]) - 1)})
    for theme, document in archive.themes.items():
        out = work / f"{name}-theme-{theme}"
        compiled = subprocess.run([choreo, "compile", str(scene), "-o", str(out), "--emit", "lottie", "--theme", theme],
                                  capture_output=True, text=True)
        if compiled.returncode != 0:
            results.record("themes", f"{name} {theme}", False, f"--theme {theme}: {compiled.stderr.strip()[:300]}")
            continue
        reference = render_frames((out / f"{name}.json").read_text(), frames)
        themed = render_frames(json.dumps(animation), frames, dotlottie.theme_slots(document))
        for frame, a, b in zip(frames, themed, reference):
            comparison = common.compare_images(a, b)
            detail = comparison.describe()
            if not comparison.passed:
                path = common.write_side_by_side(common.OUT_DIR / f"dotlottie-{name}-theme-{theme}-f{frame}.png", a, b)
                detail += f"; see {path.relative_to(common.REPO_ROOT)}"
            results.record("themes", f"{name} {theme} frame {frame}", comparison.passed, detail)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="+", type=Path)
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--work", type=Path)
    parser.add_argument("--tap-through", help="print the simulator's path through this scene's taps")
    arguments = parser.parse_args(argv)
    work = arguments.work or Path(tempfile.mkdtemp(prefix="choreo-dotlottie-"))
    work.mkdir(parents=True, exist_ok=True)
    common.OUT_DIR.mkdir(parents=True, exist_ok=True)
    results = Results()
    began = time.monotonic()
    for scene in arguments.scenes:
        out = work / scene.stem
        compiled = subprocess.run([arguments.choreo, "compile", str(scene), "-o", str(out), "--emit", "dotlottie,timeline"],
                                  capture_output=True, text=True)
        archives = sorted(out.glob("*.lottie")) if out.exists() else []
        if compiled.returncode != 0 or len(archives) != 1:
            results.record("archive", scene.stem, False, f"compile failed: {compiled.stderr.strip()[:400]}")
            continue
        name = archives[0].stem
        timeline = json.loads((out / f"{name}.timeline.json").read_text())
        archive = dotlottie.read_archive(archives[0])
        results.record("archive", name, not archive.problems, "; ".join(archive.problems))
        animation = archive.animations.get(name)
        machine_json = archive.state_machines.get(name)
        if animation is None or machine_json is None:
            results.record("machine", name, False, "the archive has no animation or state machine named after the scene")
            continue
        problems = dotlottie.check_state_machine(machine_json, animation)
        results.record("machine", name, not problems, "; ".join(problems[:5]))
        if problems:
            continue
        if any(i["type"] != "Event" for i in machine_json.get("inputs", [])):
            # Guards and actions are beyond the reduced simulator; the full runtime drives these.
            pass
        else:
            simulate(name, machine_json, animation, timeline, results)
        runtime_check(name, machine_json, timeline, results)
        try:
            thorvg_segments(name, scene, animation, timeline, arguments.choreo, work, results)
        except RuntimeError as error:
            results.record("thorvg", name, False, str(error))
        try:
            theme_checks(name, scene, archive, animation, arguments.choreo, work, results)
        except RuntimeError as error:
            results.record("themes", name, False, str(error))
        if arguments.tap_through and name == arguments.tap_through:
            print(f"tap-through of {name} in the dotLottie simulator:")
            for line in tap_through(name, machine_json, animation):
                print(f"  {line}")
    for part in ("archive", "machine", "simulate", "runtime", "thorvg", "themes"):
        passed, failed = results.totals(part)
        print(f"{part}: {passed} passed, {failed} failed")
    print(f"time: {time.monotonic() - began:.0f} s")
    passed, failed = results.totals()
    print(common.summary_line(passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
