// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Kit",
    products: [
        .library(name: "Kit", targets: ["Kit"]),
        .library(name: "KitDebugTools", targets: ["KitDebugTools"]),
    ],
    targets: [
        .target(name: "Kit"),
        .target(name: "KitDebugTools", dependencies: ["Kit"]),
    ]
)
