#!/usr/bin/env python3
"""`choreo render` against ThorVG, decoders and itself.

Usage:
    python3 Tests/conformance/render_suite.py --choreo PATH --work DIR [--every N] [--formats SCENE] SCENE.yaml...

frames   every scene's reel (`choreo render SCENE --format apng`, the whole timeline at the
         scene's fps; a still scene is one PNG), decoded with Pillow, each frame (every Nth with
         --every N, the last frame always) compared with ThorVG's rendering of the compiled
         Lottie at the same frame, over white, with common.py's per-pixel rule; a frame passes
         when at most 1 % of its pixels differ (the counts under the suites' own 0.5 % are
         printed beside). Effects are compared where ThorVG draws them: everywhere here.
formats  for the --formats scenes: APNG, WebP, GIF, MP4 and WebM of the reel, a state, a
         timeline and a path where the scene has them; frame counts and durations read back
         with Pillow (APNG, WebP, GIF) and ffprobe (MP4, WebM); alpha kept in APNG, WebP, GIF
         and WebM (libvpx's decoder reads WebM's alpha plane), none in MP4; MP4 and WebM frames
         at PSNR ≥ 40 dB against the APNG's (composited over the background) in luma, the part
         4:2:0 video keeps at full resolution (RGB PSNR printed beside); WebP frames equal to the
         APNG's (lossless); GIF's PSNR printed.
bytes    every format written twice, from two working directories with different time zones
         and locales: the same bytes.
errors   an unknown format, a time past the end and a scene with errors leave no file; a clip
         past the pixel limit is `render-too-large` at the scene.
Prints per-check lines for failures, per-part totals, then `N passed, M failed`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ensure_venv  # noqa: E402

if __name__ == "__main__":
    ensure_venv()

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from common import OUT_DIR, compare_images, over_white_straight, summary_line, write_side_by_side  # noqa: E402
from lottie_players import ThorVGPlayer  # noqa: E402

# Contract §25's bar: a frame agrees with ThorVG when at most 1 % of its pixels differ (the per-pixel
# rule is common.py's: more than 64/255 outside the other image's colours within 1 px).
FRAME_FRACTION = 0.01
PSNR_FLOOR = 40.0


class Results:
    def __init__(self) -> None:
        self.parts: dict[str, list[int]] = {}

    def record(self, part: str, label: str, ok: bool, detail: str = "") -> None:
        counts = self.parts.setdefault(part, [0, 0])
        counts[0 if ok else 1] += 1
        if not ok:
            print(f"FAIL {part} {label}: {detail}", flush=True)

    def totals(self) -> tuple[int, int]:
        return sum(c[0] for c in self.parts.values()), sum(c[1] for c in self.parts.values())


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def decode_frames(path: Path) -> list[np.ndarray]:
    """Every frame of a PNG, APNG, WebP or GIF as straight RGBA."""
    frames = []
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append(np.asarray(image.convert("RGBA")).copy())
    return frames


def frame_durations(path: Path) -> list[float]:
    """Each frame's duration in ms as Pillow reads it."""
    durations = []
    with Image.open(path) as image:
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            image.load()
            durations.append(float(image.info.get("duration", 0)))
    return durations


def luma(rgb: np.ndarray) -> np.ndarray:
    """BT.601 luma of RGB (what 4:2:0 video keeps at full resolution)."""
    rgb = rgb.astype(np.float64)
    return 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


def ffprobe(path: Path) -> dict:
    out = run(["ffprobe", "-v", "error", "-count_frames", "-show_entries",
               "stream=codec_name,width,height,nb_read_frames,pix_fmt:stream_tags=alpha_mode:format=duration",
               "-of", "json", str(path)])
    return json.loads(out.stdout or "{}")


