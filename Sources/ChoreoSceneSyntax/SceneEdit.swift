import ChoreoDiagnostics
import ChoreoYAML
import Foundation

/// A change to a scene file as text edits (contract §23): a value's own bytes replaced, a new key
/// or list item on lines of its own (or after a comma in a flow collection) in the style of its
/// neighbours, an entry's lines removed. Comments, anchors, aliases, merges, key order, blank lines
/// and units as written stay as they are. A value that comes from a var, an anchor or a merge is
/// edited where it is defined, and `places` says how many places of the scene read it.
///
/// The edits are fix-it edits: `fixIt` is what a code action offers and `lint --fix` applies, and
/// `SourceFile.applying` writes them.
public struct SceneEdit: Sendable {
    public var message: String
    public var edits: [FixIt.Edit]
    /// How many places of the scene the edit changes: the uses of a var, an anchor or a merged
    /// entry it edits at the definition; 1 for a value written in one place.
    public var places: Int
    /// The node whose text the edit replaces or removes, or the map or list it inserts into.
    public var target: SceneNodeID

    public var fixIt: FixIt { FixIt(message, edits: edits) }

    /// The document's text with the edit made, nil when its edits do not apply (they always do to
    /// the document they were made for).
    public func applied(to document: SceneDocument) -> String? { document.file.applying(edits) }
}

/// Why an edit cannot be made.
public enum SceneEditFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not read as YAML: there is nothing to edit until it does.
    case unreadable
    case noSuchPath(ScenePath)
    case notAMap(ScenePath)
    case notAList(ScenePath)
    case keyExists(String)
    case noSuchNode(String)
    case invalidName(String)
    /// The text around the place is written in a way the editor does not rewrite (a key on the
    /// line of another, a list item that shares its line with its parent's).
    case unsupportedLayout(String)

    public var description: String {
        switch self {
        case .unreadable: return "the file does not read as YAML; fix its syntax first"
        case let .noSuchPath(path): return "the scene has nothing at '\(path)'"
        case let .notAMap(path): return "'\(path)' is not a map"
        case let .notAList(path): return "'\(path)' is not a list"
        case let .keyExists(key): return "the map already has '\(key)'; set its value instead"
        case let .noSuchNode(id): return "the scene has no node '\(id)'"
        case let .invalidName(name): return "'\(name)' is not a valid id: letters, digits, '_' and '-', starting with a letter or '_'"
        case let .unsupportedLayout(reason): return reason
        }
    }
}

extension SceneDocument {
    // MARK: Setting values

    /// Writes `value` in place of the value at `path`, where it is defined. A scalar keeps its
    /// quoting where the new text allows it; a time or an angle (`.quantity` in `s` or `deg`) is
    /// written in the unit the old text uses (`300ms` stays in ms, `12f` in frames); a collection
    /// is written in the old one's style (block at its indentation, or flow).
    public func setting(_ path: ScenePath, to value: SceneValue) -> Result<SceneEdit, SceneEditFailure> {
        guard root != nil else { return .failure(.unreadable) }
        guard let node = node(at: path) else { return .failure(.noSuchPath(path)) }
        return .success(setting(node, described: "\(path)", to: value))
    }

    /// Writes `value` in place of the value node `node` reads, where it is defined; `described`
    /// names the place in the edit's message.
    public func setting(_ node: SceneNodeID, described path: String, to value: SceneValue) -> SceneEdit {
        // A new `$name` replaces the reference where it is written, not the var's value.
        let writesReference = value.scalarText?.hasPrefix("$") == true
        let target = writesReference ? resolved(node) : definition(of: node)
        let replacement = text(replacing: target, with: value)
        var range = self[target].range
        var written = replacement
        if range.start == range.end, self[target].bytes.lowerBound > 0,
            utf8Byte(self[target].bytes.lowerBound - 1) == UInt8(ascii: ":")
        {
            // `key:` with no value: a space goes between the colon and the new value.
            written = " " + replacement
            range = SourceRange(range.start)
        }
        let places = places(readingDefinition: target)
        let old = String(text(target))
        let message = places > 1
            ? "set '\(path)' to \(replacement) where it is defined (\(places) places read it)"
            : "set '\(path)' to \(replacement)" + (old.isEmpty ? "" : " (was \(old))")
        return SceneEdit(message: message, edits: [FixIt.Edit(range: range, replacement: written)], places: places, target: target)
    }

