// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "TeamRules",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "App", targets: ["App"]),
    ],
    targets: [
        .target(name: "App", dependencies: ["HomeFeature", "ProfileFeature", "SettingsFeature", "CoreUI"]),
        .target(name: "CoreUI"),
        .target(name: "Networking"),
        .target(name: "ProfileRepository", dependencies: ["Networking"]),
        .target(name: "ProfileDomain"),
        .target(name: "SettingsUI", dependencies: ["CoreUI", "ProfileFeature"]),
        .target(name: "HomeFeature", dependencies: ["CoreUI", "Networking"]),
        .target(name: "ProfileFeature", dependencies: ["CoreUI", "ProfileDomain", "ProfileRepository"]),
        .target(name: "SettingsFeature", dependencies: ["CoreUI", "SettingsUI"]),
        .testTarget(name: "ProfileFeatureTests", dependencies: ["ProfileFeature"]),
    ]
)
