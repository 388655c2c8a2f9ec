// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AppFeatures",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "HomeFeature", targets: ["HomeFeature"]),
        .library(name: "GachaFeature", targets: ["GachaFeature"]),
        .library(name: "ShopFeature", targets: ["ShopFeature"]),
    ],
    targets: [
        .target(name: "GachaInterface"),
        .target(name: "ShopInterface"),
        .target(
            name: "HomeFeature",
            dependencies: [
                "GachaInterface",
                "ShopInterface",
                // Debug menu shortcut: opens the gacha screen directly in DEBUG builds.
                "GachaFeature",
            ]
        ),
        .target(name: "GachaFeature", dependencies: ["GachaInterface"]),
        .target(name: "ShopFeature", dependencies: ["ShopInterface", "GachaInterface"]),
        .testTarget(name: "HomeFeatureTests", dependencies: ["HomeFeature", "GachaInterface", "ShopInterface"]),
    ]
)