def ffmpeg_frames(path: Path, width: int, height: int, alpha: bool, gray: bool = False) -> list[np.ndarray]:
    """The video's frames as RGBA (WebM's alpha through libvpx's own decoder), RGB, or its luma
    plane (full range) alone."""
    decoder = ["-c:v", "libvpx-vp9"] if alpha else []
    pixel = "gray" if gray else "rgba" if alpha else "rgb24"
    out = subprocess.run(["ffmpeg", "-v", "error", *decoder, "-i", str(path), "-f", "rawvideo", "-pix_fmt", pixel, "-"],
                         capture_output=True, check=True)
    if gray:
        return list(np.frombuffer(out.stdout, dtype=np.uint8).reshape(-1, height, width))
    channels = 4 if alpha else 3
    data = np.frombuffer(out.stdout, dtype=np.uint8)
    return list(data.reshape(-1, height, width, channels))


# MARK: frames vs ThorVG


def check_frames(choreo: str, scene: Path, work: Path, every: int, results: Results) -> tuple[int, int]:
    name = scene.stem
    compiled = work / "compiled"
    compiled.mkdir(parents=True, exist_ok=True)
    out = run([choreo, "compile", str(scene), "-o", str(compiled), "--emit", "lottie,timeline"])
    if out.returncode != 0:
        results.record("frames", name, False, f"choreo compile failed: {out.stderr[:400]}")
        return 0, 0
    timeline = json.loads((compiled / f"{name}.timeline.json").read_text(encoding="utf-8"))
    lottie = (compiled / f"{name}.json").read_text(encoding="utf-8")
    width, height = int(round(timeline["size"][0])), int(round(timeline["size"][1]))
    picture = work / "frames" / f"{name}.png"
    picture.parent.mkdir(parents=True, exist_ok=True)
    out = run([choreo, "render", str(scene), "-o", str(picture)])
    if out.returncode != 0:
        results.record("frames", name, False, f"choreo render failed: {out.stderr[:400]}")
        return 0, 0
    frames = decode_frames(picture)
    expected = 1 if timeline["static"] or int(timeline["frames"]) <= 1 else int(timeline["frames"])
    results.record("frames", f"{name} count", len(frames) == expected, f"{len(frames)} frames, the timeline has {expected}")
    player = ThorVGPlayer(lottie, width, height)
    compared = strict_failures = 0
    try:
        chosen = sorted(set(range(0, len(frames), max(1, every))) | {len(frames) - 1})
        for index in chosen:
            ours = over_white_straight(frames[index])
            theirs = player.render(index)
            comparison = compare_images(ours, theirs)
            compared += 1
            ok = comparison.same_size and comparison.differing_fraction <= FRAME_FRACTION
            if not comparison.passed:
                strict_failures += 1
            if not ok:
                image = write_side_by_side(OUT_DIR / f"render-{name}-{index}.png", ours, theirs)
                results.record("frames", f"{name} frame {index}", False, f"{comparison.describe()} ({image})")
            else:
                results.record("frames", f"{name} frame {index}", True)
    finally:
        player.close()
    return compared, strict_failures


# MARK: formats


