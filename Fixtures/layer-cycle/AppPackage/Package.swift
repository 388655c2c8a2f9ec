// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AppPackage",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "HomeFeature", targets: ["HomeFeature"]),
    ],
    targets: [
        .target(name: "HomeFeature", dependencies: ["UICore", "Assets"]),
        .target(name: "UICore", dependencies: ["DesignSystem"], path: "Sources/Core/UI"),
        .target(name: "DesignSystem", dependencies: ["Assets"]),
        .target(name: "Assets"),
        .testTarget(name: "UICoreTests", dependencies: ["UICore"]),
    ]
)
