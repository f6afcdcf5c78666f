"""The render suite must be able to fail.

Runs Tests/conformance/render_suite.py on one scene through a stand-in for `choreo` that passes
every command to the real one and then, for `choreo render`, breaks the picture it wrote the way a
buggy renderer could: the reel drawn mirrored, or its last frame lost. The suite passes the
unbroken reel and reports each broken one as failing frames.

Run: CHOREO=.build/debug/choreo .venv/bin/python -m pytest Tests/conformance/test_render_suite_fails.py
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO_ROOT  # noqa: E402

SCENE = REPO_ROOT / "scenes" / "headline-rise.yaml"

# The stand-in: the real choreo, then the written picture broken by CHOREO_BREAK.
STAND_IN = r'''
import os, subprocess, sys
from PIL import Image, ImageOps
result = subprocess.run([os.environ["CHOREO_REAL"], *sys.argv[1:]])
arguments = sys.argv[1:]
if result.returncode == 0 and arguments[:1] == ["render"] and "-o" in arguments:
    path = arguments[arguments.index("-o") + 1]
    image = Image.open(path)
    frames = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append((image.convert("RGBA"), image.info.get("duration", 0)))
    mode = os.environ["CHOREO_BREAK"]
    if mode == "mirror":
        frames = [(ImageOps.mirror(frame), duration) for frame, duration in frames]
    elif mode == "drop-last" and len(frames) > 1:
        frames = frames[:-1]
    if len(frames) == 1:
        frames[0][0].save(path, format="PNG")
    else:
        frames[0][0].save(path, format="PNG", save_all=True, append_images=[f for f, _ in frames[1:]],
                          duration=[d for _, d in frames], loop=0)
sys.exit(result.returncode)
'''


@pytest.fixture(scope="module")
def choreo() -> str:
    path = os.environ.get("CHOREO")
    if not path or not Path(path).exists():
        pytest.skip("CHOREO (the built choreo) is not set: run through Tests/conformance/run_all.sh")
    return str(Path(path).resolve())


def run_suite(choreo: str, tmp_path: Path, mode: str) -> subprocess.CompletedProcess:
    script = tmp_path / "stand_in.py"
    script.write_text(STAND_IN)
    wrapper = tmp_path / "choreo"
    wrapper.write_text(f"#!/bin/sh\nexec '{sys.executable}' '{script}' \"$@\"\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    environment = dict(os.environ, CHOREO_REAL=choreo, CHOREO_BREAK=mode)
    return subprocess.run(
        [sys.executable, str(REPO_ROOT / "Tests" / "conformance" / "render_suite.py"), "--choreo", str(wrapper),
         "--work", str(tmp_path / "work"), "--every", "6", str(SCENE)],
        capture_output=True, text=True, env=environment, timeout=600)


def test_the_unbroken_reel_passes(choreo: str, tmp_path: Path) -> None:
    out = run_suite(choreo, tmp_path, "none")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "FAIL" not in out.stdout


def test_a_mirrored_reel_fails_frame_by_frame(choreo: str, tmp_path: Path) -> None:
    out = run_suite(choreo, tmp_path, "mirror")
    assert out.returncode == 1, out.stdout + out.stderr
    failed_frames = [line for line in out.stdout.splitlines() if line.startswith("FAIL frames headline-rise frame ")]
    # The headline is drawn on one side of the canvas: every compared frame after it appears differs.
    assert len(failed_frames) >= 3, out.stdout


def test_a_reel_missing_its_last_frame_fails_its_count(choreo: str, tmp_path: Path) -> None:
    out = run_suite(choreo, tmp_path, "drop-last")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "FAIL frames headline-rise count:" in out.stdout, out.stdout
