import ArchlintModel
import Manifests
@testable import Rules
import Testing

/// `unused-dependency` on a dependency none of whose files imports it but whose extension members they use
/// (`ExtensionMemberUses`): the advice is the import, unless the name could mean something else.
@Suite struct ExtensionMemberUseTests {
    /// `GameFeature` declares `FileClient` (and `extra` more targets) and its files are `gameFiles`.
    static func workspace(
        gameDependencies: [String] = ["\"Dependencies\"", "\"FileClient\""], gameFiles: [String: String],
        extra: [(name: String, dependencies: [String])] = [], extraFiles: [String: String] = [:]
    ) -> [String: String] {
        var files = [
            "Package.swift": ModuleRuleExamples.manifest(targets: [
                ("GameFeature", gameDependencies), ("FileClient", ["\"Dependencies\""]), ("Dependencies", []),
            ] + extra),
            "Sources/Dependencies/Values.swift": "public struct DependencyValues {}\n",
            "Sources/FileClient/FileClient.swift": """
                import Dependencies

                public struct FileClient {
                    public var load: () -> Void
                }

                extension DependencyValues {
                    public var fileClient: FileClient { .noop }
                }

                extension FileClient {
                    public static let noop = FileClient(load: {})
                    public func loadSavedGames() {}
                }

                """,
        ]
        files.merge(gameFiles) { $1 }
        files.merge(extraFiles) { $1 }
        return files
    }

    static func unused(_ files: [String: String]) throws -> [Diagnostic] {
        try RuleExampleHarness.run(RuleExample(files), ruleID: "unused-dependency").actual
    }

