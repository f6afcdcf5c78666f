"""The dotLottie checks (dotlottie.py, dotlottie_suite.py) must be able to fail.

Compiles a scene that uses every trigger to a `.lottie`, checks that the good archive passes every
part, then breaks it the way a buggy emitter could and checks that each part reports it.
Needs the choreo binary: CHOREO=path/to/choreo (run_all.sh sets it).

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_dotlottie_checks.py
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import dotlottie  # noqa: E402
import dotlottie_suite  # noqa: E402
from common import REPO_ROOT  # noqa: E402

SCENE = REPO_ROOT / "Tests" / "ChoreoSceneTests" / "Fixtures" / "valid" / "every-trigger.yaml"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    out = tmp_path_factory.mktemp("dotlottie")
    archive, timeline = dotlottie.compile_archive(SCENE, out)
    return os.environ["CHOREO"], out, archive, timeline


def machine_of(compiled):
    return copy.deepcopy(compiled[2].state_machines["every-trigger"])


def animation_of(compiled):
    return copy.deepcopy(compiled[2].animations["every-trigger"])


def test_the_good_archive_passes_every_part(compiled):
    choreo, out, archive, timeline = compiled
    assert archive.problems == []
    assert dotlottie.check_state_machine(machine_of(compiled), animation_of(compiled)) == []
    results = dotlottie_suite.Results()
    dotlottie_suite.simulate("every-trigger", machine_of(compiled), animation_of(compiled), timeline, results)
    dotlottie_suite.thorvg_segments("every-trigger", SCENE, animation_of(compiled), timeline, choreo, out, results)
    assert results.totals() == (len(results.checks), 0)
    assert len(results.checks) >= 20


def rezip(path: Path, target: Path, *, order=None, stored=(), replace=None) -> Path:
    with zipfile.ZipFile(path) as source:
        members = {info.filename: source.read(info.filename) for info in source.infolist()}
    names = order or list(members)
    with zipfile.ZipFile(target, "w") as out:
        for name in names:
            data = (replace or {}).get(name, members[name])
            out.writestr(name, data, compress_type=zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED)
    return target


def test_archive_rules_catch_order_method_and_version(compiled, tmp_path):
    good = compiled[1] / "every-trigger.lottie"
    names = compiled[2].names
    moved = rezip(good, tmp_path / "a.lottie", order=[names[0], names[-1], *names[1:-1]])
    assert any("last JSON member" in p for p in dotlottie.read_archive(moved).problems)
    stored = rezip(good, tmp_path / "b.lottie", stored={"a/every-trigger.json"})
    assert any("Deflate" in p for p in dotlottie.read_archive(stored).problems)
    manifest = json.loads(zipfile.ZipFile(good).read("manifest.json"))
    manifest["version"] = 2
    numeric = rezip(good, tmp_path / "c.lottie", replace={"manifest.json": json.dumps(manifest).encode()})
    assert any("version" in p for p in dotlottie.read_archive(numeric).problems)


def test_machine_rules_catch_cross_file_mistakes(compiled):
    animation = animation_of(compiled)

    machine = machine_of(compiled)
    machine["states"][0]["segment"] = "no-such-marker"
    assert any("not a marker" in p for p in dotlottie.check_state_machine(machine, animation))

    machine = machine_of(compiled)
    machine["inputs"] = [i for i in machine["inputs"] if i["name"] != "tap"]
    problems = dotlottie.check_state_machine(machine, animation)
    assert any("not a declared Event input" in p for p in problems)
    assert any("undeclared input 'tap'" in p for p in problems)

    machine = machine_of(compiled)
    for transition in machine["states"][0]["transitions"]:
        transition.pop("guards", None)
    machine["states"][0]["transitions"].append({"type": "Transition", "toState": "on"})
    assert any("guardless" in p for p in dotlottie.check_state_machine(machine, animation))

    machine = machine_of(compiled)
    machine["states"][1]["name"] = machine["states"][0]["name"]
    assert any("used twice" in p for p in dotlottie.check_state_machine(machine, animation))

    machine = machine_of(compiled)
    machine["states"][0]["autoplay"] = "yes"
    assert any(p.startswith("schema:") for p in dotlottie.check_state_machine(machine, animation))


def test_simulation_catches_a_transition_that_lands_in_the_wrong_state(compiled):
    machine = machine_of(compiled)
    for state in machine["states"]:
        if state["name"] == "off->on":
            state["transitions"][0]["toState"] = "off"
    results = dotlottie_suite.Results()
    dotlottie_suite.simulate("every-trigger", machine, animation_of(compiled), compiled[3], results)
    assert results.totals()[1] > 0


def test_simulation_catches_a_complete_that_never_fires(compiled):
    machine = machine_of(compiled)
    machine["interactions"] = [i for i in machine["interactions"] if i.get("stateName") != "flashing"]
    results = dotlottie_suite.Results()
    dotlottie_suite.simulate("every-trigger", machine, animation_of(compiled), compiled[3], results)
    assert any(not ok and "flashing->cooling" in name for _, name, ok, _ in results.checks)


def test_thorvg_catches_a_marker_on_the_wrong_frames(compiled, tmp_path):
    choreo, out, archive, timeline = compiled
    animation = animation_of(compiled)
    markers = {m["cm"]: m for m in animation["markers"]}
    # `off->on` pointing at the frames of `on->off`: it ends in the wrong pose.
    markers["off->on"]["tm"], markers["off->on"]["dr"] = markers["on->off"]["tm"], markers["on->off"]["dr"]
    results = dotlottie_suite.Results()
    dotlottie_suite.thorvg_segments("every-trigger", SCENE, animation, timeline, choreo, tmp_path, results)
    assert any(not ok and name.startswith("every-trigger off->on ") for _, name, ok, _ in results.checks)


def test_theme_check_passes_and_catches_a_theme_file_that_does_not_match_the_theme(tmp_path):
    choreo = os.environ.get("CHOREO")
    assert choreo, "set CHOREO to the choreo binary"
    scene = REPO_ROOT / "scenes" / "theme-switch.yaml"
    subprocess.run([choreo, "compile", str(scene), "-o", str(tmp_path), "--emit", "dotlottie"], check=True)
    archive = dotlottie.read_archive(tmp_path / "theme-switch.lottie")
    animation = archive.animations["theme-switch"]
    results = dotlottie_suite.Results()
    dotlottie_suite.theme_checks("theme-switch", scene, archive, animation, choreo, tmp_path, results)
    assert results.checks and results.totals()[1] == 0
    # A theme file that forgets the background: the default paper shows where dark is expected.
    archive.themes["dark"]["rules"] = [r for r in archive.themes["dark"]["rules"] if r["id"] != "paper"]
    broken = dotlottie_suite.Results()
    dotlottie_suite.theme_checks("theme-switch", scene, archive, animation, choreo, tmp_path, broken)
    assert broken.totals()[1] > 0
