(function () {
  "use strict";
  var machine = /*MACHINE*/null;
  var script = document.currentScript;
  var root = (script && script.ownerSVGElement) || document.documentElement;
  var reduce = !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  var title = root.querySelector("title");
  var hit = root.querySelector(".choreo-hit") || root;
  var state = null, busy = false, waiting = null, playing = null, active = null;
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
  // Several transitions may share a trigger, told apart by their guards: the first that holds wins.
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
  function pick(name, trigger) {
    var byTrigger = has(from, name) ? from[name] : null;
    return ((byTrigger && has(byTrigger, trigger) ? byTrigger[trigger] : null) || []).filter(function (t) {
      return (trigger !== "programmatic" || t.auto) && holds(t);
    })[0];
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
  // A transition's actions run as it starts; one to its own state plays nothing. With
  // `exit: cycle-end` out of a running loop it is taken now (later triggers are ignored)
  // and starts when the loop's running cycle ends, the loop playing on till then.
  function take(t) {
    if (t.exit === "cycle-end" && playing && playing.loops && active) {
      var since = now() - active.begin, cycles = Math.ceil(since / playing.dur - 1e-6);
      var left = Math.max(cycles * playing.dur - since, 0);
      busy = true;
      root.setAttribute("data-transition", t.name);
      wait({ end: now() + left, wallEnd: wall() + left * 1000 }, function () { act(t); go(t); });
      return;
    }
    act(t);
    if (t.action) { settle(); return; }
    go(t);
  }
  // Automatic transitions: taken as soon as the state is reached and the guard holds.
  // Actions that keep a guard true (a step past its range) would go round for ever: at
  // most 100 actions in a row, then a `choreo:error` event, as dotLottie's runtime stops
  // such a machine with an InfiniteLoop error.
  var chained = 0;
  function settle() {
    if (state === null || busy) return;
    var next = pick(state, "programmatic");
    if (!next) return;
    if (chained >= 100) { dispatch("choreo:error", { message: "InfiniteLoop", state: state }); return; }
    chained += 1;
    try { take(next); } finally { chained -= 1; }
  }

  function now() { return root.getCurrentTime(); }
  function wall() { return window.performance ? window.performance.now() : Date.now(); }
  function clock(entry) { return root.querySelector("[id='" + machine.clock + entry.clip + "']"); }
  // Begins a clip and returns the document time it ends. It begins just ahead of the
  // clock, never in the past: in Chromium an animation begun at an instant already past,
  // next to one that has just frozen, loses to the frozen one, so a chained clip begins
  // when its predecessor's end is noticed (within a frame of it), not exactly there.
  // Under reduced motion the clock jumps over the clip, which leaves it frozen at its end.
  function begin(entry) {
    if (reduce && !entry.loops && entry.reduced !== "same") {
      clock(entry).beginElement();
      root.setCurrentTime(now() + entry.dur + 0.001);
      var fade = entry.reduced === "fade" && entry.fade && root.querySelector("[id='" + entry.fade + "']");
      if (!fade) return { end: now(), wallEnd: 0 };
      fade.beginElementAt(0.001);
      return { end: now() + 0.001 + entry.dur, wallEnd: wall() + (0.001 + entry.dur) * 1000 };
    }
    clock(entry).beginElementAt(0.001);
    active = { entry: entry, begin: now() + 0.001 };
    return { end: now() + 0.001 + entry.dur, wallEnd: wall() + (0.001 + entry.dur) * 1000 };
  }
  function stopPlaying() {
    if (!playing) return;
    try { clock(playing).endElement(); } catch (e) { /* already ended */ }
    playing = null;
    active = null;
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
  function seek(play) {
    if (!scrub || scrub.play !== play) {
      unscrub();
      scrub = { play: play, resume: !root.animationsPaused() };
      root.pauseAnimations();
      scrub.begin = now() + 0.001;
      clock(play).beginElementAt(0.001);
    }
    var range = machine.inputs[play.bind].range, value = values[play.bind];
    var fraction = range[1] > range[0] ? Math.min(Math.max((value - range[0]) / (range[1] - range[0]), 0), 1) : 0;
    root.setCurrentTime(scrub.begin + fraction * play.length);
  }
  function unscrub() {
    if (!scrub) return;
    var left = scrub;
    scrub = null;
    try { clock(left.play).endElement(); } catch (e) { /* already ended */ }
    if (left.resume) root.unpauseAnimations();
  }
  function enter(name) {
    state = name;
    busy = false;
    show(name);
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
        wait(end, function () { playing = null; active = null; reached(name); });
        return;
      }
    }
    reached(name);
  }
  // The state is fully reached: its `complete` transition starts.
  function reached(name) {
    if (state !== name || busy) return;
    var next = pick(name, "complete");
    if (next) take(next); else settle();
  }
  // Out of a played timeline, a transition starts from the values on screen, as SwiftUI
  // retargets: each of its animations that the timeline moves too gets the difference
  // between the timeline's value now and its own first value added to its keyframes,
  // all of it at its start and none at its end. A value of another structure, and a
  // discrete one, keeps its keyframes (it jumps to the pose).
  var numberPattern = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
  function numbers(text) { return (text.match(numberPattern) || []).map(Number); }
  function shape(text) { return text.replace(numberPattern, "#"); }
  function list(el, name) { return (el.getAttribute(name) || "").split(";").map(function (s) { return s.trim(); }); }
  function moved(el) { return el.getAttribute("attributeName") + " " + (el.getAttribute("type") || ""); }
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
  // An animation's value `seconds` after it began, as SMIL computes it (looping or frozen).
  function sample(el, seconds, loops) {
    var dur = parseFloat(el.getAttribute("dur")) || 0, values = list(el, "values"), times = list(el, "keyTimes").map(Number);
    var f = dur > 0 ? seconds / dur : 1;
    f = loops ? f - Math.floor(f) : Math.min(Math.max(f, 0), 1);
    var i = 0;
    while (i + 1 < times.length && times[i + 1] <= f) i++;
    var mode = el.getAttribute("calcMode");
    if (i + 1 >= values.length || mode === "discrete" || times[i + 1] <= times[i]) return numbers(values[i]);
    var u = (f - times[i]) / (times[i + 1] - times[i]);
    if (mode === "spline") u = spline(list(el, "keySplines")[i], u);
    var a = numbers(values[i]), b = numbers(values[i + 1]);
    return a.map(function (x, j) { return x + (b[j] - x) * u; });
  }
  function retarget(transition) {
    var animations = Array.prototype.slice.call(root.querySelectorAll("[begin='" + machine.clock + transition.clip + ".begin']"));
    animations.forEach(function (el) {
      if (el.choreoValues === undefined) el.choreoValues = el.getAttribute("values");
      else el.setAttribute("values", el.choreoValues);
    });
    if (!playing || !active || active.entry !== playing) return;
    var since = now() - active.begin;
    var timeline = root.querySelectorAll("[begin='" + machine.clock + playing.clip + ".begin']");
    timeline.forEach(function (el) {
      var parent = el.parentNode;
      (parent.choreoRunning = parent.choreoRunning || {})[moved(el)] = el;
    });
    animations.forEach(function (el) {
      var source = el.parentNode.choreoRunning && el.parentNode.choreoRunning[moved(el)];
      if (!source || el.getAttribute("calcMode") === "discrete") return;
      var values = list(el, "values"), times = list(el, "keyTimes").map(Number), first = numbers(values[0]);
      var shown = sample(source, since, playing.loops);
      if (shown.length !== first.length || shape(list(source, "values")[0]) !== shape(values[0])) return;
      el.setAttribute("values", values.map(function (value, i) {
        var parts = numbers(value), k = 0, left = 1 - (times[i] || 0);
        if (parts.length !== first.length) return value;
        return value.replace(numberPattern, function () {
          var j = k++;
          return String(Math.round((parts[j] + (shown[j] - first[j]) * left) * 1000) / 1000);
        });
      }).join(";"));
    });
    timeline.forEach(function (el) { delete el.parentNode.choreoRunning; });
  }
  function go(transition) {
    retarget(transition);
    stopPlaying();
    unscrub();
    busy = true;
    waiting = null;
    root.setAttribute("data-transition", transition.name);
    wait(begin(transition), function () {
      active = null;
      root.removeAttribute("data-transition");
      enter(transition.to);
    });
  }
  function fire(trigger) {
    var transition = state !== null && !busy && pick(state, trigger);
    if (!transition) return false;
    take(transition);
    return true;
  }
  // Any transition from the current state by name: how an app fires a programmatic one.
  function play(name) {
    var found = machine.transitions.filter(function (t) { return t.name === name && t.from === state && holds(t); })[0];
    if (!found || busy) return false;
    take(found);
    return true;
  }
  function onPointer(trigger) {
    return function (event) {
      // A finger has no hover: it would enter and leave around every tap.
      if (event.pointerType === "touch" && (trigger === "hover" || trigger === "hover-end")) return;
      fire(trigger);
    };
  }
  hit.addEventListener("click", function () { fire("tap"); });
  hit.addEventListener("pointerdown", onPointer("press"));
  hit.addEventListener("pointerup", onPointer("release"));
  hit.addEventListener("pointerenter", onPointer("hover"));
  hit.addEventListener("pointerleave", onPointer("hover-end"));
  if (machine.transitions.some(function (t) { return t.trigger === "tap"; })) {
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
    var play = state !== null && !busy && machine.states[state].play;
    if (play && play.bind === name) seek(play);
    settle();
    return true;
  }
  root.choreo = {
    machine: machine,
    // A trigger (`tap`, `hover`, …) or a transition by its name (`idle->loading`).
    fire: function (name) { return fire(name) || play(name); },
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
    busy: function () { return busy; },
    // True while a bound timeline holds the clock at an input's position (a page that
    // moves the SVG's clock itself, as the preview does, leaves it there).
    holding: function () { return scrub !== null; }
  };
  Object.defineProperty(root.choreo, "state", { get: function () { return state; }, enumerable: true });
  enter(machine.initial);
})();
