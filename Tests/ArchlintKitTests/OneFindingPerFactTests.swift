import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Reporting
import Testing

/// One fact, one finding (Fixtures/one-finding-per-fact): a declaration, its imports and the tests' repetition of
/// the edge are one `cross-feature-import`; `baseline`, `lint` and the filters count findings alike, and work per
/// location.
@Suite struct OneFindingPerFactTests {
    final class Collected: LintOutput {
        var printed: [String] = []
        var messages: [String] = []
        func standardOutput(_ text: String) { printed.append(text) }
        func message(_ text: String) { messages.append(text) }
        func closingLine(_ text: String) { messages.append(text) }
        func phase(_ name: String) {}
        func endProgress() {}
    }

    private let root = FixturePaths.fixtures.appendingPathComponent("one-finding-per-fact").path

    /// The JSON report of a lint of the fixture.
    private func lint(_ configure: (inout LintRequest) -> Void = { _ in }) throws -> (json: [String: Any], output: Collected) {
        var request = LintRequest(root: root, options: AnalyzerOptions(scan: .init(useCache: false)))
        request.format = JSONReporter.name
        configure(&request)
        let output = Collected()
        _ = try LintSession.run(request, output: output)
        let text = try #require(output.printed.first { $0.contains("\"diagnostics\"") })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (json, output)
    }

    private func findings(_ json: [String: Any], rule: String) -> [[String: Any]] {
        ((json["diagnostics"] as? [[String: Any]]) ?? []).filter { $0["rule"] as? String == rule }
    }

    private func count(_ json: [String: Any]) -> Int {
        let summary = json["summary"] as? [String: Any] ?? [:]
        return ["errors", "warnings", "notes"].reduce(0) { $0 + (summary[$1] as? Int ?? 0) }
    }

    @Test func aDeclarationItsImportsAndItsTestsAreOneFinding() throws {
        let (json, _) = try lint()
        let crossFeature = findings(json, rule: "cross-feature-import")
        #expect(crossFeature.count == 1)
        let finding = try #require(crossFeature.first)
        #expect(finding["file"] as? String == "Package.swift" && finding["line"] as? Int == 10)
        let related = (finding["related"] as? [[String: Any]] ?? []).map { "\($0["file"]!):\($0["line"]!) \($0["message"]!)" }
        #expect(related == [
            "Package.swift:15 'HomeFeatureTests' also declares it here",
            "Sources/HomeFeature/HomeBuilder.swift:2 also imported here",
            "Sources/HomeFeature/HomeRouter.swift:1 also imported here",
            "Tests/HomeFeatureTests/HomeBuilderTests.swift:2 'HomeFeatureTests' also imports it here",
        ], "the suppressed import in HomeCard.swift is left out")
        // The umbrella and the placeholder test target: no unused-dependency, no undeclared-import through it.
        #expect(findings(json, rule: "unused-dependency").isEmpty)
        #expect(findings(json, rule: "undeclared-import").isEmpty)
    }

    @Test func baselineAndLintCountTheSameFindings() throws {
        let (json, _) = try lint()
        let (baseline, recorded, _) = try LintSession.recordBaseline(
            root: root, options: AnalyzerOptions(scan: .init(useCache: false)))
        #expect(recorded == count(json))
        #expect(baseline.violationCount > recorded, "the file keeps one entry per location")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-fact-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try baseline.write(to: file.path, force: true)
        let (known, output) = try lint { $0.baselinePath = file.path }
        #expect(count(known) == 0)
        #expect(output.printed.joined().contains("\(recorded) known violation") || output.messages.joined().contains("\(recorded) known violation"),
                "\(output.messages)")
    }

    @Test func changedFilesShowTheWholeFindingWhenAnyLocationChanged() throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-fact-changed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: list) }
        try "Tests/HomeFeatureTests/HomeBuilderTests.swift\n".write(to: list, atomically: true, encoding: .utf8)
        let (json, _) = try lint { $0.changedFiles = .list(path: list.path) }
        let finding = try #require(findings(json, rule: "cross-feature-import").first)
        #expect(finding["file"] as? String == "Package.swift")
        #expect((finding["related"] as? [[String: Any]])?.count == 4)
    }
}
