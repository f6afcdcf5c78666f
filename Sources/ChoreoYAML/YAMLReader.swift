import ChoreoDiagnostics
internal import CYAML

// This is the only file in the project that sees libyaml. It turns libyaml's events into
// `YAMLEvent`s for the `Composer` and its failures into diagnostics; everything else is Swift.

/// The `file-too-large` error for a file of `byteCount` bytes, for callers that check the size
/// before they have a `SourceFile` (the language server, before it splits a document into lines).
public func fileTooLargeDiagnostic(path: String, byteCount: Int, limits: YAMLLimits = .default) -> Diagnostic {
    var bag = DiagnosticBag(file: path)
    bag.error(
        .fileTooLarge, "the file is \(byteCount) bytes, more than the limit of \(limits.maxFileBytes) bytes",
        at: .fileStart, help: "split the scene into smaller files")
    return bag.diagnostics[0]
}

/// Reads one YAML document into a `YAMLNode` tree. Never throws: problems come back as diagnostics,
/// and the root is nil only when nothing usable could be read (empty file, invalid UTF-8, a
/// syntax error, or a limit exceeded).
public func readYAML(_ file: SourceFile, limits: YAMLLimits = .default) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
    var bag = DiagnosticBag(file: file.path)
    if file.bytes.count > limits.maxFileBytes {
        return (nil, [fileTooLargeDiagnostic(path: file.path, byteCount: file.bytes.count, limits: limits)])
    }
    if !file.isValidUTF8 {
        let location = file.location(ofByteOffset: file.firstInvalidUTF8Offset ?? 0)
        bag.error(
            .invalidUTF8, "the file is not valid UTF-8",
            at: SourceRange(start: location, end: SourceLocation(line: location.line, column: location.column + 1)),
            help: "save the file as UTF-8")
        return (nil, bag.diagnostics)
    }

    var composer = Composer(file: file, limits: limits)
    if let failure = parseEvents(file.bytes, into: &composer, file: file) {
        bag.append(contentsOf: composer.diagnostics.diagnostics)
        bag.append(syntaxDiagnostic(for: failure, in: file))
        return (nil, bag.diagnostics)
    }
    bag.append(contentsOf: composer.diagnostics.diagnostics)
    return (composer.root, bag.diagnostics)
}

/// The parse events of one YAML document, in order, for readers that keep what the tree drops
/// (aliases as written, `<<` merges unexpanded, block or flow): the scene document of editing
/// tools. Nil when `readYAML` would have no root for a reason of the text itself (too large, not
/// UTF-8, a syntax error); the events stop after the first document. Limits on depth and node
/// count are `readYAML`'s to enforce: a caller reads the tree first.
public func readYAMLEvents(_ file: SourceFile, limits: YAMLLimits = .default) -> [YAMLEvent]? {
    guard file.bytes.count <= limits.maxFileBytes, file.isValidUTF8 else { return nil }
    var collector = EventCollector()
    guard parseEvents(file.bytes, into: &collector, file: file) == nil else { return nil }
    return collector.events
}

/// What `parseEvents` feeds: the composer, or a plain list of events.
protocol YAMLEventConsumer {
    mutating func consume(_ event: YAMLEvent) -> Bool
}

extension Composer: YAMLEventConsumer {}

private struct EventCollector: YAMLEventConsumer {
    var events: [YAMLEvent] = []
    var documents = 0

    mutating func consume(_ event: YAMLEvent) -> Bool {
        if case .documentStart = event {
            documents += 1
            if documents > 1 { return false }
        }
        events.append(event)
        return true
    }
}

/// Feeds every event to the composer until the stream ends, the composer asks to stop, or
/// libyaml fails (returned).
private func parseEvents<Consumer: YAMLEventConsumer>(_ bytes: [UInt8], into composer: inout Consumer, file: SourceFile) -> LibYAMLFailure? {
    // libyaml keeps the input pointer for the parser's whole life, so the buffer is ours and is
    // freed only after the parser. The parser and event live on the heap so their addresses are stable.
    let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = input.initialize(from: bytes)
    defer { input.deallocate() }
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else {
        return LibYAMLFailure(stage: .other, problem: "out of memory", problemLocation: .start)
    }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)

    let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    defer { event.deallocate() }
    let positions = LibYAMLPositions(file)
    while true {
        guard yaml_parser_parse(parser, event) == 1 else {
            return failure(of: parser.pointee, in: file, positions: positions)
        }
        let translated = translate(event.pointee, positions: positions)
        let isEnd = event.pointee.type == YAML_STREAM_END_EVENT
        yaml_event_delete(event)
        guard composer.consume(translated), !isEnd else { return nil }
    }
}

