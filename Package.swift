// swift-tools-version:6.0
import PackageDescription

// Layering (enforced by the dependency lists below):
//   CYAML ← ChoreoYAML ← ChoreoSceneFrontend → ChoreoSceneModel ← ChoreoSceneLowering → ChoreoTimeline
//   ChoreoTimeline ← ChoreoLottie / ChoreoSVG / ChoreoTimelineJSON ← choreo (CLI). ChoreoScene is the façade over the three scene
//   targets (compileScene: frontend, then lowering); lowering never sees YAML, the model never sees either.
//   ChoreoJSON and ChoreoDiagnostics are leaves every stage may use (ChoreoJSON also holds
//   TextEscaping, the one escaper per output medium: XML/HTML, JavaScript, terminal, workflow commands).
//   CHarfBuzz, CFreeType, CFontconfig, CFriBidi, CUnibreak ← ChoreoText (text shaped into glyph outlines) ← ChoreoSceneFrontend.
//   CZlib ← ChoreoArchive (ZIP and gzip containers) is a leaf the CLI packs outputs with.
//   ChoreoDiff (`choreo diff`) compares two compiled versions of a scene: it sees the scene model and
//   the timeline, draws its HTML with ChoreoSVG and its before/after animations with ChoreoRaster
//   and ChoreoMedia; only the CLI uses it.
//   ChoreoPlugin (SwiftPM build-tool plugin) only runs the choreo executable; it links nothing of ours.
//   CCairo ← ChoreoRaster (the timeline drawn at an instant into pixels); CPNG, CWebP, CGIF, CFFmpeg
//   ← ChoreoMedia (frames encoded as PNG, APNG, WebP, GIF, MP4, WebM); the CLI and ChoreoDiff use them.
//   CXML2 ← ChoreoSVGImport (`choreo import`: SVG → scene nodes) sits on ChoreoScene; the CLI, the benchmark and the tests that compile scenes/ use it.
//   ChoreoMCP (`choreo mcp`: the MCP server's messages and tools) sits on ChoreoScene, ChoreoDiff, ChoreoRaster and
//   ChoreoMedia; like the language server it opens no file: the CLI hands it a workspace.
//   ChoreoFileAccess (the files a scene names, read inside its folder) implements the front end's SceneFileAccess; the
//   front half opens no file: the CLI, the benchmark and the tests hand it one.
// Emitters never see YAML or the scene model; only ChoreoYAML sees libyaml.
let package = Package(
    name: "Choreo",
    products: [
        .executable(name: "choreo", targets: ["choreo"]),
        .plugin(name: "ChoreoPlugin", targets: ["ChoreoPlugin"]),
        .library(
            name: "ChoreoKit",
            targets: ["ChoreoDiagnostics", "ChoreoTimeline", "ChoreoTimelineJSON", "ChoreoSceneModel", "ChoreoSceneSyntax", "ChoreoSceneFrontend", "ChoreoSceneLowering", "ChoreoScene", "ChoreoLottie", "ChoreoSVG", "ChoreoArchive", "ChoreoJSON", "ChoreoLanguageServer", "ChoreoDiff", "ChoreoSVGImport", "ChoreoLottieImport", "ChoreoAppAPI", "ChoreoRaster", "ChoreoMedia", "ChoreoFileAccess", "ChoreoMCP"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        .systemLibrary(
            name: "CXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CFFmpeg", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]),
        .target(name: "ChoreoJSON"),
        // Text set at compile time: the only target that sees HarfBuzz, FreeType, fontconfig and FriBidi.
        .target(name: "ChoreoText", dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "CFriBidi", "CUnibreak", "ChoreoTimeline"]),
        .target(name: "ChoreoArchive", dependencies: ["CZlib"]),
        .target(name: "ChoreoDiagnostics", dependencies: ["ChoreoJSON"]),
        .target(name: "ChoreoYAML", dependencies: ["CYAML", "ChoreoDiagnostics"]),
        .target(name: "ChoreoTimeline"),
        // The scene model and the parsers of its values: what the front end builds and lowering reads.
        .target(name: "ChoreoSceneModel", dependencies: ["ChoreoDiagnostics", "ChoreoTimeline", "ChoreoJSON"]),
        // The scene as text that tools read and write: the document view with every range, the one
        // writer of scenes built in code, and the editor that turns changes into text edits.
        .target(name: "ChoreoSceneSyntax", dependencies: ["ChoreoYAML", "ChoreoDiagnostics", "ChoreoSceneModel", "ChoreoTimeline", "ChoreoJSON"]),
        // YAML → scene model, with its diagnostics, the schema, the vocabulary and editor support.
        .target(
            name: "ChoreoSceneFrontend",
            dependencies: ["ChoreoSceneModel", "ChoreoSceneSyntax", "ChoreoYAML", "ChoreoDiagnostics", "ChoreoTimeline", "ChoreoJSON", "ChoreoText"]),
        // The files a scene names (fonts, artwork), read under one containment rule: what the CLI hands the compiler.
        .target(name: "ChoreoFileAccess", dependencies: ["ChoreoSceneFrontend"]),
        // Scene model → timeline: never sees YAML.
        .target(name: "ChoreoSceneLowering", dependencies: ["ChoreoSceneModel", "ChoreoDiagnostics", "ChoreoTimeline", "ChoreoJSON"]),
        // The façade: bytes to timeline (`compileScene`), fixes, player targets; re-exports the four
        // above. It sees no YAML: the front end reads it, and the model's source map points back at it.
        .target(
            name: "ChoreoScene",
            dependencies: ["ChoreoSceneModel", "ChoreoSceneSyntax", "ChoreoSceneFrontend", "ChoreoSceneLowering", "ChoreoDiagnostics", "ChoreoTimeline", "ChoreoJSON"]),
        // The timeline dumped as JSON (`--emit timeline`): an output, so not part of the IR's target.
        .target(name: "ChoreoTimelineJSON", dependencies: ["ChoreoTimeline", "ChoreoJSON"]),
        .target(name: "ChoreoLottie", dependencies: ["ChoreoTimeline", "ChoreoJSON"]),
        // The timeline drawn at an instant into pixels: the only target that sees cairo.
        .target(name: "ChoreoRaster", dependencies: ["CCairo", "ChoreoTimeline"]),
        // Frames encoded as pictures and video: the only target that sees libpng, libwebp, giflib and FFmpeg.
        .target(name: "ChoreoMedia", dependencies: ["CPNG", "CWebP", "CGIF", "CFFmpeg", "ChoreoArchive"]),
        // The preview page's HTML, CSS and JavaScript ship as files in the target's resource bundle
        // (Choreo_ChoreoSVG.resources next to the binary), found by PreviewPage.resource without Bundle.module.
        .target(name: "ChoreoSVG", dependencies: ["ChoreoTimeline", "ChoreoJSON"], resources: [.copy("Resources")]),
        .target(
            name: "ChoreoDiff", dependencies: ["ChoreoScene", "ChoreoSceneSyntax", "ChoreoTimeline", "ChoreoSVG", "ChoreoDiagnostics", "ChoreoJSON", "ChoreoRaster", "ChoreoMedia"]),
        // The SVG importer (`choreo import`, `artwork:`): the only target that sees libxml2.
        .target(name: "ChoreoSVGImport", dependencies: ["CXML2", "ChoreoScene", "ChoreoSceneSyntax", "ChoreoSceneModel", "ChoreoTimeline", "ChoreoJSON"]),
        // The Lottie importer (`choreo import FILE.json | FILE.lottie`): Lottie JSON and dotLottie → a scene.
        .target(name: "ChoreoLottieImport", dependencies: ["ChoreoSceneSyntax", "ChoreoSceneModel", "ChoreoTimeline", "ChoreoArchive"]),
        // The typed app APIs (`--emit swift-api`, `ts-api`): generated source from the state machine.
        .target(name: "ChoreoAppAPI", dependencies: ["ChoreoTimeline", "ChoreoLottie", "ChoreoJSON"]),
        .target(name: "ChoreoLanguageServer", dependencies: ["ChoreoScene", "ChoreoYAML", "ChoreoDiagnostics", "ChoreoJSON"]),
        // The MCP server (`choreo mcp`) as a message handler: its files come through the workspace the CLI hands it.
        .target(
            name: "ChoreoMCP",
            dependencies: [
                "ChoreoScene", "ChoreoSceneSyntax", "ChoreoYAML", "ChoreoDiagnostics", "ChoreoJSON", "ChoreoTimeline", "ChoreoLottie",
                "ChoreoRaster", "ChoreoMedia", "ChoreoDiff",
            ]),
        .executableTarget(
            name: "choreo",
            dependencies: [
                "ChoreoScene", "ChoreoLottie", "ChoreoSVG", "ChoreoTimelineJSON", "ChoreoDiagnostics", "ChoreoTimeline", "ChoreoArchive",
                "ChoreoLanguageServer", "ChoreoJSON", "ChoreoYAML", "ChoreoDiff", "ChoreoSVGImport", "ChoreoLottieImport", "ChoreoAppAPI",
                "ChoreoRaster", "ChoreoMedia", "ChoreoFileAccess", "ChoreoMCP",
            ]
        ),
        .plugin(name: "ChoreoPlugin", capability: .buildTool(), dependencies: ["choreo"]),
        .executableTarget(
            name: "choreo-bench",
            dependencies: [
                "ChoreoYAML", "ChoreoScene", "ChoreoLottie", "ChoreoSVG", "ChoreoDiagnostics", "ChoreoJSON", "ChoreoLanguageServer", "ChoreoSVGImport", "ChoreoLottieImport",
                "ChoreoRaster", "ChoreoMedia", "ChoreoFileAccess",
            ]
        ),
        .target(name: "ChoreoTestSupport", dependencies: ["ChoreoDiagnostics"], path: "Tests/ChoreoTestSupport"),
        .testTarget(
            name: "ChoreoCoreTests",
            dependencies: ["ChoreoJSON", "ChoreoDiagnostics", "ChoreoTimeline", "ChoreoTimelineJSON", "ChoreoTestSupport"]
        ),
        .testTarget(name: "ChoreoTextTests", dependencies: ["ChoreoText", "ChoreoTimeline"]),
        .testTarget(name: "ChoreoArchiveTests", dependencies: ["ChoreoArchive", "ChoreoTestSupport"]),
        .testTarget(name: "ChoreoYAMLTests", dependencies: ["ChoreoYAML", "ChoreoTestSupport"]),
        .testTarget(name: "ChoreoSceneSyntaxTests", dependencies: ["ChoreoSceneSyntax", "ChoreoYAML", "ChoreoDiagnostics", "ChoreoTimeline", "ChoreoTestSupport"]),
        .testTarget(
            name: "ChoreoSceneTests",
            // The importer too: scenes/ holds scenes that draw SVGs with `artwork:`.
            dependencies: ["ChoreoScene", "ChoreoYAML", "ChoreoTimeline", "ChoreoTimelineJSON", "ChoreoText", "ChoreoTestSupport", "ChoreoSVGImport", "ChoreoFileAccess"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ChoreoRasterTests", dependencies: ["ChoreoRaster", "ChoreoMedia", "ChoreoTimeline"]),
        .testTarget(name: "ChoreoLottieTests", dependencies: ["ChoreoLottie", "ChoreoTimeline", "ChoreoTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ChoreoSVGTests", dependencies: ["ChoreoSVG", "ChoreoTimeline", "ChoreoTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ChoreoSVGImportTests", dependencies: ["ChoreoSVGImport", "ChoreoScene", "ChoreoTimeline", "ChoreoTimelineJSON", "ChoreoDiagnostics", "ChoreoTestSupport", "ChoreoFileAccess"], exclude: ["Fixtures"]),
        .testTarget(name: "ChoreoCLITests", dependencies: ["ChoreoTestSupport"]),
        .testTarget(name: "ChoreoLottieImportTests", dependencies: ["ChoreoLottieImport", "ChoreoArchive", "ChoreoScene", "ChoreoDiagnostics"]),
        .testTarget(name: "ChoreoDiffTests", dependencies: ["ChoreoDiff", "ChoreoScene", "ChoreoLottie", "ChoreoDiagnostics", "ChoreoJSON", "ChoreoFileAccess"]),
        .testTarget(name: "ChoreoMCPTests", dependencies: ["ChoreoMCP", "ChoreoScene", "ChoreoJSON", "ChoreoDiagnostics", "ChoreoTimeline", "ChoreoFileAccess"]),
        .testTarget(name: "ChoreoLanguageServerTests", dependencies: ["ChoreoLanguageServer", "ChoreoJSON", "ChoreoDiagnostics", "ChoreoTestSupport", "ChoreoSVGImport", "ChoreoFileAccess"]),
        .testTarget(
            name: "ChoreoPipelineTests",
            dependencies: ["ChoreoScene", "ChoreoLottie", "ChoreoSVG", "ChoreoTimeline", "ChoreoTimelineJSON", "ChoreoDiagnostics", "ChoreoTestSupport", "ChoreoSVGImport", "ChoreoFileAccess", "ChoreoRaster"],
            exclude: ["Hostile", "Golden"]
        ),
    ]
)
