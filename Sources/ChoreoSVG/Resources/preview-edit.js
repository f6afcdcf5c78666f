// The served preview's timing editor. Every handle stands for one value written in the scene file
// (its path in CHOREO_EDIT.outline); a drag or a key press sends the new value to the server
// (POST /edit), which writes it into the file with the scene editor and recompiles; the page then
// reloads to show the new motion, keeping what was selected and focused. The server refuses a
// write when the file is not the one this page was made from (the hash it sends), and the page
// then reloads and says why.
(function () {
  "use strict";
  var edit = window.CHOREO_EDIT, data = window.CHOREO_PREVIEW;
  if (!edit || !data) return;
  var outline = edit.outline, fps = outline.fps > 0 ? outline.fps : 60;
  var byId = function (id) { return document.getElementById(id); };
  var SVG_NS = "http://www.w3.org/2000/svg";
  var storageKey = "choreo-edit:" + location.host;
  var saved = {};
  try { saved = JSON.parse(sessionStorage.getItem(storageKey) || "{}") || {}; } catch (e) { saved = {}; }
  sessionStorage.removeItem(storageKey);
  var selection = { item: saved.item || 0, bar: saved.bar || 0, canvas: saved.canvas || null, instant: saved.instant || 0 };
  var busy = false;

  function status(text, problem) {
    var line = byId("timing-status");
    line.textContent = text || "";
    line.classList.toggle("problem", !!problem);
  }
  function seconds(t) { return (Math.round(t * 1e4) / 1e4) + " s"; }
  function frames(t) { return Math.round(t * fps * 100) / 100; }
  function describe(t) { return seconds(t) + " (frame " + frames(t) + ")"; }
  function el(name, attributes, parent, ns) {
    var e = ns ? document.createElementNS(ns, name) : document.createElement(name);
    for (var key in attributes) e.setAttribute(key, attributes[key]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function pathId(path) { return "h-" + path.join("-").replace(/[^A-Za-z0-9_-]/g, "_"); }

  // MARK: Writing. One request at a time; the answer decides what the page does next.
  function send(request, focusId) {
    if (edit.readOnly) { status("Read-only preview: nothing is written.", true); return; }
    if (busy) return;
    busy = true;
    // The page's own reload follows the answer (keeping the selection and saying what was
    // written); the version poll waits for it.
    window.choreoEditing = true;
    var ended = Date.now();
    request.token = edit.token;
    request.base = edit.hash;
    fetch("/edit", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request), cache: "no-store" })
      .then(function (response) { return response.json().then(function (body) { return { status: response.status, body: body }; }); })
      .then(function (answer) {
        busy = false;
        var body = answer.body || {};
        // Until the page's own reload: a poll answered after it would reload it again.
        if (!body.ok && !body.conflict) window.choreoEditing = false;
        if (body.confirm) {
          confirmEdit(body, function () { request.confirm = true; send(request, focusId); }, function () { status("Nothing written."); render(); });
          return;
        }
        if (body.ok) {
          reloadWith({ notice: "Wrote: " + body.message, focus: focusId, ended: ended });
          return;
        }
        if (body.conflict) {
          reloadWith({ notice: "Reloaded without writing: " + body.reason, problem: true, focus: focusId });
          return;
        }
        status(body.error || "The edit was not made (" + answer.status + ").", true);
        render();
      })
      .catch(function () { busy = false; window.choreoEditing = false; status("The preview server did not answer; is `choreo preview --serve` still running?", true); render(); });
  }
  function reloadWith(extra) {
    var state = { item: selection.item, bar: selection.bar, canvas: selection.canvas, instant: selection.instant };
    for (var key in extra) state[key] = extra[key];
    sessionStorage.setItem(storageKey, JSON.stringify(state));
    location.reload();
  }
  function confirmEdit(body, yes, no) {
    var dialog = byId("confirm-edit");
    byId("confirm-text").textContent = "This value is defined once and read in " + body.places + " places (a var, an anchor or a merge). " +
      "Changing it at its definition moves all " + body.places + ": " + body.message + ". Change it there?";
    dialog.onclose = function () { if (dialog.returnValue === "yes") yes(); else no(); };
    dialog.returnValue = "";
    if (dialog.showModal) dialog.showModal(); else if (window.confirm(byId("confirm-text").textContent)) yes(); else no();
  }

  // MARK: The items: each transition and timeline, matched with its compiled span.
  var items = outline.items || [];
  function spanOf(item) {
    var name = item.kind === "transition" ? item.title : item.title;
    var fallback = null;
    for (var i = 0; i < data.spans.length; i++) {
      var span = data.spans[i];
      if (span.name === name) return span;
      if (!fallback && item.kind === "transition" && span.kind === "transition" && span.name.indexOf(item.from + "->" + item.to) === 0) fallback = span;
      if (!fallback && item.kind === "timeline" && span.kind === "timeline" && span.name.split("@")[0] === item.title) fallback = span;
    }
    return fallback;
  }
  var select = byId("timing-item");
  items.forEach(function (item, index) {
    var option = el("option", { value: String(index) }, select);
    option.textContent = (item.kind === "transition" ? "transition " : "timeline ") + item.title;
  });
  if (!items.length) {
    var none = el("option", { value: "" }, select);
    none.textContent = "the scene has no transitions or timelines";
    select.disabled = true;
  }
  if (selection.item >= items.length) selection.item = 0;
  select.value = String(selection.item);
  select.addEventListener("change", function () { selection.item = parseInt(select.value, 10) || 0; selection.bar = 0; selection.instant = 0; render(); });
  byId("timing-mode").textContent = edit.readOnly ? "read-only: the handles show the timing and write nothing" : "";

  // MARK: The ruler. Rows: the item's own timing, each `nodes:` entry or tween, each keyframe track.
  // A handle: {label, value (seconds, what the file holds), origin (where 0 is on the ruler),
  // path, percentOf, places, text}.
  function bars(item) {
    return item.bars.map(function (bar) {
      var delay = bar.delay.seconds || 0, duration = bar.duration.seconds;
      if (duration === null || duration === undefined) duration = 0;
      var start = bar.at ? (bar.at.seconds || 0) + delay : delay;
      return { bar: bar, start: start, end: start + duration };
    });
  }
  function extent(item) {
    var end = item.length && item.length.seconds ? item.length.seconds : 0;
    bars(item).forEach(function (b) { end = Math.max(end, b.end); });
    var base = item.kind === "transition" ? (item.bars[0].delay.seconds || 0) : 0;
    item.tracks.forEach(function (track) { track.keyframes.forEach(function (k) { end = Math.max(end, base + (k.at.seconds || 0)); }); });
    var span = spanOf(item);
    if (span) end = Math.max(end, span.end - span.start);
    return Math.max(end, 1 / fps) * 1.1;
  }
  var handles = [];
  function render() {
    var ruler = byId("ruler");
    ruler.textContent = "";
    handles = [];
    var item = items[selection.item];
    if (!item) { renderEasing(null); renderCanvas(); return; }
    var total = extent(item);
    var percent = function (t) { return Math.max(0, Math.min(100, t / total * 100)) + "%"; };
    var scale = el("div", { "class": "ruler-scale", "aria-hidden": "true" }, ruler);
    var step = niceStep(total);
    for (var t = 0; t <= total + 1e-9; t += step) {
      var tick = el("span", { style: "left:" + percent(t) }, scale);
      tick.textContent = (Math.round(t * 1000) / 1000) + "s";
    }
    function row(label, selected) {
      var r = el("div", { "class": "ruler-row" + (selected ? " selected" : "") }, ruler);
      var name = el("span", { "class": "row-label", title: label }, r);
      name.textContent = label;
      var track = el("div", { "class": "track" }, r);
      track.addEventListener("pointerdown", function (event) {
        if (event.target !== track) return;
        var box = track.getBoundingClientRect();
        selectInstant(Math.max(0, (event.clientX - box.left) / box.width * total));
      });
      return track;
    }
    var what = item.kind + " " + item.title;
    bars(item).forEach(function (b, index) {
      var bar = b.bar;
      var track = row(bar.label, index === selection.bar);
      var shape = el("div", { "class": "bar", style: "left:" + percent(b.start) + ";width:" + percent(b.end - b.start) }, track);
      shape.addEventListener("pointerdown", function (event) { event.stopPropagation(); selection.bar = index; render(); });
      var startHandle = bar.at
        ? { label: "start (at) of " + bar.label + " in " + what, value: bar.at.seconds, origin: 0, field: bar.at, percentOf: bar.at.percentOf }
        : { label: "delay of " + (index ? bar.label + " in " : "") + what, value: bar.delay.seconds, origin: 0, field: bar.delay };
      startHandle.place = b.start;
      startHandle.bar = index;
      if (bar.at) startHandle.origin = b.start - (bar.at.seconds || 0);
      addHandle(track, startHandle, total, percent);
      addHandle(track, { label: "duration of " + (index ? bar.label + " in " : "") + what, value: bar.duration.seconds, origin: b.start, field: bar.duration, place: b.end, bar: index }, total, percent);
    });
    var keyframeOrigin = item.kind === "transition" ? (item.bars[0].delay.seconds || 0) : 0;
    item.tracks.forEach(function (track) {
      var row_ = row(track.name, false);
      track.keyframes.forEach(function (k, index) {
        addHandle(row_, {
          label: "keyframe " + (index + 1) + " of " + track.name + " in " + what, value: k.at.seconds, origin: keyframeOrigin,
          field: k.at, percentOf: k.at.percentOf, keyframe: true, place: keyframeOrigin + (k.at.seconds || 0)
        }, total, percent);
      });
    });
    var playRow = el("div", { "class": "ruler-playhead" }, ruler);
    var playhead = el("div", {
      "class": "handle", role: "slider", tabindex: "0", id: "playhead", "aria-label": "instant shown on the canvas",
      "aria-valuemin": "0", "aria-valuemax": String(total), "aria-valuenow": String(selection.instant), "aria-valuetext": describe(selection.instant),
      style: "left:" + percent(selection.instant)
    }, playRow);
    playhead.addEventListener("keydown", function (event) {
      var delta = keyDelta(event);
      if (delta === null) return;
      event.preventDefault();
      selectInstant(Math.max(0, Math.min(total, selection.instant + delta)), "playhead");
    });
    renderEasing(item.bars[selection.bar] || item.bars[0] || null, item);
    renderCanvas();
    if (saved.focus && byId(saved.focus)) { byId(saved.focus).focus(); saved.focus = null; }
  }
  function niceStep(total) {
    var raw = total / 8, power = Math.pow(10, Math.floor(Math.log(raw) / Math.LN10));
    var best = power;
    [1, 2, 5, 10].forEach(function (m) { if (m * power <= raw * 1.5) best = m * power; });
    return best;
  }
  function keyDelta(event) {
    var unit = (event.shiftKey ? 10 : 1) / fps;
    if (event.key === "ArrowRight" || event.key === "ArrowUp") return unit;
    if (event.key === "ArrowLeft" || event.key === "ArrowDown") return -unit;
    return null;
  }
  function addHandle(track, handle, total, percent) {
    var field = handle.field;
    var editable = field && field.seconds !== null && field.seconds !== undefined;
    var value = editable ? field.seconds : 0;
    var id = pathId(field.path);
    var written = field.text === null ? "not written (default " + seconds(value) + ")" : "written " + field.text;
    var node = el("div", {
      "class": "handle" + (handle.keyframe ? " keyframe" : ""), role: "slider", tabindex: "0", id: id,
      "data-path": JSON.stringify(field.path), "aria-label": handle.label,
      "aria-valuemin": "0", "aria-valuemax": String(total), "aria-valuenow": String(value),
      "aria-valuetext": describe(value) + ", " + written + (field.places > 1 ? ", read in " + field.places + " places" : ""),
      title: handle.label + ": " + describe(value) + " — " + written,
      style: "left:" + percent(handle.place)
    }, track);
    if (!editable || edit.readOnly) node.setAttribute("aria-disabled", "true");
    handles.push(node);
    // Focusing a bar's handle selects the bar: the easing editor shows its easing (keyboard
    // users reach every easing this way).
    if (handle.bar !== undefined) node.addEventListener("focus", function () {
      if (selection.bar === handle.bar) return;
      selection.bar = handle.bar;
      var rows = byId("ruler").querySelectorAll(".ruler-row");
      for (var r = 0; r < rows.length; r++) rows[r].classList.toggle("selected", r === handle.bar);
      var item = items[selection.item];
      renderEasing(item.bars[selection.bar] || null, item);
    });
    function write(seconds_, snap) {
      var request = { op: "time", path: field.path, seconds: Math.max(0, seconds_), snap: snap };
      if (handle.percentOf) request.percentOf = handle.percentOf;
      send(request, id);
    }
    node.addEventListener("keydown", function (event) {
      var delta = keyDelta(event);
      if (delta === null || !editable) return;
      event.preventDefault();
      write(value + delta, !event.altKey);
    });
    node.addEventListener("pointerdown", function (event) {
      if (!editable || edit.readOnly || event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      node.setPointerCapture(event.pointerId);
      node.classList.add("dragging");
      var box = track.getBoundingClientRect();
      var current = value, moved = false, startX = event.clientX;
      function at(clientX, alt) {
        var t = (clientX - box.left) / box.width * total - handle.origin;
        if (!alt) t = Math.round(t * fps) / fps;
        return Math.max(0, t);
      }
      function move(e) {
        if (Math.abs(e.clientX - startX) > 1) moved = true;
        current = at(e.clientX, e.altKey);
        node.style.left = percent(handle.origin + current);
        node.setAttribute("aria-valuenow", String(current));
        node.setAttribute("aria-valuetext", describe(current));
        status(handle.label + ": " + describe(current));
      }
      function up(e) {
        node.removeEventListener("pointermove", move);
        node.removeEventListener("pointerup", up);
        node.removeEventListener("pointercancel", up);
        node.classList.remove("dragging");
        if (e.type === "pointercancel" || !moved) { node.style.left = percent(handle.place); return; }
        current = at(e.clientX, e.altKey);
        if (Math.abs(current - value) < 1e-9) { render(); return; }
        write(current, !e.altKey);
      }
      node.addEventListener("pointermove", move);
      node.addEventListener("pointerup", up);
      node.addEventListener("pointercancel", up);
    });
  }

  // MARK: The easing editor: a cubic-bezier's two handles on its curve, or a spring's parameters
  // as the file writes them (response and damping fraction; duration and bounce; stiffness,
  // damping and mass), with the curve and how long the spring takes to settle.
  function renderEasing(bar, item) {
    var pane = byId("easing-editor");
    pane.textContent = "";
    var heading = el("h3", {}, pane);
    if (!bar || !bar.easing) { heading.textContent = "Easing"; el("p", { "class": "legend" }, pane).textContent = "Keyframes take their easing from each keyframe's easing key."; return; }
    var easing = bar.easing;
    heading.textContent = "Easing of " + bar.label;
    var said = el("p", { "class": "legend", id: "easing-written" }, pane);
    said.textContent = easing.text === null ? "not written (the default, ease-in-out)" : "written " + easing.text + (easing.places > 1 ? " — read in " + easing.places + " places" : "");
    var kind = easing.kind === "default" ? "cubic" : easing.kind;
    var points = easing.points || [0.42, 0, 0.58, 1];
    var svg = el("svg", { viewBox: "-0.1 -0.6 1.2 2.2", role: "group", "aria-label": "easing curve" }, pane, SVG_NS);
    var flip = function (y) { return 1 - y; };
    el("path", { "class": "grid", d: "M0 1H1M0 0H1M0 0V1M1 0V1" }, svg, SVG_NS);
    var curve = el("path", { "class": "curve" }, svg, SVG_NS);
    if (kind === "cubic") {
      var arm1 = el("line", { "class": "arm" }, svg, SVG_NS), arm2 = el("line", { "class": "arm" }, svg, SVG_NS);
      var controls = [0, 1].map(function (i) {
        return el("circle", {
          "class": "control", r: "0.045", tabindex: "0", role: "slider", id: "easing-p" + (i + 1),
          "aria-label": "control point " + (i + 1) + " of the easing of " + bar.label + " (arrows: left and right move x, up and down move y)"
        }, svg, SVG_NS);
      });
      var draw = function () {
        curve.setAttribute("d", "M0 1C" + points[0] + " " + flip(points[1]) + " " + points[2] + " " + flip(points[3]) + " 1 0");
        arm1.setAttribute("x1", 0); arm1.setAttribute("y1", 1); arm1.setAttribute("x2", points[0]); arm1.setAttribute("y2", flip(points[1]));
        arm2.setAttribute("x1", 1); arm2.setAttribute("y1", 0); arm2.setAttribute("x2", points[2]); arm2.setAttribute("y2", flip(points[3]));
        controls.forEach(function (c, i) {
          c.setAttribute("cx", points[2 * i]); c.setAttribute("cy", flip(points[2 * i + 1]));
          c.setAttribute("aria-valuenow", String(points[2 * i]));
          c.setAttribute("aria-valuetext", "x " + points[2 * i] + ", y " + points[2 * i + 1]);
        });
      };
      draw();
      var writable = !edit.readOnly && (easing.kind === "cubic" || easing.kind === "default");
      var write = function (snap) {
        send({ op: "cubic", path: easing.path, points: points.slice(), snap: snap }, document.activeElement && document.activeElement.id);
      };
      controls.forEach(function (c, i) {
        c.addEventListener("keydown", function (event) {
          if (!writable) return;
          var step = event.shiftKey ? 0.1 : 0.01, changed = true;
          if (event.key === "ArrowLeft") points[2 * i] -= step;
          else if (event.key === "ArrowRight") points[2 * i] += step;
          else if (event.key === "ArrowUp") points[2 * i + 1] += step;
          else if (event.key === "ArrowDown") points[2 * i + 1] -= step;
          else changed = false;
          if (!changed) return;
          event.preventDefault();
          points[2 * i] = Math.round(Math.max(0, Math.min(1, points[2 * i])) * 1000) / 1000;
          points[2 * i + 1] = Math.round(points[2 * i + 1] * 1000) / 1000;
          draw();
          write(true);
        });
        c.addEventListener("pointerdown", function (event) {
          if (!writable || event.button !== 0) return;
          event.preventDefault();
          c.setPointerCapture(event.pointerId);
          var moved = false;
          var move = function (e) {
            var p = svg.createSVGPoint();
            p.x = e.clientX; p.y = e.clientY;
            var local = p.matrixTransform(svg.getScreenCTM().inverse());
            var digits = e.altKey ? 1000 : 100;
            points[2 * i] = Math.round(Math.max(0, Math.min(1, local.x)) * digits) / digits;
            points[2 * i + 1] = Math.round(Math.max(-0.5, Math.min(1.5, 1 - local.y)) * digits) / digits;
            moved = true;
            draw();
          };
          var up = function (e) {
            c.removeEventListener("pointermove", move);
            c.removeEventListener("pointerup", up);
            if (moved) write(!e.altKey);
          };
          c.addEventListener("pointermove", move);
          c.addEventListener("pointerup", up);
        });
      });
      if (!writable) el("p", { "class": "legend" }, pane).textContent = "Read-only here.";
      return;
    }
    if (kind === "spring") {
      var form = easing.form === "preset" ? "duration" : easing.form;
      var given = easing.parameters || {};
      var params = {};
      if (form === "response") params = { "response": given.response !== undefined ? given.response : easing.response, "damping-fraction": given["damping-fraction"] !== undefined ? given["damping-fraction"] : easing.dampingFraction };
      else if (form === "duration") params = { "duration": given.duration !== undefined ? given.duration : easing.response, "bounce": given.bounce !== undefined ? given.bounce : (easing.dampingFraction <= 1 ? 1 - easing.dampingFraction : 1 / easing.dampingFraction - 1) };
      else params = { "stiffness": given.stiffness || 100, "damping": given.damping || 10, "mass": given.mass || 1 };
      var ranges = {
        "response": [0.05, 3, 0.01], "damping-fraction": [0.05, 1.5, 0.01], "duration": [0.05, 3, 0.01], "bounce": [-0.9, 0.9, 0.01],
        "stiffness": [1, 1000, 1], "damping": [0.1, 100, 0.1], "mass": [0.1, 10, 0.1]
      };
      var settle = el("p", { id: "spring-settle" }, pane);
      var drawSpring = function () {
        var response, zeta;
        if (form === "response") { response = params.response; zeta = params["damping-fraction"]; }
        else if (form === "duration") { response = params.duration; zeta = params.bounce >= 0 ? 1 - params.bounce : 1 / (1 + params.bounce); }
        else { var omega0 = Math.sqrt(params.stiffness / params.mass); response = 2 * Math.PI / omega0; zeta = params.damping / (2 * Math.sqrt(params.stiffness * params.mass)); }
        var curveOf = springCurve(response, zeta);
        var length = curveOf.settle, d = "";
        for (var i = 0; i <= 80; i++) { var x = i / 80; d += (i ? "L" : "M") + x + " " + flip(curveOf.at(x * length)); }
        curve.setAttribute("d", d);
        var span = item ? spanOf(item) : null;
        settle.textContent = "settles in " + seconds(length) + " (within 1/1000 of its target)" +
          (span && item.kind === "transition" ? "; the compiled transition lasts " + seconds(span.end - span.start) : "");
      };
      Object.keys(params).forEach(function (key) {
        var label = el("label", {}, pane);
        label.appendChild(document.createTextNode(key + " "));
        var range = ranges[key];
        var input = el("input", { type: "range", min: String(range[0]), max: String(range[1]), step: String(range[2]), value: String(params[key]), id: "spring-" + key }, label);
        var shown = el("output", {}, label);
        shown.textContent = String(params[key]);
        if (edit.readOnly) input.disabled = true;
        input.addEventListener("input", function () { params[key] = parseFloat(input.value); shown.textContent = input.value; drawSpring(); });
        input.addEventListener("change", function () {
          var request = {};
          Object.keys(params).forEach(function (k) { if (k !== "mass" || given.mass !== undefined) request[k] = params[k]; });
          send({ op: "spring", path: easing.path, parameters: request, snap: true }, input.id);
        });
      });
      drawSpring();
      return;
    }
    el("p", { "class": "legend" }, pane).textContent = "This easing (" + (easing.text || easing.kind) + ") is edited in the file.";
  }
  // A spring from rest to 1 (SwiftUI's spring(response:dampingFraction:)), and when it settles:
  // the first instant after which it stays within 1/1000 of 1.
  function springCurve(response, zeta) {
    var omega = 2 * Math.PI / Math.max(response, 1e-3);
    function at(t) {
      if (zeta < 1) {
        var wd = omega * Math.sqrt(1 - zeta * zeta);
        return 1 - Math.exp(-zeta * omega * t) * (Math.cos(wd * t) + zeta * omega / wd * Math.sin(wd * t));
      }
      if (zeta === 1) return 1 - Math.exp(-omega * t) * (1 + omega * t);
      var s = Math.sqrt(zeta * zeta - 1), r1 = -omega * (zeta - s), r2 = -omega * (zeta + s);
      return 1 - (r2 * Math.exp(r1 * t) - r1 * Math.exp(r2 * t)) / (r2 - r1);
    }
    var dt = 1 / 600, last = 0;
    for (var t = 0; t < 60; t += dt) if (Math.abs(at(t) - 1) > 1e-3) last = t;
    return { at: at, settle: Math.max(last + dt, dt) };
  }

  // MARK: The canvas: the scene drawn at a state at rest (its nodes' boxes draggable) or at the
  // ruler's instant.
  var canvasSelect = byId("canvas-state");
  (outline.states || []).forEach(function (state) {
    el("option", { value: "state:" + state }, canvasSelect).textContent = "state " + state + " (at rest)";
  });
  el("option", { value: "instant" }, canvasSelect).textContent = "the ruler's instant";
  if (!selection.canvas) selection.canvas = canvasSelect.options[0].value;
  canvasSelect.value = selection.canvas;
  canvasSelect.addEventListener("change", function () { selection.canvas = canvasSelect.value; renderCanvas(); });
  function selectInstant(t, focus) {
    selection.instant = t;
    selection.canvas = "instant";
    canvasSelect.value = "instant";
    saved.focus = focus || null;
    render();
  }
  function canvasTime() {
    if (selection.canvas && selection.canvas.indexOf("state:") === 0) {
      var state = selection.canvas.slice(6);
      for (var i = 0; i < data.spans.length; i++) if (data.spans[i].kind === "pose" && data.spans[i].name === state) return data.spans[i].start;
      return 0;
    }
    var item = items[selection.item], span = item ? spanOf(item) : null;
    return (span ? span.start : 0) + selection.instant;
  }
  function renderCanvas() {
    var canvas = byId("canvas");
    canvas.textContent = "";
    var stage = document.querySelector("#stage > svg");
    var box = stage && stage.viewBox && stage.viewBox.baseVal;
    var view = box && box.width ? [box.x, box.y, box.width, box.height] : [0, 0, 100, 100];
    var image = el("img", { alt: "the scene at " + (selection.canvas === "instant" ? describe(selection.instant) + " into the ruler's item" : selection.canvas.slice(6) + " at rest"), src: "/snapshot?t=" + canvasTime().toFixed(6) + "&h=" + encodeURIComponent(edit.hash) }, canvas);
    image.style.aspectRatio = view[2] + " / " + view[3];
    if (selection.canvas.indexOf("state:") !== 0) return;
    var state = selection.canvas.slice(6);
    var overlay = el("svg", { "class": "canvas-overlay", viewBox: view.join(" "), preserveAspectRatio: "xMidYMid meet" }, canvas, SVG_NS);
    var guides = (data.guides && data.guides[state]) || [];
    guides.slice().sort(function (a, b) { return area(b) - area(a); }).forEach(function (g) {
      var width = Math.max(2, g.box[2] - g.box[0]), height = Math.max(2, g.box[3] - g.box[1]);
      var rect = el("rect", {
        "class": "canvas-node", x: g.box[0], y: g.box[1], width: width, height: height, tabindex: "0", role: "button",
        id: "node-" + g.id.replace(/[^A-Za-z0-9_-]/g, "_"), "data-node": g.id,
        "aria-label": "move " + g.id + " in state " + state + " (arrow keys: one unit, Shift: ten)"
      }, overlay, SVG_NS);
      if (edit.readOnly) rect.setAttribute("aria-disabled", "true");
      var move = function (dx, dy, snap) { send({ op: "move", state: state, node: g.id, dx: dx, dy: dy, snap: snap }, rect.id); };
      rect.addEventListener("keydown", function (event) {
        var step = event.shiftKey ? 10 : 1, dx = 0, dy = 0;
        if (event.key === "ArrowLeft") dx = -step; else if (event.key === "ArrowRight") dx = step;
        else if (event.key === "ArrowUp") dy = -step; else if (event.key === "ArrowDown") dy = step;
        else return;
        event.preventDefault();
        move(dx, dy, true);
      });
      rect.addEventListener("pointerdown", function (event) {
        if (edit.readOnly || event.button !== 0) return;
        event.preventDefault();
        rect.setPointerCapture(event.pointerId);
        rect.classList.add("dragging");
        var toLocal = overlay.getScreenCTM().inverse();
        var point = function (e) { var p = overlay.createSVGPoint(); p.x = e.clientX; p.y = e.clientY; return p.matrixTransform(toLocal); };
        var start = point(event), delta = { x: 0, y: 0 };
        var drag = function (e) {
          var now = point(e);
          delta = { x: now.x - start.x, y: now.y - start.y };
          rect.setAttribute("transform", "translate(" + delta.x + " " + delta.y + ")");
          status("move " + g.id + " by " + Math.round(delta.x) + ", " + Math.round(delta.y));
        };
        var up = function (e) {
          rect.removeEventListener("pointermove", drag);
          rect.removeEventListener("pointerup", up);
          rect.classList.remove("dragging");
          if (Math.abs(delta.x) < 0.5 && Math.abs(delta.y) < 0.5) { rect.removeAttribute("transform"); return; }
          move(delta.x, delta.y, !e.altKey);
        };
        rect.addEventListener("pointermove", drag);
        rect.addEventListener("pointerup", up);
      });
    });
  }
  function area(g) { return (g.box[2] - g.box[0]) * (g.box[3] - g.box[1]); }

  // MARK: Undo and redo: the server writes the bytes before the last edit back, through the same check.
  var undo = byId("undo"), redo = byId("redo");
  undo.disabled = edit.readOnly || !edit.undo;
  redo.disabled = edit.readOnly || !edit.redo;
  undo.addEventListener("click", function () { send({ op: "undo" }, "undo"); });
  redo.addEventListener("click", function () { send({ op: "redo" }, "redo"); });
  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || /^(INPUT|SELECT|TEXTAREA)$/.test(document.activeElement && document.activeElement.tagName)) return;
    var key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey && !undo.disabled) { event.preventDefault(); send({ op: "undo" }, "undo"); }
    else if (((key === "z" && event.shiftKey) || key === "y") && !redo.disabled) { event.preventDefault(); send({ op: "redo" }, "redo"); }
  });

  render();
  if (saved.notice) status(saved.notice, saved.problem);
  if (saved.ended) {
    // From the end of the drag to this page, showing the recompiled motion.
    var settleLatency = function () { document.body.setAttribute("data-edit-latency", String(Date.now() - saved.ended)); };
    if (document.readyState === "complete") settleLatency(); else window.addEventListener("load", settleLatency);
  }
})();
