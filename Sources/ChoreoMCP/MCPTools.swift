/// The tools `tools/list` shows, in the order an agent uses them.
enum MCPTools {
    static let all: [MCPTool] = [describe, schema, lint, edit, fix, snapshot, compile, diff]

    /// What `initialize` tells the model about this server.
    static let instructions = """
        Choreo compiles motion scenes (YAML files: shapes, text, named states, transitions, \
        timelines, inputs) to Lottie, dotLottie, SVG and app APIs. Paths are relative to the \
        directory this server was started in. A good loop: describe the scene to find paths; edit \
        values at those paths (comments and layout are kept); lint and apply fix-its with fix; look \
        with snapshot; compile when lint reports no errors; diff shows what your edits changed in \
        the motion. The format is in the resource choreo://docs/scene-format.md, each diagnostic \
        rule in choreo://docs/diagnostics.md, the schema in the schema tool.
        """
}