    /// The text that replaces node `target` with `value`.
    func text(replacing target: SceneNodeID, with value: SceneValue) -> String {
        let node = self[target]
        switch value {
        case .list, .map:
            if node.style == .block, !node.isScalarOrAlias, collectionStyle(value) == .block {
                return blockText(value, at: node.range.start.column - 1)
            }
            return SceneWriter.inline(flowStyled(value))
        case .number, .quantity:
            return SceneWriter.inline(convertingUnits(value, like: node))
        case .color:
            let quote = node.scalar?.style == .singleQuoted ? ScalarStyle.singleQuoted : .doubleQuoted
            return SceneWriter.scalar(value.scalarText ?? "", style: quote)
        case let .text(text, style):
            if let old = node.scalar?.style, old == .singleQuoted || old == .doubleQuoted {
                return SceneWriter.scalar(text, style: old)
            }
            return SceneWriter.scalar(text, style: style == .plain && isPlainSafe(text) ? .plain : (style == .singleQuoted ? .singleQuoted : .doubleQuoted))
        }
    }

    /// A value written on the lines a block collection took, starting at its first key's or
    /// dash's column (`indent` spaces in), the first line's indentation already there.
    private func blockText(_ value: SceneValue, at indent: Int) -> String {
        var text: String
        switch value {
        case let .map(entries, _): text = SceneWriter.lines(entries, indent: indent)
        case let .list(items, _):
            // The node's text starts at its first item's value, after the dash.
            text = items.map { SceneWriter.item($0, indent: max(0, indent - 2)) }.joined()
            text = String(text.drop(while: { $0 == " " }).dropFirst(2))
            if text.hasSuffix("\n") { text.removeLast() }
            return text
        default: text = SceneWriter.inline(value)
        }
        text = String(text.dropFirst(indent))
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// A time or angle in the old text's unit.
    func convertingUnits(_ value: SceneValue, like node: SceneSyntaxNode) -> SceneValue {
        guard case let .quantity(number, unit) = value, let old = node.scalar, old.style == .plain,
            let written = splitQuantity(old.value)
        else { return value }
        switch (unit, written.unit) {
        case ("s", "ms"): return .quantity(number * 1000, unit: "ms")
        case ("s", "f"): return .quantity(number * framesPerSecond, unit: "f")
        case ("ms", "s"): return .quantity(number / 1000, unit: "s")
        case ("deg", "turn"): return .quantity(number / 360, unit: "turn")
        case ("deg", "rad"): return .quantity(number * Double.pi / 180, unit: "rad")
        case ("turn", "deg"): return .quantity(number * 360, unit: "deg")
        default: return value
        }
    }

    /// The scene's `fps:` when written as a plain number, else the default 60: what `f` times count.
    public var framesPerSecond: Double {
        guard let root, let fps = value(SceneKey.fps, in: root).flatMap(scalar).flatMap(Double.init), fps > 0 else { return 60 }
        return fps
    }

    // MARK: Inserting

    /// `key: value` added to the map at `path` (after `after`'s entry, else after the last one),
    /// on a line of its own at its siblings' indentation in a block map, after a comma in a flow
    /// map. A map reached through an alias is edited at its anchor.
    public func inserting(
        _ key: SceneKey, _ value: SceneValue, into path: ScenePath, after: SceneKey? = nil
    ) -> Result<SceneEdit, SceneEditFailure> {
        guard root != nil else { return .failure(.unreadable) }
        guard let found = node(at: path) else { return .failure(.noSuchPath(path)) }
        let map = resolved(found)
        guard case let .map(written) = self[map].kind else { return .failure(.notAMap(path)) }
        if written.contains(where: { scalar($0.key) == key.text }) { return .failure(.keyExists(key.text)) }
        let places = places(readingDefinition: map)
        let message = "add '\(key.text)' to '\(path)'" + (places > 1 ? " (\(places) places read this map)" : "")
        let anchor = after.flatMap { after in written.first { scalar($0.key) == after.text } } ?? written.last
        let node = self[map]
        if node.style == .flow {
            let entry = SceneWriter.inline(.map([SceneEntry(key, flowStyled(value))], .flow)).dropFirst().dropLast()
            guard let anchor else {
                let open = location(node.bytes.lowerBound + 1)
                return .success(SceneEdit(message: message, edits: [FixIt.Edit(range: SourceRange(open), replacement: String(entry))], places: places, target: map))
            }
            let end = location(self[anchor.value].bytes.upperBound)
            return .success(SceneEdit(message: message, edits: [FixIt.Edit(range: SourceRange(end), replacement: ", " + entry)], places: places, target: map))
        }
        guard let anchor else { return .failure(.unsupportedLayout("the map '\(path)' has no entries to take the style of")) }
        let indent = self[anchor.key].range.start.column - 1
        let lines = SceneWriter.lines([SceneEntry(key, value)], indent: indent)
        return .success(SceneEdit(message: message, edits: [insertion(lines, afterLineOf: self[anchor.value].bytes.upperBound)], places: places, target: map))
    }

    /// `value` added to the list at `path` as item `index` (at the end when nil): on lines of its
    /// own at its siblings' indentation in a block list, after or before a comma in a flow list.
    public func inserting(_ value: SceneValue, intoList path: ScenePath, at index: Int? = nil) -> Result<SceneEdit, SceneEditFailure> {
        guard root != nil else { return .failure(.unreadable) }
        guard let found = node(at: path) else { return .failure(.noSuchPath(path)) }
        let list = resolved(found)
        guard case let .list(items) = self[list].kind else { return .failure(.notAList(path)) }
        let position = min(max(0, index ?? items.count), items.count)
        let places = places(readingDefinition: list)
        let message = "add an item to '\(path)'" + (places > 1 ? " (\(places) places read this list)" : "")
        let node = self[list]
        if node.style == .flow {
            let text = SceneWriter.inline(flowStyled(value))
            let edit: FixIt.Edit
            if items.isEmpty {
                edit = FixIt.Edit(range: SourceRange(location(node.bytes.lowerBound + 1)), replacement: text)
            } else if position < items.count {
                edit = FixIt.Edit(range: SourceRange(location(self[items[position]].bytes.lowerBound)), replacement: text + ", ")
            } else {
                edit = FixIt.Edit(range: SourceRange(location(self[items[items.count - 1]].bytes.upperBound)), replacement: ", " + text)
            }
            return .success(SceneEdit(message: message, edits: [edit], places: places, target: list))
        }
        guard let neighbour = items.indices.contains(position) ? items[position] : items.last,
            let dash = dashOffset(before: self[neighbour].bytes.lowerBound)
        else { return .failure(.unsupportedLayout("the items of '\(path)' do not each start a line with '- '")) }
        let indent = location(dash).column - 1
        let text = SceneWriter.item(value, indent: indent)
        if position < items.count {
            let lineStart = dash - indent
            return .success(SceneEdit(message: message, edits: [FixIt.Edit(range: SourceRange(location(lineStart)), replacement: text)], places: places, target: list))
        }
        return .success(SceneEdit(message: message, edits: [insertion(text, afterLineOf: self[neighbour].bytes.upperBound)], places: places, target: list))
    }

    /// A keyframe added to a timeline's track (`heart.scale`), in time order, written like its
    /// neighbours (a flow map `{at: 0.2s, value: 1}` in this repository's scenes) with `at` in
    /// their unit. A track the timeline does not have yet is added as a list of that one keyframe.
    public func insertingKeyframe(
        timeline: String, track: String, at seconds: Double, value: SceneValue, easing: SceneValue? = nil
    ) -> Result<SceneEdit, SceneEditFailure> {
        guard root != nil else { return .failure(.unreadable) }
        let timelinePath = ScenePath([.key(SceneKey.timelines.text), .key(timeline)])
        guard node(at: timelinePath) != nil else { return .failure(.noSuchPath(timelinePath)) }
        let keyframesPath = timelinePath.appending(SceneKey.keyframes)
        var entries = [SceneEntry(SceneKey.at, .seconds(seconds)), SceneEntry(SceneKey.value, value)]
        if let easing { entries.append(SceneEntry(SceneKey.easing, easing)) }
        guard let keyframes = node(at: keyframesPath) else {
            let tracks = SceneValue.map([SceneEntry(SceneKey(name: track), .list([.map(entries, .flow)], .block))], .block)
            return inserting(SceneKey.keyframes, tracks, into: timelinePath)
        }
        guard let trackNode = self.value(track, in: keyframes) else {
            return inserting(SceneKey(name: track), .list([.map(entries, .flow)], .block), into: keyframesPath)
        }
        let items = self.items(trackNode)
        var position = items.count
        var style = CollectionStyle.flow
        for (index, item) in items.enumerated() {
            style = self[resolved(item)].style
            guard let at = self.value(SceneKey.at, in: item) else { continue }
            if let unit = scalar(at).flatMap(splitQuantity)?.unit, unit != "s" {
                entries[0].value = convertingUnits(.seconds(seconds), like: self[resolved(at)])
            }
            if let time = scalar(at).flatMap({ self.seconds(ofTime: $0) }), time > seconds, position == items.count { position = index }
        }
        return inserting(.map(entries, style), intoList: keyframesPath.appending(.key(track)), at: position)
    }

    // MARK: Removing

    /// The entry or item at `path` removed with its lines (or its comma in a flow collection).
    /// An entry that comes from a merge is removed from the map it is defined in.
    public func removing(_ path: ScenePath) -> Result<SceneEdit, SceneEditFailure> {
        guard root != nil else { return .failure(.unreadable) }
        guard let last = path.last, let parentFound = node(at: path.parent) else { return .failure(.noSuchPath(path)) }
        switch last {
        case let .key(key):
            guard let entry = entry(key, in: parentFound) else { return .failure(.noSuchPath(path)) }
            let map = self[entry.key].parent ?? resolved(parentFound)
            guard case let .map(written) = self[map].kind, let index = written.firstIndex(where: { $0.key == entry.key }) else {
                return .failure(.noSuchPath(path))
            }
            let places = places(readingDefinition: map)
            let bounds = written.map { (self[$0.key].bytes.lowerBound, self[$0.value].bytes.upperBound) }
            guard let range = removal(of: index, bounds: bounds, in: map) else {
                return .failure(.unsupportedLayout("'\(path)' shares its line with other text the editor would have to move"))
            }
            return .success(SceneEdit(message: "remove '\(path)'" + (places > 1 ? " (\(places) places read this map)" : ""),
                edits: [FixIt.Edit(range: range, replacement: "")], places: places, target: entry.value))
        case let .index(index):
            let list = resolved(parentFound)
            let items = self.items(list)
            guard items.indices.contains(index) else { return .failure(.noSuchPath(path)) }
            let places = places(readingDefinition: list)
            let bounds = items.map { (self[$0].bytes.lowerBound, self[$0].bytes.upperBound) }
            guard let range = removal(of: index, bounds: bounds, in: list) else {
                return .failure(.unsupportedLayout("'\(path)' shares its line with other text the editor would have to move"))
            }
            return .success(SceneEdit(message: "remove '\(path)'", edits: [FixIt.Edit(range: range, replacement: "")], places: places, target: items[index]))
        }
    }

    /// The text to delete to remove entry or item `index` of a collection whose entries span `bounds`.
    private func removal(of index: Int, bounds: [(Int, Int)], in collection: SceneNodeID) -> SourceRange? {
        let (start, end) = bounds[index]
        if self[collection].style == .flow {
            if index + 1 < bounds.count { return SourceRange(start: location(start), end: location(bounds[index + 1].0)) }
            if index > 0 { return SourceRange(start: location(bounds[index - 1].1), end: location(end)) }
            return SourceRange(start: location(start), end: location(end))
        }
        // A block list's item starts at its dash.
        var first = start
        if self[collection].isList {
            guard let dash = dashOffset(before: start) else { return nil }
            first = dash
        }
        let lineStart = startOfLine(first)
        if onlySpaces(lineStart..<first) {
            return SourceRange(start: location(lineStart), end: location(startOfNextLine(end)))
        }
        // The first entry of a list item's map (`- id: a`): the next entry moves up onto the dash's line.
        if !self[collection].isList, index + 1 < bounds.count, index == 0 {
            return SourceRange(start: location(start), end: location(bounds[1].0))
        }
        // The only entry of a list item's map: the item goes.
        if !self[collection].isList, bounds.count == 1, let item = Optional(collection), let list = self[item].parent, self[list].isList,
            let dash = dashOffset(before: self[item].bytes.lowerBound), onlySpaces(startOfLine(dash)..<dash)
        {
            return SourceRange(start: location(startOfLine(dash)), end: location(startOfNextLine(end)))
        }
        return nil
    }

    // MARK: Renaming

    /// A node's id changed, and every place of the states, transitions and timelines that names it
    /// (`old:` and `old.scale:` keys, `node: old` values) changed with it.
    public func renamingNode(_ old: String, to new: String) -> Result<SceneEdit, SceneEditFailure> {
        guard let root else { return .failure(.unreadable) }
        guard let first = new.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) || first == "_",
            new.unicodeScalars.allSatisfy(isNameScalar)
        else { return .failure(.invalidName(new)) }
        guard let map = nodeMap(id: old), let idNode = value(SceneKey(.id), in: map) else { return .failure(.noSuchNode(old)) }
        if nodeMap(id: new) != nil { return .failure(.keyExists(new)) }
        var edits = [FixIt.Edit(range: self[resolved(idNode)].range, replacement: text(replacing: resolved(idNode), with: .word(new)))]
        var seen = Set<SceneNodeID>([resolved(idNode)])
        // Written places only: an anchored map used twice names the node once in the text.
        func visit(_ id: SceneNodeID) {
            switch self[id].kind {
            case let .map(entries):
                for entry in entries {
                    if let key = self[entry.key].scalar?.value, key == old || key.hasPrefix(old + "."), seen.insert(entry.key).inserted {
                        edits.append(FixIt.Edit(range: nameRange(entry.key, length: old.utf8.count), replacement: new))
                    }
                    if let key = self[entry.key].scalar?.value, nodeReferenceKeys.contains(key), scalar(entry.value) == old,
                        self[entry.value].scalar != nil, seen.insert(entry.value).inserted
                    {
                        edits.append(FixIt.Edit(range: self[entry.value].range, replacement: text(replacing: entry.value, with: .word(new))))
                    }
                    visit(entry.value)
                }
            case let .list(items): for item in items { visit(item) }
            case .scalar, .alias: break
            }
        }
        for section in [SceneKey.states, SceneKey.transitions, SceneKey.timelines] {
            if let written = writtenValue(section.text, in: root) { visit(written) }
        }
        return .success(SceneEdit(message: "rename node '\(old)' to '\(new)'", edits: edits, places: edits.count, target: idNode))
    }

