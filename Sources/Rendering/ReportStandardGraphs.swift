import ArchlintModel
import Graphs
import SystemSupport

extension HTMLReportWriter {
    /// Draws the report's own graphs (`standardGraphs`) and writes the report directory. A graph that can't be
    /// drawn becomes a message in `index.html`; everything else is still written. Returns lines for stderr.
    public static func write(
        report: LintReport, moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        configuration: ArchlintConfiguration, classifier: ArchitectureClassifier? = nil, reportJSON: String,
        to directory: String, renderer: GraphRenderer = .inProcess, changes: ReportChanges? = nil,
        fileGuard: FileGuard = .unconfined, force: Bool = false
    ) throws(HTMLReportError) -> [String] {
        let graphs = reportGraphs(
            diagnostics: report.diagnostics, moduleGraph: moduleGraph, componentGraph: componentGraph,
            configuration: configuration, classifier: classifier, renderer: renderer)
        try write(report: report, graphs: graphs, reportJSON: reportJSON, to: directory, changes: changes, fileGuard: fileGuard, force: force)
        return graphs.compactMap(\.notice)
    }

    /// Every panel of `lint --report-dir`: the layer overview first, the module graph, the component graphs, then
    /// one closed focus picture per feature of the overview (its nodes link to them). Every picture classifies
    /// modules with one `classifier` (the run's; nil: built from `moduleGraph`).
    public static func reportGraphs(
        diagnostics: [Diagnostic], moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        configuration: ArchlintConfiguration, classifier: ArchitectureClassifier? = nil,
        renderer: GraphRenderer = .inProcess
    ) -> [ReportGraph] {
        let classifier = classifier ?? ArchitectureClassifier(configuration: configuration, graph: moduleGraph)
        guard !moduleGraph.nodes.isEmpty else {
            return standardGraphs(
                diagnostics: diagnostics, moduleGraph: moduleGraph, componentGraph: componentGraph,
                configuration: configuration, classifier: classifier, renderer: renderer)
        }
        let overview = LayerOverview(
            graph: moduleGraph, diagnostics: diagnostics, configuration: configuration, classifier: classifier)
        return [overviewPanel(overview, renderer: renderer)]
            + standardGraphs(
                diagnostics: diagnostics, moduleGraph: moduleGraph, componentGraph: componentGraph,
                configuration: configuration, classifier: classifier, renderer: renderer)
            + featurePanels(
                overview, diagnostics: diagnostics, graph: moduleGraph, configuration: configuration,
                classifier: classifier, renderer: renderer)
    }

    /// At most this many feature focus pictures; past it the overview still links the first ones.
    public static let featurePanelLimit = 100

    /// The layer overview (`archlint graph --kind layers`), as `layers.svg`.
    public static func overviewPanel(_ overview: LayerOverview, renderer: GraphRenderer = .inProcess) -> ReportGraph {
        let rendered = GraphExport.renderLayers(overview, format: .svg, renderer: renderer)
        var notes = overview.caption.map { [$0] } ?? []
        if overview.nodes.contains(where: { $0.anchor != nil }) {
            notes.append("Click a feature to open its neighbourhood under Features.")
        }
        return ReportGraph(
            rendered: rendered, anchor: "layers-graph", title: overview.byLayer ? "Layers" : "Packages", kind: "layers",
            file: "layers.svg", notes: notes, graphID: "layers")
    }

    /// One closed focus picture (depth 1) per feature node of the overview, anchored where its node links.
    public static func featurePanels(
        _ overview: LayerOverview, diagnostics: [Diagnostic], graph: ModuleGraph,
        configuration: ArchlintConfiguration, classifier: ArchitectureClassifier? = nil,
        renderer: GraphRenderer = .inProcess
    ) -> [ReportGraph] {
        let classifier = classifier ?? ArchitectureClassifier(configuration: configuration, graph: graph)
        let features = overview.nodes.compactMap { node -> (anchor: String, module: String)? in
            guard let anchor = node.anchor, let module = node.focusModule else { return nil }
            return (anchor, module)
        }
        var seen: Set<String> = []
        let unique = features.filter { seen.insert($0.anchor).inserted }.prefix(featurePanelLimit)
        let list = Array(unique)
        return parallelMap(count: list.count) { index in
            var panel = moduleFocusPanel(
                diagnostics: diagnostics, graph: graph, configuration: configuration, classifier: classifier,
                focus: list[index].module, anchor: list[index].anchor, renderer: renderer)
            panel.collapsed = true
            return panel
        }
    }

    /// The module graph panel followed by the component panels: what the report shows without other panels.
    public static func standardGraphs(
        diagnostics: [Diagnostic], moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        configuration: ArchlintConfiguration, classifier: ArchitectureClassifier? = nil,
        renderer: GraphRenderer = .inProcess
    ) -> [ReportGraph] {
        [modulePanel(
            diagnostics: diagnostics, graph: moduleGraph, configuration: configuration, classifier: classifier,
            renderer: renderer)]
            + componentPanels(diagnostics: diagnostics, graph: componentGraph, renderer: renderer)
    }

