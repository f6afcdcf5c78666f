#!/usr/bin/env python3
"""action.yml on a runner with nothing of Choreo's preinstalled (docs/github-actions.md).

A bare Debian 12 (debootstrap's minbase variant) gets only what a runner that has the Swift
toolchain has: the toolchain itself (this machine's, bound read-only at the same path, standing in
for swift-actions/setup-swift) and the libraries the toolchain runs and links with (RUNNER_BASE),
and git. Then the action's steps run in it, chrooted, in order, as the runner runs them: each
`run` in `bash --noprofile --norc -eo pipefail` with its inputs in the environment,
`$GITHUB_OUTPUT`, `$GITHUB_PATH` and `$GITHUB_STEP_SUMMARY`; the setup-swift step is the bound
toolchain on PATH, and another `uses:` step (GitHub's own: an artifact upload) is left out. The
action's checkout is this working tree's files (less what git
ignores); the project is a scratch git repository whose scene changed since its first commit.

Checked: before the action, none of scripts/build-dependencies.txt is installed and pkg-config is
absent (so the environment is clean, not merely this machine); the install step installs every
one; `swift build -c release` of the action succeeds; lint, compile and the motion diff work
with the choreo it built.

The pristine root (after RUNNER_BASE) is kept as a tarball in --cache and unpacked afresh for
every run, so only the first run downloads it. Needs root (debootstrap, chroot, mount) and the
network to Debian's mirror. Prints one line per check and `N passed, M failed`.

Run: scripts/test-action-clean.sh (scripts/test-slow.sh runs it).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
SUITE = "bookworm"
# What a runner that has the Swift toolchain has, and no more: the C library's and the C++
# runtime's development files and binutils (the toolchain's clang links with them), the shared
# libraries swift-build, swift-driver and lld load (libcurl, libxml2, SQLite, ncurses, uuid), and
# git. None of it is a development package of a library Choreo links.
RUNNER_BASE = [
    "ca-certificates", "git", "binutils", "libc6-dev", "libgcc-12-dev", "libstdc++-12-dev",
    "libcurl4", "libxml2", "libsqlite3-0", "libncurses6", "libuuid1",
]
SCENE = """choreo: 1
name: dot
size: [40, 40]
layers:
  - {id: dot, shape: ellipse, radius: 6, position: [20, 20], fill: "#FF3B30"}
states:
  off: {}
  on: {dot: {position: [30, 20]}}
transitions:
  - {from: off, to: on, on: tap, duration: 250ms}
"""
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def build_dependencies() -> list[str]:
    lines = (REPO_ROOT / "scripts" / "build-dependencies.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def mirror() -> str:
    """The Debian mirror this machine's apt uses (its own packages come from there too)."""
    for source in [Path("/etc/apt/sources.list.d/debian.sources"), Path("/etc/apt/sources.list")]:
        if source.exists():
            match = re.search(r"^URIs:\s*(\S+/debian)\s*$", source.read_text(), flags=re.M) or re.search(
                r"^deb\s+(\S+/debian)\s+\S+", source.read_text(), flags=re.M)
            if match:
                return match.group(1)
    return "http://deb.debian.org/debian"


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, check=True, **kwargs)


class Root:
    """A root file system to chroot into, with /proc, /dev and the toolchain mounted while in use."""

    def __init__(self, path: Path, toolchain: Path):
        self.path = path
        self.toolchain = toolchain
        self.mounts: list[Path] = []

    def mount(self) -> None:
        for source, target, options in [("proc", "proc", ["-t", "proc"]), ("/dev", "dev", ["--bind"]),
                                        (str(self.toolchain), str(self.toolchain).lstrip("/"), ["--bind"])]:
            point = self.path / target
            point.mkdir(parents=True, exist_ok=True)
            run(["mount", *options, source, str(point)])
            self.mounts.append(point)
        run(["mount", "-o", "remount,bind,ro", str(self.path / str(self.toolchain).lstrip("/"))])
        shutil.copyfile("/etc/resolv.conf", self.path / "etc" / "resolv.conf")

    def unmount(self) -> None:
        for point in reversed(self.mounts):
            for _ in range(10):
                if subprocess.run(["umount", str(point)], check=False).returncode == 0:
                    break
                time.sleep(1)
        self.mounts = []

    def remove(self) -> None:
        """Deletes the root, but never while anything is mounted below it: /dev is this machine's."""
        self.unmount()
        mounted = [line.split()[4] for line in Path("/proc/self/mountinfo").read_text().splitlines()
                   if line.split()[4] == str(self.path) or line.split()[4].startswith(str(self.path) + "/")]
        if mounted:
            print(f"warning: {self.path} left in place: still mounted there: {mounted}")
            return
        shutil.rmtree(self.path, ignore_errors=True)

    def shell(self, script: str, env: dict[str, str], cwd: str = "/", timeout: float = 3600) -> subprocess.CompletedProcess:
        command = ["chroot", str(self.path), "/usr/bin/env", "-i", *[f"{k}={v}" for k, v in env.items()],
                   "bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", f"cd {cwd}\n{script}"]
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


