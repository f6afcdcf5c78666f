import ChoreoDiagnostics
import ChoreoSceneModel

/// One fix-it `fixScene` applied: where it was (in the text of the round it was applied in), the
/// text it replaced and the text it wrote.
public struct AppliedFix: Sendable, Equatable {
    public var rule: Rule
    public var location: SourceLocation
    public var message: String
    public var old: String
    public var new: String
}

/// The result of `fixScene`: the final text, what changed, and the diagnostics that are left.
public struct SceneFixResult: Sendable {
    public var file: SourceFile
    public var applied: [AppliedFix]
    public var remaining: [Diagnostic]
    /// Whether the text differs from the input.
    public var changed: Bool
}

/// Applies the fix-its of a scene's diagnostics until none is left or `maxRounds` is reached.
///
/// Each round compiles the current text, takes the first fix-it of every diagnostic in report
/// order, keeps only those that overlap none already kept (two fixes of one place would each
/// assume the other had not happened), applies them together and compiles again: a fix can
/// reveal or resolve other problems, and a skipped overlapping fix gets its turn on the new text
/// if its diagnostic is still there. Pure: the caller decides whether to write the result.
public func fixScene(
    _ file: SourceFile, maxRounds: Int = 8,
    diagnose: (SourceFile) -> [Diagnostic] = { compileScene($0).diagnostics }
) -> SceneFixResult {
    var current = file
    var applied: [AppliedFix] = []
    var diagnostics = diagnose(current)
    var seenTexts: Set<String> = [current.text]
    for _ in 0..<maxRounds {
        var chosen: [(Diagnostic, FixIt)] = []
        for diagnostic in diagnostics {
            guard let fixIt = diagnostic.fixIts.first(where: { !$0.isSuggestion }), !fixIt.edits.isEmpty else { continue }
            if chosen.contains(where: { $0.1.overlaps(fixIt) }) { continue }
            chosen.append((diagnostic, fixIt))
        }
        guard !chosen.isEmpty, let text = current.applying(chosen.flatMap(\.1.edits)) else { break }
        // A fix that brings back an earlier text would loop; stop instead.
        guard seenTexts.insert(text).inserted else { break }
        for (diagnostic, fixIt) in chosen {
            for edit in fixIt.edits {
                applied.append(AppliedFix(
                    rule: diagnostic.rule, location: edit.range.start, message: fixIt.message,
                    old: current.text(in: edit.range) ?? "", new: edit.replacement))
            }
        }
        current = SourceFile(path: file.path, text: text)
        diagnostics = diagnose(current)
    }
    return SceneFixResult(file: current, applied: applied, remaining: diagnostics, changed: current.text != file.text)
}
