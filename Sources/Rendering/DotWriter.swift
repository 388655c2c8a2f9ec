import ArchlintModel
import Graphs

public struct DotOptions: Hashable, Sendable {
    /// The graph's DOT name and SVG `id`; graphviz prefixes every SVG element id with it, so two graphs can be
    /// inlined in one HTML page without clashing ids.
    public var graphID: String
    public var rankdir: String
    public var legend: Bool
    /// Above this many nodes, dot's crossing minimisation is cut short (`mclimit`): on a 500-module graph it
    /// takes most of the layout time and buys little readability.
    public var largeGraphNodeCount: Int

    public init(graphID: String, rankdir: String = "TB", legend: Bool = true, largeGraphNodeCount: Int = 150) {
        self.graphID = graphID
        self.rankdir = rankdir
        self.legend = legend
        self.largeGraphNodeCount = largeGraphNodeCount
    }

    /// Graph attributes that depend on the graph's size.
    func sizeAttributes(nodeCount: Int, into attributes: inout DotAttributes) {
        if nodeCount > largeGraphNodeCount { attributes.set("mclimit", "0.3") }
    }
}

extension DotOptions {
    /// The graph, node and edge defaults every archlint graph starts with.
    func writeDefaults(tooltip: String, nodeCount: Int, into builder: inout DotBuilder) {
        var graphAttributes = DotAttributes()
        graphAttributes.set("id", graphID)
        graphAttributes.set("rankdir", rankdir)
        graphAttributes.set("fontname", GraphStyle.font)
        graphAttributes.set("fontsize", "12")
        graphAttributes.set("nodesep", "0.3")
        graphAttributes.set("ranksep", "0.6")
        sizeAttributes(nodeCount: nodeCount, into: &graphAttributes)
        graphAttributes.set("tooltip", tooltip)
        builder.line("graph\(graphAttributes.text)")
        var node = DotAttributes()
        node.set("fontname", GraphStyle.font)
        node.set("fontsize", "11")
        node.set("margin", "0.12,0.05")
        builder.line("node\(node.text)")
        var edge = DotAttributes()
        edge.set("fontname", GraphStyle.font)
        edge.set("fontsize", "9")
        edge.set("color", GraphStyle.edge)
        edge.set("arrowsize", "0.7")
        builder.line("edge\(edge.text)")
    }
}

/// Graphs → DOT text with meaningful styling. The same input gives byte-identical output.
public enum DotWriter {
    /// The module graph: clusters per configured layer (otherwise per package); shape and colour by kind
    /// (app, feature, interface, core, external, test); violating edges red with the rule id as label and
    /// tooltip; cycle edges bold red. See `DiagnosticIndex` for how diagnostics map to edges.
    public static func modules(
        graph: ModuleGraph, diagnostics: [Diagnostic], configuration: ArchlintConfiguration,
        options: DotOptions = DotOptions(graphID: "modules")
    ) -> String {
        ModuleDotWriter(graph: graph, diagnostics: diagnostics, configuration: configuration, options: options).write()
    }

    /// The component graph: clusters per module; root/component/non-core/pluginized shapes; components with
    /// unresolved Dependency properties outlined red; `#if` edges dashed.
    public static func components(
        graph: ComponentGraph, diagnostics: [Diagnostic], options: DotOptions = DotOptions(graphID: "components")
    ) -> String {
        ComponentDotWriter(graph: graph, diagnostics: diagnostics, options: options).write()
    }

    /// The module edges diagnostics are about: pass them to `GraphFilters.apply(_:to:preserving:)` so
    /// `--reduce` never hides a violation.
    public static func flaggedEdges(graph: ModuleGraph, diagnostics: [Diagnostic]) -> Set<DirectedPair> {
        let resolver = NodeResolver(nodes: graph.nodes.map { ($0.id, $0.name) })
        return DiagnosticIndex(
            diagnostics: diagnostics, edgeLocations: ModuleDotWriter.edgeLocations(graph),
            cycleRule: CycleRuleID.moduleCycle, resolveNode: resolver.resolve
        ).flaggedPairs
    }

    /// The component edges diagnostics are about (see `flaggedEdges(graph:diagnostics:)` for modules).
    public static func flaggedEdges(graph: ComponentGraph, diagnostics: [Diagnostic]) -> Set<DirectedPair> {
        var locations: [DirectedPair: [SourceLocation]] = [:]
        for edge in graph.edges {
            locations[DirectedPair(from: edge.from, to: edge.to), default: []]
                .append(SourceLocation(file: edge.file, line: edge.line, column: edge.column))
        }
        let resolver = NodeResolver(nodes: graph.nodes.map { ($0.id, $0.name) })
        return DiagnosticIndex(
            diagnostics: diagnostics, edgeLocations: locations, cycleRule: CycleRuleID.componentCycle,
            resolveNode: resolver.resolve
        ).flaggedPairs
    }
}
