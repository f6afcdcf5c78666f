"""The every-state-path suite (state_paths_suite.py) walks what it claims and fails on broken output.

- trails: breadth first from the initial state, no transition twice in a trail, `complete` chains
  and played timelines followed (a loop with a `complete` transition is left at once), every
  triggered transition on some trail; the pointer model refuses a press that a hover would
  pre-empt;
- a good interactive SVG passes: both transitions, three paused instants each, two rests;
- a stroke made invisible by a static `visibility="hidden"` that no transition lifts (how the
  interactive SVG once drew a ring revealed by trim from 0) fails in the middle of the transition
  and at rest;
- a transition that jumps to its end at once fails at its paused instants, not at rest;
- a machine that rests in the wrong state fails "rests in".
Needs the choreo binary: CHOREO=path/to/choreo (run_all.sh sets it).

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_state_paths_suite.py
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import input_paths  # noqa: E402
import state_paths_suite  # noqa: E402
from common import REPO_ROOT  # noqa: E402

EVERY_TRIGGER = REPO_ROOT / "Tests" / "ChoreoSceneTests" / "Fixtures" / "valid" / "every-trigger.yaml"
# A ring whose trim grows and a dot that grows, tapped there and back.
SCENE = """choreo: 1
name: selftest
size: [80, 80]
background: white
layers:
  - {id: ring, shape: ellipse, size: [50, 50], position: [40, 40], fill: none, stroke: {color: "#0A84FF", width: 6}, trim: {end: 0.25}}
  - {id: dot, shape: ellipse, size: [16, 16], position: [40, 40], fill: "#FF375F"}
states:
  off: {}
  on: {ring: {trim: {end: 1}}, dot: {scale: 1.8}}
transitions:
  - {from: off, to: on, on: tap, duration: 0.3s}
  - {from: on, to: off, on: tap, duration: 0.3s}
