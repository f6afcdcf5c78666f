#!/usr/bin/env python3
"""The feature matrix: scenes generated at test time (never committed) that animate every
animatable property of docs/scene-format.md §5 with every easing family, in states, tweens and
keyframes, on every shape kind, on a group with inherited styles, on a repeated node and on
clipped nodes (every `clip.KEY`, on a rect, ellipse, star and path clip).

Usage:
    python3 Tests/conformance/feature_matrix.py OUT_DIR     # writes OUT_DIR/*.yaml + matrix.json

Design (a covering array, not the full cross product of everything): one scene per
(context, easing) pair, 4 × 8 = 32 scenes. Each scene holds one *probe* per property in its own
cell of a grid, so every property meets every easing in every context. The shape kind a probe
draws with rotates with the scene index, so across the 24 scenes each transform and paint
property lands on every shape kind (rect, ellipse, path from `d`, `points` or `contours`,
polygon, star, group), the group probe cycles through the inherited style properties, and the
repeat probe through the properties a repeated node animates (its copies staggered by
`repeat.delay` in every other scene, and coloured by `repeat.fill` unless it animates the fill),
and four text probes per scene (scenes/fonts/' DejaVu subset, copied to OUT_DIR/fonts/) through
every §5 property a text node has (TEXT_VARIANTS: paint, stroke, trim, transforms, clips, effects).
"Starts empty" probes move trim end, opacity and scale from 0 and trim end, scale and size to 0,
and two probes hold hard-edged gradients (two stops at one offset, in colour and opacity).
One more probe animates scale and opacity together; in the state context the transition times its
opacity on its own (`nodes: {pN.opacity: …}`, per-property timing) and the rest by the node's entry.

  contexts  state     two states (`rest` = the base, `moved`) and a tap transition each way;
                      every other state scene starts in `moved`;
            tween     one `to:` tween inside a timeline;
            keyframes each property keyframed base → target → base, in a looping timeline;
            choreography  the state context's two states, the tap transition with keyframes of
                      its own (target at 50%) playing a timeline that swings one probe (contract §16).
  easings   linear, ease-in-out, an overshooting cubic-bezier (y outside 0…1), hold, steps(4),
            a bouncy spring, a critically damped spring, a spring by physics (stiffness, damping).

Targets are chosen so that overshoot pushes bounded values out of range: opacity 0.3 → 1 and
1 → 0, colours towards channel limits, trim end 0.2 → 1 and start 0.5 → 0, stroke width and
corner radius down towards 0 (contract §10: clamped at every instant).

matrix.json maps each scene name to its cells (`name`, `box` = [x, y, w, h] in px) so that the
suite compares every cell on its own: a wrong property fails its own check, whatever the rest of
the frame does. `instants(timeline)` picks the frames to sample: the start, middle and end of
every span and the peaks of every overshoot (from the compiled timeline's segments).
"""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

CELL = 64
COLUMNS = 6

EASINGS: dict[str, object] = {
    "linear": "linear",
    "ease-in-out": "ease-in-out",
    "bezier-overshoot": "cubic-bezier(0.3, -0.5, 0.7, 1.5)",
    "hold": "hold",
    "steps": "steps(4)",
    "spring-bouncy": {"spring": {"duration": "0.5s", "bounce": 0.5}},
    "spring-critical": {"spring": {"response": 0.4, "damping-fraction": 1}},
    "spring-physics": {"spring": {"stiffness": 170, "damping": 15, "mass": 1}},
}
CONTEXTS = ("state", "tween", "keyframes", "choreography")

