// swift-tools-version: 5.9
import PackageDescription

// A test target at the package's root is no test data folder: the Demo app beside it is real.
let package = Package(
    name: "Tools",
    targets: [
        .target(name: "ToolKit", path: "Kit"),
        .testTarget(name: "ToolTests", dependencies: ["ToolKit"], path: ".", exclude: ["Kit", "Demo"], sources: ["ToolTests.swift"]),
    ]
)
