"""Text against hand-written paths: a scene of 10,000 glyphs (100 text nodes of 100 glyphs)
compiles in at most 2x the time of the same drawing given as path data (the glyphs' outlines,
taken from the text scene's own snapshot, as `d:` of 100 path nodes).

    python3 scripts/bench_text.py CHOREO [--runs N]

Prints both times and the ratio; exits 1 when the ratio is over 2."""

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FONT = REPO / "docs" / "examples" / "text" / "fonts" / "DejaVuSans-Bold-Latin.ttf"
NODES, GLYPHS = 100, 100


def best_time(choreo, scene, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([choreo, "compile", scene.name, "-o", "out"], cwd=scene.parent, check=True, capture_output=True)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    choreo = str(Path(sys.argv[1]).resolve())
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 3
    work = Path(tempfile.mkdtemp(prefix="choreo-bench-text."))
    try:
        shutil.copy(FONT, work / "font.ttf")
        # Glyphs of few vertices: 10,000 of them stay under the vertex limit of a small file.
        words = ("lilt" * GLYPHS)[:GLYPHS]
        layers = []
        for index in range(NODES):
            x, y = 400, 20 + index * 24
            layers.append(f'  - {{id: t{index}, shape: text, text: "{words}", font: ui, size: 12, position: [{x}, {y}], fill: black}}')
        header = "choreo: 1\nsize: [800, 2440]\n"
        states = "states:\n  a: {}\n  b: {t0: {opacity: 0.5}}\ntransitions:\n  - {from: a, to: b, duration: 0.2s}\n"
        (work / "text.yaml").write_text(header + "fonts:\n  ui: {file: font.ttf}\nlayers:\n" + "\n".join(layers) + "\n" + states)
        snapshot = subprocess.run([choreo, "snapshot", "text.yaml", "--at", "0s", "-o", "text.svg"], cwd=work, capture_output=True, text=True)
        if snapshot.returncode != 0:
            sys.exit(f"the text scene does not compile: {snapshot.stderr}")
        svg = (work / "text.svg").read_text()
        paths = []
        for match in re.finditer(r'<g id="(t\d+)" transform="translate\(([-\d.]+) ([-\d.]+)\)">\s*<path d="([^"]+)"', svg):
            node, x, y, d = match.groups()
            paths.append(f'  - {{id: {node}, shape: path, d: "{d}", anchor: [0, 0], position: [{x}, {y}], fill: black}}')
        assert len(paths) == NODES, f"found {len(paths)} glyph runs in the snapshot"
        (work / "paths.yaml").write_text(header + "layers:\n" + "\n".join(paths) + "\n" + states)
        text_time = best_time(choreo, work / "text.yaml", runs)
        path_time = best_time(choreo, work / "paths.yaml", runs)
        ratio = text_time / path_time
        print(f"text: {NODES * GLYPHS} glyphs {text_time * 1000:.0f} ms; the same drawing as path data {path_time * 1000:.0f} ms; ratio {ratio:.2f} (target <= 2)")
        return 0 if ratio <= 2 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
