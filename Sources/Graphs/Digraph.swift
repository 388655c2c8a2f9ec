import ArchlintModel

/// A directed graph over string ids, with the algorithms the module and component rules need:
/// strongly connected components (iterative Tarjan), shortest paths and shortest cycles (BFS), reachability.
///
/// Every result is deterministic: algorithms visit nodes and successors in id order, whatever the insertion order.
/// Parallel edges collapse into one; self-loops are kept (a self-loop is a cycle of length 1).
public struct Digraph: Sendable {
    /// Node ids in insertion order.
    public private(set) var nodes: [String] = []
    private var indexByID: [String: Int] = [:]
    private var successorSets: [Set<Int>] = []
    /// The same successors, kept sorted by id so traversals are deterministic without sorting.
    private var successorLists: [[Int]] = []
    public private(set) var edgeCount = 0

    public init() {}

    public init(nodes: some Sequence<String>, edges: some Sequence<(from: String, to: String)>) {
        for node in nodes { addNode(node) }
        for edge in edges { addEdge(from: edge.from, to: edge.to) }
    }

    // MARK: Building

    @discardableResult
    public mutating func addNode(_ id: String) -> Bool {
        guard indexByID[id] == nil else { return false }
        indexByID[id] = nodes.count
        nodes.append(id)
        successorSets.append([])
        successorLists.append([])
        return true
    }

    public mutating func addEdge(from: String, to: String) {
        addNode(from)
        addNode(to)
        let source = indexByID[from]!, target = indexByID[to]!
        guard successorSets[source].insert(target).inserted else { return }
        edgeCount += 1
        var low = 0, high = successorLists[source].count
        while low < high {
            let middle = (low + high) / 2
            if nodes[successorLists[source][middle]] < to { low = middle + 1 } else { high = middle }
        }
        successorLists[source].insert(target, at: low)
    }

    // MARK: Queries

    public func contains(_ id: String) -> Bool { indexByID[id] != nil }

    public func hasEdge(from: String, to: String) -> Bool {
        guard let from = indexByID[from], let to = indexByID[to] else { return false }
        return successorSets[from].contains(to)
    }

    /// Direct successors, sorted.
    public func successors(of id: String) -> [String] {
        guard let index = indexByID[id] else { return [] }
        return successorLists[index].map { nodes[$0] }
    }

    /// Direct predecessors, sorted.
    public func predecessors(of id: String) -> [String] {
        reversed().successors(of: id)
    }

    /// Every edge, sorted by (from, to).
    public var edges: [(from: String, to: String)] {
        var result: [(from: String, to: String)] = []
        for from in sortedIndices {
            for to in successorLists[from] { result.append((nodes[from], nodes[to])) }
        }
        return result
    }

    /// The same nodes with every edge turned around.
    public func reversed() -> Digraph {
        var reversed = Digraph()
        for node in nodes { reversed.addNode(node) }
        for (from, successors) in successorSets.enumerated() {
            for to in successors { reversed.addEdge(from: nodes[to], to: nodes[from]) }
        }
        return reversed
    }

    /// The nodes in `ids` and the edges between them.
    public func subgraph(_ ids: Set<String>) -> Digraph {
        var subgraph = Digraph()
        for node in nodes where ids.contains(node) { subgraph.addNode(node) }
        for (from, successors) in successorSets.enumerated() where ids.contains(nodes[from]) {
            for to in successors where ids.contains(nodes[to]) { subgraph.addEdge(from: nodes[from], to: nodes[to]) }
        }
        return subgraph
    }

    /// Every node reachable from `starts` (the starts included when they are nodes).
    public func reachable(from starts: some Sequence<String>) -> Set<String> {
        var visited = Set<Int>()
        var pending = starts.compactMap { indexByID[$0] }
        while let node = pending.popLast() {
            guard visited.insert(node).inserted else { continue }
            pending += successorSets[node].filter { !visited.contains($0) }
        }
        return Set(visited.map { nodes[$0] })
    }

    // MARK: Strongly connected components

