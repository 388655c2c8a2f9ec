import ArchlintModel
import Foundation

/// `archlint diff --format text`: the summary line, then one section per kind of change.
public enum DiffTextFormatter {
    public static func format(_ diff: ArchitectureDiff) -> String {
        var lines = ["Changes since \(clean(diff.base)) (\(clean(diff.head))): \(diff.summaryLine)"]
        for section in DiffSections.sections(diff) {
            lines.append("")
            lines.append(section.title + ":")
            lines += section.rows.map { "  " + $0.marker + " " + $0.text.map(clean).joined(separator: "  ") }
        }
        if !diff.baseNotes.isEmpty {
            lines += ["", "Could not be read at \(clean(diff.base)) (the diff uses what could be):"]
            lines += diff.baseNotes.map { "  " + clean($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func clean(_ text: String) -> String { ControlCharacters.visible(text, newlinesAsSpaces: true) }
}

/// `archlint diff --format json`: the `ArchitectureDiff` itself, keys sorted (docs/diff-schema.json).
public enum DiffJSONFormatter {
    public static func format(_ diff: ArchitectureDiff) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(diff) else { return "{}\n" }
        return ControlCharacters.escapingJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}

/// `archlint diff --format markdown`: a pull-request comment. A one-line summary, the Mermaid diagram of the
/// changed neighbourhood (added edges green, removed edges dashed grey, edges with new findings red), and a
/// table per kind of change.
public enum DiffMarkdownFormatter {
    /// Rows per table; more are counted, not listed (a comment must stay under GitHub's 65,536 characters).
    static let maximumRows = 50

    public static func format(_ diff: ArchitectureDiff, neighbourhood: DiffNeighbourhood) -> String {
        let verdict = diff.introducesError ? "❌" : "✅"
        var lines = ["### archlint: architecture changes since \(MarkdownReporter.codeSpan(diff.base))", "",
                     "\(verdict) \(MarkdownReporter.cell(diff.summaryLine))"]
        if let diagram = DiffMermaid(neighbourhood: neighbourhood).lines {
            lines += [""] + diagram
        }
        for section in DiffSections.sections(diff) {
            lines += ["", "**\(section.title)**", "", "| | " + section.columns.joined(separator: " | ") + " |",
                      "|---|" + String(repeating: "---|", count: section.columns.count)]
            for row in section.rows.prefix(maximumRows) {
                lines.append("| \(row.marker) | " + row.text.map(MarkdownReporter.cell).joined(separator: " | ") + " |")
            }
            if section.rows.count > maximumRows {
                lines += ["", "_\(section.rows.count - maximumRows) more not listed; see `archlint diff --format json`._"]
            }
        }
        if !diff.baseNotes.isEmpty {
            lines += ["", "<details><summary>Could not be read at the base (the diff uses what could be)</summary>", ""]
            lines += diff.baseNotes.prefix(maximumRows).map { "- " + MarkdownReporter.cell($0) }
            lines += ["", "</details>"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The Mermaid flowchart of a `DiffNeighbourhood`. Node ids are generated (`n1`, …) and labels quoted and
/// escaped (`MermaidText`), so no module name can break the diagram.
public struct DiffMermaid {
    static let addedColor = "#1a7f37"
    static let removedColor = "#8c959f"
    static let maximumNameLength = 60

    public let neighbourhood: DiffNeighbourhood

    public init(neighbourhood: DiffNeighbourhood) {
        self.neighbourhood = neighbourhood
    }

    /// The diagram's Mermaid source, without the fence.
    public var source: String? {
        guard !neighbourhood.isEmpty else { return nil }
        var ids: [String: String] = [:]
        var lines = ["flowchart LR"]
        for node in neighbourhood.nodes {
            let id = "n\(ids.count + 1)"
            ids[node.name] = id
            let label = MermaidText.label(MermaidText.truncated(node.name, to: Self.maximumNameLength))
            lines.append("  \(id)[\"\(label)\"]")
        }
        var styles: [String: [Int]] = [:]
        for (index, edge) in neighbourhood.edges.enumerated() {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            lines.append("  \(from) \(edge.state == .removed ? "-.->" : "-->") \(to)")
            let style: String?
            if edge.isNewViolation {
                style = "stroke:\(Severity.error.color),stroke-width:3px"
            } else {
                switch edge.state {
                case .added: style = "stroke:\(Self.addedColor),stroke-width:2px"
                case .removed: style = "stroke:\(Self.removedColor),stroke-dasharray:4 4"
                case .unchanged: style = nil
                }
            }
            if let style { styles[style, default: []].append(index) }
        }
        for (style, links) in styles.sorted(by: { $0.key < $1.key }) {
            lines.append("  linkStyle \(links.map(String.init).joined(separator: ",")) \(style)")
        }
        let added = neighbourhood.nodes.filter { $0.isAdded == true }.compactMap { ids[$0.name] }
        let removed = neighbourhood.nodes.filter { $0.isAdded == false }.compactMap { ids[$0.name] }
        if !added.isEmpty {
            lines.append("  classDef added stroke:\(Self.addedColor),stroke-width:2px")
            lines.append("  class \(added.joined(separator: ",")) added")
        }
        if !removed.isEmpty {
            lines.append("  classDef removed stroke:\(Self.removedColor),stroke-dasharray:4 4,color:\(Self.removedColor)")
            lines.append("  class \(removed.joined(separator: ",")) removed")
        }
        return lines.joined(separator: "\n")
    }

    /// The fenced block and a line saying what the caps left out; nil when nothing changed in the module graph.
    var lines: [String]? {
        guard let source else { return nil }
        var lines = ["```mermaid", source, "```"]
        if let note = neighbourhood.omittedNote { lines += ["", "_\(note)._"] }
        return lines
    }
}

