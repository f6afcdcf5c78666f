import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// The effects a player family leaves out (docs/players.md, "Effects"): Telegram's stickers are
/// drawn by rlottie, which reads no layer effects, and lottie-ios parses only the Drop Shadow
/// (`LayerEffectType` has no Gaussian Blur), in both of its rendering engines.
func effectFindings(_ node: Node, target: PlayerTarget, locator: SourceLocator) -> [TargetFinding] {
    guard let effects = node.effects else { return [] }
    var findings: [TargetFinding] = []
    switch target {
    case .web, .lottieAndroid:
        break
    case .tgs:
        if effects.blur != nil {
            findings.append(notDrawn(node, .blur, "a Telegram sticker draws no blur (rlottie reads no layer effects)", locator))
        }
        if effects.shadow != nil {
            findings.append(notDrawn(node, .shadow, "a Telegram sticker draws no shadow (rlottie reads no layer effects)", locator))
        }
    case .lottieIOS:
        if effects.blur != nil {
            findings.append(notDrawn(node, .blur, "lottie-ios draws no Gaussian Blur; it reads only the Drop Shadow effect", locator))
        }
    }
    return findings
}

private func notDrawn(_ node: Node, _ property: Property, _ why: String, _ locator: SourceLocator) -> TargetFinding {
    TargetFinding(
        rule: .effectNotDrawn, message: "'\(node.id)' has \(property == .blur ? "a blur" : "a shadow"); \(why)",
        range: locator.nodeKey(property, of: node),
        help: property == .blur
            ? "leave the blur out for this target, or draw the softness as a shape (a gradient fill fading to none)"
            : "leave the shadow out for this target, or draw it as a shape of its own below the node",
        namesRepeatCopy: node.source.isRepeatCopy)
}
