// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Gen",
    products: [
        .library(name: "GenKit", targets: ["GenKit"]),
    ],
    targets: [
        .target(name: "GenKit"),
        .testTarget(name: "GenKitTests", dependencies: ["GenKit"], exclude: ["Inputs"]),
    ]
)
