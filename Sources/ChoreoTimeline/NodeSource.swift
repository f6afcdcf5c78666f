/// Where an IR node comes from in the scene: the scene node it was lowered from, which part of it
/// the node is, and where that node is defined in the scene file. What looks at the timeline and
/// points back into the scene (the `--target` checks) reads this instead of taking the node's id
/// apart or looking the id up; no output writes it, so two scenes that draw the same are the same
/// bytes (`diff`, which compares timelines, leaves the definitions out).
public struct NodeSource: Sendable, Equatable {
    /// Which part of its scene node an IR node draws.
    public enum Part: Sendable, Equatable {
        /// The scene node itself (for a staggered repeat, the group of its copies).
        case node
        /// Copy `index` (from 0) of the node's staggered or coloured `repeat:`: the node with its
        /// own transform and clip, its tracks later by `index` delays.
        case copy(Int)
        /// The group or groups placing copy `index` by its repeat step (and its opacity): the
        /// repeat's, not the node's, transform.
        case copyPlacement(Int)
        /// Glyph `index` (from 0, in reading order) of a text node with `per-glyph:` motion, which
        /// the front end made a group of one path per glyph. The IR node's own id is the glyph's
        /// node in the scene model (`ID-glyph-i`), the one the model's states and timelines key
        /// the glyph's motion by; `node` is the text node the author wrote.
        case glyph(Int)
    }

    /// Where a scene node is defined in its file: the range of its `id:` value (for a node an
    /// `artwork:` file made, of the `artwork:` value), as the diagnostics count it (1-based lines,
    /// 1-based columns in Unicode scalars, the end excluded). Four 32-bit numbers, as the YAML
    /// tree stores a range: every IR node carries one.
    public struct Definition: Sendable, Equatable, CustomStringConvertible {
        private var storage: (UInt32, UInt32, UInt32, UInt32)

        public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
            storage = (Self.clamped(startLine), Self.clamped(startColumn), Self.clamped(endLine), Self.clamped(endColumn))
        }

        public var startLine: Int { Int(storage.0) }
        public var startColumn: Int { Int(storage.1) }
        public var endLine: Int { Int(storage.2) }
        public var endColumn: Int { Int(storage.3) }

        /// `LINE:COLUMN-LINE:COLUMN`, as a diagnostic's range is written.
        public var description: String { "\(startLine):\(startColumn)-\(endLine):\(endColumn)" }

        public static func == (a: Definition, b: Definition) -> Bool {
            a.storage.0 == b.storage.0 && a.storage.1 == b.storage.1 && a.storage.2 == b.storage.2 && a.storage.3 == b.storage.3
        }

        private static func clamped(_ value: Int) -> UInt32 { UInt32(clamping: value) }
    }

    /// The scene node's id: the node the author wrote (for a glyph, the text node).
    public var node: String
    public var part: Part
    /// Where `node` is defined; nil for a node that no scene node defines (one an emitter or a
    /// test makes, such as the Lottie background).
    public var definition: Definition?

    public init(node: String, part: Part = .node, definition: Definition? = nil) {
        self.node = node
        self.part = part
        self.definition = definition
    }

    /// True for a node that lowering wrote out for one copy of a repeat (its copy or placement).
    public var isRepeatCopy: Bool {
        switch part {
        case .copy, .copyPlacement: true
        case .node, .glyph: false
        }
    }
}
