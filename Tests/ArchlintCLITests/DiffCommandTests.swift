import ArchlintModel
import ArchlintTestSupport
import Foundation
import Testing

/// `archlint diff` and `lint --new-since` end to end, through the built binary, on `DiffRepository`.
@Suite(.serialized) struct DiffCommandTests {
    static func cacheDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("archlint-diff-cache-\(UUID().uuidString)").path
    }

    static func diff(_ repository: DiffRepository, _ extra: [String], cache: String) throws -> ProcessResult {
        try ProcessResult.archlint(["diff", repository.root.path, "--base", repository.base, "--cache-dir", cache] + extra)
    }

    @Test func jsonReportsExactlyTheChanges() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let cache = Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try Self.diff(repository, ["--format", "json"], cache: cache)
        #expect(result.status == 1, "a new error finding exits 1: \(result.stderr)")
        let diff = try JSONDecoder().decode(ArchitectureDiff.self, from: Data(result.stdout.utf8))

        #expect(diff.modules.renamed == [.init(from: "Analytics", to: "Telemetry")])
        #expect(diff.modules.added.isEmpty && diff.modules.removed.isEmpty && diff.modules.kindChanged.isEmpty)
        #expect(diff.moduleEdges.added.map { "\($0.from)->\($0.to):\($0.kind.rawValue)" }
            == ["HomeFeature->GachaFeature:declared", "HomeFeature->GachaFeature:import"])
        let addedImport = diff.moduleEdges.added.first { $0.kind == .import }
        #expect(addedImport?.locations == [SourceLocation(file: "Sources/HomeFeature/Home.swift", line: 3, column: 1)])
        #expect(diff.moduleEdges.removed.map { "\($0.from)->\($0.to):\($0.kind.rawValue)" }
            == ["Storage->Networking:declared", "Storage->Networking:import"])
        #expect(diff.components.added.map(\.name) == ["ProfileComponent"])
        #expect(diff.components.removed.isEmpty)
        #expect(diff.componentEdges.added == [.init(from: "RootComponent", to: "ProfileComponent")])
        #expect(diff.componentEdges.removed.isEmpty)
        #expect(diff.dependencies.added == [.init(component: "ProfileComponent", property: "session", type: "Session", provider: nil)])
        #expect(diff.dependencies.removed.isEmpty)
        #expect(diff.cycles.introduced.isEmpty)
        #expect(diff.cycles.broken == [["Networking", "Storage"]])
        // The cross-feature edge is one finding at the manifest's dependency, the import its other occurrence.
        let introduced = diff.findings.introduced.map { "\($0.rule) \($0.location.file):\($0.location.line)" }.sorted()
        #expect(introduced == [
            "cross-feature-import Package.swift:18", "missing-dependency Sources/App/ProfileComponent.swift:5",
        ], "\(diff.findings.introduced)")
        #expect(diff.findings.introduced.first { $0.rule == "cross-feature-import" }?.occurrences == 2)
        #expect(diff.findings.fixed.map { "\($0.rule) \($0.location.file)" } == ["module-cycle Sources/Networking/Client.swift"])
        #expect(!diff.findings.fixed.contains { $0.module == "ShopFeature" }, "the moved import is the same finding")
        #expect(!diff.findings.introduced.contains { $0.module == "ShopFeature" })
    }

    @Test func textMarkdownAndPicturesReportTheSameChanges() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let cache = Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let text = try Self.diff(repository, ["--format", "text"], cache: cache)
        #expect(text.status == 1, "\(text.stderr)")
        for expected in [
            "Analytics → Telemetry", "HomeFeature → GachaFeature", "Storage → Networking", "ProfileComponent",
            "RootComponent → ProfileComponent", "session: Session", "Networking ↔ Storage", "cross-feature-import",
            "missing-dependency", "module-cycle",
        ] {
            #expect(text.stdout.contains(expected), "text lacks \(expected):\n\(text.stdout)")
        }
        #expect(!text.stdout.contains("ShopFeature →"), "an unchanged edge is not a change:\n\(text.stdout)")

        let markdown = try Self.diff(repository, ["--format", "markdown"], cache: cache)
        #expect(markdown.status == 1)
        for expected in ["Analytics → Telemetry", "HomeFeature → GachaFeature", "ProfileComponent", "```mermaid",
                         "stroke-dasharray", "stroke:#d1242f", "module-cycle"] {
            #expect(markdown.stdout.contains(expected), "markdown lacks \(expected):\n\(markdown.stdout)")
        }
        #expect(markdown.stdout.split(separator: "\n").count(where: { $0.hasPrefix("```mermaid") }) == 1)

        let svg = try Self.diff(repository, ["--format", "svg"], cache: cache)
        #expect(svg.status == 1, "\(svg.stderr)")
        #expect(svg.stdout.contains("<svg"))
        for name in ["HomeFeature", "GachaFeature", "Storage", "Networking", "Telemetry"] {
            #expect(svg.stdout.contains(name), "svg lacks \(name)")
        }
        // The one added edge carries a new finding (red); the removed ones are dashed grey.
        #expect(svg.stdout.contains("#8c959f") && svg.stdout.contains("#d1242f") && svg.stdout.contains("stroke-dasharray"))

        let png = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-diff-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        let drawn = try Self.diff(repository, ["--format", "png", "--output", png.path], cache: cache)
        #expect(drawn.status == 1, "\(drawn.stderr)")
        let bytes = try Data(contentsOf: png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// PATH may be a directory inside the repository: the base is that directory at REV.
    @Test func pathInsideTheRepository() throws {
        let repository = try DiffRepository.make(directory: "ios/app")
        defer { repository.remove() }
        let cache = Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try Self.diff(repository, ["--format", "json"], cache: cache)
        #expect(result.status == 1, "\(result.stderr)")
        let diff = try JSONDecoder().decode(ArchitectureDiff.self, from: Data(result.stdout.utf8))
        #expect(diff.modules.renamed == [.init(from: "Analytics", to: "Telemetry")])
        #expect(diff.modules.added.isEmpty && diff.modules.removed.isEmpty)
        #expect(diff.cycles.broken == [["Networking", "Storage"]])
        #expect(diff.findings.introduced.count == 2, "\(diff.findings.introduced)")
    }

    @Test func noChangeExitsZero() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let cache = Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try ProcessResult.archlint([
            "diff", repository.root.path, "--base", "HEAD", "--cache-dir", cache, "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let diff = try JSONDecoder().decode(ArchitectureDiff.self, from: Data(result.stdout.utf8))
        #expect(diff.isEmpty)
        // A revision as head: the base against itself.
        let heads = try ProcessResult.archlint([
            "diff", repository.root.path, "--base", repository.base, "--head", repository.base, "--cache-dir", cache,
            "--format", "json",
        ])
        #expect(heads.status == 0, "\(heads.stderr)")
        #expect(try JSONDecoder().decode(ArchitectureDiff.self, from: Data(heads.stdout.utf8)).isEmpty)
    }

    /// Only the findings the base didn't have fail the run, in every format; the moved ShopFeature import is known.
    @Test(arguments: ["text", "json", "sarif", "markdown", "github", "junit", "checkstyle"])
    func newSinceFailsOnlyOnNewFindings(format: String) throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let cache = Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let all = try ProcessResult.archlint(["lint", repository.root.path, "--format", format, "--cache-dir", cache])
        #expect(all.status == 1)
        #expect(all.stdout.contains("ShopFeature"), "\(format): the known finding is reported without --new-since")

        let new = try ProcessResult.archlint([
            "lint", repository.root.path, "--format", format, "--cache-dir", cache, "--new-since", repository.base,
        ])
        #expect(new.status == 1, "\(format): \(new.stderr)")
        #expect(new.stdout.contains("HomeFeature") && new.stdout.contains("missing-dependency"), "\(format):\n\(new.stdout)")
        #expect(!new.stdout.contains("ShopFeature"), "\(format): a finding the base had is known:\n\(new.stdout)")
        #expect((new.stdout + new.stderr).contains("already at \(repository.base)"), "\(format): \(new.stderr)")

        let none = try ProcessResult.archlint([
            "lint", repository.root.path, "--format", format, "--cache-dir", cache, "--new-since", "HEAD",
        ])
        #expect(none.status == 0, "\(format): nothing is new since the head commit: \(none.stdout)")
    }

    @Test func newSinceWithChangedNarrowsToChangedFiles() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let cache = Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // The cross-feature import is in Home.swift and Package.swift; the missing provider in App's files.
        let listed = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-changed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: listed) }
        try "Sources/App/ProfileComponent.swift\n".write(to: listed, atomically: true, encoding: .utf8)
        let result = try ProcessResult.archlint([
            "lint", repository.root.path, "--format", "json", "--cache-dir", cache, "--new-since", repository.base,
            "--changed-files-from", listed.path,
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("missing-dependency"))
        #expect(!result.stdout.contains("cross-feature-import"))
        let revision = try ProcessResult.archlint([
            "lint", repository.root.path, "--format", "json", "--cache-dir", cache, "--new-since", repository.base,
            "--changed", repository.base,
        ])
        #expect(revision.status == 1, "\(revision.stderr)")
        #expect(revision.stdout.contains("missing-dependency") && !revision.stdout.contains("ShopFeature"))
    }

    @Test func reportDirectoryGainsChangesSection() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let cache = Self.cacheDirectory()
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-diff-report-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            try? FileManager.default.removeItem(at: report)
        }
        let result = try ProcessResult.archlint([
            "lint", repository.root.path, "--format", "json", "--cache-dir", cache, "--report-dir", report.path,
            "--base", repository.base,
        ])
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("Changes since \(repository.base)"))
        #expect(html.contains("Analytics → Telemetry") && html.contains("ProfileComponent"))
        let without = try ProcessResult.archlint(["lint", repository.root.path, "--base", repository.base])
        #expect(without.status == 2 && without.stderr.contains("--report-dir"))
    }

    // MARK: Bad input

    @Test func unknownRevisionExitsTwo() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        for arguments in [
            ["diff", repository.root.path, "--base", "no-such-branch", "--no-cache"],
            ["lint", repository.root.path, "--new-since", "no-such-branch", "--no-cache"],
            ["diff", repository.root.path, "--base", repository.base, "--head", "nope", "--no-cache"],
        ] {
            let result = try ProcessResult.archlint(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("unknown revision"), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test func pathOutsideARepositoryExitsTwo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-nogit-\(UUID().uuidString)")
        try DiffRepository.write(DiffRepository.baseFiles, in: root)
        defer { try? FileManager.default.removeItem(at: root) }
        for arguments in [["diff", root.path, "--base", "main", "--no-cache"], ["lint", root.path, "--new-since", "main", "--no-cache"]] {
            let result = try ProcessResult.archlint(arguments, environment: ["GIT_CEILING_DIRECTORIES": root.deletingLastPathComponent().path])
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("not inside a git repository"), "\(result.stderr)")
        }
    }

    @Test func shallowCloneWithoutTheBaseSaysHowToFetchIt() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-shallow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: clone) }
        try DiffRepository.git(
            ["clone", "-q", "--depth", "1", "--no-local", "file://\(repository.root.path)", clone.path],
            in: FileManager.default.temporaryDirectory)
        for base in [repository.base, "origin/feature"] {
            for command in [["diff", clone.path, "--base", base], ["lint", clone.path, "--new-since", base]] {
                let result = try ProcessResult.archlint(command + ["--no-cache"])
                #expect(result.status == 2, "\(command): \(result.stderr)")
                #expect(result.stderr.contains("shallow clone"), "\(result.stderr)")
                #expect(result.stderr.contains("git fetch --no-tags --depth=1 origin"), "\(result.stderr)")
            }
        }
        let remoteBranch = try ProcessResult.archlint(["diff", clone.path, "--base", "origin/feature", "--no-cache"])
        #expect(remoteBranch.stderr.contains("+refs/heads/feature:refs/remotes/origin/feature"), "\(remoteBranch.stderr)")
    }

    /// A base whose manifest no longer parses: said, and the diff is still computed from what could be read.
    @Test func unreadableBaseManifestStillDiffs() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        try DiffRepository.write(["Package.swift": "let package = Package(name: \"Broken\", targets: [.target(name: \n"], in: repository.root)
        try DiffRepository.git(["commit", "-q", "-am", "broken manifest"], in: repository.root)
        let broken = try DiffRepository.git(["rev-parse", "HEAD"], in: repository.root).trimmingCharacters(in: .whitespacesAndNewlines)
        try DiffRepository.git(["checkout", "-q", repository.head, "--", "Package.swift"], in: repository.root)
        let cache = Self.cacheDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let result = try ProcessResult.archlint([
            "diff", repository.root.path, "--base", broken, "--cache-dir", cache, "--format", "json",
        ])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let diff = try JSONDecoder().decode(ArchitectureDiff.self, from: Data(result.stdout.utf8))
        #expect(diff.baseNotes.contains { $0.hasPrefix("Package.swift:") }, "\(diff.baseNotes)")
        #expect(!diff.modules.added.isEmpty, "the base had no readable targets")
    }

    // MARK: Git state

    /// Nothing writes into the user's working tree or git state: `git status --porcelain`, the index file's bytes
    /// and `git stash list` are the same before and after every command, on a tree with staged, unstaged and
    /// untracked changes and a stash.
    @Test func commandsLeaveTheCheckoutIndexAndStashAlone() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let root = repository.root
        try DiffRepository.write(["Sources/Services/Extra.swift": "public struct Extra {}\n"], in: root)
        try DiffRepository.git(["stash", "push", "-q", "--include-untracked"], in: root)
        try DiffRepository.write(["Sources/Services/Staged.swift": "public struct Staged {}\n"], in: root)
        try DiffRepository.git(["add", "Sources/Services/Staged.swift"], in: root)
        try DiffRepository.write([
            "Sources/GachaFeature/Gacha.swift": "import Services\n\npublic struct Gacha { var x = 1 }\n",
            "Sources/Untracked/Loose.swift": "struct Loose {}\n",
        ], in: root)
        let cache = Self.cacheDirectory()
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-state-report-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            try? FileManager.default.removeItem(at: report)
        }
        // A private temporary directory, to check that every temporary checkout is removed.
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-state-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let before = try GitState(root)
        #expect(!before.stash.isEmpty && before.status.contains("A  Sources/Services/Staged.swift"))
        let commands: [[String]] = [
            ["diff", root.path, "--base", repository.base, "--cache-dir", cache],
            ["diff", root.path, "--base", repository.base, "--head", repository.head, "--format", "json", "--cache-dir", cache],
            ["diff", root.path, "--base", repository.base, "--format", "markdown", "--cache-dir", cache],
            ["diff", root.path, "--base", "no-such-revision", "--cache-dir", cache],
            ["lint", root.path, "--new-since", repository.base, "--cache-dir", cache],
            ["lint", root.path, "--new-since", repository.base, "--changed", "--cache-dir", cache],
            ["lint", root.path, "--report-dir", report.path, "--base", repository.base, "--cache-dir", cache],
        ]
        for command in commands {
            let result = try ProcessResult.archlint(command, environment: ["TMPDIR": temporary.path])
            #expect(result.status != 2 || command.contains("no-such-revision"), "\(command): \(result.stderr)")
            let after = try GitState(root)
            #expect(after.status == before.status, "\(command) changed `git status`")
            #expect(after.index == before.index, "\(command) changed the index file")
            #expect(after.stash == before.stash, "\(command) changed the stash")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(leftovers.isEmpty, "temporary checkouts left behind: \(leftovers)")
    }
}
