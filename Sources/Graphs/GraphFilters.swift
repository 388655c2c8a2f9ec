import ArchlintModel

/// A directed node pair: one drawn edge, whatever its kinds and conditions.
public struct DirectedPair: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    public static func < (lhs: DirectedPair, rhs: DirectedPair) -> Bool {
        (lhs.from, lhs.to) < (rhs.from, rhs.to)
    }

    public var description: String { "\(from) -> \(to)" }
}

/// What `archlint graph` shows of a graph.
public struct GraphFilterOptions: Hashable, Sendable {
    /// A node id or name: keep only its neighbourhood.
    public var focus: String?
    /// Hops from `focus` (nil: unlimited).
    public var depth: Int?
    /// With `focus`: only who depends on it (directly or transitively), instead of both directions.
    public var reverse: Bool
    /// Modules only: drop external modules (products of package dependencies, system frameworks).
    public var hideExternal: Bool
    /// Modules only: drop test targets.
    public var hideTests: Bool
    /// Transitive reduction (see `GraphFilters.transitiveReduction`).
    public var reduce: Bool
    /// Modules only: one node per external package (`ExternalPackages.collapse`), after the other filters.
    public var collapseExternal = false

    public init(
        focus: String? = nil, depth: Int? = nil, reverse: Bool = false, hideExternal: Bool = false,
        hideTests: Bool = false, reduce: Bool = false
    ) {
        self.focus = focus
        self.depth = depth
        self.reverse = reverse
        self.hideExternal = hideExternal
        self.hideTests = hideTests
        self.reduce = reduce
    }

    public var isEmpty: Bool { self == GraphFilterOptions() }
}

public enum GraphFilterError: Error, Equatable, CustomStringConvertible, Sendable {
    case unknownFocus(String, suggestions: [String])
    case reverseWithoutFocus
    case depthWithoutFocus
    case negativeDepth(Int)

    public var description: String {
        switch self {
        case .unknownFocus(let name, let suggestions):
            let hint = suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?"
            return "no node named '\(name)' in the graph (after hiding).\(hint)"
        case .reverseWithoutFocus: return "--reverse needs --focus NAME"
        case .depthWithoutFocus: return "--depth needs --focus NAME"
        case .negativeDepth(let depth): return "--depth must be 0 or more (got \(depth))"
        }
    }
}

/// Filters over the module and component graphs. Order: hide → focus → reduce.
///
/// - Focus keeps the named node(s) plus everything within `depth` hops downstream (what it depends on) and
///   upstream (what depends on it), each direction walked separately; `reverse` keeps only the upstream side.
///   Kept nodes keep every edge between them (the induced subgraph).
/// - Reduce removes an edge u → v when v is also reachable from u through other nodes. Graphs with cycles have
///   no unique transitive reduction, so it works on the condensation: edges inside a strongly connected
///   component (the cycle itself) are always kept; an edge between two components is dropped when the
///   condensation DAG has another path between them. `preserving` edges (violations) are never dropped.
public enum GraphFilters {
    public static func apply(
        _ options: GraphFilterOptions, to graph: ModuleGraph, preserving: Set<DirectedPair> = []
    ) throws(GraphFilterError) -> ModuleGraph {
        try validate(options)
        var nodes = graph.nodes
        if options.hideExternal { nodes.removeAll { $0.type == .external } }
        if options.hideTests { nodes.removeAll { $0.type.isTest } }
        var kept = Set(nodes.map(\.id))
        var edges = graph.edges.filter { kept.contains($0.from) && kept.contains($0.to) }
        if let focus = options.focus {
            let seeds = try matchingNodes(named: focus, in: nodes.map { ($0.id, $0.name) })
            kept = neighbourhood(
                of: seeds, edges: edges.map { DirectedPair(from: $0.from, to: $0.to) }, depth: options.depth,
                downstream: !options.reverse, upstream: true)
            nodes.removeAll { !kept.contains($0.id) }
            edges.removeAll { !kept.contains($0.from) || !kept.contains($0.to) }
        }
        if options.reduce {
            let keptPairs = transitiveReduction(
                nodes: nodes.map(\.id), edges: Set(edges.map { DirectedPair(from: $0.from, to: $0.to) }),
                preserving: preserving)
            edges.removeAll { !keptPairs.contains(DirectedPair(from: $0.from, to: $0.to)) }
        }
        let shown = ModuleGraph(nodes: nodes, edges: edges)
        return options.collapseExternal ? ExternalPackages.collapse(shown).graph : shown
    }

