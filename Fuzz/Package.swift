// swift-tools-version:6.0
import PackageDescription

// A separate package so the sanitizer flags never touch the product build. Build with
// `scripts/fuzz.sh`, which passes -sanitize=fuzzer,address and -parse-as-library.
let package = Package(
    name: "ChoreoFuzz",
    dependencies: [.package(name: "Choreo", path: "..")],
    targets: [
        // SwiftPM points each executable's `main` at `<Target>_main`; this C target defines them
        // and starts libFuzzer's driver (libFuzzer's own `main` is never linked).
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzChoreo",
            dependencies: ["FuzzDriver", .product(name: "ChoreoKit", package: "Choreo")]
        ),
        // The language server: JSON-RPC framing and requests on mutated documents.
        .executableTarget(
            name: "FuzzLanguageServer",
            dependencies: ["FuzzDriver", .product(name: "ChoreoKit", package: "Choreo")]
        ),
        // `choreo mcp`: line framing, messages and tool calls on mutated scenes.
        .executableTarget(
            name: "FuzzMCP",
            dependencies: ["FuzzDriver", .product(name: "ChoreoKit", package: "Choreo")]
        ),
        // `choreo import`: FUZZ_TARGET=FuzzSVGImport scripts/fuzz.sh.
        .executableTarget(
            name: "FuzzSVGImport",
            dependencies: ["FuzzDriver", .product(name: "ChoreoKit", package: "Choreo")]
        ),
        // `choreo import` of Lottie: FUZZ_TARGET=FuzzLottieImport scripts/fuzz.sh.
        .executableTarget(
            name: "FuzzLottieImport",
            dependencies: ["FuzzDriver", .product(name: "ChoreoKit", package: "Choreo")]
        ),
    ]
)
