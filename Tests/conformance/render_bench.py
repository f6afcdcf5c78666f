#!/usr/bin/env python3
"""The benchmark of `choreo render` (docs/performance.md), run by scripts/bench-render.sh.

A generated 2 s, 256 × 256 scene at 60 fps (120 frames: rects, ellipses, a star, a path, a
gradient, strokes, a trim, rotation, scale and opacity moving) is drawn and encoded, and the
same work is timed, in the same run, with the libraries' own tools:

  drawing   choreo's rasterizer (choreo-bench --render: every frame of the reel, in process)
            against ThorVG (thorvg-python, one thread) drawing the compiled Lottie's 120 frames;
            target: at most 3x.
  encoding  each format from frames in memory (choreo-bench) against the encoder library's own
            command-line tool encoding the same raw frames with the same settings: ffmpeg with
            libx264 (MP4), libvpx-vp9 (WebM) and libwebp_anim (libwebp's animation encoder, WebP);
            target: at most 2x; APNG against libpng writing every frame as a whole PNG in the
            same process (the APNG's frames are PNGs libpng writes, of the changed rectangles).
            PNG and GIF are printed without a baseline (giflib ships no tool that encodes RGBA
            frames; the GIF's time is mostly choosing and applying its palette).

Times are CPU seconds (user + system), best of three, so the other core's work does not count.
Prints a table and a JSON line; exits 1 when a target is missed.

Usage: python3 Tests/conformance/render_bench.py --choreo PATH --bench PATH [--work DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ensure_venv  # noqa: E402

if __name__ == "__main__":
    ensure_venv()

SCENE = """choreo: 1
name: bench
size: [256, 256]
fps: 60
background: "#1e1e2e"
layers:
  - {id: ring, shape: ellipse, size: [180, 180], position: [128, 128], fill: none,
     stroke: {color: "#89b4fa", width: 14, cap: round}, trim: {start: 0, end: 0.2}}
  - {id: card, shape: rect, size: [120, 80], corner-radius: 12, position: [128, 128],
     fill: {linear: {from: [-60, -40], to: [60, 40]}, stops: [[0, "#f38ba8"], [1, "#fab387"]]}}
  - {id: star, shape: polygon, sides: 5, radius: 30, inner-radius: 14, position: [60, 60], fill: "#f9e2af"}
  - {id: wave, shape: path, d: "M -40 0 C -20 -30 20 30 40 0", position: [128, 210], fill: none,
     stroke: {color: "#a6e3a1", width: 6, cap: round}}
  - id: dots
    shape: ellipse
    size: [14, 14]
    position: [40, 200]
    fill: "#cba6f7"
    repeat: {count: 6, offset: [18, 0]}
timelines:
  play:
    duration: 2s
    loop: true
    keyframes:
      ring.trim.end: [{at: 0s, value: 0.2}, {at: 1s, value: 0.9, easing: ease-in-out}, {at: 2s, value: 0.2, easing: ease-in-out}]
      ring.rotation: [{at: 0s, value: 0deg}, {at: 2s, value: 360deg}]
      card.rotation: [{at: 0s, value: -8deg}, {at: 1s, value: 8deg, easing: ease-in-out}, {at: 2s, value: -8deg, easing: ease-in-out}]
      card.scale: [{at: 0s, value: 1}, {at: 1s, value: 1.2, easing: ease-in-out}, {at: 2s, value: 1, easing: ease-in-out}]
      star.rotation: [{at: 0s, value: 0deg}, {at: 2s, value: 144deg}]
      star.opacity: [{at: 0s, value: 1}, {at: 1s, value: 0.3}, {at: 2s, value: 1}]
      wave.position: [{at: 0s, value: [128, 210]}, {at: 1s, value: [128, 190], easing: ease-in-out}, {at: 2s, value: [128, 210], easing: ease-in-out}]
      dots.opacity: [{at: 0s, value: 0.4}, {at: 1s, value: 1}, {at: 2s, value: 0.4}]
"""


def child_cpu(command: list[str], **kwargs) -> tuple[float, subprocess.CompletedProcess]:
    """CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, capture_output=True, **kwargs)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), result


def best_of(count: int, measure) -> float:
    return min(measure() for _ in range(count))


