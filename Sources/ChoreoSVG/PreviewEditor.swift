import Foundation

extension PreviewPage {
    /// The page with its timing editor (`choreo preview --serve`): a time ruler with a handle for
    /// every keyframe, duration and delay, an easing editor, and a canvas where a node is dragged
    /// in a state. `data` is the editing session as a JSON text already safe inside `<script>`
    /// (the token, the hash of the bytes the page was made from, the scene's timing outline).
    ///
    /// Stable ids for tests and tools: `#timing-area`, `#timing-item` (what the ruler shows),
    /// `#ruler` (handles are `.handle` with `data-path`), `#easing-editor`, `#canvas-editor`,
    /// `#canvas-state`, `#canvas`, `#undo`, `#redo`, `#timing-status`; the body's
    /// `data-edit-latency` is how long the last edit took from the end of its drag to this page.
    public static func withEditor(_ page: String, data: String) throws(PreviewAssetsMissing) -> String {
        let section = """
            <section id="timing-area" aria-labelledby="timing-heading">
              <h2 id="timing-heading">Timing</h2>
              <div class="row" id="timing-controls">
                <label>edit <select id="timing-item"></select></label>
                <button type="button" id="undo" aria-keyshortcuts="Control+Z Meta+Z">undo</button>
                <button type="button" id="redo" aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y">redo</button>
                <span id="timing-mode"></span>
              </div>
              <p id="timing-status" role="status" aria-live="polite"></p>
              <div id="ruler" role="group" aria-label="Time ruler"></div>
              <p class="legend">Drag a handle, or focus it and press the arrow keys: one frame a press, ten with Shift. Drags snap to frames; hold Alt (Option) to drag freely. Every change is written into the scene file, only the value you move, in its own units.</p>
              <div id="editor-panes">
                <div id="easing-editor" role="group" aria-label="Easing"></div>
                <div id="canvas-editor" role="group" aria-label="Canvas">
                  <label>canvas at <select id="canvas-state"></select></label>
                  <div id="canvas"></div>
                  <p class="legend">In a state, drag a node (or focus its box and press the arrow keys) to set its position in that state.</p>
                </div>
              </div>
              <dialog id="confirm-edit" aria-labelledby="confirm-text">
                <p id="confirm-text"></p>
                <form method="dialog" class="row"><button value="yes" id="confirm-yes">change it there</button> <button value="no" id="confirm-no">cancel</button></form>
              </dialog>
            </section>

            """
        let script = """
            <style>
            \(try resource("preview-edit.css"))
            </style>
            <script>
            var CHOREO_EDIT = \(data);
            </script>
            <script>
            \(try resource("preview-edit.js"))
            </script>

            """
        var result = page
        if let main = result.range(of: "</main>", options: .backwards) {
            result.replaceSubrange(main.lowerBound..<main.lowerBound, with: section)
        }
        if let body = result.range(of: "</body>", options: .backwards) {
            result.replaceSubrange(body.lowerBound..<body.lowerBound, with: script)
        } else {
            result += script
        }
        return result
    }
}
