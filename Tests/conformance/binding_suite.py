"""Bound values and live texts in real players (contract §20): for every scene with bindings, at
several values of each input (the ends of a range, its middle, every choice, several colours),

- ThorVG draws the compiled Lottie with the slot values the generated TypeScript API computes
  (`NAMELottie`, compiled with tsc and run in node with a recording player), applied through
  ThorVG's own slot calls (`gen_slot`, `apply_slot`), as dotLottie players do;
- Chromium draws the interactive SVG after `choreo.set`;

and both equal `choreo snapshot --input` (the scene compiled at those values) within 1 % of
pixels. A colour must also match in flat areas (a wrong colour fills whole shapes, which the
neighbourhood comparison alone would let through).

It also pins what each player does with a slot on each kind of property (`slot_kinds`): ThorVG
draws slots on colours, opacities and group and layer transforms and crashes on the rest (run in a
child process), which is why the compiler writes bound anchors and sizes as group transforms.

    binding_suite.py --choreo BIN SCENE...        # prints `N passed, M failed` last
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import common  # noqa: E402
from lottie_players import ThorVGPlayer  # noqa: E402

RSVG = "rsvg-convert"


class Results:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def record(self, group: str, label: str, ok: bool, detail: str) -> None:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(f"{'ok  ' if ok else 'FAIL'} [{group}] {label}: {detail}", flush=True)


def flat_colour_difference(a: np.ndarray, b: np.ndarray) -> float:
    """Share of pixels away from any edge (within 1 px, in either image) whose colours differ by
    more than 12/255 in place: a wrong colour, not anti-aliasing."""
    def edges(image: np.ndarray) -> np.ndarray:
        padded = np.pad(image.astype(np.int16), ((1, 1), (1, 1), (0, 0)), mode="edge")
        low = np.full(image.shape, 255, dtype=np.int16)
        high = np.zeros(image.shape, dtype=np.int16)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                window = padded[1 + dy: 1 + dy + image.shape[0], 1 + dx: 1 + dx + image.shape[1]]
                low, high = np.minimum(low, window), np.maximum(high, window)
        return (high - low).max(axis=2) > 24
    flat = ~(edges(a) | edges(b))
    difference = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    return float(((difference > 12) & flat).sum()) / max(difference.size, 1)


def compare(label: str, group: str, drawn: np.ndarray, reference: np.ndarray, results: Results) -> None:
    comparison = common.compare_images(drawn, reference)
    flat = flat_colour_difference(drawn, reference)
    ok = comparison.passed and flat <= 0.001
    detail = comparison.describe() + f"; {flat * 100:.2f} % of flat pixels off in colour"
    if not ok:
        path = common.write_side_by_side(common.OUT_DIR / f"binding-{group}-{label}.png".replace(" ", "_").replace("/", "-"), drawn, reference)
        detail += f"; see {path.relative_to(common.REPO_ROOT)}"
    results.record(group, label, ok, detail)


def cases_for(inputs: list[dict]) -> list[dict]:
    """Values to try: each input alone at several values, the others at their defaults, and one
    case with every input away from its default."""
    cases: list[dict] = []
    extremes: dict = {}
    for spec in inputs:
        name, kind = spec["name"], spec["kind"]
        values: list = []
        if kind == "number" and "range" in spec:
            low, high = spec["range"]
            values = [low, high, low + (high - low) * 0.5]
            if "step" in spec:
                values = [low + round((v - low) / spec["step"]) * spec["step"] for v in values]
        elif kind == "choice":
            values = [c["name"] for c in spec["choices"]]
        elif kind == "boolean":
            values = [False, True]
        elif kind == "color":
            values = ["#FF3B30", "rgb(52 199 89)", "rebeccapurple", "#0A84FF80"]
        elif kind == "string" and "chars" in spec:
            chars = spec["chars"]
            values = [chars[: min(len(chars), 5)], ""]
        for value in values:
            cases.append({name: value})
        if values:
            extremes[name] = values[1] if len(values) > 1 else values[0]
    if len(extremes) > 1:
        cases.append(extremes)
    return cases


def input_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def snapshot(choreo: str, scene: Path, time_seconds: float, case: dict, work: Path, tag: str) -> Path:
    svg = work / f"{scene.stem}-{tag}.svg"
    arguments = [choreo, "snapshot", str(scene), "--at", f"{time_seconds:.6f}s", "-o", str(svg)]
    for name, value in case.items():
        arguments += ["--input", f"{name}={input_text(value)}"]
    result = subprocess.run(arguments, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"snapshot: {result.stderr.strip()[:300]}")
    return svg


def rsvg(svg: Path) -> np.ndarray:
    png = svg.with_suffix(".png")
    result = subprocess.run([RSVG, "--format=png", "-o", str(png), str(svg)], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"rsvg-convert: {result.stderr.strip()[:300]}")
    return common.load_png_over_white(png)


DRIVER = """
const api = require(%(module)s);
const cases = %(cases)s;
const names = api[%(type)s];
const out = [];
for (const c of cases) {
  const lottie = new api[%(lottie)s]({ setSlots: () => {} }, () => 0, () => {});
  for (const input of Object.keys(c)) {
    const id = Object.keys(names.inputs).find((k) => names.inputs[k].name === input);
    if (id === undefined) throw new Error("no input " + input);
    const setter = "set" + id.charAt(0).toUpperCase() + id.slice(1);
    if (typeof lottie[setter] === "function") lottie[setter](c[input], false);
  }
  out.push(lottie.slotsJSON());
}
process.stdout.write(JSON.stringify(out));
"""


def api_slots(ts_file: Path, type_name: str, cases: list[dict], work: Path) -> list[str] | None:
    """The slot data the generated TypeScript API computes for each case (None: no NAMELottie)."""
    if f"export class {type_name}Lottie" not in ts_file.read_text():
        return None
    out_dir = work / "js"
    compiled = subprocess.run(["tsc", "--strict", "--target", "es2017", "--module", "commonjs", "--outDir", str(out_dir), str(ts_file)],
                              capture_output=True, text=True)
    if compiled.returncode != 0:
        raise RuntimeError(f"tsc: {compiled.stdout.strip()[:400]}")
    driver = out_dir / f"{ts_file.stem}-driver.js"
    driver.write_text(DRIVER % {"module": json.dumps("./" + ts_file.stem + ".js"), "cases": json.dumps(cases),
                                "type": json.dumps(type_name), "lottie": json.dumps(type_name + "Lottie")})
    run = subprocess.run(["node", str(driver)], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"node: {run.stderr.strip()[:400]}")
    return json.loads(run.stdout)


def rest_frame(timeline: dict) -> tuple[int, float]:
    """The frame (and second) the scene rests at on load: the initial state's pose, else 0."""
    machine = timeline.get("stateMachine")
    if machine:
        initial = next(s for s in machine["states"] if s["name"] == machine["initial"])
        span = next(s for s in timeline["spans"] if s["name"] == initial["pose"])
        return int(span["startFrame"]), float(span["start"])
    return 0, 0.0


