import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML
import Foundation

/// The state shared by every part of the front end while one file is decoded: the diagnostics found
/// so far, the evaluated vars, and the names of things that failed to decode (so that references to
/// them stay quiet instead of cascading into a second, misleading error).
package final class FrontendContext {
    let file: SourceFile
    /// Written only through `error` and `warning`, which keep `errorCount` in step.
    private(set) var bag: DiagnosticBag
    /// The errors in `bag` so far, counted as they are added: callers read it after every node, so
    /// recounting the bag each time would make a file with many errors quadratic.
    private(set) var errorCount: Int
    var environment = ValueEnvironment()
    /// Vars whose definition was broken: expressions that use them are skipped silently.
    var poisonedVars: Set<String> = []
    /// A theme's values, read in place of the vars' own (compiling the scene in that theme).
    var varOverrides: [String: YAMLNode] = [:]
    /// `inputs:`, read before the layers, whose bindings look them up.
    var inputs: [MachineInput] = []
    /// The input values bindings and live texts are compiled at (each input's default where not
    /// given).
    var inputValues: [String: InputValue] = [:]
    /// A choice's or boolean's bindings as a blend of their values, a weight per value (row order),
    /// in place of one value: how `attachTokens` measures them where no value is special.
    var inputBlends: [String: [Double]] = [:]
    /// The node being read, whose animatable values may be bindings (`bindable`).
    var bindingNode: String?
    /// The value being read when it may be a binding.
    var bindingTarget: BindingTarget?
    /// Every binding read, in file order.
    var bindingSites: [SceneBinding] = []
    /// Where each var is defined, for notes.
    var varRanges: [String: SourceRange] = [:]
    /// Vars that hold an easing, a stroke or a gradient (contract §10), read where they are defined.
    var styleVars: [String: StyleVar] = [:]
    /// Vars that hold path data or a points list (contract §16), read again at each use.
    var pathVars: [String: PathVar] = [:]
    /// Vars that hold a map whose keys name no kind of style (`{duration: 0.3s, easing: snappy}`,
    /// parked for a YAML alias): never read as a value; a `$name` use of one is reported there.
    var undecidedMapVars: [String: YAMLNode] = [:]
    /// The alias and var names the file's text holds (`isUsedOnlyThroughAlias`), once found.
    var referencesInFile: (aliases: Set<String>, vars: Set<String>)?
    /// Node ids kept out of the scene by an error already reported (`SceneTree.unavailableNodeIDs`).
    var unavailableNodeIDs: Set<String> = []
    /// The names `inputs:` declares, known before the layers are read.
    var inputNames: Set<String> = []

    /// Text the YAML reader already reported as broken (a plain scalar cut short by a comma in a
    /// flow collection): problems found inside it are consequences, not news, and stay unreported.
    private let brokenText: [SourceRange]
    /// True once a transition failed to decode, so that states it would have reached are not
    /// reported as unreachable on top of the real error.
    var transitionFailed = false
    /// Where each var that evaluated is defined (its key and its value), for diagnostics at the var.
    var varDefinitions: [String: (key: YAMLNode, value: YAMLNode)] = [:]
    /// Uses of a bare `$var` whose unit does not fit the field, by var: reported once, at the var,
    /// by `reportVarUnitMisfits` (the var is what is wrong, not each use).
    private var varUnitMisfits: [String: [(range: SourceRange, expected: Dimension)]] = [:]

    /// Counts a use of a var whose definition was reported as an error (callers check
    /// `errorCount`, so the node is not built half-read); the use is not reported again.
    func countUseOfReportedVar() {
        errorCount += 1
    }

    /// Counts a misfit use as an error now (callers check `errorCount`); it is reported at the end.
    func recordVarUnitMisfit(_ name: String, at range: SourceRange, expected: Dimension) {
        varUnitMisfits[name, default: []].append((range, expected))
        errorCount += 1
    }

    /// One error per var whose unit does not fit its uses, at the var, with a note at each use and,
    /// when every use wants the same unit and the var is a plain number, the unit as a fix-it.
    func reportVarUnitMisfits() {
        for (name, uses) in varUnitMisfits.sorted(by: { $0.key < $1.key }) {
            guard let definition = varDefinitions[name], case let .quantity(quantity)? = environment.vars[name] else { continue }
            var wanted: [Dimension] = []
            for use in uses where !wanted.contains(use.expected) { wanted.append(use.expected) }
            let wantedText = wanted.map { $0.article }.joined(separator: " and as ")
            let notes = uses.map { Note("used here as \($0.expected.article)", at: $0.range) }
            let range = definition.value.reportRange
            if quantity.dimension == .number {
                var help: String?
                var fixIts: [FixIt] = []
                let literal = definition.value.scalar?.value.trimmingCharacters(in: .whitespaces) ?? ""
                // Only when these uses are all the var's uses: adding a unit would break any other.
                let mentions = (1...max(1, file.lineCount)).reduce(0) { count, line in
                    count + variableReferences(in: withoutComment(file.line(line))).count { $0.name == name }
                }
                if wanted.count == 1, Double(literal) != nil, mentions == uses.count {
                    if wanted[0] == .time, let repair = BareTimeRepair(literal) {
                        help = repair.isSuggestion ? repair.help : "give the var its unit: '\(literal)s'"
                        fixIts = self.fixIts(repair, over: definition.value)
                    } else if wanted[0] == .angle {
                        help = "give the var its unit: '\(literal)deg'"
                        fixIts = replacing(definition.value, with: literal + "deg", message: "add the unit: '\(literal)deg'")
                    }
                }
                errorDeferred(
                    .missingUnit, "'$\(name)' is a bare number, but it is used as \(wantedText)", at: range,
                    notes: notes, help: help ?? "give the var the unit its uses need", fixIts: fixIts)
            } else {
                errorDeferred(
                    .wrongUnit, "'$\(name)' is \(quantity.dimension.article), but it is used as \(wantedText)", at: range,
                    notes: notes, help: "use a var of the right unit in those places, or change this one")
            }
        }
        varUnitMisfits = [:]
    }

    /// An error already counted in `errorCount` (by `recordVarUnitMisfit`).
    private func errorDeferred(
        _ rule: Rule, _ message: String, at range: SourceRange, notes: [Note], help: String?, fixIts: [FixIt] = []
    ) {
        bag.error(rule, message, at: range, notes: notes, help: help, fixIts: fixIts)
    }

    /// Path vertices decoded so far, against `SceneLimits.maxPathVertices`.
    var pathVertexCount = 0
    /// `fonts:`, by name, and the font files read (for depfiles and watching).
    var fonts = SceneFonts()
    /// What reads the font files `fonts:` names; nil makes each an error.
    var files: (any SceneFileAccess)?
    /// Text nodes' settings and the texts states give them.
    var texts = SceneTexts()
    var reportedTooManyVertices = false

    package init(file: SourceFile, bag: DiagnosticBag) {
        self.file = file
        self.bag = bag
        errorCount = bag.errorCount
        brokenText = bag.diagnostics.filter { $0.rule == .yamlSyntax && $0.range.start != $0.range.end }.map(\.range)
        undefinedAliases = Set(bag.diagnostics.filter { $0.rule == .undefinedAlias }.map(\.range))
    }

    /// `*name` uses that name no anchor: the node there is empty, and what the schema would say
    /// about it ("found nothing", a missing key) is a consequence, not news.
    private let undefinedAliases: Set<SourceRange>

    /// Whether the YAML reader reported broken text or an undefined alias, which reading a node
    /// looks up: a layer kept from a build without them could read differently.
    var hasYAMLProblems: Bool { !brokenText.isEmpty || !undefinedAliases.isEmpty }

    /// The layers of the document's last build, when the caller keeps them (`LayerReadCache`).
    var layerCache: LayerReadCache?
    /// The top-level layers this build took from `layerCache`, whose styles are resolved.
    var layersTakenResolved: Set<ObjectIdentifier> = []
    /// The top-level layers this build read that `layerCache` may keep, by their index in `layers:`.
    var layersToKeep: [ObjectIdentifier: Int] = [:]
    /// How many top-level layers this build went through `layerCache` for (nil: none).
    var layersSeen: Int?
    /// The node ids of the top-level layers this build read rather than took from `layerCache`.
    var idsOfLayersRead: Set<String> = []
    /// The trims and effects animated values switched on, by node (`switchOn(_:for:)`).
    var switchedOn: [ObjectIdentifier: Set<Property>] = [:]
    /// While a state's entry is read for `layerCache`: the trims and effects its values switch on.
    var enabledByOverrides: [(node: String, root: Property)]?

    private func isInsideBrokenText(_ range: SourceRange) -> Bool {
        brokenText.contains { $0.start <= range.start && range.start < $0.end }
    }

    func error(
        _ rule: Rule, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil,
        fixIts: [FixIt] = []
    ) {
        if isInsideBrokenText(range) { return }
        if undefinedAliases.contains(range) {
            // Still an error for everything downstream (the value is unusable), just not reported.
            errorCount += 1
            return
        }
        bag.error(rule, message, at: range, notes: notes, help: help, fixIts: fixIts)
        errorCount += 1
    }

    func warning(
        _ rule: Rule, _ message: String, at range: SourceRange, notes: [Note] = [], help: String? = nil,
        fixIts: [FixIt] = []
    ) {
        if isInsideBrokenText(range) || undefinedAliases.contains(range) { return }
        bag.warning(rule, message, at: range, notes: notes, help: help, fixIts: fixIts)
    }

    /// "did you mean 'x'?" for a misspelled name, or nil when nothing is close.
    func suggestion(for word: String, in candidates: [String]) -> String? {
        closestMatch(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }
}

/// One key of a YAML map, with the text of the key and both nodes.
package struct MapEntry {
    package var name: String
    var key: YAMLNode
    var value: YAMLNode
}

/// The entries of a YAML map that passed the schema check, in file order.
package struct MapEntries {
    package var node: YAMLNode
    package var entries: [MapEntry]

    package func value(_ name: String) -> YAMLNode? { entries.first { $0.name == name }?.value }

    /// Drops this map's reference to its node's children, keeping the node's range, tag and alias
    /// for messages: the entries (which hold their own references) are what is read afterwards.
    package mutating func releaseNode() {
        node = node.hollow
    }

    /// `name`'s value, leaving a hollow node (`releaseValue`) in its place: the caller becomes its
    /// only holder in this map, so it can free the subtree piece by piece as it reads it.
    package mutating func takeValue(_ name: String) -> YAMLNode? {
        guard let index = entries.firstIndex(where: { $0.name == name }) else { return nil }
        let value = entries[index].value
        entries[index].value = value.hollow
        return value
    }

    /// Drops the reference to `name`'s value below its own range: for a section that has been
    /// read and is not looked at again, so its subtree is freed when nothing else holds it.
    package mutating func releaseValue(_ name: String) {
        guard let index = entries.firstIndex(where: { $0.name == name }) else { return }
        entries[index].value = entries[index].value.hollow
    }
    func key(_ name: String) -> YAMLNode? { entries.first { $0.name == name }?.key }
    func entry(_ name: String) -> MapEntry? { entries.first { $0.name == name } }
    func has(_ name: String) -> Bool { entries.contains { $0.name == name } }

    func value(_ property: Property) -> YAMLNode? { value(property.key) }
    func key(_ property: Property) -> YAMLNode? { key(property.key) }
    func entry(_ property: Property) -> MapEntry? { entry(property.key) }
    func has(_ property: Property) -> Bool { has(property.key) }
}

/// How a YAML node is described in messages: "a list", "a map", "'red'", "nothing".
func describeFound(_ node: YAMLNode) -> String {
    switch node.kind {
    case .sequence: return "a list"
    case .mapping: return "a map"
    case let .scalar(scalar):
        if isNullScalar(node) { return "nothing" }
        let text = scalar.value
        let shown = text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
        return "'\(shown)'"
    }
}

/// A plain scalar that YAML would read as null: empty, `~`, `null`.
func isNullScalar(_ node: YAMLNode) -> Bool {
    guard let scalar = node.scalar, scalar.style == .plain, node.tag == nil else { return false }
    // Asked of nearly every value: the length rules out most text before any comparison.
    switch scalar.value.utf8.count {
    case 0: return true
    case 1: return scalar.value == "~"
    case 4: return scalar.value == "null" || scalar.value == "Null" || scalar.value == "NULL"
    default: return false
    }
}

/// A number as path data text: plain decimal notation, enough digits to round-trip a double.
func plainDecimal(_ value: Double) -> String {
    var text = String(format: "%.12f", value)
    if text.contains(".") {
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
}

extension FrontendContext {
    /// The pairs of a map, or nil (with `wrong-type`) when the node is something else. A null
    /// (`key:` with nothing after it) reads as an empty map. `expected` is made only for the
    /// message (callers name the node in it, which would cost a string for every map read).
    func mapPairs(_ node: YAMLNode, expected: @autoclosure () -> String) -> [YAMLPair]? {
        if let pairs = node.mapping { return pairs }
        if isNullScalar(node) { return [] }
        error(.wrongType, "expected \(expected()), found \(describeFound(node))", at: node.reportRange)
        return nil
    }

    /// The items of a list, or nil (with `wrong-type`). A null reads as an empty list.
    func listItems(_ node: YAMLNode, expected: @autoclosure () -> String) -> [YAMLNode]? {
        if let items = node.sequence { return items }
        if isNullScalar(node) { return [] }
        error(.wrongType, "expected \(expected()), found \(describeFound(node))", at: node.reportRange)
        return nil
    }

    /// The text of a map key; keys must be plain scalars.
    func keyName(_ key: YAMLNode) -> String? {
        if let scalar = key.scalar { return scalar.value }
        error(.wrongType, "expected a key name, found \(describeFound(key))", at: key.reportRange)
        return nil
    }

    /// Reads a map checked against a schema: keys outside `allowed` are reported (as
    /// `unknown-property` when `misplaced` explains why a real key does not belong here, else as
    /// `unknown-key` with a did-you-mean), and keys in `required` that are missing as `missing-key`.
    /// The returned entries hold only the allowed keys, so callers never see a rejected one.
    package func readMap(
        _ node: YAMLNode, what: String, allowed: [String], required: [String] = [],
        misplaced: [String: String] = [:], expected: String? = nil, unknownKeyNote: Note? = nil
    ) -> MapEntries? {
        guard let pairs = mapPairs(node, expected: expected ?? "a map for \(what)") else { return nil }
        var entries: [MapEntry] = []
        // A fix-it must not write a key the map already has, nor the same key twice (two typos of
        // `rotation`): either would leave a duplicate key behind. Built at the first unknown key
        // only, as most maps have none.
        var keysAfterFixes: Set<String>?
        // Keys some unknown key was guessed to mean: `{time: 0s}` already got "did you mean
        // 'at'?", so a second error for the missing 'at' would add nothing.
        var guessedKeys: Set<String> = []
        for pair in pairs {
            guard let name = keyName(pair.key) else { continue }
            if allowed.contains(name) {
                entries.append(MapEntry(name: name, key: pair.key, value: pair.value))
            } else if let reason = misplaced[name] {
                error(.unknownProperty, reason, at: pair.key.reportRange)
            } else if bag.omits(at: pair.key.reportRange.start), !isInsideBrokenText(pair.key.reportRange),
                !undefinedAliases.contains(pair.key.reportRange)
            {
                // Past the cap a guess would never be shown, and guessing is most of what an
                // unknown key costs.
                bag.countOmitted(.error, at: pair.key.reportRange)
                errorCount += 1
            } else {
                let meant = guessName(name, in: allowed) ?? keysOfOtherWords[name].flatMap { allowed.contains($0) ? $0 : nil }
                var fixIts = meant.map { replacing(pair.key, with: $0) } ?? []
                if let meant {
                    guessedKeys.insert(meant)
                    if keysAfterFixes == nil {
                        keysAfterFixes = Set(pairs.compactMap { $0.key.scalar?.value }.filter { allowed.contains($0) })
                    }
                    if !keysAfterFixes!.insert(meant).inserted { fixIts = [] }
                }
                var notes = unknownKeyNote.map { [$0] } ?? []
                if let use = pair.key.alias, use != pair.key.range {
                    // Reported where the map is merged in; the key itself is written at the anchor.
                    notes.insert(Note("'\(name)' came in through the '<<' merge: it is written here, in the anchored map", at: pair.key.range), at: 0)
                }
                error(
                    .unknownKey, "unknown property '\(name)' for \(what)", at: pair.key.reportRange,
                    notes: notes, help: meant.map { "did you mean '\($0)'?" }, fixIts: fixIts)
            }
        }
        let map = MapEntries(node: node, entries: entries)
        for name in required where !map.has(name) && !guessedKeys.contains(name) {
            error(.missingKey, "missing '\(name)' for \(what)", at: startRange(of: node))
        }
        return map
    }

    /// The first character of a node (its opening brace or first key), for problems about the
    /// node as a whole, such as a missing key.
    func startRange(of node: YAMLNode) -> SourceRange {
        if let alias = node.alias { return alias }
        return SourceRange(node.range.start)
    }
}

/// A line without its YAML comment: from a `#` that starts the line's content or follows a space,
/// outside quotes. Approximate (it does not follow multi-line quoted scalars), which is enough for
/// counting `$var` mentions conservatively.
func withoutComment(_ line: Substring) -> String {
    var quote: Character?
    var previous: Character = " "
    var out = ""
    for character in line {
        if let open = quote {
            if character == open { quote = nil }
        } else if character == "\"" || character == "'" {
            quote = character
        } else if character == "#", previous == " " || previous == "\t" {
            break
        }
        out.append(character)
        previous = character
    }
    return out
}
