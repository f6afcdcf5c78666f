"""The spec-schema suite (lottie_spec_schema.py) assembles the Lottie spec's schema as the spec's
own build does, accepts what the spec calls valid, and fails on broken output.

- the two `unknown-*` definitions list exactly the `ty` values their folder's other files define;
  without those lists a known type with a missing member would pass as "unknown";
- the spec's valid test animations validate and its invalid ones fail;
- a compiled Lottie validates; a shape without its required member, a layer with a string size, a
  keyframe without its time each fail, with a message naming the place;
- remembering `$ref` results changes no verdict (the same errors as the plain validator);
- the layer keys' fixtures (Tests/ChoreoSceneTests/Fixtures/valid/layer-*.yaml, compiled by the
  spec-schema stage with the other valid fixtures) validate, and hold every construct the Lottie
  writes for them: precompositions, null parents, in and out points, blend modes, masks of every
  mode (inverted, expanded), mattes of every mode, spatial tangents, a split position; a
  difference mask is the only thing beyond the spec;
- without ../shared the suite says it skipped and counts nothing.

Run: .venv/bin/python -m pytest Tests/conformance/test_lottie_spec_schema.py
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lottie_spec_schema  # noqa: E402
from common import REPO_ROOT  # noqa: E402

GOOD = REPO_ROOT / "Tests" / "ChoreoLottieTests" / "Golden" / "shapes.json"
LAYER_FIXTURES = sorted((REPO_ROOT / "Tests" / "ChoreoSceneTests" / "Fixtures" / "valid").glob("layer-*.yaml"))
CHOREO = os.environ.get("CHOREO", str(REPO_ROOT / ".build" / "debug" / "choreo"))
needs_peer_suite = pytest.mark.skipif(not lottie_spec_schema.available(), reason=lottie_spec_schema.ABSENT)


def shapes_of(document: dict) -> list[dict]:
    """Every shape item of every layer, groups' items included."""
    found = []

    def walk(items):
        for item in items:
            found.append(item)
            walk(item.get("it", []))

    for layer in document["layers"]:
        walk(layer.get("shapes", []))
    return found


@needs_peer_suite
def test_unknown_types_list_the_rest_of_their_folder():
    definitions = lottie_spec_schema.assemble()["$defs"]
    layers = definitions["layers"]["unknown-layer"]["properties"]["ty"]["not"]["enum"]
    shapes = definitions["shapes"]["unknown-shape"]["properties"]["ty"]["not"]["enum"]
    assert sorted(layers) == [0, 1, 2, 3, 4]
    assert sorted(shapes) == sorted(["el", "fl", "gf", "gs", "gr", "sh", "sr", "rc", "st", "tr", "tm", "pb"])
    assert "$schema" not in definitions["shapes"]["ellipse"]


@needs_peer_suite
def test_the_specs_own_test_animations():
    checks = lottie_spec_schema.self_test()
    assert checks and all(ok for _, ok, _ in checks), [c for c in checks if not c[1]]
    assert any(name.startswith("self-test invalid/") for name, _, _ in checks)


@needs_peer_suite
def test_a_compiled_lottie_validates_and_broken_ones_fail():
    document = json.loads(GOOD.read_text())
    assert lottie_spec_schema.errors(document) == []

    no_size = copy.deepcopy(document)
    ellipse = next(s for s in shapes_of(no_size) if s["ty"] == "el")
    del ellipse["s"]
    found = lottie_spec_schema.errors(no_size)
    assert found and any("'s' is a required property" in message for message in found), found

    wide = copy.deepcopy(document)
    wide["w"] = "wide"
    assert any(message.startswith("w:") for message in lottie_spec_schema.errors(wide))

    animated = copy.deepcopy(document)
    layer = animated["layers"][0]
    layer["ks"]["o"] = {"a": 1, "k": [{"s": [100]}, {"t": 10, "s": [0]}]}
    assert lottie_spec_schema.errors(animated)


@needs_peer_suite
def test_a_difference_mask_is_counted_beyond_the_spec_and_nothing_else_is():
    document = json.loads(GOOD.read_text())
    layer = document["layers"][0]
    square = {"c": True, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0]] * 4, "o": [[0, 0]] * 4}
    layer["hasMask"] = True
    layer["masksProperties"] = [{"mode": "f", "inv": False, "pt": {"a": 0, "k": square}, "o": {"a": 0, "k": 100}}]
    # The spec itself refuses it; the check reads it as an added mask and says where it is.
    assert list(lottie_spec_schema.validator().iter_errors(document))
    assert lottie_spec_schema.errors(document) == []
    assert lottie_spec_schema.beyond_the_spec(document)[1] == ["/layers/0/masksProperties/0/mode"]
    assert document["layers"][0]["masksProperties"][0]["mode"] == "f", "the document itself is left as it is"
    # Any other mode the spec does not define still fails, as does anything else wrong in a mask.
    for broken in ({"mode": "l"}, {"mode": "f", "pt": None}):
        other = copy.deepcopy(document)
        other["layers"][0]["masksProperties"][0].update(broken)
        assert lottie_spec_schema.errors(other), broken


