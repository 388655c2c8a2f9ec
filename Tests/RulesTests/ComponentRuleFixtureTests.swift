import ArchlintKit
import ArchlintModel
import Foundation
import Testing

/// The Needle / RIBs fixtures: every diagnostic of a whole run (all rules) must equal the hand-written
/// `expected/lint.txt`, field by field.
@Suite struct ComponentRuleFixtureTests {
    static let fixtures = [
        "needle-tree", "needle-two-paths", "swiftui-router-shortcut", "ribs-conformance-missing", "ribs-conformance",
    ]

    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    struct Line: Equatable, CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var message: String
        var rule: String

        var description: String { "\(file):\(line):\(column): \(severity): \(message) [\(rule)]" }

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
            rule = diagnostic.rule
        }

        /// `file:line:col: severity: message [rule-id]`.
        init?(parsing text: Substring) {
            let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let line = Int(parts[1]), let column = Int(parts[2]),
                  let open = parts[4].lastIndex(of: "["), parts[4].hasSuffix("]") else { return nil }
            file = String(parts[0])
            self.line = line
            self.column = column
            severity = parts[3].trimmingCharacters(in: .whitespaces)
            message = parts[4][..<open].trimmingCharacters(in: .whitespaces)
            rule = String(parts[4][parts[4].index(after: open)..<parts[4].index(before: parts[4].endIndex)])
        }
    }

    @Test(arguments: fixtures)
    func diagnosticsEqualTheHandWrittenList(fixture: String) throws {
        let root = Self.fixturesDirectory.appendingPathComponent(fixture)
        let expectedText = try String(
            contentsOf: root.appendingPathComponent("expected/lint.txt"), encoding: .utf8)
        let expected = expectedText.split(separator: "\n").map { Line(parsing: $0) }
        #expect(!expected.contains(nil), "\(fixture)/expected/lint.txt has a malformed line")
        let analysis = try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false)))
        let actual = analysis.diagnostics.map(Line.init)
        #expect(actual == expected.compactMap { $0 }, "\(fixture):\n\(actual.map(\.description).joined(separator: "\n"))")
    }

    @Test func theConformanceExtensionMakesTheDiagnosticDisappear() throws {
        let missing = try Analyzer.analyze(
            root: Self.fixturesDirectory.appendingPathComponent("ribs-conformance-missing").path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
        let fixed = try Analyzer.analyze(
            root: Self.fixturesDirectory.appendingPathComponent("ribs-conformance").path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
        #expect(missing.diagnostics.map(\.rule) == ["missing-dependency-conformance"])
        #expect(missing.diagnostics.first?.subject == ["RootComponent", "ChildDependency", "ChildBuilder"])
        #expect(fixed.diagnostics.isEmpty)
    }

    @Test func twoPathsReportOnlyTheFailingPath() throws {
        let analysis = try Analyzer.analyze(
            root: Self.fixturesDirectory.appendingPathComponent("needle-two-paths").path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
        let session = analysis.componentGraph.resolutions.filter { $0.property == "session" }
        #expect(session.map(\.path) == [
            ["RootComponent", "HomeComponent", "ProfileComponent"],
            ["RootComponent", "SettingsComponent", "ProfileComponent"],
        ])
        #expect(session.map(\.provider) == ["HomeComponent", nil])
        #expect(analysis.diagnostics.first?.subject == ["ProfileComponent", "ProfileDependency", "session"])
        #expect(analysis.diagnostics.first?.module == "Profile")
    }
}
