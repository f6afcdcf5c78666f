import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// `exit: now | cycle-end` on a transition (contract §16): when a transition out of a state that
/// loops a timeline starts. Read with the transition; whether its state loops is a check of the
/// model (`Scene.loopExitFindings`).
extension FrontendContext {
    func readLoopExit(_ entry: MapEntry, into transition: inout SceneTransition) {
        guard let exit = keyword(entry.value, what: "exit", options: LoopExit.allCases.map { ($0.rawValue, $0) }) else { return }
        transition.exit = exit
        transition.exitSource = SceneTransition.ExitSource(range: entry.key.reportRange, removal: removing(entry))
    }

    /// A fix-it deleting a map entry written on one line: the whole line in a block map, the entry
    /// with its separating comma in a flow map; none when the entry spans lines.
    func removing(_ entry: MapEntry) -> [FixIt] {
        let start = entry.key.range.start, end = entry.value.range.end
        guard entry.key.alias == nil, entry.value.alias == nil, start.line == end.line else { return [] }
        let line = Array(file.line(start.line).unicodeScalars)
        guard start.column >= 1, end.column - 1 <= line.count else { return [] }
        let before = line[..<(start.column - 1)], after = line[(end.column - 1)...]
        func blank(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool { scalars.allSatisfy { $0 == " " || $0 == "\t" } }
        let message = "remove '\(entry.name)'"
        if blank(before), blank(after) || after.first(where: { $0 != " " && $0 != "\t" }) == "#" {
            let range = SourceRange(
                start: SourceLocation(line: start.line, column: 1), end: SourceLocation(line: start.line + 1, column: 1))
            return [FixIt.replace(range, with: "", message: message)]
        }
        // In a flow map: from the comma before the entry (or up to the comma after it).
        if let comma = before.lastIndex(where: { $0 != " " && $0 != "\t" }), line[comma] == "," {
            let range = SourceRange(start: SourceLocation(line: start.line, column: comma + 1), end: end)
            return [FixIt.replace(range, with: "", message: message)]
        }
        if let comma = after.firstIndex(where: { $0 != " " && $0 != "\t" }), line[comma] == "," {
            var next = comma + 1
            while next < line.count, line[next] == " " { next += 1 }
            let range = SourceRange(start: start, end: SourceLocation(line: start.line, column: next + 1))
            return [FixIt.replace(range, with: "", message: message)]
        }
        return []
    }
}
