// swift-tools-version:6.0
// A package that uses ChoreoPlugin the way an app would. scripts/test-plugin.sh copies it to a
// scratch directory and points the dependency below at the checkout under test.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: "CHOREO_CHECKOUT")],
    targets: [
        .executableTarget(
            name: "FixtureApp",
            plugins: [.plugin(name: "ChoreoPlugin", package: "choreo")]
        )
    ]
)
