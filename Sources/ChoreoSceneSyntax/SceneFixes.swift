import ChoreoDiagnostics

// Fix-its and `SceneEdit`s are one kind of change: a fix-it is the edit a diagnostic offers,
// `lint --fix` applies the ones chosen here and the language server offers each as a code action.

extension SceneEdit {
    /// A diagnostic's fix-it as an edit of the document it was made for: its text edits, and how
    /// many places of the scene read the text they change (a var's value is read wherever the
    /// var is used).
    public init(_ fixIt: FixIt, in document: SceneDocument) {
        var places = 1
        var target = document.root ?? SceneNodeID(index: 0)
        for edit in fixIt.edits {
            guard let node = document.innermostNode(containing: edit.range) else { continue }
            let count = document.places(readingDefinition: node)
            if count > places {
                places = count
                target = node
            } else if edit == fixIt.edits.first {
                target = node
            }
        }
        self.init(message: fixIt.message, edits: fixIt.edits, places: places, target: target)
    }

    /// The title a code action shows: the fix-it's message, and how many places it changes when
    /// that is more than the one where it is written.
    public var title: String { places > 1 ? "\(message) (read in \(places) places)" : message }
}

extension SceneDocument {
    /// The innermost value whose text holds `range` (a key's value, a list item, a scalar).
    public func innermostNode(containing range: SourceRange) -> SceneNodeID? {
        guard let start = file.utf8Offset(of: range.start), let end = file.utf8Offset(of: range.end) else { return nil }
        var best: SceneNodeID?
        for id in allNodes {
            let bytes = self[id].bytes
            guard bytes.lowerBound <= start, end <= bytes.upperBound else { continue }
            if let current = best, self[current].bytes.count <= bytes.count { continue }
            best = id
        }
        return best
    }

    /// The fix-its `lint --fix` applies together in one round: each diagnostic's first fix-it that
    /// is not a suggestion, in report order, skipping one that overlaps one already chosen (two
    /// fixes of one place would each assume the other had not happened; a skipped one gets its
    /// turn on the new text if its diagnostic is still there).
    public static func fixItsToApply(_ diagnostics: [Diagnostic]) -> [(diagnostic: Diagnostic, fixIt: FixIt)] {
        var chosen: [(diagnostic: Diagnostic, fixIt: FixIt)] = []
        for diagnostic in diagnostics {
            guard let fixIt = diagnostic.fixIts.first(where: { !$0.isSuggestion }), !fixIt.edits.isEmpty else { continue }
            if chosen.contains(where: { $0.fixIt.overlaps(fixIt) }) { continue }
            chosen.append((diagnostic, fixIt))
        }
        return chosen
    }

    /// The text with several edits made at once; nil when two of them overlap or one leaves the file.
    public func applying(_ edits: [SceneEdit]) -> String? {
        file.applying(edits.flatMap(\.edits))
    }
}
