import Graphs

/// Wraps wide ranks so a picture keeps a readable aspect ratio: `unflatten`'s staggering, for every rank rather
/// than only leaves. dot puts every node of a rank on one row; a rank wider than `budget` is split over `rows`
/// sub-rows by chaining its nodes with invisible edges (node k-1 → node k, so each chain is a short column), which
/// pushes them, and whatever depends on them, one rank further down per row.
///
/// Ranks are the longest path from the sources after dropping DFS back edges (dot's own cycle breaking, roughly),
/// recomputed after each rank is wrapped, so nodes pushed down count in the rank they land in.
struct RankWrapping {
    struct Node {
        var id: String
        /// The group it is drawn in (its cluster): members of one group stay next to each other in the order.
        var group: String
        /// Extent along the rank (width for top-to-bottom layouts), points, spacing included.
        var along: Double
        /// Extent across the rank (height for top-to-bottom layouts), points, rank separation included.
        var across: Double
    }

    /// Small graphs (up to `GraphScaling.moduleThreshold` nodes) wrap only ranks wider than this: they keep their
    /// look unless a rank is wider than a page.
    static let smallGraphBudget = 900.0
    /// Large graphs: the nodes of one rank take at most this much room; dot's edge lanes about triple it.
    static let minimumBudget = 550.0
    static let maximumBudget = 550.0
    /// Width : height wanted; the budget follows from the total area.
    static let targetAspect = 1.6
    /// Rows one rank may be split into (bounds the height a single very wide rank adds).
    static let maximumRows = 12

    /// The width one rank may take for a graph of these nodes: about √(area × aspect), between the minimum and
    /// maximum budget, but wide enough that a very large graph doesn't become a tall strip (height ≤ 3 × width).
    static func budget(for nodes: [Node]) -> Double {
        if nodes.count <= GraphScaling.moduleThreshold { return smallGraphBudget }
        let area = nodes.reduce(0) { $0 + $1.along * $1.across }
        let wanted = (area * targetAspect).squareRoot()
        return max(min(max(wanted, minimumBudget), maximumBudget), (area / 3).squareRoot())
    }

    /// The wrapping edges, and every node's rank once they are added (what dot will do, roughly).
    static func wrap(nodes: [Node], edges: [DirectedPair], budget: Double? = nil) -> (added: [DirectedPair], ranks: [String: Int]) {
        guard nodes.count > 1 else { return ([], [:]) }
        let budget = budget ?? Self.budget(for: nodes)
        let wide = nodes.reduce(0, { $0 + $1.along }) > budget
        let index = Dictionary(nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var successors = Array(repeating: [Int](), count: nodes.count)
        for edge in edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            successors[from].append(to)
        }
        successors = acyclic(successors)
        // Members of a group, then by id: the order chains are cut from.
        let order = nodes.indices.sorted { (nodes[$0].group, nodes[$0].id) < (nodes[$1].group, nodes[$1].id) }
        var added: [DirectedPair] = []
        var rank = 0
        var ranks = longestPaths(successors)
        // A rank that nodes pushed down from above make wide again is wrapped again: the rows cascade, which
        // keeps every row within the budget (measured better than wrapping each node only once).
        while wide, let highest = ranks.max(), rank <= highest {
            let members = order.filter { ranks[$0] == rank }
            let width = members.reduce(0) { $0 + nodes[$1].along }
            let rows = min(Int((width / budget).rounded(.up)), maximumRows, members.count)
            if rows > 1 {
                for (position, node) in members.enumerated() where position % rows != 0 {
                    let previous = members[position - 1]
                    successors[previous].append(node)
                    added.append(DirectedPair(from: nodes[previous].id, to: nodes[node].id))
                }
                ranks = longestPaths(successors)
            }
            rank += 1
        }
        return (added, Dictionary(nodes.enumerated().map { ($1.id, ranks[$0]) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Each node's level: the longest path to it from a source, after dropping DFS back edges (for tiers of groups).
    static func levels(nodes: [String], edges: [DirectedPair]) -> [String: Int] {
        let index = Dictionary(nodes.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var successors = Array(repeating: [Int](), count: nodes.count)
        for edge in edges {
            guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
            successors[from].append(to)
        }
        let ranks = longestPaths(acyclic(successors))
        return Dictionary(nodes.enumerated().map { ($1, ranks[$0]) }, uniquingKeysWith: { first, _ in first })
    }

    /// The successor lists without the back edges of a depth-first search from every node in index order.
    private static func acyclic(_ successors: [[Int]]) -> [[Int]] {
        var state = Array(repeating: 0, count: successors.count)  // 0 new, 1 on the stack, 2 done
        var result = Array(repeating: [Int](), count: successors.count)
        for start in successors.indices where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let frame = stack.last {
                if frame.next < successors[frame.node].count {
                    stack[stack.count - 1].next += 1
                    let target = successors[frame.node][frame.next]
                    if state[target] == 1 { continue }  // back edge: dropped
                    result[frame.node].append(target)
                    if state[target] == 0 {
                        state[target] = 1
                        stack.append((target, 0))
                    }
                } else {
                    state[frame.node] = 2
                    stack.removeLast()
                }
            }
        }
        return result
    }

    /// Longest path from any source to each node of a DAG (Kahn's order).
    private static func longestPaths(_ successors: [[Int]]) -> [Int] {
        var incoming = Array(repeating: 0, count: successors.count)
        for targets in successors { for target in targets { incoming[target] += 1 } }
        var ranks = Array(repeating: 0, count: successors.count)
        var ready = successors.indices.filter { incoming[$0] == 0 }
        while let node = ready.popLast() {
            for target in successors[node] {
                ranks[target] = max(ranks[target], ranks[node] + 1)
                incoming[target] -= 1
                if incoming[target] == 0 { ready.append(target) }
            }
        }
        return ranks
    }
}

/// How much room a node label takes, roughly, in points (Helvetica 11 pt): enough to decide where to wrap.
enum LabelMetrics {
    static func width(of label: String, fontSize: Double = 11, minimum: Double = 54) -> Double {
        let longest = label.split(separator: "\n").map(\.count).max() ?? 0
        return max(Double(longest) * fontSize * 0.56 + 18, minimum)
    }

    static func height(of label: String, fontSize: Double = 11) -> Double {
        max(Double(label.split(separator: "\n").count) * fontSize * 1.2 + 8, 36)
    }

    /// A node's extents along and across a rank, spacing included (`nodesep` 0.12 in, `ranksep` 0.6 in).
    static func rankExtents(label: String, rankdir: String) -> (along: Double, across: Double) {
        let width = width(of: label) + 8.6
        let height = height(of: label) + 28.8
        return rankdir == "LR" || rankdir == "RL" ? (height - 28.8 + 8.6, width - 8.6 + 28.8) : (width, height)
    }
}
