import ArchlintModel
import Testing
@testable import Manifests

/// The plain, tidy manifest: every declaration kind, read with exact locations.
@Suite struct ManifestReaderTests {
    static let source = """
    // swift-tools-version: 5.9
    import PackageDescription
    import CompilerPluginSupport

    let package = Package(
        name: "Tidy",
        products: [
            .library(name: "TidyKit", type: .dynamic, targets: ["Core", "UI"]),
            .executable(name: "tidy", targets: ["tidy"]),
            .plugin(name: "TidyPlugin", targets: ["Lint"]),
        ],
        dependencies: [
            .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
            .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
            .package(url: "git@github.com:example/Branchy.git", branch: "main"),
            .package(url: "https://github.com/example/pinned", revision: "abc123"),
            .package(url: "https://github.com/example/ranged/", "1.0.0"..<"2.0.0"),
            .package(path: "../LocalThing"),
            .package(name: "Legacy", url: "https://github.com/example/legacy-kit.git", from: "2.0.0"),
            .package(id: "mona.LinkedList", from: "1.0.0"),
        ],
        targets: [
            .target(
                name: "Core",
                dependencies: [
                    "Util",
                    .target(name: "Util2", condition: .when(platforms: [.linux])),
                    .product(name: "Logging", package: "swift-log"),
                    .byName(name: "Util3"),
                ],
                path: "Sources/Core/Impl",
                exclude: ["README.md", "Fixtures"],
                sources: ["A.swift", "B"]
            ),
            .executableTarget(name: "tidy", dependencies: ["Core"]),
            .testTarget(name: "CoreTests", dependencies: ["Core"]),
            .macro(name: "TidyMacros", dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax")]),
            .plugin(name: "Lint", capability: .buildTool()),
            .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
            .binaryTarget(name: "Vendor", path: "Vendor/Vendor.xcframework"),
            .binaryTarget(name: "Remote", url: "https://example.com/Remote.zip", checksum: "00"),
        ]
    )
    """

    let facts = readManifest(Self.source)

    @Test func readsPackageNameAndHasNoIssues() {
        #expect(facts.packageName == "Tidy")
        #expect(facts.unresolved == [])
    }

