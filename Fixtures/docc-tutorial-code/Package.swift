// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Formatter",
    products: [
        .library(name: "Parser", targets: ["Parser"]),
    ],
    targets: [
        .target(name: "Syntax"),
        .target(name: "Parser", dependencies: ["Syntax"]),
        .testTarget(name: "ParserTests", dependencies: ["Parser", "Syntax"]),
    ]
)
