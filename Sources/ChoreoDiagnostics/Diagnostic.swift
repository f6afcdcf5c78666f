public enum Severity: String, Sendable, Hashable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A related place that explains a diagnostic: the first definition of a duplicate, an anchor.
public struct Note: Hashable, Sendable {
    public var message: String
    /// Nil when the note is about the file as a whole.
    public var range: SourceRange?

    public init(_ message: String, at range: SourceRange?) {
        self.message = message
        self.range = range
    }
}

/// One problem found in a scene file. The library produces these as values; only the CLI prints.
///
/// `rule` is a case of the catalogue `Rule`, whose raw value is the stable id documented in
/// `docs/diagnostics.md` (for example `unknown-key`); tools and tests match on it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var rule: Rule
    public var severity: Severity
    public var message: String
    /// The path of the file as the user gave it.
    public var file: String
    public var range: SourceRange
    public var notes: [Note]
    /// A suggestion shown as `= help: …`, for example "did you mean 'rotation'?".
    public var help: String?
    /// Mechanical changes that resolve the problem (`choreo lint --fix`, editor code actions).
    public var fixIts: [FixIt]

    public init(
        _ severity: Severity, rule: Rule, _ message: String, file: String, range: SourceRange,
        notes: [Note] = [], help: String? = nil, fixIts: [FixIt] = []
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.help = help
        self.fixIts = fixIts
    }

    public var description: String {
        "\(file):\(range.start.line):\(range.start.column): \(severity.rawValue): \(message) [\(rule)]"
    }

    /// The order diagnostics are reported in: by file, position, then severity and rule, so that
    /// a run's output never depends on the order checks happened to run in.
    public static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.range.start != b.range.start { return a.range.start < b.range.start }
        if a.severity != b.severity { return a.severity < b.severity }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}

/// The most diagnostics the CLI prints for one file (docs/limits.md). One hostile line can hold
/// thousands of mistakes; past this the rest are summed up in one note.
public let maxReportedDiagnosticsPerFile = 200

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// At most `limit` diagnostics of each file, in the order given, and for a file with more a
    /// final note (rule `too-many-diagnostics`, at the first one left out) saying how many more
    /// there are and whether errors are among them. Output per file stays bounded whatever the
    /// input; whether the file fails is decided on the full list.
    public func cappedPerFile(_ limit: Int = maxReportedDiagnosticsPerFile) -> [Diagnostic] {
        var counts: [String: Int] = [:]
        var omitted: [String: (first: Diagnostic, count: Int, errors: Int)] = [:]
        var kept: [Diagnostic] = []
        var order: [String] = []
        for diagnostic in self {
            let count = counts[diagnostic.file, default: 0]
            counts[diagnostic.file] = count + 1
            if count < limit {
                kept.append(diagnostic)
            } else if var entry = omitted[diagnostic.file] {
                entry.count += 1
                entry.errors += diagnostic.severity == .error ? 1 : 0
                omitted[diagnostic.file] = entry
            } else {
                omitted[diagnostic.file] = (diagnostic, 1, diagnostic.severity == .error ? 1 : 0)
                order.append(diagnostic.file)
            }
        }
        guard !omitted.isEmpty else { return self }
        var result: [Diagnostic] = []
        for diagnostic in kept {
            result.append(diagnostic)
        }
        // Each file's summary goes right after that file's last kept diagnostic.
        for file in order {
            let entry = omitted[file]!
            let summary = Diagnostic(
                .note, rule: .tooManyDiagnostics,
                "\(entry.count) more diagnostics in this file are not shown (\(entry.errors) of them errors); only the first \(limit) are",
                file: file, range: entry.first.range, help: "fix these first, then run again")
            let index = (result.lastIndex { $0.file == file }).map { $0 + 1 } ?? result.endIndex
            result.insert(summary, at: index)
        }
        return result
    }

    /// Sorted in report order with exact repeats removed.
    public func sortedForReport() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return sorted(by: Diagnostic.reportOrder).filter { seen.insert($0).inserted }
    }
}

/// Collects diagnostics for one file while a stage runs.
public struct DiagnosticBag: Sendable {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String) { self.file = file }

    public mutating func error(
        _ rule: Rule, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil,
        fixIts: [FixIt] = []
    ) {
        diagnostics.append(
            Diagnostic(.error, rule: rule, message, file: file, range: range, notes: notes, help: help, fixIts: fixIts))
    }

    public mutating func warning(
        _ rule: Rule, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil,
        fixIts: [FixIt] = []
    ) {
        diagnostics.append(
            Diagnostic(.warning, rule: rule, message, file: file, range: range, notes: notes, help: help, fixIts: fixIts))
    }

    public mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    public mutating func append(contentsOf other: [Diagnostic]) { diagnostics.append(contentsOf: other) }

    public var hasErrors: Bool { diagnostics.hasErrors }
}
