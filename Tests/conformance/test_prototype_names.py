"""State, input and trigger names such as `__proto__`, `constructor` and `hasOwnProperty` in the
interactive SVG's runtime, the preview page and the diff page, in Chromium (docs/security.md).

A state named `__proto__` made the runtime write the page's `Object.prototype` (every object of
the page gained `.tap`), so taps took the wrong transition, and an input named `__proto__` could
not be set. Every name-keyed table of the runtime and the pages is an object without a
prototype, so such a name is an entry like any other.

Run: CHOREO=path/to/choreo .venv/bin/python -m pytest Tests/conformance/test_prototype_names.py
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import Browser  # noqa: E402
from test_tgs import choreo  # noqa: E402

SCENE = """choreo: 1
name: proto
size: [60, 60]
inputs:
  __proto__: {number: 0, range: [0, 10]}
  constructor: {boolean: false}
  hasOwnProperty: {string: ""}
layers:
  - {id: dot, shape: ellipse, radius: 10, position: [30, 30], fill: "#336699"}
states:
  __proto__: {}
  constructor: {dot: {scale: 2}}
  toString: {dot: {scale: 0.5}}
initial: __proto__
transitions:
  - {from: __proto__, to: constructor, on: tap, duration: 0.05s}
  - {from: constructor, to: toString, on: tap, duration: 0.05s, when: "__proto__ >= 5"}
  - {from: constructor, to: __proto__, on: tap, duration: 0.05s, when: "__proto__ < 5"}
  - {from: toString, to: __proto__, on: tap, duration: 0.05s, set: {constructor: true, hasOwnProperty: "x"}}
"""

# A scene without states: the token script is the SVG's `choreo` (set, get), its tables keyed by
# the input names too.
TOKENS_SCENE = """choreo: 1
name: tokens
size: [60, 60]
inputs:
  __proto__: {number: 0, range: [0, 10]}
  constructor: {color: "#336699"}
  toString: {choice: [week, month]}
layers:
  - {id: bar, shape: rect, size: [12, {bind: __proto__, to: [4, 40]}], position: [20, 30], fill: {bind: constructor}}
  - {id: month, shape: rect, size: [12, {bind: toString, values: {week: 10, month: 30}, animate: {duration: 0.05s, easing: linear}}], position: [40, 30]}
"""

CLEAN = "() => ({}).tap === undefined && ({}).programmatic === undefined && Object.getPrototypeOf({}) === Object.prototype && ({}).constructor === Object"


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("proto")
    scene = work / "proto.yaml"
    scene.write_text(SCENE)
    subprocess.run([choreo(), "compile", str(scene), "-o", str(work), "--emit", "svg"], check=True, capture_output=True)
    subprocess.run([choreo(), "preview", str(scene), "-o", str(work)], check=True, capture_output=True)
    other = work / "other.yaml"
    other.write_text(SCENE.replace("#336699", "#993366"))
    diff = subprocess.run([choreo(), "diff", str(scene), str(other), "--html", str(work / "diff")], capture_output=True, text=True)
    assert diff.returncode == 1, diff.stdout + diff.stderr
    return work


@pytest.fixture(scope="module")
def browser():
    with Browser() as opened:
        yield opened


def drive(page, svg: str) -> None:
    """Taps through every state, sets every input, and checks the page's prototypes after each."""
    api = f"document.querySelector({svg!r}).choreo"
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.wait_for_function(f"() => {api} && {api}.state === '__proto__'", timeout=5000)
    assert page.evaluate(CLEAN)
    assert page.evaluate(f"Object.keys({api}.machine.states).sort()") == ["__proto__", "constructor", "toString"]
    assert page.evaluate(f"Object.keys({api}.machine.inputs).sort()") == ["__proto__", "constructor", "hasOwnProperty"]

    def tap_to(state: str) -> None:
        page.locator(svg).click()
        page.wait_for_function(f"() => {api}.state === {state!r} && !{api}.busy()", timeout=5000)
        assert page.evaluate(CLEAN), f"Object.prototype changed on the way to {state}"

    tap_to("constructor")
    tap_to("__proto__")  # `__proto__ < 5`: back
    assert page.evaluate(f"{api}.set('__proto__', 7)") is True
    assert page.evaluate(f"{api}.get('__proto__')") == 7
    assert page.evaluate(f"{api}.set('__proto__', 70)") is True
    assert page.evaluate(f"{api}.get('__proto__')") == 10, "a number input is kept in its range"
    tap_to("constructor")
    tap_to("toString")  # `__proto__ >= 5`
    tap_to("__proto__")
    assert page.evaluate(f"{api}.get('constructor')") is True
    assert page.evaluate(f"{api}.get('hasOwnProperty')") == "x"
    # Names that are not the machine's answer as unknown ones do, whatever Object.prototype has.
    assert page.evaluate(f"[{api}.get('toString'), {api}.set('valueOf', 1), {api}.fire('constructor'), {api}.fire('__proto__')]") == [None, False, False, False]
    assert page.evaluate(CLEAN)
    assert not errors, errors


