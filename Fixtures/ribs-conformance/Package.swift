// swift-tools-version: 5.9
import PackageDescription

let ribs: Target.Dependency = .product(name: "RIBs", package: "RIBs-iOS")

let package = Package(
    name: "RIBsApp",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "App", targets: ["App"]),
    ],
    dependencies: [
        .package(url: "https://github.com/uber/RIBs-iOS.git", from: "1.0.0"),
    ],
    targets: [
        .target(name: "Child", dependencies: [ribs]),
        .target(name: "Root", dependencies: ["Child", ribs]),
        .target(name: "App", dependencies: ["Root", ribs]),
    ]
)