@needs_peer_suite
def test_without_the_unknown_lists_a_broken_known_type_would_pass(monkeypatch):
    document = json.loads(GOOD.read_text())
    ellipse = next(s for s in shapes_of(document) if s["ty"] == "el")
    del ellipse["s"]
    schema = lottie_spec_schema.assemble()
    schema["$defs"]["shapes"]["unknown-shape"]["properties"]["ty"]["not"]["enum"] = []
    assert list(lottie_spec_schema.validator_for(schema).iter_errors(document)) == []
    assert lottie_spec_schema.errors(document)


@needs_peer_suite
def test_remembering_ref_results_changes_no_verdict():
    import jsonschema

    document = json.loads(GOOD.read_text())
    # The same broken shape twice, and again after a good copy of it was remembered.
    shapes = document["layers"][0]["shapes"]
    good = copy.deepcopy(shapes[0])
    broken = copy.deepcopy(shapes[0])
    broken["ty"] = "el"
    shapes[:] = [good, broken, copy.deepcopy(broken), copy.deepcopy(good)]
    schema = lottie_spec_schema.assemble()
    plain = jsonschema.validators.validator_for(schema)(schema)
    memoized = lottie_spec_schema.validator_for(schema)

    def verdicts(validator):
        return sorted((list(e.absolute_path), e.message) for e in validator.iter_errors(document))

    assert verdicts(plain) and verdicts(memoized) == verdicts(plain)
    # Twice with one memory: what was remembered the first time changes nothing the second.
    assert verdicts(memoized) == verdicts(plain)


def test_without_the_peer_suite_it_skips_with_a_message(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(lottie_spec_schema, "SCHEMA_DIR", tmp_path / "absent")
    assert lottie_spec_schema.main([str(GOOD)]) == 0
    output = capsys.readouterr().out
    assert "skipped" in output and "../shared" in output
    assert output.strip().splitlines()[-1] == "0 passed, 0 failed"


def every_value(value: object):
    """The value and everything nested in it."""
    yield value
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    for child in children:
        yield from every_value(child)


@needs_peer_suite
@pytest.mark.skipif(not Path(CHOREO).is_file(), reason=f"no choreo at {CHOREO} (set CHOREO)")
def test_every_layer_key_the_lottie_writes_is_within_the_spec(tmp_path):
    assert [path.name for path in LAYER_FIXTURES] == ["layer-traits.yaml", "layer-window.yaml"]
    subprocess.run([CHOREO, "compile", *map(str, LAYER_FIXTURES), "-o", str(tmp_path), "--emit", "lottie"],
                   check=True, capture_output=True)
    layers, beyond = [], []
    for fixture in LAYER_FIXTURES:
        document = json.loads((tmp_path / f"{fixture.stem}.json").read_text())
        assert lottie_spec_schema.errors(document) == [], fixture.name
        beyond += [f"{fixture.stem}:{place}" for place in lottie_spec_schema.beyond_the_spec(document)[1]]
        layers += document["layers"] + [layer for asset in document.get("assets", []) for layer in asset.get("layers", [])]
    masks = [mask for layer in layers for mask in layer.get("masksProperties", [])]
    assert {layer["ty"] for layer in layers} == {0, 3, 4}, "precompositions, null parents, shape layers"
    assert any("parent" in layer for layer in layers)
    assert any(layer["ip"] > 0 for layer in layers), "a window's in point"
    assert {layer.get("bm", 0) for layer in layers} >= {0, 1, 2}
    assert {mask["mode"] for mask in masks} == {"a", "s", "i", "f"}
    assert any(mask["inv"] for mask in masks)
    assert {mask["x"]["k"] > 0 for mask in masks if mask["x"]["a"] == 0} == {False, True}
    assert any(mask["x"]["k"] < 0 for mask in masks if mask["x"]["a"] == 0), "a mask pulled in"
    assert {layer["tt"] for layer in layers if "tt" in layer} == {1, 2, 3, 4}
    assert {layer["td"] for layer in layers if "td" in layer} == {1}
    assert any(layer["ks"]["p"].get("s") for layer in layers), "a split position"
    assert any(isinstance(item, dict) and "t" in item and "to" in item and "ti" in item
               for item in every_value(layers)), "a keyframe with spatial tangents"
    assert len(beyond) == 1 and beyond[0].startswith("layer-traits:/layers/"), beyond

