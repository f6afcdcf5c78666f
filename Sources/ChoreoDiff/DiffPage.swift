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
        var stills = StillBudget()
        let spans = changedSpans(diff, old: old, new: new)
        for (index, span) in spans.enumerated() {
            let share = stills.left / (spans.count - index)
            body += filmstrips(span: span, index: index, old: old, new: new, clip: media.first { $0.span == span }, stills: &stills, share: share)
        }
        if stills.omitted > 0 {
            body += "<p class=\"filmstrip-note\">\(stills.shown) of \(stills.shown + stills.omitted) stills shown: the page holds at most \(PreviewPage.maximumFilmstripBytes >> 20) MiB of stills</p>\n"
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

    /// The stills the page's filmstrips hold, in the preview's filmstrip budget
    /// (`PreviewPage.maximumFilmstripBytes`): every still draws the whole scene, so two scenes of
    /// many copies with many changed spans made a page of hundreds of megabytes. Each span's
    /// pair of strips is given an even share of what is left (`share`), judged from its first
    /// pair of stills, and every still is counted as it is drawn.
    struct StillBudget {
        var bytes = 0
        var shown = 0
        var omitted = 0
        var left: Int { PreviewPage.maximumFilmstripBytes - bytes }
    }

    private static func filmstrips(
        span name: String, index: Int, old: Timeline, new: Timeline, clip: DiffMedia.Clip?, stills: inout StillBudget, share: Int
    ) -> String {
        guard let oldSpan = old.span(named: name), let newSpan = new.span(named: name) else { return "" }
        var offsets = Set<Int>()
        let fps = max(new.fps, 1)
        for (timeline, span) in [(old, oldSpan), (new, newSpan)] {
            for instant in PreviewPage.keyInstants(timeline, span: span) {
                offsets.insert(Int(((instant.time - span.start) * fps).rounded()))
            }
        }
        let wanted = offsets.sorted()
        guard !wanted.isEmpty else { return "" }
        func still(_ timeline: Timeline, _ span: Span, side: String, frame: Int, position: Int) -> String {
            let offset = Double(frame) / fps
            let last = max(span.start, span.end - 1 / max(timeline.fps, 1))
            let time = min(span.start + offset, last)
            let svg = SVGEmitter.snapshot(timeline, at: time, idPrefix: "\(side)\(index)-\(position)-")
            let past = span.start + offset > last + 1e-9 ? " (ended)" : ""
            return "<figure>\(svg)<figcaption>\(xml(formatNumber(offset))) s\(past)</figcaption></figure>"
        }
        // The first pair of stills, drawn when there is room left for a pair, tells their size.
        guard stills.left > 0, stills.bytes == 0 || stills.left >= stills.bytes / max(stills.shown / 2, 1) else {
            stills.omitted += 2 * wanted.count
            return "<h2>\(xml(name))</h2>\n<p class=\"filmstrip-note\">no room left for this span's stills</p>\n"
        }
        var oldStrip = [still(old, oldSpan, side: "b", frame: wanted[0], position: 0)]
        var newStrip = [still(new, newSpan, side: "a", frame: wanted[0], position: 0)]
        let perPair = max(1, oldStrip[0].utf8.count + newStrip[0].utf8.count)
        stills.bytes += perPair
        stills.shown += 2
        let pairs = min(wanted.count, max(1, (share + perPair) / perPair))
        for position in PreviewPage.spread(pairs, of: wanted.count).dropFirst() {
            let before = still(old, oldSpan, side: "b", frame: wanted[position], position: position)
            let after = still(new, newSpan, side: "a", frame: wanted[position], position: position)
            // Stills of one scene differ only in their numbers, but the budget is kept whatever.
            guard stills.bytes + before.utf8.count + after.utf8.count <= PreviewPage.maximumFilmstripBytes else { break }
            stills.bytes += before.utf8.count + after.utf8.count
            stills.shown += 2
            oldStrip.append(before)
            newStrip.append(after)
        }
        stills.omitted += 2 * (wanted.count - oldStrip.count)
        func strip(_ figures: [String]) -> String { "<div class=\"strip\">" + figures.joined() + "</div>" }
        let motion = clip.map { clip in
            "<figure class=\"motion\"><img src=\"\(xml(clip.fileStem)).webp\" alt=\"\(xml(name)): before and after\">"
                + "<figcaption>before | after · <a href=\"\(xml(clip.fileStem)).png\">still</a></figcaption></figure>\n"
        } ?? ""
        return """
            <h2>\(xml(name))</h2>
            \(motion)<div class="strips">
            <div>before</div>\(strip(oldStrip))
            <div>after</div>\(strip(newStrip))
            </div>

            """
    }
}
