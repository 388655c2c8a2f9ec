import ArchlintTestSupport
import Foundation
import Testing

/// The Markdown summary's diagram through the built binary: drawn from a fresh analysis and from the stored
/// result of an unchanged tree alike, and gone once a baseline holds every violation.
@Suite struct MarkdownSummaryCLITests {
    @Test func theDiagramFollowsWhatIsReported() throws {
        let root = try CIGateTests.makeRepository()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent(".cache").path
        let summary = root.appendingPathComponent("summary.md").path
        var stderr = ""
        func markdown(_ extra: [String] = []) throws -> String {
            let run = try ProcessResult.archlint(
                ["lint", root.path, "--format", "json", "--report", "markdown:\(summary)", "--cache-dir", cache] + extra)
            #expect(run.status <= 1, "\(run.stderr)")
            stderr = run.stderr
            return try String(contentsOfFile: summary, encoding: .utf8)
        }

        let fresh = try markdown()
        #expect(fresh.contains("```mermaid\nflowchart LR\n"), "\(fresh)")
        #expect(fresh.contains(#"n1["HomeFeature"]"#) && fresh.contains(#"n2["GachaFeature"]"#))
        #expect(fresh.contains(#"n1 -->|"cross-feature-import"| n2"#), "\(fresh)")  // the import and the declaration: one finding
        #expect(fresh.contains(#"n1 -->|"unused-dependency"| n3"#), "\(fresh)")
        // An unchanged tree (past the racy window) is answered from the stored result: the same summary.
        Thread.sleep(forTimeInterval: 2.1)
        _ = try markdown()
        let reused = try markdown(["--timings"])
        #expect(stderr.contains("the stored lint result was reused"), "\(stderr)")
        #expect(reused == fresh)

        let baseline = root.appendingPathComponent(".archlint-baseline.json").path
        #expect(try ProcessResult.archlint(["baseline", root.path, "--output", baseline, "--no-cache"]).status == 0)
        let known = try markdown(["--baseline", baseline])
        #expect(!known.contains("mermaid"), "\(known)")
    }
}
