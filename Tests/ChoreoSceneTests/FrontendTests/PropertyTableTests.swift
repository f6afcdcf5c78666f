import ChoreoTestSupport
import ChoreoText
import ChoreoTimeline
import Foundation
import Testing

@testable import ChoreoScene

// The property table (ChoreoSceneModel/Model/PropertyTable.swift) is the one place a property name is
// written in the scene targets; everything else asks it.

/// Words that are also a table key but mean something else where they are written, by file.
private let otherMeanings: [String: Set<String>] = [
    // Anchor keywords and their aliases.
    "ChoreoSceneModel/Model/Bounds.swift": ["center"],
    "ChoreoSceneFrontend/NodeTree.swift": ["center"],
    // The scene's own `size:` (the canvas), not a node's.
    "ChoreoSceneFrontend/SceneFrontend.swift": ["size"],
    // Transition and tween keys; the `end` trigger alias; a state's `a11y: {label}`.
    "ChoreoSceneFrontend/StatesAndTransitions.swift": ["from", "to", "end", "delay", "a11y", "label"],
    "ChoreoSceneFrontend/Timelines.swift": ["to", "delay", "at"],
    // A keyframe's or tween's `at:` (not a motion path's), a tween's `to:`.
    "ChoreoSceneFrontend/Choreography.swift": ["at"],
    "ChoreoSceneFrontend/Components.swift": ["to"],
    "ChoreoSceneFrontend/FixIts.swift": ["time", "at"],
    // `y` for yes; "x" as a letter; "node" as a schema definition or in a comment.
    "ChoreoSceneFrontend/ScalarReaders.swift": ["y"],
    "ChoreoSceneFrontend/SceneFiles.swift": ["x"],
    "ChoreoSceneModel/Model/SceneChecks.swift": ["node"],
    // A binding's `to: [A, B]`.
    "ChoreoSceneFrontend/BoundValues.swift": ["to"],
    // A transition's or tween's `delay:`.
    "ChoreoSceneFrontend/EasingReader.swift": ["delay"],
    // "the stroke" in a message.
    "ChoreoSceneFrontend/Themes.swift": ["stroke"],
    // "contour" or "contours" in a message.
    "ChoreoSceneFrontend/Overrides.swift": ["contours"],
    // Easing names (`linear`) and `steps(4, end)`.
    "ChoreoSceneModel/Values/EasingParser.swift": ["linear", "end"],
    // Scene, transition and tween keys; the `linear` easing; a state's `a11y: {label}`.
    "ChoreoSceneFrontend/Vocabulary.swift": ["size", "from", "to", "linear", "delay", "a11y", "label", "at"],
    // Scene and transition keys, the schema's `color` definition, a state's `a11y: {label}` and
    // the `label` of an editor snippet.
    "ChoreoSceneFrontend/SceneSchema.swift": ["size", "from", "to", "color", "delay", "a11y", "label", "at", "node"],
]

/// The sources of the scene targets (the façade, model, front end and lowering), each named by its
/// path under Sources/.
private func choreoSceneSources() throws -> [(name: String, text: String)] {
    let sources = repositoryRoot().appendingPathComponent("Sources")
    var files: [(String, String)] = []
    for target in ["ChoreoScene", "ChoreoSceneModel", "ChoreoSceneFrontend", "ChoreoSceneLowering"] {
        let directory = sources.appendingPathComponent(target)
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let name = enumerator?.nextObject() as? String {
            guard name.hasSuffix(".swift") else { continue }
            files.append(("\(target)/\(name)", try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)))
        }
    }
    return files.sorted { $0.0 < $1.0 }
}

@Test func propertyNamesAreWrittenOnlyInTheTable() throws {
    let names = Set(Property.allCases.flatMap { [$0.key, $0.path] })
    let sources = try choreoSceneSources()
    #expect(sources.contains { $0.name == "ChoreoSceneModel/Model/PropertyTable.swift" }, "the scan must see the table")
    #expect(sources.count > 30, "the scan must see the sources")
    var strays: [String] = []
    for (name, text) in sources where name != "ChoreoSceneModel/Model/PropertyTable.swift" {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
            for word in names where line.contains("\"\(word)\"") && !(otherMeanings[name]?.contains(word) ?? false) {
                strays.append("\(name):\(index + 1): \"\(word)\"")
            }
        }
    }
    #expect(strays.isEmpty, "property names outside the property table (ask `Property` instead): \(strays.joined(separator: ", "))")
}

