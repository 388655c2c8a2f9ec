import ArchlintModel
import Foundation
import Graphs
import Testing

@testable import Rendering

/// Issue 33.6: errors red, warnings amber, notes grey, in every drawn format, with a legend that lists exactly
/// the colours drawn; a node's outline means its most severe finding, nothing else.
@Suite struct SeverityColourTests {
    let red = "#d1242f"
    let amber = "#d97706"
    let grey = "#8c959f"

    /// An undeclared import of UIKit (a warning) beside the sample's cross-feature error and cycle.
    static let undeclared = Diagnostic(
        rule: "undeclared-import", severity: .warning, message: "UICore imports UIKit without declaring it",
        location: SourceLocation(file: "AppPackage/Sources/UICore/UICore.swift", line: 2, column: 1),
        module: "AppPackage/UICore", subject: ["AppPackage/UICore", "UIKit", "UIKit"])
    static let note = Diagnostic(
        rule: "custom:note", severity: .note, message: "Lottie is on its way out",
        location: SourceLocation(file: "AppPackage/Sources/ProfileFeature/ProfileFeature.swift", line: 4, column: 1),
        module: "AppPackage/ProfileFeature", subject: ["AppPackage/ProfileFeature", "lottie-spm/Lottie"])

    @Test func moduleEdgesTakeTheirSeverityColourAndTheLegendListsThem() throws {
        let dot = DotWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics + [Self.undeclared, Self.note],
            configuration: ArchlintConfiguration())
        let lines = dot.split(separator: "\n").map(String.init)
        let warning = try #require(lines.first { $0.contains("\"AppPackage/UICore\" -> \"UIKit\"") })
        #expect(warning.contains("color=\"\(amber)\"") && warning.contains("class=\"dependency violation warning\""))
        let note = try #require(lines.first { $0.contains("\"AppPackage/ProfileFeature\" -> \"lottie-spm/Lottie\"") })
        #expect(note.contains("color=\"\(grey)\"") && note.contains("violation note"))
        let error = try #require(lines.first { $0.contains("\"AppPackage/ProfileFeature\" -> \"AppPackage/GachaFeature\"") })
        #expect(error.contains("color=\"\(red)\"") && error.contains("violation error"))
        let legend = try #require(lines.first { $0.contains("class=\"legend\"") })
        #expect(legend.contains("<FONT COLOR=\"\(red)\">→ rule-id</FONT></TD><TD ALIGN=\"LEFT\" BORDER=\"0\">error (label: rule id)"))
        #expect(legend.contains("<FONT COLOR=\"\(amber)\">→ rule-id</FONT></TD><TD ALIGN=\"LEFT\" BORDER=\"0\">warning (label: rule id)"))
        #expect(legend.contains("<FONT COLOR=\"\(grey)\">→ rule-id</FONT></TD><TD ALIGN=\"LEFT\" BORDER=\"0\">note (label: rule id)"))
        #expect(legend.contains("cycle (bold)"))