SHAPE_KINDS = ("rect", "ellipse", "path-d", "path-points", "polygon", "star", "group")
STROKED_KINDS = ("rect", "ellipse", "path-open", "polygon", "star", "path-d")
BLUE, PINK, GREEN, PURPLE, INK = "#0A84FF", "#FF375F", "#34C759", "#AF52DE", "#1C1C1E"
# Text probes are set in the subset of DejaVu Sans Bold the showcase scenes use, copied beside the scenes.
TEXT_FONT = Path(__file__).resolve().parents[2] / "scenes" / "fonts" / "DejaVuSans-Bold-Latin.ttf"
TEXT_FONTS = {"matrix": {"file": f"fonts/{TEXT_FONT.name}"}}
# What the text probes animate: every §5 property a text node has (all but the geometry of the
# other shape kinds), each variant a text node styled so that its properties apply (a gradient for
# its points and stops, a stroke for its colour, width and trim, a clip for the clip's keys).
# Trim is on outlines without a fill (a handwriting effect; a trim on a fill is a player pitfall).
TEXT_STROKE = {"fill": "none", "stroke": {"color": INK, "width": 1.5, "join": "round"}}
# Handwriting on a word of two one-contour glyphs: ThorVG trims three or more contours laid end to
# end in an order of its own ("Ag" has four: README, known differences).
TEXT_HANDWRITING = {**TEXT_STROKE, "text": "Gs"}
TEXT_STOPS = [[0, PINK], [1, BLUE]]
TEXT_LINEAR = {"fill": {"linear": {"from": [-14, 0], "to": [14, 0]}, "stops": TEXT_STOPS}}
TEXT_RADIAL = {"fill": {"radial": {"center": [0, 0], "radius": 14}, "stops": TEXT_STOPS}}
TEXT_VARIANTS: list[tuple[str, dict, list[tuple[str, object, object]]]] = [
    ("fill", {}, [("fill", INK, "#FF375F")]),
    ("opacity", {}, [("opacity", 1, 0.3)]),
    ("rotation", {}, [("rotation", "0deg", "60deg")]),
    ("scale", {}, [("scale", 0.7, 1.1)]),
    ("position", {}, [("position", [-8, 0], [8, 0])]),
    ("anchor", {}, [("anchor", [0, 0], [8, 6])]),
    ("offset", {}, [("offset", [-6, -4], [6, 6])]),
    ("linear.from-to", TEXT_LINEAR, [("fill.from", [-14, 0], [0, -12]), ("fill.to", [14, 0], [0, 12])]),
    ("linear.stops", TEXT_LINEAR, [("fill.stops", TEXT_STOPS, [[0, "#FFD60A"], [1, GREEN]])]),
    ("radial.center-radius", TEXT_RADIAL, [("fill.center", [0, 0], [6, 4]), ("fill.radius", 8, 18)]),
    ("radial.stops", TEXT_RADIAL, [("fill.stops", TEXT_STOPS, [[0, "#FFFFFF"], [1, PURPLE]])]),
    ("stroke.color", TEXT_STROKE, [("stroke.color", "#FF3B30", "#00C7BE")]),
    ("stroke.width", TEXT_STROKE, [("stroke.width", 2.5, 0.5)]),
    ("trim.end", TEXT_HANDWRITING, [("trim.end", 0.2, 1)]),
    ("trim.start", TEXT_HANDWRITING, [("trim.start", 0.5, 0)]),
    ("trim.offset", {**TEXT_HANDWRITING, "trim": {"end": 0.4}}, [("trim.offset", 0.15, 0.4)]),
    ("clip.size-corner-radius-position", {"clip": {"shape": "rect", "size": [16, 12]}},
     [("clip.size", [16, 12], [30, 24]), ("clip.corner-radius", 2, 8), ("clip.position", [-3, -2], [3, 2])]),
    ("clip.rotation-scale", {"clip": {"shape": "ellipse", "size": [30, 10]}},
     [("clip.rotation", "0deg", "90deg"), ("clip.scale", 0.6, 1.1)]),
    ("clip.radius-inner-radius-anchor", {"clip": {"shape": "polygon", "sides": 5, "radius": 10, "inner-radius": 5}},
     [("clip.radius", 10, 18), ("clip.inner-radius", 5, 10), ("clip.anchor", [0, 0], [4, 3])]),
    ("clip.d", {"clip": {"shape": "path", "d": "M -8 -8 L 8 -8 L 8 8 L -8 8 Z"}},
     [("clip.d", "M -8 -8 L 8 -8 L 8 8 L -8 8 Z", "M 0 -16 L 16 0 L 0 10 L -16 0 Z")]),
    ("blur", {}, [("blur", 0, 1)]),
    # Per-glyph motion: each glyph moves about its own centre, glyph i 0.05 s × i later (in the
    # looping keyframes context the delay wraps round the cycle).
    ("per-glyph.offset-rotation", {"per-glyph": {"delay": "0.05s"}},
     [("offset", [-4, 3], [4, -3]), ("rotation", "0deg", "45deg")]),
    ("per-glyph.scale-opacity", {"per-glyph": {"delay": "0.08s"}}, [("scale", 0.6, 1.1), ("opacity", 1, 0.3)]),
    ("shadow", {"shadow": {"color": "rgba(0, 0, 0, 0.1)", "offset": [0, 1], "blur": 1}},
     [("shadow.color", "rgba(0, 0, 0, 0.1)", "rgba(0, 0, 80, 0.2)"), ("shadow.offset", [0, 1], [2, 3]),
      ("shadow.blur", 1, 2)]),
]
# Text cells per scene, in the free cells of the grid's last row: enough that every variant meets
# every context.
TEXT_PROBES_PER_SCENE = 4
# The free-morph cell's poses: one contour of 3 vertices, two of 4.
FREE_MORPH_BASE = "M -12 -14 L 15 0 L -12 14 Z"
FREE_MORPH_TARGET = "M -14 -14 L -4 -14 L -4 14 L -14 14 Z M 4 -14 L 14 -14 L 14 14 L 4 14 Z"


