import ArchlintModel
import Graphs
import Rendering
import Reporting

/// One graph of an analysis in one output format, with filters applied and violations styled.
public enum GraphExport {
    public enum Kind: String, CaseIterable, Sendable {
        case modules, components
    }

    public enum Format: String, CaseIterable, Sendable {
        case json, dot, mermaid, svg, png, pdf
    }

    public enum ExportError: Error, CustomStringConvertible {
        case filter(GraphFilterError)
        case graphviz(GraphvizError)

        public var description: String {
            switch self {
            case .filter(let error): error.description
            case .graphviz(let error): error.description
            }
        }
    }

    /// `diagnostics` decide what is drawn red (pass what the run reports).
    public static func render(
        _ kind: Kind, of analysis: Analysis, diagnostics: [Diagnostic], format: Format,
        filters: GraphFilterOptions = GraphFilterOptions(), layout: GraphvizLayout = .dot
    ) throws(ExportError) -> [UInt8] {
        let text: String
        switch kind {
        case .modules:
            let flagged = DotWriter.flaggedEdges(graph: analysis.moduleGraph, diagnostics: diagnostics)
            let graph: ModuleGraph
            do { graph = try GraphFilters.apply(filters, to: analysis.moduleGraph, preserving: flagged) } catch {
                throw .filter(error)
            }
            switch format {
            case .json: text = GraphJSON.modules(graph)
            case .mermaid: text = MermaidWriter.modules(graph: graph, diagnostics: diagnostics, configuration: analysis.configuration)
            case .dot, .svg, .png, .pdf:
                text = DotWriter.modules(graph: graph, diagnostics: diagnostics, configuration: analysis.configuration)
            }
        case .components:
            let flagged = DotWriter.flaggedEdges(graph: analysis.componentGraph, diagnostics: diagnostics)
            let graph: ComponentGraph
            do { graph = try GraphFilters.apply(filters, to: analysis.componentGraph, preserving: flagged) } catch {
                throw .filter(error)
            }
            switch format {
            case .json: text = GraphJSON.components(graph)
            case .mermaid: text = MermaidWriter.components(graph: graph, diagnostics: diagnostics)
            case .dot, .svg, .png, .pdf: text = DotWriter.components(graph: graph, diagnostics: diagnostics)
            }
        }
        guard let graphvizFormat = GraphvizFormat(rawValue: format.rawValue) else { return Array(text.utf8) }
        do { return try Graphviz.render(dot: text, format: graphvizFormat, layout: layout) } catch { throw .graphviz(error) }
    }

    /// `lint --report-dir`: index.html, modules.svg, components.svg and report.json from one analysis.
    public static func writeReportDirectory(
        _ directory: String, analysis: Analysis, report: LintReport, reportJSON: String
    ) throws -> Void {
        let modules = try render(.modules, of: analysis, diagnostics: report.diagnostics, format: .svg)
        let components = try render(.components, of: analysis, diagnostics: report.diagnostics, format: .svg)
        try HTMLReportWriter.write(
            report: report, modulesSVG: String(decoding: modules, as: UTF8.self),
            componentsSVG: String(decoding: components, as: UTF8.self), reportJSON: reportJSON, to: directory)
    }
}
