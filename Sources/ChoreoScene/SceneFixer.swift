import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoSceneSyntax

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
/// Each round compiles the current text, applies the fix-its `SceneDocument.fixItsToApply`
/// chooses together, and compiles again: a fix can reveal or resolve other problems. Pure: the
/// caller decides whether to write the result.
public func fixScene(
    _ file: SourceFile, maxRounds: Int = 8,
    diagnose: (SourceFile) -> [Diagnostic] = { compileScene($0).diagnostics }
) -> SceneFixResult {
    var current = file
    var applied: [AppliedFix] = []
    var diagnostics = diagnose(current)
    var seenTexts: Set<String> = [current.text]
    for _ in 0..<maxRounds {
        let chosen = SceneDocument.fixItsToApply(diagnostics)
        guard !chosen.isEmpty, let text = current.applying(chosen.flatMap(\.fixIt.edits)) else { break }
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
