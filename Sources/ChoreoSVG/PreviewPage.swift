import ChoreoJSON
import ChoreoTimeline

/// One self-contained, offline HTML page to look at a compiled timeline: the animated SVG inline,
/// a button per state (plays the transition into it), a button per span, play/pause, a scrubber
/// over the global timeline, and a filmstrip of still frames of every span.
///
/// Stable element ids for tests and tools: `#stage` (holds the animated `<svg>`), `#play-pause`,
/// `#scrubber`, `#time`, `#current-state`, `#state-NAME` per state, `#span-NAME` per span. The
/// body's `data-state` and `data-time` attributes mirror the current state and time.
public enum PreviewPage {
    /// The page for `timeline`, with its animated SVG and a filmstrip made by `SVGEmitter`.
    public static func html(_ timeline: Timeline) -> String {
        var frames: [(label: String, svg: String)] = []
        for (spanIndex, span) in timeline.spans.enumerated() {
            for (frameIndex, time) in filmstripTimes(span, fps: timeline.fps).enumerated() {
                let svg = SVGEmitter.snapshot(timeline, at: time, idPrefix: "frame\(spanIndex)-\(frameIndex)-")
                frames.append(("\(span.name) · \(formatNumber(time)) s", svg))
            }
        }
        if frames.isEmpty { frames.append(("0 s", SVGEmitter.snapshot(timeline, at: 0, idPrefix: "frame-"))) }
        return html(timeline, animatedSVG: SVGEmitter.animated(timeline, idPrefix: "stage-"), snapshots: frames)
    }

    /// Frames shown for a span: one for a held pose, else the start, two inner frames and the last
    /// frame before the end (the end itself belongs to whatever comes next).
    static func filmstripTimes(_ span: Span, fps: Double) -> [Double] {
        if span.kind == .pose || span.end <= span.start { return [span.start] }
        let last = max(span.start, span.end - 1 / max(fps, 1))
        return [span.start, span.start + (span.end - span.start) / 3, span.start + 2 * (span.end - span.start) / 3, last]
    }

