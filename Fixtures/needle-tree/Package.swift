// swift-tools-version: 5.9
import PackageDescription

let needle: Target.Dependency = .product(name: "NeedleFoundation", package: "needle")

let package = Package(
    name: "NeedleTree",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "App", targets: ["App"]),
    ],
    dependencies: [
        .package(url: "https://github.com/uber/needle.git", from: "0.25.0"),
    ],
    targets: [
        .target(name: "Services"),
        .target(name: "Checkout", dependencies: ["Services", needle]),
        .target(name: "Catalog", dependencies: ["Checkout", "Services", needle]),
        .target(name: "App", dependencies: ["Catalog", "Services", needle]),
    ]
)
