import ArchlintModel

/// The Markdown summary's picture: a Mermaid flowchart (GitHub renders a ```` ```mermaid ```` block inline) of
/// the module edges with findings, each labelled with its rule ids (`×N` for a rule with N findings) and drawn
/// in its most severe finding's colour (`Severity.color`), errors wider, cycles thick, notes dotted. At most `maximumEdges` edges, the most severe first, then
/// those with the most findings; a line says how many more. Node ids are generated (`n1`, `n2`, …) and every
/// label is quoted and escaped (`MermaidText`), so no module name can break the diagram or the Markdown around it.
struct MarkdownDiagram {
    static let maximumEdges = 30
    /// Longer names and rule lists are cut (with `…`), which bounds the diagram's size.
    static let maximumNameLength = 60
    static let maximumRulesLength = 80

    let edges: [ViolatingEdge]

    /// Links drawn alike: the width by severity and cycle, the colour by severity (`Severity.color`).
    private struct LinkStyle: Hashable {
        var width: Int
        var color: String
    }

    /// The edges drawn, in drawing order.
    var drawn: [ViolatingEdge] {
        Array(edges.sorted { lhs, rhs in
            if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
            if lhs.findings != rhs.findings { return lhs.findings > rhs.findings }
            return (lhs.from, lhs.to) < (rhs.from, rhs.to)
        }.prefix(Self.maximumEdges))
    }

    /// The diagram's Markdown lines (a title, the fenced block, and the line saying what wasn't drawn); nil when
    /// there are no edges.
    var text: [String]? {
        guard !edges.isEmpty else { return nil }
        let drawn = self.drawn
        var ids: [String: String] = [:]
        var nodeLines: [String] = []
        func id(_ name: String) -> String {
            if let id = ids[name] { return id }
            let id = "n\(ids.count + 1)"
            ids[name] = id
            nodeLines.append("  \(id)[\"\(MermaidText.label(MermaidText.truncated(name, to: Self.maximumNameLength)))\"]")
            return id
        }
        var linkLines: [String] = []
        var linksByStyle: [LinkStyle: [Int]] = [:]
        for (index, edge) in drawn.enumerated() {
            let from = id(edge.from), to = id(edge.to)
            let arrow = edge.isCycle ? "==>" : edge.severity == .note ? "-.->" : "-->"
            let rules = edge.rules.map { $0.rule + ($0.findings > 1 ? " ×\($0.findings)" : "") }
            let label = MermaidText.truncated(rules.joined(separator: ", "), to: Self.maximumRulesLength)
            linkLines.append("  \(from) \(arrow)|\"\(MermaidText.label(label))\"| \(to)")
            linksByStyle[LinkStyle(width: edge.isCycle ? 4 : edge.severity == .error ? 3 : 2, color: edge.severity.color), default: []]
                .append(index)
        }
        var lines = [
            "**Module edges with findings**", "", "```mermaid", "flowchart " + Self.direction(drawn),
        ]
        lines += nodeLines + linkLines
        for (style, links) in linksByStyle.sorted(by: { ($0.key.width, $0.key.color) > ($1.key.width, $1.key.color) }) {
            lines.append("  linkStyle \(links.map(String.init).joined(separator: ",")) "
                + "stroke:\(style.color),stroke-width:\(style.width)px,color:\(style.color)")
        }
        lines.append("```")
        if edges.count > drawn.count {
            lines += ["", "_\(TextReporter.count(edges.count - drawn.count, "more violating edge")) not drawn._"]
        }
        return lines
    }

    /// `LR` unless that would be wider than `TB` (a long chain of violating edges): Mermaid lays separate groups
    /// of edges side by side across the direction, so pairs stack down the page in `LR`, and a chain runs along
    /// it. Estimated from the ranks (the longest path, back edges ignored) and the widest rank of each group,
    /// with rough box sizes.
    static func direction(_ edges: [ViolatingEdge]) -> String {
        var successors: [String: [String]] = [:]
        var neighbours: [String: [String]] = [:]
        for edge in edges {
            successors[edge.from, default: []].append(edge.to)
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        let nodes = Set(neighbours.keys).sorted()
        // Depth of each node along forward edges (a DFS drops back edges, as dot does).
        var rank: [String: Int] = [:]
        var onPath: Set<String> = []
        func depth(_ node: String) -> Int {
            if let known = rank[node] { return known }
            onPath.insert(node)
            var deepest = 0
            for next in successors[node] ?? [] where !onPath.contains(next) { deepest = max(deepest, depth(next) + 1) }
            onPath.remove(node)
            rank[node] = deepest
            return deepest
        }
        let ranks = (nodes.map(depth).max() ?? 0) + 1
        // Rows: for each connected group, its widest rank.
        var seen: Set<String> = []
        var rows = 0
        for start in nodes where !seen.contains(start) {
            var group: [String] = [], stack = [start]
            seen.insert(start)
            while let node = stack.popLast() {
                group.append(node)
                for next in neighbours[node] ?? [] where seen.insert(next).inserted { stack.append(next) }
            }
            rows += Dictionary(grouping: group) { rank[$0] ?? 0 }.values.map(\.count).max() ?? 1
        }
        let width = 900.0  // a GitHub comment's width
        let leftToRight = min(1, width / Double(ranks * 260))
        let topToBottom = min(1, width / Double(rows * 200))
        return topToBottom > leftToRight ? "TB" : "LR"
    }

    static func omittedLine(_ edgeCount: Int) -> String {
        "_The diagram of \(TextReporter.count(edgeCount, "module edge")) with findings is left out to keep this comment "
            + "under GitHub's size limit; see the full report._"
    }
}