    /// Tarjan's algorithm (`StronglyConnectedComponents`). Each component is sorted; components are sorted by
    /// their first id.
    public func stronglyConnectedComponents() -> [[String]] {
        StronglyConnectedComponents(successors: sortedAdjacency()).members
            .map { $0.map { nodes[$0] }.sorted() }
            .sorted { $0[0] < $1[0] }
    }

    /// Components that contain a cycle: more than one node, or one node with a self-loop.
    public func cyclicComponents() -> [[String]] {
        stronglyConnectedComponents().filter { component in
            component.count > 1 || hasEdge(from: component[0], to: component[0])
        }
    }

    // MARK: Paths and cycles

    /// A shortest path `[from, …, to]` (BFS), optionally staying inside `allowed`; nil when there is none.
    /// `from == to` gives `[from]`.
    public func shortestPath(from: String, to: String, within allowed: Set<String>? = nil) -> [String]? {
        guard let source = indexByID[from], let target = indexByID[to] else { return nil }
        if source == target { return [from] }
        let allowedIndices = allowed.map { Set($0.compactMap { indexByID[$0] }) }
        let adjacency = sortedAdjacency()
        var parent = [Int: Int]()
        var queue = [source]
        var head = 0
        parent[source] = source
        while head < queue.count {
            let node = queue[head]
            head += 1
            for successor in adjacency[node] where parent[successor] == nil {
                if let allowedIndices, !allowedIndices.contains(successor) { continue }
                parent[successor] = node
                if successor == target { return path(to: target, parents: parent).map { nodes[$0] } }
                queue.append(successor)
            }
        }
        return nil
    }

    /// Above this many (nodes × edges) in a component, `shortestCycle(in:)` returns the shortest cycle through the
    /// component's first node (one BFS, linear) instead of the global shortest one (one BFS per node).
    public static let exactShortestCycleBudget = 4_000_000

    /// A shortest cycle inside a strongly connected component, as `[a, b, c]` meaning `a → b → c → a`; nil when the
    /// nodes contain no cycle. Small components get the exact shortest cycle, starting at the smallest id that lies
    /// on one; big ones (see `exactShortestCycleBudget`) the shortest cycle through their smallest id.
    public func shortestCycle(in component: [String]) -> [String]? {
        let members = component.compactMap { indexByID[$0] }.sorted { nodes[$0] < nodes[$1] }
        guard !members.isEmpty else { return nil }
        if let selfLoop = members.first(where: { successorSets[$0].contains($0) }) { return [nodes[selfLoop]] }
        let memberSet = Set(members)
        let adjacency = sortedAdjacency()
        let edgeCount = members.reduce(0) { $0 + successorSets[$1].count }
        let starts = members.count * edgeCount <= Self.exactShortestCycleBudget ? members : [members[0]]
        var best: [Int]?
        for start in starts {
            let limit = best.map { $0.count - 1 } ?? Int.max
            if let cycle = shortestCycle(through: start, within: memberSet, adjacency: adjacency, maxLength: limit) {
                best = cycle
                if cycle.count == 2 { break }
            }
        }
        return best?.map { nodes[$0] }
    }

    /// BFS from `start` for the nearest predecessor of `start`; cycles longer than `maxLength` are not searched.
    private func shortestCycle(through start: Int, within members: Set<Int>, adjacency: [[Int]], maxLength: Int) -> [Int]? {
        var parent = [start: start]
        var depth = [start: 1]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            let length = depth[node]!
            if length > maxLength { return nil }
            for successor in adjacency[node] where members.contains(successor) {
                if successor == start { return path(to: node, parents: parent) }
                guard parent[successor] == nil else { continue }
                parent[successor] = node
                depth[successor] = length + 1
                queue.append(successor)
            }
        }
        return nil
    }

    // MARK: Internals

    private var sortedIndices: [Int] {
        nodes.indices.sorted { nodes[$0] < nodes[$1] }
    }

    /// Successor lists sorted by id, for deterministic traversal.
    private func sortedAdjacency() -> [[Int]] { successorLists }

    private func path(to end: Int, parents: [Int: Int]) -> [Int] {
        var path = [end]
        var node = end
        while let previous = parents[node], previous != node {
            path.append(previous)
            node = previous
        }
        return path.reversed()
    }
}