    /// The page from parts: `animatedSVG` and `snapshots` must use distinct XML id prefixes, since
    /// they share one document.
    public static func html(_ timeline: Timeline, animatedSVG: String, snapshots: [(label: String, svg: String)]) -> String {
        var spanIds = IdAllocator(prefix: "span-")
        var stateIds = IdAllocator(prefix: "state-")
        var spanButtons: [String] = []
        var spanData: [String] = []
        for span in timeline.spans {
            let id = spanIds.make(span.name)
            spanButtons.append(
                "<button type=\"button\" id=\"\(xmlEscaped(id))\" class=\"span \(span.kind.rawValue)\" data-span=\"\(xmlEscaped(span.name))\">\(xmlEscaped(span.name))</button>")
            spanData.append(
                "{name: \(jsString(span.name)), id: \(jsString(id)), kind: \(jsString(span.kind.rawValue)), start: \(formatNumber(span.start, decimals: 6)), end: \(formatNumber(span.end, decimals: 6)), loops: \(span.loops), plays: \(span.plays.map(jsString) ?? "null"), from: \(span.fromState.map(jsString) ?? "null"), to: \(span.toState.map(jsString) ?? "null")}")
        }
        var stateButtons: [String] = []
        for span in timeline.spans where span.kind == .pose {
            let id = stateIds.make(span.name)
            let label = span.label ?? span.name
            stateButtons.append(
                "<button type=\"button\" id=\"\(xmlEscaped(id))\" class=\"state\" data-state=\"\(xmlEscaped(span.name))\">\(xmlEscaped(label))</button>")
        }
        let filmstrip = snapshots.map { frame in
            "<figure>\(frame.svg)<figcaption>\(xmlEscaped(frame.label))</figcaption></figure>"
        }
        let duration = formatNumber(timeline.duration, decimals: 6)
        let step = formatNumber(1 / max(timeline.fps, 1), decimals: 6)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(xmlEscaped(timeline.title)) · Choreo preview</title>
            <style>
            body { margin: 0; font: 14px system-ui, sans-serif; background: #f4f4f6; color: #222; }
            #stage { display: inline-block; margin: 0; line-height: 0; background: repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%) 0 0 / 16px 16px; }
            main { padding: 12px; }
            .row { margin: 8px 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
            #scrubber { width: min(100%, 480px); }
            #filmstrip { display: flex; flex-wrap: wrap; gap: 8px; }
            #filmstrip figure { margin: 0; background: #fff; padding: 4px; }
            #filmstrip svg { width: 120px; height: auto; display: block; }
            #filmstrip figcaption { font-size: 11px; }
            </style>
            </head>
            <body data-state="" data-time="0">
            <div id="stage">
            \(animatedSVG)</div>
            <main>
            <h1>\(xmlEscaped(timeline.title))</h1>
            <div class="row" id="transport">
            <button type="button" id="play-pause">Pause</button>
            <input type="range" id="scrubber" min="0" max="\(duration)" step="\(step)" value="0" aria-label="Time">
            <output id="time">0.000 s</output>
            <span>state: <output id="current-state"></output></span>
            </div>
            <div class="row" id="states">\(stateButtons.joined())</div>
            <div class="row" id="spans">\(spanButtons.joined())</div>
            <h2>Filmstrip</h2>
            <div id="filmstrip">\(filmstrip.joined())</div>
            </main>
            <script>
            (function () {
              "use strict";
              var duration = \(duration);
              var spans = [\(spanData.joined(separator: ", "))];
              var svg = document.querySelector("#stage svg");
              var scrubber = document.getElementById("scrubber");
              var timeOutput = document.getElementById("time");
              var stateOutput = document.getElementById("current-state");
              var playPause = document.getElementById("play-pause");
              var playing = true;
              var run = null;

              function show(t) {
                if (svg.setCurrentTime) svg.setCurrentTime(t);
                scrubber.value = t;
                timeOutput.textContent = t.toFixed(3) + " s";
                document.body.setAttribute("data-time", t.toFixed(3));
              }
              function setState(name) {
                stateOutput.textContent = name || "";
                document.body.setAttribute("data-state", name || "");
              }
              function pause() {
                if (svg.pauseAnimations) svg.pauseAnimations();
                playing = false;
                playPause.textContent = "Play";
              }
              function spanAt(t) {
                for (var i = 0; i < spans.length; i++) if (t >= spans[i].start && t < spans[i].end) return spans[i];
                return null;
              }
              function poseTime(state) {
                for (var i = 0; i < spans.length; i++) if (spans[i].kind === "pose" && spans[i].name === state) return spans[i].start;
                return null;
              }
              // A state with `play:` loops that timeline's span while it is shown.
              function loopPlayedTimeline(state) {
                var pose = null, played = null;
                for (var i = 0; i < spans.length; i++) if (spans[i].kind === "pose" && spans[i].name === state) pose = spans[i];
                if (!pose || !pose.plays) return;
                for (var j = 0; j < spans.length; j++) if (spans[j].kind === "timeline" && spans[j].name === pose.plays) played = spans[j];
                if (played) playSpan(played.start, played.end, true, null);
              }
              // Plays start…end in real time by stepping the paused SVG clock, then calls after().
              function playSpan(start, end, loops, after) {
                pause();
                run = { start: start, end: end, loops: loops, after: after, origin: null };
                show(start);
                later(tick);
              }
              // Next frame by requestAnimationFrame, or by a timer when frames are not being
              // produced (a hidden tab, a headless browser), so a transition always finishes.
              function later(callback) {
                var called = false;
                var once = function () { if (!called) { called = true; callback(performance.now()); } };
                requestAnimationFrame(once);
                setTimeout(once, 50);
              }
              function tick(now) {
                if (!run) return;
                if (run.origin === null) run.origin = now;
                var t = run.start + (now - run.origin) / 1000;
                if (t >= run.end) {
                  if (run.loops && run.end > run.start) { run.origin = now; t = run.start; }
                  else { var done = run; run = null; show(Math.max(done.start, done.end - 1e-4)); if (done.after) done.after(); return; }
                }
                show(t);
                later(tick);
              }
              function goToState(state) {
                var current = document.body.getAttribute("data-state");
                var transition = null;
                for (var i = 0; i < spans.length; i++) {
                  var s = spans[i];
                  if (s.kind !== "transition" || s.to !== state) continue;
                  if (s.from === current) { transition = s; break; }
                  if (!transition) transition = s;
                }
                var settle = function () { var p = poseTime(state); if (p !== null) show(p); setState(state); loopPlayedTimeline(state); };
                if (transition && current !== state) playSpan(transition.start, transition.end, false, settle);
                else { pause(); run = null; settle(); }
              }
              Array.prototype.forEach.call(document.querySelectorAll("#states button"), function (button) {
                button.addEventListener("click", function () { goToState(button.getAttribute("data-state")); });
              });
              spans.forEach(function (s) {
                document.getElementById(s.id).addEventListener("click", function () {
                  playSpan(s.start, s.end, s.loops, function () {
                    setState(s.kind === "pose" ? s.name : (s.kind === "transition" ? s.to : ""));
                  });
                  if (s.kind === "pose") setState(s.name);
                });
              });
              playPause.addEventListener("click", function () {
                if (playing) { pause(); return; }
                run = null;
                playing = true;
                playPause.textContent = "Pause";
                if (svg.unpauseAnimations) svg.unpauseAnimations();
                requestAnimationFrame(follow);
              });
              scrubber.addEventListener("input", function () {
                run = null;
                pause();
                var t = parseFloat(scrubber.value);
                show(t);
                var s = spanAt(t);
                if (s && s.kind === "pose") setState(s.name);
              });
              // While the SVG plays on its own clock, keep the scrubber and readouts in step.
              function follow() {
                if (!playing) return;
                var t = svg.getCurrentTime ? svg.getCurrentTime() : 0;
                if (duration > 0) t = t % duration;
                scrubber.value = t;
                timeOutput.textContent = t.toFixed(3) + " s";
                document.body.setAttribute("data-time", t.toFixed(3));
                requestAnimationFrame(follow);
              }
              var first = spanAt(0);
              setState(first && first.kind === "pose" ? first.name : "");
              requestAnimationFrame(follow);
            })();
            </script>
            </body>
            </html>

            """
    }

    /// A JavaScript string literal that is also safe inside an HTML `<script>` element:
    /// `TextEscaping.javaScriptString`.
    static func jsString(_ text: String) -> String { TextEscaping.javaScriptString(text) }
}
