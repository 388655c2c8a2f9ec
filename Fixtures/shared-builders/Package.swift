// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "SharedBuilders",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "AppComposition", targets: ["AppComposition"]),
    ],
    targets: [
        .target(name: "Common"),
        .target(name: "GachaFeature", dependencies: ["Common"]),
        .target(name: "ProfileFeature", dependencies: [.target(name: "Common")]),
        .target(
            name: "AppComposition",
            dependencies: ["Common", "GachaFeature", "ProfileFeature"]
        ),
        .testTarget(name: "ProfileFeatureTests", dependencies: ["ProfileFeature", "Common"]),
    ]
)
