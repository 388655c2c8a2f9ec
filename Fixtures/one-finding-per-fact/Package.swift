// swift-tools-version: 5.9
import PackageDescription

// One fact, one finding: HomeFeature declares and imports GachaFeature (and its tests repeat the edge), which is
// one cross-feature-import. CoreDependencies is an umbrella: it declares what HomeFeature imports. GachaFeatureTests
// is a template placeholder.
let package = Package(
    name: "Shop",
    targets: [
        .target(name: "HomeFeature", dependencies: ["GachaFeature", "CoreDependencies"]),
        .target(name: "GachaFeature"),
        .target(name: "CoreDependencies", dependencies: ["DesignSystem", "Networking"]),
        .target(name: "DesignSystem"),
        .target(name: "Networking"),
        .testTarget(name: "HomeFeatureTests", dependencies: ["HomeFeature", "GachaFeature"]),
        .testTarget(name: "GachaFeatureTests", dependencies: ["GachaFeature", "Networking"]),
    ]
)