private func translate(_ event: yaml_event_t, positions: LibYAMLPositions) -> YAMLEvent {
    let range = SourceRange(start: positions.location(event.start_mark), end: positions.location(event.end_mark))
    switch event.type {
    case YAML_STREAM_START_EVENT:
        return .streamStart
    case YAML_STREAM_END_EVENT:
        return .streamEnd
    case YAML_DOCUMENT_START_EVENT:
        return .documentStart(range: range)
    case YAML_DOCUMENT_END_EVENT:
        return .documentEnd
    case YAML_ALIAS_EVENT:
        return .alias(name: string(event.data.alias.anchor) ?? "", range: range)
    case YAML_SCALAR_EVENT:
        let data = event.data.scalar
        // Built from the length, not as a C string: a scalar may contain NUL ("\0").
        let value = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
        let properties = NodeProperties(anchor: string(data.anchor), tag: shortTag(string(data.tag)))
        return .scalar(YAMLScalar(value, style: scalarStyle(data.style)), properties: properties, range: range)
    case YAML_SEQUENCE_START_EVENT:
        let data = event.data.sequence_start
        let properties = NodeProperties(anchor: string(data.anchor), tag: shortTag(string(data.tag)))
        return .sequenceStart(properties: properties, isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE, range: range)
    case YAML_SEQUENCE_END_EVENT:
        return .sequenceEnd(range: range)
    case YAML_MAPPING_START_EVENT:
        let data = event.data.mapping_start
        let properties = NodeProperties(anchor: string(data.anchor), tag: shortTag(string(data.tag)))
        return .mappingStart(properties: properties, isFlow: data.style == YAML_FLOW_MAPPING_STYLE, range: range)
    case YAML_MAPPING_END_EVENT:
        return .mappingEnd(range: range)
    default:
        return .documentEnd
    }
}

private func failure(of parser: yaml_parser_t, in file: SourceFile, positions: LibYAMLPositions) -> LibYAMLFailure {
    let problem = string(parser.problem) ?? "invalid YAML"
    switch parser.error {
    case YAML_READER_ERROR:
        // Reader errors carry a byte offset instead of a mark.
        return LibYAMLFailure(
            stage: .reader, problem: problem, problemLocation: file.location(ofByteOffset: parser.problem_offset),
            problemValue: parser.problem_value >= 0 ? Int(parser.problem_value) : nil)
    case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
        return LibYAMLFailure(
            stage: parser.error == YAML_SCANNER_ERROR ? .scanner : .parser, problem: problem,
            problemLocation: positions.location(parser.problem_mark), context: string(parser.context),
            contextLocation: parser.context == nil ? nil : positions.location(parser.context_mark))
    default:
        return LibYAMLFailure(stage: .other, problem: problem, problemLocation: positions.location(parser.problem_mark))
    }
}

extension LibYAMLPositions {
    /// libyaml marks are 0-based and count Unicode scalars; ours are 1-based.
    fileprivate func location(_ mark: yaml_mark_t) -> SourceLocation {
        location(index: mark.index, line: mark.line, column: mark.column)
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: UnsafePointer($0)) }
}

/// libyaml expands `!!str` to `tag:yaml.org,2002:str`; show it as written.
private func shortTag(_ tag: String?) -> String? {
    guard let tag else { return nil }
    let prefix = "tag:yaml.org,2002:"
    return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
}

private func scalarStyle(_ style: yaml_scalar_style_t) -> ScalarStyle {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .plain
    }
}

/// libyaml's bare event parse of `bytes`, doing nothing with the events: the physical lower
/// bound of reading a scene, used as the benchmark's baseline. Returns the number of events, or
/// -1 when libyaml fails.
public func countYAMLEvents(_ bytes: [UInt8]) -> Int {
    let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
    _ = input.initialize(from: bytes)
    defer { input.deallocate() }
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else { return -1 }
    defer { yaml_parser_delete(parser) }
    yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
    let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
    defer { event.deallocate() }
    var count = 0
    while true {
        guard yaml_parser_parse(parser, event) == 1 else { return -1 }
        let isEnd = event.pointee.type == YAML_STREAM_END_EVENT
        yaml_event_delete(event)
        count += 1
        if isEnd { return count }
    }
}
