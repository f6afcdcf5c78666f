import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoTimeline

/// What a player family draws otherwise of a node's masks, matte and blend mode (docs/players.md,
/// "Masks, mattes and blend modes"):
/// - lottie-ios, both engines, draws a difference mask as an intersection and no mask
///   expansion, and its Core Animation engine draws every mask opaque (`MaskMode.usableMode`,
///   `MaskCompositionLayer`);
/// - lottie-android reads no difference mode (it adds the mask) and no expansion;
/// - a Telegram sticker may have no masks or mattes, and rlottie, which draws stickers, blends
///   nothing.
func compositingFindings(_ node: Node, target: PlayerTarget, locator: SourceLocator) -> [TargetFinding] {
    var findings: [TargetFinding] = []
    func masked(_ why: String, help: String) {
        findings.append(TargetFinding(
            rule: .maskNotDrawn, message: "'\(node.id)' has a mask that \(why)", range: locator.nodeKey(.mask, of: node), help: help,
            namesRepeatCopy: node.source.isRepeatCopy))
    }
    switch target {
    case .web:
        break
    case .lottieIOS, .lottieAndroid:
        let player = target == .lottieIOS ? "lottie-ios" : "lottie-android"
        if node.masks.contains(where: { $0.mode == .difference }) {
            masked(
                "is in difference mode; \(player) draws it as \(target == .lottieIOS ? "an intersection" : "an addition")",
                help: "split the mask into masks that add and subtract, or compile this scene for another target")
        }
        if node.masks.contains(where: { $0.expand.isAnimated || $0.expand.initial != 0 }) {
            masked("is expanded; \(player) draws masks without expansion", help: "draw the mask's shape as large as it should be")
        }
        if target == .lottieIOS, node.masks.contains(where: { $0.transform.opacity.isAnimated || $0.transform.opacity.initial != 1 }) {
            masked(
                "is not opaque; lottie-ios's Core Animation engine draws every mask opaque",
                help: "fade the node (its opacity) instead of its mask")
        }
    case .tgs:
        if !node.masks.isEmpty {
            findings.append(TargetFinding(
                rule: .tgsCompositing, message: "'\(node.id)' has a mask, which Telegram stickers may not use",
                range: locator.nodeKey(.mask, of: node), help: "draw the visible part as a shape of its own, or compile this scene for another target",
                namesRepeatCopy: node.source.isRepeatCopy))
        }
        if node.matte != nil {
            findings.append(TargetFinding(
                rule: .tgsCompositing, message: "'\(node.id)' has a track matte, which Telegram stickers may not use",
                range: locator.nodeKey(.matte, of: node), help: "draw the visible part as a shape of its own, or compile this scene for another target",
                namesRepeatCopy: node.source.isRepeatCopy))
        }
        if node.blend != .normal {
            findings.append(TargetFinding(
                rule: .tgsCompositing,
                message: "'\(node.id)' blends (\(node.blend.rawValue)); rlottie, which draws Telegram stickers, draws it as normal",
                range: locator.nodeKey(.blend, of: node), help: "pick the colour the blend gives, or compile this scene for another target",
                namesRepeatCopy: node.source.isRepeatCopy))
        }
    }
    return findings
}
