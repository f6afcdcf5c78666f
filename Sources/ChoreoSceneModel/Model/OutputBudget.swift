import ChoreoDiagnostics

/// The most bytes a compiled Lottie, TGS or dotLottie file may have, and where it was written
/// (the diagnostic of a file over it points there).
public struct OutputBudget: Sendable, Hashable {
    public var bytes: Int
    public var range: SourceRange

    public init(bytes: Int, range: SourceRange) {
        self.bytes = bytes
        self.range = range
    }
}
