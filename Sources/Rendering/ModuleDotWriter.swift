import ArchlintModel
import Graphs

/// Module graph → DOT. Deterministic: nodes, clusters and edges are sorted, so the same input gives
/// byte-identical text (and SVG).
struct ModuleDotWriter {
    let graph: ModuleGraph
    let classifier: ArchitectureClassifier
    let index: DiagnosticIndex
    let options: DotOptions
    private let nodesByID: [String: Module]

    init(graph: ModuleGraph, diagnostics: [Diagnostic], classifier: ArchitectureClassifier, options: DotOptions) {
        self.graph = graph
        self.classifier = classifier
        self.options = options
        self.nodesByID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.index = DiagnosticIndex(moduleGraph: graph, diagnostics: diagnostics)
    }

    static func edgeLocations(_ graph: ModuleGraph) -> [DirectedPair: [SourceLocation]] {
        var result: [DirectedPair: [SourceLocation]] = [:]
        for edge in graph.edges { result[DirectedPair(from: edge.from, to: edge.to), default: []] += edge.locations }
        return result
    }

    func write() -> String {
        var builder = DotBuilder()
        builder.open("digraph \(DotSyntax.id(options.graphID))")
        options.writeDefaults(tooltip: "Module graph", nodeCount: graph.nodes.count, into: &builder)
        let nodes = graph.nodes.sorted { $0.id < $1.id }
        let duplicateNames = Set(Dictionary(grouping: nodes, by: \.name).filter { $0.value.count > 1 }.keys)
        let clusters = clusterAssignment(nodes)
        for cluster in clusters.groups {
            builder.open("subgraph \(DotSyntax.id("cluster_\(cluster.key)"))")
            var attributes = DotAttributes()
            attributes.set("id", "\(options.graphID)_cluster_\(cluster.key)")
            attributes.set("label", cluster.label)
            attributes.set("style", cluster.external ? "rounded,dashed" : "rounded")
            attributes.set("color", cluster.external ? GraphStyle.externalClusterBorder : GraphStyle.clusterBorder)
            attributes.set("fontcolor", cluster.external ? GraphStyle.clusterBorder : "#24292f")
            attributes.set("tooltip", cluster.label)
            builder.line("graph\(attributes.text)")
            for node in cluster.nodes { writeNode(node, showPackage: duplicateNames.contains(node.name), into: &builder) }
            builder.close()
        }
        for node in clusters.loose { writeNode(node, showPackage: duplicateNames.contains(node.name), into: &builder) }
        // Layers stack top to bottom; an edge up the layers doesn't pull its source above its target.
        var tiers: [String: Int] = [:]
        if options.clusters == .layers && classifier.hasLayers {
            for node in nodes { if let layer = classifier.layer(of: node) { tiers[node.id] = layer.index } }
        }
        func upward(_ pair: DirectedPair) -> Bool {
            guard let from = tiers[pair.from], let to = tiers[pair.to] else { return false }
            return from > to
        }
        let grouped = groupedEdges()
        var groupOf: [String: String] = [:]
        for cluster in clusters.groups { for node in cluster.nodes { groupOf[node.id] = cluster.key } }
        // Large pictures: fans of edges into or out of a cluster become one edge to its border.
        let bundling = options.wrapWideRanks && nodes.count > GraphScaling.moduleThreshold && !clusters.groups.isEmpty
        let split = EdgeBundle.split(
            grouped.map(\.0), clusterOf: groupOf, keep: Set(index.edges.keys), threshold: bundling ? 6 : .max,
            betweenClusters: bundling)
        let single = Set(split.single)
        for (pair, edges) in grouped where single.contains(pair) {
            writeEdge(pair, edges, constrained: !upward(pair), into: &builder)
        }
        let ranks = options.writeLayout(
            nodes: nodes.map { (id: $0.id, label: label(of: $0, showPackage: duplicateNames.contains($0.name)), group: groupOf[$0.id] ?? "") },
            edges: split.single.filter { !upward($0) }, tiers: tiers, into: &builder)
        if !split.bundles.isEmpty { builder.line("graph [compound=true]") }
        let clusterLabels = Dictionary(clusters.groups.map { ($0.key, $0.label) }, uniquingKeysWith: { first, _ in first })
        let members = Dictionary(grouping: groupOf.keys.sorted()) { groupOf[$0]! }
        for bundle in split.bundles where bundle.end == .clusters {
            let from = clusterLabels[bundle.node] ?? bundle.node
            let to = clusterLabels[bundle.cluster] ?? bundle.cluster
            var tooltip = ["\(bundle.pairs.count) module edges from \(from) to \(to)"]
                + bundle.pairs.prefix(40).map { "• \($0.from) → \($0.to)" }
            if bundle.pairs.count > 40 { tooltip.append("… \(bundle.pairs.count - 40) more") }
            bundle.write(
                clusterID: "cluster_\(bundle.cluster)", members: members[bundle.cluster] ?? [], ranks: ranks,
                label: "\(bundle.pairs.count) edges", tooltip: tooltip.joined(separator: "\n"), classes: "dependency bundle",
                sourceClusterID: "cluster_\(bundle.node)", sourceMembers: members[bundle.node] ?? [], into: &builder)
        }
        for bundle in split.bundles where bundle.end != .clusters {
            let others = bundle.pairs.map { bundle.end == .fanOut ? $0.to : $0.from }
            let where_ = clusterLabels[bundle.cluster] ?? bundle.cluster
            let head = bundle.end == .fanOut
                ? "\(bundle.node) → \(others.count) modules of \(where_)" : "\(others.count) modules of \(where_) → \(bundle.node)"
            var tooltip = [head] + others.prefix(30).map { "• \($0)" }
            if others.count > 30 { tooltip.append("… \(others.count - 30) more") }
            bundle.write(
                clusterID: "cluster_\(bundle.cluster)", members: members[bundle.cluster] ?? [], ranks: ranks,
                label: bundle.end == .fanOut ? "to \(others.count)" : "from \(others.count)",
                tooltip: tooltip.joined(separator: "\n"), classes: "dependency bundle", into: &builder)
        }
        if options.legend && !nodes.isEmpty {
            // The findings' colours as drawn: edges first, then outlines of nodes with findings of their own.
            let drawnEdges = grouped.map(\.0).compactMap { index.edges[$0] }
            let outlines = Set(nodes.compactMap { index.severity(ofNode: $0.id) ?? ($0.unresolved ? .error : nil) })
            legend(kinds: Set(nodes.map { classifier.kind(of: $0) }), edges: Set(drawnEdges.map(\.severity)),
                   cycle: drawnEdges.contains(where: \.isCycle), outlines: outlines)
                .write(into: &builder, id: "⟨legend⟩", graphID: options.graphID)
        }
        options.writeCaption(into: &builder)
        builder.close()
        return builder.text
    }


