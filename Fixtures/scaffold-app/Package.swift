// swift-tools-version: 5.9
import PackageDescription

let needle: Target.Dependency = .product(name: "NeedleFoundation", package: "needle")
let ribs: Target.Dependency = .product(name: "RIBs", package: "RIBs")

let package = Package(
    name: "ScaffoldApp",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "App", targets: ["App"]),
    ],
    dependencies: [
        .package(url: "https://github.com/uber/needle.git", from: "0.25.0"),
        .package(url: "https://github.com/uber/RIBs.git", from: "0.16.0"),
    ],
    targets: [
        .target(name: "Core"),
        .target(name: "FeatureInterfaces", dependencies: [ribs]),
        .target(name: "Profile", dependencies: ["Core", "FeatureInterfaces", needle, ribs]),
        .target(name: "App", dependencies: ["Core", "Profile", needle]),
    ]
)