def thorvg_checks(scene: Path, out: Path, timeline: dict, cases: list[dict], slots: list[str] | None, choreo: str, work: Path,
                  results: Results) -> None:
    name = timeline["name"]
    text = (out / f"{name}.json").read_text()
    frame, seconds = rest_frame(timeline)
    for index, case in enumerate(cases):
        label = f"{scene.stem} {json.dumps(case)}"
        reference = rsvg(snapshot(choreo, scene, seconds, case, work, f"ref{index}"))
        player = ThorVGPlayer(text, int(timeline["size"][0]), int(timeline["size"][1]))
        try:
            if slots is not None:
                code = player.animation.gen_slot(slots[index])
                if not code:
                    results.record("thorvg", label, False, "ThorVG refused the slot data")
                    continue
                player.animation.apply_slot(code)
            player.render(frame + 1)
            drawn = player.render(frame)
        finally:
            player.close()
        compare(label, "thorvg", drawn, reference, results)


def svg_checks(scene: Path, out: Path, timeline: dict, cases: list[dict], choreo: str, work: Path, results: Results, browser) -> None:
    from browser import AFTER_PAINT

    name = timeline["name"]
    width, height = int(timeline["size"][0]), int(timeline["size"][1])
    svg = (out / f"{name}.svg").read_text()
    glide = max([t.get("glide", {}).get("duration", 0) for t in timeline.get("tokens", {}).get("tracks", [])] + [0])
    _, seconds = rest_frame(timeline)
    for index, case in enumerate(cases):
        label = f"{scene.stem} {json.dumps(case)}"
        page = browser.page(width, height)
        page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
        ok = True
        for input_name, value in case.items():
            if not page.evaluate(f"() => document.querySelector('svg').choreo.set({json.dumps(input_name)}, {json.dumps(value)})"):
                results.record("svg", label, False, f"choreo.set refused {input_name} = {value!r}")
                ok = False
        if not ok:
            continue
        if glide > 0:
            page.wait_for_timeout(int(glide * 1000) + 150)
        page.evaluate(AFTER_PAINT)
        drawn = browser.screenshot(page)
        reference_svg = snapshot(choreo, scene, seconds, case, work, f"svg{index}").read_text()
        page.set_content(f"<html><body style='margin:0'>{reference_svg}</body></html>")
        page.evaluate(AFTER_PAINT)
        compare(label, "svg", drawn, browser.screenshot(page), results)


