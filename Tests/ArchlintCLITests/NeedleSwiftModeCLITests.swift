import ArchlintTestSupport
import Foundation
import Testing

/// `generate needle --swift-version` / `--default-isolation` as a user runs them.
@Suite struct NeedleSwiftModeCLITests {
    @Test(arguments: [
        (["--swift-version", "7"], "--swift-version 7 is not one archlint writes for; use 5 or 6."),
        (["--swift-version", "six"], "--swift-version six is not one archlint writes for; use 5 or 6."),
        (["--default-isolation", "main"], "--default-isolation main is not an isolation; use MainActor or nonisolated."),
    ])
    func unknownValuesExitTwo(arguments: [String], message: String) throws {
        let fixture = FixturePaths.fixtures.appendingPathComponent("needle-swift6-sendable")
        let result = try ProcessResult.archlint(
            ["generate", "needle", fixture.path, "--output", fixture.appendingPathComponent("Sources/App/NeedleGenerated.swift").path,
             "--check", "--no-cache"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A file needle wrote stays needle's text in a Swift 6 app until `--swift-version 6` asks; a new file follows
    /// the settings.
    @Test func anExistingFileKeepsItsKind() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-swift6-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent("needle-swift6-sendable"), to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("Sources/App/NeedleGenerated.swift").path
        let base = ["generate", "needle", root.path, "--output", output, "--no-cache"]
        let needleText = try ProcessResult.archlint(base + ["--swift-version", "5", "--stdout"])
        #expect(needleText.status == 0)
        #expect(!needleText.stdout.contains("nonisolated"))
        try Data(needleText.stdout.utf8).write(to: URL(fileURLWithPath: output))
        #expect(try ProcessResult.archlint(base + ["--check"]).status == 0)
        let lint = try ProcessResult.archlint(["lint", root.path, "--no-cache"])
        #expect(!lint.stdout.contains("stale-needle-generated"), "\(lint.stdout)")
        let upgrade = try ProcessResult.archlint(base + ["--swift-version", "6", "--check"])
        #expect(upgrade.status == 1)
        #expect(upgrade.stdout.contains("+nonisolated private final class FeedDependencydb8fd4a3ca682ca00545Provider: FeedDependency, @unchecked Sendable {"))
        try FileManager.default.removeItem(atPath: output)
        #expect(try ProcessResult.archlint(base + ["--stdout"]).stdout.contains("nonisolated public func registerProviderFactories()"))
    }
}
