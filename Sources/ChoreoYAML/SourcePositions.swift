import ChoreoDiagnostics

/// Turns libyaml's marks into the program's positions (`SourceFile`'s line table). libyaml also
/// ends lines at NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029), inside
/// quoted scalars and comments too, where editors, LSP and GitHub do not: in such a file its line
/// numbers are off by one per such character, so positions are taken from the mark's index (in
/// Unicode scalars after a byte order mark) instead. Other files use the line and column as they are.
struct LibYAMLPositions {
    /// For a file with such characters, the scalar index (after a byte order mark) at which each
    /// of the file's lines starts.
    private let lineStarts: [Int]?

    init(_ file: SourceFile) {
        guard file.hasYAMLOnlyLineBreaks else {
            lineStarts = nil
            return
        }
        var starts = [0]
        var index = 0
        var previousWasCR = false
        var scalars = file.text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        for scalar in scalars {
            index += 1
            if scalar == "\r" {
                starts.append(index)
            } else if scalar == "\n" {
                if previousWasCR { starts[starts.count - 1] = index } else { starts.append(index) }
            }
            previousWasCR = scalar == "\r"
        }
        lineStarts = starts
    }

    /// A 0-based libyaml position (`mark.index`, `mark.line`, `mark.column`) as a 1-based location.
    func location(index: Int, line: Int, column: Int) -> SourceLocation {
        guard let lineStarts else { return SourceLocation(line: line + 1, column: column + 1) }
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: low + 1, column: index - lineStarts[low] + 1)
    }
}

extension SourceFile {
    /// The line and column of a byte offset (valid UTF-8 before it), through the file's line table.
    func location(ofByteOffset offset: Int) -> SourceLocation {
        location(ofUTF8Offset: offset)
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
