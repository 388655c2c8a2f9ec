// swift-tools-version: 5.9
import PackageDescription

let needle: Target.Dependency = .product(name: "NeedleFoundation", package: "needle")
let ribs: Target.Dependency = .product(name: "RIBs", package: "RIBs-iOS")

let package = Package(
    name: "ShopApp",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "App", targets: ["App"]),
    ],
    dependencies: [
        .package(url: "https://github.com/uber/needle.git", from: "0.25.0"),
        .package(url: "https://github.com/uber/RIBs-iOS.git", from: "1.0.0"),
    ],
    targets: [
        .target(name: "App", dependencies: ["HomeFeature", "CartFeature", "NetworkCore", needle]),
        .target(name: "HomeInterface"),
        .target(name: "CartInterface"),
        .target(name: "HomeFeature", dependencies: ["HomeInterface", "CartInterface", "CartFeature", ribs]),
        .target(name: "CartFeature", dependencies: ["CartInterface", "NetworkCore", needle]),
        .target(name: "NetworkCore", dependencies: ["AnalyticsCore"]),
        .target(name: "AnalyticsCore"),
    ]
)