@Test func theTableItselfNamesEachPropertyOnce() throws {
    let table = try #require(try choreoSceneSources().first { $0.name == "ChoreoSceneModel/Model/PropertyTable.swift" }?.text)
    for property in Property.allCases {
        let written = table.components(separatedBy: "key: \"\(property.key)\"").count - 1
        // A clip's keys are a node's, derived from the node key's descriptor.
        let sameKey = Property.allCases.filter { $0.key == property.key && $0.clippedNodeKey == nil }.count
        #expect(written == sameKey, "'\(property.key)' is written \(written) times in the table for \(sameKey) properties")
    }
}

@Test func propertyIdsAreDenseAndPathsUnique() {
    #expect(Property.allCases.enumerated().allSatisfy { $0.offset == $0.element.rawValue })
    #expect(Set(Property.allCases.map(\.path)).count == Property.allCases.count)
    for property in Property.allCases { #expect(Property(path: property.path) == property) }
    #expect(Property(path: "trim.end") == .trimEnd)
    #expect(Property(path: "fill.from") == .fillFrom, "gradient points sit in fill.linear but are stored as fill.from")
    #expect(Property(path: "nope") == nil)
}

/// The lists the front end used to spell out by hand, now derived: the same keys, shape by shape.
@Test func derivedNodeSchemasMatchTheLanguage() {
    #expect(NodeSchema.byShape[.rect]!.required == ["id", "shape", "size"])
    #expect(NodeSchema.byShape[.ellipse]!.required == ["id", "shape"], "size or radius, checked by hand")
    #expect(NodeSchema.byShape[.polygon]!.required == ["id", "shape", "sides", "radius"])
    #expect(NodeSchema.byShape[.group]!.required == ["id", "shape", "children"])
    #expect(NodeSchema.byShape[.text]!.required == ["id", "shape", "size", "text", "font"])
    let common = ["id", "shape", "position", "anchor", "offset", "scale", "rotation", "opacity", "fill", "fill-rule", "stroke", "trim", "repeat", "clip", "blur", "shadow"]
    let geometry: [ShapeKind: [String]] = [
        .rect: ["size", "corner-radius"], .ellipse: ["size", "radius"], .polygon: ["sides", "radius", "inner-radius", "corner-radius"],
        .path: ["d", "points", "contours", "closed", "morph"], .group: ["children"],
        .text: ["size", "text", "font", "align", "line-height", "letter-spacing", "max-width", "per-glyph", "a11y"],
    ]
    // Layer keys on every node; a mask's own keys on the shapes a mask may be; a group's clock.
    let layer = ["orient", "parent", "visible", "blend", "motion-path", "mask", "matte"]
    let extra: [ShapeKind: [String]] = [
        .rect: ["mode", "expand", "inverted"], .ellipse: ["mode", "expand", "inverted"], .polygon: ["mode", "expand", "inverted"],
        .path: ["mode", "expand", "inverted"], .group: ["time"], .text: [],
    ]
    for shape in ShapeKind.allCases {
        #expect(Set(NodeSchema.byShape[shape]!.allowed) == Set(common + layer + geometry[shape]! + extra[shape]!), "\(shape)")
    }
    #expect(NodeSchema.byShape[.rect]!.misplaced["radius"] == "a rect node has no 'radius'; it applies to ellipse and polygon nodes")
}

@Test func derivedAnimatablePathsMatchTheLanguage() {
    let transform = ["position", "anchor", "offset", "scale", "rotation", "opacity"]
    let style = ["fill", "fill.from", "fill.to", "fill.center", "fill.radius", "fill.stops", "stroke.color", "stroke.width", "trim.start", "trim.end", "trim.offset"]
    // Whatever the node's shape: its clip's shape decides.
    let clip = ["size", "radius", "inner-radius", "corner-radius", "d", "points", "contours", "position", "anchor", "scale", "rotation"].map { "clip." + $0 }
    let effects = ["blur", "shadow.color", "shadow.offset", "shadow.blur"]
    let geometry: [ShapeKind: [String]] = [
        .rect: ["size", "corner-radius"], .ellipse: ["size", "radius"], .polygon: ["radius", "inner-radius"],
        .path: ["d", "points", "contours"], .group: [], .text: [],
    ]
    // A position's axes and a motion path's progress; a mask's expansion on the shapes a mask may be.
    let layer = ["position.x", "position.y"], progress = ["motion-path.at"], masks: Set<ShapeKind> = [.rect, .ellipse, .polygon, .path]
    for shape in ShapeKind.allCases {
        let expand = masks.contains(shape) ? ["expand"] : []
        #expect(
            shape.keyframePaths.map(\.path) == ["position"] + layer + transform.dropFirst() + progress + expand + geometry[shape]! + style + clip + effects,
            "\(shape)")
        #expect(
            shape.animatableKeys.map(\.key) == transform + ["motion-path"] + expand + geometry[shape]! + ["fill", "stroke", "trim", "clip", "blur", "shadow"],
            "\(shape)")
    }
    #expect(Property.stroke.children.filter { !$0.isEverAnimatable }.map(\.key) == ["cap", "join", "miter-limit", "dash"])
    #expect(Property.fill.children.filter { !$0.isEverAnimatable }.map(\.key) == ["units"])
}

