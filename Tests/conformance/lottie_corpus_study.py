#!/usr/bin/env python3
"""The Lottie importer against ../shared/peer-suites/lottie-corpus (contract §22's bar).

For every document of the corpus: `choreo import DOC -o X.yaml` must succeed or fail with
positioned diagnostics (`FILE:POINTER: error|warning: … [rule]`), never crash, within 5 s. For the
documents of tiers A0–B that import without errors, the scene is compiled to Lottie and both the
original (of a .lottie, the animation its scene is made of) and the compiled document are drawn by ThorVG at 0, 25, 50, 75 and 100 % of the
original's frames (128 px on the longer side, over white and over black); a frame passes when at
most 1 % of its pixels differ by more than 16/255 in a channel. Prints counts per tier and source,
and the causes of what fails.

    CHOREO=.build/debug/choreo python Tests/conformance/lottie_corpus_study.py [--tiers A0,A1] [--match TEXT] [--limit N] [--json OUT]

Exits 1 when a document crashes or runs past the time bound, 0 otherwise (the pass rates are
figures to report, not a gate).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parents[1] / ".." / "shared" / "peer-suites" / "lottie-corpus"
PERCENTS = (0, 25, 50, 75, 100)
SIDE = 128
POSITIONED = re.compile(r"^.+:(/[^:]*)?:? ?(error|warning): .+ \[[a-z0-9-]+\]$")


def corpus_dir() -> Path | None:
    for candidate in (CORPUS.resolve(), Path("/work/shared/peer-suites/lottie-corpus")):
        if (candidate / "manifest.json").is_file():
            return candidate
    return None


def render(text: str, frames: list[float], width: int, height: int):
    import numpy as np
    import thorvg_python as tvg

    from lottie_players import _thorvg_engine

    engine = _thorvg_engine()
    scale = SIDE / max(width, height)
    w, h = max(1, round(width * scale)), max(1, round(height * scale))
    images = []
    # A fresh load per frame: ThorVG's drawing of some documents depends on the frames drawn
    # before (keyframes with null tangents), which would blame the importer for the player.
    for frame in frames:
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(w, h, cs=tvg.Colorspace.ABGR8888)
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        if picture.load_data(text.encode(), "lottie", None, True) != tvg.Result.SUCCESS:
            raise RuntimeError("ThorVG could not load it")
        picture.set_size(w, h)
        canvas.add(picture)
        animation.set_frame(float(frame))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        images.append(np.frombuffer(bytes(canvas.buffer_arr), dtype=np.uint8).reshape(h, w, 4).copy())
        canvas.destroy()
    return images


def differing_fraction(a, b) -> float:
    import numpy as np

    worst = 0.0
    for background in (255, 0):
        def over(rgba):
            rgba = rgba.astype(np.int32)
            alpha = rgba[..., 3:4]
            return np.clip(rgba[..., :3] + (background * (255 - alpha)) // 255, 0, 255)
        delta = np.abs(over(a) - over(b)).max(axis=2) > 16
        worst = max(worst, float(delta.mean()))
    return worst


def study(choreo: str, corpus: Path, tiers: set[str], limit: int | None, render_frames: bool, match: str | None = None) -> dict:
    manifest = json.loads((corpus / "manifest.json").read_text())
    documents = [d for d in manifest["documents"] if d["tier"] in tiers and (match is None or match in d["path"])]
    if limit:
        documents = documents[:limit]
    results = []
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        for number, document in enumerate(documents):
            path = corpus / document["path"]
            scene = work / f"scene{number}.yaml"
            # The bound is on the import's CPU time: on a machine shared with other work the wall
            # time measures the neighbours.
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            try:
                done = subprocess.run([choreo, "import", str(path), "-o", str(scene)], capture_output=True, text=True, timeout=60)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                elapsed = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
                code, stderr = done.returncode, done.stderr
            except subprocess.TimeoutExpired:
                elapsed, code, stderr = 60.0, None, ""
            result = {"path": document["path"], "tier": document["tier"], "source": document["source"], "seconds": round(elapsed, 2)}
            lines = [line for line in stderr.splitlines() if line.strip()]
            result["warnings"] = sum(" warning: " in line for line in lines)
            unpositioned = [line for line in lines if not POSITIONED.match(line) and not line.startswith(" ")]
            if code is None or code < 0 or code > 1 or elapsed > 5:
                result["outcome"] = "crash" if code is None or code < 0 else ("slow" if elapsed > 5 else "usage")
                result["detail"] = stderr[-300:]
            elif code == 1:
                result["outcome"] = "refused" if not unpositioned else "refused-unpositioned"
                result["detail"] = lines[0][:300] if lines else ""
            else:
                result["outcome"] = "imported"
                compiled = work / f"out{number}"
                made = subprocess.run([choreo, "compile", str(scene), "--emit", "lottie", "-o", str(compiled)], capture_output=True, text=True, timeout=120)
                if made.returncode != 0:
                    result["outcome"] = "compile-error"
                    result["detail"] = "\n".join(l for l in made.stderr.splitlines() if "error" in l)[:400]
                elif render_frames and document["format"] == "json":
                    result.update(compare_in_child(path, next(compiled.glob("*.json"))))
                elif render_frames and (member := dotlottie_animation(path, work / f"member{number}.json")):
                    result.update(compare_in_child(member, next(compiled.glob("*.json"))))
            results.append(result)
            print(f"{number + 1}/{len(documents)} {result['tier']} {result['outcome']}{' ' + result.get('pixels', '') if 'pixels' in result else ''} {document['path']}", file=sys.stderr)
    return {"results": results}


def dotlottie_animation(archive: Path, out: Path) -> Path | None:
    """The animation of a .lottie the importer makes its scene of (the manifest's initial one, else
    its first), written to `out`; None when there is none to read."""
    import zipfile

    try:
        with zipfile.ZipFile(archive) as z:
            names = z.namelist()
            manifest = json.loads(z.read("manifest.json")) if "manifest.json" in names else {}
            initial = (manifest.get("initial") or {}).get("animation") or manifest.get("activeAnimationId")
            ids = ([initial] if initial else []) + [a.get("id") for a in manifest.get("animations", []) if isinstance(a, dict)]
            for candidate in [f"{folder}{i}.json" for i in ids if i for folder in ("a/", "animations/")]:
                if candidate in names:
                    out.write_bytes(z.read(candidate))
                    return out
            fallback = next((n for n in names if n.startswith(("a/", "animations/")) and n.endswith(".json")), None)
            if fallback:
                out.write_bytes(z.read(fallback))
                return out
    except (zipfile.BadZipFile, KeyError, ValueError, OSError):
        return None
    return None


def compare_in_child(original_path: Path, compiled_path: Path) -> dict:
    """`compare` in a process of its own: a player that crashes on a document is a finding."""
    try:
        done = subprocess.run([sys.executable, __file__, "--compare", str(original_path), str(compiled_path)],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return {"outcome": "render-error", "detail": "ThorVG took more than 120 s"}
    if done.returncode != 0:
        return {"outcome": "render-error", "detail": f"ThorVG exited with {done.returncode}"}
    return json.loads(done.stdout)


def compare(original_path: Path, compiled_path: Path) -> dict:
    original_text = original_path.read_text(encoding="utf-8", errors="replace")
    compiled_text = compiled_path.read_text()
    original = json.loads(original_text)
    compiled = json.loads(compiled_text)
    ip, op = float(original["ip"]), float(original["op"])
    span = max(0.0, op - 1 - ip)
    offsets = [span * p / 100 for p in PERCENTS]
    ratio = float(compiled.get("fr", original["fr"])) / float(original["fr"])
    try:
        a = render(original_text, [ip + o for o in offsets], int(original["w"]), int(original["h"]))
        # Where the compiled document plays the imported animation: its `main` span when markers
        # made states and timelines beside it, else from its start.
        base = next((float(m.get("tm", 0)) for m in compiled.get("markers", []) if m.get("cm") == "main"), float(compiled.get("ip", 0)))
        b = render(compiled_text, [base + o * ratio for o in offsets], int(original["w"]), int(original["h"]))
    except Exception as error:  # a document ThorVG cannot load is a finding, not a crash of the study
        return {"outcome": "render-error", "detail": str(error)}
    fractions = [differing_fraction(x, y) for x, y in zip(a, b)]
    passed = all(f <= 0.01 for f in fractions)
    return {"outcome": "same" if passed else "different", "pixels": " ".join(f"{f * 100:.1f}%" for f in fractions)}


def round_trip(choreo: str, scenes: Path) -> list[dict]:
    """Every scene of the repository compiled to Lottie, imported, compiled again: ThorVG draws
    the two Lottie documents alike at 0, 25, 50, 75 and 100 % of the first one's frames."""
    results = []
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        for number, scene in enumerate(sorted(scenes.glob("*.yaml"))):
            first, again = work / f"first{number}", work / f"again{number}"
            result = {"path": scene.name}
            made = subprocess.run([choreo, "compile", str(scene), "--emit", "lottie", "-o", str(first)], capture_output=True, text=True, timeout=120)
            if made.returncode != 0:
                result.update(outcome="compile-error", detail=made.stderr[-300:])
                results.append(result)
                continue
            original = next(first.glob("*.json"))
            imported = work / f"imported{number}.yaml"
            done = subprocess.run([choreo, "import", str(original), "-o", str(imported)], capture_output=True, text=True, timeout=30)
            result["warnings"] = sum(" warning: " in line for line in done.stderr.splitlines())
            if done.returncode != 0:
                result.update(outcome="refused", detail=done.stderr[-300:])
            else:
                made = subprocess.run([choreo, "compile", str(imported), "--emit", "lottie", "-o", str(again)], capture_output=True, text=True, timeout=120)
                if made.returncode != 0:
                    result.update(outcome="compile-error", detail="\n".join(l for l in made.stderr.splitlines() if "error" in l)[:400])
                else:
                    result.update(compare_in_child(original, next(again.glob("*.json"))))
            results.append(result)
            print(f"round trip {scene.name}: {result['outcome']} {result.get('pixels', '')}", file=sys.stderr)
    return results


