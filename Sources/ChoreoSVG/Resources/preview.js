// The preview page's controls around the stage. The stage is the interactive SVG that
// `choreo compile --emit svg` writes, with its own runtime script: pointer input on it fires the
// scene's triggers exactly as anywhere the SVG ships. This script only drives the SVG's clock
// (speed, pause, frame steps), reads the machine's state, and draws the diagram.
(function () {
  "use strict";
  var data = window.CHOREO_PREVIEW;
  var svg = document.querySelector("#stage > svg");
  var runtime = svg && svg.choreo ? svg.choreo : null;
  var machine = data.machine;
  var fps = data.fps > 0 ? data.fps : 60;
  var speed = 1, running = true, lastTick = null;
  var byId = function (id) { return document.getElementById(id); };
  var SVG_NS = "http://www.w3.org/2000/svg";

  // MARK: The clock. SMIL has no playback rate, so the page pauses the SVG's clock and moves it
  // itself, frame by frame; the runtime reads the same clock, so the machine follows.
  if (svg && svg.pauseAnimations) svg.pauseAnimations();
  function later(callback) {
    var called = false;
    var once = function () { if (!called) { called = true; callback(); } };
    window.requestAnimationFrame(once);
    window.setTimeout(once, 20);
  }
  function tick() {
    var now = performance.now();
    if (running && lastTick !== null && svg && !(runtime && runtime.holding && runtime.holding())) {
      svg.setCurrentTime(svg.getCurrentTime() + (now - lastTick) / 1000 * speed);
    }
    lastTick = now;
    updateReadout();
    later(tick);
  }
  function setRunning(value) {
    running = value;
    var button = byId("play-pause");
    button.textContent = running ? "❚❚" : "▶";
    button.setAttribute("aria-label", running ? "Pause" : "Play");
  }
  function step(frames) {
    setRunning(false);
    var t = svg.getCurrentTime() + frames / fps;
    var current = runtime && runtime.current();
    if (current && t < current.begin) t = current.begin;
    svg.setCurrentTime(Math.max(0, t));
    updateReadout();
  }
  byId("play-pause").addEventListener("click", function () { setRunning(!running); });
  byId("step-back").addEventListener("click", function () { step(-1); });
  byId("step-forward").addEventListener("click", function () { step(1); });
  byId("speed").addEventListener("input", function () {
    speed = parseFloat(byId("speed").value);
    byId("speed-value").textContent = speed.toFixed(1).replace(/\.0$/, "") + "×";
  });

  // MARK: Readout: where on the compiled timeline the drawing is.
  function spanNamed(name) {
    for (var i = 0; i < data.spans.length; i++) if (data.spans[i].name === name) return data.spans[i];
    return null;
  }
  var selfPlaying = null;
  if (!machine) for (var i = 0; i < data.spans.length; i++) if (data.spans[i].kind === "timeline") { selfPlaying = data.spans[i]; break; }
  function timelineTime() {
    var t = svg ? svg.getCurrentTime() : 0;
    var current = runtime && runtime.current();
    if (current) {
      var local = Math.max(0, t - current.begin);
      local = current.loops && current.dur > 0 ? local % current.dur : Math.min(local, current.dur);
      return { time: current.start + local, span: current.name };
    }
    if (runtime && runtime.state) {
      var pose = runtime.machine.states[runtime.state].pose;
      return { time: pose, span: runtime.state + " (at rest)" };
    }
    if (selfPlaying) {
      var length = selfPlaying.end - selfPlaying.start;
      var at = selfPlaying.loops && length > 0 ? t % length : Math.min(t, length);
      return { time: selfPlaying.start + at, span: selfPlaying.name };
    }
    return { time: 0, span: "" };
  }
  function updateReadout() {
    var where = timelineTime();
    byId("time").textContent = where.time.toFixed(3) + " s";
    byId("frame").textContent = String(Math.round(where.time * fps));
    byId("span").textContent = where.span;
    var playing = svg ? svg.getAttribute("data-transition") : null;
    Array.prototype.forEach.call(document.querySelectorAll("#diagram .edge"), function (edge) {
      edge.classList.toggle("playing", edge.getAttribute("data-name") === playing);
    });
  }

  // MARK: State: labels, buttons, diagram highlight.
  function labelOf(state) {
    if (!machine) return null;
    for (var i = 0; i < machine.states.length; i++) if (machine.states[i].name === state) return machine.states[i].label;
    return null;
  }
  function showState(state) {
    document.body.setAttribute("data-state", state || "");
    byId("current-state").textContent = state || "";
    var label = labelOf(state);
    byId("current-label").textContent = label ? "“" + label + "”" : "";
    Array.prototype.forEach.call(document.querySelectorAll("#states button"), function (button) {
      var target = button.getAttribute("data-state");
      button.classList.toggle("current", target === state);
      button.disabled = target !== state && route(state, target) === null;
    });
    Array.prototype.forEach.call(document.querySelectorAll("#diagram .node"), function (node) {
      node.classList.toggle("current", node.getAttribute("data-state") === state);
    });
    Array.prototype.forEach.call(document.querySelectorAll("#diagram .edge"), function (edge) {
      edge.classList.toggle("available", edge.getAttribute("data-from") === state);
    });
    if (pendingRoute && pendingRoute.length) {
      var next = pendingRoute.shift();
      if (next.from === state) runtime.play(next.name); else pendingRoute = null;
    }
  }
  // The shortest list of transitions from one state to another (any trigger).
  function route(from, to) {
    if (!machine || from === to) return from === to ? [] : null;
    var queue = [[from, []]], seen = Object.create(null);
    seen[from] = true;
    while (queue.length) {
      var item = queue.shift();
      for (var i = 0; i < machine.transitions.length; i++) {
        var t = machine.transitions[i];
        if (t.from !== item[0] || seen[t.to]) continue;
        var path = item[1].concat([t]);
        if (t.to === to) return path;
        seen[t.to] = true;
        queue.push([t.to, path]);
      }
    }
    return null;
  }
  var pendingRoute = null;
  Array.prototype.forEach.call(document.querySelectorAll("#states button"), function (button) {
    button.addEventListener("click", function () {
      if (!runtime || runtime.busy()) return;
      var path = route(runtime.state, button.getAttribute("data-state"));
      if (!path || !path.length) return;
      pendingRoute = path.slice(1);
      runtime.play(path[0].name);
    });
  });

  // MARK: View: zoom, backdrop, theme.
  function setPressed(selector, button) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), function (b) { b.setAttribute("aria-pressed", String(b === button)); });
  }
  Array.prototype.forEach.call(document.querySelectorAll("button.zoom"), function (button) {
    button.addEventListener("click", function () {
      var zoom = button.getAttribute("data-zoom");
      document.body.setAttribute("data-zoom", zoom);
      setPressed("button.zoom", button);
      if (!svg) return;
      if (zoom === "fit") {
        svg.style.width = svg.style.height = "";
      } else {
        var box = svg.viewBox.baseVal;
        svg.style.width = box.width * parseFloat(zoom) + "px";
        svg.style.height = box.height * parseFloat(zoom) + "px";
      }
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("button.backdrop"), function (button) {
    button.addEventListener("click", function () {
      document.body.className = document.body.className.replace(/\bbackdrop-\S+/g, "").trim() + " backdrop-" + button.getAttribute("data-backdrop");
      setPressed("button.backdrop", button);
    });
  });
  var themeSelect = byId("theme");
  if (!themeSelect.options.length) byId("theme-control").hidden = true;
  themeSelect.addEventListener("change", function () {
    if (!svg) return;
    var kept = (svg.getAttribute("class") || "").split(/\s+/).filter(function (c) { return c && c.indexOf("choreo-theme-") !== 0; });
    if (themeSelect.value) kept.push("choreo-theme-" + themeSelect.value);
    svg.setAttribute("class", kept.join(" "));
  });

  // MARK: Diagram: states on a circle, transitions as arrows labelled with their trigger.
  function drawDiagram() {
    var diagram = byId("diagram");
    if (!machine) { byId("diagram-area").hidden = true; return; }
    var states = machine.states, n = states.length;
    var width = 420, height = n <= 2 ? 170 : 300, nodeW = 96, nodeH = 40;
    diagram.setAttribute("viewBox", "0 0 " + width + " " + height);
    var radiusX = width / 2 - nodeW / 2 - 12, radiusY = height / 2 - nodeH / 2 - 14;
    var place = Object.create(null);
    states.forEach(function (s, i) {
      var angle = n === 1 ? 0 : Math.PI + 2 * Math.PI * i / n;
      place[s.name] = n === 1 ? { x: width / 2, y: height / 2 } : { x: width / 2 + radiusX * Math.cos(angle), y: height / 2 + radiusY * Math.sin(angle) };
    });
    function el(name, attributes, parent) {
      var e = document.createElementNS(SVG_NS, name);
      for (var key in attributes) e.setAttribute(key, attributes[key]);
      if (parent) parent.appendChild(e);
      return e;
    }
    var defs = el("defs", {}, diagram);
    var marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0 0 L10 5 L0 10 z", fill: "#8e8e93" }, marker);
    // Where the segment from the centre of a node towards (dx, dy) leaves its box.
    function border(p, dx, dy) {
      var scale = Math.min(Math.abs(dx) > 1e-9 ? (nodeW / 2 + 4) / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-9 ? (nodeH / 2 + 4) / Math.abs(dy) : Infinity);
      return { x: p.x + dx * scale, y: p.y + dy * scale };
    }
    // What an arrow says: its trigger, and its guard (`when …`); a transition with neither is
    // played by the app by name.
    function edgeLabel(t) {
      var when = t.guard ? "when " + t.guard : "";
      if (t.trigger === "programmatic") return when || "by name";
      return when ? t.trigger + " " + when : t.trigger;
    }
    // Several transitions from one state to another (on different triggers) bend apart.
    var parallel = Object.create(null), labels = [];
    machine.transitions.forEach(function (t) {
      var a = place[t.from], b = place[t.to];
      if (!a || !b) return;
      var pair = JSON.stringify([t.from, t.to]);
      var rank = parallel[pair] = (parallel[pair] === undefined ? 0 : parallel[pair] + 1);
      var group = el("g", { "class": "edge" + (t.trigger === "complete" ? " complete" : ""), "data-name": t.name, "data-from": t.from }, diagram);
      var title = el("title", {}, group);
      title.textContent = t.name + " on " + t.trigger + (t.guard ? " when " + t.guard : "");
      var d, labelAt;
      if (t.from === t.to) {
        var lift = nodeH + 20 + 18 * rank;
        d = "M" + (a.x - 14) + " " + (a.y - nodeH / 2) + " C" + (a.x - 30) + " " + (a.y - lift) + " " + (a.x + 30) + " " + (a.y - lift) + " " + (a.x + 14) + " " + (a.y - nodeH / 2 - 2);
        labelAt = { x: a.x, y: a.y - lift + 6 };
      } else {
        var dx = b.x - a.x, dy = b.y - a.y, length = Math.sqrt(dx * dx + dy * dy);
        // Bend every arrow to its left, so that A→B and B→A do not overlap.
        var bend = 22 + 30 * rank;
        var nx = -dy / length * bend, ny = dx / length * bend;
        var control = { x: (a.x + b.x) / 2 + nx, y: (a.y + b.y) / 2 + ny };
        var start = border(a, control.x - a.x, control.y - a.y), end = border(b, control.x - b.x, control.y - b.y);
        d = "M" + start.x + " " + start.y + " Q" + control.x + " " + control.y + " " + end.x + " " + end.y;
        labelAt = { x: 0.25 * start.x + 0.5 * control.x + 0.25 * end.x, y: 0.25 * start.y + 0.5 * control.y + 0.25 * end.y + 4 };
      }
      el("path", { d: d, "marker-end": "url(#arrow)" }, group);
      var label = el("text", { x: labelAt.x, y: labelAt.y }, group);
      label.textContent = edgeLabel(t);
      labels.push(label);
      group.addEventListener("click", function () {
        if (runtime && runtime.state === t.from) runtime.play(t.name);
      });
    });
    var boxes = [];
    states.forEach(function (s) {
      var p = place[s.name];
      var group = el("g", { "class": "node", "data-state": s.name, transform: "translate(" + p.x + " " + p.y + ")" }, diagram);
      el("rect", { x: -nodeW / 2, y: -nodeH / 2, width: nodeW, height: nodeH, rx: 8 }, group);
      var name = el("text", { y: s.label ? -2 : 5 }, group);
      name.textContent = s.name + (s.name === machine.initial ? " ●" : "");
      if (s.label) {
        var label = el("text", { "class": "label", y: 13 }, group);
        label.textContent = "“" + s.label + "”";
      }
      boxes.push({ x: p.x - nodeW / 2, y: p.y - nodeH / 2, width: nodeW, height: nodeH });
    });
    layOutLabels(diagram, labels, boxes);
  }

  // Moves each arrow's label, in order, off the labels placed before it and off the states'
  // boxes: up or down from its arrow by a line at a time, to the nearest free place; then widens
  // the diagram's view to hold every label.
  function layOutLabels(diagram, labels, boxes) {
    function intersects(a, b) {
      return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    }
    var placed = [];
    labels.forEach(function (label) {
      var y = parseFloat(label.getAttribute("y"));
      var box = label.getBBox();
      var step = box.height + 2;
      var padded = function (shift) { return { x: box.x - 2, y: box.y + shift - 1, width: box.width + 4, height: box.height + 2 }; };
      for (var i = 0; i < 40; i++) {
        var shift = (i % 2 === 1 ? 1 : -1) * Math.ceil(i / 2) * step;
        var candidate = padded(shift);
        var free = !placed.some(function (other) { return intersects(candidate, other); }) &&
          !boxes.some(function (other) { return intersects(candidate, other); });
        if (free || i === 39) {
          label.setAttribute("y", y + shift);
          placed.push(candidate);
          break;
        }
      }
    });
    var all = diagram.getBBox(), view = diagram.viewBox.baseVal;
    var minX = Math.min(view.x, all.x - 6), minY = Math.min(view.y, all.y - 6);
    var maxX = Math.max(view.x + view.width, all.x + all.width + 6), maxY = Math.max(view.y + view.height, all.y + all.height + 6);
    diagram.setAttribute("viewBox", minX + " " + minY + " " + (maxX - minX) + " " + (maxY - minY));
  }

  drawDiagram();
  if (svg) svg.addEventListener("choreo-state", function (event) { showState(event.detail.state); drawGuides(); });

  // MARK: Layout guides: each node's box and anchor point in the state at rest (the compiler's
  // own numbers, data.guides), drawn over the stage in its coordinates; names are text nodes.
  var guidesShown = false;
  function drawGuides() {
    var old = svg && svg.querySelector("#stage-guides");
    if (old) old.parentNode.removeChild(old);
    if (!guidesShown || !svg) return;
    var state = runtime && runtime.state;
    var own = function (name) { return typeof name === "string" && Object.prototype.hasOwnProperty.call(data.guides, name) ? data.guides[name] : null; };
    var guides = own(state) || own("") || [];
    var layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("id", "stage-guides");
    guides.forEach(function (g) {
      var node = document.createElementNS(SVG_NS, "g");
      node.setAttribute("class", "guide");
      node.setAttribute("data-node", g.id);
      var box = document.createElementNS(SVG_NS, "rect");
      box.setAttribute("class", "guide-box");
      box.setAttribute("x", g.box[0]); box.setAttribute("y", g.box[1]);
      box.setAttribute("width", Math.max(0, g.box[2] - g.box[0])); box.setAttribute("height", Math.max(0, g.box[3] - g.box[1]));
      node.appendChild(box);
      var cross = document.createElementNS(SVG_NS, "path");
      cross.setAttribute("class", "guide-anchor");
      var x = g.anchor[0], y = g.anchor[1];
      cross.setAttribute("d", "M" + (x - 4) + " " + y + "H" + (x + 4) + "M" + x + " " + (y - 4) + "V" + (y + 4));
      cross.setAttribute("data-anchor", x + " " + y);
      node.appendChild(cross);
      var label = document.createElementNS(SVG_NS, "text");
      label.setAttribute("class", "guide-label");
      label.setAttribute("x", g.box[0]); label.setAttribute("y", g.box[1] - 2);
      label.textContent = g.id;
      node.appendChild(label);
      layer.appendChild(node);
    });
    svg.appendChild(layer);
  }
  // MARK: Targets: the pointer on a node that a transition targets (`target:`) outlines its
  // box, with its id and the triggers it takes, so the designer sees where a tap lands.
  if (svg) {
    Array.prototype.forEach.call(svg.querySelectorAll("[data-target]"), function (el) {
      var id = el.getAttribute("data-target");
      var triggers = [];
      // The stage's own machine names each transition's target.
      (runtime ? runtime.machine.transitions : []).forEach(function (t) {
        if (t.target === id && triggers.indexOf(t.trigger) < 0) triggers.push(t.trigger);
      });
      el.addEventListener("pointerenter", function () {
        var old = svg.querySelector("#stage-target");
        if (old) old.parentNode.removeChild(old);
        var box = el.getBBox(), m = el.getCTM(), root = svg.getCTM();
        if (!m || !root) return;
        var local = root.inverse().multiply(m);
        var corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height], [box.x + box.width, box.y + box.height]]
          .map(function (p) { return [local.a * p[0] + local.c * p[1] + local.e, local.b * p[0] + local.d * p[1] + local.f]; });
        var xs = corners.map(function (p) { return p[0]; }), ys = corners.map(function (p) { return p[1]; });
        var layer = document.createElementNS(SVG_NS, "g");
        layer.setAttribute("id", "stage-target");
        layer.setAttribute("data-node", id);
        layer.setAttribute("pointer-events", "none");
        var rect = document.createElementNS(SVG_NS, "rect");
        rect.setAttribute("class", "target-box");
        rect.setAttribute("x", Math.min.apply(null, xs)); rect.setAttribute("y", Math.min.apply(null, ys));
        rect.setAttribute("width", Math.max.apply(null, xs) - Math.min.apply(null, xs));
        rect.setAttribute("height", Math.max.apply(null, ys) - Math.min.apply(null, ys));
        layer.appendChild(rect);
        var label = document.createElementNS(SVG_NS, "text");
        label.setAttribute("class", "guide-label");
        label.setAttribute("x", Math.min.apply(null, xs)); label.setAttribute("y", Math.min.apply(null, ys) - 2);
        label.textContent = id + " (" + triggers.join(", ") + ")";
        layer.appendChild(label);
        svg.appendChild(layer);
      });
      el.addEventListener("pointerleave", function () {
        var old = svg.querySelector("#stage-target");
        if (old && old.getAttribute("data-node") === id) old.parentNode.removeChild(old);
      });
    });
  }
  byId("guides").addEventListener("click", function () {
    guidesShown = !guidesShown;
    byId("guides").setAttribute("aria-pressed", String(guidesShown));
    drawGuides();
  });
  // MARK: Inputs: a control per input (a slider for a number with a range, a number field
  // without one, a checkbox for a boolean, a text field for a string), each writing its input
  // through the page API as an app would; they show the input's value as actions change it. The
  // event log lists the machine's `choreo:state` and `choreo:event` DOM events.
  var inputControls = [];
  function inputStep(input) {
    var r = input.range;
    if (!r || r[1] - r[0] <= 1) return "any";
    return Math.floor(r[0]) === r[0] && Math.floor(r[1]) === r[1] && Math.floor(input.value) === input.value ? "1" : "any";
  }
  function buildInputs() {
    var inputs = runtime && runtime.machine && runtime.machine.inputs ? runtime.machine.inputs : Object.create(null);
    var names = Object.keys(inputs);
    if (!names.length) return;
    byId("inputs-area").hidden = false;
    names.forEach(function (name) {
      var input = inputs[name];
      var label = document.createElement("label");
      label.className = "input-control";
      var text = document.createElement("span");
      text.className = "input-name";
      text.textContent = name;
      var control = document.createElement("input");
      control.setAttribute("data-input", name);
      var value = document.createElement("output");
      if (input.kind === "number") {
        control.type = input.range ? "range" : "number";
        if (input.range) { control.min = String(input.range[0]); control.max = String(input.range[1]); }
        control.step = inputStep(input);
        control.addEventListener("input", function () {
          var number = parseFloat(control.value);
          if (isFinite(number)) runtime.set(name, number);
          syncInputs();
        });
      } else if (input.kind === "boolean") {
        control.type = "checkbox";
        control.addEventListener("change", function () { runtime.set(name, control.checked); syncInputs(); });
      } else {
        control.type = "text";
        control.addEventListener("input", function () { runtime.set(name, control.value); syncInputs(); });
      }
      label.appendChild(text);
      label.appendChild(control);
      label.appendChild(value);
      byId("inputs").appendChild(label);
      inputControls.push({ name: name, kind: input.kind, control: control, value: value });
    });
    (data.inputs || []).forEach(function (given) { runtime.set(given.name, given.value); });
    syncInputs();
  }
  function syncInputs() {
    inputControls.forEach(function (entry) {
      var current = runtime.get(entry.name);
      if (document.activeElement !== entry.control) {
        if (entry.kind === "boolean") entry.control.checked = current === true;
        else if (entry.control.value !== String(current)) entry.control.value = String(current);
      }
      entry.value.textContent = entry.kind === "string" ? JSON.stringify(current) : String(current);
    });
  }
  function logEvent(text) {
    var log = byId("event-log");
    var item = document.createElement("li");
    item.textContent = text;
    log.appendChild(item);
    while (log.children.length > 50) log.removeChild(log.firstChild);
  }
  if (svg && runtime) {
    svg.addEventListener("choreo:state", function (event) { logEvent("state " + event.detail.state); syncInputs(); });
    svg.addEventListener("choreo:event", function (event) { logEvent("event " + event.detail.name + " (in " + event.detail.state + ")"); });
    buildInputs();
  }
  showState(runtime ? runtime.state : null);
  later(tick);
})();
