import ArchlintModel

/// The Markdown summary's picture: a Mermaid flowchart (GitHub renders a ```` ```mermaid ```` block inline) of
/// the module edges with findings, each labelled with its rule ids (`×N` for a rule with N findings) and drawn red,
/// cycles thick, notes dotted. At most `maximumEdges` edges, the most severe first, then those with the most
/// findings; a line says how many more. Node ids are generated (`n1`, `n2`, …) and every label is quoted and
/// escaped (`MermaidText`), so no module name can break the diagram or the Markdown around it.
struct MarkdownDiagram {
    static let maximumEdges = 30
    /// Longer names and rule lists are cut (with `…`), which bounds the diagram's size.
    static let maximumNameLength = 60
    static let maximumRulesLength = 80
    /// The pictures' violation red (`GraphStyle.violation`).
    static let violationColor = "#d1242f"

    let edges: [ViolatingEdge]

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
        var errorLinks: [Int] = []
        var otherLinks: [Int] = []
        for (index, edge) in drawn.enumerated() {
            let from = id(edge.from), to = id(edge.to)
            let arrow = edge.isCycle ? "==>" : edge.severity == .note ? "-.->" : "-->"
            let rules = edge.rules.map { $0.rule + ($0.findings > 1 ? " ×\($0.findings)" : "") }
            let label = MermaidText.truncated(rules.joined(separator: ", "), to: Self.maximumRulesLength)
            linkLines.append("  \(from) \(arrow)|\"\(MermaidText.label(label))\"| \(to)")
            if edge.severity == .error { errorLinks.append(index) } else { otherLinks.append(index) }
        }
        var lines = [
            "**Module edges with findings**", "", "```mermaid", "flowchart LR",
        ]
        lines += nodeLines + linkLines
        for (links, width) in [(errorLinks, 3), (otherLinks, 2)] where !links.isEmpty {
            lines.append("  linkStyle \(links.map(String.init).joined(separator: ",")) "
                + "stroke:\(Self.violationColor),stroke-width:\(width)px,color:\(Self.violationColor)")
        }
        lines.append("```")
        if edges.count > drawn.count {
            lines += ["", "_\(TextReporter.count(edges.count - drawn.count, "more violating edge")) not drawn._"]
        }
        return lines
    }

    static func omittedLine(_ edgeCount: Int) -> String {
        "_The diagram of \(TextReporter.count(edgeCount, "module edge")) with findings is left out to keep this comment "
            + "under GitHub's size limit; see the full report._"
    }
}
