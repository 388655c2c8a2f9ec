import ArchlintKit
import ArchlintModel
import Foundation
import Testing

@testable import Rendering

/// Panels added around the report's own (what an overview and focus pictures do): shown in the order given, with
/// their own element ids, and the findings link to each picture that draws them.
@Suite struct ReportPanelsTests {
    @Test func addedPanelsKeepTheirOrderIdsAndLinks() throws {
        let analysis = try Analyzer.analyze(root: FixtureRenderingTests.fixtures.appendingPathComponent("feature-imports").path)
        let report = analysis.report()
        let standard = HTMLReportWriter.standardGraphs(
            diagnostics: report.diagnostics, moduleGraph: analysis.moduleGraph, componentGraph: analysis.componentGraph,
            configuration: analysis.configuration)
        let focus = HTMLReportWriter.moduleFocusPanel(
            diagnostics: report.diagnostics, graph: analysis.moduleGraph, configuration: analysis.configuration,
            focus: "HomeFeature")
        let unknown = HTMLReportWriter.moduleFocusPanel(
            diagnostics: report.diagnostics, graph: analysis.moduleGraph, configuration: analysis.configuration,
            focus: "NoSuchModule")
        let graphs = standard + [focus, unknown]
        #expect(graphs.map(\.anchor) == ["modules-graph", "components-graph", "focus-HomeFeature", "focus-NoSuchModule"])
        if case .failed(let message) = unknown.picture { #expect(message.contains("NoSuchModule")) } else { Issue.record("unknown focus drew a picture") }

        let directory = ChromiumReportInteractionTests.temporaryDirectory("panels")
        defer { try? FileManager.default.removeItem(at: directory) }
        try HTMLReportWriter.write(report: report, graphs: graphs, reportJSON: "{}", to: directory.path)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("focus-HomeFeature.svg").path))
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        let sections = ["id=\"modules-graph\"", "id=\"components-graph\"", "id=\"focus-HomeFeature\"", "id=\"focus-NoSuchModule\"", "id=\"diagnostics\""]
        let positions = sections.compactMap { html.range(of: $0)?.lowerBound }
        #expect(positions.count == sections.count && positions == positions.sorted())
        // The cross-feature edge is drawn in both pictures, with each picture's ids; the row links to both.
        let edge = try #require(analysis.moduleGraph.edges.first {
            $0.from.hasSuffix("HomeFeature") && $0.to.hasSuffix("GachaFeature")
        })
        let inModules = GraphElementID.edge(graphID: "modules", from: edge.from, to: edge.to)
        let inFocus = GraphElementID.edge(graphID: "focus-HomeFeature", from: edge.from, to: edge.to)
        #expect(html.contains("id=\"\(inModules)\"") && html.contains("id=\"\(inFocus)\""))
        #expect(html.contains("data-graph=\"modules-graph\" data-targets=\"\(inModules)\""))
        #expect(html.contains("data-graph=\"focus-HomeFeature\" data-targets=\"\(inFocus)\""))

        let (result, errors) = try ReportProbe.run(reportDirectory: directory)
        ReportProbe.expectReadable(result, errors: errors, name: "feature-imports with a focus panel")
        #expect(result.panels.map(\.id) == ["modules-graph", "components-graph", "focus-HomeFeature", "focus-NoSuchModule"])
        #expect(result.panels.last?.failed == true)
    }
}
