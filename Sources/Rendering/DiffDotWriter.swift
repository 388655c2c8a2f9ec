import ArchlintModel

/// The DOT of a `DiffNeighbourhood` for `archlint diff --format svg|png` (drawn with libgvc through
/// `GraphRenderer`): the same modules and edges as the Markdown's Mermaid diagram, added edges green, removed
/// edges dashed grey, edges with new findings red; added modules outlined green, removed ones grey and dashed.
public enum DiffDotWriter {
    static let addedColor = "#1a7f37"
    static let removedColor = "#8c959f"
    static let violationColor = "#d1242f"

    public static func dot(_ neighbourhood: DiffNeighbourhood, title: String) -> String {
        var lines = [
            "digraph \"archlint-diff\" {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", label=\(DotSyntax.escString(title)), labelloc=t];",
            "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [color=\"#57606a\"];",
        ]
        for node in neighbourhood.nodes {
            var attributes = ["label=\(DotSyntax.escString(node.name))"]
            switch node.isAdded {
            case true?: attributes += ["color=\"\(addedColor)\"", "penwidth=2"]
            case false?: attributes += ["color=\"\(removedColor)\"", "fontcolor=\"\(removedColor)\"", "style=\"rounded,dashed\""]
            case nil: if !node.isTouched { attributes.append("color=\"#afb8c1\"") }
            }
            lines.append("  \(DotSyntax.id(node.name)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in neighbourhood.edges {
            var attributes: [String] = []
            if edge.isNewViolation {
                attributes += ["color=\"\(violationColor)\"", "penwidth=2.5"]
            } else {
                switch edge.state {
                case .added: attributes += ["color=\"\(addedColor)\"", "penwidth=2"]
                case .removed: attributes += ["color=\"\(removedColor)\"", "style=dashed"]
                case .unchanged: break
                }
            }
            if edge.state == .removed && edge.isNewViolation { attributes.append("style=dashed") }
            let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(DotSyntax.id(edge.from)) -> \(DotSyntax.id(edge.to))\(list);")
        }
        if let note = neighbourhood.omittedNote {
            lines.append("  \"__omitted\" [shape=plaintext, label=\(DotSyntax.escString(note))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
