// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AppPackage",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "AppRoot", targets: ["AppRoot"]),
    ],
    targets: [
        .target(name: "BaseFeature"),
        .target(name: "ProfileFeature", dependencies: ["BaseFeature"]),
        .target(name: "SettingsFeature", dependencies: ["BaseFeature", "ProfileFeature"]),
        .target(name: "AppRoot", dependencies: ["ProfileFeature", "SettingsFeature"]),
    ]
)
