"""`choreo compile --target tgs` writes stickers Telegram's rules accept.

Every scene in scenes/ is compiled with `--target tgs`; each NAME.tgs must be a gzip file (read
with Python's gzip module) holding Lottie with "tgs": 1, 512x512, 60 fps, at most 180 frames,
and pass python-lottie's TGS validator (`lottie.exporters.tgs_validator.TgsValidator`) with no
finding at any severity, notes included. The sticker scales the scene to fit the canvas: for a
square scene ThorVG and rlottie (Telegram's player) must draw the sticker as ThorVG draws the plain
Lottie at 512x512. Each sticker also passes the Lottie spec schema.
A 30 fps scene is re-timed to 60 fps with its motion unchanged (rlottie vs ThorVG at matching times).
Outlined text: a scene of the feature matrix's text cells with every property a sticker may hold
(paint, gradients, stroke, trim, opacity, transforms) writes a valid sticker of shape layers that
rlottie draws as ThorVG does; a text with a clip or an effect is refused with the rule for it.
The validator is shown to catch a bad sticker, so these tests can fail.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_tgs.py
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import tempfile
import sys
from pathlib import Path

import pytest
from lottie.exporters.tgs_validator import Severity, TgsValidator
from lottie.parsers.tgs import parse_tgs

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO_ROOT, compare_images  # noqa: E402
import feature_matrix  # noqa: E402
from lottie_players import RlottiePlayer, ThorVGPlayer, schema_errors  # noqa: E402

# A clip is a Lottie mask, which stickers may not use: clipped scenes are refused (`tgs-clip`, tested below).
def choreo() -> str:
    path = os.environ.get("CHOREO")
    if not path:
        subprocess.run(["swift", "build", "--product", "choreo"], cwd=REPO_ROOT, check=True, capture_output=True)
        bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO_ROOT, check=True,
                                 capture_output=True, text=True).stdout.strip()
        path = str(Path(bin_dir) / "choreo")
    return path


# Effects are drawn by no sticker player (rlottie): scenes with them are refused (`effect-not-drawn`).
# Both are read from the scenes' timelines, not their text: a clip can come from the compiler (a
# text rolled between states is clipped to its box), and a node named `shadow` is no effect.
def timeline_keys(scene: Path) -> set[str]:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([choreo(), "compile", str(scene), "-o", out, "--emit", "timeline"], capture_output=True, check=True)
        keys: set[str] = set()

        def walk(node: dict) -> None:
            keys.update(node)
            for child in node.get("children", []):
                walk(child)

        for path in Path(out).glob("*.timeline.json"):
            for layer in json.loads(path.read_text())["layers"]:
                walk(layer)
        return keys


ALL_SCENES = sorted((REPO_ROOT / "scenes").glob("*.yaml"))
KEYS = {scene: timeline_keys(scene) for scene in ALL_SCENES}
CLIPPED_SCENES = [s for s in ALL_SCENES if "clip" in KEYS[s]]
EFFECT_SCENES = [s for s in ALL_SCENES if s not in CLIPPED_SCENES and "effects" in KEYS[s]]


# A scene whose states and transitions last longer than a sticker may (3 s in all) is refused
# (`tgs-too-long`): the compiler's own sum decides, as it counts the frames it lays out.
def lasts_too_long_for_a_sticker(scene: Path) -> bool:
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run([choreo(), "compile", str(scene), "-o", out, "--emit", "lottie", "--target", "tgs"],
                                capture_output=True, text=True)
        return "[tgs-too-long]" in result.stderr


SCENES = [s for s in ALL_SCENES if s not in CLIPPED_SCENES and s not in EFFECT_SCENES and not lasts_too_long_for_a_sticker(s)]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tgs")
    result = subprocess.run([choreo(), "compile", *map(str, SCENES), "-o", str(out), "--emit", "lottie",
                             "--target", "tgs"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return out


def validator_findings(path: Path) -> list[str]:
    validator = TgsValidator(Severity.Note)
    validator.check_file(str(path))
    return [str(finding) for finding in validator.errors]


@pytest.mark.parametrize("scene", SCENES, ids=lambda p: p.stem)
def test_sticker_follows_telegram_rules(compiled: Path, scene: Path):
    name = json.loads((compiled / f"{scene.stem}.json").read_text())["nm"]
    sticker = compiled / f"{name}.tgs"
    assert sticker.stat().st_size <= 64 * 1024
    document = json.loads(gzip.decompress(sticker.read_bytes()))
    assert document["tgs"] == 1
    assert (document["w"], document["h"], document["fr"]) == (512, 512, 60)
    assert document["op"] - document["ip"] <= 180
    assert validator_findings(sticker) == []
    # Still a Lottie document by the spec (the schema allows the extra "tgs" member).
    assert schema_errors(document) == []


@pytest.mark.parametrize("scene", [s for s in SCENES if s.stem in ("spinner", "checkmark", "heart-like")],
                         ids=lambda p: p.stem)
def test_sticker_draws_the_scene_scaled_to_the_canvas(compiled: Path, scene: Path):
    plain_text = (compiled / f"{scene.stem}.json").read_text()
    plain = json.loads(plain_text)
    assert plain["w"] == plain["h"], "a square scene: the plain Lottie drawn at 512x512 is the reference"
    sticker_text = gzip.decompress((compiled / f"{plain['nm']}.tgs").read_bytes()).decode()
    reference = ThorVGPlayer(plain_text, 512, 512)
    # Telegram's own apps play stickers with rlottie: it must draw the sticker as ThorVG draws the
    # plain scene scaled to 512x512.
    players = [ThorVGPlayer(sticker_text, 512, 512), RlottiePlayer(sticker_text)]
    try:
        frames = int(plain["op"])
        for plain_frame in sorted({0, frames // 3, (2 * frames) // 3}):
            seconds = plain_frame / plain["fr"]
            expected = reference.render(plain_frame)
            for player in players:
                comparison = compare_images(expected, player.render(round(seconds * 60)))
                assert comparison.differing_pixels <= 0.002 * comparison.total_pixels, (type(player).__name__, plain_frame, comparison)
    finally:
        reference.close()
        for player in players:
            player.close()


def test_validator_rejects_a_plain_lottie_as_a_sticker(compiled: Path, tmp_path: Path):
    plain = (compiled / "spinner.json").read_bytes()
    bad = tmp_path / "plain.tgs"
    bad.write_bytes(gzip.compress(plain))
    findings = validator_findings(bad)
    assert any("Invalid width 220" in finding for finding in findings), findings


def test_a_scene_longer_than_3_seconds_writes_no_sticker(tmp_path: Path):
    scene = tmp_path / "long.yaml"
    scene.write_text(
        "choreo: 1\nname: long\nsize: [100, 100]\n"
        "layers:\n  - {id: dot, shape: ellipse, radius: 10, position: [50, 50], fill: red}\n"
        "timelines:\n  spin:\n    duration: 4s\n    loop: true\n"
        "    tweens:\n      - {at: 0s, duration: 4s, by: {dot: {rotation: 360deg}}}\n")
    result = subprocess.run([choreo(), "compile", str(scene), "-o", str(tmp_path / "out"), "--target", "tgs"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert f"{scene}:7:3: error: the scene lasts 4s in all" in result.stderr
    assert "[tgs-too-long]" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_30_fps_scene_is_retimed_to_60_fps_without_changing_its_motion(tmp_path: Path):
    scene = tmp_path / "slow.yaml"
    scene.write_text(
        "choreo: 1\nname: slow\nfps: 30\nsize: [100, 100]\n"
        "layers:\n  - {id: bar, shape: rect, size: [60, 12], position: [50, 50], fill: \"#3366cc\"}\n"
        "timelines:\n  turn:\n    duration: 1s\n    tweens:\n"
        "      - {at: 0s, duration: 1s, easing: ease-in-out, by: {bar: {rotation: 90deg}}}\n")
    out = tmp_path / "out"
    result = subprocess.run([choreo(), "compile", str(scene), "-o", str(out), "--emit", "lottie", "--target", "tgs"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    plain_text = (out / "slow.json").read_text()
    sticker_text = gzip.decompress((out / "slow.tgs").read_bytes()).decode()
    sticker = json.loads(sticker_text)
    assert (json.loads(plain_text)["fr"], sticker["fr"]) == (30, 60)
    assert validator_findings(out / "slow.tgs") == []
    reference = ThorVGPlayer(plain_text, 512, 512)
    player = RlottiePlayer(sticker_text)
    try:
        for plain_frame in (0, 10, 15, 29):
            comparison = compare_images(reference.render(plain_frame), player.render(2 * plain_frame))
            assert comparison.differing_pixels <= 0.002 * comparison.total_pixels, (plain_frame, comparison)
    finally:
        reference.close()
        player.close()


@pytest.mark.parametrize("scene", CLIPPED_SCENES, ids=lambda p: p.stem)
def test_a_clipped_scene_writes_no_sticker(scene: Path, tmp_path: Path):
    result = subprocess.run([choreo(), "compile", str(scene), "-o", str(tmp_path / "out"), "--target", "tgs"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "a clip is a Lottie mask, which Telegram stickers may not use [tgs-clip]" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("scene", EFFECT_SCENES, ids=lambda p: p.stem)
def test_a_scene_with_effects_writes_no_sticker(scene: Path, tmp_path: Path):
    result = subprocess.run([choreo(), "compile", str(scene), "-o", str(tmp_path / "out"), "--target", "tgs"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "a Telegram sticker draws no" in result.stderr and "[effect-not-drawn]" in result.stderr
    assert not (tmp_path / "out").exists()


# Outlined text in a sticker: the feature matrix's text variants, all of them that Telegram allows
# (a clip is a mask, blur and shadow are layer effects) in one looping keyframed scene.
def forbidden_in_stickers(variant) -> bool:
    return any(path.startswith(("clip.", "blur", "shadow.")) for path, _, _ in variant[2])


STICKER_TEXT_VARIANTS = [v for v in feature_matrix.TEXT_VARIANTS if not forbidden_in_stickers(v)]
REFUSED_TEXT_VARIANTS = [v for v in feature_matrix.TEXT_VARIANTS if forbidden_in_stickers(v)]


def write_text_scene(folder: Path, name: str, variants) -> Path:
    document, _ = feature_matrix.scene("keyframes", "ease-in-out", 0, [feature_matrix.text_probe(v) for v in variants])
    document["name"] = name
    feature_matrix.copy_text_font(folder)
    scene = folder / f"{name}.yaml"
    scene.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    return scene


def test_outlined_text_with_every_property_a_sticker_allows(tmp_path: Path):
    animated = {path for _, _, changes in STICKER_TEXT_VARIANTS for path, _, _ in changes}
    assert {"fill", "fill.from", "fill.center", "fill.stops", "stroke.color", "stroke.width", "trim.start",
            "trim.end", "trim.offset", "opacity", "position", "anchor", "offset", "rotation", "scale"} <= animated
    scene = write_text_scene(tmp_path, "text-sticker", STICKER_TEXT_VARIANTS)
    out = tmp_path / "out"
    result = subprocess.run([choreo(), "compile", str(scene), "-o", str(out), "--emit", "lottie", "--target", "tgs"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    sticker = out / "text-sticker.tgs"
    assert validator_findings(sticker) == []
    sticker_text = gzip.decompress(sticker.read_bytes()).decode()
    document = json.loads(sticker_text)
    assert schema_errors(document) == []
    # The glyphs are shape layers' paths: no text layer (ty 5), no font.
    assert document["layers"] and all(layer["ty"] == 4 for layer in document["layers"])
    assert "fonts" not in document and "chars" not in document
    # Telegram's player draws the text as ThorVG does, through the loop.
    thorvg, rlottie = ThorVGPlayer(sticker_text, 512, 512), RlottiePlayer(sticker_text)
    try:
        for frame in range(0, int(document["op"]), 12):
            expected = thorvg.render(frame)
            # Ink on the white background: the glyphs are drawn, not just equally missing.
            assert (expected[..., :3].min(axis=-1) < 128).sum() > 0.005 * expected.shape[0] * expected.shape[1], frame
            comparison = compare_images(expected, rlottie.render(frame))
            assert comparison.differing_pixels <= 0.002 * comparison.total_pixels, (frame, comparison)
    finally:
        thorvg.close()
        rlottie.close()


@pytest.mark.parametrize("variant", REFUSED_TEXT_VARIANTS, ids=lambda v: v[0])
def test_text_with_a_clip_or_an_effect_writes_no_sticker(variant, tmp_path: Path):
    scene = write_text_scene(tmp_path, "refused", [variant])
    result = subprocess.run([choreo(), "compile", str(scene), "-o", str(tmp_path / "out"), "--target", "tgs"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    rule = "[tgs-clip]" if variant[0].startswith("clip.") else "[effect-not-drawn]"
    assert rule in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()
