import ArchlintKit
import ArchlintModel
import Foundation
import Graphs
import Reporting
import Testing
import Workspace

@testable import Rendering

/// The Markdown summary's diagram on the generated 150-module app: the planted violations, and only them, as
/// module edges, through the same mapping the pictures draw.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct MarkdownDiagramAppTests {
    @Test func theGeneratedAppsViolationsAreItsViolatingEdges() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-md-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = GeneratedLayeredApp()
        try app.write(to: root)
        let analysis = try Analyzer.analyze(root: root.path)
        let result = LintFindings(analysis: analysis)
        let report = result.report()
        let cores = app.coreList
        let described = Set(report.violatingEdges.map { edge in
            "\(edge.from) → \(edge.to): " + edge.rules.map { "\($0.rule) ×\($0.findings)" }.joined(separator: ", ")
        })
        let importer = GeneratedLayeredApp.crossFeatureImporter, imported = GeneratedLayeredApp.crossFeatureImported
        // Three files import it, each also without a declared dependency: one module edge, so one finding per
        // rule (each with three locations).
        #expect(described.contains("\(importer) → \(imported): cross-feature-import ×1, undeclared-import ×1"), "\(described)")
        #expect(described.contains("\(cores[3]) → \(app.featureList[0])Interface: layer-violation ×1"), "\(described)")
        let cycle = report.violatingEdges.filter(\.isCycle)
        #expect(Set(cycle.map { [$0.from, $0.to] }) == [[cores[28], cores[29]], [cores[29], cores[28]]], "\(cycle)")
        #expect(report.violatingEdges.count == 4, "\(described)")
        #expect(report.violatingEdges.allSatisfy { $0.severity == .error })

        let markdown = MarkdownReporter().generate(report, options: ReportOptions())
        let block = try #require(MarkdownDiagramTests.mermaidBlock(markdown))
        let parsed = MarkdownDiagramTests.parse(block)
        #expect(parsed.links.count == report.violatingEdges.count)
        #expect(parsed.links.filter { $0.arrow == "==>" }.count == 2, "the cycle drawn thick")

        // A report of fewer diagnostics (a baseline, suppressions, --quiet) draws only the edges they are on.
        let others = result.diagnostics.filter { !["cross-feature-import", "undeclared-import"].contains($0.rule) }
        let withoutIt = result.report(diagnostics: others)
        #expect(!withoutIt.violatingEdges.contains { $0.from == importer })
        #expect(withoutIt.violatingEdges.count == 3)
        let oneFile = result.report(diagnostics: others + [
            try #require(result.diagnostics.first { $0.rule == "cross-feature-import" }),
        ])
        let edge = try #require(oneFile.violatingEdges.first { $0.from == importer })
        #expect(edge.rules == [.init(rule: "cross-feature-import", findings: 1)] && edge.severity == .error)
        let warningsOnly = result.report(diagnostics: result.diagnostics.filter { $0.rule == "undeclared-import" })
        #expect(warningsOnly.violatingEdges.map(\.severity) == [.warning])
        #expect(result.report(diagnostics: []).violatingEdges.isEmpty)

        // An unchanged tree is answered from the stored result: it draws the same diagram.
        let stored = try CompactBinaryCoder.encode(result)
        let reused = try stored.withUnsafeBytes { try CompactBinaryCoder.decode(LintFindings.self, from: $0) }
        #expect(reused.report() == report)
        try expectSameEdgesAsThePictures(analysis)
    }

    /// `flaggedEdgeDiagnostics` is the pictures' mapping told apart per diagnostic: the same edges as
    /// `DotWriter.flaggedEdges`, and on each the same rules as `DiagnosticIndex` gives the DOT writer.
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: FixtureRenderingTests.fixtures.path).sorted())
    func everyFixtureFlagsTheEdgesItsPicturesDraw(_ fixture: String) throws {
        let root = FixtureRenderingTests.fixtures.appendingPathComponent(fixture)
        guard (try? root.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { return }
        try expectSameEdgesAsThePictures(try Analyzer.analyze(root: root.path))
    }

    /// A 2,000-module graph with 1,000 two-module cycles and 4,000 import findings: linear, not quadratic (the
    /// cycles are read one index each, over their own edges only), and the same answer as the pictures.
    @Test func twoThousandModulesWithAThousandCyclesStayFast() throws {
        let modules = (0..<2_000).map { SampleGraphs.module("M\($0)") }
        var edges: [ModuleEdge] = []
        var diagnostics: [Diagnostic] = []
        for index in stride(from: 0, to: 2_000, by: 2) {
            let a = modules[index].id, b = modules[index + 1].id
            edges += [SampleGraphs.importEdge(a, b, line: 1), SampleGraphs.importEdge(b, a, line: 1)]
            diagnostics.append(Diagnostic(
                rule: "module-cycle", severity: .error, message: "cycle", location: edges[edges.count - 1].locations[0],
                subject: [a, b]))
        }
        for index in 0..<2_000 {
            for step in [2, 4] {
                let from = modules[index].id, to = modules[(index + step) % 2_000].id
                edges.append(SampleGraphs.importEdge(from, to, line: step))
                diagnostics.append(Diagnostic(
                    rule: "cross-feature-import", severity: .error, message: "import", location: edges[edges.count - 1].locations[0],
                    subject: [from, to, to]))
            }
        }
        let graph = ModuleGraph(nodes: modules, edges: edges)
        let flagged = DotWriter.flaggedEdgeDiagnostics(graph: graph, diagnostics: diagnostics)
        #expect(flagged.count == edges.count)
        #expect(flagged.reduce(0) { $0 + $1.diagnostics.count } >= diagnostics.count)
        #expect(Set(flagged.map { DirectedPair(from: $0.from, to: $0.to) }) == DotWriter.flaggedEdges(graph: graph, diagnostics: diagnostics))
    }

    func expectSameEdgesAsThePictures(_ analysis: ArchitectureAnalysis) throws {
        let graph = analysis.moduleGraph, diagnostics = analysis.diagnostics
        let flagged = DotWriter.flaggedEdgeDiagnostics(graph: graph, diagnostics: diagnostics)
        #expect(Set(flagged.map { DirectedPair(from: $0.from, to: $0.to) }) == DotWriter.flaggedEdges(graph: graph, diagnostics: diagnostics))
        let resolver = NodeResolver(nodes: graph.nodes.map { ($0.id, $0.name) })
        let index = DiagnosticIndex(
            diagnostics: diagnostics, edgeLocations: ModuleDotWriter.edgeLocations(graph), cycleRule: CycleRuleID.moduleCycle,
            resolveNode: resolver.resolve)
        for edge in flagged {
            let pair = DirectedPair(from: edge.from, to: edge.to)
            #expect(Set(edge.diagnostics.map { diagnostics[$0].rule }) == Set(index.edges[pair]?.rules ?? []), "\(pair)")
        }
    }
}
