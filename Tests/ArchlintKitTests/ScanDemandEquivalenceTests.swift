import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Reporting
import Testing
import Workspace

/// Issue 16: a lint reads in full only the files whose declarations its rules read (`ScanDemand.lint`, with the
/// files those reach by name, `TypeRelevance`) and the others' imports. Its output must be the output of a lint
/// that parses everything, byte for byte, on every fixture and on the benchmark's generated corpus; each test
/// also checks that files were skimmed, so it can't pass by never filtering.
@Suite struct ScanDemandEquivalenceTests {
    /// Everything a lint reports, as text: the diagnostics, the JSON report, the module and component graph JSON.
    static func outputs(_ lint: LintAnalysis) throws -> [String] {
        let analysis = try #require(lint.analysis)
        return [
            analysis.diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column) \($0.rule) \($0.message)" }
                .joined(separator: "\n"),
            JSONReporter().generate(analysis.report(), options: ReportOptions()),
            GraphJSON.modules(analysis.moduleGraph),
            GraphJSON.components(analysis.componentGraph),
        ]
    }

    /// Lints `root` both ways (no cache) and compares; returns how many files the filtered lint skimmed.
    static func compareBothWays(_ root: String, cache: String? = nil) throws -> (skimmed: Int, files: Int) {
        let scan = cache.map { ScanOptions(cacheDirectory: $0) } ?? ScanOptions(useCache: false)
        let filtered = try Analyzer.lint(root: root, options: AnalyzerOptions(scan: scan), needsAnalysis: true)
        var everything = AnalyzerOptions(scan: ScanOptions(useCache: false))
        everything.parsesEverything = true
        let reference = try Analyzer.lint(root: root, options: everything, needsAnalysis: true)
        #expect(reference.statistics.filesSkimmed == 0)
        let (mine, theirs) = (try outputs(filtered), try outputs(reference))
        for (index, (left, right)) in zip(mine, theirs).enumerated() where left != right {
            Issue.record("\(root): output \(index) differs with the filter:\n\(left)\n---- parsing everything:\n\(right)")
        }
        return (filtered.statistics.filesSkimmed, filtered.statistics.filesDiscovered)
    }

    @Test(arguments: FixturePaths.fixtureNames)
    func everyFixtureLintsTheSameSkimmingOrNot(fixture: String) throws {
        _ = try Self.compareBothWays(FixturePaths.fixtures.appendingPathComponent(fixture).path)
    }

    @Test func theFixturesSkimFiles() throws {
        var skimmed = 0
        for fixture in FixturePaths.fixtureNames {
            let lint = try Analyzer.lint(
                root: FixturePaths.fixtures.appendingPathComponent(fixture).path,
                options: AnalyzerOptions(scan: ScanOptions(useCache: false)), needsAnalysis: true)
            skimmed += lint.statistics.filesSkimmed
        }
        #expect(skimmed > 100, "only \(skimmed) fixture files were skimmed")
    }

    @Test func theGeneratedCorpusLintsTheSameSkimmingOrNot() throws {
        let directory = try FixturePaths.generatedCorpus()
        let cache = directory.path + "-cache"
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(atPath: cache)
        }

        let (skimmed, files) = try Self.compareBothWays(directory.path)
        #expect(files > 300)
        #expect(skimmed * 3 > files, "only \(skimmed) of \(files) corpus files were skimmed")
        // Through the cache too: a second filtered run reads skimmed and parsed files back.
        _ = try Self.compareBothWays(directory.path, cache: cache)
        _ = try Self.compareBothWays(directory.path, cache: cache)
    }
}
