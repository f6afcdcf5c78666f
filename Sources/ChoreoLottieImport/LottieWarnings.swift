/// What the importer reports about a document: where (a JSON pointer, and the byte offset of the
/// value it names) and what.
public struct LottieFinding: Error, Sendable, Equatable {
    /// The archive member the document came from (`a/intro.json`), nil for a plain document.
    public var member: String?
    /// The JSON pointer of the value (`/layers/3/ef/0`); empty for the whole document.
    public var pointer: String
    /// Where the value starts in the document's bytes, when known.
    public var offset: Int?
    public var message: String

    public init(member: String? = nil, pointer: String, offset: Int?, message: String) {
        self.member = member
        self.pointer = pointer
        self.offset = offset
        self.message = message
    }

    /// `FILE:POINTER` as diagnostics print it (`anim.json:/layers/3/ef/0`, `anim.lottie:a/intro.json:/layers/0`).
    public func location(in file: String) -> String {
        let document = member.map { "\(file):\($0)" } ?? file
        return "\(document):\(pointer.isEmpty ? "/" : pointer)"
    }
}

/// What kind of thing a warning is about: the tally the corpus study prints.
enum LottieWarningKind: String, Sendable {
    case expression, effect, image, text, threeD = "3d", timeRemap = "time-remap", mergePaths = "merge-paths"
    case shapeModifier = "shape-modifier", layerKind = "layer-kind", blend, matte, mask, style, malformed, motion, approximation
}

/// The warnings of one import, shared by the readers that find them; one per pointer and message.
final class LottieWarnings {
    private(set) var findings: [LottieFinding] = []
    private var seen: Set<String> = []
    var member: String?

    func add(_ item: LottieItem, _ message: String, kind: LottieWarningKind) {
        add(pointer: item.pointer, offset: item.json.offset, message, kind: kind)
    }

    func add(pointer: String, offset: Int?, _ message: String, kind: LottieWarningKind) {
        let key = pointer + "\u{0}" + message
        guard seen.insert(key).inserted, findings.count < maxWarnings else { return }
        findings.append(LottieFinding(member: member, pointer: pointer, offset: offset, message: message))
    }
}

/// More warnings than this say nothing more (a document of a thousand layers with expressions).
private let maxWarnings = 1000