def shape(kind: str) -> dict:
    """A node of that kind about 28 px across, centred on its local origin (asymmetric, so that
    rotation, anchor and scale show)."""
    if kind == "rect":
        return {"shape": "rect", "size": [30, 20], "corner-radius": 3}
    if kind == "ellipse":
        return {"shape": "ellipse", "size": [30, 18]}
    if kind == "path-d":
        return {"shape": "path", "d": "M -14 -10 L 14 -10 L 6 10 L -14 10 Z"}
    if kind == "path-points":
        return {"shape": "path", "points": [[-14, -10], [14, -4], [0, 12]]}
    if kind == "path-open":
        return {"shape": "path", "d": "M -14 8 L 0 -10 L 14 8", "closed": False}
    if kind == "polygon":
        return {"shape": "polygon", "sides": 5, "radius": 15}
    if kind == "star":
        return {"shape": "polygon", "sides": 5, "radius": 16, "inner-radius": 8}
    if kind == "group":
        return {"shape": "group", "children": [
            {"id": None, "shape": "rect", "size": [16, 12], "position": [-6, -4]},
            {"id": None, "shape": "ellipse", "radius": 7, "position": [7, 5]},
        ]}
    raise ValueError(kind)


@dataclass
class Probe:
    """One cell: a node and the properties a scene animates on it, as (path, base, target)."""

    name: str
    node: dict
    changes: list[tuple[str, object, object]]
    extra_nodes: list[dict] = field(default_factory=list)


def with_ids(node: dict, node_id: str) -> dict:
    node = json.loads(json.dumps(node))
    node["id"] = node_id
    for index, child in enumerate(node.get("children", [])):
        child["id"] = f"{node_id}-c{index}"
    return node


