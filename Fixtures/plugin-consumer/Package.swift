// swift-tools-version: 6.0
import PackageDescription

// A package that uses archlint through its SwiftPM command plugin: `swift package archlint lint`.
// archlint is a dependency by local path; PluginTests copies this package and points the path at the checkout.
let package = Package(
    name: "PluginConsumer",
    dependencies: [
        .package(name: "archlint", path: "../.."),
    ],
    targets: [
        .target(name: "ProfileFeature"),
        .target(name: "HomeFeature", dependencies: ["ProfileFeature"]),
    ] + [.target(name: Context.environment["GENERATED_NAME"] ?? "GeneratedAlpha")]
)