def summarize(report: dict) -> str:
    results = report["results"]
    lines = []
    by_tier = collections.defaultdict(collections.Counter)
    by_source = collections.defaultdict(collections.Counter)
    for r in results:
        by_tier[r["tier"]][r["outcome"]] += 1
        by_source[r["source"]][r["outcome"]] += 1
    outcomes = ["same", "different", "imported", "compile-error", "render-error", "refused", "refused-unpositioned", "crash", "slow", "usage"]
    def row(name, counter):
        total = sum(counter.values())
        return f"{name:16} {total:4}  " + "  ".join(f"{o} {counter[o]}" for o in outcomes if counter[o])
    lines.append("per tier:")
    for tier in sorted(by_tier):
        lines.append("  " + row(tier, by_tier[tier]))
    lines.append("per source:")
    for source in sorted(by_source):
        lines.append("  " + row(source, by_source[source]))
    slowest = max((r["seconds"] for r in results), default=0)
    lines.append(f"slowest import: {slowest:.2f} s of CPU")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tiers", default="A0,A1,A2,B,C")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--match", help="only the documents whose path contains this text")
    parser.add_argument("--no-render", action="store_true")
    parser.add_argument("--json")
    parser.add_argument("--compare", nargs=2)
    parser.add_argument("--round-trip", action="store_true", help="the repository's scenes/ through compile, import, compile")
    args = parser.parse_args()
    if args.compare:
        sys.path.insert(0, str(HERE))
        print(json.dumps(compare(Path(args.compare[0]), Path(args.compare[1]))))
        return 0
    choreo = os.environ.get("CHOREO", ".build/debug/choreo")
    sys.path.insert(0, str(HERE))
    if args.round_trip:
        results = round_trip(choreo, HERE.parents[1] / "scenes")
        counts = collections.Counter(r["outcome"] for r in results)
        print("round trip of scenes/: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        for r in results:
            if r["outcome"] != "same":
                print(f"  {r['path']}: {r['outcome']} {r.get('pixels', '')} {r.get('detail', '')}".rstrip())
        return 0 if all(r["outcome"] == "same" for r in results) else 1
    corpus = corpus_dir()
    if corpus is None:
        print("lottie corpus study skipped: ../shared/peer-suites/lottie-corpus is absent", file=sys.stderr)
        return 0
    choreo = os.environ.get("CHOREO", ".build/debug/choreo")
    sys.path.insert(0, str(HERE))
    report = study(choreo, corpus, set(args.tiers.split(",")), args.limit, not args.no_render, args.match)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    print(summarize(report))
    bad = [r for r in report["results"] if r["outcome"] in ("crash", "slow", "usage", "refused-unpositioned")]
    for r in bad:
        print(f"FAIL {r['outcome']}: {r['path']}: {r.get('detail', '')}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
