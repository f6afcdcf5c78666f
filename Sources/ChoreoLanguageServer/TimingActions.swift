import ChoreoDiagnostics
import ChoreoJSON
import ChoreoScene

extension LanguageServer {
    /// Whether a 0-based line is inside the top-level `transitions:` or `timelines:` of the
    /// document's last tree: only there is the scene read for timing actions.
    func isTimingLine(_ line: Int, uri: String) -> Bool {
        guard case let .mapping(pairs)? = lastTree[uri]?.kind else { return false }
        return pairs.contains { pair in
            ["transitions", "timelines"].contains(pair.key.scalar?.value)
                && pair.value.range.start.line <= line + 1 && line + 1 <= pair.value.range.end.line
        }
    }

    /// The preview's hand edits as code actions (`refactor.rewrite`), for the transition, the node
    /// timing under its `nodes:` or the tween whose lines the requested range starts in (the
    /// innermost one): its duration halved or doubled, its delay removed or added, on whole frames
    /// in the unit the file writes; its easing changed to another named easing. Each is the edit
    /// the preview writes (`SceneDocument.edit(for:)`, `setting`), so a value from a var is changed
    /// at its definition and the title says how many places read it.
    func timingActions(_ scene: SceneDocument, in document: Document, line requestedLine: Int) -> [JSONValue] {
        guard scene.root != nil else { return [] }
        let outline = scene.timingOutline
        guard let bar = innermostBar(scene, outline: outline, line: requestedLine + 1) else { return [] }
        let label = bar.label
        var actions: [JSONValue] = []
        func offer(_ title: String, _ result: Result<SceneEdit, SceneEditFailure>) {
            guard case let .success(edit) = result, !edit.edits.isEmpty else { return }
            let places = edit.places > 1 ? " (\(edit.places) places read it)" : ""
            let edits: [JSONValue] = edit.edits.map { edit in
                .object([("range", document.range(edit.range, encoding: encoding)), ("newText", .string(edit.replacement))])
            }
            actions.append(.object([
                // A menu line: a name's control characters shown escaped, never obeyed.
                ("title", .string(TextEscaping.terminal(title + places))),
                ("kind", "refactor.rewrite"),
                ("edit", .object([("changes", .object([(document.uri, .array(edits))]))])),
            ]))
        }
        func time(_ seconds: Double) -> String {
            let frames = seconds * outline.fps
            var text = "\(((seconds * 1000).rounded() / 1000))"
            if text.hasSuffix(".0") { text.removeLast(2) }
            return text + "s" + (abs(frames - frames.rounded()) < 1e-6 ? "" : ", off a frame")
        }
        let fps = outline.fps
        func onFrame(_ seconds: Double) -> Double { (seconds * fps).rounded() / fps }
        func differs(_ a: Double, _ b: Double) -> Bool { abs(a - b) * fps > 1e-6 }
        if let duration = bar.bar.duration.seconds, duration > 0 {
            let path = bar.bar.duration.path
            for (word, factor) in [("faster", 0.5), ("slower", 2.0)] {
                let new = max(onFrame(duration * factor), 1 / fps)
                guard differs(new, duration) else { continue }
                offer("Retime \(label) \(word): duration \(time(duration)) → \(time(new))",
                    scene.edit(for: .time(path: path, seconds: new, snap: true, percentOf: nil)))
            }
            if differs(onFrame(duration), duration), onFrame(duration) > 0 {
                offer("Retime \(label): duration \(time(duration)) → \(time(onFrame(duration))) (a whole frame)",
                    scene.edit(for: .time(path: path, seconds: onFrame(duration), snap: true, percentOf: nil)))
            }
        }
        if let delay = bar.bar.delay.seconds {
            let path = bar.bar.delay.path
            if delay > 0 {
                offer("Retime \(label): no delay (was \(time(delay)))", scene.edit(for: .time(path: path, seconds: 0, snap: true, percentOf: nil)))
            } else if bar.bar.at == nil {
                let new = max(onFrame(0.1), 1 / fps)
                offer("Retime \(label): delay by \(time(new))", scene.edit(for: .time(path: path, seconds: new, snap: true, percentOf: nil)))
            }
        }
        if let easing = bar.bar.easing {
            for name in SceneVocabulary.easingNames where name != easing.text && name != "hold" {
                let value = SceneValue.text(name, .plain)
                let result: Result<SceneEdit, SceneEditFailure> =
                    scene.node(at: easing.path) != nil
                    ? scene.setting(easing.path, to: value) : scene.inserting(SceneKey.easing, value, into: easing.path.parent)
                offer("Change the easing of \(label) to \(name)" + (easing.text.map { " (was \($0))" } ?? ""), result)
            }
        }
        return actions
    }

    /// The transition, node timing or tween whose map holds the 1-based line, the innermost
    /// first, with what the titles call it.
    private func innermostBar(_ scene: SceneDocument, outline: SceneTimingOutline, line: Int) -> (bar: SceneTimingOutline.Bar, label: String)? {
        var best: (bar: SceneTimingOutline.Bar, label: String, lines: Int)?
        for item in outline.items {
            for bar in item.bars {
                guard let map = scene.node(at: bar.duration.path.parent) else { continue }
                let range = scene[map].range
                guard range.start.line <= line, line <= range.end.line else { continue }
                let lines = range.end.line - range.start.line
                if best == nil || lines < best!.lines {
                    let label: String
                    if item.kind == "transition" {
                        label = bar.label == "transition" ? "the transition \(item.title)" : "'\(bar.label)' in \(item.title)"
                    } else {
                        label = "\(bar.label) of timeline '\(item.title)'"
                    }
                    best = (bar, label, lines)
                }
            }
        }
        return best.map { ($0.bar, $0.label) }
    }
}