def pristine_tarball(cache: Path, toolchain: Path) -> Path:
    """The minbase root with RUNNER_BASE installed, made once."""
    tarball = cache / f"{SUITE}-minbase-runner.tar"
    stamp = " ".join(RUNNER_BASE)
    if tarball.exists() and (cache / "runner-base.txt").exists() and (cache / "runner-base.txt").read_text() == stamp:
        return tarball
    cache.mkdir(parents=True, exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="choreo-runner-base-", dir="/var/tmp"))
    root = Root(path, toolchain)
    try:
        print(f"debootstrap {SUITE} (minbase) from {mirror()}", flush=True)
        run(["debootstrap", "--variant=minbase", SUITE, str(path), mirror()], stdout=subprocess.DEVNULL)
        root.mount()
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive", "HOME": "/root"}
        result = root.shell("apt-get update -q && apt-get install -y -q --no-install-recommends " + stamp
                            + " && apt-get clean && rm -rf /var/lib/apt/lists/*", env)
        if result.returncode != 0:
            raise RuntimeError(f"installing the runner's base failed:\n{result.stdout}\n{result.stderr}")
        root.unmount()
        run(["tar", "-C", str(path), "--numeric-owner", "-cf", str(tarball), "."])
    finally:
        root.remove()
    (cache / "runner-base.txt").write_text(stamp)
    return tarball