        // Drawn by graphviz: the warning's stroke is amber, and no warning is red.
        let document = try SVGDocument(try Graphviz.renderString(dot: dot))
        let drawn = try #require(document.edge(from: "AppPackage/UICore", to: "UIKit"))
        #expect(drawn.strokes.contains(amber) && !drawn.strokes.contains(red))
    }

    @Test func aLegendWithoutWarningsDoesNotListThem() {
        let dot = DotWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: [SampleGraphs.crossFeature], configuration: ArchlintConfiguration())
        #expect(dot.contains("error (label: rule id)"))
        #expect(!dot.contains("warning (label: rule id)") && !dot.contains("cycle (bold)"))
    }

    @Test func mermaidLinksAndNodesTakeTheSeverityColour() {
        let text = MermaidWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics + [Self.undeclared],
            configuration: ArchlintConfiguration())
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("  linkStyle") && $0.contains("stroke:\(red)") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("  linkStyle") && $0.contains("stroke:\(amber),stroke-width:2px,color:\(amber)") }.count == 1)
        #expect(lines.contains("  classDef warning stroke:\(amber),stroke-width:3px"))
        #expect(lines.contains("  classDef violation stroke:\(red),stroke-width:3px"))
    }

    /// An orphan is a warning: amber, and the legend no longer says a red outline is a missing dependency.
    @Test func componentOutlinesMeanTheSeverityOfTheirFindings() throws {
        let orphan = Diagnostic(
            rule: "orphan-component", severity: .warning, message: "DebugComponent is never instantiated",
            location: SourceLocation(file: "Sources/Debug/DebugComponent.swift", line: 3, column: 1),
            module: "Debug", subject: ["DebugComponent"])
        let dot = DotWriter.components(graph: SampleGraphs.componentGraph, diagnostics: [SampleGraphs.missingDependency, orphan])
        let document = try SVGDocument(try Graphviz.renderString(dot: dot))
        #expect(document.node(titled: "GachaComponent")?.strokes.contains(red) == true)
        let debug = try #require(document.node(titled: "DebugComponent"))
        #expect(debug.strokes.contains(amber) && !debug.strokes.contains(red))
        #expect(!dot.contains("missing dependency\""))
        #expect(dot.contains("red outline: error on it") && dot.contains("amber outline: warning on it"))
        #expect(!dot.contains("grey outline"))
    }

    @Test func externalsThatOutnumberTheModulesAreCollapsedWithACaption() throws {
        var graph = ModuleGraph(nodes: [SampleGraphs.module("App", .executable), SampleGraphs.module("Core")], edges: [])
        for index in 0..<3 {
            graph.nodes.append(Module(id: "pkg/Lib\(index)", name: "Lib\(index)", package: "pkg", type: .external))
            graph.edges.append(ModuleEdge(from: "AppPackage/App", to: "pkg/Lib\(index)", kind: .import))
        }
        let scaled = GraphScaling.moduleFilter(for: graph, requested: GraphFilterOptions())
        #expect(scaled.filter.collapseExternal && !scaled.filter.hideExternal)
        #expect(!scaled.filter.hideTests && !scaled.filter.reduce)
        #expect(scaled.caption == "3 externals drawn as one node per package: pkg (3). They outnumber the 2 modules of the codebase: draw each with `archlint graph --show-external`.")
        let shown = try GraphExport.filteredModules(graph, diagnostics: [], filter: scaled.filter)
        #expect(shown.nodes.map(\.id) == ["AppPackage/App", "AppPackage/Core", "pkg"])
        #expect(shown.nodes.last?.name == "pkg: 3 products")
        #expect(shown.edges.map { "\($0.from) -> \($0.to)" } == ["AppPackage/App -> pkg"])
        // A finding about one product (by id or by name) is drawn on the package's edge, in its severity's colour,
        // and the report links the original finding to that edge.
        let byID = Diagnostic(
            rule: "undeclared-import", severity: .warning, message: "Lib1 is not declared",
            location: SourceLocation(file: "Sources/App/A.swift", line: 1, column: 1), subject: ["AppPackage/App", "pkg/Lib1"])
        var byName = byID
        byName.subject = ["App", "Lib2"]
        byName.severity = .error
        let drawn = try GraphExport.shownModules(graph, diagnostics: [byID, byName], filter: scaled.filter)
        #expect(drawn.diagnostics.map(\.subject) == [["AppPackage/App", "pkg"], ["App", "pkg"]])
        let targets = DiagnosticTargets.modules(drawn.graph, diagnostics: [byID, byName], drawnAs: drawn.diagnostics)
        #expect(targets[byID]?.edges == [DirectedPair(from: "AppPackage/App", to: "pkg")])
        #expect(targets[byName]?.edges == [DirectedPair(from: "AppPackage/App", to: "pkg")])
        let dot = DotWriter.modules(graph: drawn.graph, diagnostics: drawn.diagnostics, configuration: .init())
        let edge = try #require(dot.split(separator: "\n").first { $0.contains("\"AppPackage/App\" -> \"pkg\"") })
        #expect(edge.contains("color=\"\(red)\"") && edge.contains("undeclared-import"))
        let kept = GraphScaling.moduleFilter(for: graph, requested: GraphFilterOptions(), keep: .init(externals: true))
        #expect(!kept.filter.hideExternal && kept.caption == nil)
        graph.nodes.removeLast(2)
        #expect(GraphScaling.moduleFilter(for: graph, requested: GraphFilterOptions()).caption == nil)
    }
}
