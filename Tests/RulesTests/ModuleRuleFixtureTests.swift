import ArchlintKit
import ArchlintModel
import Foundation
import Testing

/// The issue-3 fixtures that stage the module rules, run through the whole pipeline and compared in full with
/// their hand-written `expected/lint.txt` (rule, file, line, column, severity and message of every diagnostic).
@Suite struct ModuleRuleFixtureTests {
    static let fixtures = ["feature-imports", "layer-cycle", "docc-tutorial-code"]

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

        /// Parses `file:line:col: severity: message [rule-id]`.
        init?(parsing text: Substring) {
            let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]),
                  let ruleStart = parts[3].lastIndex(of: "["), parts[3].hasSuffix("]")
            else { return nil }
            let body = parts[3][..<ruleStart].trimmingCharacters(in: .whitespaces)
            guard let colon = body.firstIndex(of: ":") else { return nil }
            self.file = String(parts[0])
            self.line = line
            self.column = column
            severity = String(body[..<colon])
            message = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            rule = String(parts[3][parts[3].index(after: ruleStart)..<parts[3].index(before: parts[3].endIndex)])
        }
    }

    static func analyze(_ fixture: String) throws -> Analysis {
        try Analyzer.analyze(
            root: fixturesDirectory.appendingPathComponent(fixture).path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
    }

    @Test(arguments: fixtures)
    func diagnosticsMatchTheHandWrittenExpectations(fixture: String) throws {
        let text = try String(
            contentsOf: Self.fixturesDirectory.appendingPathComponent("\(fixture)/expected/lint.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let expected = lines.compactMap(Line.init(parsing:))
        try #require(expected.count == lines.count, "unparseable line in \(fixture)/expected/lint.txt")
        let actual = try Self.analyze(fixture).diagnostics.map(Line.init)
        #expect(actual == expected, "\(fixture):\nactual:\n\(actual.map(\.description).joined(separator: "\n"))")
    }

    @Test func theLayerCycleListsEveryEdgeOfTheCycle() throws {
        let cycle = try #require(try Self.analyze("layer-cycle").diagnostics.first { $0.rule == "module-cycle" })
        #expect(cycle.related.map { "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message)" } == [
            "AppPackage/Sources/DesignSystem/ThemedButton.swift:2:1: 'DesignSystem' imports 'UICore'",
            "AppPackage/Sources/Core/UI/Exports.swift:2:1: 'UICore' imports 'DesignSystem'",
            "AppPackage/Package.swift:12:48: 'UICore' declares a dependency on 'DesignSystem'",
        ])
        #expect(cycle.subject == ["AppPackage/DesignSystem", "AppPackage/UICore"])
        #expect(cycle.module == "DesignSystem")
    }

    @Test func crossFeatureDiagnosticsNameTheModulesInTheirSubject() throws {
        let diagnostics = try Self.analyze("feature-imports").diagnostics.filter { $0.rule == "cross-feature-import" }
        #expect(diagnostics.map(\.subject) == [
            ["AppFeatures/HomeFeature", "AppFeatures/GachaFeature", "GachaFeature"],
            ["AppFeatures/HomeFeature", "AppFeatures/GachaFeature", "GachaFeature"],
        ])
    }
}