def evaluate(expression: str, inputs: dict[str, str]) -> str:
    """The few expressions action.yml uses: `inputs.NAME`, `github.NAME` (empty) and `a || b`."""
    for alternative in expression.split("||"):
        name = alternative.strip()
        value = inputs.get(name.removeprefix("inputs."), "") if name.startswith("inputs.") else ""
        if value:
            return value
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cache", type=Path, default=REPO_ROOT / ".build" / "action-clean-room")
    parser.add_argument("--keep", action="store_true", help="leave the root in place for a look")
    arguments = parser.parse_args()
    if os.geteuid() != 0:
        print("action clean room: needs root (debootstrap, chroot, mount)")
        print("0 passed, 1 failed")
        return 1
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    toolchain = Path(swift).resolve().parents[2]
    started = time.monotonic()
    passed = failed = 0

    def check(ok: bool, what: str, detail: str = "") -> bool:
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok   {what}", flush=True)
        else:
            failed += 1
            print(f"FAIL {what}" + (f"\n{detail}" if detail else ""), flush=True)
        return ok

    tarball = pristine_tarball(arguments.cache, toolchain)
    path = Path(tempfile.mkdtemp(prefix="choreo-action-root-", dir="/var/tmp"))
    root = Root(path, toolchain)
    try:
        run(["tar", "-C", str(path), "--numeric-owner", "-xf", str(tarball)])
        # The action's checkout: this working tree's files as they are, but for what git ignores.
        files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                               cwd=REPO_ROOT, capture_output=True, check=True).stdout
        action = path / "action"
        for name in filter(None, files.decode().split("\0")):
            source = REPO_ROOT / name
            if source.is_file():
                (action / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, action / name)
        # The project: a scene whose transition got longer since the base commit.
        project = path / "project"
        (project / "scenes").mkdir(parents=True)
        (project / "scenes" / "dot.yaml").write_text(SCENE)
        git_env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
                       GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
        run(["git", "init", "-q", "-b", "main", str(project)], env=git_env)
        run(["git", "add", "-A"], cwd=project, env=git_env)
        run(["git", "commit", "-qm", "base"], cwd=project, env=git_env)
        (project / "scenes" / "dot.yaml").write_text(SCENE.replace("duration: 250ms", "duration: 400ms"))
        root.mount()

        base_env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
                    "DEBIAN_FRONTEND": "noninteractive", "CI": "true"}
        dependencies = build_dependencies()

        def installed() -> list[str]:
            result = root.shell("for p in " + " ".join(dependencies) + "; do dpkg -s \"$p\" >/dev/null 2>&1 && echo \"$p\"; done; true", base_env)
            return result.stdout.split()

        already = installed()
        check(not already, "the runner has none of the build dependencies before the action", f"installed: {already}")
        check(root.shell("command -v pkg-config", base_env).returncode != 0, "the runner has no pkg-config before the action")

        document = yaml.safe_load((action / "action.yml").read_text())
        inputs = {name: str(spec.get("default", "")) for name, spec in document["inputs"].items()}
        inputs["base-ref"] = "main"
        runner = path / "runner"
        runner.mkdir()
        summary = runner / "summary.md"
        summary.write_text("")
        extra_path: list[str] = []
        outputs: dict[str, dict[str, str]] = {}
        failed_step = False
        for index, step in enumerate(document["runs"]["steps"]):
            name = step.get("name", step.get("id", str(index)))
            condition = step.get("if", "")
            if condition == "steps.find.outputs.found != 'true'" and outputs.get("find", {}).get("found") == "true":
                check(False, f"step {name!r} skipped: choreo was found on a clean runner")
                continue
            if failed_step and condition != "always()":
                continue
            if "uses" in step:
                # swift-actions/setup-swift is the bound toolchain; another action (an artifact
                # upload) is GitHub's, not the build's, and is left out.
                if "setup-swift" in step["uses"]:
                    extra_path.insert(0, str(toolchain / "usr" / "bin"))
                    print(f"--   step {name!r}: the toolchain at {toolchain}", flush=True)
                else:
                    print(f"--   step {name!r} left out: {step['uses']} runs only on GitHub", flush=True)
                continue
            (runner / f"output-{index}").write_text("")
            path_file = runner / "path"
            path_file.write_text("")
            env = dict(base_env, PATH=":".join(extra_path + [base_env["PATH"]]), GITHUB_ACTION_PATH="/action",
                       GITHUB_OUTPUT=f"/runner/output-{index}", GITHUB_PATH="/runner/path",
                       GITHUB_STEP_SUMMARY="/runner/summary.md", GITHUB_WORKSPACE="/project")
            for key, value in (step.get("env") or {}).items():
                env[key] = EXPRESSION.sub(lambda m: evaluate(m.group(1), inputs), str(value))
            step_started = time.monotonic()
            result = root.shell(step["run"], env, cwd="/project")
            seconds = time.monotonic() - step_started
            allowed = {0, 1} if name == "Motion diff (job summary)" else {0}
            log = (result.stdout + result.stderr)[-4000:]
            check(result.returncode in allowed, f"step {name!r} exits {result.returncode} ({seconds:.0f} s)", log)
            failed_step = failed_step or result.returncode not in allowed
            if "id" in step:
                outputs[step["id"]] = dict(line.split("=", 1) for line in (runner / f"output-{index}").read_text().splitlines() if "=" in line)
            extra_path = [line for line in path_file.read_text().splitlines() if line] + extra_path
            if name == "Install build dependencies":
                now = installed()
                check(now == dependencies, "the install step installed every build dependency",
                      f"missing: {sorted(set(dependencies) - set(now))}")
        check(any("setup-swift" in step.get("uses", "") for step in document["runs"]["steps"]),
              "the action installs Swift with swift-actions/setup-swift")
        check(outputs.get("find", {}).get("found") == "false", "the find step found no choreo on the clean runner")
        check((action / ".build" / "release" / "choreo").is_file(), "the build step made .build/release/choreo")
        for target in ["web"]:
            check((project / "build" / "choreo" / target / "dot.json").is_file(), f"the compile step wrote {target}/dot.json")
        check((project / "choreo.sarif").is_file(), "the lint step wrote the SARIF file")
        text = summary.read_text()
        check(r"duration | 0\.25 s | 0\.4 s |" in text, "the motion diff in the job summary shows the longer duration", text[-2000:])
    finally:
        if arguments.keep:
            root.unmount()
            print(f"root kept at {path}")
        else:
            root.remove()
    print(f"action clean room: {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
