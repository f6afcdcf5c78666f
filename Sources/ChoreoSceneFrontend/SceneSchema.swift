import ChoreoJSON
import ChoreoSceneModel

/// The JSON Schema (draft-07) of the scene format, for editors (yaml-language-server) and CI.
///
/// The keys of every place, their documentation and the enum values come from `SceneVocabulary`,
/// the lists the front end validates with (and `VocabularyTests` holds them to it); this file
/// only adds what JSON Schema needs on top: the JSON type of each key's value. Values that the
/// language computes (`$vars`, expressions such as `$w / 2`, times and angles with units) are
/// strings to the schema, so a number-valued key accepts a number or a string. The schema is
/// looser than the compiler (it cannot evaluate an expression or check a unit); `SchemaTests`
/// checks that every valid scene validates and that wrong keys, types and enum values do not.
public enum SceneSchema {
    public static func schema() -> JSONValue {
        var definitions: [(String, JSONValue)] = []
        for place in ScenePlace.allCases where place != .scene {
            definitions.append((place.rawValue, object(for: place)))
        }
        // A mask is written as a node whose `id` is optional (only an animated mask needs one).
        if case let .object(members) = object(for: .node) {
            definitions.append((Property.mask.key, .object(members.filter { $0.0 != "required" })))
        }
        definitions += [
            ("number", .object([("description", "a number, a `$var` or an expression such as `$w / 2`"), ("type", ["number", "string"])])),
            ("point", .object([
                ("description", "`[x, y]`, or a `$var` holding a point"),
                ("anyOf", [
                    .object([("type", "array"), ("minItems", 2), ("maxItems", 2), ("items", ref("number"))]),
                    .object([("type", "string"), ("pattern", "^\\s*\\$")]),
                ]),
            ])),
            ("color", .object([("description", "a colour: \"#FF3B30\", rgb(255 59 48), a CSS name or a `$var`"), ("type", "string")])),
            ("identifier", .object([("type", "string"), ("pattern", "^[A-Za-z_][A-Za-z0-9_-]*$")])),
            ("easing", .object([
                ("description", "an easing name, cubic-bezier(…), steps(n), or a map {cubic-bezier|steps|spring}"),
                ("anyOf", [
                    .object([("type", "string"), ("examples", .array(SceneVocabulary.easingNames.map { .string($0) }))]),
                    ref("easingMap"),
                ]),
            ])),
        ]
        var root = object(for: .scene)
        if case var .object(members) = root {
            members.insert(("$schema", "http://json-schema.org/draft-07/schema#"), at: 0)
            members.insert(("title", "Choreo scene"), at: 1)
            members.append(("definitions", .object(definitions)))
            root = .object(members)
        }
        return root
    }

