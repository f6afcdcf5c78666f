import ChoreoDiagnostics
import ChoreoSceneModel
import ChoreoYAML

extension FrontendContext {
    /// `budget: 64KiB`: a size (`parseByteSize`).
    func readBudget(_ node: YAMLNode) -> OutputBudget? {
        guard let text = scalarText(node, expected: "a size such as 64KiB") else { return nil }
        guard let bytes = parseByteSize(text) else {
            error(
                .invalidBudget, "'\(text)' is not a size budget: write a whole number of bytes or a size such as 64KiB, 500KB or 1.5MiB",
                at: node.reportRange, help: "KB and MB are 1000 and 1000² bytes, KiB and MiB 1024 and 1024²")
            return nil
        }
        return OutputBudget(bytes: bytes, range: node.reportRange)
    }
}
