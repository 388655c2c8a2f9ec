// swift-tools-version: 5.9
import PackageDescription

let needle: Target.Dependency = .product(name: "NeedleFoundation", package: "needle")

let package = Package(
    name: "TwoPaths",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "App", targets: ["App"]),
    ],
    dependencies: [
        .package(url: "https://github.com/uber/needle.git", from: "0.25.0"),
    ],
    targets: [
        .target(name: "Platform"),
        .target(name: "Profile", dependencies: ["Platform", needle]),
        .target(name: "Home", dependencies: ["Profile", "Platform", needle]),
        .target(name: "Settings", dependencies: ["Profile", "Platform", needle]),
        .target(name: "App", dependencies: ["Home", "Settings", "Platform", needle]),
    ]
)
