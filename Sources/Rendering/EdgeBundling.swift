import Graphs

/// Many edges from one node into one cluster (App → 36 features), or from one cluster into one node (36 features →
/// NetworkingCore), drawn as one edge to or from the cluster's border (`lhead`/`ltail`), labelled with how many it
/// stands for. In a large picture those fans are what makes it wide: every long edge needs its own lane through
/// every rank it crosses. Edges a diagnostic is about are never bundled.
struct EdgeBundle {
    enum End { case fanOut, fanIn, clusters }

    var end: End
    /// The single node: the source of a fan-out, the target of a fan-in; the source cluster's key for `clusters`.
    var node: String
    /// The cluster key on the other end.
    var cluster: String
    var pairs: [DirectedPair]

    /// `edges` split into those drawn one by one and the bundles. Fans of at least `threshold` edges are bundled:
    /// fan-outs first, then fan-ins among what is left; only edges between different clusters.
    /// With `betweenClusters`, edges from one cluster to another are bundled first (cluster border to border).
    static func split(
        _ edges: [DirectedPair], clusterOf: [String: String], keep: Set<DirectedPair>, threshold: Int,
        betweenClusters: Bool = false
    ) -> (single: [DirectedPair], bundles: [EdgeBundle]) {
        var bundles: [EdgeBundle] = []
        var remaining = edges
        if betweenClusters {
            var groups: [DirectedPair: [DirectedPair]] = [:]
            for pair in remaining where !keep.contains(pair) {
                guard let from = clusterOf[pair.from], let to = clusterOf[pair.to], from != to else { continue }
                groups[DirectedPair(from: from, to: to), default: []].append(pair)
            }
            for (clusters, pairs) in groups.sorted(by: { $0.key < $1.key }) where pairs.count >= threshold {
                bundles.append(EdgeBundle(end: .clusters, node: clusters.from, cluster: clusters.to, pairs: pairs.sorted()))
            }
            let bundled = Set(bundles.flatMap(\.pairs))
            remaining.removeAll { bundled.contains($0) }
        }
        func candidates(_ key: (DirectedPair) -> (node: String, cluster: String)?) -> [String: [DirectedPair]] {
            var groups: [String: [DirectedPair]] = [:]
            for pair in remaining where !keep.contains(pair) {
                guard let key = key(pair) else { continue }
                groups[key.node + "\u{0}" + key.cluster, default: []].append(pair)
            }
            return groups.filter { $0.value.count >= threshold }
        }
        let fanOuts = candidates { pair in
            guard let target = clusterOf[pair.to], clusterOf[pair.from] != target else { return nil }
            return (pair.from, target)
        }
        for (key, pairs) in fanOuts.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            bundles.append(EdgeBundle(end: .fanOut, node: parts[0], cluster: parts[1], pairs: pairs.sorted()))
        }
        var bundled = Set(bundles.flatMap(\.pairs))
        remaining.removeAll { bundled.contains($0) }
        let fanIns = candidates { pair in
            guard let source = clusterOf[pair.from], clusterOf[pair.to] != source else { return nil }
            return (pair.to, source)
        }
        for (key, pairs) in fanIns.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            bundles.append(EdgeBundle(end: .fanIn, node: parts[0], cluster: parts[1], pairs: pairs.sorted()))
        }
        bundled = Set(bundles.flatMap(\.pairs))
        remaining.removeAll { bundled.contains($0) }
        return (remaining, bundles)
    }

    /// The DOT edge: from the node to the top-most member of the cluster (fan-out, clipped at the cluster's border)
    /// or from the bottom-most member to the node (fan-in). `ranks`: the simulated ranks (`RankWrapping.wrap`).
    /// For `clusters`: `sourceClusterID` and `sourceMembers` are the source cluster's.
    func write(
        clusterID: String, members: [String], ranks: [String: Int], label: String, tooltip: String, classes: String,
        sourceClusterID: String = "", sourceMembers: [String] = [], into builder: inout DotBuilder
    ) {
        func byRank(_ nodes: [String]) -> [String] { nodes.sorted { (ranks[$0] ?? 0, $0) < (ranks[$1] ?? 0, $1) } }
        let ordered = byRank(members)
        guard let top = ordered.first, let bottom = ordered.last else { return }
        var attributes = DotAttributes()
        if end == .clusters {
            guard let source = byRank(sourceMembers).last else { return }
            attributes.set("ltail", sourceClusterID)
            attributes.set("lhead", clusterID)
            attributes.set("label", label)
            attributes.set("tooltip", tooltip)
            attributes.setRaw("penwidth", "2")
            attributes.setRaw("constraint", "false")
            attributes.set("class", classes)
            builder.line("\(DotSyntax.id(source)) -> \(DotSyntax.id(top))\(attributes.text)")
            return
        }
        attributes.set(end == .fanOut ? "lhead" : "ltail", clusterID)
        attributes.set("label", label)
        attributes.set("tooltip", tooltip)
        attributes.setRaw("penwidth", "1.5")
        attributes.setRaw("constraint", "false")
        attributes.set("class", classes)
        let (from, to) = end == .fanOut ? (node, top) : (bottom, node)
        builder.line("\(DotSyntax.id(from)) -> \(DotSyntax.id(to))\(attributes.text)")
    }
}
