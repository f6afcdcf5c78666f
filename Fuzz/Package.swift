// swift-tools-version:6.0
import PackageDescription

// A separate package so the sanitizer flags never touch the product build. Build with
// `scripts/fuzz.sh`, which passes -sanitize=fuzzer,address and -parse-as-library.
let package = Package(
    name: "ChoreoFuzz",
    dependencies: [.package(name: "Choreo", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzChoreo",
            dependencies: [.product(name: "ChoreoKit", package: "Choreo")]
        )
    ]
)
