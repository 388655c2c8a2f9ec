/// Tarjan's algorithm over integer nodes `0..<successors.count`, iterative (no recursion, so any depth is fine).
/// O(V + E). The one implementation: `Digraph`, the transitive reduction and `archlint init`'s layer guess use it.
///
/// Components are numbered in the order Tarjan completes them, which is a reverse topological order of the
/// condensation: a component's successors have smaller numbers. Nodes are visited in index order and
/// successors in the order given, so the numbering is deterministic.
public struct StronglyConnectedComponents: Sendable {
    /// Node → its component's number.
    public private(set) var component: [Int]
    /// How many components there are.
    public private(set) var count = 0

    public init(successors: [[Int]]) {
        let size = successors.count
        component = Array(repeating: -1, count: size)
        var order = Array(repeating: -1, count: size)
        var lowLink = Array(repeating: 0, count: size)
        var onStack = Array(repeating: false, count: size)
        var stack: [Int] = []
        var nextOrder = 0
        for start in 0..<size where order[start] == -1 {
            var callStack: [(node: Int, nextEdge: Int)] = [(start, 0)]
            order[start] = nextOrder; lowLink[start] = nextOrder; nextOrder += 1
            stack.append(start); onStack[start] = true
            while let frame = callStack.last {
                let node = frame.node
                if frame.nextEdge < successors[node].count {
                    callStack[callStack.count - 1].nextEdge += 1
                    let target = successors[node][frame.nextEdge]
                    if order[target] == -1 {
                        order[target] = nextOrder; lowLink[target] = nextOrder; nextOrder += 1
                        stack.append(target); onStack[target] = true
                        callStack.append((target, 0))
                    } else if onStack[target] {
                        lowLink[node] = min(lowLink[node], order[target])
                    }
                    continue
                }
                callStack.removeLast()
                if let parent = callStack.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                if lowLink[node] == order[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = count
                        if member == node { break }
                    }
                    count += 1
                }
            }
        }
    }

    /// The members of each component, indexed by component number (members in ascending node order).
    public var members: [[Int]] {
        var members = Array(repeating: [Int](), count: count)
        for (node, number) in component.enumerated() { members[number].append(node) }
        return members
    }
}
