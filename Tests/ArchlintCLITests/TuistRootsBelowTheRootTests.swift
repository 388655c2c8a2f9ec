import ArchlintTestSupport
import Foundation
import Testing

/// Tuist projects below the root are read as the projects they are, wherever archlint starts: two fixtures, one with
/// a local plugin its `Tuist/Config.swift` names by `.relativeToRoot`, each placed in a subfolder of one repository.
/// Linted from the repository, each gives what it gives linted from its own folder, with its own helpers and plugin.
@Suite struct TuistRootsBelowTheRootTests {
    static let projects = ["App": "tuist-plugin-helpers", "Other": "tuist-helper-idioms"]

    /// `lint --format json` of `path`: each finding as "rule file:line", files relative to `prefix`'s parent.
    static func findings(_ path: URL, prefix: String = "") throws -> [String] {
        let run = try ProcessResult.archlint(["lint", path.path, "--no-cache", "--format", "json"])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        return diagnostics.map { "\($0["rule"] ?? "") \(prefix)\($0["file"] ?? ""):\($0["line"] ?? "")" }
    }

    @Test func eachTuistRootInASubfolderIsReadWithItsOwnHelpersAndPlugins() throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-tuist-roots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repository) }
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        var alone: [String] = []
        for (folder, fixture) in Self.projects {
            let copy = repository.appendingPathComponent(folder)
            try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent(fixture), to: copy)
            try FileManager.default.removeItem(at: copy.appendingPathComponent("expected"))
            alone += try Self.findings(copy, prefix: folder + "/")
        }
        #expect(!alone.isEmpty, "the fixtures have findings to compare")
        #expect(alone.contains { $0.hasPrefix("undeclared-import App/") }, "\(alone)")
        #expect(try Self.findings(repository).sorted() == alone.sorted())
    }
}
