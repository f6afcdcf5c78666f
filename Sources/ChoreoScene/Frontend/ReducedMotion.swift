import ChoreoTimeline
import ChoreoYAML

/// `reduced-motion: fade | none | same` on a transition or a timeline (contract §16).
extension FrontendContext {
    func readReducedMotion(_ node: YAMLNode) -> ReducedMotion? {
        keyword(node, what: "reduced-motion", options: ReducedMotion.allCases.map { ($0.rawValue, $0) })
    }
}