def probes(scene_index: int) -> list[Probe]:
    def kind(offset: int, kinds=SHAPE_KINDS) -> str:
        return kinds[(scene_index + offset) % len(kinds)]

    def filled(k: str, colour: str = BLUE) -> dict:
        return {**shape(k), "fill": colour}

    def stroked(k: str, colour: str = INK, width: float = 4) -> dict:
        return {**shape(k), "fill": "none", "stroke": {"color": colour, "width": width, "join": "round"}}

    result = []
    # Transforms, each on a shape kind that rotates with the scene.
    k = kind(0); result.append(Probe(f"position/{k}", filled(k), [("position", [-8, 0], [8, 0])]))
    k = kind(1); result.append(Probe(f"anchor/{k}", {**filled(k), "anchor": [0, 0]}, [("anchor", [0, 0], [8, 6])]))
    k = kind(2); result.append(Probe(f"offset/{k}", filled(k), [("offset", [-6, -4], [6, 6])]))
    k = kind(3); result.append(Probe(f"scale/{k}", {**filled(k), "scale": 0.6}, [("scale", 0.6, 1.1)]))
    k = kind(4); result.append(Probe(f"rotation/{k}", {**filled(k), "rotation": "0deg"}, [("rotation", "0deg", "90deg")]))
    k = kind(5); result.append(Probe(f"opacity-up/{k}", {**filled(k), "opacity": 0.3}, [("opacity", 0.3, 1)]))
    k = kind(6); result.append(Probe(f"opacity-down/{k}", {**filled(k), "opacity": 1}, [("opacity", 1, 0)]))
    # Paint.
    k = kind(0); result.append(Probe(f"fill/{k}", filled(k, "#FF9F0A"), [("fill", "#FF9F0A", "#0040FF")]))
    k = kind(2, SHAPE_KINDS[:-1])
    stops = [[0, PINK], [1, BLUE]]
    result.append(Probe(f"linear.from-to/{k}",
                        {**shape(k), "fill": {"linear": {"from": [-14, 0], "to": [14, 0]}, "stops": stops}},
                        [("fill.from", [-14, 0], [0, -12]), ("fill.to", [14, 0], [0, 12])]))
    k = kind(3, SHAPE_KINDS[:-1])
    result.append(Probe(f"linear.stops/{k}",
                        {**shape(k), "fill": {"linear": {"from": [-14, 0], "to": [14, 0]}, "stops": stops}},
                        [("fill.stops", stops, [[0, "#FFD60A"], [1, GREEN]])]))
    k = kind(4, SHAPE_KINDS[:-1])
    result.append(Probe(f"radial.center-radius/{k}",
                        {**shape(k), "fill": {"radial": {"center": [0, 0], "radius": 8}, "stops": stops}},
                        [("fill.center", [0, 0], [6, 4]), ("fill.radius", 8, 18)]))
    k = kind(5, SHAPE_KINDS[:-1])
    result.append(Probe(f"radial.stops/{k}",
                        {**shape(k), "fill": {"radial": {"center": [0, 0], "radius": 14}, "stops": stops}},
                        [("fill.stops", stops, [[0, "#FFFFFF"], [1, PURPLE]])]))
    k = kind(0, STROKED_KINDS); result.append(Probe(f"stroke.color/{k}", stroked(k, "#FF3B30"),
                                                    [("stroke.color", "#FF3B30", "#00C7BE")]))
    k = kind(1, STROKED_KINDS); result.append(Probe(f"stroke.width/{k}", stroked(k, INK, 6), [("stroke.width", 6, 1)]))
    # Trim (stroke-only shapes: a trim on a fill is a player pitfall, see lottie_audit.py).
    k = kind(2, STROKED_KINDS); result.append(Probe(f"trim.end/{k}", {**stroked(k), "trim": {"end": 0.2}},
                                                    [("trim.end", 0.2, 1)]))
    k = kind(3, STROKED_KINDS); result.append(Probe(f"trim.start/{k}", {**stroked(k), "trim": {"start": 0.5}},
                                                    [("trim.start", 0.5, 0)]))
    # The window [offset, offset + 0.4] stays inside 0…1 under every easing's overshoot: rlottie
    # draws a window that wraps past the contour's start elsewhere (README, known differences).
    k = kind(4, STROKED_KINDS); result.append(Probe(f"trim.offset/{k}", {**stroked(k), "trim": {"end": 0.4, "offset": 0.15}},
                                                    [("trim.offset", 0.15, 0.4)]))
    # Starts empty: a value that draws nothing at one end of the motion (trim end 0, opacity 0,
    # scale 0, size 0), both ways: from it and to it. In the state context each probe is driven
    # there and back, so every one also leaves its empty value by the other transition; a size
    # cannot start at 0 (a shape's size is > 0), so its empty pose is a state's, and the state
    # scenes that rest in `moved` first (every other one) start from it.
    k = kind(5, STROKED_KINDS); result.append(Probe(f"trim.end-from-0/{k}", {**stroked(k), "trim": {"end": 0}},
                                                    [("trim.end", 0, 1)]))
    k = kind(0, STROKED_KINDS); result.append(Probe(f"trim.end-to-0/{k}", {**stroked(k), "trim": {"end": 1}},
                                                    [("trim.end", 1, 0)]))
    k = kind(2); result.append(Probe(f"opacity-from-0/{k}", {**filled(k), "opacity": 0}, [("opacity", 0, 1)]))
    k = kind(3); result.append(Probe(f"scale-from-0/{k}", {**filled(k, PINK), "scale": 0}, [("scale", 0, 1)]))
    k = kind(4); result.append(Probe(f"scale-to-0/{k}", {**filled(k, PINK), "scale": 1}, [("scale", 1, 0)]))
    size_kind = ("rect", "ellipse")[scene_index % 2]
    result.append(Probe(f"size-to-0/{size_kind}", {**shape(size_kind), "fill": GREEN},
                        [("size", shape(size_kind)["size"], [0, 0])]))
    # Hard edges: two stops at one offset, in colour and in opacity (a translucent colour past the
    # edge: players build colour and opacity ramps apart), the edge moved by the stops' motion
    # (linear) or the radius (radial).
    hard = [[0, PINK], [0.5, PINK], [0.5, BLUE + "80"], [1, BLUE + "80"]]
    k = kind(1, SHAPE_KINDS[:-1])
    result.append(Probe(f"linear.hard-edge/{k}",
                        {**shape(k), "fill": {"linear": {"from": [-14, 0], "to": [14, 0]}, "stops": hard}},
                        [("fill.stops", hard, [[0, "#FFD60A"], [0.3, "#FFD60A"], [0.3, GREEN + "80"], [1, GREEN + "80"]])]))
    k = kind(6, SHAPE_KINDS[:-1])
    result.append(Probe(f"radial.hard-edge/{k}",
                        {**shape(k), "fill": {"radial": {"center": [0, 0], "radius": 10}, "stops": hard}},
                        [("fill.radius", 10, 18)]))
    # Geometry, per shape kind.
    result.append(Probe("size/rect", {"shape": "rect", "size": [30, 16], "fill": GREEN}, [("size", [30, 16], [44, 30])]))
    result.append(Probe("corner-radius/rect", {"shape": "rect", "size": [36, 30], "corner-radius": 12, "fill": PURPLE},
                        [("corner-radius", 12, 0)]))
    result.append(Probe("size/ellipse", {"shape": "ellipse", "size": [20, 36], "fill": PINK}, [("size", [20, 36], [40, 20])]))
    result.append(Probe("radius/ellipse", {"shape": "ellipse", "radius": 8, "fill": BLUE}, [("radius", 8, 18)]))
    polygon_kind = ("polygon", "star")[scene_index % 2]
    result.append(Probe(f"radius/{polygon_kind}", {**shape(polygon_kind), "radius": 10, "fill": "#FF9F0A"},
                        [("radius", 10, 20)]))
    result.append(Probe("inner-radius/star", {**shape("star"), "fill": "#FFD60A", "stroke": {"color": INK, "width": 1}},
                        [("inner-radius", 12, 4)]))
    path_form = ("d", "points", "contours")[scene_index % 3]
    square = [[-12, -12], [12, -12], [12, 12], [-12, 12]]
    kite = [[0, -16], [16, 0], [0, 8], [-16, 0]]
    hole, hole_moved = [[-4, -4], [4, -4], [4, 4]], [[-2, -8], [8, -2], [2, 4]]
    if path_form == "d":
        def d(points):
            return "M " + " L ".join(f"{x} {y}" for x, y in points) + " Z"
        morph = Probe("d/path", {"shape": "path", "d": d(square), "fill": GREEN}, [("d", d(square), d(kite))])
    elif path_form == "points":
        morph = Probe("points/path", {"shape": "path", "points": square, "fill": GREEN}, [("points", square, kite)])
    else:
        morph = Probe("contours/path", {"shape": "path", "contours": [square, hole], "fill-rule": "evenodd", "fill": GREEN},
                      [("contours", [square, hole], [kite, hole_moved])])
    result.append(morph)
    # A free morph (contract §10): poses of different contour and vertex counts, made to
    # correspond by the compiler: a play triangle into two pause bars, in every scene.
    result.append(Probe("free-morph/path", {"shape": "path", "d": FREE_MORPH_BASE, "fill": PURPLE},
                        [("d", FREE_MORPH_BASE, FREE_MORPH_TARGET)]))
    # Clips (`clip:`), every animatable clip key, the clipped node's kind rotating with the scene.
    k = kind(1)
    result.append(Probe(f"clip.size-corner-radius-position/{k}",
                        {**filled(k, "#FF9F0A"), "clip": {"shape": "rect", "size": [16, 12], "corner-radius": 2}},
                        [("clip.size", [16, 12], [30, 24]), ("clip.corner-radius", 2, 8), ("clip.position", [-3, -2], [3, 2])]))
    result.append(Probe("clip.rotation-scale/ellipse",
                        {"shape": "rect", "size": [40, 40], "fill": PINK, "clip": {"shape": "ellipse", "size": [36, 14]}},
                        [("clip.rotation", "0deg", "90deg"), ("clip.scale", 0.6, 1.1)]))
    result.append(Probe("clip.radius-inner-radius-anchor/star",
                        {"shape": "rect", "size": [40, 40], "fill": GREEN,
                         "clip": {"shape": "polygon", "sides": 5, "radius": 10, "inner-radius": 5, "anchor": [0, 0]}},
                        [("clip.radius", 10, 20), ("clip.inner-radius", 5, 10), ("clip.anchor", [0, 0], [4, 3])]))
    clip_square = "M -8 -8 L 8 -8 L 8 8 L -8 8 Z"
    clip_kite = "M 0 -18 L 18 0 L 0 10 L -18 0 Z"
    result.append(Probe("clip.d/group",
                        {**shape("group"), "fill": PURPLE, "clip": {"shape": "path", "d": clip_square}},
                        [("clip.d", clip_square, clip_kite)]))
    # Effects (§15), kept light and small so that a renderer that draws none (rlottie, and
    # lottie-web 5.7.4's cut Drop Shadow) stays within the tolerance: the cells prove the timing of
    # every effect property in the renderers that draw it, effects_suite.py the effect itself.
    k = kind(2); result.append(Probe(f"blur/{k}", {**filled(k, PINK), "blur": 0}, [("blur", 0, 1)]))
    k = kind(3)
    result.append(Probe(f"shadow/{k}",
                        {**filled(k, "#E5E5EA"), "shadow": {"color": "rgba(0, 0, 0, 0.1)", "offset": [0, 1], "blur": 1}},
                        [("shadow.color", "rgba(0, 0, 0, 0.1)", "rgba(0, 0, 80, 0.2)"), ("shadow.offset", [0, 1], [2, 3]),
                         ("shadow.blur", 1, 2)]))
    # A group whose children inherit the style the scene animates.
    group_variant = scene_index % 4
    group = shape("group")
    if group_variant == 0:
        group.update(fill=BLUE)
        result.append(Probe("group-inherited.fill", group, [("fill", BLUE, "#FF2D55")]))
    elif group_variant == 1:
        group.update(fill="#E5E5EA", stroke={"color": PINK, "width": 3})
        result.append(Probe("group-inherited.stroke.color", group, [("stroke.color", PINK, "#5856D6")]))
    elif group_variant == 2:
        group.update(fill="#E5E5EA", stroke={"color": INK, "width": 5})
        result.append(Probe("group-inherited.stroke.width", group, [("stroke.width", 5, 1)]))
    else:
        group.update(fill="none", stroke={"color": INK, "width": 3}, trim={"end": 0.2})
        result.append(Probe("group-inherited.trim.end", group, [("trim.end", 0.2, 1)]))
    # A repeated node (three copies side by side) and the property the scene animates on it.
    repeated = {"shape": "rect", "size": [8, 14], "fill": "#5E5CE6",
                "repeat": {"count": 3, "offset": [10, 0], "opacity": [1, 0.4]}}
    repeat_changes = [
        ("rotation", "0deg", "45deg"), ("fill", "#5E5CE6", "#FF9500"), ("scale", 1, 0.6), ("opacity", 1, 0.2),
        ("offset", [-10, -6], [-10, 6]),
    ]
    path, base, target = repeat_changes[scene_index % len(repeat_changes)]
    if path == "offset":
        repeated["offset"] = base
    else:
        repeated["offset"] = [-10, 0]
    variant = ""
    if scene_index % 2 == 0:
        repeated["repeat"]["delay"] = "0.1s"
        variant += "+delay"
    if path != "fill":
        repeated["repeat"]["fill"] = ["#5E5CE6", "#FF9500"]
        variant += "+fill"
    result.append(Probe(f"repeat.{path}{variant}", repeated, [(path, base, target)]))
    # Scale and opacity of one node; the state context times the opacity on its own.
    result.append(Probe("per-property-timing/rect", {**filled("rect", "#30B0C7"), "scale": 0.6, "opacity": 1},
                        [("scale", 0.6, 1.1), ("opacity", 1, 0.2)]))
    # Text nodes (glyph outlines set at compile time), the variants taken by turns.
    for slot in range(TEXT_PROBES_PER_SCENE):
        result.append(text_probe(TEXT_VARIANTS[(scene_index * TEXT_PROBES_PER_SCENE + slot) % len(TEXT_VARIANTS)]))
    return result


