/// Cycles of the component parent → child graph: one per strongly connected component.
public enum ComponentCycles {
    /// One elementary cycle per strongly connected component that has one (a self-loop included). Each cycle
    /// starts and ends at the SCC's smallest name: `["A", "B", "A"]`. Sorted.
    public static func find(children: [String: [String]]) -> [[String]] {
        stronglyConnectedComponents(children: children).compactMap { members in
            let start = members.min()!
            return shortestCycle(from: start, within: Set(members), children: children)
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Tarjan's algorithm, iterative (no recursion depth limit).
    public static func stronglyConnectedComponents(children: [String: [String]]) -> [[String]] {
        let nodes = Set(children.keys).union(children.values.joined()).sorted()
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var result: [[String]] = []
        var counter = 0

        for start in nodes where index[start] == nil {
            var work: [(node: String, next: Int)] = [(start, 0)]
            index[start] = counter
            lowLink[start] = counter
            counter += 1
            stack.append(start)
            onStack.insert(start)
            while var frame = work.popLast() {
                let successors = children[frame.node] ?? []
                if frame.next < successors.count {
                    let successor = successors[frame.next]
                    frame.next += 1
                    work.append(frame)
                    if index[successor] == nil {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack.insert(successor)
                        work.append((successor, 0))
                    } else if onStack.contains(successor) {
                        lowLink[frame.node] = min(lowLink[frame.node]!, index[successor]!)
                    }
                    continue
                }
                if let parent = work.last {
                    lowLink[parent.node] = min(lowLink[parent.node]!, lowLink[frame.node]!)
                }
                if lowLink[frame.node] == index[frame.node] {
                    var members: [String] = []
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        members.append(member)
                        if member == frame.node { break }
                    }
                    result.append(members.sorted())
                }
            }
        }
        return result
    }

    /// Breadth-first from `start` back to itself, staying inside `members`; nil for a single node without a
    /// self-loop.
    static func shortestCycle(from start: String, within members: Set<String>, children: [String: [String]]) -> [String]? {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for child in children[node] ?? [] where members.contains(child) {
                if child == start {
                    var cycle = [start]
                    var current = node
                    while current != start {
                        cycle.append(current)
                        current = previous[current]!
                    }
                    return [start] + Array(cycle.dropFirst().reversed()) + [start]
                }
                if previous[child] == nil {
                    previous[child] = node
                    queue.append(child)
                }
            }
        }
        return nil
    }
}
