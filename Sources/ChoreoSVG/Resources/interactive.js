(function () {
  "use strict";
  var machine = /*MACHINE*/null;
  var script = document.currentScript;
  var root = (script && script.ownerSVGElement) || document.documentElement;
  var reduce = !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  var title = root.querySelector("title");
  var hit = root.querySelector(".choreo-hit-area") || root.querySelector(".choreo-hit") || root;
  // `state`: the state last reached. `running`: the transition playing, whose destination
  // triggers are resolved against. `queued`: a trigger waiting for a transition with
  // `interrupt: finish` to end. `holding`: a transition waiting for a loop's cycle to end.
  var state = null, running = null, queued = null, holding = null, waiting = null, playing = null, active = null;
  // Tables keyed by names from the scene (states, inputs, triggers) have no prototype: a
  // name such as `__proto__`, `constructor` or `toString` is an entry like any other, and
  // writing one never reaches the page's Object.prototype.
  function table(object) {
    var entries = Object.create(null);
    if (object) Object.keys(object).forEach(function (key) { entries[key] = object[key]; });
    return entries;
  }
  function has(entries, name) { return typeof name === "string" && Object.prototype.hasOwnProperty.call(entries, name); }
  machine.states = table(machine.states);
  machine.inputs = table(machine.inputs);
  var from = table();
  // Several transitions may share a trigger, told apart by their guards (the first that holds
  // wins) or by their targets.
  machine.transitions.forEach(function (t) {
    var byTrigger = from[t.from] || (from[t.from] = table());
    (byTrigger[t.trigger] || (byTrigger[t.trigger] = [])).push(t);
  });
  var values = table();
  Object.keys(machine.inputs).forEach(function (name) { values[name] = machine.inputs[name].value; });
  function holds(t) {
    if (!t.when) return true;
    return t.when.some(function (all) {
      return all.every(function (c) {
        var a = values[c.input], b = "other" in c ? values[c.other] : c.value;
        switch (c.op) {
          case "==": return a === b;
          case "!=": return a !== b;
          case "<": return a < b;
          case "<=": return a <= b;
          case ">": return a > b;
          default: return a >= b;
        }
      });
    });
  }
  // The transition a trigger starts in a state: on a target, the state's transition for that
  // node, else (for a tap, press or release) its transition on the whole drawing.
  function pick(name, trigger, target) {
    var byTrigger = has(from, name) ? from[name] : null;
    var list = (byTrigger && has(byTrigger, trigger) ? byTrigger[trigger] : null) || [];
    function first(node) {
      return list.filter(function (t) {
        return (t.target || null) === node && (trigger !== "programmatic" || t.auto) && holds(t);
      })[0];
    }
    if (target) return first(target) || (trigger === "hover" || trigger === "hover-end" ? undefined : first(null));
    return first(null);
  }
  function dispatch(type, detail) {
    if (typeof CustomEvent === "function") root.dispatchEvent(new CustomEvent(type, { detail: detail, bubbles: true }));
  }
  function clamp(name, value) {
    var range = machine.inputs[name].range;
    return range ? Math.min(Math.max(value, range[0]), range[1]) : value;
  }
  // Bound values and live texts follow an input as it changes (the token script, when
  // the scene has them).
  function changed(name) {
    var tokens = root.choreoTokens;
    if (!tokens) return;
    var accepted = tokens.accept(name, values[name]);
    if (accepted !== undefined) tokens.apply(name, accepted);
  }
  function act(t) {
    t.actions.forEach(function (a) {
      if ("set" in a) { values[a.set] = a.value; changed(a.set); }
      else if ("step" in a) { values[a.step] = clamp(a.step, values[a.step] + a.by); changed(a.step); }
      else if ("toggle" in a) { values[a.toggle] = !values[a.toggle]; changed(a.toggle); }
      else if ("theme" in a) {
        Array.prototype.slice.call(root.classList).forEach(function (c) {
          if (c.indexOf("choreo-theme-") === 0) root.classList.remove(c);
        });
        root.classList.add("choreo-theme-" + a.theme);
      } else if ("emit" in a) dispatch("choreo:event", { name: a.emit, state: state });
    });
  }
  function interruption(t) { return t.interrupt || "retarget"; }
  // The state triggers are resolved against: the one the running transition leads to.
  function heading() { return running ? running.t.to : state; }
  // A trigger, as a function that finds its transition in a state. While a transition plays,
  // its `interrupt:` decides: `retarget` takes the trigger at once, `finish` keeps the last
  // one until the transition ends, `ignore` drops it. While a transition waits for a loop's
  // cycle to end, triggers are ignored.
  function request(find) {
    if (state === null || holding) return false;
    if (running && interruption(running.t) === "ignore") return false;
    if (running && interruption(running.t) === "finish") {
      if (!find(heading())) return false;
      queued = find;
      return true;
    }
    var t = find(heading());
    if (!t) return false;
    take(t);
    return true;
  }
  // A transition's actions run as it starts; one to its own state plays nothing. With
  // `exit: cycle-end` out of a running loop it is taken now (later triggers are ignored)
  // and starts when the loop's running cycle ends, the loop playing on till then.
  function take(t) {
    if (t.exit === "cycle-end" && !running && playing && playing.loops && active && active.entry === playing) {
      var since = now() - active.begin, cycles = Math.ceil(since / playing.dur - 1e-6);
      var left = Math.max(cycles * playing.dur - since, 0);
      holding = t;
      root.setAttribute("data-transition", t.name);
      wait({ end: now() + left, wallEnd: wall() + left * 1000 }, function () { holding = null; act(t); go(t); });
      return;
    }
    act(t);
    if (t.action) { settle(); return; }
    go(t);
  }
  // Automatic transitions: taken as soon as the state is reached and the guard holds (while a
  // transition plays, out of the state it leads to, as a trigger would be).
  // Actions that keep a guard true (a step past its range) would go round for ever: at
  // most 100 actions in a row, then a `choreo:error` event, as dotLottie's runtime stops
  // such a machine with an InfiniteLoop error.
  var chained = 0;
  function settle() {
    if (state === null || holding) return;
    if (running && interruption(running.t) !== "retarget") return;
    var next = pick(heading(), "programmatic");
    if (!next) return;
    if (chained >= 100) { dispatch("choreo:error", { message: "InfiniteLoop", state: state }); return; }
    chained += 1;
    try { take(next); } finally { chained -= 1; }
  }

  function now() { return root.getCurrentTime(); }
  function wall() { return window.performance ? window.performance.now() : Date.now(); }
  function clock(entry) { return root.querySelector("[id='" + machine.clock + entry.clip + "']"); }
  // The clips begun, in the order they began (the order SMIL layers their animations in): a
  // clip restarted moves to the top; one ended leaves.
  var layers = [];
  function layer(entry, began) {
    layers = layers.filter(function (l) { return l.entry.clip !== entry.clip; });
    if (began !== null) layers.push({ entry: entry, begin: began });
  }
  // Begins a clip and returns the document time it ends (a transition: the time it counts as
  // ended). It begins just ahead of the clock, never in the past: in Chromium an animation
  // begun at an instant already past, next to one that has just frozen, loses to the frozen
  // one, so a chained clip begins when its predecessor's end is noticed (within a frame of
  // it), not exactly there. Under reduced motion the clock jumps over the clip, which leaves
  // it frozen at its end.
  function begin(entry) {
    var length = entry.rest !== undefined && entry.rest !== null ? entry.rest : entry.dur;
    if (reduce && !entry.loops && entry.reduced !== "same") {
      clock(entry).beginElement();
      layer(entry, now());
      root.setCurrentTime(now() + entry.dur + 0.001);
      var fade = entry.reduced === "fade" && entry.fade && root.querySelector("[id='" + entry.fade + "']");
      if (!fade) return { end: now(), wallEnd: 0 };
      fade.beginElementAt(0.001);
      return { end: now() + 0.001 + entry.dur, wallEnd: wall() + (0.001 + entry.dur) * 1000 };
    }
    clock(entry).beginElementAt(0.001);
    active = { entry: entry, begin: now() + 0.001 };
    layer(entry, active.begin);
    return { end: now() + 0.001 + length, wallEnd: wall() + (0.001 + length) * 1000 };
  }
  function stopPlaying() {
    if (!playing) return;
    try { clock(playing).endElement(); } catch (e) { /* already ended */ }
    layer(playing, null);
    if (active && active.entry === playing) active = null;
    playing = null;
  }
  // Next check by requestAnimationFrame, or by a timer where no frames are produced.
  function later(callback) {
    var called = false;
    var once = function () { if (!called) { called = true; callback(); } };
    if (window.requestAnimationFrame) window.requestAnimationFrame(once);
    window.setTimeout(once, 50);
  }
  // Calls `then` once a clip has ended, unless something else is waited for by then. The
  // document time says so; but Chromium only moves it on an animation update, which can
  // be far apart when little changes, so while the SVG's clock runs (nobody paused or
  // steps it, as the preview does) the wall clock says so too.
  function wait(clip, then) {
    var entry = {};
    waiting = entry;
    (function check() {
      if (waiting !== entry) return;
      var done = now() >= clip.end - 1e-6 || (!root.animationsPaused() && wall() >= clip.wallEnd);
      if (done) { waiting = null; then(); } else later(check);
    })();
  }
  function show(name) {
    root.setAttribute("data-state", name);
    var label = machine.states[name].label;
    if (title && label) title.textContent = label;
    if (typeof CustomEvent === "function") root.dispatchEvent(new CustomEvent("choreo-state", { detail: { state: name } }));
    dispatch("choreo:state", { state: name });
  }
  // A bound timeline does not play: the state is at rest, so the SVG clock is paused, the
  // timeline's clip begun once (the clip begun last wins, over the transition that entered
  // the state too) and the clock set to the input's position on it; never before that
  // begin, so every clip that ended earlier stays as it froze. Restarting the clip for each
  // value instead leaves Chromium freezing it at other instants.
  var scrub = null;
  function position(play) {
    var range = machine.inputs[play.bind].range, value = values[play.bind];
    var fraction = range[1] > range[0] ? Math.min(Math.max((value - range[0]) / (range[1] - range[0]), 0), 1) : 0;
    return fraction * play.length;
  }
  function seek(play) {
    if (!scrub || scrub.play !== play) {
      unscrub();
      scrub = { play: play, resume: !root.animationsPaused() };
      root.pauseAnimations();
      scrub.begin = now() + 0.001;
      clock(play).beginElementAt(0.001);
      layer(play, scrub.begin);
    }
    root.setCurrentTime(scrub.begin + position(play));
  }
  function unscrub() {
    if (!scrub) return;
    var left = scrub;
    scrub = null;
    try { clock(left.play).endElement(); } catch (e) { /* already ended */ }
    layer(left.play, null);
    if (left.resume) root.unpauseAnimations();
  }
  function enter(name) {
    state = name;
    show(name);
    if (queued) {
      // A trigger that waited for the transition into this state is taken now.
      var find = queued;
      queued = null;
      var t = find(name);
      if (t) {
        take(t);
        if (running || holding || state !== name) return;
      }
    }
    var play = machine.states[name].play;
    if (play && play.bind) {
      seek(play);
      reached(name);
      return;
    }
    if (play && !(reduce && play.loops && play.reduced !== "same")) {
      playing = play;
      var end = begin(play);
      if (!play.loops) {
        wait(end, function () { playing = null; if (active && active.entry === play) active = null; reached(name); });
        return;
      }
    }
    reached(name);
  }
  // The state is fully reached: its `complete` transition starts.
  function reached(name) {
    if (state !== name || running || holding) return;
    var next = pick(name, "complete");
    if (next) take(next); else settle();
  }

  // Every transition starts from what is on screen, as SwiftUI retargets. For each of its
  // animations, the value shown comes from the clip begun last that moves the same attribute
  // (a transition it interrupts, a timeline it stops, a bound timeline it leaves). Its
  // keyframes become old(t) + (new(t) − old(t)) · p(t), p being the new motion's own progress
  // from its first value to its last: a motion it interrupts keeps running underneath and fades
  // out as the new one advances, so nothing jumps, and a spring (whose progress starts flat)
  // keeps its speed. A timeline that stops holds the value it left. A value of another
  // structure, and a discrete one, keeps its keyframes (it jumps).
  var numberPattern = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
  function numbers(text) { return (text.match(numberPattern) || []).map(Number); }
  function shape(text) { return text.replace(numberPattern, "#"); }
  function list(text) { return (text || "").split(";").map(function (s) { return s.trim(); }); }
  var slots = 0;
  function moved(el) {
    var parent = el.parentNode;
    if (!parent.choreoSlot) parent.choreoSlot = ++slots;
    return parent.choreoSlot + " " + el.getAttribute("attributeName") + " " + (el.getAttribute("type") || "");
  }
  // y of the unit cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`.
  function spline(handles, x) {
    var p = handles.split(/[\s,]+/).map(Number), lo = 0, hi = 1, t = x;
    function at(a, b, u) { return 3 * a * u * (1 - u) * (1 - u) + 3 * b * u * u * (1 - u) + u * u * u; }
    for (var i = 0; i < 40; i++) {
      if (at(p[0], p[2], t) < x) lo = t; else hi = t;
      t = (lo + hi) / 2;
    }
    return at(p[1], p[3], t);
  }
  // An animation's keyframes as written (its own, not a blend made for an earlier start).
  // Read again when something else (the token script, for a bound value) rewrote them.
  function keys(el) {
    var now = el.getAttribute("values");
    var mine = el.choreoWritten !== undefined ? el.choreoWritten : el.choreoKeys && el.choreoKeys.values;
    if (el.choreoKeys !== undefined && now !== mine) {
      // Only the values are rewritten there; the timing stays as written.
      el.choreoKeys.values = now;
      el.choreoWritten = undefined;
    } else if (el.choreoKeys === undefined) {
      el.choreoKeys = {
        values: el.getAttribute("values"), keyTimes: el.getAttribute("keyTimes"), keySplines: el.getAttribute("keySplines"),
        calcMode: el.getAttribute("calcMode")
      };
    }
    return el.choreoKeys;
  }
  function restore(el) {
    var k = keys(el);
    ["values", "keyTimes", "keySplines", "calcMode"].forEach(function (name) {
      if (k[name] === null) el.removeAttribute(name); else el.setAttribute(name, k[name]);
    });
    el.choreoWritten = undefined;
  }
  // The keyframes an animation runs now, read once.
  function current(el) {
    return {
      values: list(el.getAttribute("values")).map(numbers), keyTimes: list(el.getAttribute("keyTimes")).map(Number),
      keySplines: list(el.getAttribute("keySplines")), calcMode: el.getAttribute("calcMode"),
      dur: parseFloat(el.getAttribute("dur")) || 0, first: list(el.getAttribute("values"))[0]
    };
  }
  // Keyframes' value `seconds` after they began, as SMIL computes it (looping or frozen).
  function sample(k, seconds, loops) {
    var f = k.dur > 0 ? seconds / k.dur : 1;
    f = loops ? f - Math.floor(f) : Math.min(Math.max(f, 0), 1);
    var i = 0;
    while (i + 1 < k.keyTimes.length && k.keyTimes[i + 1] <= f) i++;
    if (i + 1 >= k.values.length || k.calcMode === "discrete" || k.keyTimes[i + 1] <= k.keyTimes[i]) return k.values[i];
    var u = (f - k.keyTimes[i]) / (k.keyTimes[i + 1] - k.keyTimes[i]);
    if (k.calcMode === "spline") u = spline(k.keySplines[i], u);
    var a = k.values[i], b = k.values[i + 1];
    return a.map(function (x, j) { return x + (b[j] - x) * u; });
  }
  function animationsOf(entry) {
    return Array.prototype.slice.call(root.querySelectorAll("[begin='" + machine.clock + entry.clip + ".begin']"));
  }
  // What each attribute the transition moves shows now and goes on showing: the top clip's
  // animation of it, sampled from its own keyframes. `stopping`: the clips that end as the
  // transition begins (they hold the value they leave).
  function shownBy(transition, at, stopping) {
    var sources = {};
    var wanted = {};
    animationsOf(transition).forEach(function (el) { wanted[moved(el)] = true; });
    layers.forEach(function (l) {
      // A transition that has played to its end left its destination's pose, where the new
      // one's keyframes start (or deliberately jump from, as a rolled text's re-entry does).
      var ended = l.entry.to !== undefined && at - l.begin >= l.entry.dur - 1e-6;
      animationsOf(l.entry).forEach(function (el) {
        var key = moved(el);
        if (!wanted[key]) return;
        if (ended) { delete sources[key]; return; }
        var k = current(el), loops = !!l.entry.loops;
        var hold = stopping.indexOf(l.entry) >= 0;
        var held = hold ? sample(k, l.bound !== undefined ? l.bound : at - l.begin, loops) : null;
        sources[key] = { keys: k, begin: l.begin, loops: loops, held: held };
      });
    });
    return sources;
  }
  function blend(transition, sources, at) {
    animationsOf(transition).forEach(function (el) {
      restore(el);
      var source = sources[moved(el)];
      var k = current(el);
      if (!source || k.calcMode === "discrete" || k.values.length < 1) return;
      if (shape(source.keys.first) !== shape(k.first) || source.keys.values[0].length !== k.values[0].length) return;
      var first = k.values[0], last = k.values[k.values.length - 1];
      // The new motion's progress: along the number that travels furthest, else a smooth step.
      var axis = -1, travel = 1e-9;
      first.forEach(function (x, j) { if (Math.abs(last[j] - x) > travel) { travel = Math.abs(last[j] - x); axis = j; } });
      var dur = k.dur, step = 1 / 60, times = [];
      k.keyTimes.forEach(function (f) { times.push(f * dur); });
      for (var s = step; s < dur; s += step) times.push(s);
      times.sort(function (a, b) { return a - b; });
      times = times.filter(function (s, i) { return i === 0 || s - times[i - 1] > 1e-4; }).slice(0, 600);
      if (times[times.length - 1] < dur) times.push(dur);
      // Where what is on screen is the motion's own first value throughout (the clip under it
      // has come to rest there), the keyframes stay as written.
      var olds = times.map(function (s) { return source.held || sample(source.keys, at + s - source.begin, source.loops); });
      var differs = olds.some(function (old) { return old.some(function (x, j) { return Math.abs(x - first[j]) > 1e-6; }); });
      if (!differs) return;
      var written = times.map(function (s, i) {
        var mine = sample(k, s, false), u = dur > 0 ? s / dur : 1;
        var p = axis >= 0 ? (mine[axis] - first[axis]) / (last[axis] - first[axis]) : u * u * (3 - 2 * u);
        if (s >= dur) p = 1;
        var old = olds[i];
        var j = 0;
        return k.first.replace(numberPattern, function () {
          var x = mine[j] + (old[j] - first[j]) * (1 - p);
          j += 1;
          return String(Math.round(x * 1000) / 1000);
        });
      });
      el.choreoWritten = written.join(";");
      el.setAttribute("values", el.choreoWritten);
      el.setAttribute("keyTimes", times.map(function (s) { return String(Math.round(s / dur * 1e6) / 1e6); }).join(";"));
      el.setAttribute("calcMode", "linear");
      el.removeAttribute("keySplines");
    });
  }
  function go(transition) {
    var at = now() + 0.001;
    var stopping = [];
    if (playing) stopping.push(playing);
    if (scrub) {
      stopping.push(scrub.play);
      layers.forEach(function (l) { if (l.entry === scrub.play) l.bound = position(scrub.play); });
    }
    if (!reduce) blend(transition, shownBy(transition, at, stopping), at);
    else animationsOf(transition).forEach(restore);
    stopPlaying();
    unscrub();
    waiting = null;
    running = { t: transition };
    root.setAttribute("data-transition", transition.name);
    wait(begin(transition), function () {
      running = null;
      if (active && active.entry === transition) active = null;
      root.removeAttribute("data-transition");
      enter(transition.to);
    });
  }
  function fire(trigger, target) {
    return request(function (name) { return pick(name, trigger, target || null); });
  }
  // Any transition from the current state by name: how an app fires a programmatic one.
  function play(name) {
    return request(function (current) {
      return machine.transitions.filter(function (t) { return t.name === name && t.from === current && holds(t); })[0];
    });
  }
  // The target node a pointer event is on: the one drawn on top, since only targets take the
  // pointer inside the drawing.
  function targetOf(event) {
    for (var el = event.target; el && el !== root && el.getAttribute; el = el.parentNode) {
      var id = el.getAttribute("data-target");
      if (id !== null) return id;
    }
    return null;
  }
  function onPointer(trigger) {
    return function (event) {
      // A finger has no hover: it would enter and leave around every tap.
      if (event.pointerType === "touch" && (trigger === "hover" || trigger === "hover-end")) return;
      fire(trigger, trigger === "hover" || trigger === "hover-end" ? null : targetOf(event));
    };
  }
  hit.addEventListener("click", function (event) { fire("tap", targetOf(event)); });
  hit.addEventListener("pointerdown", onPointer("press"));
  hit.addEventListener("pointerup", onPointer("release"));
  hit.addEventListener("pointerenter", onPointer("hover"));
  hit.addEventListener("pointerleave", onPointer("hover-end"));
  // Each target is a button of its own: a keyboard stop with its accessible name, Enter or
  // Space taps it, and the pointer crossing its drawing fires its hover and hover-end.
  Array.prototype.forEach.call(root.querySelectorAll("[data-target]"), function (el) {
    var id = el.getAttribute("data-target");
    el.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopPropagation(); fire("tap", id); }
    });
    el.addEventListener("pointerenter", function (event) { if (event.pointerType !== "touch") fire("hover", id); });
    el.addEventListener("pointerleave", function (event) { if (event.pointerType !== "touch") fire("hover-end", id); });
  });
  if (machine.transitions.some(function (t) { return t.trigger === "tap" && !t.target; })) {
    root.setAttribute("role", "button");
    root.setAttribute("tabindex", "0");
    hit.style.cursor = "pointer";
    root.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); fire("tap"); }
    });
  }
  // Sets an input (a number is kept inside its range); false for an unknown input or a
  // value of another kind. The machine acts on it at once, or when it next rests.
  function set(name, value) {
    var input = has(machine.inputs, name) ? machine.inputs[name] : null;
    if (!input) return false;
    var tokens = root.choreoTokens;
    if (tokens) {
      value = tokens.accept(name, value);
      if (value === undefined) return false;
    } else if (input.kind === "number") {
      if (typeof value !== "number" || !isFinite(value)) return false;
      value = clamp(name, value);
    } else if (input.kind === "choice") {
      if (input.choices.indexOf(value) < 0) return false;
    } else if (typeof value !== (input.kind === "boolean" ? "boolean" : "string")) return false;
    values[name] = value;
    if (tokens) tokens.apply(name, value);
    var play = state !== null && !running && !holding && machine.states[state].play;
    if (play && play.bind === name) seek(play);
    settle();
    return true;
  }
  root.choreo = {
    machine: machine,
    // A trigger (`tap`, `hover`, …) or a transition by its name (`idle->loading`); a pointer
    // trigger on a target node: fire("tap", "seg-week").
    fire: function (name, target) { return fire(name, target) || play(name); },
    play: play,
    set: set,
    get: function (name) {
      if (!has(machine.inputs, name)) return undefined;
      var value = values[name];
      // A colour the token script accepted: its channels.
      return Array.isArray(value) ? { r: value[0], g: value[1], b: value[2], a: value[3] } : value;
    },
    // The clip playing (a transition, or a state's timeline): its span's name, its start on
    // the compiled timeline, and the document time it began.
    current: function () {
      return active && { name: active.entry.name, start: active.entry.start, begin: active.begin, dur: active.entry.dur, loops: active.entry.loops };
    },
    busy: function () { return running !== null || holding !== null; },
    // True while a bound timeline holds the clock at an input's position (a page that
    // moves the SVG's clock itself, as the preview does, leaves it there).
    holding: function () { return scrub !== null; }
  };
  Object.defineProperty(root.choreo, "state", { get: function () { return state; }, enumerable: true });
  // The transition playing (or waiting for a loop's cycle to end), by name; null at rest.
  Object.defineProperty(root.choreo, "transition", {
    get: function () { return running ? running.t.name : holding ? holding.name : null; }, enumerable: true
  });
  enter(machine.initial);
})();
