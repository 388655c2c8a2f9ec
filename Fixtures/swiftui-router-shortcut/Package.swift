// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "RouterShortcut",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "Home", targets: ["Home"]),
        .library(name: "Profile", targets: ["Profile"]),
    ],
    targets: [
        .target(name: "Navigation"),
        .target(name: "Home", dependencies: ["Navigation"]),
        .target(name: "Profile"),
    ]
)