def check_formats(choreo: str, scene: Path, work: Path, results: Results) -> None:
    name = scene.stem
    directory = work / "formats" / name
    directory.mkdir(parents=True, exist_ok=True)
    compiled = work / "compiled"
    out = run([choreo, "compile", str(scene), "-o", str(compiled), "--emit", "timeline"])
    if out.returncode != 0:
        results.record("formats", name, False, f"choreo compile failed: {out.stderr[:400]}")
        return
    timeline = json.loads((compiled / f"{name}.timeline.json").read_text(encoding="utf-8"))
    width, height = int(round(timeline["size"][0])), int(round(timeline["size"][1]))
    fps = float(timeline["fps"])
    selections: list[tuple[str, list[str], int]] = []
    if not timeline["static"]:
        selections.append(("reel", [], int(timeline["frames"])))
    spans = {span["name"]: span for span in timeline["spans"]}
    machine = timeline.get("stateMachine") or {}
    for state in machine.get("states", []):
        play = state.get("play")
        if play and not play.get("bind") and play["span"] in spans:
            span = spans[play["span"]]
            selections.append((f"state-{state['name']}", ["--state", state["name"]], span["endFrame"] - span["startFrame"]))
            break
    for span in timeline["spans"]:
        if span["kind"] == "timeline":
            selections.append((f"timeline-{span['name']}", ["--timeline", span["name"]], span["endFrame"] - span["startFrame"]))
            break
    transitions = [s for s in timeline["spans"] if s["kind"] == "transition" and s["fromState"] != s["toState"]]
    if transitions:
        first = transitions[0]
        back = next((s for s in transitions if s["fromState"] == first["toState"] and s["toState"] == first["fromState"]), None)
        path = [first["fromState"], first["toState"]] + ([first["fromState"]] if back else [])
        count = (first["endFrame"] - first["startFrame"]) + ((back["endFrame"] - back["startFrame"]) if back else 0)
        selections.append(("path", ["--path", ",".join(path)], count))
    background = "rgb(250, 250, 250)"
    for label, arguments, count in selections:
        apng = directory / f"{label}.png"
        out = run([choreo, "render", str(scene), *arguments, "--format", "apng", "-o", str(apng)])
        if out.returncode != 0:
            results.record("formats", f"{name} {label} apng", False, out.stderr[:300])
            continue
        reference = decode_frames(apng)
        results.record("formats", f"{name} {label} apng frames", len(reference) == count, f"{len(reference)} frames, expected {count}")
        durations = frame_durations(apng)
        results.record("formats", f"{name} {label} apng duration", abs(sum(durations) - count * 1000 / fps) < 1.0,
                       f"{sum(durations)} ms, expected {count * 1000 / fps:.1f}")
        lossless_over = [over_background(frame, background) for frame in reference]

        webp = directory / f"{label}.webp"
        out = run([choreo, "render", str(scene), *arguments, "-o", str(webp)])
        if out.returncode == 0:
            frames = decode_frames(webp)
            total = sum(frame_durations(webp))
            # libwebp merges a frame like the one before into it (its duration grows): the
            # shown time and the pixels of every instant are what counts.
            results.record("formats", f"{name} {label} webp duration", abs(total - count * 1000 / fps) <= 1.0,
                           f"{total} ms, expected {count * 1000 / fps:.1f}")
            shown = expand_by_duration(frames, frame_durations(webp), fps)
            same = len(shown) == len(reference) and all(np.array_equal(a, b) for a, b in zip(shown, reference))
            results.record("formats", f"{name} {label} webp lossless", same, "the WebP's frames are not the APNG's")
        else:
            results.record("formats", f"{name} {label} webp", False, out.stderr[:300])

        gif = directory / f"{label}.gif"
        out = run([choreo, "render", str(scene), *arguments, "-o", str(gif)])
        if out.returncode == 0:
            frames = decode_frames(gif)
            gif_fps = min(round(fps), 50)
            total = sum(frame_durations(gif))
            # Each span is resampled at the GIF's rate on its own: a frame either way per span.
            expected_total = count / fps * 1000
            results.record("formats", f"{name} {label} gif duration", abs(total - expected_total) <= 2 * 1000 / gif_fps,
                           f"{total} ms, expected {expected_total:.0f}")
            if gif_fps == round(fps):
                palette_psnr = min(psnr(over_white_straight(a), over_white_straight(b)) for a, b in zip(frames, reference))
                print(f"  {name} {label}: gif PSNR (worst frame, over white) {palette_psnr:.1f} dB", flush=True)
            has_alpha = any((frame[..., 3] < 128).any() for frame in reference)
            gif_alpha = any((frame[..., 3] == 0).any() for frame in frames)
            results.record("formats", f"{name} {label} gif transparency", has_alpha == gif_alpha,
                           f"APNG transparent: {has_alpha}, GIF transparent: {gif_alpha}")
        else:
            results.record("formats", f"{name} {label} gif", False, out.stderr[:300])

        for container in ("mp4", "webm"):
            video = directory / f"{label}.{container}"
            # MP4 is drawn over the background; WebM keeps the transparency and is composited here.
            extra = ["--background", background] if container == "mp4" else []
            out = run([choreo, "render", str(scene), *arguments, *extra, "-o", str(video)])
            if out.returncode != 0:
                results.record("formats", f"{name} {label} {container}", False, out.stderr[:300])
                continue
            probe = ffprobe(video)
            stream = (probe.get("streams") or [{}])[0]
            frames_read = int(stream.get("nb_read_frames", -1))
            results.record("formats", f"{name} {label} {container} frames", frames_read == count, f"{frames_read} frames, expected {count}")
            duration = float(probe.get("format", {}).get("duration", -1))
            results.record("formats", f"{name} {label} {container} duration", abs(duration - count / fps) < 0.002,
                           f"{duration} s, expected {count / fps:.3f}")
            video_width, video_height = int(stream.get("width", 0)), int(stream.get("height", 0))
            if container == "mp4":
                decoded = ffmpeg_frames(video, video_width, video_height, alpha=False)
                pairs = [(frame[:height, :width], expected) for frame, expected in zip(decoded, lossless_over)]
                results.record("formats", f"{name} {label} mp4 opaque", stream.get("pix_fmt") == "yuv420p", str(stream.get("pix_fmt")))
            else:
                results.record("formats", f"{name} {label} webm alpha_mode", (stream.get("tags") or {}).get("alpha_mode") == "1", str(stream))
                decoded = ffmpeg_frames(video, video_width, video_height, alpha=True)
                pairs = [(over_background(frame, background), expected) for frame, expected in zip(decoded, lossless_over)]
                # Alpha kept: where the APNG is transparent, so is the WebM (within the codec's error).
                alpha_error = max(int(np.abs(frame[..., 3].astype(int) - ref[..., 3].astype(int)).mean()) for frame, ref in zip(decoded, reference))
                results.record("formats", f"{name} {label} webm alpha", alpha_error <= 2, f"mean alpha error {alpha_error}")
            # MP4 and WebM keep colour at half resolution (4:2:0, what every player plays): the
            # bar is on luma, the full-resolution part; the RGB figure is printed beside it.
            planes = ffmpeg_frames(video, video_width, video_height, alpha=False, gray=True) if container == "mp4" else None
            if container == "webm":
                # Over the background first: the luma the viewer sees.
                planes = [luma(a) for a, _ in pairs]
            else:
                planes = [plane[:height, :width] for plane in planes]
            worst = min((psnr(plane, luma(b)) for plane, (_, b) in zip(planes, pairs)), default=0.0)
            worst_rgb = min((psnr(a, b) for a, b in pairs), default=0.0)
            print(f"  {name} {label}: {container} PSNR (worst frame) luma {worst:.1f} dB, RGB {worst_rgb:.1f} dB", flush=True)
            results.record("formats", f"{name} {label} {container} PSNR", len(pairs) == count and worst >= PSNR_FLOOR,
                           f"worst frame {worst:.1f} dB (luma) over {len(pairs)} frames")


