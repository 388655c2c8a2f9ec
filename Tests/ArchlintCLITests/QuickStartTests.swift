import ArchlintTestSupport
import Foundation
import Testing

/// README command 1 (`archlint lint Fixtures/demo --report-dir /tmp/archlint-demo`): one finding of each family,
/// the report path on the last line, exit 1, and exactly the output the README shows.
@Suite struct QuickStartTests {
    static let readmeReportDir = "/tmp/archlint-demo"

    /// The text block that follows the `<!-- quick-start-output -->` marker in README.md.
    static func readmeOutput() throws -> String {
        let readme = try String(contentsOf: FixturePaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- quick-start-output -->\n```text\n"))
        let rest = readme[marker.upperBound...]
        let end = try #require(rest.range(of: "```\n"))
        return String(rest[..<end.lowerBound])
    }

    @Test func demoShowsEveryFamilyAndTheReportPath() throws {
        let reportDir = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-demo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: reportDir) }
        let result = try ProcessResult.archlint(
            ["lint", "Fixtures/demo", "--report-dir", reportDir, "--no-cache"], in: FixturePaths.packageRoot)
        #expect(result.status == 1, "exit 1 means errors found")
        let output = (result.stdout + result.stderr).replacingOccurrences(of: reportDir, with: Self.readmeReportDir)
        for rule in ["cross-feature-import", "module-cycle", "missing-dependency", "missing-dependency-conformance", "view-router-shortcut"] {
            #expect(output.contains("[\(rule)]"), "no \(rule) finding")
        }
        let lines = output.split(separator: "\n")
        #expect(lines.count <= 25, "fits on one screen")
        #expect(lines.last == "Report: \(Self.readmeReportDir)/index.html")
        #expect(FileManager.default.fileExists(atPath: reportDir + "/index.html"))
        #expect(output == (try Self.readmeOutput()), "README's quick-start output is out of date")
    }
}