BENCHMARK_NODES = 1000

SET_TIMING = """async () => {
  const svg = document.querySelector('svg');
  const groups = Array.from(svg.querySelectorAll('g[data-choreo-t]'));
  const paths = Array.from(svg.querySelectorAll('path[data-choreo-t]'));
  const settle = () => { document.body.getBoundingClientRect(); getComputedStyle(paths[0]).fill; };
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const cases = [
    // By hand writes values neither set writes, so each write on either side changes what is
    // drawn (an attribute set to the value it holds costs the browser nothing).
    ['level', [0.1, 0.9], (i) => groups.forEach((g) => g.setAttribute('opacity', i % 2 ? '0.5' : '0.6'))],
    ['accent', ['#FF3B30', '#0A84FF'], (i) => paths.forEach((p) => p.setAttribute('fill', i % 2 ? 'rgb(1,2,3)' : 'rgb(4,5,6)'))],
  ];
  const result = {};
  for (const [name, values, direct] of cases) {
    const set = [], base = [];
    for (let i = 0; i < 40; i++) {
      let t = performance.now();
      svg.choreo.set(name, values[i % 2]);
      settle();
      set.push(performance.now() - t);
      await frame();
      t = performance.now();
      direct(i);
      settle();
      base.push(performance.now() - t);
      await frame();
    }
    result[name] = [median(set), median(base)];
  }
  return result;
}"""


def set_benchmark(choreo: str, work: Path, results: Results, browser) -> None:
    """`choreo.set` to a drawn frame (the attributes written and the style recalculated) in a
    scene of 1,000 nodes each with a bound opacity and a bound colour, against the same attributes
    set by hand in the same page: the runtime's own cost is the difference."""
    lines = ["choreo: 1", "name: set-benchmark", "size: [400, 250]", "inputs:", "  level: {number: 0.5, range: [0, 1]}",
             '  accent: {color: "#0A84FF"}', "layers:"]
    for i in range(BENCHMARK_NODES):
        lines.append(f"  - {{id: n{i}, shape: rect, size: [8, 8], position: [{6 + (i % 40) * 10}, {6 + (i // 40) * 10}], "
                     "fill: {bind: accent}, opacity: {bind: level, to: [0.2, 1]}}")
    scene = work / "set-benchmark.yaml"
    scene.write_text("\n".join(lines) + "\n")
    out = work / "set-benchmark"
    compiled = subprocess.run([choreo, "compile", str(scene), "-o", str(out), "--emit", "svg"], capture_output=True, text=True)
    if compiled.returncode != 0:
        results.record("benchmark", "compile", False, compiled.stderr.strip()[:300])
        return
    page = browser.page(400, 250)
    page.set_content(f"<html><body style='margin:0'>{(out / 'set-benchmark.svg').read_text()}</body></html>")
    timing = page.evaluate(SET_TIMING)
    for name, (with_set, by_hand) in timing.items():
        # The runtime computes and writes every attribute; by hand only writes them. Within
        # twice the hand-written cost plus a millisecond, whatever the machine's load.
        ok = with_set <= 2 * by_hand + 1
        results.record("benchmark", f"choreo.set('{name}') on {BENCHMARK_NODES} nodes", ok,
                       f"{with_set:.2f} ms to a drawn frame (median of 40), the same attributes set by hand {by_hand:.2f} ms")


