// swift-tools-version: 5.9
import PackageDescription

// Test data: a package GeneratorTests reads. Its target declares a dependency it never imports.
let package = Package(
    name: "Local",
    targets: [
        .target(name: "Local", dependencies: ["Helpers"]),
        .target(name: "Helpers"),
    ]
)
