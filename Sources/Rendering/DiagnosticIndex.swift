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
    }

    private(set) var edges: [DirectedPair: EdgeFindings] = [:]
    private(set) var nodes: [String: [Diagnostic]] = [:]

    /// - Parameters:
    ///   - edgeLocations: every drawn edge with the source locations that create it.
    ///   - resolveNode: maps a subject entry (id or name) to a node id.
    ///   - nodesAt: node ids by declaration; a diagnostic whose subject names no single node goes to the nodes
    ///     declared at its location (a component every Needle scope of a shared library holds).
    init(
        diagnostics: [Diagnostic], edgeLocations: [DirectedPair: [SourceLocation]],
        cycleRule: String, resolveNode: (String) -> String?, nodesAt: [SourceLocation: [String]] = [:]
    ) {
        var pairsByLocation: [SourceLocation: [DirectedPair]] = [:]
        for (pair, locations) in edgeLocations {
            for location in locations { pairsByLocation[location, default: []].append(pair) }
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
                for node in declared { nodes[node, default: []].append(diagnostic) }
                continue
            }
            let owner = diagnostic.subject.first.flatMap(resolveNode) ?? diagnostic.module.flatMap(resolveNode)
            if let owner { nodes[owner, default: []].append(diagnostic) }
        }
    }

    private mutating func record(_ diagnostic: Diagnostic, on pair: DirectedPair, isCycle: Bool) {
        var findings = edges[pair] ?? EdgeFindings()
        if !findings.rules.contains(diagnostic.rule) { findings.rules.append(diagnostic.rule) }
        if !findings.messages.contains(diagnostic.message) { findings.messages.append(diagnostic.message) }
        findings.isCycle = findings.isCycle || isCycle
        edges[pair] = findings
    }

    /// The edges a diagnostic is about: filters (`--reduce`) must keep them.
    var flaggedPairs: Set<DirectedPair> { Set(edges.keys) }
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
