#!/usr/bin/env python3
"""Player-pitfall audit: finds, in compiled Lottie documents, what real players get wrong even
though the spec allows it (../shared/reference/interactive-lottie-themes-tooling.md §6, plus what
this suite measured in lottie-web). Each finding names a rule:

  trim-on-fill        a trim (`tm`) in a group that also fills (`fl`/`gf`): lottie-ios' Core
                      Animation engine trims only stroked shapes and falls back.
  trim-mode           a trim without `m` (lottie-ios then assumes individually, others
                      simultaneously) or with `m: 1` (simultaneously: unsupported by lottie-ios'
                      Core Animation engine; with one contour both modes agree, so write 2).
  gradient-stops      a gradient whose `g.k` does not hold 4·p colour numbers plus pairs of opacity
                      stops, whose keyframes differ in length, or whose offsets leave 0…1 or go
                      backwards (lottie-ios: hard crash; lottie-android: wrong colours).
  gradient-hard-edge  two stops at one offset (colour or opacity): rlottie draws the opacity of
                      coincident stops as a ramp, so a hard edge between translucent and opaque
                      comes out soft (found on a hard-edged band of a new scene); written a thousandth
                      apart, every player draws the edge.
  gradient-hold       a hold keyframe (`h: 1`) on gradient stops, held for a frame or more towards
                      a different value: ThorVG 1.0 interpolates it anyway (found by the feature
                      matrix: steps and hold easings on gradient stops).
  easing-x            an easing handle with x outside 0…1 (lottie-android throws "The Path cannot
                      loop back on itself").
  out-of-range        a value outside what players draw correctly, in a keyframe or between two
                      (a handle's y overshooting): opacity outside 0…100 (ThorVG wraps 120 % to
                      20 %), colour channels outside 0…1, gradient offsets, colours and opacities
                      outside 0…1, trim start/end outside 0…100, negative stroke width, corner
                      radius or polystar radius.
  dash-name           a stroke dash entry without `nm`: lottie-web 5.7 then draws nothing at all;
                      or two entries of one stroke with the same `nm`: it draws nothing of the
                      stroke.
  path-vertices       a path (`sh`) whose keyframes differ in vertex count or closedness:
                      lottie-web 5.7 keeps the first keyframe's count and truncates the others,
                      across hold keyframes too (found by this suite on trimmed outlines baked
                      frame by frame).
  unsupported         merge paths (`mm`), auto-orient, expressions, rounded corners (`rd`) on
                      polystars or combined shapes, an animated dash or repeater copy count (§6.6
                      rule 5: lottie-ios falls back or drops them).

Usage:
    python3 Tests/conformance/lottie_audit.py FILE_OR_DIR...   # every *.json Lottie under them
Prints each finding as `FILE: RULE at PATH: detail`, one check per file, then `N passed, M failed`;
exits 1 on any finding.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

FILLS = ("fl", "gf")
GRADIENTS = ("gf", "gs")
PATH_ITEMS = ("sh", "rc", "el", "sr")


@dataclass(frozen=True)
class Finding:
    rule: str
    path: str
    detail: str

    def __str__(self) -> str:
        return f"{self.rule} at {self.path}: {self.detail}"


# MARK: Easing and interpolation


def _handle(handle: dict | None, key: str, dimension: int) -> float | None:
    if not isinstance(handle, dict) or key not in handle:
        return None
    value = handle[key]
    if isinstance(value, list):
        if not value:
            return None
        return float(value[min(dimension, len(value) - 1)])
    return float(value)


def _handles(keyframe: dict) -> list[float]:
    found = []
    for side in ("o", "i"):
        handle = keyframe.get(side)
        if isinstance(handle, dict) and "x" in handle:
            xs = handle["x"] if isinstance(handle["x"], list) else [handle["x"]]
            found.extend(float(x) for x in xs)
    return found


def progress_range(y1: float, y2: float) -> tuple[float, float]:
    """The least and greatest progress of a cubic-bezier easing with handle ys y1, y2 (x in 0…1,
    so progress over the curve parameter covers exactly the progress over time)."""
    values = []
    for step in range(201):
        t = step / 200
        values.append(3 * (1 - t) ** 2 * t * y1 + 3 * (1 - t) * t * t * y2 + t ** 3)
    return min(values), max(values)


def _numbers(value) -> list[float] | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        return [float(v) for v in value]
    return None


def value_ranges(prop) -> list[tuple[str, list[float], list[float]]]:
    """(where, low, high) per keyframe and per interpolated stretch of an animatable property:
    the component-wise extremes it reaches, overshoot between keyframes included."""
    if not isinstance(prop, dict) or "k" not in prop:
        return []
    if not prop.get("a"):
        values = _numbers(prop["k"])
        return [("value", values, values)] if values is not None else []
    keyframes = prop["k"] if isinstance(prop["k"], list) else []
    ranges = []
    for index, keyframe in enumerate(keyframes):
        if not isinstance(keyframe, dict):
            continue
        start = _numbers(keyframe.get("s"))
        if start is None:
            continue
        ranges.append((f"keyframe {index}", start, start))
        end = _numbers(keyframe.get("e"))
        if end is None and index + 1 < len(keyframes) and isinstance(keyframes[index + 1], dict):
            end = _numbers(keyframes[index + 1].get("s"))
        if end is None or keyframe.get("h") == 1 or len(end) != len(start):
            continue
        low, high = [], []
        for dimension, (a, b) in enumerate(zip(start, end)):
            y1 = _handle(keyframe.get("o"), "y", dimension)
            y2 = _handle(keyframe.get("i"), "y", dimension)
            p_low, p_high = progress_range(y1 if y1 is not None else 0.0, y2 if y2 is not None else 1.0)
            candidates = (a + (b - a) * p_low, a + (b - a) * p_high)
            low.append(min(candidates))
            high.append(max(candidates))
        ranges.append((f"keyframes {index}→{index + 1}", low, high))
    return ranges


# MARK: The audit


class Auditor:
    def __init__(self) -> None:
        self.findings: list[Finding] = []

    def add(self, rule: str, path: str, detail: str) -> None:
        self.findings.append(Finding(rule, path, detail))

    # Generic checks on every animatable property.

    def check_easing(self, prop, path: str) -> None:
        if not isinstance(prop, dict):
            return
        if "x" in prop and isinstance(prop["x"], str):
            self.add("unsupported", path, "an expression")
        if prop.get("a") and isinstance(prop.get("k"), list):
            for index, keyframe in enumerate(prop["k"]):
                if isinstance(keyframe, dict):
                    outside = [x for x in _handles(keyframe) if not 0 <= x <= 1]
                    if outside:
                        self.add("easing-x", f"{path} keyframe {index}", f"handle x {outside} outside 0…1")

    def check_range(self, prop, path: str, what: str, low: float | None, high: float | None,
                    components: slice | None = None) -> None:
        for where, lows, highs in value_ranges(prop):
            lows, highs = (lows[components], highs[components]) if components else (lows, highs)
            if not lows:
                continue
            below = low is not None and min(lows) < low - 1e-6
            above = high is not None and max(highs) > high + 1e-6
            if below or above:
                reached = f"{min(lows):g}…{max(highs):g}"
                bounds = f"{'' if low is None else f'{low:g}'}…{'' if high is None else f'{high:g}'}"
                self.add("out-of-range", f"{path} ({where})", f"{what} reaches {reached}, outside {bounds}")

    def walk_properties(self, node, path: str) -> None:
        """The easing check on every property object below `node`."""
        if isinstance(node, dict):
            if "k" in node and ("a" in node or isinstance(node.get("k"), list)):
                self.check_easing(node, path)
            for key, value in node.items():
                if key in ("it", "shapes", "layers"):
                    continue  # walked as items with their own paths
                self.walk_properties(value, f"{path}.{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                self.walk_properties(value, f"{path}[{index}]")

    # Documents, layers, shapes.

    def audit_document(self, document: dict) -> list[Finding]:
        for index, layer in enumerate(document.get("layers", [])):
            self.audit_layer(layer, f"layers[{index}]")
        for asset_index, asset in enumerate(document.get("assets", [])):
            for index, layer in enumerate(asset.get("layers", []) or []):
                self.audit_layer(layer, f"assets[{asset_index}].layers[{index}]")
        return self.findings

    def audit_layer(self, layer: dict, path: str) -> None:
        path = f"{path}({layer.get('nm', '')})"
        if layer.get("ao") == 1:
            self.add("unsupported", path, "auto-orient (ao: 1)")
        transform = layer.get("ks", {})
        self.walk_properties(transform, f"{path}.ks")
        self.check_range(transform.get("o"), f"{path}.ks.o", "layer opacity", 0, 100)
        self.audit_items(layer.get("shapes", []) or [], f"{path}.shapes")

    def audit_items(self, items: list, path: str) -> None:
        kinds = [item.get("ty") for item in items if isinstance(item, dict)]
        fills_here = self.fills_within(items)
        path_items = sum(1 for kind in kinds if kind in PATH_ITEMS)
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            kind = item.get("ty")
            item_path = f"{path}[{index}]({kind})"
            if kind != "gr":
                self.walk_properties(item, item_path)
            if kind == "gr":
                self.audit_items(item.get("it", []) or [], f"{item_path}.it")
            elif kind == "tr":
                self.check_range(item.get("o"), f"{item_path}.o", "group opacity", 0, 100)
            elif kind == "tm":
                self.audit_trim(item, item_path, fills_here)
            elif kind in ("fl", "st"):
                self.check_range(item.get("o"), f"{item_path}.o", "opacity", 0, 100)
                self.check_range(item.get("c"), f"{item_path}.c", "colour channel", 0, 1)
            if kind in GRADIENTS:
                self.check_range(item.get("o"), f"{item_path}.o", "opacity", 0, 100)
                self.audit_gradient(item, item_path)
            if kind in ("st", "gs"):
                self.check_range(item.get("w"), f"{item_path}.w", "stroke width", 0, None)
                self.audit_dash(item, item_path)
            elif kind == "rc":
                self.check_range(item.get("r"), f"{item_path}.r", "corner radius", 0, None)
            elif kind == "sh":
                self.audit_path(item, item_path)
            elif kind == "sr":
                for key in ("or", "ir"):
                    self.check_range(item.get(key), f"{item_path}.{key}", "polystar radius", 0, None)
            elif kind == "mm":
                self.add("unsupported", item_path, "merge paths")
            elif kind == "rd" and ("sr" in kinds or path_items > 1):
                self.add("unsupported", item_path, "rounded corners on a polystar or on combined shapes")
            elif kind == "rp":
                copies = item.get("c")
                if isinstance(copies, dict) and copies.get("a"):
                    self.add("unsupported", item_path, "an animated repeater copy count")
                transform = item.get("tr", {})
                for key in ("so", "eo"):
                    self.check_range(transform.get(key), f"{item_path}.tr.{key}", "repeater opacity", 0, 100)

    def fills_within(self, items: list) -> bool:
        for item in items:
            if not isinstance(item, dict):
                continue
            if item.get("ty") in FILLS:
                return True
            if item.get("ty") == "gr" and self.fills_within(item.get("it", []) or []):
                return True
        return False

    def audit_trim(self, item: dict, path: str, fills_here: bool) -> None:
        if fills_here:
            self.add("trim-on-fill", path, "a trim in a group that fills: lottie-ios' Core Animation engine trims only strokes")
        if "m" not in item:
            self.add("trim-mode", path, "no `m`: players disagree on the default")
        elif item["m"] != 2:
            self.add("trim-mode", path, f"m: {item['m']} (simultaneously) is not drawn by lottie-ios' Core Animation engine; write 2")
        for key in ("s", "e"):
            self.check_range(item.get(key), f"{path}.{key}", f"trim {'start' if key == 's' else 'end'}", 0, 100)

    def audit_path(self, item: dict, path: str) -> None:
        prop = item.get("ks")
        if not isinstance(prop, dict) or not prop.get("a") or not isinstance(prop.get("k"), list):
            return
        shapes = set()
        for keyframe in prop["k"]:
            for key in ("s", "e"):
                values = keyframe.get(key) if isinstance(keyframe, dict) else None
                if isinstance(values, list) and values and isinstance(values[0], dict):
                    shapes.add((len(values[0].get("v", [])), bool(values[0].get("c"))))
        if len(shapes) > 1:
            counts = sorted({count for count, _ in shapes})
            self.add("path-vertices", f"{path}.ks",
                     f"keyframes with {counts} vertices (closed: {sorted({c for _, c in shapes})}): lottie-web keeps the first count")

    def audit_dash(self, item: dict, path: str) -> None:
        names: set = set()
        for index, entry in enumerate(item.get("d", []) or []):
            if not isinstance(entry, dict):
                continue
            if "nm" not in entry:
                self.add("dash-name", f"{path}.d[{index}]", "no `nm`: lottie-web 5.7 draws nothing at all")
            elif entry["nm"] in names:
                self.add("dash-name", f"{path}.d[{index}]", f"a second entry named {entry['nm']!r}: lottie-web 5.7 draws nothing of the stroke")
            else:
                names.add(entry["nm"])
            value = entry.get("v")
            if isinstance(value, dict) and value.get("a"):
                self.add("unsupported", f"{path}.d[{index}]", "an animated dash pattern")

    def audit_gradient(self, item: dict, path: str) -> None:
        gradient = item.get("g")
        if not isinstance(gradient, dict) or not isinstance(gradient.get("k"), dict):
            self.add("gradient-stops", path, "no `g` {p, k}")
            return
        count = gradient.get("p")
        prop = gradient["k"]
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            self.add("gradient-stops", f"{path}.g.p", f"p = {count!r} is not a colour-stop count")
            return
        if prop.get("a"):
            arrays = [(f"keyframe {i}", k.get("s")) for i, k in enumerate(prop.get("k", [])) if isinstance(k, dict) and "s" in k]
            keyframes = [k for k in prop.get("k", []) if isinstance(k, dict)]
            for index, (keyframe, following) in enumerate(zip(keyframes, keyframes[1:])):
                # A hold shorter than a frame (a pose's instant) is never drawn: harmless.
                held_frames = float(following.get("t", 0)) - float(keyframe.get("t", 0))
                if keyframe.get("h") == 1 and held_frames >= 1 and keyframe.get("s") != following.get("s"):
                    self.add("gradient-hold", f"{path}.g.k keyframe {index}",
                             f"a hold over {held_frames:g} frames on gradient stops: ThorVG interpolates it")
        else:
            arrays = [("value", prop.get("k"))]
        opacity_counts = set()
        for where, values in arrays:
            values = _numbers(values)
            if values is None:
                self.add("gradient-stops", f"{path}.g.k ({where})", "not a list of numbers")
                continue
            extra = len(values) - 4 * count
            if extra < 0 or extra % 2:
                self.add("gradient-stops", f"{path}.g.k ({where})",
                         f"{len(values)} numbers for p = {count}: need 4·p plus pairs of opacity stops")
                continue
            opacity_counts.add(extra // 2)
            offsets = values[0 : 4 * count : 4] + values[4 * count :: 2]
            colour_offsets, opacity_offsets = values[0 : 4 * count : 4], values[4 * count :: 2]
            for name, series in (("colour", colour_offsets), ("opacity", opacity_offsets)):
                if any(b < a for a, b in zip(series, series[1:])):
                    self.add("gradient-stops", f"{path}.g.k ({where})", f"{name} stop offsets go backwards: {series}")
                elif any(b == a for a, b in zip(series, series[1:])):
                    self.add("gradient-hard-edge", f"{path}.g.k ({where})", f"{name} stops at one offset: {series}")
            if any(not 0 <= o <= 1 for o in offsets):
                self.add("gradient-stops", f"{path}.g.k ({where})", f"stop offsets outside 0…1: {offsets}")
        if len(opacity_counts) > 1:
            self.add("gradient-stops", f"{path}.g.k", f"opacity-stop counts differ between keyframes: {sorted(opacity_counts)}")
        # Colours and opacities (not offsets) must stay in 0…1 at every instant.
        for where, lows, highs in value_ranges(prop):
            channels = [i for i in range(len(lows)) if (i < 4 * count and i % 4) or (i >= 4 * count and (i - 4 * count) % 2)]
            if channels and (min(lows[i] for i in channels) < -1e-6 or max(highs[i] for i in channels) > 1 + 1e-6):
                reached = f"{min(lows[i] for i in channels):g}…{max(highs[i] for i in channels):g}"
                self.add("out-of-range", f"{path}.g.k ({where})", f"gradient colour or opacity reaches {reached}, outside 0…1")


def audit(document: dict) -> list[Finding]:
    return Auditor().audit_document(document)


def lottie_files(arguments: list[str]) -> list[Path]:
    files = []
    for argument in arguments:
        path = Path(argument)
        candidates = sorted(path.rglob("*.json")) if path.is_dir() else [path]
        for candidate in candidates:
            # Only Lottie documents: the timeline JSON and manifests sit beside them.
            if candidate.name.endswith(".timeline.json") or candidate.name == "matrix.json":
                continue
            files.append(candidate)
    return files


def main(arguments: list[str]) -> int:
    if not arguments:
        sys.exit(__doc__)
    passed = failed = 0
    for path in lottie_files(arguments):
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"FAIL [audit] {path.name}: unreadable: {error}")
            failed += 1
            continue
        if not isinstance(document, dict) or "layers" not in document:
            continue
        findings = audit(document)
        if findings:
            failed += 1
            for finding in findings[:20]:
                print(f"FAIL [audit] {path.name}: {finding}")
            if len(findings) > 20:
                print(f"FAIL [audit] {path.name}: … and {len(findings) - 20} more")
        else:
            passed += 1
    print(f"audit: {passed} passed, {failed} failed")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
