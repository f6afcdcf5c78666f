import ChoreoTimeline
import ChoreoYAML

/// `reduced-motion: fade | none | same` on a transition or a timeline (contract §16).
extension FrontendContext {
    func readReducedMotion(_ node: YAMLNode) -> ReducedMotion? {
        keyword(node, what: "reduced-motion", options: ReducedMotion.allCases.map { ($0.rawValue, $0) })
    }
}

/// What each `reduced-motion:` value does, for completion and hover.
func reducedMotionDocumentation(_ value: ReducedMotion) -> String {
    switch value {
    case .fade: "the two poses cross-fade over the duration instead of moving (default)"
    case .none: "jumps to the end at once"
    case .same: "plays as usual, even for a viewer who asks for reduced motion"
    }
}
