import ArchlintKit
import ArchlintModel
import Foundation
import Testing

/// Targeted checks on the issue-3 fixtures. Their full diagnostic lists are compared with `expected/lint.txt`
/// by `FixtureGoldenTests`.
@Suite struct ModuleRuleFixtureTests {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func analyze(_ fixture: String) throws -> ArchitectureAnalysis {
        try Analyzer.analyze(
            root: fixturesDirectory.appendingPathComponent(fixture).path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
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

    @Test func localPackageProductsResolveToTheirTargetsAndRemoteOnesToExternalNodes() throws {
        let graph = try Self.analyze("local-packages").moduleGraph
        let declared = graph.edges.filter { $0.from == "Features/HomeFeature" && $0.kind == .declared }
        #expect(declared.map(\.to) == ["CoreKit/Networking", "CoreKit/Storage", "Features/HomeInterface", "lottie-spm/Lottie"])
        #expect(declared.map { $0.locations.map(\.line) } == [[21], [21], [20], [22]])
        let lottie = try #require(graph.nodes.first { $0.id == "lottie-spm/Lottie" })
        #expect(lottie.type == .external && lottie.package == "lottie-spm" && !lottie.unresolved)
        #expect(!graph.nodes.contains { $0.unresolved })
    }
}
