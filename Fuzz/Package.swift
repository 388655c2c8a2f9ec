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
        // An XcodeGen spec tree (project.yml and its includes) -> the spec reader and expander (XcodeProjects).
        .executableTarget(name: "FuzzXcodeGen", dependencies: [.product(name: "XcodeProjects", package: "archlint")]),
        // Stencil template text -> the budgeted template environment of `new component` (Scaffolding).
        .executableTarget(name: "FuzzStencil", dependencies: [.product(name: "Scaffolding", package: "archlint")]),
    ]
)
