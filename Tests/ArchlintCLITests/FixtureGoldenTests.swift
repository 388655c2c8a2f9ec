import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Reporting
import Testing

/// Each fixture under Fixtures/ carries its expectations in `expected/`:
/// - `modules.json`: the full module graph JSON (`archlint graph --kind modules --format json`);
/// - `components.json`: the full component graph JSON;
/// - `lint.txt`: every finding, one per line, `file:line:col: severity: message [rule-id]`, in stable order, each
///   followed by its other locations (a module edge imported from several files), indented.
/// Set ARCHLINT_UPDATE_GOLDENS=1 to rewrite them, then review the diff like code.
@Suite struct FixtureGoldenTests {
    static let fixtures = FixturePaths.goldenFixtures
    static let updating = ProcessInfo.processInfo.environment["ARCHLINT_UPDATE_GOLDENS"] == "1"

    static func analyze(_ fixture: String) throws -> ArchitectureAnalysis {
        try Analyzer.analyze(
            root: FixturePaths.fixtures.appendingPathComponent(fixture).path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
    }

    /// One line per finding (`FindingGrouping`), then one indented line per other location of it.
    static func lintLines(_ diagnostics: [Diagnostic]) -> String {
        FindingGrouping.group(diagnostics).map { finding in
            "\(finding.location.file):\(finding.location.line):\(finding.location.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]\n"
                + finding.otherOccurrences.map {
                    "    \($0.message): \($0.location.file):\($0.location.line):\($0.location.column)\n"
                }.joined()
        }.joined()
    }

    static func compare(_ actual: String, fixture: String, file: String, required: Bool = true) throws {
        let url = FixturePaths.fixtures.appendingPathComponent("\(fixture)/expected/\(file)")
        if updating && (required || FileManager.default.fileExists(atPath: url.path)) {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            #expect(!required, "\(fixture)/expected/\(file) is missing")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(fixture)/expected/\(file) differs:\n\(unifiedDiff(expected, actual))")
    }

    /// A small line diff, enough to read a golden mismatch.
    static func unifiedDiff(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let difference = new.difference(from: old)
        return difference.map {
            switch $0 {
            case .remove(let offset, let line, _): "- \(offset + 1): \(line)"
            case .insert(let offset, let line, _): "+ \(offset + 1): \(line)"
            }
        }.joined(separator: "\n")
    }

    @Test(arguments: fixtures)
    func moduleGraphMatchesGolden(fixture: String) throws {
        let analysis = try Self.analyze(fixture)
        try Self.compare(GraphJSON.modules(analysis.moduleGraph), fixture: fixture, file: "modules.json")
    }

    @Test(arguments: fixtures)
    func componentGraphMatchesGolden(fixture: String) throws {
        let analysis = try Self.analyze(fixture)
        try Self.compare(GraphJSON.components(analysis.componentGraph), fixture: fixture, file: "components.json", required: false)
    }

    @Test(arguments: fixtures)
    func diagnosticsMatchGolden(fixture: String) throws {
        let analysis = try Self.analyze(fixture)
        try Self.compare(Self.lintLines(analysis.diagnostics), fixture: fixture, file: "lint.txt")
    }

    @Test func everyFixtureHasAGolden() {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: FixturePaths.fixtures.path)) ?? []
        let directories = all.filter {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: FixturePaths.fixtures.appendingPathComponent($0).path, isDirectory: &isDirectory)
            return exists && isDirectory.boolValue
        }
        #expect(Set(directories) == Set(Self.fixtures), "fixtures without expected/: \(Set(directories).subtracting(Self.fixtures).sorted())")
    }
}