    /// The JSON type of each key's value, by place where a key differs between places.
    static func valueSchema(key: String, place: ScenePlace) -> JSONValue? {
        if place == .node, key == artworkKey {
            return .object([("anyOf", [.object([("type", "string")]), ref(ScenePlace.artwork.rawValue)])])
        }
        if place == .node, key == useKey { return ref("identifier") }
        if let properties = SceneVocabulary.properties(place) {
            return properties.first { $0.key == key }.map { propertySchema($0, place: place) }
        }
        switch (place, key) {
        case (.scene, "choreo"): return .object([("enum", [1])])
        case (.scene, "name"), (.scene, "initial"), (.transition, "from"), (.transition, "to"):
            return ref("identifier")
        case (.state, "play"):
            // The list form plays several timelines at once; none of them may be bound.
            let listed: JSONValue = .object([("anyOf", [
                ref("identifier"),
                .object([("allOf", [ref(ScenePlace.play.rawValue), .object([("not", .object([("required", ["bind"])]))])])]),
            ])])
            return .object([("anyOf", [
                ref("identifier"), ref(ScenePlace.play.rawValue),
                .object([("type", "array"), ("minItems", 1), ("items", listed)]),
            ])])
        case (.play, "timeline"), (.play, "bind"): return ref("identifier")
        case (.play, "loop"): return .object([("type", "boolean")])
        case (.artwork, artworkFileKey): return .object([("type", "string")])
        case (.artwork, artworkPrefixKey): return .object([("type", "string"), ("pattern", "^([A-Za-z_][A-Za-z0-9_-]*)?$")])
        case (.scene, "themes"):
            // Each theme overrides vars by name.
            return .object([("type", "object"), ("additionalProperties", .object([
                ("type", "object"), ("additionalProperties", .object([("anyOf", [ref("number"), ref("point")])])),
            ]))])
        case (.scene, "size"), (.scene, "fps"): return key == "size" ? ref("point") : ref("number")
        case (.scene, "background"): return ref("color")
        case (.scene, "vars"):
            // A number, colour or point, an easing, a stroke or a gradient, or path data (text, or a
            // list of commands, points or contours), shared by `$name`; or any text or map parked
            // for a YAML alias (a timing merged with `<<`), what it is decided where it is used.
            return .object([("type", "object"), ("additionalProperties", .object([("anyOf", [
                ref("number"), ref("point"), ref("easing"), ref(ScenePlace.stroke.rawValue), ref(ScenePlace.gradient.rawValue),
                .object([("type", "array"), ("items", .object([("type", "array")]))]),
                .object([("type", "string")]), .object([("type", "object")]),
            ])]))])
        case (.scene, "layers"), (.component, "layers"): return nodeList
        case (.scene, "components"): return .object([("type", "object"), ("additionalProperties", ref(ScenePlace.component.rawValue))])
        case (.component, "timelines"): return .object([("type", "object"), ("additionalProperties", ref("timeline"))])
        case (.keyframe, "path"):
            return .object([
                ("type", "object"), ("additionalProperties", false),
                ("properties", .object(keyframePathKeys.map { ($0, ref("point")) })),
            ])
        case (.scene, "states"): return .object([("type", "object"), ("additionalProperties", ref("state"))])
        case (.scene, "transitions"): return .object([("type", "array"), ("items", ref("transition"))])
        case (.scene, "timelines"): return .object([("type", "object"), ("additionalProperties", ref("timeline"))])
        case (.scene, "budget"):
            return .object([("anyOf", [
                .object([("type", "integer"), ("minimum", 1)]),
                .object([("type", "string"), ("pattern", "^ *[0-9]+(\\.[0-9]+)? *([kK][iI]?[bB]|[mM][iI]?[bB]|[bB])? *$")]),
            ])])
        case (.scene, "fonts"):
            return .object([("type", "object"), ("additionalProperties", .object([
                ("type", "object"), ("additionalProperties", false),
                ("properties", .object([
                    ("file", .object([("type", "string")])), ("family", .object([("type", "string")])),
                    ("weight", .object([("anyOf", [ref("number"), .object([("type", "string")])])])), ("index", ref("number")),
                ])),
            ]))])
        case (.timeline, "loop"): return .object([("type", "boolean")])
        case (.state, "a11y"): return ref("a11y")
        case (.a11y, "label"): return .object([("type", "string")])
        case (.transition, "on"): return enumSchema("on")
        case (.transition, "change"): return enumSchema("change")
        case (.transition, "exit"): return enumSchema("exit")
        case (.transition, "hit"): return enumSchema("hit")
        case (.transition, "interrupt"): return enumSchema("interrupt")
        case (.transition, "target"): return ref("identifier")
        case (.transition, "reduced-motion"), (.timeline, "reduced-motion"): return enumSchema("reduced-motion")
        case (.transition, "nodes"): return .object([("type", "object"), ("additionalProperties", ref("nodeTiming"))])
        case (.transition, "when"): return .object([("type", ["string", "boolean"])])
        case (.transition, "set"): return .object([("type", "object"), ("additionalProperties", .object([("type", ["number", "string", "boolean"])]))])
        case (.transition, "theme"), (.transition, "emit"): return ref("identifier")
        case (.scene, "inputs"): return inputsSchema
        case (_, "easing"): return ref("easing")
        case (.timeline, "tweens"): return .object([("type", "array"), ("items", ref("tween"))])
        case (.transition, "play"): return ref("identifier")
        case (.timeline, "keyframes"), (.transition, "keyframes"):
            return .object([
                ("type", "object"),
                ("propertyNames", .object([("pattern", .string(keyframeKeyPattern))])),
                ("additionalProperties", .object([("type", "array"), ("items", ref("keyframe"))])),
            ])
        case (.tween, "to"), (.tween, "by"): return .object([("type", "object"), ("additionalProperties", ref("nodeOverrides"))])
        case (.keyframe, "value"): return .object([])
        case (.easingMap, "cubic-bezier"): return .object([("type", "array"), ("minItems", 4), ("maxItems", 4), ("items", ref("number"))])
        case (.easingMap, "spring"): return ref("spring")
        case (.easingMap, "steps"): return ref("number")
        case (_, "duration"), (_, "delay"), (_, "at"), (_, "response"), (_, "damping-fraction"), (_, "bounce"), (_, "stiffness"),
            (_, "damping"), (_, "mass"):
            return ref("number")
        default: return nil
        }
    }

