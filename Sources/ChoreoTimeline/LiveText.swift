/// A live text (contract §20): a text node whose text is made of inputs at run time
/// (`text: "{count | int} likes"`). Filled in with the live text itself.
public struct LiveText: Sendable, Equatable {
    /// The IR group that holds the text's glyph positions.
    public var path: [Int]
    /// The inputs the text reads.
    public var inputs: [String]

    public init(path: [Int], inputs: [String]) {
        self.path = path
        self.inputs = inputs
    }

    func apply(_ values: [String: InputValue], inputs: [MachineInput], to timeline: inout Timeline) {}
}