    // MARK: Clusters

    private struct Cluster {
        var key: String
        var label: String
        var external: Bool
        var nodes: [Module]
    }

    /// Layers when configured (in layer order), otherwise packages (local ones first, each group by name).
    private func clusterAssignment(_ nodes: [Module]) -> (groups: [Cluster], loose: [Module]) {
        var groups: [String: Cluster] = [:]
        var loose: [Module] = []
        let byLayer = options.clusters == .layers && classifier.hasLayers
        for node in nodes {
            if options.clusters == .none {
                loose.append(node)
            } else if byLayer {
                guard let layer = classifier.layer(of: node) else { loose.append(node); continue }
                let key = "layer_" + String(String(layer.index + 1_000).dropFirst())
                groups[key, default: Cluster(key: key, label: "layer: \(layer.name)", external: false, nodes: [])]
                    .nodes.append(node)
            } else {
                guard let package = node.package else { loose.append(node); continue }
                let external = node.type == .external
                let key = (external ? "external_" : "package_") + package
                let label = external ? "\(package) (external)" : package
                groups[key, default: Cluster(key: key, label: label, external: external, nodes: [])].nodes.append(node)
            }
        }
        return (groups.values.sorted { $0.key < $1.key }, loose)
    }

    // MARK: Nodes

    private func writeNode(_ node: Module, showPackage: Bool, into builder: inout DotBuilder) {
        let kind = classifier.kind(of: node)
        let look = GraphStyle.look(kind)
        var attributes = DotAttributes()
        attributes.set("id", GraphElementID.node(graphID: options.graphID, id: node.id))
        attributes.set("label", label(of: node, showPackage: showPackage))
        attributes.set("shape", look.shape)
        attributes.set("style", look.style)
        attributes.set("fillcolor", look.fill)
        var tooltip = ["\(node.id) — \(kind.caption) (\(node.type.rawValue))"]
        if let path = node.path { tooltip.append("path: \(path)") }
        if !node.files.isEmpty { tooltip.append("\(node.files.count) Swift file(s)") }
        if node.unresolved { tooltip.append("unresolved: SwiftPM would reject this dependency name") }
        let findings = index.nodes[node.id] ?? []
        // Outlined in its most severe finding's colour; a name SwiftPM would reject is an error.
        if let severity = index.severity(ofNode: node.id) ?? (node.unresolved ? .error : nil) {
            attributes.set("color", GraphStyle.color(severity))
            attributes.set("penwidth", "2")
            tooltip += findings.map { "[\($0.rule)] \($0.message)" }
        } else {
            attributes.set("color", look.border)
        }
        attributes.set("tooltip", tooltip.joined(separator: "\n"))
        attributes.set("class", "module \(kind.rawValue)" + (findings.isEmpty ? "" : " violation \(index.severity(ofNode: node.id)!.rawValue)"))
        builder.line(DotSyntax.id(node.id) + attributes.text)
    }

