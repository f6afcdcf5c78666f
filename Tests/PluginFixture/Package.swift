// swift-tools-version:6.0
// A package that uses ChoreoPlugin the way an app would. scripts/test-plugin.sh copies it to a
// scratch directory and points the dependency below at the checkout under test; it then adds the
// scenes of Failing/ one at a time and expects the build to fail.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: "CHOREO_CHECKOUT")],
    targets: [
        .executableTarget(
            name: "FixtureApp",
            // The plugin reads its configuration itself; excluded, SwiftPM does not warn about it.
            exclude: ["choreo-plugin.json"],
            plugins: [.plugin(name: "ChoreoPlugin", package: "choreo")]
        )
    ]
)
