import ArchlintModel
import Graphs

/// Component graph → DOT: one cluster per module, kinds by shape/colour, components with findings outlined in
/// their most severe finding's colour (unresolved Dependency properties listed in the tooltip), `#if` edges dashed.
struct ComponentDotWriter {
    let graph: ComponentGraph
    let index: DiagnosticIndex
    let options: DotOptions

    init(graph: ComponentGraph, diagnostics: [Diagnostic], options: DotOptions) {
        self.graph = graph
        self.options = options
        index = DiagnosticIndex(componentGraph: graph, diagnostics: diagnostics)
    }

    func write() -> String {
        var builder = DotBuilder()
        builder.open("digraph \(DotSyntax.id(options.graphID))")
        options.writeDefaults(tooltip: "Component graph", nodeCount: graph.nodes.count, into: &builder)
        let nodes = graph.nodes.sorted { $0.id < $1.id }
        let missing = missingProperties()
        let byScope = Dictionary(grouping: nodes) { $0.scope ?? "" }
        for (scope, members) in byScope.sorted(by: { $0.key < $1.key }) {
            if !scope.isEmpty { openScopeCluster(scope, into: &builder) }
            writeModuleClusters(members, scope: scope, missing: missing, into: &builder)
            if !scope.isEmpty { builder.close() }
        }
        let edges = Dictionary(grouping: graph.edges) { DirectedPair(from: $0.from, to: $0.to) }.sorted { $0.key < $1.key }
        for (pair, group) in edges { writeEdge(pair, group, into: &builder) }
        // A tree's children share one rank: past a dozen, wrap them as tightly as a large module picture's ranks
        // (a root with 36 children stays within a screen's width, labels readable when fitted).
        var layout = options
        if layout.wrapBudget == nil && nodes.count > 12 { layout.wrapBudget = RankWrapping.maximumBudget }
        layout.writeLayout(
            // A node's room is its module cluster's: its label or the cluster's, whichever is longer, plus the margins.
            nodes: nodes.map { node in
                let cluster = (node.module ?? "") + "    "
                return (id: node.id, label: cluster.count > node.name.count ? cluster : node.name + "    ",
                        group: (node.scope ?? "") + "::" + (node.module ?? ""))
            },
            edges: edges.map(\.key), into: &builder)
        if options.legend && !nodes.isEmpty {
            let drawnEdges = edges.compactMap { index.edges[$0.key] }
            legend(types: Set(nodes.map(\.type)), edges: Set(drawnEdges.map(\.severity)), cycle: drawnEdges.contains(where: \.isCycle),
                   outlines: Set(nodes.compactMap { index.severity(ofNode: $0.id) }))
                .write(into: &builder, id: "⟨legend⟩", graphID: options.graphID)
        }
        options.writeCaption(into: &builder)
        builder.close()
        return builder.text
    }


    /// One cluster per Needle scope (app) when the graph has several: the module clusters nest inside it.
    private func openScopeCluster(_ scope: String, into builder: inout DotBuilder) {
        builder.open("subgraph \(DotSyntax.id("cluster_scope_\(scope)"))")
        var attributes = DotAttributes()
        attributes.set("id", "\(options.graphID)_cluster_scope_\(scope)")
        attributes.set("label", scope)
        attributes.set("style", "rounded,bold")
        attributes.set("color", GraphStyle.clusterBorder)
        attributes.set("tooltip", "Needle scope \(scope): needle generates its code once per app")
        builder.line("graph\(attributes.text)")
    }

    /// A cluster per module; nodes without a module outside them.
    private func writeModuleClusters(
        _ nodes: [ComponentNode], scope: String, missing: [String: [(property: String, paths: [String])]],
        into builder: inout DotBuilder
    ) {
        let byModule = Dictionary(grouping: nodes.filter { $0.module != nil }) { $0.module! }
        // Module cluster ids stay as they were with one scope, and are unique per scope with several.
        let prefix = scope.isEmpty ? "" : "\(scope)::"
        for (module, members) in byModule.sorted(by: { $0.key < $1.key }) {
            builder.open("subgraph \(DotSyntax.id("cluster_module_\(prefix)\(module)"))")
            var attributes = DotAttributes()
            attributes.set("id", "\(options.graphID)_cluster_module_\(prefix)\(module)")
            attributes.set("label", module)
            attributes.set("style", "rounded")
            attributes.set("color", GraphStyle.clusterBorder)
            attributes.set("tooltip", "module \(module)")
            builder.line("graph\(attributes.text)")
            for node in members { writeNode(node, missing: missing[node.id] ?? [], into: &builder) }
            builder.close()
        }
        for node in nodes where node.module == nil { writeNode(node, missing: missing[node.id] ?? [], into: &builder) }
    }

    /// Component id → its unresolved Dependency properties, each with the paths where nobody provides it.
    private func missingProperties() -> [String: [(property: String, paths: [String])]] {
        var result: [String: [String: [String]]] = [:]
        for resolution in graph.resolutions where resolution.provider == nil {
            let property = "\(resolution.property): \(resolution.type)"
            let path = "^->" + resolution.path.joined(separator: "->")
            result[NeedleScopes.nodeID(resolution.component, scope: resolution.scope), default: [:]][property, default: []]
                .append(path)
        }
        return result.mapValues { properties in
            properties.sorted { $0.key < $1.key }.map { (property: $0.key, paths: Array(Set($0.value)).sorted()) }
        }
    }

