extension ScenePath {
    /// Reads a path as `description` writes it: keys joined by `.`, list indices as `[2]`, keys
    /// that are not plain names in quotes (`timelines.burst.keyframes["ring.scale"][1].at`, with
    /// `\"` and `\\` inside the quotes). Nil for anything else; the empty text is the root.
    public init?(parsing text: String) {
        var components: [Component] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var expectsKey = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "[" {
                index += 1
                guard index < scalars.count else { return nil }
                if scalars[index] == "\"" {
                    index += 1
                    var key = ""
                    while index < scalars.count, scalars[index] != "\"" {
                        if scalars[index] == "\\" {
                            index += 1
                            guard index < scalars.count else { return nil }
                        }
                        key.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index + 1 < scalars.count, scalars[index] == "\"", scalars[index + 1] == "]" else { return nil }
                    index += 2
                    components.append(.key(key))
                } else {
                    var digits = ""
                    while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                        digits.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count, scalars[index] == "]", digits.count <= 9, let number = Int(digits) else { return nil }
                    index += 1
                    components.append(.index(number))
                }
                expectsKey = false
            } else if scalar == "." {
                guard !components.isEmpty, !expectsKey else { return nil }
                index += 1
                expectsKey = true
                guard index < scalars.count, scalars[index] != "[" else { return nil }
            } else {
                guard expectsKey else { return nil }
                var key = ""
                while index < scalars.count, isNameScalar(scalars[index]) {
                    key.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard !key.isEmpty else { return nil }
                components.append(.key(key))
                expectsKey = false
            }
        }
        guard !expectsKey || components.isEmpty else { return nil }
        self.init(components)
    }
}
