// swift-tools-version: 5.9
import PackageDescription

let needle: Target.Dependency = .product(name: "NeedleFoundation", package: "needle")

let package = Package(
    name: "Store",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/uber/needle.git", from: "0.25.0"),
    ],
    targets: [
        .target(name: "Legacy", dependencies: [needle]),
        .target(name: "Shop", dependencies: [needle]),
        .target(name: "App", dependencies: ["Legacy", "Shop", needle]),
    ]
)
