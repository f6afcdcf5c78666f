import ChoreoDiagnostics

extension SourceFile {
    /// The line and column of a byte offset, counting columns in Unicode scalars as libyaml does.
    /// Invalid bytes count as one column each, so the first invalid byte can be pointed at.
    func location(ofByteOffset offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
                index += 1
            } else if byte == UInt8(ascii: "\r") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                column = 1
            } else {
                // Continuation bytes (10xxxxxx) do not start a scalar.
                index += 1
                while index < end, bytes[index] & 0xC0 == 0x80 { index += 1 }
                column += 1
            }
        }
        // libyaml does not count a leading byte order mark as a column; neither do we.
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]), offset >= 3 { column -= 1 }
        return SourceLocation(line: line, column: column)
    }

    /// The byte offset of the first byte that is not part of valid UTF-8, if any.
    var firstInvalidUTF8Offset: Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The scalars of a 1-based line, for looking at the text around a position.
    func lineScalars(_ number: Int) -> [Unicode.Scalar] {
        Array(line(number).unicodeScalars)
    }

    /// The text of a line as an editor numbers its columns, without a leading byte order mark.
    func columnScalars(ofLine number: Int) -> [Unicode.Scalar] {
        var scalars = lineScalars(number)
        if number == 1, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars
    }
}
