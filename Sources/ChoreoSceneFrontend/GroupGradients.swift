import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

// One gradient per group (contract §10): a gradient `fill` on a group is laid out once, in the
// group's local coordinates (`units: local`) or over the group's bounds (`units: bounds`), and
// every child that inherits it shows its part of that one sweep. The IR keeps a gradient per
// shape, in the shape's own coordinates, so the front end carries the group's gradient into each
// child: through the base transforms of the child and of the groups between it and the group.
//
// A linear or radial gradient keeps its kind under a similarity (rotation, uniform scale,
// translation) and its points and radius map one by one, also while they animate (the map is
// affine, so it commutes with interpolation). So the transforms in between must be
// similarities and must not move: both are checked (`group-gradient-transform`).

/// The similarity taking a group's coordinates to one of its descendants'.
struct GradientMap {
    var matrix: AffineTransform
    /// The uniform scale factor of `matrix`.
    var scale: Double

    static let identity = GradientMap(matrix: .identity, scale: 1)

    func point(_ p: Point) -> Point { matrix.apply(p) }
    /// A difference of points (a tween's `by:` amount).
    func vector(_ v: Point) -> Point { matrix.applyLinear(v) }
    func length(_ r: Double) -> Double { r * scale }
}

/// The property paths that move a node in its parent.
private let movingTransformKeys: Set<Property> = [.position, .anchor, .offset, .scale, .rotation]

extension FrontendContext {
    /// The map from `owner`'s coordinates to `node`'s, from base values; reports a chain that is not
    /// a similarity (the gradient would have to shear or stretch).
    func gradientMap(from owner: NodeInfo, to node: NodeInfo, range: SourceRange) -> GradientMap {
        var toOwner = AffineTransform.identity
        var current: NodeInfo? = node
        while let step = current, step !== owner {
            toOwner = step.baseMatrix.concatenating(toOwner)
            current = step.parent
        }
        let m = toOwner
        let determinant = m.a * m.d - m.b * m.c
        let scale = abs(determinant).squareRoot()
        let tolerance = 1e-9 * max(1, abs(m.a) + abs(m.b) + abs(m.c) + abs(m.d))
        let similarity = abs(abs(m.a) - abs(m.d)) <= tolerance && abs(abs(m.b) - abs(m.c)) <= tolerance
            && abs(m.a * m.c + m.b * m.d) <= tolerance * max(1, scale * scale)
        guard similarity, scale > 0, let inverse = m.inverted else {
            error(
                .groupGradientTransform,
                "the gradient of group '\(owner.id)' cannot fill '\(node.id)': it is scaled unevenly or flattened inside the group, which would stretch the gradient",
                at: node.range, notes: [Note("the group's gradient is here", at: range)],
                help: "scale the group instead, or give '\(node.id)' its own fill")
            return .identity
        }
        return GradientMap(matrix: inverse, scale: 1 / scale)
    }

    /// Reports every animated transform between a group that sets a gradient and a child that
    /// takes it: the child would slide under the gradient in one output and carry it in the other.
    func checkGroupGradientsStayStill(_ layers: [NodeInfo], animation: SceneAnimation) {
        var reported: Set<String> = []
        var filled: [NodeInfo] = []
        // A layer without children takes no group's gradient.
        for layer in layers where !layer.children.isEmpty {
            layer.forEachInSubtree { if $0.gradientOwner != nil { filled.append($0) } }
        }
        for node in filled {
            guard let owner = node.gradientOwner else { continue }
            var current: NodeInfo? = node
            while let step = current, step !== owner {
                for key in movingTransformKeys.sorted() {
                    let property = PropertyKey(node: step.id, property: key)
                    guard let range = animation.firstRange(of: property), reported.insert(property.description).inserted else { continue }
                    error(
                        .groupGradientTransform,
                        "'\(step.id).\(key)' cannot be animated: '\(step.id)' is inside group '\(owner.id)', whose gradient fills \(step === node ? "it" : "'\(node.id)'")",
                        at: range, notes: [Note("the group '\(owner.id)' is here", at: owner.range)],
                        help: "animate the group '\(owner.id)' (the gradient moves with it), or give '\(node.id)' its own fill")
                }
                current = step.parent
            }
        }
    }
}