    /// The range of the first `length` bytes of a key's name (inside its quotes).
    private func nameRange(_ key: SceneNodeID, length: Int) -> SourceRange {
        let node = self[key]
        let start = node.bytes.lowerBound + (node.scalar?.style.isQuoted == true ? 1 : 0)
        return SourceRange(start: location(start), end: location(start + length))
    }

    /// A value written in the map itself (not merged in).
    private func writtenValue(_ key: String, in map: SceneNodeID) -> SceneNodeID? {
        guard case let .map(entries) = self[resolved(map)].kind else { return nil }
        return entries.first { scalar($0.key) == key }?.value
    }

    // MARK: Text around nodes

    private func utf8Byte(_ offset: Int) -> UInt8 {
        var text = file.text
        return text.withUTF8 { $0[offset] }
    }

    private var byteCount: Int { file.text.utf8.count }

    private func startOfLine(_ offset: Int) -> Int {
        var index = offset
        while index > 0 {
            let byte = utf8Byte(index - 1)
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            index -= 1
        }
        return index
    }

    /// Just past the line break that ends the line `offset` is on (the end of the file when none does).
    private func startOfNextLine(_ offset: Int) -> Int {
        var index = offset
        let count = byteCount
        while index < count {
            let byte = utf8Byte(index)
            index += 1
            if byte == UInt8(ascii: "\n") { return index }
            if byte == UInt8(ascii: "\r") {
                if index < count, utf8Byte(index) == UInt8(ascii: "\n") { index += 1 }
                return index
            }
        }
        return count
    }

