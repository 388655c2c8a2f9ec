// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Game",
    platforms: [.iOS(.v16)],
    targets: [
        .target(name: "Dependencies"),
        .target(name: "FileClient", dependencies: ["Dependencies"]),
        .target(name: "ApiClient", dependencies: ["Dependencies"]),
        .target(name: "ReducerHelpers"),
        .target(name: "GameFeature", dependencies: ["Dependencies", "FileClient", "ApiClient"]),
        .target(name: "HomeFeature", dependencies: ["Dependencies", "FileClient"]),
        .target(name: "SettingsFeature", dependencies: ["FileClient", "ApiClient"]),
        .target(name: "ProfileFeature", dependencies: ["ReducerHelpers"]),
        .target(name: "ServerRoutes"),
        .testTarget(name: "GameFeatureTests", dependencies: ["GameFeature", "Dependencies", "FileClient"]),
    ]
)
