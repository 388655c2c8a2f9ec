import ArchlintModel
import Graphs

/// Rendered graph formats (JSON is the graph contract, written by Reporting's `GraphJSON`).
public enum GraphExportFormat: String, CaseIterable, Sendable {
    case dot, mermaid, svg, png, pdf

    var graphviz: GraphvizFormat? {
        switch self {
        case .svg: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot, .mermaid: nil
        }
    }
}

/// No attempt could draw the picture (see `RenderedGraph.failures`).
public struct GraphRenderError: Error, CustomStringConvertible, Sendable {
    public var summary: String
    public var description: String { "the graph could not be drawn: \(summary)" }
}

/// One call from an analysed graph to output bytes: filter (keeping violating edges through `--reduce`),
/// style, render (through `renderer`'s fallbacks). What `archlint graph` and the HTML report use.
public enum GraphExport {
    public static func modules(
        _ graph: ModuleGraph, diagnostics: [Diagnostic], configuration: ArchlintConfiguration,
        classifier: ArchitectureClassifier? = nil,
        filter: GraphFilterOptions = GraphFilterOptions(), format: GraphExportFormat, layout: GraphvizLayout = .dot,
        renderer: GraphRenderer = .inProcess
    ) throws -> [UInt8] {
        try picture(renderModules(
            graph, diagnostics: diagnostics, configuration: configuration, classifier: classifier, filter: filter,
            format: format, layout: layout, renderer: renderer))
    }

    public static func components(
        _ graph: ComponentGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions = GraphFilterOptions(),
        format: GraphExportFormat, layout: GraphvizLayout = .dot, renderer: GraphRenderer = .inProcess
    ) throws -> [UInt8] {
        try picture(renderComponents(
            graph, diagnostics: diagnostics, filter: filter, format: format, layout: layout, renderer: renderer))
    }

    /// Like `modules`, keeping which fallback drew the picture, or why none could. `options` carries rankdir,
    /// clusters, wrapping and the caption (`GraphScaling.moduleFilter` gives the filter and caption to pass).
    /// Modules are classified over the whole `graph` (`classifier`, or one built from it), never over the filtered
    /// picture, so a module looks the same in every picture and as the rules see it.
    public static func renderModules(
        _ graph: ModuleGraph, diagnostics: [Diagnostic], configuration: ArchlintConfiguration,
        classifier: ArchitectureClassifier? = nil,
        filter: GraphFilterOptions = GraphFilterOptions(), format: GraphExportFormat, layout: GraphvizLayout = .dot,
        renderer: GraphRenderer = .inProcess, options: DotOptions = DotOptions(graphID: "modules")
    ) throws(GraphFilterError) -> RenderedGraph {
        let classifier = classifier ?? ArchitectureClassifier(configuration: configuration, graph: graph)
        let (shown, diagnostics) = try shownModules(graph, diagnostics: diagnostics, filter: filter)
        if format == .mermaid {
            return RenderedGraph(text: MermaidWriter.modules(
                graph: shown, diagnostics: diagnostics, configuration: configuration, classifier: classifier,
                caption: options.caption, direction: options.rankdir, clusters: options.clusters))
        }
        return finish(
            DotWriter.modules(
                graph: shown, diagnostics: diagnostics, configuration: configuration, classifier: classifier,
                options: options),
            format, layout, renderer)
    }

    /// Like `components`, keeping which fallback drew the picture, or why none could.
    public static func renderComponents(
        _ graph: ComponentGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions = GraphFilterOptions(),
        format: GraphExportFormat, layout: GraphvizLayout = .dot, renderer: GraphRenderer = .inProcess,
        options: DotOptions = DotOptions(graphID: "components")
    ) throws(GraphFilterError) -> RenderedGraph {
        let shown = try filteredComponents(graph, diagnostics: diagnostics, filter: filter)
        if format == .mermaid {
            return RenderedGraph(text: MermaidWriter.components(graph: shown, diagnostics: diagnostics, direction: options.rankdir))
        }
        return finish(DotWriter.components(graph: shown, diagnostics: diagnostics, options: options), format, layout, renderer)
    }

    /// The layer overview (`LayerOverview`) drawn in `format`.
    public static func renderLayers(
        _ overview: LayerOverview, format: GraphExportFormat, layout: GraphvizLayout = .dot,
        renderer: GraphRenderer = .inProcess, options: DotOptions = DotOptions(graphID: "layers")
    ) -> RenderedGraph {
        if format == .mermaid { return RenderedGraph(text: MermaidWriter.layers(overview, direction: options.rankdir)) }
        return finish(DotWriter.layers(overview, options: options), format, layout, renderer)
    }

    /// The module graph after `filter`; `--reduce` never drops an edge a diagnostic is about.
    public static func filteredModules(
        _ graph: ModuleGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions
    ) throws(GraphFilterError) -> ModuleGraph {
        try shownModules(graph, diagnostics: diagnostics, filter: filter).graph
    }

    /// The module graph after `filter`, and the diagnostics as drawn on it: with `collapseExternal`, a subject
    /// that names a merged external module names its package's node instead (same order as `diagnostics`).
    public static func shownModules(
        _ graph: ModuleGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions
    ) throws(GraphFilterError) -> (graph: ModuleGraph, diagnostics: [Diagnostic]) {
        guard !filter.isEmpty else { return (graph, diagnostics) }
        let flagged = filter.reduce ? DotWriter.flaggedEdges(graph: graph, diagnostics: diagnostics) : []
        var uncollapsed = filter
        uncollapsed.collapseExternal = false
        let filtered = try GraphFilters.apply(uncollapsed, to: graph, preserving: flagged)
        guard filter.collapseExternal else { return (filtered, diagnostics) }
        let (collapsed, groupOf) = ExternalPackages.collapse(filtered)
        let resolver = NodeResolver(nodes: filtered.nodes.map { ($0.id, $0.name) })
        func drawn(_ reference: String) -> String { resolver.resolve(reference).flatMap { groupOf[$0] } ?? reference }
        let remapped = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.subject = diagnostic.subject.map(drawn)
            diagnostic.module = diagnostic.module.map(drawn)
            return diagnostic
        }
        return (collapsed, remapped)
    }

    /// The component graph after `filter` (see `filteredModules`).
    public static func filteredComponents(
        _ graph: ComponentGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions
    ) throws(GraphFilterError) -> ComponentGraph {
        guard !filter.isEmpty else { return graph }
        let flagged = filter.reduce ? DotWriter.flaggedEdges(graph: graph, diagnostics: diagnostics) : []
        return try GraphFilters.apply(filter, to: graph, preserving: flagged)
    }

    private static func finish(
        _ dot: String, _ format: GraphExportFormat, _ layout: GraphvizLayout, _ renderer: GraphRenderer
    ) -> RenderedGraph {
        guard let graphviz = format.graphviz else { return RenderedGraph(text: dot) }
        return renderer.render(dot: dot, format: graphviz, layout: layout)
    }

    private static func picture(_ rendered: RenderedGraph) throws(GraphRenderError) -> [UInt8] {
        guard let bytes = rendered.bytes else { throw GraphRenderError(summary: rendered.failureSummary) }
        return bytes
    }
}

extension RenderedGraph {
    /// Output that needs no drawing (DOT, Mermaid, JSON).
    public init(text: String) {
        self.init(bytes: Array(text.utf8), attempt: nil, failures: [], undrawnEdges: 0)
    }
}
