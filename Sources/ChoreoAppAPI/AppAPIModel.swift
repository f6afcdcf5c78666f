import ChoreoLottie
import ChoreoTimeline

/// What a typed app API names, read from the compiled timeline's state machine and spans (never
/// the YAML): each name with the identifier it gets (`APINames`), in file order. The Swift and the
/// TypeScript API are both written from this, so the two platforms use the same identifiers.
public struct AppAPIModel: Sendable {
    public struct Named: Sendable {
        public var name: String
        public var identifier: String
    }

    public struct Transition: Sendable {
        public var name: Named
        public var from: Named
        public var to: Named
        public var trigger: Trigger
        /// The dotLottie Event input that takes it (`stateMachineFireEvent`), for one a trigger or
        /// the app takes; nil for one its guard or `complete` takes.
        public var dotLottieEvent: String?
        public var marker: Named?
    }

    public struct Input: Sendable {
        public var name: Named
        /// The input as the scene declares it.
        public var declared: MachineInput
        public var initial: InputValue { declared.initial }
        public var range: ClosedRange<Double>? { declared.range }
        public var kind: MachineInput.Kind { declared.kind }
        /// `set` + the identifier in UpperCamelCase: `setProgress`.
        public var setter: String
    }

    public struct Marker: Sendable {
        public var name: Named
        /// The first frame and the end frame (exclusive), as the Lottie marker says.
        public var frames: (start: Int, end: Int)
    }

    public var scene: String
    public var typeName: String
    public var fps: Double
    public var states: [Named] = []
    public var initialState: Named?
    public var transitions: [Transition] = []
    public var events: [Named] = []
    public var inputs: [Input] = []
    public var markers: [Marker] = []
    public var stateMarkers: [String: Named] = [:]
    public var collisions: [APINames.Collision] = []

    /// Words neither platform may have as a member name here: Swift's keywords, and the names the
    /// generated types declare themselves.
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "await", "false", "is", "nil", "self", "super", "throws", "true", "try", "some", "any", "async",
        "rawValue", "allCases", "hashValue", "description", "from", "to", "trigger", "marker", "frames", "kind",
        "range", "dotLottieEvent", "defaultValue", "name", "constructor", "prototype", "delete", "new", "null",
        "typeof", "void", "with", "yield", "export", "function", "const", "instanceof", "interface", "package",
        "implements", "enum_", "this",
    ]

    /// `namedColors`: the colour names a colour input takes (the scene language's, `cssNamedColors`).
    public init(_ timeline: Timeline, namedColors: [(name: String, color: RGBA)] = []) {
        scene = timeline.name
        typeName = APINames.typeName(timeline.name)
        fps = timeline.fps
        var names = APINames(reserved: AppAPIModel.reserved)
        func named(_ list: [String], group: String) -> [Named] {
            zip(list, names.identifiers(for: list, group: group)).map { Named(name: $0, identifier: $1) }
        }
        let spanNames = timeline.spans.map(\.name)
        markers = zip(named(spanNames, group: "markers"), timeline.spans).map { Marker(name: $0, frames: timeline.frames(of: $1)) }
        let markerByName = Dictionary(markers.map { ($0.name.name, $0.name) }, uniquingKeysWith: { first, _ in first })
        if let machine = timeline.stateMachine {
            states = named(machine.states.map(\.name), group: "states")
            let stateByName = Dictionary(states.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            initialState = stateByName[machine.initial]
            for state in machine.states { stateMarkers[state.name] = markerByName[state.pose] }
            let transitionNames = named(machine.transitions.map(\.name), group: "transitions")
            transitions = zip(transitionNames, machine.transitions).compactMap { name, transition in
                guard let from = stateByName[transition.from], let to = stateByName[transition.to] else { return nil }
                let takenByItself = transition.isAutomatic || transition.trigger == .complete
                return Transition(
                    name: name, from: from, to: to, trigger: transition.trigger,
                    dotLottieEvent: takenByItself ? nil : DotLottie.eventName(for: transition),
                    marker: transition.isAction ? nil : markerByName[transition.span])
            }
            events = named(machine.events, group: "events")
        }
        // A scene without states has inputs too, when bindings or live texts read them.
        inputs = zip(named(timeline.inputs.map(\.name), group: "inputs"), timeline.inputs).map { name, input in
            Input(name: name, declared: input, setter: "set" + name.identifier.prefix(1).uppercased() + name.identifier.dropFirst())
        }
        hasStateMachine = timeline.stateMachine != nil
        slots = SlotAPIModel(timeline)
        self.namedColors = namedColors
        collisions = names.collisions
    }

    /// Whether the scene has states (and so a dotLottie state machine).
    public var hasStateMachine = false
    /// The Lottie's bound slots and how they move, nil without any.
    public var slots: SlotAPIModel?
    /// The colour names a colour input takes, as the scene language knows them.
    public var namedColors: [(name: String, color: RGBA)] = []

    /// The type name of a choice input's values: the scene's type name and the input's
    /// (`BarChartPeriod`), with `Choice` after it where that is a name the TypeScript file
    /// declares itself (an input `state` of a scene `x` made a second `XState`).
    public func choiceTypeName(_ input: Input) -> String {
        let upper = input.name.identifier.prefix(1).uppercased() + input.name.identifier.dropFirst()
        return typeName + upper + (Self.typeScriptSuffixes.contains(upper) ? "Choice" : "")
    }

    /// What the TypeScript file puts after the scene's type name for types of its own.
    static let typeScriptSuffixes: Set<String> = [
        "Names", "State", "Transition", "Event", "Marker", "Fired", "Inputs", "SVGApi", "SVG", "DotLottie", "DotLottieEvents", "Lottie",
        "Progress", "SlotGlides", "SlotMovers", "SlotTemplates",
    ]

    /// Whether some input is a colour.
    public var hasColorInput: Bool { inputs.contains { $0.kind == .color } }
}
