import ChoreoJSON
import ChoreoSVG
import ChoreoTimeline

/// `choreo diff --html DIR`: one offline page per changed scene. For each transition and timeline
/// the diff reports, the old and the new span as filmstrips side by side, drawn as SVG snapshots
/// at the same instants after each span's start (the preview filmstrip's key instants of both
/// sides, so a peak either side has is shown on both); then the two interactive SVGs, to play.
/// Everything from the scene is escaped with `TextEscaping.xml`; each embedded SVG has its own id
/// prefix, as they share one document.
public enum DiffPage {
    /// `media`: the changed spans' before/after animations (`DiffMedia`), written beside the
    /// page, shown above each span's filmstrips.
    public static func html(_ diff: SceneDiff, old: Timeline, new: Timeline, media: [DiffMedia.Clip] = []) -> String {
        let title = "choreo diff: \(diff.name)"
        var body = "<h1>\(xml(title))</h1>\n<p class=\"files\">\(xml(diff.oldPath ?? "")) → \(xml(diff.newPath ?? ""))</p>\n"
        body += changeTable(diff)
        for (index, span) in changedSpans(diff, old: old, new: new).enumerated() {
            body += filmstrips(span: span, index: index, old: old, new: new, clip: media.first { $0.span == span })
        }
        body += "<h2>Interactive</h2>\n<div class=\"pair\">\n"
        body += "<figure class=\"before\"><figcaption>before</figcaption>\(SVGEmitter.interactive(old, idPrefix: "old-"))</figure>\n"
        body += "<figure class=\"after\"><figcaption>after</figcaption>\(SVGEmitter.interactive(new, idPrefix: "new-"))</figure>\n"
        body += "</div>\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(xml(title))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #1d1d1f; }
            table { border-collapse: collapse; margin-bottom: 2em; }
            td, th { border: 1px solid #d2d2d7; padding: 4px 8px; text-align: left; vertical-align: top; }
            .strips { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; align-items: center; }
            .strip { display: flex; gap: 8px; flex-wrap: wrap; }
            .strip figure, .pair figure { margin: 0; }
            .strip svg { width: 120px; height: auto; border: 1px solid #d2d2d7; }
            .pair { display: flex; gap: 32px; }
            .pair svg { width: 240px; height: auto; border: 1px solid #d2d2d7; }
            figcaption { font-size: 12px; color: #6e6e73; }
            .motion { margin: 0 0 12px; }
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    private static func xml(_ text: String) -> String { TextEscaping.xml(text) }

    private static func changeTable(_ diff: SceneDiff) -> String {
        var rows = "<table>\n<tr><th>Line</th><th>Change</th></tr>\n"
        for change in diff.changes {
            rows += "<tr><td>\(change.range.map { String($0.start.line) } ?? "")</td><td>\(xml(change.summary))</td></tr>\n"
        }
        return rows + "</table>\n"
    }

    /// The spans of the transitions and timelines with a change, present on both sides, in NEW's order.
    static func changedSpans(_ diff: SceneDiff, old: Timeline, new: Timeline) -> [String] {
        let named = Set(diff.changes.filter { $0.area == .transition || $0.area == .timeline }.map(\.subject))
        var spans = new.spans.filter { $0.kind != .pose && named.contains($0.name) && old.span(named: $0.name) != nil }.map(\.name)
        // A pose change moves every transition into or out of that state (a var's change, each
        // pose it explains).
        let poses = diff.changes.flatMap { [$0] + $0.explains }.filter { $0.area == .pose }
        let posed = Set(poses.compactMap { $0.subject.split(separator: ".").first.map(String.init) })
        if let machine = new.stateMachine {
            for transition in machine.transitions where (posed.contains(transition.from) || posed.contains(transition.to))
                && !spans.contains(transition.span) && old.span(named: transition.span) != nil
            {
                spans.append(transition.span)
            }
        }
        return spans
    }

    private static func filmstrips(span name: String, index: Int, old: Timeline, new: Timeline, clip: DiffMedia.Clip?) -> String {
        guard let oldSpan = old.span(named: name), let newSpan = new.span(named: name) else { return "" }
        var offsets = Set<Int>()
        let fps = max(new.fps, 1)
        for (timeline, span) in [(old, oldSpan), (new, newSpan)] {
            for instant in PreviewPage.keyInstants(timeline, span: span) {
                offsets.insert(Int(((instant.time - span.start) * fps).rounded()))
            }
        }
        let frames = offsets.sorted()
        func strip(_ timeline: Timeline, _ span: Span, side: String) -> String {
            var out = "<div class=\"strip\">"
            for (frameIndex, frame) in frames.enumerated() {
                let offset = Double(frame) / fps
                let last = max(span.start, span.end - 1 / max(timeline.fps, 1))
                let time = min(span.start + offset, last)
                let svg = SVGEmitter.snapshot(timeline, at: time, idPrefix: "\(side)\(index)-\(frameIndex)-")
                let past = span.start + offset > last + 1e-9 ? " (ended)" : ""
                out += "<figure>\(svg)<figcaption>\(xml(formatNumber(offset))) s\(past)</figcaption></figure>"
            }
            return out + "</div>"
        }
        let motion = clip.map { clip in
            "<figure class=\"motion\"><img src=\"\(xml(clip.fileStem)).webp\" alt=\"\(xml(name)): before and after\">"
                + "<figcaption>before | after · <a href=\"\(xml(clip.fileStem)).png\">still</a></figcaption></figure>\n"
        } ?? ""
        return """
            <h2>\(xml(name))</h2>
            \(motion)<div class="strips">
            <div>before</div>\(strip(old, oldSpan, side: "b"))
            <div>after</div>\(strip(new, newSpan, side: "a"))
            </div>

            """
    }
}
