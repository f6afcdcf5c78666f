import ChoreoArchive
import ChoreoDiagnostics
import ChoreoLottie
import ChoreoScene
import ChoreoTimeline

/// The `over-budget` errors of one compiled scene: each Lottie, TGS or dotLottie file that would
/// be written and is larger than the budget, measured from the bytes themselves (raw and gzip),
/// before anything is written. The budget is the scene's `budget:` or `--budget`, the smaller
/// when both are given; the error points at the scene's `budget:` when that one applies.
/// Only called when there is a budget: measuring emits each of those outputs once more.
func overBudgetDiagnostics(
    _ scene: CompiledScene, timeline: Timeline, emit: [EmitKind], pretty: Bool, optionBudget: Int?
) -> [Diagnostic] {
    let sceneBudget = scene.budget
    let budget: (bytes: Int, range: SourceRange, source: String)
    switch (sceneBudget, optionBudget) {
    case let (written?, option?) where option < written.bytes: budget = (option, SourceRange(.start), "--budget")
    case let (written?, _): budget = (written.bytes, written.range, "the scene's budget")
    case let (nil, option?): budget = (option, SourceRange(.start), "--budget")
    case (nil, nil): return []
    }
    var measured: [(file: String, bytes: Int, detail: String)] = []
    if emit.contains(.lottie) {
        let json = LottieEmitter.emitBytes(timeline, pretty: pretty)
        measured.append(("Lottie", json.count, "\(groupedDigits(Gzip.compress(json).count)) bytes gzipped"))
    }
    if let sticker = scene.sticker, let json = scene.stickerJSONBytes {
        measured.append(("sticker", sticker.count, "gzip of \(groupedDigits(json)) bytes of JSON"))
    }
    // An archive too large for ZIP fails when it is written, with its own message.
    if emit.contains(.dotlottie), let archive = dotLottieArchive(timeline) {
        let members = DotLottie.members(timeline, generator: "choreo \(choreoVersion)").reduce(0) { $0 + $1.text.utf8.count }
        measured.append(("dotLottie", archive.count, "zipped from \(groupedDigits(members)) bytes"))
    }
    return measured.filter { $0.bytes > budget.bytes }.map { output in
        Diagnostic(
            .error, rule: .overBudget,
            "the \(output.file) is \(groupedDigits(output.bytes)) bytes (\(output.detail)), over \(budget.source) of \(describeByteSize(budget.bytes))",
            file: scene.source.path, range: budget.range,
            help: "fewer nodes, path vertices and keyframes (steps and springs bake into several), shorter timelines, or a larger budget")
    }
}
