import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Rules
import Testing

/// The RIBs rules run only where the code uses RIBs, where `needle-ribs` is extended, or where the
/// configuration sets their severity.
@Suite struct RuleActivationTests {
    static let fixture = "swiftui-mvvm-router"

    static func analyze(_ fixture: String, configPath: String? = nil) throws -> ArchitectureAnalysis {
        try Analyzer.analyze(
            root: FixturePaths.fixtures.appendingPathComponent(fixture).path,
            options: AnalyzerOptions(configPath: configPath, scan: .init(useCache: false)))
    }

    static func ribsStatus(_ analysis: ArchitectureAnalysis) throws -> RuleActivation.GroupStatus {
        try #require(analysis.ruleActivation.groups.first { $0.group == RuleGroup.ribs.rawValue })
    }

    @Test func aSwiftUIRouterAppHasTheRIBsRulesOff() throws {
        let analysis = try Self.analyze(Self.fixture)
        #expect(!analysis.diagnostics.contains { $0.rule == "view-router-shortcut" })
        let status = try Self.ribsStatus(analysis)
        #expect(!status.active)
        #expect(analysis.ruleActivation.summaryLines == [
            "RIBs rules off: no file imports RIBs and no Router/Interactor/Builder triad; turn them on with `extends: needle-ribs`.",
        ])
    }

    /// The same code with `extends: needle-ribs` reports the views that hold the router.
    @Test func extendingNeedleRibsTurnsThemOn() throws {
        let root = FixturePaths.fixtures.appendingPathComponent(Self.fixture)
        let analysis = try Self.analyze(Self.fixture, configPath: root.appendingPathComponent("needle-ribs.archlint.yml").path)
        #expect(try Self.ribsStatus(analysis).active)
        let lines = FixtureGoldenTests.lintLines(analysis.diagnostics)
        #expect(lines.contains("[view-router-shortcut]"))
        try FixtureGoldenTests.compare(lines, fixture: Self.fixture, file: "lint-needle-ribs.txt")
    }

    @Test func aSeverityInTheUsersConfigurationTurnsOnThatRule() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-activation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("archlint.yml")
        try "rules:\n  view-router-shortcut: warning\n".write(to: config, atomically: true, encoding: .utf8)
        let analysis = try Self.analyze(Self.fixture, configPath: config.path)
        let status = try Self.ribsStatus(analysis)
        #expect(!status.active)
        #expect(status.explicitlyEnabled == ["view-router-shortcut"])
        #expect(analysis.diagnostics.contains { $0.rule == "view-router-shortcut" && $0.severity == .warning })
    }

    /// A suppression of a RIBs rule in code where the RIBs rules don't run is not reported as unused.
    @Test func aSuppressionOfARuleThatDidNotRunIsNotUnused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-activation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(name: \"App\", targets: [.executableTarget(name: \"App\")])\n"
            .write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
            import SwiftUI

            struct HomeView: View {
                // archlint:disable:next view-router-shortcut - the router is the navigation stack
                let router: AppRouter
                var body: some View { Text("Home") }
            }

            final class AppRouter {}

            """.write(to: source.appendingPathComponent("HomeView.swift"), atomically: true, encoding: .utf8)
        let result = try ProcessResult.archlint(["lint", directory.path, "--no-cache"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("unused-suppression"), "\(result.stdout)")
        #expect(result.stdout.contains("RIBs rules off"), "\(result.stdout)")
    }

    @Test(arguments: [
        ("demo", "imports RIBs"), ("ribs-conformance", "imports RIBs"),
        ("swiftui-router-shortcut", "HomeRouter, HomeInteractor and HomeBuilder form a RIB"),
    ])
    func codeThatUsesRIBsHasThemOn(fixture: String, reason: String) throws {
        let status = try Self.ribsStatus(Self.analyze(fixture))
        #expect(status.active)
        #expect(status.reason.hasSuffix(reason), "\(status.reason)")
    }
}
