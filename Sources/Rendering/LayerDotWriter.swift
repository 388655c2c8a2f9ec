import ArchlintModel
import Graphs

/// `LayerOverview` → DOT: one cluster per group (layers top to bottom), one node per feature and per group's
/// other modules labelled with module counts, edges labelled with the number of module edges, red with the number
/// of violations when any. Feature nodes link to their focused picture (`href="#focus-…"`). Deterministic.
struct LayerDotWriter {
    let overview: LayerOverview
    let options: DotOptions

    func write() -> String {
        let nodesByID = self.nodesByID
        let tiers = self.tiers(nodesByID)
        // Without configured layers, packages stack by their own edges: no separators and no wrapped rows (dot's
        // ranking with invisible chains across dozens of package boxes took 45 s on a 130-module app, 1 s
        // without), and left to right when the widest tier holds half as many nodes again as there are tiers (a
        // node is about four times as wide as it is tall, so its tiers then make the shorter long side).
        var options = self.options
        var layoutTiers = tiers
        if !overview.byLayer {
            layoutTiers = [:]
            options.wrapWideRanks = false
            let widest = Dictionary(grouping: tiers.values, by: { $0 }).values.map(\.count).max() ?? 0
            let depth = Set(tiers.values).count
            if !options.rankdirChosen && 2 * widest >= 3 * max(depth, 1) { options.rankdir = "LR" }
        }
        var builder = DotBuilder()
        builder.open("digraph \(DotSyntax.id(options.graphID))")
        options.writeDefaults(tooltip: "Layer overview", nodeCount: overview.nodes.count, into: &builder)
        // Package boxes ranked one by one (dot's old ranking) looped for ever in graphviz 2.43 on a 16-package app
        // (hogumachu/TimeTracker); ranked together it takes 30 ms. With layers, the tiers turn it on already.
        if !overview.byLayer { builder.line("graph [newrank=true]") }
        for group in overview.groups {
            builder.open("subgraph \(DotSyntax.id("cluster_\(group.key)"))")
            var attributes = DotAttributes()
            attributes.set("id", "\(options.graphID)_cluster_\(group.key)")
            let label = group.kind == .layer ? "layer: \(group.label)" : group.label
            attributes.set("label", label)
            attributes.set("style", group.kind == .external ? "rounded,dashed" : "rounded")
            attributes.set("color", group.kind == .external ? GraphStyle.externalClusterBorder : GraphStyle.clusterBorder)
            attributes.set("tooltip", label)
            builder.line("graph\(attributes.text)")
            for id in group.nodes { if let node = nodesByID[id] { writeNode(node, nodesByID: nodesByID, into: &builder) } }
            builder.close()
        }
        // Same-layer edges (between features of one layer): counted in the tooltips, drawn only when they break a rule.
        let edgesByPair = Dictionary(overview.edges.map { (DirectedPair(from: $0.from, to: $0.to), $0) }, uniquingKeysWith: { first, _ in first })
        let drawn = overview.edges.filter { edge in
            edge.violations > 0 || nodesByID[edge.from]?.group != nodesByID[edge.to]?.group
        }
        func constrained(_ edge: LayerOverview.Edge) -> Bool {
            let within = nodesByID[edge.from]?.group == nodesByID[edge.to]?.group
            let upward = tiers[edge.from].flatMap { from in tiers[edge.to].map { from > $0 } } ?? false
            return !within && !upward
        }
        let groupOf = Dictionary(overview.nodes.map { ($0.id, $0.group) }, uniquingKeysWith: { first, _ in first })
        let split = EdgeBundle.split(
            drawn.map { DirectedPair(from: $0.from, to: $0.to) }, clusterOf: groupOf,
            keep: Set(drawn.filter { $0.violations > 0 }.map { DirectedPair(from: $0.from, to: $0.to) }),
            threshold: self.options.wrapWideRanks ? 3 : .max)
        for pair in split.single { if let edge = edgesByPair[pair] { writeEdge(edge, constrained: constrained(edge), into: &builder) } }
        // Few edges cross the overview's rows: wider rows than a module picture's read well.
        var layout = options
        if layout.wrapBudget == nil { layout.wrapBudget = 1_000 }
        let ranks = layout.writeLayout(
            nodes: overview.nodes.map { (id: $0.id, label: $0.label, group: $0.group) },
            edges: split.single.filter { edgesByPair[$0].map(constrained) ?? false }, tiers: layoutTiers, into: &builder)
        if !split.bundles.isEmpty { builder.line("graph [compound=true]") }
        let groups = Dictionary(overview.groups.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for bundle in split.bundles {
            let edges = bundle.pairs.compactMap { edgesByPair[$0] }
            let total = edges.map(\.moduleEdges).reduce(0, +)
            let others = bundle.pairs.map { nodesByID[bundle.end == .fanOut ? $0.to : $0.from]?.name ?? "" }
            let group = groups[bundle.cluster]
            let name = nodesByID[bundle.node]?.label ?? bundle.node
            let head = "\(total) module edges: " + (bundle.end == .fanOut
                ? "\(name) → \(others.count) nodes of \(group?.label ?? "")" : "\(others.count) nodes of \(group?.label ?? "") → \(name)")
            bundle.write(
                clusterID: "cluster_\(bundle.cluster)", members: group?.nodes ?? [], ranks: ranks, label: "\(total)",
                tooltip: ([head] + others.map { "• \($0)" }).joined(separator: "\n"), classes: "layer-edge bundle",
                into: &builder)
        }
        if options.legend && !overview.nodes.isEmpty { legend.write(into: &builder, id: "⟨legend⟩", graphID: options.graphID) }
        var withCaption = options
        withCaption.caption = [options.caption, overview.caption].compactMap { $0 }.joined(separator: "\n")
        withCaption.writeCaption(into: &builder)
        builder.close()
        return builder.text
    }

    /// Layers stack top to bottom (groups of layers are tiers in configuration order). Without layers, packages
    /// stack by their dependencies (a package below those depending on it).
    private func tiers(_ nodesByID: [String: LayerOverview.Node]) -> [String: Int] {
        var tiers: [String: Int] = [:]
        if overview.byLayer {
            for (tier, group) in overview.groups.enumerated() where group.kind == .layer {
                for id in group.nodes { tiers[id] = tier }
            }
        } else {
            let groupEdges = overview.edges.compactMap { edge -> DirectedPair? in
                guard let from = nodesByID[edge.from]?.group, let to = nodesByID[edge.to]?.group, from != to else { return nil }
                return DirectedPair(from: from, to: to)
            }
            let levels = RankWrapping.levels(nodes: overview.groups.map(\.key), edges: groupEdges)
            for group in overview.groups { for id in group.nodes { tiers[id] = levels[group.key] } }
        }
        return tiers
    }

    private var nodesByID: [String: LayerOverview.Node] {
        Dictionary(overview.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func writeNode(_ node: LayerOverview.Node, nodesByID: [String: LayerOverview.Node], into builder: inout DotBuilder) {
        let look = GraphStyle.look(node.look)
        var attributes = DotAttributes()
        attributes.set("label", node.label)
        attributes.set("shape", "box")
        attributes.set("style", node.kind == .feature ? "rounded,filled" : "filled")
        attributes.set("fillcolor", look.fill)
        var tooltip = ["\(node.label)"] + node.modules.prefix(20).map { "• \($0)" }
        if node.modules.count > 20 { tooltip.append("… \(node.modules.count - 20) more") }
        if node.internalEdges > 0 { tooltip.append("\(node.internalEdges) module edge(s) inside") }
        let sameGroup = overview.edges.filter { $0.from == node.id && nodesByID[$0.to]?.group == node.group }
        if !sameGroup.isEmpty {
            tooltip.append("uses, in its own layer: " + sameGroup.map { nodesByID[$0.to]?.name ?? $0.to }.joined(separator: ", "))
        }
        if node.internalViolations > 0, let severity = node.internalSeverity {
            tooltip.append("\(node.internalViolations) violation(s) inside")
            attributes.set("color", GraphStyle.color(severity))
            attributes.set("penwidth", "2")
        } else {
            attributes.set("color", look.border)
        }
        if let anchor = node.anchor {
            attributes.set("href", "#" + anchor)
            tooltip.append("Click: the focused picture of \(node.name)")
        }
        attributes.set("tooltip", tooltip.joined(separator: "\n"))
        attributes.set("class", "layer-node \(node.kind.rawValue)" + (node.internalSeverity.map { " violation \($0.rawValue)" } ?? ""))
        builder.line(DotSyntax.id(node.id) + attributes.text)
    }

    private func writeEdge(_ edge: LayerOverview.Edge, constrained: Bool, into builder: inout DotBuilder) {
        var attributes = DotAttributes()
        var label = "\(edge.moduleEdges)"
        var tooltip = ["\(edge.from) → \(edge.to): \(edge.moduleEdges) module edge(s)"]
        var classes = "layer-edge"
        if edge.violations > 0, let severity = edge.severity {
            label += " · \(edge.violations) violation\(edge.violations == 1 ? "" : "s")"
            tooltip += edge.violatingModuleEdges.prefix(10).map { "violation: \($0.from) → \($0.to)" }
            if edge.violatingModuleEdges.count > 10 { tooltip.append("… \(edge.violatingModuleEdges.count - 10) more") }
            attributes.set("color", GraphStyle.color(severity))
            attributes.set("fontcolor", GraphStyle.color(severity))
            attributes.set("penwidth", "2")
            classes += " violation \(severity.rawValue)"
        }
        attributes.set("label", label)
        attributes.set("tooltip", tooltip.joined(separator: "\n"))
        attributes.set("class", classes)
        if !constrained { attributes.setRaw("constraint", "false") }
        builder.line("\(DotSyntax.id(edge.from)) -> \(DotSyntax.id(edge.to))\(attributes.text)")
    }

    private var legend: DotLegend {
        let kinds = Set(overview.nodes.map(\.look))
        let severities = Set(overview.edges.compactMap(\.severity) + overview.nodes.compactMap(\.internalSeverity))
        return DotLegend(
            swatches: ModuleKind.allCases.filter(kinds.contains).map { kind in
                let look = GraphStyle.look(kind)
                let caption = kind == .feature ? "feature (with its interfaces): click to focus" : kind.caption + " modules"
                return .init(fill: look.fill, border: look.border, caption: caption)
            },
            lines: [.init(sample: "→ 12", color: GraphStyle.edge, caption: "12 module edges")]
                + Severity.allCases.reversed().filter(severities.contains).map { severity in
                    .init(sample: "→ 3 · 1 violation", color: GraphStyle.color(severity),
                          caption: "of which 1 breaks a rule (the worst: \(severity.rawValue))")
                })
    }
}
