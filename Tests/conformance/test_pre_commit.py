"""The repository's .pre-commit-hooks.yaml works in pre-commit itself (`pre-commit try-repo`).

A scratch git repository gets a scene with a misspelled key (scenes/bad.yaml), a clean scene in a
`*.choreo.yaml` file and a YAML file that is no scene (ci.yaml, which the hooks' `files:` pattern
must leave out). `choreo-lint` must fail naming the bad scene's line and nothing else; `choreo-fix`
must rewrite the typo, which pre-commit reports as a failing hook that changed files, and then pass.
The hooks run the `choreo` on PATH: here the binary under test ($CHOREO).

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_pre_commit.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO_ROOT  # noqa: E402
from test_tgs import choreo  # noqa: E402

BAD = """choreo: 1
name: bad
size: [20, 20]
layers:
  - id: dot
    shape: ellipse
    radius: 4
    rotaton: 45deg
    position: [10, 10]
    fill: red
"""

GOOD = BAD.replace("name: bad", "name: good").replace("    rotaton: 45deg\n", "")

NOT_A_SCENE = "on: push\njobs: {}\n"


def pre_commit() -> list[str]:
    executable = Path(sys.executable).with_name("pre-commit")
    if not executable.exists():
        pytest.fail("pre-commit is not installed in the conformance venv (Tests/conformance/requirements.txt)")
    return [str(executable)]


@pytest.fixture()
def project(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    repo = tmp_path / "project"
    (repo / "scenes").mkdir(parents=True)
    (repo / "scenes" / "bad.yaml").write_text(BAD)
    (repo / "good.choreo.yaml").write_text(GOOD)
    (repo / "ci.yaml").write_text(NOT_A_SCENE)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "choreo").symlink_to(Path(choreo()).resolve())
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
               PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), NO_COLOR="1",
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    subprocess.run(["git", "init", "-q", str(repo)], check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    return repo, env


def try_repo(repo: Path, env: dict[str, str], hook: str) -> subprocess.CompletedProcess[str]:
    if shutil.which("git") is None:
        pytest.fail("git is needed for pre-commit")
    return subprocess.run([*pre_commit(), "try-repo", str(REPO_ROOT), hook, "--all-files", "--verbose"],
                          cwd=repo, env=env, capture_output=True, text=True, timeout=300)


def test_lint_hook_reports_the_bad_scene_only(project):
    repo, env = project
    result = try_repo(repo, env, "choreo-lint")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "scenes/bad.yaml:8:5: error: unknown property 'rotaton'" in output, output
    assert "ci.yaml" not in output.replace("good.choreo.yaml", ""), "a YAML file that is no scene was linted"

    (repo / "scenes" / "bad.yaml").write_text(BAD.replace("rotaton", "rotation"))
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    fixed = try_repo(repo, env, "choreo-lint")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr


def test_fix_hook_rewrites_the_typo_then_passes(project):
    repo, env = project
    result = try_repo(repo, env, "choreo-fix")
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "files were modified by this hook" in output, output
    assert "    rotation: 45deg\n" in (repo / "scenes" / "bad.yaml").read_text()
    assert (repo / "ci.yaml").read_text() == NOT_A_SCENE

    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    again = try_repo(repo, env, "choreo-fix")
    assert again.returncode == 0, again.stdout + again.stderr
