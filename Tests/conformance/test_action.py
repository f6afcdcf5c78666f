"""The repository's action.yml (a composite GitHub Action) does what docs/github-actions.md says.

action.yml is read with PyYAML and its `run` steps are executed in order, as the runner would
(`bash --noprofile --norc -eo pipefail`, each input in the step's `env`, `$GITHUB_OUTPUT`,
`$GITHUB_STEP_SUMMARY`), in a scratch git repository whose scene changed since its first commit.
The `choreo` on PATH is the binary under test ($CHOREO), so the steps that build Choreo are
skipped, as the action itself skips them.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_action.py
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
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import REPO_ROOT  # noqa: E402
from test_tgs import choreo  # noqa: E402

SCENE = """choreo: 1
name: dot
size: [40, 40]
layers:
  - id: dot
    shape: ellipse
    radius: 6
    position: [20, 20]
    fill: "#FF3B30"
states:
  off: {}
  on:
    dot: {position: [30, 20]}
transitions:
  - from: off
    to: on
    on: tap
    duration: 250ms
"""

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def load_action() -> dict:
    return yaml.safe_load((REPO_ROOT / "action.yml").read_text())


def evaluate(expression: str, inputs: dict[str, str], context: dict[str, str]) -> str:
    """The few expressions action.yml uses: `inputs.NAME`, `github.NAME` and `a || b`."""
    for alternative in expression.split("||"):
        name = alternative.strip()
        if name.startswith("inputs."):
            value = inputs[name.removeprefix("inputs.")]
        else:
            value = context.get(name, "")
        if value:
            return value
    return ""


def run_action(repo: Path, env: dict[str, str], overrides: dict[str, str]) -> tuple[list[tuple[str, int]], Path]:
    action = load_action()
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update(overrides)
    summary = repo.parent / "summary.md"
    summary.write_text("")
    outputs: dict[str, dict[str, str]] = {}
    results = []
    failed = False
    for index, step in enumerate(action["runs"]["steps"]):
        condition = step.get("if", "")
        if condition == "steps.find.outputs.found != 'true'" and outputs.get("find", {}).get("found") == "true":
            continue
        if "uses" in step and step["uses"].startswith("actions/upload-artifact@"):
            # The runner uploads; here the files it would upload are what counts.
            results.append((step.get("name", str(index)), 0, f"would upload {step['with']['path']}"))
            continue
        if "uses" in step:
            pytest.fail(f"step {index} ({step['uses']}) would run although choreo is on PATH")
        if failed and condition != "always()":
            continue
        output_file = repo.parent / f"output-{index}"
        output_file.write_text("")
        step_env = dict(env, GITHUB_OUTPUT=str(output_file), GITHUB_STEP_SUMMARY=str(summary),
                        GITHUB_PATH=str(repo.parent / "path"), GITHUB_ACTION_PATH=str(REPO_ROOT))
        for key, value in (step.get("env") or {}).items():
            step_env[key] = EXPRESSION.sub(lambda m: evaluate(m.group(1), inputs, {"github.base_ref": ""}), str(value))
        assert "${{" not in step["run"], f"step {index} pastes an expression into its script"
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                                cwd=repo, env=step_env, capture_output=True, text=True, timeout=300)
        results.append((step.get("name", step.get("id", str(index))), result.returncode, result.stdout + result.stderr))
        if "id" in step:
            outputs[step["id"]] = dict(line.split("=", 1) for line in output_file.read_text().splitlines() if "=" in line)
        failed = failed or result.returncode != 0
    return results, summary


@pytest.fixture()
def project(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    if shutil.which("git") is None:
        pytest.fail("git is needed for the action's motion diff")
    repo = tmp_path / "project"
    (repo / "scenes").mkdir(parents=True)
    (repo / "scenes" / "dot.yaml").write_text(SCENE)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "choreo").symlink_to(Path(choreo()).resolve())
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "base"], cwd=repo, check=True, env=env)
    (repo / "scenes" / "dot.yaml").write_text(SCENE.replace("duration: 250ms", "duration: 400ms"))
    return repo, env


def test_the_action_runs_its_choreo_commands(project):
    scripts = "\n".join(step.get("run", "") for step in load_action()["runs"]["steps"])
    for command in ["choreo lint", "--format github", "--format sarif", "choreo compile", 'choreo diff --format markdown "${media[@]}" --git']:
        assert command in scripts, f"action.yml lost `{command}`"

    repo, env = project
    results, summary = run_action(repo, env, {"base-ref": "main", "targets": "web,lottie-ios", "strict": "true"})
    for name, status, output in results:
        assert status == 0, f"step {name!r} failed ({status}):\n{output}"
    lint_output = next(output for name, _, output in results if name == "Lint")
    assert "::" not in lint_output, f"a clean scene got annotations:\n{lint_output}"
    sarif = json.loads((repo / "choreo.sarif").read_text())
    assert sarif["version"] == "2.1.0"
    for target in ["web", "lottie-ios"]:
        assert (repo / "build" / "choreo" / target / "dot.json").is_file(), target
    text = summary.read_text()
    assert "## Choreo: motion changes" in text, text
    assert r"| 15 | transition off\-\>on\: duration | 0\.25 s | 0\.4 s |" in text, text
    # The changed transition's motion, written where the artifact step uploads it and linked.
    motion = repo / "build" / "choreo" / "motion"
    assert (motion / "dot-1.webp").is_file() and (motion / "dot-1.png").is_file(), sorted(motion.iterdir()) if motion.exists() else "no motion"
    assert "![off\\-\\>on\\: before \\| after](build/choreo/motion/dot-1.webp)" in text, text


def test_the_lint_step_fails_with_an_annotation_on_a_bad_scene(project):
    repo, env = project
    (repo / "scenes" / "dot.yaml").write_text(SCENE.replace("    radius: 6\n", "    radius: 6\n    rotaton: 4\n"))
    results, summary = run_action(repo, env, {"base-ref": "main"})
    lint = next(result for result in results if result[0] == "Lint")
    assert lint[1] == 1, lint
    assert "::error file=scenes/dot.yaml,line=8" in lint[2], lint[2]
    assert "Compile" not in [name for name, _, _ in results], "compile ran after the lint failed"
    # The summary step runs always(); a side that does not compile fails it (exit 2).
    diff = next(result for result in results if result[0] == "Motion diff (job summary)")
    assert diff[1] == 2, diff


# MARK: What the build needs, installed the same everywhere

BUILD_DEPENDENCIES = REPO_ROOT / "scripts" / "build-dependencies.txt"


def listed_build_dependencies() -> list[str]:
    lines = [line.strip() for line in BUILD_DEPENDENCIES.read_text().splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def package_swift_providers() -> tuple[int, set[str]]:
    """The number of system-library targets in Package.swift and the Debian packages their
    `providers: [.apt([...])]` name."""
    manifest = (REPO_ROOT / "Package.swift").read_text()
    libraries = re.findall(r"\.systemLibrary\((.*?)\)\s*,\s*(?=\.|\])", manifest, flags=re.S)
    packages: set[str] = set()
    for library in libraries:
        providers = re.search(r"providers:\s*\[\s*\.apt\(\[(.*?)\]\)", library, flags=re.S)
        assert providers, f"a system library without an apt provider in Package.swift: {library}"
        packages.update(re.findall(r'"([^"]+)"', providers.group(1)))
    return len(libraries), packages


def test_the_build_dependencies_are_package_swifts_system_libraries_and_pkg_config():
    count, providers = package_swift_providers()
    assert count >= 7, f"Package.swift's system libraries were not found ({count})"
    listed = listed_build_dependencies()
    assert len(listed) == len(set(listed)), listed
    assert set(listed) == providers | {"pkg-config"}, (
        f"scripts/build-dependencies.txt {sorted(listed)} is not Package.swift's providers {sorted(providers)} and pkg-config")


def stub_tools(folder: Path, log: Path, uid: int) -> dict[str, str]:
    """`apt-get`, `sudo`, `dpkg`, `id` and `swift` that only record how they were called:
    dpkg finds nothing installed, apt-get's `install` stops the script (exit 97), so that no
    test installs or builds anything."""
    folder.mkdir()
    scripts = {
        "apt-get": f'echo "apt-get $*" >> "{log}"; for a in "$@"; do [ "$a" = install ] && exit 97; done; exit 0',
        "sudo": f'echo "sudo" >> "{log}"; exec "$@"',
        "dpkg": "exit 1",
        "id": f'[ "$1" = -u ] && echo {uid} && exit 0; exec /usr/bin/id "$@"',
        "swift": f'echo "swift $*" >> "{log}"; exit 98',
    }
    for name, body in scripts.items():
        (folder / name).write_text("#!/bin/bash\n" + body + "\n")
        (folder / name).chmod(0o755)
    return dict(os.environ, PATH=f"{folder}:/usr/bin:/bin", CHOREO_SCRATCH="")


def installed(log: Path) -> list[str]:
    calls = [line.split()[1:] for line in log.read_text().splitlines() if line.startswith("apt-get") and " install " in f" {line} "]
    assert len(calls) == 1, log.read_text()
    return [word for word in calls[0] if not word.startswith("-") and word != "install"]


@pytest.mark.parametrize("uid", [0, 1001])
def test_the_actions_install_step_installs_every_build_dependency(tmp_path: Path, uid: int):
    step = next(step for step in load_action()["runs"]["steps"] if step.get("name") == "Install build dependencies")
    log = tmp_path / "calls.log"
    env = stub_tools(tmp_path / "bin", log, uid)
    env["GITHUB_ACTION_PATH"] = str(REPO_ROOT)
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 97, result.stdout + result.stderr
    assert installed(log) == listed_build_dependencies(), log.read_text()
    assert ("sudo" in log.read_text().split()) == (uid != 0), "sudo only where the job is not root"


@pytest.mark.parametrize("script", ["scripts/build-scenes.sh", "scripts/install.sh", "scripts/test.sh"])
def test_the_repositorys_scripts_install_every_build_dependency(tmp_path: Path, script: str):
    log = tmp_path / "calls.log"
    env = stub_tools(tmp_path / "bin", log, 0)
    result = subprocess.run(["bash", str(REPO_ROOT / script), str(tmp_path / "prefix")] if script.endswith("install.sh") else ["bash", str(REPO_ROOT / script)],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 97, result.stdout + result.stderr
    packages = installed(log)
    missing = set(listed_build_dependencies()) - set(packages)
    assert not missing, f"{script} does not install {sorted(missing)}"


def test_the_docs_build_choreo_with_every_build_dependency():
    text = (REPO_ROOT / "docs" / "github-actions.md").read_text()
    lines = [line for line in text.splitlines() if "apt-get install" in line]
    assert lines, "docs/github-actions.md no longer shows how to install what the build needs"
    for line in lines:
        assert "scripts/build-dependencies.txt" in line, f"docs/github-actions.md installs a list of its own: {line.strip()}"


def test_the_actions_install_step_fails_without_the_list(tmp_path: Path):
    step = next(step for step in load_action()["runs"]["steps"] if step.get("name") == "Install build dependencies")
    log = tmp_path / "calls.log"
    log.write_text("")
    env = stub_tools(tmp_path / "bin", log, 0)
    env["GITHUB_ACTION_PATH"] = str(tmp_path)
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode not in (0, 97), result.stdout + result.stderr
    assert "install" not in log.read_text(), "apt-get install ran without the list"
