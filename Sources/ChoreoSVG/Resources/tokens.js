// The interactive SVG's bound values (contract §20): `root.choreoTokens.apply(name, value)`
// writes every attribute an input moves, gliding where the binding says `animate:`; in a scene
// without states this script is also `root.choreo` (`set`, `get`). The machine's runtime
// (interactive.js) calls `accept` and `apply` from its own `set` and from `set:` actions.
// The placeholder of `data` below is replaced by the scene's data (InteractiveTokens.swift): per attribute, its
// text around the numbers that move and how each moves with each input.
(function () {
  "use strict";
  var data = /*TOKENS*/null;
  var script = document.currentScript;
  var root = (script && script.ownerSVGElement) || document.documentElement;
  var elements = [];
  Array.prototype.forEach.call(root.querySelectorAll("[data-choreo-t]"), function (el) {
    elements[+el.getAttribute("data-choreo-t")] = el;
  });
  // Tables keyed by input names have no prototype (as in interactive.js): an input named
  // `__proto__` or `constructor` is an entry like any other and never reaches Object.prototype.
  function table(object) {
    var entries = Object.create(null);
    if (object) Object.keys(object).forEach(function (key) { entries[key] = object[key]; });
    return entries;
  }
  function has(entries, name) { return typeof name === "string" && Object.prototype.hasOwnProperty.call(entries, name); }
  data.inputs = table(data.inputs);
  data.movers = table(data.movers);
  data.glides = table(data.glides);
  data.attrs.forEach(function (attr) {
    attr.h.forEach(function (hole) {
      if (hole.a) hole.a = table(hole.a);
      if (hole.t) hole.t = table(hole.t);
      // The names that move the hole, listed once: a redraw reads them without allocating.
      hole.names = Object.keys(hole.a || {}).concat(Object.keys(hole.t || {}));
    });
  });
  var values = table(), shown = table(), byInput = table();
  Object.keys(data.inputs).forEach(function (name) { values[name] = data.inputs[name].value; });
  data.attrs.forEach(function (attr) {
    attr.h.forEach(function (hole) {
      hole.names.forEach(function (name) {
        var list = byInput[name] || (byInput[name] = []);
        if (list[list.length - 1] !== attr) list.push(attr);
      });
    });
  });
  // What an input's value is for the holes: a number's value, a colour's channels; a choice's
  // or a boolean's weight on each of its rows.
  function state(name, value) {
    var mover = data.movers[name];
    if (!mover) return null;
    if (mover.ref) return typeof value === "number" ? [value] : value.slice();
    var input = data.inputs[name], row = input.kind === "boolean" ? (value ? 1 : 0) : input.choices.map(function (c) { return c.name; }).indexOf(value);
    var weights = [];
    for (var i = 0; i < mover.rows; i++) weights.push(i === row ? 1 : 0);
    return weights;
  }
  Object.keys(data.movers).forEach(function (name) {
    shown[name] = has(data.inputs, name) ? state(name, values[name]) : data.movers[name].ref.slice();
  });
  // Live texts: `{count | int}` laid out from the glyphs set at compile time. Each cell of a text
  // is a mover named by its slot, whose two numbers are its position: where its character sits,
  // moved up to that character's row of its strip (the row past the last shows nothing).
  function formatted(value, kind, decimals) {
    if (typeof value !== "number" || !isFinite(value)) return "";
    var scaled = Math.abs(value), places = kind === "fixed" ? decimals : 0, i;
    if (kind === "percent") scaled *= 100;
    for (i = 0; i < places; i++) scaled *= 10;
    var units = Math.floor(scaled + 0.5), digits = units.toFixed(0);
    if (places > 0) {
      while (digits.length <= places) digits = "0" + digits;
      digits = digits.slice(0, digits.length - places) + "." + digits.slice(digits.length - places);
    }
    if (kind === "grouped") {
      var grouped = "";
      for (i = 0; i < digits.length; i++) {
        if (i > 0 && (digits.length - i) % 3 === 0) grouped += ",";
        grouped += digits.charAt(i);
      }
      digits = grouped;
    }
    return (value < 0 && units > 0 ? "-" : "") + digits + (kind === "percent" ? "%" : "");
  }
  function textOf(text) {
    return text.parts.map(function (part) {
      if (part[0] === "l") return part[1];
      var value = values[part[1]], labels = text.labels[part[1]];
      if (typeof value === "number") return formatted(value, part[2], part[3]);
      if (typeof value === "boolean") return value ? "true" : "false";
      if (typeof value === "string") return labels && has(labels, value) ? labels[value] : value;
      return "";
    }).join("");
  }
  function layOut(text) {
    var rows = Array.from(textOf(text)).map(function (ch) { var k = text.chars.indexOf(ch); return k < 0 ? text.chars.length : k; });
    var pens = [], pen = 0, i;
    for (i = 0; i < rows.length && i < text.cells.length; i++) {
      pens.push(pen);
      if (rows[i] >= text.adv.length) continue;
      pen += text.adv[rows[i]];
      if (i + 1 < rows.length && rows[i + 1] < text.adv.length) {
        for (var k = 0; k < text.kern.length; k++) {
          if (text.kern[k][0] === rows[i] && text.kern[k][1] === rows[i + 1]) { pen += text.kern[k][2]; break; }
        }
      }
    }
    var width = pens.length ? pen - text.ls : 0;
    var start = text.align === "center" ? -width / 2 : text.align === "end" ? text.box / 2 - width : -text.box / 2;
    return text.cells.map(function (cell, index) {
      return index < pens.length ? [start + pens[index], text.base - rows[index] * text.pitch] : [0, text.base - text.chars.length * text.pitch];
    });
  }
  function relayOut(name) {
    var moved = [];
    data.texts.forEach(function (text) {
      if (!text.parts.some(function (part) { return part[0] === "i" && part[1] === name; })) return;
      layOut(text).forEach(function (position, index) {
        var cell = text.cells[index];
        if (!data.movers[cell]) return;
        shown[cell] = position;
        moved.push(cell);
      });
    });
    if (moved.length) redraw(moved);
  }
  function offset(hole, name) {
    var mover = data.movers[name], now = shown[name], sum = 0, i;
    if (mover.ref) {
      var c = hole.a[name];
      for (i = 0; i < c.length; i++) sum += c[i] * (now[i] - mover.ref[i]);
    } else {
      var rows = hole.t[name];
      for (i = 0; i < rows.length; i++) sum += rows[i] * now[i];
    }
    return sum;
  }
  function format(value, kind) {
    if (kind === 1) return String(Math.round(Math.min(Math.max(value, 0), 255)));
    if (kind === 2) value = Math.min(Math.max(value, 0), 1);
    var rounded = Math.round(value * 1000) / 1000;
    return String(rounded === 0 ? 0 : rounded);
  }
  function write(attr) {
    var text = attr.p[0];
    for (var i = 0; i < attr.h.length; i++) {
      var hole = attr.h[i], value = hole.b;
      for (var k = 0; k < hole.names.length; k++) value += offset(hole, hole.names[k]);
      text += format(value, hole.f) + attr.p[i + 1];
    }
    var el = elements[attr.e];
    if (el && el.getAttribute(attr.n) !== text) el.setAttribute(attr.n, text);
  }
  // y of the unit cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`.
  function spline(x1, y1, x2, y2, x) {
    var lo = 0, hi = 1, t = x;
    function at(a, b, u) { return 3 * a * u * (1 - u) * (1 - u) + 3 * b * u * u * (1 - u) + u * u * u; }
    for (var i = 0; i < 40; i++) {
      if (at(x1, x2, t) < x) lo = t; else hi = t;
      t = (lo + hi) / 2;
    }
    return at(y1, y2, t);
  }
  function progress(glide, seconds) {
    if (seconds >= glide.dur) return 1;
    for (var i = 0; i < glide.segs.length; i++) {
      var s = glide.segs[i];
      if (seconds < s[1] || i === glide.segs.length - 1) {
        if (seconds < s[0]) return s[2];
        var u = s[1] > s[0] ? (seconds - s[0]) / (s[1] - s[0]) : 1;
        u = s[8] ? 0 : spline(s[4], s[5], s[6], s[7], Math.min(Math.max(u, 0), 1));
        return s[2] + (s[3] - s[2]) * u;
      }
    }
    return 1;
  }
  function wall() { return window.performance ? window.performance.now() : Date.now(); }
  var gliding = table(), frame = null;
  function tick() {
    frame = null;
    var now = wall(), more = false, touched = [];
    Object.keys(gliding).forEach(function (name) {
      var g = gliding[name], u = progress(data.glides[name], (now - g.begin) / 1000);
      shown[name] = g.from.map(function (v, i) { return v + (g.to[i] - v) * u; });
      touched.push(name);
      if ((now - g.begin) / 1000 >= data.glides[name].dur) delete gliding[name]; else more = true;
    });
    redraw(touched);
    if (more) frame = requestFrame(tick);
  }
  function requestFrame(callback) {
    return window.requestAnimationFrame ? window.requestAnimationFrame(callback) : window.setTimeout(callback, 16);
  }
  // Each attribute once per redraw, however many of the names move it (a stamp, not a search:
  // a scene of a thousand bound attributes redraws in linear time).
  var stamp = 0;
  function redraw(names) {
    stamp++;
    names.forEach(function (name) {
      (byInput[name] || []).forEach(function (attr) { if (attr.s !== stamp) { attr.s = stamp; write(attr); } });
    });
  }
  var probe = null;
  // Any colour CSS reads (#RGB, rgb(), names…) as [r, g, b, a] in 0…1, or null.
  function color(text) {
    if (Array.isArray(text) && text.length === 4) return text.slice();
    if (text && typeof text === "object" && typeof text.r === "number" && typeof text.g === "number" && typeof text.b === "number") {
      var channels = [text.r, text.g, text.b, typeof text.a === "number" ? text.a : 1];
      return channels.every(function (c) { return isFinite(c); }) ? channels.map(function (c) { return Math.min(Math.max(c, 0), 1); }) : null;
    }
    if (typeof text !== "string") return null;
    // Hex, the common case, read here; anything else CSS reads through a probe's computed style.
    var hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text);
    if (hex) {
      var digits = hex[1], wide = digits.length > 4, channels = [];
      for (var n = 0; n < (wide ? digits.length / 2 : digits.length); n++) {
        channels.push(parseInt(wide ? digits.substr(2 * n, 2) : digits[n] + digits[n], 16) / 255);
      }
      if (channels.length === 3) channels.push(1);
      return channels;
    }
    if (!probe) {
      probe = document.createElementNS("http://www.w3.org/2000/svg", "g");
      probe.setAttribute("display", "none");
      root.appendChild(probe);
    }
    probe.style.fill = "";
    probe.style.fill = text;
    if (!probe.style.fill) return null;
    var m = getComputedStyle(probe).fill.match(/rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?/);
    if (!m) return null;
    var a = m[4] === undefined ? 1 : (m[4].slice(-1) === "%" ? parseFloat(m[4]) / 100 : parseFloat(m[4]));
    return [m[1] / 255, m[2] / 255, m[3] / 255, a];
  }
  // The value as the input holds it, or undefined when it cannot hold it.
  function accept(name, value) {
    var input = has(data.inputs, name) ? data.inputs[name] : null;
    if (!input) return undefined;
    switch (input.kind) {
      case "number":
        if (typeof value !== "number" || !isFinite(value)) return undefined;
        if (input.range) {
          if (input.step) value = input.range[0] + Math.round((value - input.range[0]) / input.step) * input.step;
          value = Math.min(Math.max(value, input.range[0]), input.range[1]);
        }
        return value;
      case "boolean": return typeof value === "boolean" ? value : undefined;
      case "choice":
        return input.choices.some(function (c) { return c.name === value; }) ? value : undefined;
      case "color": return color(value) || undefined;
      default:
        if (typeof value !== "string") return undefined;
        if (input.max !== null && value.length > input.max) return undefined;
        if (input.chars !== null && Array.prototype.some.call(value, function (ch) { return input.chars.indexOf(ch) < 0; })) return undefined;
        return value;
    }
  }
  // Shows `value` (already accepted) for `name`, gliding where the binding animates.
  function apply(name, value) {
    values[name] = value;
    relayOut(name);
    if (!data.movers[name]) return;
    var next = state(name, value), glide = data.glides[name];
    if (glide && glide.dur > 0) {
      gliding[name] = { from: shown[name].slice(), to: next, begin: wall() };
      if (frame === null) frame = requestFrame(tick);
    } else {
      delete gliding[name];
      shown[name] = next;
      redraw([name]);
    }
  }
  root.choreoTokens = { accept: accept, apply: apply };
  if (!root.choreo) {
    root.choreo = {
      set: function (name, value) {
        var accepted = accept(name, value);
        if (accepted === undefined) return false;
        apply(name, accepted);
        return true;
      },
      get: function (name) {
        if (!has(data.inputs, name)) return undefined;
        var value = values[name];
        return Array.isArray(value) ? { r: value[0], g: value[1], b: value[2], a: value[3] } : value;
      },
      fire: function () { return false; }
    };
    Object.defineProperty(root.choreo, "state", { get: function () { return null; }, enumerable: true });
  }
})();

