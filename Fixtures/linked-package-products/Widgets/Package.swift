// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Widgets",
    products: [
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "Badges", targets: ["Badges"]),
        .library(name: "Extras", targets: ["Extras"]),
    ],
    targets: [
        .target(name: "Charts"),
        .target(name: "Badges"),
        .target(name: "Extras"),
    ]
)