    /// A text node's `size` is its font size, one number (a rect's and an ellipse's is `[w, h]`).
    static let textSizeSchema: (String, JSONValue) = ("properties", .object([(Property.size.key, .object([
        ("$ref", .string("#/definitions/number")), ("description", "the font size, in scene units"),
        ("markdownDescription", "the font size, in scene units"),
    ]))]))

    /// `$name`: a var holding a points list or contours (contract §16).
    static let pathVarReference: JSONValue = .object([("type", "string"), ("pattern", "^\\$[A-Za-z_][A-Za-z0-9_-]*$")])

    static let nodeList: JSONValue = .object([("type", "array"), ("items", ref("node"))])

    /// `inputs:`: each input one of `{boolean: B}`, `{number: N, range: [LOW, HIGH]}`, `{string: S}`.
    static let inputsSchema: JSONValue = .object([
        ("type", "object"), ("propertyNames", ref("identifier")),
        ("additionalProperties", .object([("oneOf", [
            .object([("type", "object"), ("required", ["boolean"]), ("additionalProperties", false),
                     ("properties", .object([("boolean", .object([("type", "boolean")]))]))]),
            .object([("type", "object"), ("required", ["number"]), ("additionalProperties", false),
                     ("properties", .object([("number", ref("number")), ("range", ref("point"))]))]),
            .object([("type", "object"), ("required", ["string"]), ("additionalProperties", false),
                     ("properties", .object([("string", .object([("type", "string")]))]))]),
        ])]))
    ])

    /// The JSON type of a property's value, from its kind in the property table.
    static func propertySchema(_ property: Property, place: ScenePlace) -> JSONValue {
        switch property.descriptor.kind {
        case .number, .angle, .integer: return ref("number")
        // A text node's `size` is one number (`textSizeSchema`).
        case .point where property == .size && place == .node: return .object([("anyOf", [ref("point"), ref("number")])])
        case .point: return ref("point")
        case .scale, .numberOrRange: return .object([("anyOf", [ref("number"), ref("point")])])
        case .anchor:
            return .object([("anyOf", [ref("point"), .object([("enum", .array(SceneVocabulary.anchorNames.map { .string($0) }))])])])
        // A stroke's colour in layers may be a gradient (set there, not animated).
        case .color where property == .strokeColor && place != .nodeOverrides:
            return .object([("anyOf", [ref("color"), ref(ScenePlace.gradient.rawValue)])])
        case .color: return ref("color")
        case .paint: return .object([("anyOf", [ref("color"), ref(ScenePlace.gradient.rawValue)])])
        case .strokeStyle where place == .nodeOverrides:
            let animatable = property.children.filter(\.isEverAnimatable)
            return .object([
                ("type", "object"), ("additionalProperties", false),
                ("properties", .object(animatable.map { ($0.key, propertySchema($0, place: place)) })),
            ])
        case .strokeStyle: return .object([("anyOf", [ref("color"), ref(ScenePlace.stroke.rawValue)])])
        case .clipShape where place == .nodeOverrides:
            let animatable = property.children.filter(\.isEverAnimatable)
            return .object([
                ("type", "object"), ("additionalProperties", false),
                ("properties", .object(animatable.map { ($0.key, propertySchema($0, place: .clip)) })),
            ])
        case .clipShape: return ref(ScenePlace.clip.rawValue)
        case .time: return ref("number")
        case .colorPair: return .object([("type", "array"), ("minItems", 2), ("maxItems", 2), ("items", ref("color"))])
        case .keyword where property == .clipShape:
            // The reader knows `group` too, to say why a clip cannot be one.
            return .object([("enum", .array(property.descriptor.shapes.map { .string($0.rawValue) }))])
        case .map:
            // Each map of the table is a place of its own, with its own definition.
            let mapPlace = ScenePlace.allCases.first { SceneVocabulary.mapProperty($0) == property }!
            return ref(mapPlace.rawValue)
        case .keyword: return enumSchema(property.key, in: place)
        case .boolean: return .object([("type", "boolean")])
        case .pathData:
            // SVG path data, or a list of commands `[M, x, y]` whose numbers may be expressions.
            return .object([("anyOf", [.object([("type", "string")]), .object([("type", "array"), ("items", .object([("type", "array")]))])])])
        case .pointList: return .object([("anyOf", [.object([("type", "array"), ("items", ref("point"))]), pathVarReference])])
        case .contourList:
            return .object([("anyOf", [
                .object([("type", "array"), ("items", .object([("type", "array"), ("items", ref("point"))]))]), pathVarReference,
            ])])
        case .numberList: return .object([("type", "array"), ("items", ref("number"))])
        case .stops:
            return .object([("type", "array"), ("items", .object([
                ("type", "array"), ("minItems", 2), ("maxItems", 2), ("items", [ref("number"), ref("color")]),
            ]))])
        case .nodeList: return nodeList
        case .timePair: return .object([("type", "array"), ("minItems", 2), ("maxItems", 2), ("items", ref("number"))])
        case .pathOrMap where place == .nodeOverrides: return ref(ScenePlace.motionPath.rawValue)
        case .pathOrMap: return .object([("anyOf", [.object([("type", "string")]), ref(ScenePlace.motionPath.rawValue)])])
        case .nodeOrList: return .object([("anyOf", [ref(property.key), .object([("type", "array"), ("items", ref(property.key))])])])
        case .identifier: return ref("identifier")
        case .text: return .object([("type", "string")])
        }
    }

