// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AppPackage",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "GachaFeature", targets: ["GachaFeature"]),
        .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
    ],
    targets: [
        .target(
            name: "GachaFeature",
            dependencies: ["UICore"],
            path: "Sources/Features/Gacha"
        ),
        .target(
            name: "ProfileFeature",
            dependencies: ["UICore"],
            path: "Sources/Features/Profile"
        ),
        .target(
            name: "UICore",
            dependencies: ["DesignSystem"],
            path: "Sources/Core/UI"
        ),
        .target(
            name: "DesignSystem",
            dependencies: ["Assets"],
            path: "Sources/DesignSystem"
        ),
        .target(
            name: "Assets",
            path: "Sources/Assets",
            resources: [.process("Resources")]
        ),
        .testTarget(
            name: "GachaFeatureTests",
            dependencies: ["GachaFeature"]
        ),
    ]
)
