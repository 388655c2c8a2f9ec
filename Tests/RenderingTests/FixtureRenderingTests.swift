import ArchlintKit
import ArchlintModel
import Foundation
import Graphs
import Testing

@testable import Rendering

/// The whole pipeline on the project's fixtures: what a reviewer sees for real findings.
@Suite struct FixtureRenderingTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    func analyze(_ fixture: String) throws -> ArchitectureAnalysis {
        try Analyzer.analyze(root: Self.fixtures.appendingPathComponent(fixture).path)
    }

    func moduleSVG(_ analysis: ArchitectureAnalysis, filter: GraphFilterOptions = .init()) throws -> SVGDocument {
        let bytes = try GraphExport.modules(
            analysis.moduleGraph, diagnostics: analysis.diagnostics, configuration: analysis.configuration,
            filter: filter, format: .svg)
        return try SVGDocument(String(decoding: bytes, as: UTF8.self))
    }

    @Test func layerCycleShowsTheCycleBoldRedInLayerClusters() throws {
        let analysis = try analyze("layer-cycle")
        let document = try moduleSVG(analysis)
        #expect(Set(document.graphNodes.map(\.title)) == Set(analysis.moduleGraph.nodes.map(\.id)))
        let cycle = document.edges.filter { $0.classes.contains("cycle") }
        #expect(cycle.count == 2)
        #expect(cycle.allSatisfy { $0.strokes.contains(GraphStyle.violation) && $0.strokeWidths.contains("3") })
        let upward = try #require(cycle.first { $0.texts.contains { $0.contains("layer-violation") } })
        #expect(upward.title.hasSuffix("DesignSystem->AppPackage/UICore"))
        let dot = DotWriter.modules(
            graph: analysis.moduleGraph, diagnostics: analysis.diagnostics, configuration: analysis.configuration)
        #expect(dot.contains("label=\"layer: design-system\""))
    }

    @Test func featureImportsShowTheCrossFeatureEdgeRed() throws {
        let analysis = try analyze("feature-imports")
        let document = try moduleSVG(analysis)
        let red = document.edges.filter { $0.strokes.contains(GraphStyle.violation) }
        #expect(red.count == 1)
        #expect(red.first?.texts == ["cross-feature-import"])
        #expect(red.first.map { $0.title.hasSuffix("HomeFeature->AppFeatures/GachaFeature") } == true)
    }

    @Test func componentMissingADependencyOnOnePathIsOutlinedRed() throws {
        let analysis = try analyze("needle-two-paths")
        let bytes = try GraphExport.components(analysis.componentGraph, diagnostics: analysis.diagnostics, format: .svg)
        let document = try SVGDocument(String(decoding: bytes, as: UTF8.self))
        #expect(Set(document.graphNodes.map(\.title)) == Set(analysis.componentGraph.nodes.map(\.id)))
        let flagged = document.graphNodes.filter { $0.classes.contains("violation") }
        #expect(flagged.map(\.title) == ["ProfileComponent"])
        let profile = try #require(flagged.first)
        #expect(profile.strokes.contains(GraphStyle.violation))
        #expect(profile.tooltips.contains {
            $0.contains("session: UserSession") && $0.contains("^->RootComponent->SettingsComponent->ProfileComponent")
                && !$0.contains("^->RootComponent->HomeComponent->ProfileComponent")
        })
    }

    @Test func reduceKeepsEveryViolatingEdge() throws {
        for fixture in ["layer-cycle", "feature-imports"] {
            let analysis = try analyze(fixture)
            let full = try moduleSVG(analysis)
            let reduced = try moduleSVG(analysis, filter: GraphFilterOptions(reduce: true))
            let flagged = { (document: SVGDocument) in Set(document.edges.filter { $0.classes.contains("violation") }.map(\.title)) }
            #expect(!flagged(full).isEmpty)
            #expect(flagged(reduced) == flagged(full), "\(fixture)")
            #expect(reduced.edges.count <= full.edges.count)
        }
    }

    @Test func sameFixtureGivesByteIdenticalSVG() throws {
        let first = try GraphExport.modules(
            try analyze("feature-imports").moduleGraph, diagnostics: try analyze("feature-imports").diagnostics,
            configuration: .init(), format: .svg)
        let analysis = try analyze("feature-imports")
        let second = try GraphExport.modules(
            analysis.moduleGraph, diagnostics: analysis.diagnostics, configuration: .init(), format: .svg)
        #expect(first == second)
    }
}
