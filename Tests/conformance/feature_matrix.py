#!/usr/bin/env python3
"""The feature matrix: scenes generated at test time (never committed) that animate every
animatable property of docs/scene-format.md §5 with every easing family, in states, tweens and
keyframes, on every shape kind, on a group with inherited styles, on a repeated node and on
clipped nodes (every `clip.KEY`, on a rect, ellipse, star and path clip).

Usage:
    python3 Tests/conformance/feature_matrix.py OUT_DIR [--full]    # writes OUT_DIR/*.yaml + matrix.json

Design (a covering array, not the full cross product of everything): one scene per
(context, easing) pair, 4 × 8 = 32 scenes. Each scene holds one *probe* per property in its own
cell of a grid, so every property meets every easing in every context. The shape kind a probe
draws with rotates with the scene index, so across the 24 scenes each transform and paint
property lands on every shape kind (rect, ellipse, path from `d`, `points` or `contours`,
polygon, star, group), the group probe cycles through the inherited style properties, and the
repeat probe through the properties a repeated node animates (its copies staggered by
`repeat.delay` in every other scene, and coloured by `repeat.fill` unless it animates the fill),
and four text probes per scene (scenes/fonts/' DejaVu subset, copied to OUT_DIR/fonts/) through
every §5 property a text node has (TEXT_VARIANTS: paint, stroke, trim, transforms, clips, effects,
a position's axes, a motion path). The layer keys of §11 (`after_effects_probes`: position axes,
motion paths with and without `orient: auto`, masks and their modes, expansion and opacity, mattes
of each mode, parents, blend modes, windows, a group's clock, curved keyframes) have cells too:
two a scene by turns, every one in every scene with `--full` (scripts/test-slow.sh's
CONFORMANCE_BREADTH=full). A cell a renderer draws otherwise (docs/players.md) names it and why
in matrix.json (`drawnOtherwise`); the suite does not compare it there.
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
    ("position.x-y", {}, [("position.x", -8, 8), ("position.y", 4, -4)]),
    ("motion-path.at", {"motion-path": {"d": "M -12 8 C -12 -10 12 -10 12 8", "at": 0}}, [("motion-path.at", 0, 1)]),
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
    """One cell: a node and the properties a scene animates on it, as (path, base, target).

    `extra_nodes` are siblings drawn below the node in its cell (ids `pN-e0`, …; a `"@0"` in the
    node names the first, for `parent:` and `matte:`). `target` names the node the changes animate
    when it is not the probe's own: `"-t"` is the one whose id the probe writes as `"@t"` (a mask,
    a child), `"@0"` the first extra node. `keyframe_fields` go on the keyframes of the keyframes
    context (spatial `path:` tangents). `placed`: the generator puts the node at the cell's centre
    (a node on a motion path carries its own place). `drawn_otherwise`: renderer → why it draws
    the cell otherwise (docs/players.md); scene_suite.py does not compare the cell there."""

    name: str
    node: dict
    changes: list[tuple[str, object, object]]
    extra_nodes: list[dict] = field(default_factory=list)
    target: str | None = None
    keyframe_fields: list[dict] | None = None
    placed: bool = True
    drawn_otherwise: dict[str, str] = field(default_factory=dict)


def with_ids(node: dict, node_id: str) -> dict:
    node = json.loads(json.dumps(node))
    node["id"] = node_id
    for index, child in enumerate(node.get("children", [])):
        child["id"] = f"{node_id}-t" if child.get("id") == "@t" else f"{node_id}-c{index}"
    return node


def probes(scene_index: int, full: bool = False) -> list[Probe]:
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
    result += after_effects_probes(scene_index, full)
    # Text nodes (glyph outlines set at compile time), the variants taken by turns.
    for slot in range(TEXT_PROBES_PER_SCENE):
        result.append(text_probe(TEXT_VARIANTS[(scene_index * TEXT_PROBES_PER_SCENE + slot) % len(TEXT_VARIANTS)]))
    return result


# The layer-key cells (after_effects_probes), and how many of them a scene holds unless the matrix
# is generated at full breadth (`--full`, CONFORMANCE_BREADTH=full): two fill the free cells of the
# grid's last row.
LAYER_CELLS = 10
LAYER_CELLS_PER_SCENE = 2
BLEND_MODES = ("multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light",
               "soft-light", "difference", "exclusion", "hue", "saturation", "color", "luminosity")
MASK_MODES = ("add", "subtract", "intersect", "difference")
MATTE_MODES = ("alpha", "alpha-inverted", "luma", "luma-inverted")
# What a renderer of the suite draws otherwise (docs/players.md, "Masks, mattes and blend modes").
RLOTTIE_NO_BLEND = {"rlottie": "rlottie draws no blend modes"}
RLOTTIE_NO_EXPAND = {"rlottie": "rlottie draws no mask expansion"}
MASK_DRAWN_OTHERWISE = {"difference": {"lottie-web": "lottie-web 5.7.4 draws a difference mask as an added one"}}
MATTE_DRAWN_OTHERWISE = {"luma-inverted": {"lottie-web": "lottie-web 5.7.4 draws an inverted luma matte otherwise"}}
BLEND_DRAWN_OTHERWISE = {"color": {"thorvg": "ThorVG blends 'color' otherwise"}}
# Easings whose motion goes past its ends, where lottie-web draws these cells otherwise: a spring
# back to an expansion of 0 pulls the mask in on the way; an overshooting cubic's progress leaves
# a curved keyframe's curve (which the other players hold at its end). With the other easings
# lottie-web draws both cells as the reference does.
PULLING_IN = ("spring-bouncy", "spring-physics")
LEAVING_THE_CURVE = ("bezier-overshoot",)
LOTTIE_WEB_NO_PULL_IN = {"lottie-web": "lottie-web 5.7.4 draws a mask pulled in (a negative expansion) otherwise"}
LOTTIE_WEB_LEAVES_THE_CURVE = {"lottie-web": "lottie-web 5.7.4 does not hold an overshooting curved keyframe at the curve's end"}


def after_effects_probes(scene_index: int, full: bool = False) -> list[Probe]:
    """Contract §22's layer keys (docs/scene-format.md §11), their static settings (blend, mask and
    matte modes, `orient`) taken by turns. At full breadth every scene holds each of them, so each
    meets every easing in every context; otherwise a scene holds LAYER_CELLS_PER_SCENE of them by
    turns (each context still meets every one), which keeps the test command's matrix the size it
    was without them."""
    def kind(offset: int, kinds=SHAPE_KINDS[:-1]) -> str:
        return kinds[(scene_index + offset) % len(kinds)]

    easing_name = list(EASINGS)[scene_index % len(EASINGS)]
    # How many times this scene's cells have come round before (the settings' turn).
    turn = scene_index if full else scene_index * LAYER_CELLS_PER_SCENE // LAYER_CELLS
    result = []
    k = kind(0)
    result.append(Probe(f"position.x-y/{k}", {**shape(k), "fill": PINK},
                        [("position.x", -8, 8), ("position.y", 6, -6)]))
    # A motion path across the cell (in the cell's coordinates: the generator moves it there);
    # every other scene the node turns with it.
    orient = {"orient": "auto"} if turn % 2 else {}
    result.append(Probe(f"motion-path.at/{kind(1)}{'+orient' if orient else ''}",
                        {**shape(kind(1)), "scale": 0.6, "fill": GREEN, **orient,
                         "motion-path": {"d": "M -20 14 C -20 -22 20 -22 20 14", "at": 0}},
                        [("motion-path.at", 0, 1)], placed=False))
    mode = MASK_MODES[turn % len(MASK_MODES)]
    result.append(Probe(f"mask.radius-opacity/{mode}",
                        {"shape": "rect", "size": [40, 30], "fill": PURPLE,
                         "mask": [{"shape": "rect", "size": [36, 20], "position": [-4, 0]},
                                  {"id": "@t", "shape": "ellipse", "radius": 8, "mode": mode, "opacity": 1}]},
                        [("radius", 8, 14), ("opacity", 1, 0.4)], target="-t",
                        drawn_otherwise=MASK_DRAWN_OTHERWISE.get(mode, {})))
    result.append(Probe("mask.expand/ellipse",
                        {"shape": "rect", "size": [40, 40], "fill": BLUE,
                         "mask": {"id": "@t", "shape": "ellipse", "radius": 10, "expand": 0}},
                        [("expand", 0, 6)], target="-t",
                        drawn_otherwise={**RLOTTIE_NO_EXPAND, **(LOTTIE_WEB_NO_PULL_IN if easing_name in PULLING_IN else {})}))
    matte = MATTE_MODES[turn % len(MATTE_MODES)]
    result.append(Probe(f"matte.offset/{matte}",
                        {"shape": "rect", "size": [36, 36], "fill": "#FF9F0A", "matte": {"node": "@0", "mode": matte}},
                        [("offset", [-8, -4], [8, 4])], target="@0",
                        extra_nodes=[{"shape": "ellipse", "radius": 12, "fill": "#B0B0B0"}],
                        drawn_otherwise=MATTE_DRAWN_OTHERWISE.get(matte, {})))
    result.append(Probe("parent.rotation/rect",
                        {"shape": "ellipse", "radius": 5, "fill": PINK, "position": [16, 0], "parent": "@0"},
                        [("rotation", "0deg", "90deg")], target="@0",
                        extra_nodes=[{"shape": "rect", "size": [24, 8], "fill": INK, "anchor": [0, 0]}]))
    blend = BLEND_MODES[turn % len(BLEND_MODES)]
    result.append(Probe(f"blend.fill/{blend}",
                        {"shape": "ellipse", "radius": 14, "fill": "#FF9F0A", "blend": blend, "position": [6, 4]},
                        [("fill", "#FF9F0A", "#0A84FF")],
                        extra_nodes=[{"shape": "rect", "size": [30, 30], "fill": "#34C759", "position": [-6, -4]}],
                        drawn_otherwise={**RLOTTIE_NO_BLEND, **BLEND_DRAWN_OTHERWISE.get(blend, {})}))
    # A window and a group's clock: seen in the timelines (and a transition's clock), each cell
    # moving the same way as the others so that only the window and the time differ.
    result.append(Probe("visible.opacity/rect", {**shape("rect"), "fill": INK, "visible": ["0.1s", "0.45s"]},
                        [("opacity", 1, 0.3)]))
    result.append(Probe("time.rotation/group",
                        {"shape": "group", "time": {"offset": "0.1s", "stretch": 0.75},
                         "children": [{"id": "@t", "shape": "rect", "size": [26, 10], "fill": BLUE}]},
                        [("rotation", "0deg", "90deg")], target="-t"))
    # Curved keyframes (spatial tangents): the keyframes context's keyframes carry `path:`; the
    # other contexts move the position straight.
    result.append(Probe(f"position.path/{kind(2)}", {**shape(kind(2)), "scale": 0.6, "fill": INK},
                        [("position", [-14, 10], [14, 10])],
                        keyframe_fields=[{"path": {"out": [0, -30]}}, {"path": {"in": [0, -30], "out": [0, -16]}},
                                         {"path": {"in": [0, -16]}}],
                        drawn_otherwise=LOTTIE_WEB_LEAVES_THE_CURVE if easing_name in LEAVING_THE_CURVE else {}))
    assert len(result) == LAYER_CELLS
    if full:
        return result
    first = scene_index * LAYER_CELLS_PER_SCENE
    return [result[(first + slot) % LAYER_CELLS] for slot in range(LAYER_CELLS_PER_SCENE)]


def text_probe(variant: tuple[str, dict, list[tuple[str, object, object]]]) -> Probe:
    """A text cell of TEXT_VARIANTS: "Ag" (or the variant's own text) in the matrix's font, styled
    and animated as the variant says."""
    name, style, changes = variant
    text = {"shape": "text", "text": "Ag", "font": "matrix", "size": 22, "fill": INK}
    return Probe(f"text.{name}/text", {**text, **json.loads(json.dumps(style))}, changes, placed="motion-path" not in style)


def resolve_references(node: dict, node_id: str) -> None:
    """`"@0"` (the first extra node) in `parent:` and `matte.node`, `"@t"` as an id (the probe's
    target: a mask, a child) become the generated ids."""
    if node.get("parent") == "@0":
        node["parent"] = f"{node_id}-e0"
    if isinstance(node.get("matte"), dict) and node["matte"].get("node") == "@0":
        node["matte"]["node"] = f"{node_id}-e0"
    masks = node.get("mask")
    for item in (masks if isinstance(masks, list) else [masks] if masks else []):
        if item.get("id") == "@t":
            item["id"] = f"{node_id}-t"


def find_node(node: dict, extras: list[dict], node_id: str) -> dict:
    """The dict of the node with this id: the probe's node, a child, a mask or an extra node."""
    pending = [node, *extras]
    while pending:
        current = pending.pop()
        if current.get("id") == node_id:
            return current
        pending.extend(current.get("children", []))
        masks = current.get("mask")
        pending.extend(masks if isinstance(masks, list) else [masks] if masks else [])
    raise KeyError(node_id)


def translated_path(d: str, by: list[float]) -> str:
    """Path data of absolute commands with every x, y pair moved."""
    tokens = d.split()
    out, numbers = [], []
    for token in tokens:
        if token.isalpha():
            out.append(token)
        else:
            numbers.append(float(token))
            if len(numbers) == 2:
                out += [f"{numbers[0] + by[0]:g}", f"{numbers[1] + by[1]:g}"]
                numbers = []
    return " ".join(out)


def nested(path: str, value) -> dict:
    """`fill.from` → {fill: {linear: {from: v}}}; gradient points nest under their kind in
    state and tween maps, while keyframe keys name them directly."""
    parts = path.split(".")
    if path in ("position.x", "position.y"):
        return {path: value}
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
    """Writes the probe's base value into the node (so the base pose is where the motion starts);
    a position's axes are written as the position (`scene` places it)."""
    if path in ("position.x", "position.y"):
        return
    merge(node, nested(path, base))


def scene(context: str, easing_name: str, scene_index: int,
          chosen: list[Probe] | None = None, full: bool = False) -> tuple[dict, list[dict]]:
    """The matrix scene of that context, easing and index: its probes, or the `chosen` ones (the
    state and choreography contexts need a per-property-timing probe among them)."""
    easing = EASINGS[easing_name]
    cells = []
    layers = []
    moved: dict = {}
    keyframes: dict = {}
    all_probes = probes(scene_index, full) if chosen is None else chosen
    rows = (len(all_probes) + COLUMNS - 1) // COLUMNS
    for index, probe in enumerate(all_probes):
        node_id = f"p{index}"
        x, y = (index % COLUMNS) * CELL, (index // COLUMNS) * CELL
        node = with_ids(probe.node, node_id)
        # Position is where the anchor lands: every probe starts centred in its cell.
        position = [x + CELL / 2, y + CELL / 2]
        extras = []
        for extra_index, extra in enumerate(probe.extra_nodes):
            extra = with_ids(extra, f"{node_id}-e{extra_index}")
            offset = extra.get("position", [0, 0])
            extra["position"] = [position[0] + offset[0], position[1] + offset[1]]
            extras.append(extra)
        resolve_references(node, node_id)
        animated = find_node(node, extras, node_id if probe.target is None
                             else f"{node_id}-e0" if probe.target == "@0" else f"{node_id}{probe.target}")
        for path, base, _ in probe.changes:
            set_base(animated, path, base)
        changes = list(probe.changes)
        for axis, path in ((0, "position.x"), (1, "position.y")):
            changes = [(p, position[axis] + b, position[axis] + t) if p == path else (p, b, t) for p, b, t in changes]
        if any(path in ("position.x", "position.y") for path, _, _ in changes):
            node["position"] = position
            for path, base, _ in changes:
                if path in ("position.x", "position.y"):
                    node["position"][0 if path.endswith("x") else 1] = base
        elif any(path == "position" for path, _, _ in changes) and animated is node:
            changes = [(p, [position[0] + b[0], position[1] + b[1]], [position[0] + t[0], position[1] + t[1]])
                       if p == "position" else (p, b, t) for p, b, t in changes]
            node["position"] = changes[0][1]
        elif probe.placed:
            offset = node.get("position", [0, 0]) if probe.extra_nodes else [0, 0]
            node["position"] = [position[0] + offset[0], position[1] + offset[1]]
        else:
            node["motion-path"]["d"] = translated_path(node["motion-path"]["d"], position)
        layers.extend(extras)
        layers.append(node)
        cell = {"name": probe.name, "node": node_id, "box": [x, y, CELL, CELL]}
        if probe.drawn_otherwise:
            cell["drawnOtherwise"] = probe.drawn_otherwise
        cells.append(cell)
        target_id = animated["id"]
        for path, base, target in changes:
            merge(moved.setdefault(target_id, {}), nested(path, target))
            frames = [
                {"at": "0s", "value": base},
                {"at": "0.5s", "value": target, "easing": easing},
                {"at": "1s", "value": base, "easing": easing},
            ]
            if probe.keyframe_fields:
                frames = [{**frame, **fields} for frame, fields in zip(frames, probe.keyframe_fields)]
            keyframes[f"{target_id}.{path}"] = frames
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


def generate(out_dir: Path, full: bool = False) -> list[Path]:
    copy_text_font(out_dir)
    manifest = {}
    paths = []
    index = 0
    for context in CONTEXTS:
        for easing_name in EASINGS:
            document, cells = scene(context, easing_name, index, full=full)
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
    arguments = [argument for argument in sys.argv[1:] if argument != "--full"]
    if len(arguments) != 1:
        sys.exit(__doc__)
    for written in generate(Path(arguments[0]), full="--full" in sys.argv[1:]):
        print(written)
