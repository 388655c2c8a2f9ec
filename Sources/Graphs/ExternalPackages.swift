import ArchlintModel

/// One node per external package: the products of one SwiftPM package become one node named after the package,
/// the toolchain's and Apple's SDK modules one "Apple SDK" node, and an external archlint can place in no package
/// (an unknown import, a pod) stays as it is. Edges are merged onto the new nodes, keeping every location.
public enum ExternalPackages {
    /// The name of the node that holds the SDK's modules (`SystemModules`).
    public static let sdkName = "Apple SDK"

    /// The collapsed graph, and for each external module that was merged the id of the node it went into.
    public static func collapse(_ graph: ModuleGraph) -> (graph: ModuleGraph, groupOf: [String: String]) {
        var membersByGroup: [String: [Module]] = [:]
        for node in graph.nodes {
            guard let group = groupName(of: node) else { continue }
            membersByGroup[group, default: []].append(node)
        }
        let merged = Set(membersByGroup.values.joined().map(\.id))
        var usedIDs = Set(graph.nodes.map(\.id).filter { !merged.contains($0) })
        var groupOf: [String: String] = [:]
        var groupNodes: [Module] = []
        for (group, members) in membersByGroup.sorted(by: { $0.key < $1.key }) {
            var id = group
            while usedIDs.contains(id) { id += " (external)" }
            usedIDs.insert(id)
            for member in members { groupOf[member.id] = id }
            let names = members.map(\.name).sorted()
            let noun = group == sdkName ? "module" : "product"
            let label = names.count == 1 ? "\(group): \(names[0])" : "\(group): \(names.count) \(noun)s"
            groupNodes.append(Module(
                id: id, name: label, type: .external, unresolved: members.contains(where: \.unresolved)))
        }
        let nodes = graph.nodes.filter { groupOf[$0.id] == nil } + groupNodes
        struct Key: Hashable {
            var from: String, to: String, kind: ModuleEdgeKind, condition: String?
        }
        var edges: [Key: ModuleEdge] = [:]
        var order: [Key] = []
        for edge in graph.edges {
            let from = groupOf[edge.from] ?? edge.from, to = groupOf[edge.to] ?? edge.to
            guard from != to else { continue }
            let key = Key(from: from, to: to, kind: edge.kind, condition: edge.condition)
            if var existing = edges[key] {
                existing.locations = Array(Set(existing.locations + edge.locations)).sorted()
                existing.exported = existing.exported || edge.exported
                existing.testable = existing.testable && edge.testable
                edges[key] = existing
            } else {
                edges[key] = ModuleEdge(
                    from: from, to: to, kind: edge.kind, condition: edge.condition, locations: edge.locations,
                    exported: edge.exported, testable: edge.testable)
                order.append(key)
            }
        }
        return (ModuleGraph(nodes: nodes, edges: order.map { edges[$0]! }), groupOf)
    }

    /// The package an external module belongs to (its SwiftPM package identity, or `sdkName`); nil when unknown.
    public static func groupName(of module: Module) -> String? {
        guard module.type == .external else { return nil }
        if let package = module.package { return package }
        return SystemModules.contains(module.name) ? sdkName : nil
    }
}