def thorvg_seconds(lottie: str, width: int, height: int, frames: int) -> float:
    from lottie_players import ThorVGPlayer

    player = ThorVGPlayer(lottie, width, height)
    try:
        def once() -> float:
            start = time.process_time()
            for frame in range(frames):
                player.render(frame)
            return time.process_time() - start
        # The frame each call hands back is copied into NumPy and composited over white; that is
        # the harness's cost, not ThorVG's, and is subtracted.
        import numpy as np
        from common import over_white_premultiplied

        buffer = np.zeros((height, width, 4), dtype=np.uint8)

        def harness() -> float:
            start = time.process_time()
            for _ in range(frames):
                over_white_premultiplied(np.frombuffer(bytes(buffer), dtype=np.uint8).reshape(height, width, 4))
            return time.process_time() - start
        return best_of(3, once) - best_of(3, harness)
    finally:
        player.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--work")
    arguments = parser.parse_args()
    work = Path(arguments.work or tempfile.mkdtemp(prefix="render-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    scene = work / "bench.yaml"
    scene.write_text(SCENE, encoding="utf-8")
    subprocess.run([arguments.choreo, "compile", str(scene), "-o", str(work), "--emit", "lottie"], check=True, capture_output=True)
    raw = work / "frames.rgba"
    out = subprocess.run([arguments.bench, "--render", str(scene), str(raw)], check=True, capture_output=True, text=True)
    ours = json.loads(out.stdout)
    width, height, frames, fps = ours["width"], ours["height"], ours["frames"], ours["fps"]
    lottie = (work / "bench.json").read_text(encoding="utf-8")
    thorvg = thorvg_seconds(lottie, width, height, frames)

    raw_input = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", f"{width}x{height}", "-r", str(fps), "-i", str(raw)]
    tools = {
        "mp4": ["ffmpeg", "-v", "error", "-y", *raw_input, "-c:v", "libx264", "-preset", "medium", "-profile:v", "high",
                "-qp", "12", "-bf", "0", "-threads", "1", "-pix_fmt", "yuv420p", "-movflags", "+faststart", str(work / "tool.mp4")],
        "webm": ["ffmpeg", "-v", "error", "-y", *raw_input, "-c:v", "libvpx-vp9", "-crf", "18", "-b:v", "0", "-deadline", "good",
                 "-cpu-used", "4", "-row-mt", "0", "-threads", "1", "-pix_fmt", "yuva420p", str(work / "tool.webm")],
        "webp": ["ffmpeg", "-v", "error", "-y", *raw_input, "-c:v", "libwebp_anim", "-lossless", "1", "-compression_level", "4",
                 "-quality", "75", "-loop", "0", "-threads", "1", str(work / "tool.webp")],
    }
    rows = []
    failed = False
    ratio = (ours["drawing"]) / thorvg if thorvg > 0 else float("inf")
    rows.append(("drawing 120 frames", ours["drawing"], thorvg, "ThorVG", ratio, 3.0))
    for format_name, timing in ours["encoding"].items():
        if format_name == "png-frames":
            continue
        if format_name == "apng":
            baseline = ours["encoding"]["png-frames"]["seconds"]
            rows.append(("encoding apng", timing["seconds"], baseline, "libpng writing every frame whole (in process)",
                         timing["seconds"] / baseline, 2.0))
            continue
        tool = tools.get(format_name)
        if tool is None:
            rows.append((f"encoding {format_name}", timing["seconds"], None, "", None, None))
            continue
        seconds = best_of(3, lambda: child_cpu(tool)[0])
        label = "ffmpeg (" + {"mp4": "libx264", "webm": "libvpx-vp9", "webp": "libwebp's animation encoder"}[format_name] + ")"
        rows.append((f"encoding {format_name}", timing["seconds"], seconds, label, timing["seconds"] / seconds, 2.0))
    print(f"choreo render benchmark: {frames} frames of {width} x {height} at {fps} fps, CPU seconds, best of 3")
    print(f"{'':<22}{'choreo':>10}{'baseline':>10}  {'ratio':>6}  baseline")
    for label, ours_seconds, base, name, value, target in rows:
        base_text = f"{base:10.3f}" if base is not None else f"{'-':>10}"
        value_text = f"{value:6.2f}x" if value is not None else f"{'':>7}"
        verdict = "" if target is None else ("  ok" if value <= target else f"  OVER {target:g}x")
        if target is not None and value > target:
            failed = True
        print(f"{label:<22}{ours_seconds:10.3f}{base_text}  {value_text}  {name}{verdict}")
    print(json.dumps({"frames": frames, "rows": [
        {"what": label, "choreo": ours_seconds, "baseline": base, "tool": name, "ratio": value} for label, ours_seconds, base, name, value, _ in rows]}))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