    /// The object schema of one place: its keys (documented), which are required, no others.
    static func object(for place: ScenePlace) -> JSONValue {
        var properties: [(String, JSONValue)] = []
        for key in SceneVocabulary.keys(place) {
            var property: [(String, JSONValue)] = []
            if case let .object(members)? = valueSchema(key: key, place: place) { property = members }
            if let documentation = SceneVocabulary.documentation(key: key, place: place), !documentation.isEmpty {
                property.append(("description", .string(documentation.replacingOccurrences(of: "`", with: ""))))
                property.append(("markdownDescription", .string(documentation)))
            }
            properties.append((key, .object(property)))
        }
        var members: [(String, JSONValue)] = [("type", "object")]
        let required = requiredKeys[place] ?? []
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        members.append(("properties", .object(properties)))
        switch place {
        case .state:
            // Other keys are node ids, each with the node's values in that state.
            members.append(("additionalProperties", ref("nodeOverrides")))
        case .node:
            members.append(("additionalProperties", false))
            // A node is a shape, or an `artwork:` (a group, whose `size` is the SVG's box).
            members.append(("anyOf", [
                .object([("required", [.string(Property.shape.key)])]), .object([("required", [.string(artworkKey)])]),
                .object([("required", [.string(useKey)])]),
            ]))
            let artworkNodeKeys = (SceneVocabulary.nodeKeys(shape: ShapeKind.group.rawValue) ?? []).filter { $0 != Property.children.key }
                + [artworkKey, Property.size.key]
            let artworkNode: JSONValue = .object([
                ("if", .object([("required", [.string(artworkKey)])])),
                ("then", .object([
                    ("properties", .object([(Property.shape.key, .object([("const", .string(ShapeKind.group.rawValue))]))])),
                    ("propertyNames", .object([("enum", .array(artworkNodeKeys.map { .string($0) }))])),
                ])),
            ])
            // A node that uses a component is a group of its nodes (no `children`).
            let useNode: JSONValue = .object([
                ("if", .object([("required", [.string(useKey)])])),
                ("then", .object([
                    ("properties", .object([(Property.shape.key, .object([("const", .string(ShapeKind.group.rawValue))]))])),
                    ("propertyNames", .object([("enum", .array(
                        ((SceneVocabulary.nodeKeys(shape: ShapeKind.group.rawValue) ?? []).filter { $0 != Property.children.key } + [useKey])
                            .map { .string($0) }))])),
                ])),
            ])
            members.append(("allOf", .array([artworkNode, useNode] + SceneVocabulary.shapes.map { shape in
                .object([
                    ("if", .object([
                        ("properties", .object([(Property.shape.key, .object([("const", .string(shape))]))])),
                        ("required", [.string(Property.shape.key)]),
                        ("not", .object([("anyOf", [
                            .object([("required", [.string(artworkKey)])]), .object([("required", [.string(useKey)])]),
                        ])])),
                    ])),
                    ("then", .object([("propertyNames", .object([
                        ("enum", .array((SceneVocabulary.nodeKeys(shape: shape) ?? []).map { .string($0) })),
                    ]))] + (shape == ShapeKind.text.rawValue ? [textSizeSchema] : []))),
                ])
            })))
            members.append(("defaultSnippets", .array(nodeSnippets)))
        case .easingMap:
            members.append(("additionalProperties", false))
            members.append(("minProperties", 1))
            members.append(("maxProperties", 1))
        default:
            members.append(("additionalProperties", false))
        }
        if place == .transition {
            members.append(("defaultSnippets", [.object([
                ("label", "transition"), ("body", .object([("from", "$1"), ("to", "$2"), ("on", "tap"), ("duration", "0.35s"), ("easing", "ease-in-out")])),
            ])]))
        }
        if place == .timeline {
            members.append(("defaultSnippets", [.object([
                ("label", "timeline"), ("body", .object([("duration", "1s"), ("loop", true), ("keyframes", .object([("${1:node}.\(Property.opacity)", [
                    .object([("at", "0s"), ("value", 1)]), .object([("at", "1s"), ("value", 0)]),
                ])]))])),
            ])]))
        }
        if place == .state {
            members.append(("defaultSnippets", [.object([("label", "state"), ("body", .object([("${1:node}", .object([(Property.rotation.key, .string("45deg"))]))]))])]))
        }
        return .object(members)
    }

