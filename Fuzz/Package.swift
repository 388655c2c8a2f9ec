// swift-tools-version: 6.0
// libFuzzer harnesses for archlint's readers of untrusted text. Not built by CI: see README.md and run.sh.
import PackageDescription

let package = Package(
    name: "archlint-fuzz",
    dependencies: [.package(name: "archlint", path: "..")],
    targets: [
        // Swift source bytes -> FileScanner (SwiftFacts).
        .executableTarget(name: "FuzzSwiftScanner", dependencies: [.product(name: "SwiftFacts", package: "archlint")]),
        // Package.swift bytes -> the static manifest reader (Manifests).
        .executableTarget(name: "FuzzManifestReader", dependencies: [.product(name: "Manifests", package: "archlint")]),
        // .archlint.yml bytes -> the strict configuration loader (Configuration).
        .executableTarget(name: "FuzzConfiguration", dependencies: [.product(name: "Configuration", package: "archlint")]),
    ]
)