/// The model builder takes a property's default from the table when a node does not have it: every
/// animatable value but the anchor and position (which the front end always sets) needs one.
@Test func everyAnimatableValueHasADefaultOfItsKind() {
    for property in Property.allCases where property.descriptor.kind.isModelValue && property.isEverAnimatable && property.stored == property {
        if [Property.anchor, .position, .clipAnchor, .clipPosition].contains(property) {
            #expect(property.defaultValue == nil)
            continue
        }
        let value = property.defaultValue
        switch property.descriptor.kind {
        case .number, .angle: #expect(value?.asDouble != nil, "\(property)")
        case .point, .scale: #expect(value?.asPoint != nil, "\(property)")
        case .color, .paint: #expect(value?.asColor != nil, "\(property)")
        case .stops: #expect(value?.asStops != nil, "\(property)")
        case .pathData: #expect(value?.asPath != nil, "\(property)")
        default: Issue.record("\(property) has kind \(property.descriptor.kind)")
        }
    }
}

/// Clamping applies to the drawn value's numbers, so a bounded property must be a number, colour or stops.
@Test func drawableRangesBelongToNumericValues() {
    let bounded = Property.allCases.filter { $0.descriptor.drawableRange != nil }
    #expect(Set(bounded.map(\.path)) == ["opacity", "corner-radius", "clip.corner-radius", "fill", "fill.radius", "fill.stops", "stroke.color", "stroke.width", "trim.start", "trim.end", "blur", "shadow.blur", "shadow.color"])
    for property in bounded {
        #expect([PropertyKind.number, .color, .paint, .stops].contains(property.descriptor.kind), "\(property)")
    }
}

/// The readers turn a keyword into the model's enum with `init(rawValue:)!`: every word must be one.
@Test func keywordWordsAreTheModelsValues() {
    for property in Property.allCases where property.descriptor.kind == .keyword {
        let words = property.descriptor.keywords?.values.map(\.word) ?? []
        #expect(!words.isEmpty, "\(property) is a keyword property without words")
        for word in words {
            switch property {
            case .shape, .clipShape: #expect(ShapeKind(rawValue: word) != nil, "\(word)")
            case .fillRule: #expect(FillRule(rawValue: word) != nil, "\(word)")
            case .fillUnits: #expect(GradientUnits(rawValue: word) != nil, "\(word)")
            case .morph, .clipMorph: #expect(MorphMode(rawValue: word) != nil, "\(word)")
            case .strokeCap: #expect(LineCap(rawValue: word) != nil, "\(word)")
            case .strokeJoin: #expect(LineJoin(rawValue: word) != nil, "\(word)")
            case .align: #expect(TextAlignment(rawValue: word) != nil, "\(word)")
            case .blend: #expect(BlendMode(rawValue: word) != nil, "\(word)")
            case .maskMode: #expect(MaskMode(rawValue: word) != nil, "\(word)")
            case .matteMode: #expect(MatteMode(rawValue: word) != nil, "\(word)")
            case .orient: #expect(["none", "auto"].contains(word), "\(word): the reader knows only `auto`")
            default: Issue.record("\(property): no model enum is checked for its words")
            }
        }
        for (alias, word) in property.descriptor.keywords?.aliases ?? [:] {
            #expect(words.contains(word), "\(property): alias '\(alias)' names '\(word)', not one of its words")
        }
    }
}
