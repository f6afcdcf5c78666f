"""The Lottie conformance suite must be able to fail.

Takes a good document written by the emitter (a golden file), checks that it passes, then breaks
it in ways a buggy emitter could and checks that the suite reports failures:
  - a layer rotated through its `ks` without `"ddd": 0` (rlottie then treats the layer as 3-D
    and drops the rotation, ThorVG does not: the players disagree);
  - every rotation sign flipped (both players agree with each other, so only the comparison
    with reference frames of the good document can catch it);
  - a schema violation;
  - (lottie-web) a dash entry without `nm`, which lottie-web cannot draw, while it draws the good
    document as ThorVG does.
It also pins why a path keeps one vertex count for the whole animation (lottie_audit:
path-vertices, the front end's PathCorrespondence): lottie-web draws a path track whose hold
keyframes change vertex count wrongly, although nothing interpolates across the change.

Run: .venv/bin/python -m pytest Tests/conformance/test_suite_fails_on_bad_output.py
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lottie_conformance  # noqa: E402
from common import REPO_ROOT  # noqa: E402
from lottie_players import ThorVGPlayer  # noqa: E402

GOOD = REPO_ROOT / "Tests" / "ChoreoLottieTests" / "Golden" / "nested-groups.json"


def good_document() -> dict:
    document = json.loads(GOOD.read_text())
    # Rotate the layer itself too, so that the layer's `ddd` matters.
    document["layers"][0]["ks"]["r"] = {"a": 0, "k": 25}
    return document


def write(directory: Path, name: str, document: dict) -> Path:
    path = directory / f"{name}.json"
    path.write_text(json.dumps(document))
    return path


def flip_rotations(value):
    if isinstance(value, dict):
        flipped = {}
        for key, item in value.items():
            if key == "r" and isinstance(item, dict) and "k" in item:
                flipped[key] = negate_property(item)
            else:
                flipped[key] = flip_rotations(item)
        return flipped
    if isinstance(value, list):
        return [flip_rotations(item) for item in value]
    return value


def negate_property(prop: dict) -> dict:
    prop = copy.deepcopy(prop)
    if prop.get("a") == 1:
        for key in prop["k"]:
            key["s"] = [-v for v in key["s"]]
    else:
        prop["k"] = -prop["k"]
    return prop


def render_references(path: Path, directory: Path) -> None:
    """Reference frames NAME@FRAME.png of the good document, as the SVG suite will provide."""
    text = path.read_text()
    document = json.loads(text)
    player = ThorVGPlayer(text, document["w"], document["h"])
    try:
        for frame in lottie_conformance.sample_frames(document):
            Image.fromarray(player.render(frame), "RGB").save(directory / f"{path.stem}@{frame}.png")
    finally:
        player.close()


def test_good_document_passes(tmp_path):
    path = write(tmp_path, "good", good_document())
    outcome = lottie_conformance.run([str(path)], out_dir=tmp_path / "out")
    assert outcome.failed == 0, outcome.failures
    assert outcome.passed >= 10


def test_good_document_passes_against_its_own_references(tmp_path):
    path = write(tmp_path, "scene", good_document())
    references = tmp_path / "references"
    references.mkdir()
    render_references(path, references)
    outcome = lottie_conformance.run([str(path)], reference_dir=references, out_dir=tmp_path / "out")
    assert outcome.failed == 0, outcome.failures
    assert sum("vs reference" in f for f in outcome.failures) == 0


def test_layer_without_ddd_fails(tmp_path):
    document = good_document()
    del document["layers"][0]["ddd"]
    path = write(tmp_path, "no-ddd", document)
    out = tmp_path / "out"
    outcome = lottie_conformance.run([str(path)], out_dir=out)
    assert outcome.failed > 0
    assert any("rlottie vs thorvg" in failure for failure in outcome.failures)
    # Every failure leaves a side-by-side image behind.
    assert list(out.glob("no-ddd@*-rlottie-vs-thorvg.png"))


def test_flipped_rotation_fails_against_reference(tmp_path):
    good = write(tmp_path, "scene", good_document())
    references = tmp_path / "references"
    references.mkdir()
    render_references(good, references)
    flipped_dir = tmp_path / "flipped"
    flipped_dir.mkdir()
    flipped = write(flipped_dir, "scene", flip_rotations(good_document()))
    outcome = lottie_conformance.run([str(flipped)], reference_dir=references, out_dir=tmp_path / "out")
    assert outcome.failed > 0
    assert all("vs reference" in failure for failure in outcome.failures), outcome.failures


def test_schema_violation_fails(tmp_path):
    document = good_document()
    document["w"] = "wide"
    path = write(tmp_path, "bad-schema", document)
    outcome = lottie_conformance.run([str(path)], out_dir=tmp_path / "out")
    assert any(": schema" in failure for failure in outcome.failures)


def test_command_line_exits_non_zero_and_prints_the_summary(tmp_path):
    document = good_document()
    del document["layers"][0]["ddd"]
    path = write(tmp_path, "no-ddd", document)
    script = Path(lottie_conformance.__file__)
    result = subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path / "out"), str(path)],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode != 0
    last_line = result.stdout.strip().splitlines()[-1]
    passed, failed = (int(part.split()[0]) for part in last_line.split(", "))
    assert last_line == f"{passed} passed, {failed} failed" and failed > 0


# lottie-web (in Chromium through Playwright) is a real third player: it draws the good document
# as ThorVG does, frame by frame, and a document it cannot draw fails the comparison.


def test_lottie_web_draws_what_thorvg_draws_and_a_broken_document_fails():
    from browser import Browser
    from common import compare_images
    from lottie_players import LottieWebPlayer

    document = good_document()
    text = json.dumps(document)
    frames = lottie_conformance.sample_frames(document)
    thorvg = ThorVGPlayer(text, document["w"], document["h"])
    broken = copy.deepcopy(document)
    # A dash entry without `nm`: lottie-web 5.7 then draws nothing at all (lottie_audit: dash-name).
    stroke = {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2},
              "lc": 1, "lj": 1, "ml": 4, "d": [{"n": "d", "v": {"a": 0, "k": 4}}, {"n": "g", "v": {"a": 0, "k": 4}}]}
    broken["layers"][0]["shapes"][0]["it"].insert(1, stroke)
    try:
        with Browser() as browser:
            player = LottieWebPlayer(browser)
            good_frames = player.render_frames(text, document["w"], document["h"], frames)
            broken_frames = player.render_frames(json.dumps(broken), document["w"], document["h"], frames)
        for frame in frames:
            reference = thorvg.render(frame)
            assert compare_images(good_frames[frame], reference).passed, f"frame {frame}"
        assert any(not compare_images(broken_frames[frame], thorvg.render(frame)).passed for frame in frames)
    finally:
        thorvg.close()


def hold_path_document(first: list, second: list) -> dict:
    """A 100 × 100 black fill whose path holds `first` (points) until frame 30, then `second`."""
    def shape(points):
        return {"c": True, "v": [list(p) for p in points], "i": [[0, 0]] * len(points), "o": [[0, 0]] * len(points)}
    path = {"ty": "sh", "nm": "p", "ks": {"a": 1, "k": [
        {"t": 0, "h": 1, "s": [shape(first)]}, {"t": 30, "h": 1, "s": [shape(second)]}, {"t": 59, "s": [shape(second)]}]}}
    fill = {"ty": "fl", "nm": "f", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1}
    still = {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "a": {"a": 0, "k": [0, 0]}}
    group_transform = {"ty": "tr", **still, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}}
    layer = {"ddd": 0, "ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "sr": 1, "nm": "l",
             "ks": {**still, "a": {"a": 0, "k": [0, 0, 0]}, "p": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
             "shapes": [{"ty": "gr", "nm": "g", "it": [path, fill, group_transform]}]}
    return {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "ddd": 0, "layers": [layer], "assets": []}


# A change of vertex count where nothing interpolates (a hold) is still drawn wrong by lottie-web
# 5.7: it sizes the path once from the first keyframe, so a pentagon after a triangle is cut to
# its first three vertices and a triangle after a pentagon leaves the pentagon on screen. So a
# morph cannot give each pair of poses its own structure in one path track.
@pytest.mark.parametrize("first_count", [3, 5])
def test_lottie_web_keeps_a_paths_first_vertex_count_across_hold_keyframes(first_count):
    from browser import Browser
    from common import compare_images
    from lottie_audit import audit
    from lottie_players import LottieWebPlayer

    triangle = [(10, 10), (40, 10), (10, 40)]
    pentagon = [(60, 60), (90, 60), (90, 90), (75, 90), (60, 90)]
    first, second = (triangle, pentagon) if first_count == 3 else (pentagon, triangle)
    document = hold_path_document(first, second)
    text = json.dumps(document)
    assert "path-vertices" in {finding.rule for finding in audit(document)}
    thorvg = ThorVGPlayer(text, 100, 100)
    try:
        with Browser() as browser:
            frames = LottieWebPlayer(browser).render_frames(text, 100, 100, [10, 45])
        assert compare_images(frames[10], thorvg.render(10)).passed
        assert not compare_images(frames[45], thorvg.render(45)).passed
    finally:
        thorvg.close()


# The comparison rule itself (common.compare_images): it forgives how an edge is anti-aliased,
# never a shape out of place or a wrong colour.


def square_image(x: float, size: int = 100, side: int = 20, colour=(10, 132, 255), hard: bool = False):
    """A white frame with a `side` px square whose left/top edge is at `x` (fractional), drawn with
    exact coverage, or snapped to whole pixels (`hard`, as ThorVG draws axis-aligned rectangles)."""
    import numpy as np

    image = np.full((size, size, 3), 255.0)
    coverage = np.zeros(size)
    for pixel in range(size):
        coverage[pixel] = max(0.0, min(pixel + 1, x + side) - max(pixel, x))
    if hard:
        coverage = (np.arange(size) >= round(x)) & (np.arange(size) < round(x) + side)
    mask = np.outer(coverage, coverage)[..., None]
    image = image * (1 - mask) + np.array(colour, dtype=float) * mask
    return np.clip(np.rint(image), 0, 255).astype(np.uint8)


def test_comparison_forgives_anti_aliasing_differences():
    from common import compare_images

    assert compare_images(square_image(20.4), square_image(20.4, hard=True)).passed
    assert compare_images(square_image(20.5), square_image(20.9)).passed


def test_comparison_fails_on_a_shift_or_a_wrong_colour():
    from common import compare_images

    assert not compare_images(square_image(20), square_image(23)).passed
    assert not compare_images(square_image(20), square_image(20, colour=(255, 59, 48))).passed


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
