import ArchlintKit
import ArchlintModel
import Foundation
import Testing

/// Targeted checks on the Needle / RIBs fixtures. Their full diagnostic lists are compared with
/// `expected/lint.txt` by `FixtureGoldenTests`.
@Suite struct ComponentRuleFixtureTests {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

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
