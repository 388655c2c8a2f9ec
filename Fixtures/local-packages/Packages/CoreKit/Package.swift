// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "CoreKit",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "CoreKit", targets: ["Networking", "Storage"]),
    ],
    targets: [
        .target(name: "Networking"),
        .target(name: "Storage", dependencies: ["Networking"]),
    ]
)
