// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Shop",
    dependencies: [
        .package(url: "https://github.com/uber/needle.git", from: "0.25.0"),
    ],
    targets: [
        .executableTarget(name: "App", dependencies: [
            "HomeFeature", "CartFeature", "Core", .product(name: "NeedleFoundation", package: "needle"),
        ]),
        .target(name: "HomeFeature", dependencies: [
            "Core", "CartInterface", .product(name: "NeedleFoundation", package: "needle"),
        ]),
        .target(name: "CartFeature", dependencies: ["Core", "CartInterface", "Models"]),
        .target(name: "CartInterface", dependencies: ["Models"]),
        .target(name: "Core", dependencies: ["Models", "Formatting"]),
        .target(name: "Formatting", dependencies: ["Models"]),
        .target(name: "Models"),
        .testTarget(name: "CoreTests", dependencies: ["Core", "Models"]),
    ]
)
