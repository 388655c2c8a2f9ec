import ArchlintModel
import Graphs

/// What the module graph's clusters are: configured layers, packages, or none.
public enum GraphClusters: String, CaseIterable, Sendable {
    /// Layers when the configuration has some, otherwise packages (the default).
    case layers
    case packages
    case none
}

public struct DotOptions: Hashable, Sendable {
    /// The graph's DOT name and SVG `id`; graphviz prefixes every SVG element id with it, so two graphs can be
    /// inlined in one HTML page without clashing ids.
    public var graphID: String
    public var rankdir: String
    public var legend: Bool
    /// Above this many nodes, dot's crossing minimisation is cut short (`mclimit`): on a 500-module graph it
    /// takes most of the layout time and buys little readability.
    public var largeGraphNodeCount: Int
    /// Module graphs: what to draw clusters around.
    public var clusters: GraphClusters
    /// Split ranks wider than the page over several rows (see `RankWrapping`); small graphs are never touched.
    public var wrapWideRanks: Bool
    /// A note drawn at the bottom of the picture (what the defaults left out, see `GraphScaling`).
    public var caption: String?
    /// The room, in points, the nodes of one rank may take before it is wrapped (nil: from the graph's size).
    public var wrapBudget: Double?
    /// The caller chose `rankdir` (`--rankdir`): no automatic direction. Unchosen, a component tree whose parent has
    /// more than `wideFanOut` children is drawn left to right, its children wrapped into columns.
    public var rankdirChosen = false
    public static let wideFanOut = 8

