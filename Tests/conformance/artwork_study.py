#!/usr/bin/env python3
"""Artwork as it really comes: a seeded sample of the SVG files seven Debian packages ship (the
Adwaita, Papirus, Breeze, elementary, Numix and Tango icon themes and Open Clip Art; nobody here
wrote them, and they carry Inkscape's and Illustrator's real cruft), each imported
(`choreo import`), compiled (`choreo compile --emit lottie`) and drawn by ThorVG, against the
original drawn by librsvg (`rsvg-convert`). A file passes when the two pictures differ in at most
2 % of their pixels (the shared colour rule of common.py), both drawn with the longer side
RENDER_SIZE px. Prints per-package pass rates and, for what fails, the causes: the import's
warnings (normalised), a refusal, a scene the compiler or `lint --strict` rejects, or "no
warning" (a different picture nobody was told about, the worst kind).

The ceiling column draws the original with ThorVG's own SVG loader against librsvg: two renderers
that involve no Choreo at all, for how often real renderers agree on these files.

Usage: artwork_study.py --choreo PATH [--quick | --sample N --seed S] [--jobs N] [--report FILE.json]
  [--failures DIR] [--require-rate R] [--require-package-rate R] [--verbose]
The sample is spread evenly over the packages (a package with fewer files gives all it has),
drawn with random.Random(f"{seed}:{package}") from its sorted list of regular .svg files, so the
same seed and package versions give the same files on any machine. A package that is not
installed is reported and counted as failed (scripts/artwork-study.sh installs them).
Ends with `N passed, M failed`: a file counts as failed when it does not pass; the exit status
is non-zero when a crash, a hang, a scene the compiler or `lint --strict` rejects is found, or a
required rate is not met.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ensure_venv  # noqa: E402

ensure_venv()
import numpy as np  # noqa: E402

from common import compare_images, load_png_over_white, write_side_by_side  # noqa: E402

PACKAGES = [
    ("adwaita-icon-theme", "Adwaita"),
    ("papirus-icon-theme", "Papirus"),
    ("breeze-icon-theme", "Breeze"),
    ("elementary-icon-theme", "elementary"),
    ("numix-icon-theme", "Numix"),
    ("tango-icon-theme", "Tango"),
    ("openclipart-svg", "Open Clip Art"),
]
RENDER_SIZE = 128
# The test command's quick sample: two files a package, seconds of work; one may differ.
QUICK_SAMPLE = 14
QUICK_SEED = "quick"
QUICK_RATE = 0.9
MAX_FRACTION = 0.02
IMPORT_SECONDS = 20


def package_files(package: str) -> list[Path] | None:
    """The package's regular .svg files (no links), sorted; None when it is not installed.
    dpkg's checksum list names exactly the regular files a package ships, so nothing is looked at
    on disk (a stat of each of Papirus's 100,000 files took most of a quick study's time)."""
    status = subprocess.run(["dpkg-query", "-W", "-f", "${Status}", package], capture_output=True, text=True)
    if status.returncode != 0 or not status.stdout.endswith(" installed"):
        return None
    checksums = Path(f"/var/lib/dpkg/info/{package}.md5sums")
    if checksums.exists():
        files = {Path("/" + line.split("  ", 1)[1]) for line in checksums.read_text(errors="replace").splitlines()
                 if "  " in line and line.endswith(".svg")}
        return sorted(files)
    listed = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True)
    if listed.returncode != 0:
        return None
    files = set()
    for line in listed.stdout.splitlines():
        path = Path(line)
        if path.suffix == ".svg" and not path.is_symlink() and path.is_file():
            files.add(path)
    return sorted(files)


def sample(seed: str, total: int) -> list[tuple[str, str, Path]]:
    """(package, label, file) for an even share of `total` over the packages."""
    share, extra = divmod(total, len(PACKAGES))
    chosen = []
    for index, (package, label) in enumerate(PACKAGES):
        files = package_files(package)
        if files is None:
            chosen.append((package, label, None))
            continue
        count = min(len(files), share + (1 if index < extra else 0))
        picked = random.Random(f"{seed}:{package}").sample(files, count)
        chosen.extend((package, label, path) for path in sorted(picked))
    return chosen


WARNING = re.compile(r":\d+:\d+: warning: (.*?)(?: \[[a-z-]+\])?$")


def cause_of(message: str) -> str:
    """A warning's message without what varies between files (quoted values, numbers), so that
    the same cause counts once however it is spelled in each file."""
    text = re.sub(r"\S*/\S*", "…", message.splitlines()[0] if message else "")
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"<[A-Za-z:]+>", "<…>", text)
    text = re.sub(r"\d+(\.\d+)?", "N", text)
    return text.split(";")[0][:110]


def canvas_size(document: dict) -> tuple[int, int]:
    width, height = float(document["w"]), float(document["h"])
    scale = RENDER_SIZE / max(width, height)
    return max(1, round(width * scale)), max(1, round(height * scale))


class Study:
    """Imports every file (a process each), compiles and lints the scenes in batches (one process
    each per batch: starting a process costs more than compiling an icon), then draws and compares
    each file."""

    BATCH = 100

    def __init__(self, choreo: str, work: Path, failures: Path | None, jobs: int):
        self.choreo = choreo
        self.work = work
        self.failures = failures
        self.jobs = jobs
        self.thorvg = threading.Lock()

    def run_all(self, files: list[Path]) -> list[dict]:
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            results = list(pool.map(lambda item: self.imported(*item), enumerate(files)))
        scenes = [index for index, result in enumerate(results) if "outcome" not in result]
        batches = [scenes[start:start + self.BATCH] for start in range(0, len(scenes), self.BATCH)]
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            for problems in pool.map(self.compiled_and_linted, batches):
                for index, detail in problems.items():
                    results[index] |= {"outcome": "broken", "detail": detail}
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            return list(pool.map(lambda item: self.compared(item[0], files[item[0]], item[1]), enumerate(results)))

    def scene(self, index: int) -> Path:
        return self.work / f"f{index:04d}.yaml"

    def imported(self, index: int, svg: Path) -> dict:
        result: dict = {"file": str(svg), "warnings": []}
        try:
            imported = subprocess.run([self.choreo, "import", str(svg), "-o", str(self.scene(index))], capture_output=True, text=True, timeout=IMPORT_SECONDS)
        except subprocess.TimeoutExpired:
            return result | {"outcome": "broken", "detail": f"import took more than {IMPORT_SECONDS} s"}
        result["warnings"] = [m.group(1) for m in map(WARNING.search, imported.stderr.splitlines()) if m]
        if imported.returncode == 1:
            lines = imported.stderr.strip().splitlines()
            return result | {"outcome": "refused", "detail": lines[0] if lines else ""}
        if imported.returncode != 0:
            return result | {"outcome": "broken", "detail": f"import exited {imported.returncode}: {imported.stderr.strip()[:200]}"}
        return result

    def compiled_and_linted(self, batch: list[int]) -> dict[int, str]:
        """What is wrong with each scene of the batch that the compiler or `lint --strict` rejects."""
        problems: dict[int, str] = {}
        scenes = [str(self.scene(index)) for index in batch]
        compiled = subprocess.run([self.choreo, "compile", *scenes, "-o", str(self.work / "lottie"), "--emit", "lottie", "--jobs", "1"],
                                  capture_output=True, text=True, timeout=1200)
        linted = subprocess.run([self.choreo, "lint", "--strict", *scenes], capture_output=True, text=True, timeout=1200)
        for index in batch:
            name = self.scene(index).name
            errors = [line for line in compiled.stderr.splitlines() if name in line and ": error:" in line]
            if errors or not (self.work / "lottie" / f"f{index:04d}.json").exists():
                problems[index] = f"the imported scene does not compile: {(errors or ['no Lottie written'])[0][:300]}"
                continue
            findings = [line for line in linted.stdout.splitlines() + linted.stderr.splitlines() if name in line and (": warning:" in line or ": error:" in line)]
            if findings:
                problems[index] = f"the imported scene fails lint --strict: {findings[0][:300]}"
        return problems

    def compared(self, index: int, svg: Path, result: dict) -> dict:
        if "outcome" in result:
            return result
        text = (self.work / "lottie" / f"f{index:04d}.json").read_text()
        width, height = canvas_size(json.loads(text))
        original_png = self.work / f"f{index:04d}.orig.png"
        drawn = subprocess.run(["rsvg-convert", "-w", str(width), "-h", str(height), "-b", "white", "-o", str(original_png), str(svg)],
                               capture_output=True, timeout=120)
        if drawn.returncode != 0 or not original_png.exists():
            return result | {"outcome": "unreadable", "detail": "librsvg cannot draw the original"}
        original = load_png_over_white(original_png)
        with self.thorvg:
            ours = render_thorvg(text.encode(), "lottie", width, height)
            theirs = render_thorvg(svg.read_bytes(), "svg", width, height)
        if ours is None:
            return result | {"outcome": "broken", "detail": "ThorVG refuses the Lottie"}
        comparison = compare_images(ours, original)
        result["differing"] = round(comparison.differing_fraction, 4)
        result["ceiling"] = theirs is not None and compare_images(theirs, original).differing_fraction <= MAX_FRACTION
        if comparison.same_size and comparison.differing_fraction <= MAX_FRACTION:
            return result | {"outcome": "pass", "detail": ""}
        if self.failures is not None:
            name = re.sub(r"[^A-Za-z0-9.-]+", "_", str(svg.relative_to("/usr/share")))[-120:]
            write_side_by_side(self.failures / f"{name}.png", ours, original)
        return result | {"outcome": "differ", "detail": f"{comparison.differing_fraction * 100:.1f} % of pixels differ"}


def render_thorvg(data: bytes, kind: str, width: int, height: int) -> np.ndarray | None:
    """The picture ThorVG draws of a Lottie (frame 0) or an SVG, over white; None when it refuses it."""
    import thorvg_python as tvg

    from lottie_players import _thorvg_engine

    engine = _thorvg_engine()
    canvas = tvg.SwCanvas(engine)
    try:
        canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
        if kind == "lottie":
            animation = tvg.LottieAnimation(engine)
            picture = animation.get_picture()
        else:
            animation = None
            picture = tvg.Picture(engine)
        if picture.load_data(data, kind, None, True) != tvg.Result.SUCCESS:
            return None
        picture.set_size(width, height)
        canvas.add(picture)
        if animation is not None:
            animation.set_frame(0.0)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        rgba = np.frombuffer(bytes(canvas.buffer_arr), dtype=np.uint8).reshape(height, width, 4)
        from common import over_white_premultiplied

        return over_white_premultiplied(rgba)
    finally:
        canvas.destroy()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--quick", action="store_true",
                        help=f"the test command's sample: {QUICK_SAMPLE} files (two a package), seed '{QUICK_SEED}', at least {QUICK_RATE:.0%} passing")
    parser.add_argument("--sample", type=int, default=1500)
    parser.add_argument("--seed", default="choreo-artwork-study")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("CONFORMANCE_JOBS", "2")))
    parser.add_argument("--report")
    parser.add_argument("--failures")
    parser.add_argument("--require-rate", type=float)
    parser.add_argument("--require-package-rate", type=float)
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()
    if arguments.quick:
        arguments.sample, arguments.seed = QUICK_SAMPLE, QUICK_SEED
        arguments.require_rate = QUICK_RATE if arguments.require_rate is None else arguments.require_rate
    chosen = sample(arguments.seed, arguments.sample)
    failures = Path(arguments.failures) if arguments.failures else None
    if failures is not None:
        failures.mkdir(parents=True, exist_ok=True)
    missing = [label for _, label, path in chosen if path is None]
    files = [(package, label, path) for package, label, path in chosen if path is not None]
    with tempfile.TemporaryDirectory(prefix="choreo-artwork-study-") as temporary:
        study = Study(arguments.choreo, Path(temporary), failures, max(1, arguments.jobs))
        results = study.run_all([path for _, _, path in files])

    by_package: dict[str, Counter] = defaultdict(Counter)
    causes: dict[str, Counter] = defaultdict(Counter)
    warned_on_passing: Counter = Counter()
    broken = []
    for (package, label, path), result in zip(files, results):
        counts = by_package[label]
        counts["files"] += 1
        counts[result["outcome"]] += 1
        counts["ceiling"] += 1 if result.get("ceiling") else 0
        if result["outcome"] == "broken":
            broken.append(f"{path}: {result['detail']}")
        if result["outcome"] == "pass":
            for warning in set(map(cause_of, result["warnings"])):
                warned_on_passing[warning] += 1
            continue
        if result["outcome"] in ("refused", "broken", "unreadable"):
            reasons = [f"{result['outcome']}: {cause_of(result['detail'])}"]
        else:
            reasons = sorted(set(map(cause_of, result["warnings"]))) or ["no warning (a different picture nobody was told about)"]
        for reason in reasons:
            causes[label][reason] += 1
            causes["all"][reason] += 1
        if arguments.verbose:
            print(f"  {result['outcome']:8} {path}: {result['detail']}; {'; '.join(reasons)[:300]}")

    print(f"{'package':16} {'files':>5} {'pass':>5} {'rate':>7} {'differ':>6} {'refused':>7} {'broken':>6} {'ceiling':>8}")
    total = Counter()
    failed_rates = []
    for _, label in PACKAGES:
        if label in missing:
            print(f"{label:16} not installed")
            failed_rates.append(f"{label} is not installed")
            continue
        counts = by_package[label]
        total.update(counts)
        rate = counts["pass"] / counts["files"] if counts["files"] else 0
        ceiling = counts["ceiling"] / counts["files"] if counts["files"] else 0
        print(f"{label:16} {counts['files']:5} {counts['pass']:5} {rate * 100:6.1f}% {counts['differ']:6} {counts['refused']:7} {counts['broken']:6} {ceiling * 100:7.1f}%")
        if arguments.require_package_rate is not None and rate < arguments.require_package_rate:
            failed_rates.append(f"{label} passes {rate * 100:.1f} % (at least {arguments.require_package_rate * 100:g} % required)")
    rate = total["pass"] / total["files"] if total["files"] else 0
    ceiling = total["ceiling"] / total["files"] if total["files"] else 0
    print(f"{'all':16} {total['files']:5} {total['pass']:5} {rate * 100:6.1f}% {total['differ']:6} {total['refused']:7} {total['broken']:6} {ceiling * 100:7.1f}%")
    if arguments.require_rate is not None and rate < arguments.require_rate:
        failed_rates.append(f"the sample passes {rate * 100:.1f} % (at least {arguments.require_rate * 100:g} % required)")
    print("causes of what fails (files; a file may have several):")
    for reason, count in causes["all"].most_common():
        per = ", ".join(f"{label} {causes[label][reason]}" for _, label in PACKAGES if causes[label][reason])
        print(f"  {count:5}  {reason}  ({per})")
    if warned_on_passing:
        print("warnings on files that pass all the same:")
        for reason, count in warned_on_passing.most_common(12):
            print(f"  {count:5}  {reason}")
    for line in broken:
        print(f"BROKEN {line}")
    for line in failed_rates:
        print(f"FAIL {line}")
    if arguments.report:
        report = [{"package": package, **result} for (package, _, _), result in zip(files, results)]
        Path(arguments.report).write_text(json.dumps(report, indent=1) + "\n")
    print(f"{total['pass']} passed, {total['files'] - total['pass'] + len(missing)} failed")
    return 1 if broken or failed_rates else 0


if __name__ == "__main__":
    sys.exit(main())
