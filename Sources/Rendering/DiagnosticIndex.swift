import ArchlintModel
import Graphs

/// Rule ids whose diagnostics describe a cycle: their edges are drawn bold red.
public enum CycleRuleID {
    public static let moduleCycle = "module-cycle"
    public static let componentCycle = "component-cycle"
}

/// Which drawn edges and nodes the diagnostics are about.
///
/// Mapping conventions (shared with the rules, see `Diagnostic.subject`):
/// - import/dependency rules: `subject = [fromModule, toModule, importedModule]` → the edge from → to.
///   Module references are matched against module ids first, then against unique module names.
/// - cycle rules (`module-cycle`, `component-cycle`): every edge between two nodes named in `subject`
///   (all such edges lie inside one strongly connected component, so each is on a cycle), plus every edge
///   whose source locations include one of the diagnostic's related locations.
/// - anything else: the node named by `subject[0]` (or the diagnostic's `module`) gets the diagnostic.
struct DiagnosticIndex {
    struct EdgeFindings {
        var rules: [String] = []
        var messages: [String] = []
        var isCycle = false
        /// The most severe finding on the edge: its colour.
        var severity: Severity = .note
    }

    private(set) var edges: [DirectedPair: EdgeFindings] = [:]
    private(set) var nodes: [String: [Diagnostic]] = [:]
    /// What each diagnostic is drawn on: the other direction of `edges` and `nodes`, for the report's links.
    private(set) var targets: [Diagnostic: GraphTargets] = [:]

    /// - Parameters:
    ///   - edgeLocations: every drawn edge with the source locations that create it.
    ///   - resolveNode: maps a subject entry (id or name) to a node id.
    ///   - nodesAt: node ids by declaration; a diagnostic whose subject names no single node goes to the nodes
    ///     declared at its location (a component every Needle scope of a shared library holds).
    init(
        diagnostics: [Diagnostic], edgeLocations: [DirectedPair: [SourceLocation]],
        cycleRule: String, resolveNode: (String) -> String?, nodesAt: [SourceLocation: [String]] = [:]
    ) {
        // Only the locations diagnostics point at are looked up: only those are indexed (a large graph has tens of
        // thousands of import locations and a lint a handful of findings).
        let wanted = Set(diagnostics.flatMap { [$0.location] + $0.related.map(\.location) })
        var pairsByLocation: [SourceLocation: [DirectedPair]] = [:]
        for (pair, locations) in edgeLocations where !wanted.isEmpty {
            for location in locations where wanted.contains(location) { pairsByLocation[location, default: []].append(pair) }
        }
        for diagnostic in diagnostics {
            if diagnostic.rule == cycleRule {
                let members = Set(diagnostic.subject.compactMap(resolveNode))
                var pairs = Set(edgeLocations.keys.filter { members.contains($0.from) && members.contains($0.to) })
                for related in diagnostic.related { pairs.formUnion(pairsByLocation[related.location] ?? []) }
                pairs.formUnion(pairsByLocation[diagnostic.location] ?? [])
                for pair in pairs { record(diagnostic, on: pair, isCycle: true) }
                continue
            }
            if diagnostic.subject.count >= 2, let from = resolveNode(diagnostic.subject[0]),
               let to = resolveNode(diagnostic.subject[1]), edgeLocations[DirectedPair(from: from, to: to)] != nil {
                record(diagnostic, on: DirectedPair(from: from, to: to), isCycle: false)
                continue
            }
            if let pairs = pairsByLocation[diagnostic.location], pairs.count == 1 {
                record(diagnostic, on: pairs[0], isCycle: false)
                continue
            }
            if diagnostic.subject.first.flatMap(resolveNode) == nil, let declared = nodesAt[diagnostic.location] {
                for node in declared { recordNode(diagnostic, on: node) }
                continue
            }
            let owner = diagnostic.subject.first.flatMap(resolveNode) ?? diagnostic.module.flatMap(resolveNode)
            if let owner { recordNode(diagnostic, on: owner) }
        }
    }

    private mutating func recordNode(_ diagnostic: Diagnostic, on node: String) {
        nodes[node, default: []].append(diagnostic)
        if !(targets[diagnostic]?.nodes.contains(node) ?? false) { targets[diagnostic, default: GraphTargets()].nodes.append(node) }
    }

    private mutating func record(_ diagnostic: Diagnostic, on pair: DirectedPair, isCycle: Bool) {
        var findings = edges[pair] ?? EdgeFindings()
        if !findings.rules.contains(diagnostic.rule) { findings.rules.append(diagnostic.rule) }
        if !findings.messages.contains(diagnostic.message) { findings.messages.append(diagnostic.message) }
        findings.isCycle = findings.isCycle || isCycle
        findings.severity = edges[pair] == nil ? diagnostic.severity : max(findings.severity, diagnostic.severity)
        edges[pair] = findings
        if !(targets[diagnostic]?.edges.contains(pair) ?? false) { targets[diagnostic, default: GraphTargets()].edges.append(pair) }
    }

    /// The most severe finding on a node, nil when none is: its outline's colour.
    func severity(ofNode id: String) -> Severity? {
        nodes[id]?.map(\.severity).max()
    }