def test_the_interactive_svg_inline_in_a_page(browser, outputs):
    page = browser.isolated_page(300, 300)
    page.set_content("<!doctype html><body>" + (outputs / "proto.svg").read_text() + "</body>", wait_until="load")
    drive(page, "body > svg")
    page.context.close()


def test_the_preview_page(browser, outputs):
    page = browser.isolated_page(1200, 900)
    page.goto((outputs / "proto.html").as_uri(), wait_until="load")
    drive(page, "#stage > svg")
    # The page's own tables: a control per input, the state diagram, the layout guides.
    assert page.locator("input[data-input='__proto__']").count() == 1
    assert page.locator("#diagram .node[data-state='__proto__']").count() == 1
    page.click("#guides")
    assert page.locator("#stage-guides .guide").count() >= 1
    page.context.close()


def test_the_diff_page(browser, outputs):
    page = browser.isolated_page(1200, 900)
    page.goto((outputs / "diff" / "proto.html").as_uri(), wait_until="load")
    drive(page, ".pair .after > svg")
    page.context.close()


def test_the_token_script_of_a_scene_without_states(browser, tmp_path):
    scene = tmp_path / "tokens.yaml"
    scene.write_text(TOKENS_SCENE)
    subprocess.run([choreo(), "compile", str(scene), "-o", str(tmp_path), "--emit", "svg"], check=True, capture_output=True)
    page = browser.isolated_page(300, 300)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content("<!doctype html><body>" + (tmp_path / "tokens.svg").read_text() + "</body>", wait_until="load")
    api = "document.querySelector('body > svg').choreo"
    page.wait_for_function(f"() => !!{api}", timeout=5000)
    assert page.evaluate(CLEAN)
    drawn = page.evaluate("document.querySelector('body > svg').outerHTML")
    assert page.evaluate(f"{api}.set('__proto__', 5)") is True
    assert page.evaluate(f"{api}.get('__proto__')") == 5
    assert page.evaluate(f"{api}.set('constructor', '#ff0000')") is True
    assert page.evaluate(f"{api}.get('constructor')") == {"r": 1, "g": 0, "b": 0, "a": 1}
    assert page.evaluate(f"{api}.set('toString', 'month')") is True
    assert page.evaluate(f"{api}.get('toString')") == "month"
    page.wait_for_timeout(200)
    assert page.evaluate(CLEAN), "Object.prototype changed by setting the inputs"
    assert page.evaluate("document.querySelector('body > svg').outerHTML") != drawn, "setting the inputs drew nothing"
    assert page.evaluate(f"[{api}.get('valueOf'), {api}.set('hasOwnProperty', 1), {api}.set('__proto__', 'x')]") == [None, False, False]
    assert page.evaluate(CLEAN)
    assert not errors, errors
    page.context.close()



def test_the_typescript_apis_lottie_slots(tmp_path):
    """The generated TypeScript API's slot class, compiled with tsc and run in node with a
    recording player: its tables keyed by input names hold `__proto__`, `constructor` and
    `toString` as entries (a literal `"__proto__": …` set the table's prototype, and the class
    threw on its first call)."""
    scene = tmp_path / "tokens.yaml"
    scene.write_text(TOKENS_SCENE)
    subprocess.run([choreo(), "compile", str(scene), "-o", str(tmp_path), "--emit", "ts-api"], check=True, capture_output=True)
    subprocess.run(["tsc", "--strict", "--target", "es2017", "--module", "commonjs", "--outDir", str(tmp_path / "js"), str(tmp_path / "tokens.ts")],
                   check=True, capture_output=True)
    # The cases go through JSON.parse: a `__proto__` key in a literal would be the prototype.
    cases = json.dumps([[], [["setProto", 5]], [["setConstructor_", "#ff0000"]], [["setToString", "month"]]])
    driver = tmp_path / "js" / "driver.js"
    driver.write_text(f"""
const api = require("./tokens.js");
const out = [];
for (const calls of JSON.parse({json.dumps(cases)})) {{
  const lottie = new api.TokensLottie({{ setSlots: () => {{}} }}, () => 0, () => {{}});
  for (const [setter, value] of calls) lottie[setter](value, false);
  out.push(lottie.slotsJSON());
}}
if (({{}}).constructor !== Object || Object.getPrototypeOf({{}}) !== Object.prototype) throw new Error("Object.prototype changed");
process.stdout.write(JSON.stringify(out));
""")
    run = subprocess.run(["node", str(driver)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    slots = json.loads(run.stdout)
    assert len(set(slots)) == 4, f"each input moves its slots: {slots}"
    assert '"bar.size":{"p":{"a":0,"k":[1200,2200]}}' in slots[1], slots[1]