def text_probe(variant: tuple[str, dict, list[tuple[str, object, object]]]) -> Probe:
    """A text cell of TEXT_VARIANTS: "Ag" (or the variant's own text) in the matrix's font, styled
    and animated as the variant says."""
    name, style, changes = variant
    text = {"shape": "text", "text": "Ag", "font": "matrix", "size": 22, "fill": INK}
    return Probe(f"text.{name}/text", {**text, **json.loads(json.dumps(style))}, changes)


def nested(path: str, value) -> dict:
    """`fill.from` → {fill: {linear: {from: v}}}; gradient points nest under their kind in
    state and tween maps, while keyframe keys name them directly."""
    parts = path.split(".")
    if parts[0] == "fill" and len(parts) == 2 and parts[1] in ("from", "to"):
        return {"fill": {"linear": {parts[1]: value}}}
    if parts[0] == "fill" and len(parts) == 2 and parts[1] in ("center", "radius"):
        return {"fill": {"radial": {parts[1]: value}}}
    result = value
    for part in reversed(parts):
        result = {part: result}
    return result


def merge(into: dict, extra: dict) -> dict:
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            merge(into[key], value)
        else:
            into[key] = value
    return into


def set_base(node: dict, path: str, base) -> None:
    """Writes the probe's base value into the node (so the base pose is where the motion starts)."""
    merge(node, nested(path, base))