    private func style(_ type: ComponentType) -> ComponentKindStyle {
        switch type {
        case .root: .root
        case .component: .component
        case .nonCore: .nonCore
        case .pluginized: .pluginized
        }
    }

    private func writeNode(
        _ node: ComponentNode, missing: [(property: String, paths: [String])], into builder: inout DotBuilder
    ) {
        let kind = style(node.type)
        let look = GraphStyle.look(kind)
        var attributes = DotAttributes()
        attributes.set("id", GraphElementID.node(graphID: options.graphID, id: node.id))
        attributes.set("label", node.name)
        attributes.set("shape", look.shape)
        attributes.set("style", look.style)
        attributes.set("fillcolor", look.fill)
        var tooltip = ["\(node.name) — \(kind.caption)", "\(node.file):\(node.line)"]
        if let dependency = node.dependency { tooltip.append("dependency: \(dependency)") }
        if !node.provides.isEmpty {
            tooltip.append("provides: " + node.provides.map { "\($0.name): \($0.type)" }.joined(separator: ", "))
        }
        let findings = index.nodes[node.id] ?? []
        if !missing.isEmpty {
            tooltip.append("Missing dependencies:")
            for entry in missing { tooltip.append("- \(entry.property) on \(entry.paths.joined(separator: ", "))") }
        }
        tooltip += findings.map { "[\($0.rule)] \($0.message)" }
        // The outline is the colour of the most severe finding on the component, nothing else: a missing
        // dependency is an error finding, an orphan a warning (each as configured).
        let severity = index.severity(ofNode: node.id)
        attributes.set("color", severity.map(GraphStyle.color) ?? look.border)
        if severity != nil { attributes.set("penwidth", "2.5") }
        attributes.set("tooltip", tooltip.joined(separator: "\n"))
        attributes.set("class", "component \(kind.rawValue)" + (severity.map { " violation \($0.rawValue)" } ?? ""))
        builder.line(DotSyntax.id(node.id) + attributes.text)
    }

    private func writeEdge(_ pair: DirectedPair, _ edges: [ComponentEdge], into builder: inout DotBuilder) {
        var attributes = DotAttributes()
        attributes.set("id", GraphElementID.edge(graphID: options.graphID, from: pair.from, to: pair.to))
        let conditions = Set(edges.compactMap(\.condition)).sorted()
        let conditional = !edges.contains { $0.condition == nil }
        var tooltip = ["\(pair.from) → \(pair.to) (parent → child)"]
        tooltip += edges.map { "\($0.file):\($0.line)" + ($0.condition.map { " #if \($0)" } ?? "") }
        var styles: [String] = []
        var labels: [String] = []
        if conditional {
            styles.append("dashed")
            labels.append(conditions.map { "#if \($0)" }.joined(separator: ", "))
        }
        var classes = "parent"
        if let findings = index.edges[pair] {
            classes += " violation \(findings.severity.rawValue)"
            attributes.set("color", GraphStyle.color(findings.severity))
            attributes.set("fontcolor", GraphStyle.color(findings.severity))
            attributes.set("penwidth", findings.isCycle ? "3" : "2")
            if findings.isCycle {
                styles.append("bold")
                classes += " cycle"
            }
            labels = findings.rules + labels
            tooltip = findings.rules.map { "[\($0)]" } + findings.messages + tooltip
        }
        if !labels.isEmpty { attributes.set("label", labels.joined(separator: "\n")) }
        if !styles.isEmpty { attributes.set("style", styles.joined(separator: ",")) }
        attributes.set("tooltip", tooltip.joined(separator: "\n"))
        attributes.set("class", classes)
        builder.line("\(DotSyntax.id(pair.from)) -> \(DotSyntax.id(pair.to))\(attributes.text)")
    }

    private func legend(types: Set<ComponentType>, edges: Set<Severity>, cycle: Bool, outlines: Set<Severity>) -> DotLegend {
        let kinds = Set(types.map { style($0) })
        let swatches = ComponentKindStyle.allCases.filter(kinds.contains).map { kind in
            let look = GraphStyle.look(kind)
            return DotLegend.Swatch(fill: look.fill, border: look.border, caption: kind.caption)
        }
        return DotLegend(
            swatches: swatches + DotLegend.findingOutlines(outlines),
            lines: [
                .init(sample: "→", color: GraphStyle.edge, caption: "parent → child"),
                .init(sample: "- - →", color: GraphStyle.edge, caption: "only under #if"),
            ] + DotLegend.findingLines(edges, cycle: cycle))
    }
}

extension ComponentGraph {
    /// Node ids by declaration: with several Needle scopes, one component may be a node in each.
    var nodesByDeclaration: [SourceLocation: [String]] {
        var result: [SourceLocation: [String]] = [:]
        for node in nodes { result[SourceLocation(file: node.file, line: node.line, column: node.column), default: []].append(node.id) }
        return result
    }
}