    public init(
        graphID: String, rankdir: String = "TB", legend: Bool = true, largeGraphNodeCount: Int = 150,
        clusters: GraphClusters = .layers, wrapWideRanks: Bool = true, caption: String? = nil
    ) {
        self.graphID = graphID
        self.rankdir = rankdir
        self.legend = legend
        self.largeGraphNodeCount = largeGraphNodeCount
        self.clusters = clusters
        self.wrapWideRanks = wrapWideRanks
        self.caption = caption
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
        // Large pictures: tighter node spacing (dot spreads every edge lane by it); small ones keep their look.
        graphAttributes.set("nodesep", nodeCount > GraphScaling.moduleThreshold ? "0.12" : "0.3")
        graphAttributes.set("ranksep", nodeCount > GraphScaling.moduleThreshold ? "0.4" : "0.6")
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

    /// The most nodes a picture wraps its wide ranks for (see `writeLayout`).
    public static let wrapNodeLimit = 600

    /// Layout-only statements: with `tiers` (node id → layer index, top first), an invisible separator node between
    /// consecutive layers that every node of the upper layer points to and that points to every node of the lower
    /// one, so layers stack top to bottom instead of standing side by side; then, when `wrapWideRanks` is on, the
    /// invisible edges that wrap wide ranks (`RankWrapping`). `edges` are the drawn edges that constrain ranks
    /// (upward edges between layers must be drawn with `constraint=false` and left out).
    func writeLayout(
        nodes: [(id: String, label: String, group: String)], edges: [DirectedPair], tiers: [String: Int] = [:],
        into builder: inout DotBuilder
    ) -> [String: Int] {
        var sized = nodes.map { node in
            let extents = LabelMetrics.rankExtents(label: node.label, rankdir: rankdir)
            return RankWrapping.Node(id: node.id, group: node.group, along: extents.along, across: extents.across)
        }
        var constraints = edges
        var separatorEdges: [DirectedPair] = []
        let levels = Set(tiers.values).sorted()
        if levels.count > 1 {
            // Global ranking: without it dot ranks each cluster on its own and ignores the separators.
            builder.line("graph [newrank=true]")
            let members = Dictionary(grouping: nodes.map(\.id).filter { tiers[$0] != nil }) { tiers[$0]! }
            for (upper, lower) in zip(levels, levels.dropFirst()) {
                let separator = "⟨layer \(upper)|\(lower)⟩"
                builder.line("\(DotSyntax.id(separator)) [shape=point, style=invis, width=0, height=0, label=\"\", class=\"layout\"]")
                sized.append(RankWrapping.Node(id: separator, group: "", along: 0, across: 43.2))
                separatorEdges += (members[upper] ?? []).map { DirectedPair(from: $0, to: separator) }
                separatorEdges += (members[lower] ?? []).map { DirectedPair(from: separator, to: $0) }
            }
            constraints += separatorEdges
        }
        // Past `wrapNodeLimit` nodes no layout is readable at a screen's size, and dot's ranking with the pinned rows
        // grows from seconds to minutes (2,000 nodes: 4 s unwrapped, over 120 s wrapped): draw them unwrapped.
        let wraps = wrapWideRanks && nodes.count <= Self.wrapNodeLimit
        let wrapped = RankWrapping.wrap(nodes: sized, edges: constraints, budget: wraps ? wrapBudget : .infinity)
        // Once ranks are pinned (wrapped), a separator only needs the nodes right next to it: an edge to a node
        // rows further down would be a long invisible chain pushing every row it crosses sideways.
        for pair in separatorEdges {
            if !wrapped.added.isEmpty, let from = wrapped.ranks[pair.from], let to = wrapped.ranks[pair.to], to - from > 1 {
                continue
            }
            builder.line("\(DotSyntax.id(pair.from)) -> \(DotSyntax.id(pair.to)) [style=invis, weight=5, class=\"layout\"]")
        }
        for pair in wrapped.added {
            builder.line("\(DotSyntax.id(pair.from)) -> \(DotSyntax.id(pair.to)) [style=invis, weight=5, class=\"layout\"]")
        }
        // Wrapped: pin every rank to the simulated one, so dot can't pull the rows back together.
        if !wrapped.added.isEmpty {
            if levels.count <= 1 { builder.line("graph [newrank=true]") }
            let byRank = Dictionary(grouping: wrapped.ranks.keys.sorted()) { wrapped.ranks[$0]! }
            for (_, members) in byRank.sorted(by: { $0.key < $1.key }) where members.count > 1 {
                builder.line("{ rank=same; " + members.map { DotSyntax.id($0) + ";" }.joined(separator: " ") + " }")
            }
        }
        return wrapped.ranks
    }

    /// `text` broken into lines of at most about `width` characters at spaces (existing line breaks kept), so a
    /// long caption doesn't widen the picture.
    static func wrapped(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The caption at the bottom of the picture; written last so no cluster inherits it.
    func writeCaption(into builder: inout DotBuilder) {
        guard let caption, !caption.isEmpty else { return }
        var attributes = DotAttributes()
        attributes.set("label", Self.wrapped(caption.replacingOccurrences(of: ". ", with: ".\n"), width: 110))
        attributes.set("labelloc", "b")
        attributes.set("labeljust", "l")
        attributes.set("fontcolor", "#57606a")
        builder.line("graph\(attributes.text)")
    }
}

/// Graphs → DOT text with meaningful styling. The same input gives byte-identical output.
public enum DotWriter {
    /// The module graph: clusters per configured layer (otherwise per package); shape and colour by kind
    /// (app, feature, interface, core, external, test); violating edges red with the rule id as label and
    /// tooltip; cycle edges bold red. See `DiagnosticIndex` for how diagnostics map to edges. `classifier`: the
    /// run's (built from the whole graph when `graph` is a filtered part of it); nil: built from `graph`.
    public static func modules(
        graph: ModuleGraph, diagnostics: [Diagnostic], configuration: ArchlintConfiguration,
        classifier: ArchitectureClassifier? = nil, options: DotOptions = DotOptions(graphID: "modules")
    ) -> String {
        ModuleDotWriter(
            graph: graph, diagnostics: diagnostics,
            classifier: classifier ?? ArchitectureClassifier(configuration: configuration, graph: graph), options: options
        ).write()
    }

    /// The component graph: clusters per module; root/component/non-core/pluginized shapes; components with
    /// unresolved Dependency properties outlined red; `#if` edges dashed.
    public static func components(
        graph: ComponentGraph, diagnostics: [Diagnostic], options: DotOptions = DotOptions(graphID: "components")
    ) -> String {
        var options = options
        if !options.rankdirChosen {
            let fanOut = Dictionary(grouping: graph.edges, by: \.from).values.map { Set($0.map(\.to)).count }.max() ?? 0
            if fanOut > DotOptions.wideFanOut { options.rankdir = "LR" }
        }
        return ComponentDotWriter(graph: graph, diagnostics: diagnostics, options: options).write()
    }

    /// The layer overview: clusters per layer, feature and module-count nodes, edges with module-edge counts.
    public static func layers(_ overview: LayerOverview, options: DotOptions = DotOptions(graphID: "layers")) -> String {
        LayerDotWriter(overview: overview, options: options).write()
    }

    /// The module edges diagnostics are about: pass them to `GraphFilters.apply(_:to:preserving:)` so
    /// `--reduce` never hides a violation.
    public static func flaggedEdges(graph: ModuleGraph, diagnostics: [Diagnostic]) -> Set<DirectedPair> {
        DiagnosticIndex(moduleGraph: graph, diagnostics: diagnostics).flaggedPairs
    }

    /// The component edges diagnostics are about (see `flaggedEdges(graph:diagnostics:)` for modules).
    public static func flaggedEdges(graph: ComponentGraph, diagnostics: [Diagnostic]) -> Set<DirectedPair> {
        DiagnosticIndex(componentGraph: graph, diagnostics: diagnostics).flaggedPairs
    }
}