def scene(context: str, easing_name: str, scene_index: int,
          chosen: list[Probe] | None = None) -> tuple[dict, list[dict]]:
    """The matrix scene of that context, easing and index: its probes, or the `chosen` ones (the
    state and choreography contexts need a per-property-timing probe among them)."""
    easing = EASINGS[easing_name]
    cells = []
    layers = []
    moved: dict = {}
    keyframes: dict = {}
    all_probes = probes(scene_index) if chosen is None else chosen
    rows = (len(all_probes) + COLUMNS - 1) // COLUMNS
    for index, probe in enumerate(all_probes):
        node_id = f"p{index}"
        x, y = (index % COLUMNS) * CELL, (index // COLUMNS) * CELL
        node = with_ids(probe.node, node_id)
        for path, base, _ in probe.changes:
            set_base(node, path, base)
        # Position is where the anchor lands: every probe starts centred in its cell.
        position = [x + CELL / 2, y + CELL / 2]
        changes = list(probe.changes)
        if any(path == "position" for path, _, _ in changes):
            changes = [(p, [position[0] + b[0], position[1] + b[1]], [position[0] + t[0], position[1] + t[1]])
                       if p == "position" else (p, b, t) for p, b, t in changes]
            node["position"] = changes[0][1]
        else:
            node["position"] = position
        layers.append(node)
        cells.append({"name": probe.name, "node": node_id, "box": [x, y, CELL, CELL]})
        for path, base, target in changes:
            merge(moved.setdefault(node_id, {}), nested(path, target))
            keyframes[f"{node_id}.{path}"] = [
                {"at": "0s", "value": base},
                {"at": "0.5s", "value": target, "easing": easing},
                {"at": "1s", "value": base, "easing": easing},
            ]
    name = f"matrix-{context}-{easing_name}"
    document: dict = {"choreo": 1, "name": name, "size": [COLUMNS * CELL, rows * CELL], "background": "white",
                      "fonts": TEXT_FONTS, "layers": layers}
    if context == "state":
        document["states"] = {"rest": {}, "moved": moved}
        if scene_index % 2:
            # Every other state scene starts in its target pose: the interactive SVG then rests
            # first in a pose that is not the base (and the starts-empty probes' other end).
            document["initial"] = "moved"
        timed = next(cell["node"] for cell in cells if cell["name"].startswith("per-property-timing/"))
        # Per-property timing (most specific wins): the node's scale follows the node's entry,
        # its opacity its own, shorter and with another easing.
        per_property = {timed: {"duration": "0.4s"}, f"{timed}.opacity": {"duration": "0.25s", "easing": "ease-out"}}
        document["transitions"] = [
            {"from": "rest", "to": "moved", "on": "tap", "duration": "0.6s", "easing": easing, "nodes": per_property},
            {"from": "moved", "to": "rest", "on": "tap", "duration": "0.6s", "easing": easing, "nodes": per_property},
        ]
    elif context == "choreography":
        # Contract §16: the transition's own keyframes (the source pose left out, the target
        # at 50%, held to the destination pose) and a played timeline on the timed probe's
        # rotation, at percent times, running on past the transition's motion.
        document["states"] = {"rest": {}, "moved": moved}
        timed = next(cell["node"] for cell in cells if cell["name"].startswith("per-property-timing/"))
        transition_keyframes = {key: [{"at": "50%", "value": frames[1]["value"], "easing": easing}]
                                for key, frames in keyframes.items()}
        document["transitions"] = [
            {"from": "rest", "to": "moved", "on": "tap", "duration": "0.6s", "easing": easing, "play": "swing",
             "keyframes": transition_keyframes},
            {"from": "moved", "to": "rest", "on": "tap", "duration": "0.6s", "easing": easing},
        ]
        document["timelines"] = {"swing": {"duration": "1s", "tweens": [
            {"at": "0%", "duration": "0.4s", "easing": easing, "by": {timed: {"rotation": "30deg"}}},
            {"at": "50%", "duration": "0.4s", "easing": easing, "by": {timed: {"rotation": "-30deg"}}}]}}
    elif context == "tween":
        document["timelines"] = {"run": {"duration": "1.2s", "tweens": [
            {"at": "0.1s", "duration": "0.6s", "easing": easing, "to": moved}]}}
    else:
        # Looping: base → target → base, then a rest long enough for a bouncy spring to settle,
        # so the seam meets (the instant at the loop's end checks it).
        document["timelines"] = {"run": {"duration": "1.6s", "loop": True, "keyframes": keyframes}}
    return document, cells


def copy_text_font(out_dir: Path) -> None:
    """Puts the text probes' font where TEXT_FONTS names it, beside scenes written to out_dir."""
    (out_dir / "fonts").mkdir(parents=True, exist_ok=True)
    shutil.copy(TEXT_FONT, out_dir / "fonts" / TEXT_FONT.name)


def generate(out_dir: Path) -> list[Path]:
    copy_text_font(out_dir)
    manifest = {}
    paths = []
    index = 0
    for context in CONTEXTS:
        for easing_name in EASINGS:
            document, cells = scene(context, easing_name, index)
            index += 1
            path = out_dir / f"{document['name']}.yaml"
            # JSON is YAML: no quoting rules to get wrong.
            path.write_text(f"# Generated by Tests/conformance/feature_matrix.py ({context}, {easing_name}).\n"
                            + json.dumps(document, indent=1) + "\n", encoding="utf-8")
            manifest[document["name"]] = {"context": context, "easing": easing_name, "cells": cells}
            paths.append(path)
    (out_dir / "matrix.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return paths


# MARK: Instants

def _cubic_progress(x1: float, y1: float, x2: float, y2: float, u: float) -> float:
    """CSS cubic-bezier: the y at the curve parameter whose x is `u` (bisection: x is monotonic)."""
    low, high = 0.0, 1.0
    for _ in range(40):
        s = (low + high) / 2
        x = 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
        if x < u:
            low = s
        else:
            high = s
    s = (low + high) / 2
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3


def _progress(easing, u: float) -> float:
    u = min(max(u, 0.0), 1.0)
    if easing == "hold":
        return 1.0 if u >= 1 else 0.0
    if isinstance(easing, dict) and "cubic-bezier" in easing:
        return _cubic_progress(*easing["cubic-bezier"], u)
    return u


def _numbers(value) -> list[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, list):
        return [n for item in value for n in _numbers(item)]
    if isinstance(value, dict):
        return [n for key in sorted(value) for n in _numbers(value[key])]
    return []


def _tracks(value):
    """Every animated value ({initial, segments}) in a compiled timeline's layer tree."""
    if isinstance(value, dict):
        if "segments" in value and "initial" in value:
            yield value
            return
        for item in value.values():
            yield from _tracks(item)
    elif isinstance(value, list):
        for item in value:
            yield from _tracks(item)


def overshoot_peaks(timeline: dict, per_span: int = 3) -> set[int]:
    """Whole frames where some animated value (any component) turns round outside the range
    between the values its span starts and ends with: the peaks of overshoots and springs' rings.
    At most `per_span` per span, the largest excursions first."""
    fps = float(timeline["fps"])
    frame_count = int(timeline["frames"])
    candidates: dict[int, float] = {}
    for track in _tracks(timeline.get("layers", [])):
        segments = track["segments"]
        initial = _numbers(track["initial"])
        values = []
        for frame in range(frame_count + 1):
            t = frame / fps
            current = initial
            for segment in segments:
                if t < segment["start"]:
                    break
                a, b = _numbers(segment["from"]), _numbers(segment["to"])
                duration = segment["end"] - segment["start"]
                if t >= segment["end"] or duration <= 0:
                    current = b
                    continue
                p = _progress(segment["easing"], (t - segment["start"]) / duration)
                current = [x + (y - x) * p for x, y in zip(a, b)]
            values.append(current)
        for span in timeline["spans"]:
            start, end = int(span["startFrame"]), min(int(span["endFrame"]), frame_count)
            if end - start < 2:
                continue
            for component in range(len(initial)):
                series = [values[f][component] for f in range(start, end + 1) if component < len(values[f])]
                if len(series) != end - start + 1:
                    continue
                low, high = min(series[0], series[-1]), max(series[0], series[-1])
                scale = max(high - low, 1e-6)
                for i in range(1, len(series) - 1):
                    v = series[i]
                    turning = (v - series[i - 1]) * (series[i + 1] - v) <= 0 and v != series[i - 1]
                    excursion = max(v - high, low - v)
                    if turning and excursion > 0.01 * scale:
                        frame = start + i
                        candidates[frame] = max(candidates.get(frame, 0.0), excursion / scale)
    peaks: set[int] = set()
    for span in timeline["spans"]:
        start, end = int(span["startFrame"]), int(span["endFrame"])
        inside = sorted((f for f in candidates if start < f < end), key=lambda f: -candidates[f])
        peaks.update(inside[:per_span])
    return peaks


def instants(timeline: dict) -> list[tuple[int, int]]:
    """(reference frame, player frame) pairs: the start, middle and end of every span, and the
    overshoot peaks. A looping span's end is shown to the players as its start (the seam)."""
    frame_count = int(timeline["frames"])
    chosen: set[tuple[int, int]] = set()
    for span in timeline["spans"]:
        start, end = int(span["startFrame"]), int(span["endFrame"])
        loops = bool(span.get("loops"))
        last = end if loops else max(start, end - 1)
        for frame in {start, (start + last) // 2, last}:
            player = start if loops and frame == end else frame
            chosen.add((frame, min(player, max(frame_count - 1, 0))))
    for frame in overshoot_peaks(timeline):
        chosen.add((frame, min(frame, max(frame_count - 1, 0))))
    return sorted(chosen)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for written in generate(Path(sys.argv[1])):
        print(written)