"""


def choreo() -> str:
    path = os.environ.get("CHOREO")
    assert path, "set CHOREO to the choreo binary"
    return path


def compile_for_suite(source: Path, directory: Path) -> tuple[Path, Path]:
    """`source` and the folder its Lottie, SVG and timeline JSON were compiled into, as the suite reads them."""
    subprocess.run([choreo(), "compile", str(source), "-o", str(directory / "good"), "--emit", "lottie,svg,timeline"],
                   check=True, capture_output=True)
    return source, directory / "good"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> tuple[Path, Path]:
    directory = tmp_path_factory.mktemp("state-paths")
    source = directory / "selftest.yaml"
    source.write_text(SCENE)
    return compile_for_suite(source, directory)


def run_suite(source: Path, good: Path, tmp_path: Path, capsys, edit=None) -> tuple[int, str]:
    """The suite on the compiled scene, its SVG first changed by `edit` (text → text)."""
    out = tmp_path / "compiled"
    shutil.copytree(good, out)
    if edit is not None:
        svg = out / f"{source.stem}.svg"
        changed = edit(svg.read_text())
        assert changed != svg.read_text(), "the edit changed nothing"
        svg.write_text(changed)
    status = state_paths_suite.main(["--choreo", choreo(), "--compiled", str(out), "--work", str(tmp_path / "work"),
                                     "--jobs", "1", str(source)])
    return status, capsys.readouterr().out


def failures(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("FAIL ")]


def machine(states: list[dict], transitions: list[dict], initial: str) -> state_paths_suite.Machine:
    return state_paths_suite.Machine({"initial": initial, "states": states, "transitions": transitions})


def transition(source: str, target: str, trigger: str) -> dict:
    return {"name": f"{source}->{target}", "from": source, "to": target, "trigger": trigger, "span": f"{source}->{target}"}


def test_a_toggle_has_one_maximal_trail():
    toggle = machine([{"name": "a"}, {"name": "b"}], [transition("a", "b", "tap"), transition("b", "a", "tap")], "a")
    trails, count, cut = toggle.trails()
    assert [[t["name"] for t in trail] for trail in trails] == [["a->b", "b->a"]]
    assert count == 2 and not cut


def test_chains_and_played_timelines_are_followed():
    states = [{"name": "idle"}, {"name": "busy", "play": {"span": "spin", "loops": True}},
              {"name": "done", "play": {"span": "flash", "loops": False}}, {"name": "back"}]
    transitions = [transition("idle", "busy", "tap"), transition("busy", "done", "complete"),
                   transition("done", "back", "complete"), transition("back", "idle", "tap")]
    step = machine(states, transitions, "idle").step(transitions[0])
    # The loop is left at once for `complete`; the timeline played once is waited for.
    assert [clip.label for clip in step.clips] == ["idle->busy", "busy->done", "done plays flash", "done->back"]
    assert step.rests_in == "back" and not step.loops


def test_every_triggered_transition_is_on_a_trail(tmp_path):
    subprocess.run([choreo(), "compile", str(EVERY_TRIGGER), "-o", str(tmp_path), "--emit", "timeline"],
                   check=True, capture_output=True)
    definition = json.loads((tmp_path / "every-trigger.timeline.json").read_text())["stateMachine"]
    lamp = state_paths_suite.Machine(definition)
    trails, count, cut = lamp.trails()
    fired = {t["name"] for trail in trails for t in trail}
    assert fired == {t["name"] for t in definition["transitions"] if t["trigger"] != "complete"}
    assert all(len({id(t) for t in trail}) == len(trail) for trail in trails)
    assert count >= len(trails) and not cut


def test_the_pointer_refuses_what_a_hover_would_preempt():
    pointer = state_paths_suite.Pointer.__new__(state_paths_suite.Pointer)
    pointer.inside, pointer.down = False, False
    assert pointer.conflict("press", {"press", "hover"})
    assert pointer.conflict("press", {"press"}) is None
    pointer.inside = True
    assert pointer.conflict("hover", {"hover", "hover-end"})


def test_a_good_svg_passes(compiled, tmp_path, capsys):
    status, output = run_suite(*compiled, tmp_path, capsys)
    assert status == 0, failures(output)
    assert "1 scenes, 2 of 2 transitions played, 2 paths, 6 mid-clip instants, 3 rests" in output
    assert output.strip().splitlines()[-1].endswith(" 0 failed")


def test_a_stroke_no_transition_shows_fails(compiled, tmp_path, capsys):
    status, output = run_suite(*compiled, tmp_path, capsys,
                               lambda svg: svg.replace('stroke-dashoffset="0">', 'stroke-dashoffset="0" visibility="hidden">', 1))
    assert status == 1
    found = failures(output)
    assert any("off->on @" in line and "chromium vs thorvg" in line for line in found), found
    assert any("draws on (vs snapshot --state on)" in line for line in found), found


def test_a_transition_that_jumps_fails_in_the_middle_only(compiled, tmp_path, capsys):
    def jump(svg: str) -> str:
        # The first transition's animations reach their end values at once.
        return re.sub(r'(begin="_choreo_clip_0\.begin"[^>]*keyTimes=")0;[0-9.]+;1"', r'\g<1>0;0.0001;1"', svg)

    status, output = run_suite(*compiled, tmp_path, capsys, jump)
    assert status == 1
    found = failures(output)
    assert found and all("off->on @" in line for line in found), found
    assert not any("draws" in line for line in found)


def test_a_machine_resting_in_the_wrong_state_fails(compiled, tmp_path, capsys):
    status, output = run_suite(*compiled, tmp_path, capsys,
                               lambda svg: svg.replace("enter(transition.to);", "enter(transition.from);", 1))
    assert status == 1
    assert any("rests in on" in line for line in failures(output)), failures(output)


DOWNLOAD_BUTTON = REPO_ROOT / "scenes" / "download-button.yaml"


@pytest.fixture(scope="module")
def download_button(tmp_path_factory) -> tuple[Path, Path]:
    return compile_for_suite(DOWNLOAD_BUTTON, tmp_path_factory.mktemp("state-paths-inputs"))


def test_the_input_walk_takes_every_transition_denies_the_guard_and_holds_the_bound_ring(download_button):
    definition = json.loads((download_button[1] / "download-button.timeline.json").read_text())["stateMachine"]
    model = input_paths.Model(definition)
    walks, covered, cut = input_paths.paths(model, 100)
    assert covered == {t["name"] for t in definition["transitions"]} and not cut
    labels = [[move.label for move in walk] for walk in walks]
    # Just below the guard's 1 the machine stays in loading; at 1 it moves on to done.
    assert any(walk[-1] == "set progress=0.99" for walk in labels), labels
    assert any("set progress=1" in walk for walk in labels), labels
    assert {move for walk in labels for move in walk} >= {"set progress=0.25", "set progress=0.5", "set progress=0.75"}
    outcome = model.apply("loading", {"progress": 0.5}, input_paths.Move("set", "progress", 1))
    assert outcome.state == "done" and outcome.taken == ["loading->done"]


def test_a_machine_with_inputs_is_walked_not_skipped(download_button, tmp_path, capsys):
    status, output = run_suite(*download_button, tmp_path, capsys)
    assert status == 0, failures(output)
    assert "skip" not in output
    assert "1 scenes with inputs" in output and "3 of 3 transitions played" in output


def test_a_bound_ring_that_ignores_its_input_fails_at_rest(download_button, tmp_path, capsys):
    status, output = run_suite(*download_button, tmp_path, capsys,
                                      lambda svg: svg.replace("root.setCurrentTime(scrub.begin + position(play));", "root.setCurrentTime(scrub.begin);", 1))
    assert status == 1
    found = failures(output)
    assert any("set progress=0.5" in line and "draws loading" in line for line in found), found


def test_a_guard_the_svg_gets_wrong_fails(download_button, tmp_path, capsys):
    status, output = run_suite(*download_button, tmp_path, capsys,
                                      lambda svg: svg.replace("default: return a >= b;", "default: return a > b;", 1))
    assert status == 1
    assert any("set progress=1" in line for line in failures(output)), failures(output)