    /// `node.property` where the property is one a keyframe can animate on some shape.
    static let keyframeKeyPattern: String = {
        let properties = Set(SceneVocabulary.shapes.flatMap(SceneVocabulary.keyframeProperties)).sorted()
        let escaped = properties.map { $0.replacingOccurrences(of: ".", with: "\\.") }
        return "^[A-Za-z_][A-Za-z0-9_-]*\\.(" + escaped.joined(separator: "|") + ")$"
    }()

    static let requiredKeys: [ScenePlace: [String]] = [
        // A node's `shape` is required unless it is an `artwork:` (the node's own `anyOf`).
        .scene: sceneRequiredKeys,
        .node: ShapeKind.allCases.reduce(Property.nodeKeys) { keys, shape in keys.filter { shape.requiredKeys.contains($0) } }.map(\.key)
            .filter { $0 != Property.shape.key },
        .artwork: [artworkFileKey],
        .transition: ["from", "to"], .timeline: ["duration"], .tween: ["at"], .keyframe: ["at", "value"], .play: ["timeline"],
        .linearGradient: Property.fillLinear.requiredChildren.map(\.key), .radialGradient: Property.fillRadial.requiredChildren.map(\.key),
        .repeat: Property.repeat.requiredChildren.map(\.key), .clip: Property.clip.requiredChildren.map(\.key),
        .perGlyph: Property.perGlyph.requiredChildren.map(\.key),
        // Not `.gradient`: a state's or tween's gradient (the same definition) need not give its stops.
    ]

    static let nodeSnippets: [JSONValue] = [
        nodeSnippet(.rect, [(.size, [40, 20]), (.position, [50, 50]), (.fill, "#FF3B30")]),
        nodeSnippet(.ellipse, [(.radius, 10), (.position, [50, 50])]),
        nodeSnippet(.polygon, [(.sides, 5), (.radius, 20), (.position, [50, 50])]),
        nodeSnippet(.path, [(.d, "M 0 0 L 10 10"), (.stroke, .object([(Property.strokeColor.key, .string("black")), (Property.strokeWidth.key, .number(2))]))]),
        nodeSnippet(.group, [(.children, [])]),
    ]

    /// A completion snippet for a node of `shape`: its id and shape, then `values`.
    static func nodeSnippet(_ shape: ShapeKind, _ values: [(Property, JSONValue)]) -> JSONValue {
        let body: [(String, JSONValue)] = [(Property.id.key, .string("$1")), (Property.shape.key, .string(shape.rawValue))] + values.map { ($0.0.key, $0.1) }
        return .object([("label", .string("\(shape.rawValue) node")), ("body", .object(body))])
    }

    static func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/definitions/\(name)"))]) }

    static func enumSchema(_ key: String, in place: ScenePlace? = nil) -> JSONValue {
        let values = SceneVocabulary.enumValues(forKey: key, in: place)
        return .object([
            ("enum", .array(values.map { .string($0.value) })),
            ("markdownEnumDescriptions", .array(values.map { .string($0.documentation) })),
        ])
    }

    /// Keys of the vocabulary that have no value type here (a key added to the front end's
    /// tables without one): a test keeps this empty.
    public static var untypedKeys: [String] {
        ScenePlace.allCases.flatMap { place in
            SceneVocabulary.keys(place).filter { valueSchema(key: $0, place: place) == nil }.map { "\(place.rawValue).\($0)" }
        }
    }
}