def over_background(rgba: np.ndarray, color: str) -> np.ndarray:
    """Straight RGBA composited over an `rgb(r, g, b)` colour."""
    r, g, b = (int(part) for part in color[4:-1].split(","))
    alpha = rgba[..., 3:4].astype(np.float64) / 255
    under = np.array([r, g, b], dtype=np.float64)
    return np.clip(np.rint(rgba[..., :3] * alpha + under * (1 - alpha)), 0, 255).astype(np.uint8)


def expand_by_duration(frames: list[np.ndarray], durations: list[float], fps: float) -> list[np.ndarray]:
    """A frame shown for k frame intervals, repeated k times (WebP merges equal frames)."""
    shown = []
    elapsed = 0.0
    for frame, duration in zip(frames, durations):
        start = round(elapsed * fps / 1000)
        elapsed += duration
        end = round(elapsed * fps / 1000)
        shown.extend([frame] * max(0, end - start))
    return shown


# MARK: bytes


def check_bytes(choreo: str, scene: Path, work: Path, results: Results) -> None:
    name = scene.stem
    for format_name in ("png", "apng", "webp", "gif", "mp4", "webm"):
        outputs = []
        for index, (zone, locale) in enumerate((("UTC", "C"), ("Asia/Kathmandu", "C.UTF-8"))):
            directory = Path(tempfile.mkdtemp(prefix=f"render-bytes-{index}-", dir=work))
            arguments = ["--at", "0.1s"] if format_name == "png" else []
            environment = dict(os.environ, TZ=zone, LC_ALL=locale, LANG=locale)
            out = run([choreo, "render", str(scene.resolve()), *arguments, "--format", format_name, "-o", "out.bin"], cwd=directory, env=environment)
            outputs.append((directory / "out.bin").read_bytes() if out.returncode == 0 else None)
        results.record("bytes", f"{name} {format_name}", outputs[0] is not None and outputs[0] == outputs[1],
                       "differs between runs" if outputs[0] is not None else "render failed")


