"""The feature matrix covers what it claims (feature_matrix.py), and finds overshoot peaks.

- every animatable property path of docs/scene-format.md §5 is animated by some probe, in every
  context and with every easing (the table is read from the docs, so a newly documented property
  fails here until the matrix animates it);
- each transform property and the fill land on every shape kind across the scenes;
- the peak finder returns the frame where an overshooting cubic-bezier turns round;
- "starts empty" cells (trim end, opacity, scale, size at 0) meet every easing in every context,
  from the empty value and to it; hard-edged gradients (two stops at one offset) in colour and
  opacity, linear and radial, in every scene;
- every §5 property a text node has (the table's rows but those of one other shape kind) is
  animated on a text cell in every context, and per-glyph text cells are in every context;
- §11's layer keys take every blend, mask and matte mode by turns, and the cells a renderer draws
  otherwise say so in the manifest.

Run: .venv/bin/python -m pytest Tests/conformance/test_feature_matrix.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import feature_matrix  # noqa: E402
from common import REPO_ROOT  # noqa: E402


def documented_rows() -> list[tuple[set[str], str]]:
    """The rows of docs/scene-format.md §5's table: (property paths, what they apply to)."""
    text = (REPO_ROOT / "docs" / "scene-format.md").read_text(encoding="utf-8")
    section = text.split("## 5. What can be animated", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        if line.startswith("| `"):
            columns = line.split("|")
            rows.append((set(re.findall(r"`([a-z.-]+)`", columns[1])), columns[2].strip()))
    return rows


def documented_paths() -> set[str]:
    return set().union(*(paths for paths, _ in documented_rows()))


# The shape kinds whose own geometry keys (a rect's size, a path's d, …) a text node does not have.
GEOMETRY_KINDS = ("rect", "ellipse", "polygon", "path")


def text_paths() -> set[str]:
    """The §5 paths a text node has: every row but those that apply to one other shape kind or
    to masks (a mask's own keys)."""
    return set().union(*(paths for paths, applies in documented_rows()
                         if not re.match(rf"({'|'.join(GEOMETRY_KINDS)}|masks)\b", applies)))


def generated(tmp_path: Path, full: bool = False) -> tuple[dict, dict[str, dict]]:
    feature_matrix.generate(tmp_path, full=full)
    manifest = json.loads((tmp_path / "matrix.json").read_text())
    scenes = {}
    for name in manifest:
        text = (tmp_path / f"{name}.yaml").read_text()
        scenes[name] = json.loads(text.split("\n", 1)[1])  # after the comment line, JSON
    return manifest, scenes


def test_the_docs_table_is_read():
    paths = documented_paths()
    assert {"position", "opacity", "fill.stops", "trim.offset", "inner-radius", "d"} <= paths


def test_every_documented_property_meets_every_easing_in_every_context():
    # At full breadth (scripts/test-slow.sh); the test command's matrix holds the layer keys' cells
    # by turns (the next test).
    animated = {}
    index = 0
    for context in feature_matrix.CONTEXTS:
        for easing in feature_matrix.EASINGS:
            for probe in feature_matrix.probes(index, full=True):
                for path, _, _ in probe.changes:
                    animated.setdefault(path, set()).add((context, easing))
            index += 1
    everything = {(c, e) for c in feature_matrix.CONTEXTS for e in feature_matrix.EASINGS}
    missing = sorted(documented_paths() - set(animated))
    assert not missing, f"documented in §5 but animated by no probe: {missing}"
    # A path's shape is animated as `d`, `points` or `contours` (one row of §5, taken by turns):
    # together they meet everything, and each form appears in every context.
    forms = ("d", "points", "contours")
    for path in documented_paths() - set(forms):
        assert animated[path] == everything, f"{path} misses {sorted(everything - animated[path])}"
    assert set().union(*(animated[form] for form in forms)) == everything
    for form in forms:
        assert {context for context, _ in animated[form]} == set(feature_matrix.CONTEXTS), form


def test_transforms_and_fill_land_on_every_shape_kind():
    seen = {}
    for index in range(len(feature_matrix.CONTEXTS) * len(feature_matrix.EASINGS)):
        for probe in feature_matrix.probes(index):
            prop, _, kind = probe.name.partition("/")
            seen.setdefault(prop, set()).add(kind)
    for prop in ("position", "anchor", "offset", "scale", "rotation", "opacity-up", "opacity-down", "fill"):
        assert seen[prop] == set(feature_matrix.SHAPE_KINDS), f"{prop} on {sorted(seen[prop])}"
    for prop in ("stroke.color", "stroke.width", "trim.end", "trim.start", "trim.offset"):
        assert seen[prop] == set(feature_matrix.STROKED_KINDS), f"{prop} on {sorted(seen[prop])}"


def test_scenes_are_written_with_their_cells(tmp_path):
    manifest, scenes = generated(tmp_path)
    assert len(manifest) == len(feature_matrix.CONTEXTS) * len(feature_matrix.EASINGS)
    for name, entry in manifest.items():
        ids = {layer["id"] for layer in scenes[name]["layers"]}
        width, height = scenes[name]["size"]
        for cell in entry["cells"]:
            assert cell["node"] in ids
            x, y, w, h = cell["box"]
            assert 0 <= x and x + w <= width and 0 <= y and y + h <= height
    assert "states" in scenes["matrix-state-linear"] and "timelines" not in scenes["matrix-state-linear"]
    assert "keyframes" in scenes["matrix-keyframes-steps"]["timelines"]["run"]


def test_the_peak_of_an_overshooting_cubic_bezier_is_sampled():
    timeline = {
        "fps": 60, "frames": 60,
        "spans": [{"name": "run", "startFrame": 0, "endFrame": 60, "loops": False}],
        "layers": [{"transform": {"position": {"initial": [0, 0], "segments": [
            {"start": 0, "end": 1, "from": [0, 0], "to": [100, 0], "easing": {"cubic-bezier": [0.3, 0, 0.7, 1.6]}}]}}}],
    }
    peaks = feature_matrix.overshoot_peaks(timeline)
    assert len(peaks) == 1
    (peak,) = peaks
    values = [feature_matrix._cubic_progress(0.3, 0, 0.7, 1.6, f / 60) for f in range(61)]
    assert peak == max(range(61), key=lambda f: values[f])
    frames = [frame for frame, _ in feature_matrix.instants(timeline)]
    assert frames == sorted({0, 29, 59, peak})


def test_a_motion_without_overshoot_has_no_peak():
    timeline = {
        "fps": 60, "frames": 60,
        "spans": [{"name": "run", "startFrame": 0, "endFrame": 60, "loops": False}],
        "layers": [{"transform": {"opacity": {"initial": 0, "segments": [
            {"start": 0, "end": 1, "from": 0, "to": 1, "easing": {"cubic-bezier": [0.42, 0, 0.58, 1]}}]}}}],
    }
    assert feature_matrix.overshoot_peaks(timeline) == set()


def test_every_scene_has_a_free_morph_cell_between_different_contour_counts():
    # Contract §10: the compiler makes poses of different contour and vertex counts correspond;
    # the cell meets every easing in every context like the other properties.
    seen = set()
    index = 0
    for context in feature_matrix.CONTEXTS:
        for easing in feature_matrix.EASINGS:
            probe = next(p for p in feature_matrix.probes(index) if p.name == "free-morph/path")
            (path, base, target), = probe.changes
            assert path == "d" and base.count("M") == 1 and target.count("M") == 2
            seen.add((context, easing))
            index += 1
    assert seen == {(c, e) for c in feature_matrix.CONTEXTS for e in feature_matrix.EASINGS}


def test_round_two_timing_keys_are_covered(tmp_path):
    """Springs by physics are an easing family; repeat.delay and repeat.fill appear in every
    context; every state scene times one property on its own (`nodes: {NODE.PROPERTY: …}`)."""
    assert "stiffness" in feature_matrix.EASINGS["spring-physics"]["spring"]
    manifest, scenes = generated(tmp_path)
    staggered, coloured = set(), set()
    for name, document in scenes.items():
        context = manifest[name]["context"]
        for node in document["layers"]:
            repeat = node.get("repeat", {})
            if "delay" in repeat:
                staggered.add(context)
            if "fill" in repeat:
                coloured.add(context)
        if context == "state":
            for transition in document["transitions"]:
                keys = transition.get("nodes", {})
                assert any("." in key for key in keys), f"{name}: no per-property timing"
                assert any("." not in key for key in keys), f"{name}: no per-node timing"
    assert staggered == set(feature_matrix.CONTEXTS)
    assert coloured == set(feature_matrix.CONTEXTS)


def test_starts_empty_cells_meet_every_easing_in_every_context_both_ways(tmp_path):
    """Trim end 0, opacity 0, scale 0 and size 0 are each an end of some probe's motion: from it
    (the base draws nothing) and to it, with every easing in every context; a shape's size cannot
    be 0 in its base, so it goes to 0, and the state scenes that start in `moved` (every other
    one) start from it."""
    empty = {"trim.end": 0, "opacity": 0, "scale": 0, "size": [0, 0]}
    everything = {(c, e) for c in feature_matrix.CONTEXTS for e in feature_matrix.EASINGS}
    seen: dict[tuple[str, str], set] = {}
    index = 0
    for context in feature_matrix.CONTEXTS:
        for easing in feature_matrix.EASINGS:
            for probe in feature_matrix.probes(index):
                for path, base, target in probe.changes:
                    if path in empty and base == empty[path]:
                        seen.setdefault((path, "from"), set()).add((context, easing))
                    if path in empty and target == empty[path]:
                        seen.setdefault((path, "to"), set()).add((context, easing))
            index += 1
    for path in ("trim.end", "scale"):
        for direction in ("from", "to"):
            assert seen.get((path, direction)) == everything, (path, direction)
    assert seen.get(("opacity", "from")) == everything and seen.get(("opacity", "to")) == everything
    assert seen.get(("size", "to")) == everything
    manifest, scenes = generated(tmp_path)
    initial = {scenes[name].get("initial", "rest") for name in manifest if manifest[name]["context"] == "state"}
    assert initial == {"rest", "moved"}


def test_hard_edged_gradients_in_colour_and_opacity():
    for index in range(len(feature_matrix.CONTEXTS) * len(feature_matrix.EASINGS)):
        hard = [p for p in feature_matrix.probes(index) if ".hard-edge/" in p.name]
        assert {p.name.split(".")[0] for p in hard} == {"linear", "radial"}
        for probe in hard:
            stops = probe.node["fill"]["stops"]
            offsets = [offset for offset, _ in stops]
            assert any(a == b for a, b in zip(offsets, offsets[1:])), probe.name
            # The colour after the edge is translucent: a hard edge in the opacity stops too.
            assert any(len(colour) == 9 for _, colour in stops), probe.name


def test_every_section_5_property_of_a_text_node_has_a_text_cell_in_every_context(tmp_path):
    paths = text_paths()
    # The table is read as it is meant: paint, trim, clips and effects apply, other kinds' geometry not.
    assert {"fill", "fill.from", "fill.center", "stroke.width", "trim.offset", "anchor", "clip.d", "shadow.blur"} <= paths
    assert {"position.x", "position.y", "motion-path.at"} <= paths
    assert not paths & {"size", "corner-radius", "radius", "inner-radius", "d", "points", "contours", "expand"}
    animated: dict[str, set[str]] = {}
    index = 0
    for context in feature_matrix.CONTEXTS:
        for _ in feature_matrix.EASINGS:
            for probe in feature_matrix.probes(index):
                if probe.node.get("shape") == "text":
                    for path, _, _ in probe.changes:
                        animated.setdefault(path, set()).add(context)
            index += 1
    missing = sorted(paths - set(animated))
    assert not missing, f"§5 properties of a text node animated on no text cell: {missing}"
    for path in sorted(paths):
        assert animated[path] == set(feature_matrix.CONTEXTS), f"text {path} only in {sorted(animated[path])}"
    manifest, scenes = generated(tmp_path)
    assert (tmp_path / "fonts" / feature_matrix.TEXT_FONT.name).read_bytes() == feature_matrix.TEXT_FONT.read_bytes()
    for name in manifest:
        texts = [layer for layer in scenes[name]["layers"] if layer["shape"] == "text"]
        assert len(texts) == feature_matrix.TEXT_PROBES_PER_SCENE
        assert scenes[name]["fonts"] == feature_matrix.TEXT_FONTS
        # Trim draws a handwriting stroke: on outlines without a fill (lottie_audit's trimmed-fill pitfall).
        for layer in texts:
            if "trim" in layer:
                assert layer["fill"] == "none" and "stroke" in layer, layer["id"]


def test_per_glyph_text_cells_are_in_every_context():
    # Per-glyph motion in states, tweens, a looping timeline (where the glyphs' delays wrap round
    # the cycle) and a transition's choreography.
    contexts: set[str] = set()
    index = 0
    for context in feature_matrix.CONTEXTS:
        for _ in feature_matrix.EASINGS:
            for probe in feature_matrix.probes(index):
                if probe.node.get("shape") == "text" and "per-glyph" in probe.node:
                    contexts.add(context)
            index += 1
    assert contexts == set(feature_matrix.CONTEXTS), sorted(contexts)


def test_the_layer_keys_take_every_mode_by_turns_and_say_what_a_renderer_draws_otherwise(tmp_path):
    """§11's layer keys: every blend, mask and matte mode across the scenes at full breadth, a
    motion path with and without `orient: auto`, curved keyframes in the keyframes context; in the
    test command's matrix two of them a scene, each in every context, every mask and matte mode;
    cells a renderer draws otherwise (docs/players.md) carry the reason into the manifest."""
    names: set[str] = set()
    by_context: dict[str, set[str]] = {}
    index = 0
    for context in feature_matrix.CONTEXTS:
        for _ in feature_matrix.EASINGS:
            names |= {probe.name for probe in feature_matrix.probes(index, full=True)}
            layer_cells = feature_matrix.after_effects_probes(index)
            assert len(layer_cells) == feature_matrix.LAYER_CELLS_PER_SCENE
            by_context.setdefault(context, set()).update(probe.name.split("/")[0] for probe in layer_cells)
            index += 1
    every = {probe.name.split("/")[0] for probe in feature_matrix.after_effects_probes(0, full=True)}
    assert len(every) == feature_matrix.LAYER_CELLS
    assert all(seen == every for seen in by_context.values()), by_context
    sampled = {probe.name for index in range(index) for probe in feature_matrix.after_effects_probes(index)}
    assert {f"mask.radius-opacity/{mode}" for mode in feature_matrix.MASK_MODES} <= sampled
    assert {f"matte.offset/{mode}" for mode in feature_matrix.MATTE_MODES} <= sampled
    assert {f"blend.fill/{mode}" for mode in feature_matrix.BLEND_MODES} <= names
    assert {f"mask.radius-opacity/{mode}" for mode in feature_matrix.MASK_MODES} <= names
    assert {f"matte.offset/{mode}" for mode in feature_matrix.MATTE_MODES} <= names
    assert any(name.startswith("motion-path.at/") and name.endswith("+orient") for name in names)
    assert any(name.startswith("motion-path.at/") and not name.endswith("+orient") for name in names)
    assert {"parent.rotation/rect", "visible.opacity/rect", "time.rotation/group", "mask.expand/ellipse"} <= names
    manifest, scenes = generated(tmp_path, full=True)
    keyframes = scenes["matrix-keyframes-linear"]["timelines"]["run"]["keyframes"]
    assert any(all("path" in frame for frame in frames) for frames in keyframes.values())
    skipped = {(name, cell["name"], renderer) for name, entry in manifest.items() for cell in entry["cells"]
               for renderer in cell.get("drawnOtherwise", {})}
    assert ("matrix-state-linear", "blend.fill/multiply", "rlottie") in skipped
    assert ("matrix-state-spring-bouncy", "mask.expand/ellipse", "lottie-web") in skipped
    assert ("matrix-state-linear", "mask.expand/ellipse", "lottie-web") not in skipped
    # Chromium (the SVG) draws every cell as the reference does.
    assert {renderer for _, _, renderer in skipped} == {"rlottie", "lottie-web", "thorvg"}
