// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Kit",
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Session", targets: ["Session"]),
    ],
    targets: [
        .target(name: "Networking"),
        .target(name: "Session", dependencies: ["Networking"]),
        .testTarget(name: "SessionTests", dependencies: ["Session"], exclude: ["Fixtures"]),
    ]
)
