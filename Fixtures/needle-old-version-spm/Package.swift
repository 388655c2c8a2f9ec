// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [
        .package(url: "https://github.com/uber/needle.git", exact: "0.22.0"),
    ],
    targets: [
        .target(name: "App", dependencies: [.product(name: "NeedleFoundation", package: "needle")]),
    ]
)
