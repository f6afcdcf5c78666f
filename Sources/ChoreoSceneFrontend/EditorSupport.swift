import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSceneModel
import ChoreoTimeline
import ChoreoYAML

/// What an editor shows about a scene beyond its diagnostics: the evaluated vars and, when the
/// scene has no errors, its resolved model (styles inherited, defaults filled in).
package struct SceneInsight: Sendable {
    package var vars: [String: VarValue]
    package var scene: Scene?
}

/// Reads a scene for editor support, from a YAML tree the caller already has. Pure, and never
/// fails: a broken file simply yields fewer facts.
/// `resolveModel: false` reads only the vars (cheap: what a hover on `$name` needs).
package func sceneInsight(root: YAMLNode, file: SourceFile, resolveModel: Bool = true, files: (any SceneFileAccess)? = nil) -> SceneInsight {
    let context = FrontendContext(file: file, bag: DiagnosticBag(file: file.path))
    let pairs = root.mapping ?? []
    if let fps = pairs.first(where: { $0.key.scalar?.value == "fps" })?.value.scalar.flatMap({ Double($0.value) }), fps > 0 {
        context.environment.fps = fps
    }
    if let vars = pairs.first(where: { $0.key.scalar?.value == "vars" })?.value { context.readVars(vars) }
    guard resolveModel else { return SceneInsight(vars: context.environment.vars, scene: nil) }
    var bag = DiagnosticBag(file: file.path)
    // As the compiler reads it: a node that uses a component is the component's group.
    var expanded = root
    expandComponents(in: &expanded, file: file, diagnostics: &bag)
    let scene = buildScene(from: expanded, file: file, diagnostics: &bag, files: files)
    return SceneInsight(vars: context.environment.vars, scene: bag.hasErrors ? nil : scene)
}

/// A var's value as hover text: `45deg (an angle)`, `#ff3b30 (a colour)`, `[10, 20] (a point)`.
package func describeVarValue(_ value: VarValue) -> String {
    switch value {
    case let .quantity(quantity):
        return describeQuantity(quantity) + " (\(quantity.dimension.article))"
    case let .color(color):
        return describeColor(color) + " (a colour)"
    case let .point(x, y):
        return "[\(describeQuantity(x)), \(describeQuantity(y))] (a point)"
    }
}

private func describeQuantity(_ quantity: Quantity) -> String {
    describeNumber(quantity.value) + quantity.dimension.displayUnit
}

/// `#rrggbb` or `#rrggbbaa`.
package func describeColor(_ color: RGBA) -> String {
    func hex(_ channel: Double) -> String {
        let value = Int((max(0, min(1, channel)) * 255).rounded())
        let digits = Array("0123456789abcdef")
        return String([digits[value / 16], digits[value % 16]])
    }
    return "#" + hex(color.r) + hex(color.g) + hex(color.b) + (color.a < 1 ? hex(color.a) : "")
}

/// A node's resolved style and base transform as short Markdown lines, or nil when the scene has
/// no such node.
package func describeNode(_ id: String, in scene: Scene) -> String? {
    func find(_ nodes: [SceneNode]) -> SceneNode? {
        for node in nodes {
            if node.id == id { return node }
            if case let .group(children) = node.shape, let found = find(children) { return found }
        }
        return nil
    }
    guard let node = find(scene.layers) else { return nil }
    var lines: [String] = []
    let shape: String
    switch node.shape {
    case .rect: shape = "rect"
    case .ellipse: shape = "ellipse"
    case let .polygon(sides, star, _): shape = star ? "star (\(sides) points)" : "polygon (\(sides) sides)"
    case .path: shape = "path"
    case let .group(children): shape = "group of \(children.count)"
    }
    lines.append("**\(TextEscaping.markdown(node.id))**: \(shape)")
    switch node.fill {
    case .none: lines.append("fill: none")
    case .solid: lines.append("\(Property.fill): " + describeProperty(node.base[.fill] ?? Property.fill.defaultValue!))
    case .linear: lines.append("fill: linear gradient")
    case .radial: lines.append("fill: radial gradient")
    }
    if let stroke = node.stroke {
        let color = describeProperty(node.base[.strokeColor] ?? Property.strokeColor.defaultValue!)
        let width = describeProperty(node.base[.strokeWidth] ?? Property.strokeWidth.defaultValue!)
        lines.append("stroke: \(color), width \(width), cap \(stroke.cap), join \(stroke.join)")
    } else {
        lines.append("stroke: none")
    }
    for property in [Property.position, .anchor, .rotation, .scale, .opacity, .offset] {
        if let value = node.base[property] {
            lines.append("\(property): \(describeProperty(value))\(property.descriptor.kind == .angle ? "deg" : "")")
        }
    }
    return lines.joined(separator: "  \n")
}

private func describeProperty(_ value: PropertyValue) -> String {
    switch value {
    case let .number(number): return describeNumber(number)
    case let .point(point): return "[\(describeNumber(point.x)), \(describeNumber(point.y))]"
    case let .color(color): return describeColor(color)
    case .path: return "a path"
    case .stops: return "gradient stops"
    }
}