# MARK: errors


def check_errors(choreo: str, scene: Path, work: Path, results: Results) -> None:
    directory = work / "errors"
    directory.mkdir(parents=True, exist_ok=True)
    cases = [
        ("unknown format", [str(scene), "--format", "tiff", "-o", str(directory / "a.tiff")], 2, directory / "a.tiff"),
        ("unknown suffix", [str(scene), "-o", str(directory / "a.bmp")], 2, directory / "a.bmp"),
        ("time past the end", [str(scene), "--at", "9999s", "-o", str(directory / "b.png")], 2, directory / "b.png"),
        ("past the pixel limit", [str(scene), "--size", "8192", "--fps", "240", "-o", str(directory / "c.webp")], 1, directory / "c.webp"),
    ]
    broken = directory / "broken.yaml"
    broken.write_text("choreo: 1\nsize: [10, 10]\nlayers:\n  - {id: a, shape: rect, size: [4, 4], fill: nonsense}\n", encoding="utf-8")
    cases.append(("scene with errors", [str(broken), "-o", str(directory / "d.png")], 1, directory / "d.png"))
    for label, arguments, status, path in cases:
        out = run([choreo, "render", *arguments])
        ok = out.returncode == status and not path.exists()
        if label == "past the pixel limit":
            ok = ok and "[render-too-large]" in out.stderr and f"{scene.name}:1:1: error:" in out.stderr
        results.record("errors", label, ok, f"exit {out.returncode}, file written: {path.exists()}; {out.stderr[:300]}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--every", type=int, default=1, help="compare every Nth frame (and the last)")
    parser.add_argument("--formats", action="append", default=[], help="scenes whose formats, bytes and errors are checked")
    parser.add_argument("scenes", nargs="+")
    arguments = parser.parse_args()
    arguments.choreo = str(Path(arguments.choreo).resolve())
    work = Path(arguments.work)
    work.mkdir(parents=True, exist_ok=True)
    results = Results()
    compared = strict = 0
    for scene in sorted(Path(path) for path in arguments.scenes):
        c, s = check_frames(arguments.choreo, scene, work, arguments.every, results)
        compared += c
        strict += s
    for scene in arguments.formats:
        check_formats(arguments.choreo, Path(scene), work, results)
        check_bytes(arguments.choreo, Path(scene), work, results)
    if arguments.formats:
        check_errors(arguments.choreo, Path(arguments.formats[0]), work, results)
    for part, (passed, failed) in results.parts.items():
        print(f"{part}: {passed} passed, {failed} failed")
    print(f"frames compared with ThorVG: {compared} in {len(arguments.scenes)} scenes; "
          f"{compared - strict} of them also within the suites' 0.5 % rule")
    passed, failed = results.totals()
    print(summary_line(passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
