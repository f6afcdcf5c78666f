// swift-tools-version:6.0
// A scene with an error: building this package must fail with Choreo's diagnostic.
import PackageDescription

let package = Package(
    name: "BrokenFixture",
    dependencies: [.package(path: "CHOREO_CHECKOUT")],
    targets: [
        .executableTarget(
            name: "BrokenApp",
            plugins: [.plugin(name: "ChoreoPlugin", package: "choreo")]
        )
    ]
)
