import ArchlintModel
import Graphs

/// Rendered graph formats (JSON is the graph contract, written by ArchlintKit's `GraphJSON`).
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

/// One call from an analysed graph to output bytes: filter (keeping violating edges through `--reduce`),
/// style, render. What `archlint graph` and the HTML report use.
public enum GraphExport {
    public static func modules(
        _ graph: ModuleGraph, diagnostics: [Diagnostic], configuration: ArchlintConfiguration,
        filter: GraphFilterOptions = GraphFilterOptions(), format: GraphExportFormat, layout: GraphvizLayout = .dot
    ) throws -> [UInt8] {
        let shown = try filteredModules(graph, diagnostics: diagnostics, filter: filter)
        if format == .mermaid {
            return Array(MermaidWriter.modules(graph: shown, diagnostics: diagnostics, configuration: configuration).utf8)
        }
        return try finish(DotWriter.modules(graph: shown, diagnostics: diagnostics, configuration: configuration), format, layout)
    }

    public static func components(
        _ graph: ComponentGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions = GraphFilterOptions(),
        format: GraphExportFormat, layout: GraphvizLayout = .dot
    ) throws -> [UInt8] {
        let shown = try filteredComponents(graph, diagnostics: diagnostics, filter: filter)
        if format == .mermaid {
            return Array(MermaidWriter.components(graph: shown, diagnostics: diagnostics).utf8)
        }
        return try finish(DotWriter.components(graph: shown, diagnostics: diagnostics), format, layout)
    }

    /// The module graph after `filter`; `--reduce` never drops an edge a diagnostic is about.
    public static func filteredModules(
        _ graph: ModuleGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions
    ) throws(GraphFilterError) -> ModuleGraph {
        guard !filter.isEmpty else { return graph }
        let flagged = filter.reduce ? DotWriter.flaggedEdges(graph: graph, diagnostics: diagnostics) : []
        return try GraphFilters.apply(filter, to: graph, preserving: flagged)
    }

    /// The component graph after `filter` (see `filteredModules`).
    public static func filteredComponents(
        _ graph: ComponentGraph, diagnostics: [Diagnostic], filter: GraphFilterOptions
    ) throws(GraphFilterError) -> ComponentGraph {
        guard !filter.isEmpty else { return graph }
        let flagged = filter.reduce ? DotWriter.flaggedEdges(graph: graph, diagnostics: diagnostics) : []
        return try GraphFilters.apply(filter, to: graph, preserving: flagged)
    }

    private static func finish(_ dot: String, _ format: GraphExportFormat, _ layout: GraphvizLayout) throws(GraphvizError) -> [UInt8] {
        guard let graphviz = format.graphviz else { return Array(dot.utf8) }
        return try Graphviz.render(dot: dot, format: graphviz, layout: layout)
    }
}

extension HTMLReportWriter {
    /// Renders both graphs (dot layout, unfiltered, coloured by `diagnostics`) and writes the report directory.
    public static func write(
        report: LintReport, moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        configuration: ArchlintConfiguration, reportJSON: String, to directory: String
    ) throws {
        let modules = try GraphExport.modules(
            moduleGraph, diagnostics: report.diagnostics, configuration: configuration, format: .svg)
        let components = try GraphExport.components(componentGraph, diagnostics: report.diagnostics, format: .svg)
        try write(
            report: report, modulesSVG: String(decoding: modules, as: UTF8.self),
            componentsSVG: String(decoding: components, as: UTF8.self), reportJSON: reportJSON, to: directory)
    }
}