# What ThorVG does with a slot on each kind of property, by the property's place in the document
# (the probe writes one shape with the slot on that property): drawn, crash (the process dies),
# or ignored (loads, but a new value changes nothing).
SLOT_KINDS = {
    "fill colour": ("fl.c", "drawn"), "fill opacity": ("fl.o", "drawn"), "stroke colour": ("st.c", "drawn"),
    "stroke width": ("st.w", "ignored"), "group position": ("tr.p", "drawn"), "group scale": ("tr.s", "drawn"),
    "group rotation": ("tr.r", "drawn"), "group opacity": ("tr.o", "drawn"), "group anchor": ("tr.a", "crash"),
    "layer position": ("ks.p", "drawn"), "layer anchor": ("ks.a", "crash"), "rectangle size": ("rc.s", "crash"),
    "rectangle position": ("rc.p", "crash"), "rectangle roundness": ("rc.r", "crash"), "ellipse size": ("el.s", "crash"),
    "trim end": ("tm.e", "crash"),
}

PROBE = r"""
import json, sys
sys.path.insert(0, %(here)r)
from lottie_players import ThorVGPlayer
import numpy as np
place, default, other = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
def prop(v, key):
    p = {"a": 0, "k": v}
    if key == place: p["sid"] = "s"
    return p
kind = place.split(".")[0]
shape = {"ty": "el", "d": 1, "p": prop([0, 0], "el.p"), "s": prop([60, 60], "el.s")} if kind in ("el", "tm") else \
        {"ty": "rc", "d": 1, "p": prop([0, 0], "rc.p"), "s": prop([60, 40], "rc.s"), "r": prop(0, "rc.r")}
items = [shape]
if kind == "tm":
    items.append({"ty": "tm", "s": prop(0, "tm.s"), "e": prop(50, "tm.e"), "o": prop(0, "tm.o"), "m": 2})
items.append({"ty": "st", "c": prop([0, 0, 1], "st.c"), "o": prop(100, "st.o"), "w": prop(4, "st.w"), "lc": 1, "lj": 1, "ml": 4})
if kind != "tm":
    items.append({"ty": "fl", "c": prop([1, 0, 0], "fl.c"), "o": prop(100, "fl.o"), "r": 1})
items.append({"ty": "tr", "p": prop([50, 50], "tr.p"), "a": prop([0, 0], "tr.a"), "s": prop([100, 100], "tr.s"), "r": prop(0, "tr.r"), "o": prop(100, "tr.o")})
layer = {"ty": 4, "ddd": 0, "ind": 1, "nm": "l", "sr": 1, "st": 0, "ip": 0, "op": 60, "ao": 0, "bm": 0,
         "ks": {"a": prop([0, 0], "ks.a"), "p": prop([0, 0], "ks.p"), "s": prop([100, 100], "ks.s"), "r": prop(0, "ks.r"), "o": prop(100, "ks.o")},
         "shapes": [{"ty": "gr", "nm": "g", "it": items}]}
doc = {"v": "5.7.4", "ver": 10000, "fr": 60, "ip": 0, "op": 60, "w": 100, "h": 100, "ddd": 0, "assets": [], "layers": [layer],
       "slots": {"s": {"p": {"a": 0, "k": default}}}}
player = ThorVGPlayer(json.dumps(doc), 100, 100)
before = player.render(0)
code = player.animation.gen_slot(json.dumps({"s": {"p": {"a": 0, "k": other}}}))
player.animation.apply_slot(code)
player.render(1)
after = player.render(0)
print("drawn" if np.abs(before.astype(int) - after.astype(int)).max() > 32 else "ignored")
"""