    private func onlySpaces(_ range: Range<Int>) -> Bool {
        range.allSatisfy { utf8Byte($0) == UInt8(ascii: " ") || utf8Byte($0) == UInt8(ascii: "\t") }
    }

    /// The offset of the `-` that starts the list item whose value starts at `offset`.
    private func dashOffset(before offset: Int) -> Int? {
        var index = offset
        while index > 0 {
            let byte = utf8Byte(index - 1)
            if byte == UInt8(ascii: "-") { return index - 1 }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return nil }
            index -= 1
        }
        return nil
    }

    /// Lines inserted after the line `offset` is on, in the file's line-break style.
    func insertion(_ lines: String, afterLineOf offset: Int) -> FixIt.Edit {
        let next = startOfNextLine(offset)
        let lineBreak = file.text.contains("\r\n") ? "\r\n" : "\n"
        var text = lineBreak == "\n" ? lines : lines.replacingOccurrences(of: "\n", with: "\r\n")
        if next == byteCount, next > 0, utf8Byte(next - 1) != UInt8(ascii: "\n"), utf8Byte(next - 1) != UInt8(ascii: "\r") {
            // The last line has no line break: the new lines start with one and end without.
            text = lineBreak + text.dropLast(lineBreak.count)
        }
        return FixIt.Edit(range: SourceRange(location(next)), replacement: text)
    }
}