    @Test func readsEveryTargetKind() {
        #expect(facts.targets.map { "\($0.name):\($0.kind.rawValue)" } == [
            "Core:regular", "tidy:executable", "CoreTests:test", "TidyMacros:macro", "Lint:plugin",
            "CZlib:system-library", "Vendor:binary", "Remote:binary",
        ])
        #expect(facts.target("Vendor")?.path == "Vendor/Vendor.xcframework")
    }

    @Test func readsTargetDetailsWithLocations() throws {
        let core = try #require(facts.target("Core"))
        #expect(core.location == at(".target(\n            name: \"Core\"", in: Self.source))
        #expect(core.path == "Sources/Core/Impl")
        #expect(core.exclude == ["README.md", "Fixtures"])
        #expect(core.sources == ["A.swift", "B"])
        #expect(core.condition == nil)
        #expect(core.dependencies == [
            TargetDependencyDecl(kind: .byName, name: "Util", line: 26, column: 17),
            TargetDependencyDecl(kind: .target, name: "Util2", condition: ".when(platforms: [.linux])", line: 27, column: 17),
            TargetDependencyDecl(kind: .product, name: "Logging", package: "swift-log", line: 28, column: 17),
            TargetDependencyDecl(kind: .byName, name: "Util3", line: 29, column: 17),
        ])
        #expect(core.dependencies[0].location == at("\"Util\"", in: Self.source))
        #expect(facts.target("tidy")?.sources == nil)
    }

    @Test func readsProducts() {
        #expect(facts.products == [
            ProductDecl(name: "TidyKit", kind: .library, targets: ["Core", "UI"], line: 8, column: 9),
            ProductDecl(name: "tidy", kind: .executable, targets: ["tidy"], line: 9, column: 9),
            ProductDecl(name: "TidyPlugin", kind: .plugin, targets: ["Lint"], line: 10, column: 9),
        ])
    }

    @Test func readsPackageDependenciesWithSwiftPMIdentities() {
        #expect(facts.dependencies.map { "\($0.kind.rawValue) \($0.identity) \($0.location) \($0.requirement ?? "-")" } == [
            "url swift-log https://github.com/apple/swift-log.git from: \"1.5.0\"",
            "url swift-syntax https://github.com/swiftlang/swift-syntax exact: \"603.0.1\"",
            "url branchy git@github.com:example/Branchy.git branch: \"main\"",
            "url pinned https://github.com/example/pinned revision: \"abc123\"",
            "url ranged https://github.com/example/ranged/ \"1.0.0\"..<\"2.0.0\"",
            "path localthing ../LocalThing -",
            "url Legacy https://github.com/example/legacy-kit.git from: \"2.0.0\"",
            "registry mona.LinkedList mona.LinkedList from: \"1.0.0\"",
        ])
        #expect(facts.dependencies[0].location == "https://github.com/apple/swift-log.git")
        #expect((facts.dependencies[0].line, facts.dependencies[0].column) == (13, 9))
    }

    @Test func packageIdentityFollowsSwiftPM() {
        #expect(PackageIdentity.identity(of: "https://github.com/Apple/Swift-NIO.git", kind: .url) == "swift-nio")
        #expect(PackageIdentity.identity(of: "https://github.com/apple/swift-nio.git/", kind: .url) == "swift-nio")
        #expect(PackageIdentity.identity(of: "git@github.com:owner/Repo.git", kind: .url) == "repo")
        #expect(PackageIdentity.identity(of: "../Modules/AppCore", kind: .path) == "appcore")
        #expect(PackageIdentity.identity(of: "mona.LinkedList", kind: .registry) == "mona.LinkedList")
    }

    @Test func columnsCountUTF8Bytes() throws {
        let source = """
        let package = Package(name: "é", targets: [/* ünïcödé */ .target(name: "A")])
        """
        let target = try #require(readManifest(source).target("A"))
        #expect(target.location == at(".target", in: source))
        #expect(target.column == 63)  // 58 characters, 63 UTF-8 bytes
    }
}

/// A package's Swift settings: the tools version's language mode, `swiftLanguageModes:`, a target's
/// `swiftSettings:` (through a global constant too).
@Suite struct ManifestSwiftSettingsTests {
    @Test func toolsVersionModesAndTargetSettings() throws {
        let source = """
            // swift-tools-version: 6.2
            import PackageDescription

            let strict: [SwiftSetting] = [.unsafeFlags(["-strict-concurrency=complete"])]

            let package = Package(
                name: "P",
                targets: [
                    .target(name: "UI", swiftSettings: [.defaultIsolation(MainActor.self)]),
                    .target(name: "Legacy", swiftSettings: [.swiftLanguageMode(.v5)] + strict),
                    .target(name: "Core"),
                    .target(name: "Flags", swiftSettings: [.enableUpcomingFeature("StrictConcurrency")]),
                ],
                swiftLanguageModes: [.v5, .v6]
            )
            """
        let facts = ManifestReader.read(source: source, path: "Package.swift")
        #expect(facts.swiftSettings == SwiftLanguageSettings(languageMode: 6, source: "Package.swift"))
        #expect(facts.targets.map(\.swiftSettings) == [
            SwiftLanguageSettings(defaultIsolation: "MainActor"),
            SwiftLanguageSettings(languageMode: 5, strictConcurrency: "complete"),
            nil,
            SwiftLanguageSettings(strictConcurrency: "complete"),
        ])
        let old = ManifestReader.read(source: "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n", path: "Package.swift")
        #expect(old.swiftSettings?.languageMode == 5)
    }
}