    /// `hideExternal` and `hideTests` don't apply to components and are ignored.
    public static func apply(
        _ options: GraphFilterOptions, to graph: ComponentGraph, preserving: Set<DirectedPair> = []
    ) throws(GraphFilterError) -> ComponentGraph {
        try validate(options)
        var result = graph
        if let focus = options.focus {
            let seeds = try matchingNodes(named: focus, in: graph.nodes.map { ($0.id, $0.name) })
            let kept = neighbourhood(
                of: seeds, edges: graph.edges.map { DirectedPair(from: $0.from, to: $0.to) }, depth: options.depth,
                downstream: !options.reverse, upstream: true)
            result.nodes.removeAll { !kept.contains($0.id) }
            result.edges.removeAll { !kept.contains($0.from) || !kept.contains($0.to) }
            result.resolutions.removeAll { !kept.contains($0.component) }
        }
        if options.reduce {
            let keptPairs = transitiveReduction(
                nodes: result.nodes.map(\.id), edges: Set(result.edges.map { DirectedPair(from: $0.from, to: $0.to) }),
                preserving: preserving)
            result.edges.removeAll { !keptPairs.contains(DirectedPair(from: $0.from, to: $0.to)) }
        }
        return result
    }

    private static func validate(_ options: GraphFilterOptions) throws(GraphFilterError) {
        if options.reverse && options.focus == nil { throw .reverseWithoutFocus }
        if options.depth != nil && options.focus == nil { throw .depthWithoutFocus }
        if let depth = options.depth, depth < 0 { throw .negativeDepth(depth) }
    }

    /// Nodes whose id or name equals `name`.
    private static func matchingNodes(named name: String, in nodes: [(id: String, name: String)]) throws(GraphFilterError) -> Set<String> {
        let matches = Set(nodes.filter { $0.id == name || $0.name == name }.map(\.id))
        if !matches.isEmpty { return matches }
        let lowered = name.lowercased()
        let suggestions = Set(nodes.filter { $0.id.lowercased().contains(lowered) }.map(\.id)).sorted()
        throw .unknownFocus(name, suggestions: Array(suggestions.prefix(5)))
    }

    /// The seeds plus every node within `depth` hops (nil: unlimited) following edges forward (`downstream`)
    /// and, separately, backward (`upstream`).
    public static func neighbourhood(
        of seeds: Set<String>, edges: [DirectedPair], depth: Int?, downstream: Bool, upstream: Bool
    ) -> Set<String> {
        var successors: [String: [String]] = [:]
        var predecessors: [String: [String]] = [:]
        for edge in edges {
            successors[edge.from, default: []].append(edge.to)
            predecessors[edge.to, default: []].append(edge.from)
        }
        var result = seeds
        if downstream { result.formUnion(walk(from: seeds, adjacency: successors, depth: depth)) }
        if upstream { result.formUnion(walk(from: seeds, adjacency: predecessors, depth: depth)) }
        return result
    }

    private static func walk(from seeds: Set<String>, adjacency: [String: [String]], depth: Int?) -> Set<String> {
        var visited = seeds
        var frontier = Array(seeds)
        var hops = 0
        while !frontier.isEmpty, depth.map({ hops < $0 }) ?? true {
            var next: [String] = []
            for node in frontier {
                for neighbour in adjacency[node] ?? [] where visited.insert(neighbour).inserted {
                    next.append(neighbour)
                }
            }
            frontier = next
            hops += 1
        }
        return visited
    }

    /// The edges kept by the transitive reduction of the condensation (see the type's documentation).
    public static func transitiveReduction(
        nodes: [String], edges: Set<DirectedPair>, preserving: Set<DirectedPair> = []
    ) -> Set<DirectedPair> {
        let ids = Array(Set(nodes).union(edges.flatMap { [$0.from, $0.to] })).sorted()
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        var successors = Array(repeating: [Int](), count: ids.count)
        for edge in edges { successors[index[edge.from]!].append(index[edge.to]!) }
        let components = StronglyConnectedComponents(successors: successors)

        // Condensation successors, and reachability filled sinks-first (Tarjan emits components in that order).
        let count = components.count
        var condensed = Array(repeating: Set<Int>(), count: count)
        for (node, targets) in successors.enumerated() {
            for target in targets where components.component[node] != components.component[target] {
                condensed[components.component[node]].insert(components.component[target])
            }
        }
        var reach = Array(repeating: BitSet(count: count), count: count)
        for component in 0..<count {
            for successor in condensed[component] {
                let successorReach = reach[successor]
                reach[component].insert(successor)
                reach[component].formUnion(successorReach)
            }
        }
        return edges.filter { edge in
            let from = components.component[index[edge.from]!]
            let to = components.component[index[edge.to]!]
            if from == to || preserving.contains(edge) { return true }
            return !condensed[from].contains { other in other != to && reach[other].contains(to) }
        }
    }
}

/// A fixed-size set of small integers.
struct BitSet {
    private var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    mutating func insert(_ value: Int) { words[value >> 6] |= 1 << UInt64(value & 63) }

    func contains(_ value: Int) -> Bool { words[value >> 6] & (1 << UInt64(value & 63)) != 0 }

    mutating func formUnion(_ other: BitSet) {
        for index in words.indices { words[index] |= other.words[index] }
    }
}