/// Keys whose value names a node.
let nodeReferenceKeys: Set<String> = ["node", "parent"]

extension SceneSyntaxNode {
    var isScalarOrAlias: Bool {
        switch kind {
        case .scalar, .alias: return true
        case .list, .map: return false
        }
    }
}

/// The style a value asks for at its top.
func collectionStyle(_ value: SceneValue) -> CollectionStyle? {
    switch value {
    case let .list(_, style), let .map(_, style): return style
    default: return nil
    }
}

/// The value with every collection in flow style, for a place that takes one line.
func flowStyled(_ value: SceneValue) -> SceneValue {
    switch value {
    case let .list(items, _): return .list(items.map(flowStyled), .flow)
    case let .map(entries, _): return .map(entries.map { SceneEntry($0.key, flowStyled($0.value)) }, .flow)
    default: return value
    }
}

/// `0.3s` as (0.3, "s"): a number and the letters after it; nil when the text is not that.
func splitQuantity(_ text: String) -> (number: Double, unit: String)? {
    guard let unitStart = text.firstIndex(where: { $0.isLetter }) else { return nil }
    guard let number = Double(text[..<unitStart]) else { return nil }
    let unit = String(text[unitStart...])
    guard unit.allSatisfy({ $0.isLetter }) else { return nil }
    return (number, unit)
}

extension SceneDocument {
    /// A time written with its unit (`0.3s`, `300ms`, `18f`), in seconds; nil for anything else.
    public func seconds(ofTime text: String) -> Double? {
        guard let (number, unit) = splitQuantity(text) else { return Double(text) }
        switch unit {
        case "s": return number
        case "ms": return number / 1000
        case "f": return number / framesPerSecond
        default: return nil
        }
    }
}
