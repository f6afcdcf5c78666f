// The interactive SVG's runtime (Sources/ChoreoSVG/Resources/interactive.js) run in a small
// stand-in for an SVG document: the machine enters its initial state, a tap plays the transition,
// triggers are ignored while it plays, and when the document's clock passes its end the machine
// is in the target state. The machine's data is taken from a golden interactive SVG, which must
// carry this very runtime.
//   node --test Tests/js
"use strict";
const { test } = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const repository = path.resolve(__dirname, "..", "..");
const runtime = fs.readFileSync(path.join(repository, "Sources/ChoreoSVG/Resources/interactive.js"), "utf8");

function machineOf(golden) {
  const svg = fs.readFileSync(path.join(repository, "Tests/ChoreoPipelineTests/Golden", golden), "utf8");
  const script = svg.slice(svg.indexOf("<![CDATA[\n") + "<![CDATA[\n".length, svg.indexOf("]]>"));
  const [before, after] = runtime.split("/*MACHINE*/null");
  assert.ok(script.startsWith(before) && script.endsWith(after), `${golden} carries the runtime as it is`);
  return script.slice(before.length, script.length - after.length);
}

/// An SVG root with a clock the test moves, elements that record being begun, and timers the
/// test runs.
function documentFor(machine) {
  const attributes = new Map();
  const listeners = new Map();
  const begun = [];
  const timers = [];
  let time = 0;
  const classList = Object.assign([], {
    add(name) { if (!this.includes(name)) this.push(name); },
    remove(name) { const index = this.indexOf(name); if (index >= 0) this.splice(index, 1); },
  });
  const element = (id) => ({
    id,
    beginElement() { begun.push(id); },
    beginElementAt() { begun.push(id); },
    endElement() {},
  });
  const root = {
    classList,
    style: {},
    setAttribute(name, value) { attributes.set(name, String(value)); },
    getAttribute(name) { return attributes.has(name) ? attributes.get(name) : null; },
    removeAttribute(name) { attributes.delete(name); },
    addEventListener(type, listener) { listeners.set(type, (listeners.get(type) || []).concat([listener])); },
    dispatchEvent() { return true; },
    querySelector(selector) {
      const id = /^\[id='(.*)'\]$/.exec(selector);
      return id ? element(id[1]) : null;
    },
    querySelectorAll() { return []; },
    getCurrentTime() { return time; },
    setCurrentTime(value) { time = value; },
    pauseAnimations() {},
    unpauseAnimations() {},
    animationsPaused() { return true; },
  };
  const window = {
    setTimeout(callback) { timers.push(callback); },
    performance: { now: () => time * 1000 },
  };
  const context = vm.createContext({ window, document: { currentScript: null, documentElement: root } });
  vm.runInContext(runtime.replace("/*MACHINE*/null", machine), context);
  return {
    root,
    attributes,
    begun,
    fire(type) { for (const listener of listeners.get(type) || []) listener({ pointerType: "mouse" }); },
    /// Moves the clock to `seconds` and runs the timers that are due (each check sets the next).
    advance(seconds) {
      time = seconds;
      for (let round = 0; round < 10 && timers.length > 0; round += 1) timers.splice(0).forEach((callback) => callback());
    },
  };
}

test("the runtime is valid JavaScript that runs as a script", () => {
  assert.doesNotThrow(() => new vm.Script(runtime));
});

test("the machine starts in its initial state, and a tap plays the transition to the other", () => {
  const svg = documentFor(machineOf("toggle-spring.svg"));
  assert.strictEqual(svg.root.choreo.state, "disabled");
  assert.strictEqual(svg.attributes.get("data-state"), "disabled");
  assert.strictEqual(svg.attributes.get("role"), "button");

  svg.fire("click");
  assert.strictEqual(svg.attributes.get("data-transition"), "disabled->enabled");
  assert.strictEqual(svg.root.choreo.busy(), true);
  assert.strictEqual(svg.begun.length, 1, "the transition's clock is begun");

  svg.advance(10);
  assert.strictEqual(svg.root.choreo.state, "enabled");
  assert.strictEqual(svg.attributes.get("data-state"), "enabled");
  assert.strictEqual(svg.attributes.has("data-transition"), false);
  assert.strictEqual(svg.root.choreo.busy(), false);

  svg.fire("click");
  svg.advance(20);
  assert.strictEqual(svg.root.choreo.state, "disabled");
});

test("a tap while a transition plays retargets it: the state it leads to takes the tap", () => {
  const svg = documentFor(machineOf("toggle-spring.svg"));
  svg.fire("click");
  svg.advance(0.1);
  assert.strictEqual(svg.root.choreo.transition, "disabled->enabled");
  assert.strictEqual(svg.root.choreo.state, "disabled", "the state last reached");

  svg.fire("click");
  assert.strictEqual(svg.root.choreo.transition, "enabled->disabled");
  assert.strictEqual(svg.begun.length, 2);
  svg.advance(10);
  assert.strictEqual(svg.root.choreo.state, "disabled");
  assert.strictEqual(svg.root.choreo.transition, null);
});

for (const [interrupt, expected] of [["ignore", ["disabled->enabled", "enabled"]], ["finish", ["disabled->enabled", "disabled"]]]) {
  test(`with interrupt: ${interrupt}, a tap while the transition plays is ${interrupt === "ignore" ? "dropped" : "taken when it ends"}`, () => {
    const machine = machineOf("toggle-spring.svg").replace(/action: false/g, `action: false, interrupt: "${interrupt}"`);
    const svg = documentFor(machine);
    svg.fire("click");
    svg.advance(0.1);
    svg.fire("click");
    assert.strictEqual(svg.root.choreo.transition, expected[0]);
    svg.advance(10);
    if (interrupt === "finish") {
      // Taken as the first transition ends, so the second one plays now.
      assert.strictEqual(svg.root.choreo.transition, "enabled->disabled");
      svg.advance(20);
    }
    assert.strictEqual(svg.root.choreo.state, expected[1]);
  });
}

test("a trigger the current state has no transition on changes nothing", () => {
  const svg = documentFor(machineOf("toggle-spring.svg"));
  svg.fire("pointerenter");
  assert.strictEqual(svg.root.choreo.state, "disabled");
  assert.strictEqual(svg.attributes.has("data-transition"), false);
});
