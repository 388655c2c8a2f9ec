// swift-tools-version: 6.0
import PackageDescription

let swiftSyntax: [Target.Dependency] = [
    .product(name: "SwiftSyntax", package: "swift-syntax"),
    .product(name: "SwiftParser", package: "swift-syntax"),
]

let package = Package(
    name: "archlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "archlint", targets: ["archlint"]),
        .executable(name: "archlint-bench", targets: ["archlint-bench"]),
        .library(name: "ArchlintKit", targets: ["ArchlintKit"]),
        // For the libFuzzer harnesses in Fuzz/ (a separate package, not built by CI).
        .library(name: "SwiftFacts", targets: ["SwiftFacts"]),
        .library(name: "Manifests", targets: ["Manifests"]),
        .library(name: "Configuration", targets: ["Configuration"]),
        .library(name: "XcodeProjects", targets: ["XcodeProjects"]),
        .library(name: "Scaffolding", targets: ["Scaffolding"]),
        .plugin(name: "ArchlintPlugin", targets: ["ArchlintPlugin"]),
        .plugin(name: "ArchlintWritePlugin", targets: ["ArchlintWritePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.2.2"),
        // SHA-256 of the report's inline script, for its Content-Security-Policy hash.
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        // Templates of `archlint new component`.
        .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
    ],
    targets: [
        // Files, threads and signals: guarded writes, regular-file reads, parallelMap, crash context. No dependencies.
        .target(name: "SystemSupport"),
        // Plain Codable values shared by every stage. No dependencies.
        .target(name: "ArchlintModel"),
        // Normalised token text and `#if` condition text, shared by both readers so their facts agree.
        .target(name: "SyntaxSupport", dependencies: swiftSyntax),
        // One Swift file -> FileFacts (SwiftSyntax visitors).
        .target(name: "SwiftFacts", dependencies: ["ArchlintModel", "SystemSupport", "SyntaxSupport"] + swiftSyntax + [
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        ]),
        // The one runner of other programs: stdout and stderr drained together, a time limit, bounded output.
        .target(name: "ChildProcesses", dependencies: ["SystemSupport"]),
        // Package.swift -> ManifestFacts, statically (or via `swift package dump-package`).
        .target(name: "Manifests", dependencies: ["ArchlintModel", "SystemSupport", "SyntaxSupport", "ChildProcesses", "XcodeProjects"] + swiftSyntax),
        // *.xcodeproj (project.pbxproj) and XcodeGen specs -> XcodeProjectFacts, statically.
        .target(name: "XcodeProjects", dependencies: ["ArchlintModel", "SystemSupport", .product(name: "Yams", package: "Yams")]),
        // .archlint.yml loading, strict validation, embedded presets.
        .target(name: "Configuration", dependencies: ["ArchlintModel", "SystemSupport", .product(name: "Yams", package: "Yams")]),
        // Discovery, file -> module map, parallel scanning, cache.
        .target(name: "Workspace", dependencies: ["ArchlintModel", "SystemSupport", "SwiftFacts", "Manifests", "XcodeProjects", "Configuration"]),
        // Digraph algorithms, module graph, component graph and Needle resolution.
        .target(name: "Graphs", dependencies: ["ArchlintModel", "SystemSupport"]),
        // NeedleGenerated.swift from one app's Needle analysis, as needle's generator writes it.
        .target(name: "NeedleCodegen", dependencies: [
            "ArchlintModel", "Graphs", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // One file per rule, each with its examples.
        .target(name: "Rules", dependencies: ["ArchlintModel", "SystemSupport", "Configuration", "Graphs", "NeedleCodegen"]),
        // Diagnostic formatters, graph JSON, baseline, suppressions.
        .target(name: "Reporting", dependencies: [
            "ArchlintModel", "SystemSupport", "Graphs", "Rules", "Rendering", "ChildProcesses", .product(name: "Rainbow", package: "Rainbow"),
        ]),
        // DOT/Mermaid generation, in-process Graphviz rendering (libgvc loaded at run time), HTML report.
        .target(name: "Rendering", dependencies: [
            "ArchlintModel", "SystemSupport", "Graphs", "ChildProcesses", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The rules' documentation, generated from the registry: `archlint rules`, docs/rules.md, the schema's rules.
        .target(name: "RuleDocs", dependencies: ["ArchlintModel", "Configuration", "Reporting", "Rules"]),
        // The pipeline: discover -> scan -> model -> graphs -> rules -> filter.
        .target(name: "ArchlintKit", dependencies: [
            "ArchlintModel", "SystemSupport", "Configuration", "Workspace", "Graphs", "Rules", "Reporting", "Rendering", "NeedleCodegen",
        ]),
        // `archlint new component`: Stencil templates (built in, overridable) and the syntax-aware parent edit.
        .target(name: "Scaffolding", dependencies: [
            "ArchlintModel", "SystemSupport", "Graphs", .product(name: "Stencil", package: "Stencil"),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
        ] + swiftSyntax),
        // The commit a release build was made from (`scripts/install.sh` writes it into a header, with `-dirty`).
        .target(name: "CBuildInfo"),
        // The commit of the git checkout any build is made from (`BuildCommit.hash`), read from .git.
        .plugin(name: "BuildCommitPlugin", capability: .buildTool()),
        // Command structs; testable in-process.
        .target(name: "ArchlintCLI", dependencies: [
            "ArchlintKit", "CBuildInfo", "ArchlintModel", "SystemSupport", "Configuration", "Graphs", "Manifests", "Rendering", "Reporting",
            "RuleDocs", "Rules", "Scaffolding", "Workspace", "NeedleCodegen",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Rainbow", package: "Rainbow"),
        ], plugins: ["BuildCommitPlugin"]),
        .executableTarget(name: "archlint", dependencies: ["ArchlintCLI"]),
        // `swift package archlint lint` in a package that depends on archlint (read-only), and
        // `swift package --allow-writing-to-package-directory archlint-write baseline` (writes into the package).
        .plugin(
            name: "ArchlintPlugin",
            capability: .command(intent: .custom(verb: "archlint", description: "Lint this package's architecture with archlint.")),
            dependencies: ["archlint"]),
        .plugin(
            name: "ArchlintWritePlugin",
            capability: .command(
                intent: .custom(verb: "archlint-write", description: "Run archlint commands that write a baseline or reports into the package."),
                permissions: [.writeToPackageDirectory(reason: "archlint writes the baseline or the reports you asked for.")]),
            dependencies: ["archlint"]),
        .executableTarget(name: "archlint-bench", dependencies: ["ArchlintKit", "SystemSupport", "Manifests", "XcodeProjects", .product(name: "ArgumentParser", package: "swift-argument-parser")] + swiftSyntax),

        // Code only tests use: a seedable generator, child test runs, YAML → JSON for validating configurations
        // against Rules/archlint.schema.json.
        .target(
            name: "ArchlintTestSupport",
            dependencies: ["ChildProcesses", "Configuration", .product(name: "Yams", package: "Yams")],
            path: "Tests/ArchlintTestSupport"),
        .testTarget(name: "SwiftFactsTests", dependencies: ["SwiftFacts", "SyntaxSupport", "SystemSupport"]),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"]),
        .testTarget(name: "ManifestsTests", dependencies: ["ArchlintTestSupport", "Manifests"]),
        .testTarget(name: "XcodeProjectsTests", dependencies: ["XcodeProjects"]),
        .testTarget(name: "ConfigurationTests", dependencies: ["ArchlintTestSupport", "Configuration", "Rules"]),
        .testTarget(name: "WorkspaceTests", dependencies: ["ArchlintTestSupport", "Workspace", "Rules"]),
        .testTarget(name: "GraphsTests", dependencies: ["Graphs", "Manifests"]),
        .testTarget(
            name: "NeedleCodegenTests", dependencies: ["NeedleCodegen", "ArchlintKit", "ArchlintModel", "Workspace"],
            exclude: ["Resources"]),
        .testTarget(name: "RulesTests", dependencies: ["Rules", "ArchlintKit", "SystemSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "ArchlintKit", "SystemSupport"], exclude: ["Resources"]),
        .testTarget(name: "RenderingTests", dependencies: ["ArchlintTestSupport", "Rendering", "Reporting", "ArchlintKit"]),
        // ArchlintKit in-process: the pipeline's sessions, findings policy and scan-demand equivalence.
        .testTarget(name: "ArchlintKitTests", dependencies: [
            "ArchlintTestSupport", "ArchlintKit", "ArchlintModel", "Reporting", "Rules", "Workspace",
        ]),
        .testTarget(name: "ArchlintCLITests", dependencies: ["ArchlintTestSupport", "ArchlintCLI", "ArchlintKit", "Configuration", "Manifests", "Reporting", "Rendering", "RuleDocs", "SwiftFacts", "SystemSupport", "Workspace"]),
        // Keeps the code compiling on macOS at the platform floor (CI runs on Linux): see PortabilityScan.
        .testTarget(name: "PortabilityTests", dependencies: ["ArchlintModel", "SystemSupport"] + swiftSyntax),
        .testTarget(name: "ScaffoldingTests", dependencies: ["Scaffolding", "ArchlintKit", "ArchlintModel"] + swiftSyntax + [
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"), .product(name: "Stencil", package: "Stencil"),
        ]),
    ]
)

// Each library target's README.md says what it holds and where to start; it is no source.
for target in package.targets where target.type == .regular {
    target.exclude.append("README.md")
}
