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
    /// Set only on a `too-many-diagnostics` note: the diagnostics it stands for.
    public var omitted: OmittedDiagnostics?

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
        // A file's omission summary comes after everything shown for it.
        if (a.omitted == nil) != (b.omitted == nil) { return b.omitted != nil }
        if a.range.start != b.range.start { return a.range.start < b.range.start }
        if a.severity != b.severity { return a.severity < b.severity }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}

/// The most diagnostics kept and printed for one file (docs/limits.md). One hostile line can hold
/// thousands of mistakes; past this the rest are only counted, and summed up in one note.
public let maxReportedDiagnosticsPerFile = 200

/// The diagnostics of one file left out past the cap, counted by severity. Carried by the
/// `too-many-diagnostics` note that stands for them, so a run still fails on the ones not shown.
public struct OmittedDiagnostics: Hashable, Sendable {
    public var count = 0
    public var errors = 0
    public var warnings = 0

    public init() {}

    mutating func add(_ severity: Severity) {
        count += 1
        if severity == .error { errors += 1 } else if severity == .warning { warnings += 1 }
    }

    mutating func add(_ other: OmittedDiagnostics) {
        count += other.count
        errors += other.errors
        warnings += other.warnings
    }
}

extension Diagnostic {
    /// The note that stands for a file's omitted diagnostics, at the first of them.
    static func omissionSummary(_ omitted: OmittedDiagnostics, file: String, at range: SourceRange, limit: Int) -> Diagnostic {
        var summary = Diagnostic(
            .note, rule: .tooManyDiagnostics,
            "\(omitted.count) more diagnostics in this file are not shown (\(omitted.errors) of them errors); only the first \(limit) are",
            file: file, range: range, help: "fix these first, then run again")
        summary.omitted = omitted
        return summary
    }
}

extension Array where Element == Diagnostic {
    /// Errors among these, or among the diagnostics an omission summary stands for.
    public var hasErrors: Bool { contains { $0.severity == .error || ($0.omitted?.errors ?? 0) > 0 } }

    /// Warnings among these, or among the diagnostics an omission summary stands for.
    public var hasWarnings: Bool { contains { $0.severity == .warning || ($0.omitted?.warnings ?? 0) > 0 } }

    /// At most `limit` diagnostics of each file (those first in report order), and for a file with
    /// more a final note (rule `too-many-diagnostics`, at the first one left out) saying how many
    /// more there are and how many of them are errors. Files keep the order given.
    public func cappedPerFile(_ limit: Int = maxReportedDiagnosticsPerFile) -> [Diagnostic] {
        var bags: [String: DiagnosticBag] = [:]
        var order: [String] = []
        for diagnostic in self {
            if bags[diagnostic.file] == nil {
                bags[diagnostic.file] = DiagnosticBag(file: diagnostic.file, limit: limit)
                order.append(diagnostic.file)
            }
            bags[diagnostic.file]!.append(diagnostic)
        }
        return order.flatMap { bags[$0]!.diagnostics }
    }

    /// Sorted in report order with exact repeats removed.
    public func sortedForReport() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return sorted(by: Diagnostic.reportOrder).filter { seen.insert($0).inserted }
    }
}

/// Collects diagnostics for one file while a stage runs, keeping at most `limit` of them: those
/// first in report order (exact repeats removed). The rest are counted, by severity, and come back
/// as one `too-many-diagnostics` note, so memory stays bounded however many a file produces.
public struct DiagnosticBag: Sendable {
    public let file: String
    public let limit: Int
    /// Unsorted; sorted and cut back to `limit` whenever it holds twice that.
    private var held: [Diagnostic] = []
    /// The last diagnostic kept once the bag has had to leave some out: anything after it is out.
    private var lastKept: Diagnostic?
    private var omitted = OmittedDiagnostics()
    private var firstOmitted: SourceRange?
    /// Every error added, kept or not.
    public private(set) var errorCount = 0

    public init(file: String, limit: Int = maxReportedDiagnosticsPerFile) {
        self.file = file
        self.limit = limit
    }

    /// The kept diagnostics in report order, then the summary of the omitted ones if any.
    public var diagnostics: [Diagnostic] {
        var kept = held.sortedForReport()
        var omitted = omitted, firstOmitted = firstOmitted
        if kept.count > limit {
            for diagnostic in kept[limit...] { Self.omit(diagnostic, into: &omitted, first: &firstOmitted) }
            kept.removeSubrange(limit...)
        }
        if omitted.count > 0, let firstOmitted {
            kept.append(.omissionSummary(omitted, file: file, at: firstOmitted, limit: limit))
        }
        return kept
    }

    public var hasErrors: Bool { errorCount > 0 }

    /// Whether a diagnostic starting at `location` would certainly be left out: callers skip
    /// costly work (suggestions) for it and call `countOmitted` instead.
    public func omits(at location: SourceLocation) -> Bool {
        guard let lastKept else { return false }
        return lastKept.range.start < location
    }

    /// A diagnostic `omits(at:)` said would be left out, counted without being made.
    public mutating func countOmitted(_ severity: Severity, at range: SourceRange) {
        if severity == .error { errorCount += 1 }
        Self.omit(severity: severity, range: range, into: &omitted, first: &firstOmitted)
    }

    public mutating func error(
        _ rule: Rule, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil,
        fixIts: [FixIt] = []
    ) {
        append(Diagnostic(.error, rule: rule, message, file: file, range: range, notes: notes, help: help, fixIts: fixIts))
    }

    public mutating func warning(
        _ rule: Rule, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil,
        fixIts: [FixIt] = []
    ) {
        append(Diagnostic(.warning, rule: rule, message, file: file, range: range, notes: notes, help: help, fixIts: fixIts))
    }

    /// Adds a diagnostic; another bag's omission summary adds the diagnostics it stands for.
    public mutating func append(_ diagnostic: Diagnostic) {
        if let other = diagnostic.omitted {
            errorCount += other.errors
            omitted.add(other)
            if firstOmitted.map({ diagnostic.range.start < $0.start }) ?? true { firstOmitted = diagnostic.range }
            return
        }
        if diagnostic.severity == .error { errorCount += 1 }
        if let lastKept, !Diagnostic.reportOrder(diagnostic, lastKept) {
            if diagnostic != lastKept { Self.omit(diagnostic, into: &omitted, first: &firstOmitted) }
            return
        }
        held.append(diagnostic)
        if held.count >= 2 * max(limit, 1) {
            held = held.sortedForReport()
            if held.count > limit {
                for diagnostic in held[limit...] { Self.omit(diagnostic, into: &omitted, first: &firstOmitted) }
                held.removeSubrange(limit...)
                lastKept = held.last
            }
        }
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        for diagnostic in other { append(diagnostic) }
    }

    private static func omit(_ diagnostic: Diagnostic, into omitted: inout OmittedDiagnostics, first: inout SourceRange?) {
        omit(severity: diagnostic.severity, range: diagnostic.range, into: &omitted, first: &first)
    }

    private static func omit(severity: Severity, range: SourceRange, into omitted: inout OmittedDiagnostics, first: inout SourceRange?) {
        omitted.add(severity)
        if first.map({ range.start < $0.start }) ?? true { first = range }
    }
}