    /// The module graph drawn with `GraphScaling`'s defaults (the caption says what they hid), as `modules.svg`.
    public static func modulePanel(
        diagnostics: [Diagnostic], graph: ModuleGraph, configuration: ArchlintConfiguration,
        classifier: ArchitectureClassifier? = nil, renderer: GraphRenderer = .inProcess
    ) -> ReportGraph {
        let anchor = "modules-graph", title = "Module graph", graphID = "modules"
        guard !graph.nodes.isEmpty else {
            return ReportGraph(anchor: anchor, title: title, picture: .empty("No modules found."), graphID: graphID)
        }
        var (filter, caption) = GraphScaling.moduleFilter(for: graph, requested: GraphFilterOptions())
        let shown: (graph: ModuleGraph, diagnostics: [Diagnostic])
        do {
            shown = try GraphExport.shownModules(graph, diagnostics: diagnostics, filter: filter)
        } catch {
            // Not expected without --focus; draw everything rather than nothing.
            (filter, caption, shown) = (GraphFilterOptions(), nil, (graph, diagnostics))
        }
        let rendered = (try? GraphExport.renderModules(
            graph, diagnostics: diagnostics, configuration: configuration, classifier: classifier, filter: filter, format: .svg,
            renderer: renderer)) ?? RenderedGraph(text: "")
        return ReportGraph(
            rendered: rendered, anchor: anchor, title: title, kind: "modules", file: modulesFile,
            notes: caption.map { [$0] } ?? [], graphID: graphID,
            targets: DiagnosticTargets.modules(shown.graph, diagnostics: diagnostics, drawnAs: shown.diagnostics))
    }

    /// A module picture around one module (`--focus NAME --depth N`) with its own element ids, for a panel after
    /// the module graph (a feature's neighbourhood linked from an overview). An unknown name is a message panel.
    public static func moduleFocusPanel(
        diagnostics: [Diagnostic], graph: ModuleGraph, configuration: ArchlintConfiguration,
        classifier: ArchitectureClassifier? = nil, focus: String, depth: Int = 1, anchor: String? = nil,
        renderer: GraphRenderer = .inProcess
    ) -> ReportGraph {
        let anchor = ReportGraph.sanitizedAnchor(anchor ?? "focus-" + focus), title = "Around \(focus)", graphID = anchor
        let shown: ModuleGraph
        do {
            shown = try GraphExport.filteredModules(
                graph, diagnostics: diagnostics, filter: GraphFilterOptions(focus: focus, depth: depth))
        } catch {
            return ReportGraph(anchor: anchor, title: title, picture: .failed(error.description), graphID: graphID)
        }
        let dot = DotWriter.modules(
            graph: shown, diagnostics: diagnostics, configuration: configuration,
            classifier: classifier ?? ArchitectureClassifier(configuration: configuration, graph: graph),
            options: DotOptions(graphID: graphID))
        return ReportGraph(
            rendered: renderer.render(dot: dot, format: .svg), anchor: anchor, title: title, kind: "modules",
            file: "\(anchor).svg", notes: ["Modules within \(depth) step\(depth == 1 ? "" : "s") of \(focus)."],
            graphID: graphID, targets: DiagnosticTargets.modules(shown, diagnostics: diagnostics))
    }

    /// One panel per Needle scope (`ComponentGraph.onlyScope`), one when the graph has a single scope, and a
    /// "No Needle components found" panel when it has no components.
    public static func componentPanels(
        diagnostics: [Diagnostic], graph: ComponentGraph, renderer: GraphRenderer = .inProcess
    ) -> [ReportGraph] {
        guard !graph.nodes.isEmpty else {
            return [ReportGraph(
                anchor: "components-graph", title: "Component graph",
                picture: .empty(
                    "No Needle components found: no class in the scanned sources subclasses Component, "
                        + "BootstrapComponent or NonCoreComponent, so there is no component tree to draw."),
                graphID: "components")]
        }
        let scopes = graph.scopeNames
        guard !scopes.isEmpty else {
            return [componentPanel(
                graph, diagnostics: diagnostics, anchor: "components-graph", title: "Component graph",
                file: componentsFile, graphID: "components", renderer: renderer)]
        }
        // A component rule names components by their bare name, which several scopes may share: each scope's
        // picture gets the diagnostics the whole graph draws on its own nodes and edges.
        let wholeGraphTargets = DiagnosticTargets.components(graph, diagnostics: diagnostics)
        var files: Set<String> = []
        return scopes.enumerated().compactMap { index, scope in
            guard let only = graph.onlyScope(scope) else { return nil }
            let members = Set(only.nodes.map(\.id))
            let scoped = diagnostics.filter { diagnostic in
                guard let targets = wholeGraphTargets[diagnostic] else { return false }
                return targets.nodes.contains(where: members.contains)
                    || targets.edges.contains { members.contains($0.from) || members.contains($0.to) }
            }
            var file = "components-" + ReportGraph.sanitizedAnchor(scope) + ".svg"
            if files.contains(file) { file = "components-\(index + 1).svg" }
            files.insert(file)
            return componentPanel(
                only, diagnostics: scoped, anchor: "components-\(index + 1)", title: "Component graph: \(scope)",
                file: file, graphID: "components-\(index + 1)", renderer: renderer)
        }
    }

    private static func componentPanel(
        _ graph: ComponentGraph, diagnostics: [Diagnostic], anchor: String, title: String, file: String,
        graphID: String, renderer: GraphRenderer
    ) -> ReportGraph {
        let dot = DotWriter.components(graph: graph, diagnostics: diagnostics, options: DotOptions(graphID: graphID))
        let rendered = renderer.render(dot: dot, format: .svg)
        return ReportGraph(
            rendered: rendered, anchor: anchor, title: title, kind: "components", file: file, graphID: graphID,
            targets: DiagnosticTargets.components(graph, diagnostics: diagnostics))
    }
}