    @Test func aKeyPathToAnExtensionMemberAsksForTheImport() throws {
        let files = Self.workspace(gameFiles: [
            "Sources/GameFeature/Game.swift": """
                import Dependencies

                struct Game {
                    @Dependency(\\.fileClient) var fileClient
                    func resume() { fileClient.loadSavedGames() }
                }

                """,
            "Sources/GameFeature/Title.swift": "let title = \"Game\"\n",
        ])
        let findings = try Self.unused(files)
        #expect(findings.map(\.message) == [
            "target 'GameFeature' declares a dependency on 'FileClient' and uses its extension members 'fileClient' and "
                + "'loadSavedGames', but none of its files imports it: that compiles only through Swift's leak of "
                + "extension members (an error under MemberImportVisibility, SE-0444); add `import FileClient` to "
                + "Game.swift rather than removing the dependency",
        ])
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.map(\.location) == [SourceLocation(file: "Package.swift", line: 7, column: 69)])
        #expect(findings.map(\.subject) == [["App/GameFeature", "App/FileClient", "FileClient"]])
        // The evidence: the file that uses them, at its first import, where the missing one goes.
        #expect(findings.flatMap(\.related) == [
            RelatedLocation(
                location: SourceLocation(file: "Sources/GameFeature/Game.swift", line: 1, column: 1),
                message: "uses 'fileClient' and 'loadSavedGames' without `import FileClient`: add it here"),
        ])
    }

    @Test func aMemberAccessCountsInEveryFileThatWritesIt() throws {
        let files = Self.workspace(gameFiles: [
            "Sources/GameFeature/A.swift": "func a(_ values: DependencyValues) { values.fileClient.load() }\n",
            "Sources/GameFeature/B.swift": "func b(_ values: DependencyValues) { _ = values.fileClient }\n",
            "Sources/GameFeature/C.swift": "import Dependencies\n\nfunc c(_ values: DependencyValues) { _ = values.fileClient }\n",
        ])
        let findings = try Self.unused(files)
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasSuffix(
            "add `import FileClient` to A.swift, B.swift and 1 more files rather than removing the dependency") == true)
        #expect(findings.flatMap(\.related).map(\.location) == [
            SourceLocation(file: "Sources/GameFeature/A.swift", line: 1, column: 1),
            SourceLocation(file: "Sources/GameFeature/B.swift", line: 1, column: 1),
            SourceLocation(file: "Sources/GameFeature/C.swift", line: 1, column: 1),
        ])
    }

    @Test func aNameAnotherVisibleModuleDeclaresSaysNothing() throws {
        // `noop` is FileClient's and ApiClient's; GameFeature sees both.
        let files = Self.workspace(
            gameDependencies: ["\"FileClient\"", "\"ApiClient\""],
            gameFiles: ["Sources/GameFeature/Game.swift": "import ApiClient\n\nlet client: ApiClient = .noop\n"],
            extra: [("ApiClient", [])],
            extraFiles: ["Sources/ApiClient/ApiClient.swift": "public struct ApiClient {}\n\nextension ApiClient {\n    public static let noop = ApiClient()\n}\n"])
        let findings = try Self.unused(files)
        #expect(findings.map(\.message) == [
            "target 'GameFeature' declares a dependency on 'FileClient' but none of its files imports it; remove it "
                + "from the target's dependencies in Package.swift",
        ])
        #expect(findings.flatMap(\.related).isEmpty)
    }

    @Test func aNameTheTargetDeclaresItselfSaysNothing() throws {
        let files = Self.workspace(gameDependencies: ["\"FileClient\""], gameFiles: [
            "Sources/GameFeature/Game.swift": """
                struct Local {}

                extension Local {
                    var fileClient: Int { 1 }
                }

                let value = Local().fileClient

                """,
        ])
        #expect(try Self.unused(files).map(\.message) == [
            "target 'GameFeature' declares a dependency on 'FileClient' but none of its files imports it; remove it "
                + "from the target's dependencies in Package.swift",
        ])
    }

    @Test func aNameTheFileDeclaresInItsOwnTypeSaysNothing() throws {
        // `self.loadSavedGames(slot:)` is the test's own helper, not FileClient's `loadSavedGames()`.
        let files = Self.workspace(gameDependencies: ["\"FileClient\""], gameFiles: [
            "Sources/GameFeature/GameTests.swift": """
                final class GameTests {
                    func testResume() { _ = self.loadSavedGames(slot: 1) }
                    private func loadSavedGames(slot: Int) -> Int { slot }
                }

                """,
        ])
        #expect(try Self.unused(files).map(\.message) == [
            "target 'GameFeature' declares a dependency on 'FileClient' but none of its files imports it; remove it "
                + "from the target's dependencies in Package.swift",
        ])
    }

    @Test func aNameUsedWhereTheDependencyIsntVisibleSaysNothing() throws {
        // `loadSavedGames` in Server can't be FileClient's: it is some other type's there, and may be here too.
        let files = Self.workspace(
            gameDependencies: ["\"FileClient\""],
            gameFiles: ["Sources/GameFeature/Game.swift": "func resume(_ store: Store) { store.loadSavedGames() }\n"],
            extra: [("Server", [])],
            extraFiles: ["Sources/Server/Store.swift": "struct Store {\n    func loadSavedGames() {}\n}\n\nfunc run() { Store().loadSavedGames() }\n"])
        #expect(try Self.unused(files).map(\.message) == [
            "target 'GameFeature' declares a dependency on 'FileClient' but none of its files imports it; remove it "
                + "from the target's dependencies in Package.swift",
        ])
    }

    @Test func aFolderNoTargetClaimsTellsNothingAboutWhatANameMeans() throws {
        // A stale test folder no target compiles declares nothing, so it may well see FileClient.
        let files = Self.workspace(
            gameDependencies: ["\"FileClient\""],
            gameFiles: ["Sources/GameFeature/Game.swift": "func resume(_ values: DependencyValues) { _ = values.fileClient }\n"],
            extraFiles: ["Tests/OldGameTests/OldGameTests.swift": "func old(_ values: DependencyValues) { _ = values.fileClient }\n"])
        let (analysis, _) = try RuleExampleHarness.analyze(RuleExample(files))
        #expect(analysis.workspace.modules.contains {
            $0.type == .unassigned && $0.files == ["Tests/OldGameTests/OldGameTests.swift"]
        })
        #expect(try Self.unused(files).map(\.message) == [
            "target 'GameFeature' declares a dependency on 'FileClient' and uses its extension member 'fileClient', but "
                + "none of its files imports it: that compiles only through Swift's leak of extension members (an error "
                + "under MemberImportVisibility, SE-0444); add `import FileClient` to Game.swift rather than removing "
                + "the dependency",
        ])
    }
}