    private func label(of node: Module, showPackage: Bool) -> String {
        guard showPackage, let package = node.package else { return node.name }
        return node.name + "\n(\(package))"
    }

    // MARK: Edges

    private func groupedEdges() -> [(DirectedPair, [ModuleEdge])] {
        Dictionary(grouping: graph.edges) { DirectedPair(from: $0.from, to: $0.to) }
            .sorted { $0.key < $1.key }
    }

    private func writeEdge(_ pair: DirectedPair, _ edges: [ModuleEdge], constrained: Bool, into builder: inout DotBuilder) {
        var attributes = DotAttributes()
        attributes.set("id", GraphElementID.edge(graphID: options.graphID, from: pair.from, to: pair.to))
        let imported = edges.contains { $0.kind == .import }
        let declared = edges.contains { $0.kind == .declared }
        let conditions = Set(edges.compactMap(\.condition)).sorted()
        let unconditional = edges.contains { $0.condition == nil }
        var tooltip = ["\(pair.from) → \(pair.to)"]
        if imported && declared {
            tooltip.append("declared and imported")
        } else if declared {
            tooltip.append("declared in the manifest, not imported")
        } else if let target = nodesByID[pair.to], target.type == .external, target.package == nil {
            tooltip.append("imported (system or unresolved module)")
        } else {
            tooltip.append("imported, not declared")
        }
        if !conditions.isEmpty { tooltip.append(conditions.map { "#if \($0)" }.joined(separator: ", ")) }
        let locations = edges.flatMap(\.locations).sorted()
        tooltip += locations.prefix(5).map { "\($0.file):\($0.line)" }
        if locations.count > 5 { tooltip.append("… \(locations.count - 5) more") }

        var styles: [String] = []
        if !imported { styles.append("dashed") } else if !unconditional { styles.append("dotted") }
        var classes = "dependency"
        if let findings = index.edges[pair] {
            classes += " violation \(findings.severity.rawValue)"
            attributes.set("color", GraphStyle.color(findings.severity))
            attributes.set("fontcolor", GraphStyle.color(findings.severity))
            attributes.set("label", findings.rules.joined(separator: ", "))
            attributes.set("penwidth", findings.isCycle ? "3" : "2")
            if findings.isCycle {
                styles.append("bold")
                classes += " cycle"
            }
            tooltip = findings.rules.map { "[\($0)]" } + findings.messages + tooltip
            attributes.set("labeltooltip", tooltip.joined(separator: "\n"))
        }
        if !styles.isEmpty { attributes.set("style", styles.joined(separator: ",")) }
        attributes.set("tooltip", tooltip.joined(separator: "\n"))
        attributes.set("class", classes)
        if !constrained { attributes.setRaw("constraint", "false") }
        builder.line("\(DotSyntax.id(pair.from)) -> \(DotSyntax.id(pair.to))\(attributes.text)")
    }

    // MARK: Legend

    private func legend(kinds: Set<ModuleKind>, edges: Set<Severity>, cycle: Bool, outlines: Set<Severity>) -> DotLegend {
        DotLegend(
            swatches: ModuleKind.allCases.filter(kinds.contains).map { kind in
                let look = GraphStyle.look(kind)
                return .init(fill: look.fill, border: look.border, caption: kind.caption)
            } + DotLegend.findingOutlines(outlines),
            lines: [
                .init(sample: "→", color: GraphStyle.edge, caption: "import"),
                .init(sample: "- - →", color: GraphStyle.edge, caption: "declared, not imported"),
                .init(sample: "··· →", color: GraphStyle.edge, caption: "only under #if"),
            ] + DotLegend.findingLines(edges, cycle: cycle))
    }
}