SLOT_VALUES = {
    "fl.c": ([1, 0, 0], [0, 1, 0]), "fl.o": (100, 30), "st.c": ([0, 0, 1], [0, 1, 0]), "st.w": (4, 12),
    "tr.p": ([50, 50], [30, 60]), "tr.s": ([100, 100], [50, 150]), "tr.r": (0, 30), "tr.o": (100, 40), "tr.a": ([0, 0], [10, 10]),
    "ks.p": ([0, 0], [10, 5]), "ks.a": ([0, 0], [5, 5]), "rc.s": ([60, 40], [30, 70]), "rc.p": ([0, 0], [10, 10]), "rc.r": (0, 10),
    "el.s": ([60, 60], [30, 80]), "tm.e": (50, 80),
}


def slot_kinds(work: Path, results: Results) -> None:
    probe = work / "slot_probe.py"
    probe.write_text(PROBE % {"here": str(Path(__file__).resolve().parent)})
    for label, (place, expected) in SLOT_KINDS.items():
        default, other = SLOT_VALUES[place]
        run = subprocess.run([sys.executable, str(probe), place, json.dumps(default), json.dumps(other)],
                             capture_output=True, text=True, timeout=120)
        found = run.stdout.strip() if run.returncode == 0 else "crash"
        results.record("slot kinds", f"ThorVG, a slot on a {label}", found == expected,
                       f"{found} (docs/players.md says {expected})")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenes", nargs="+", type=Path)
    parser.add_argument("--choreo", required=True)
    parser.add_argument("--work", type=Path)
    parser.add_argument("--no-browser", action="store_true")
    arguments = parser.parse_args(argv)
    work = arguments.work or Path(tempfile.mkdtemp(prefix="choreo-binding-"))
    work.mkdir(parents=True, exist_ok=True)
    common.OUT_DIR.mkdir(parents=True, exist_ok=True)
    results = Results()
    began = time.monotonic()
    slot_kinds(work, results)
    browser = None
    if not arguments.no_browser:
        from browser import Browser
        browser = Browser()
    try:
        for scene in arguments.scenes:
            out = work / scene.stem
            compiled = subprocess.run([arguments.choreo, "compile", str(scene), "-o", str(out), "--emit", "lottie,svg,timeline,ts-api"],
                                      capture_output=True, text=True)
            if compiled.returncode != 0:
                results.record("compile", scene.stem, False, compiled.stderr.strip()[:400])
                continue
            timeline_file = next(out.glob("*.timeline.json"))
            timeline = json.loads(timeline_file.read_text())
            tokens = timeline.get("tokens")
            if not tokens or (not tokens.get("tracks") and not tokens.get("texts")):
                continue
            cases = cases_for(tokens["inputs"])
            ts_file = out / f"{timeline['name']}.ts"
            type_name = ts_file.read_text().split("export const ", 1)[1].split(" ", 1)[0]
            try:
                slots = api_slots(ts_file, type_name, cases, work / scene.stem)
            except RuntimeError as problem:
                results.record("api", scene.stem, False, str(problem))
                continue
            thorvg_checks(scene, out, timeline, cases, slots, arguments.choreo, work, results)
            if browser is not None:
                svg_checks(scene, out, timeline, cases, arguments.choreo, work, results, browser)
        if browser is not None:
            set_benchmark(arguments.choreo, work, results, browser)
    finally:
        if browser is not None:
            browser.close()
    print(f"binding suite: {time.monotonic() - began:.1f}s")
    print(common.summary_line(results.passed, results.failed))
    return 0 if results.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