    /// The edges a diagnostic is about: filters (`--reduce`) must keep them.
    var flaggedPairs: Set<DirectedPair> { Set(edges.keys) }
}

/// The drawn edges and nodes one diagnostic is about.
public struct GraphTargets: Hashable, Sendable {
    public var edges: [DirectedPair] = []
    public var nodes: [String] = []

    public init(edges: [DirectedPair] = [], nodes: [String] = []) {
        self.edges = edges
        self.nodes = nodes
    }

    public var isEmpty: Bool { edges.isEmpty && nodes.isEmpty }

    /// The SVG element ids of these targets in the graph drawn with `graphID` (see `GraphElementID`).
    public func elementIDs(graphID: String) -> [String] {
        edges.map { GraphElementID.edge(graphID: graphID, from: $0.from, to: $0.to) }
            + nodes.map { GraphElementID.node(graphID: graphID, id: $0) }
    }
}

/// The one answer to "what is the SVG/HTML id of this node or edge": the DOT writers set it as the `id`
/// attribute (graphviz copies it into the SVG), and the report's links and script use it.
///
/// Ids are ASCII whatever the names: letters and digits stay, every other byte of the UTF-8 text is `_XX` (hex),
/// so `__` never occurs inside an encoded part and separates the parts:
/// `modules__n__AppPackage_2FHome`, `modules__e__AppPackage_2FHome__AppPackage_2FProfile`. (Not `-`: graphviz
/// writes it as `&#45;` in SVG.)
public enum GraphElementID {
    public static func node(graphID: String, id: String) -> String {
        encode(graphID) + "__n__" + encode(id)
    }

    public static func edge(graphID: String, from: String, to: String) -> String {
        encode(graphID) + "__e__" + encode(from) + "__" + encode(to)
    }

    public static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Resolves subject entries (ids or names) to node ids: ids first, then names that are unique.
struct NodeResolver {
    private var ids: Set<String> = []
    private var uniqueNames: [String: String] = [:]

    init(nodes: [(id: String, name: String)]) {
        ids = Set(nodes.map(\.id))
        var byName: [String: [String]] = [:]
        for node in nodes { byName[node.name, default: []].append(node.id) }
        for (name, ids) in byName where ids.count == 1 { uniqueNames[name] = ids[0] }
    }

    func resolve(_ reference: String) -> String? {
        ids.contains(reference) ? reference : uniqueNames[reference]
    }
}

/// What each diagnostic is drawn on in a graph as the DOT writers draw it (the report links rows to them).
public enum DiagnosticTargets {
    public static func modules(_ graph: ModuleGraph, diagnostics: [Diagnostic]) -> [Diagnostic: GraphTargets] {
        DiagnosticIndex(moduleGraph: graph, diagnostics: diagnostics).targets
    }

    /// Like `modules`, for a picture that draws `diagnostics` as `drawn` (`GraphExport.shownModules`, same order):
    /// keyed by the original diagnostics.
    public static func modules(
        _ graph: ModuleGraph, diagnostics: [Diagnostic], drawnAs drawn: [Diagnostic]
    ) -> [Diagnostic: GraphTargets] {
        let targets = DiagnosticIndex(moduleGraph: graph, diagnostics: drawn).targets
        var result: [Diagnostic: GraphTargets] = [:]
        for (original, drawn) in zip(diagnostics, drawn) {
            guard let found = targets[drawn] else { continue }
            result[original] = found
        }
        return result
    }

    public static func components(_ graph: ComponentGraph, diagnostics: [Diagnostic]) -> [Diagnostic: GraphTargets] {
        DiagnosticIndex(componentGraph: graph, diagnostics: diagnostics).targets
    }
}

extension DiagnosticIndex {
    /// The index of a module graph: edges located at their import and manifest locations, `module-cycle` as the
    /// cycle rule. The one way every module picture, diagram and report maps diagnostics to its elements.
    init(moduleGraph graph: ModuleGraph, diagnostics: [Diagnostic]) {
        let resolver = NodeResolver(nodes: graph.nodes.map { ($0.id, $0.name) })
        self.init(
            diagnostics: diagnostics, edgeLocations: ModuleDotWriter.edgeLocations(graph),
            cycleRule: CycleRuleID.moduleCycle, resolveNode: resolver.resolve)
    }

    /// The index of a component graph: edges located at their `parent: self` instantiations, components at their
    /// declarations, `component-cycle` as the cycle rule.
    init(componentGraph graph: ComponentGraph, diagnostics: [Diagnostic]) {
        var locations: [DirectedPair: [SourceLocation]] = [:]
        for edge in graph.edges {
            locations[DirectedPair(from: edge.from, to: edge.to), default: []]
                .append(SourceLocation(file: edge.file, line: edge.line, column: edge.column))
        }
        let resolver = NodeResolver(nodes: graph.nodes.map { ($0.id, $0.name) })
        self.init(
            diagnostics: diagnostics, edgeLocations: locations, cycleRule: CycleRuleID.componentCycle,
            resolveNode: resolver.resolve, nodesAt: graph.nodesByDeclaration)
    }
}
