/// Cycles of the component parent → child graph: one per strongly connected component.
public enum ComponentCycles {
    /// One shortest cycle per strongly connected component that has one (self-loops included), closed:
    /// `["A", "B", "A"]`, `["C", "C"]`. Sorted.
    public static func find(children: [String: [String]]) -> [[String]] {
        let graph = Digraph(
            nodes: Set(children.keys).union(children.values.joined()).sorted(),
            edges: children.sorted { $0.key < $1.key }.flatMap { parent, kids in kids.map { (from: parent, to: $0) } })
        return graph.cyclicComponents().compactMap { component in
            graph.shortestCycle(in: component).map { $0 + [$0[0]] }
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
