/// The sections every format of a diff shows (text, Markdown, the HTML report's "Changes since" section): one title, its columns and rows per non-empty kind of change.
public enum DiffSections {
    public struct Row: Sendable {
        /// `+`, `-`, `~`.
        public var marker: String
        public var text: [String]
    }

    public struct Section: Sendable {
        public var title: String
        public var columns: [String]
        public var rows: [Row]
    }

    public static func sections(_ diff: ArchitectureDiff) -> [Section] {
        var sections: [Section] = []
        func add(_ title: String, _ columns: [String], _ rows: [Row]) {
            if !rows.isEmpty { sections.append(Section(title: title, columns: columns, rows: rows)) }
        }
        add("Modules", ["module", "kind"],
            diff.modules.added.map { Row(marker: "+", text: [$0.name, $0.kind.rawValue]) }
                + diff.modules.removed.map { Row(marker: "-", text: [$0.name, $0.kind.rawValue]) }
                + diff.modules.renamed.map { Row(marker: "~", text: ["\($0.from) → \($0.to)", "renamed"]) }
                + diff.modules.kindChanged.map { Row(marker: "~", text: [$0.name, "\($0.from.rawValue) → \($0.to.rawValue)"]) })
        add("Module edges", ["edge", "kind", "where"],
            diff.moduleEdges.added.map { Row(marker: "+", text: ["\($0.from) → \($0.to)", $0.kind.rawValue, locations($0.locations)]) }
                + diff.moduleEdges.removed.map { Row(marker: "-", text: ["\($0.from) → \($0.to)", $0.kind.rawValue, ""]) })
        add("Components", ["component", "module", "where"],
            diff.components.added.map { Row(marker: "+", text: [$0.name, $0.module ?? "", location($0.location)]) }
                + diff.components.removed.map { Row(marker: "-", text: [$0.name, $0.module ?? "", location($0.location)]) })
        add("Component edges", ["parent → child"],
            diff.componentEdges.added.map { Row(marker: "+", text: ["\($0.from) → \($0.to)"]) }
                + diff.componentEdges.removed.map { Row(marker: "-", text: ["\($0.from) → \($0.to)"]) })
        add("Dependency requirements", ["component", "property", "provider"],
            diff.dependencies.added.map { Row(marker: "+", text: [$0.component, "\($0.property): \($0.type)", $0.provider ?? "none"]) }
                + diff.dependencies.removed.map { Row(marker: "-", text: [$0.component, "\($0.property): \($0.type)", $0.provider ?? "none"]) })
        add("Cycles", ["modules"],
            diff.cycles.introduced.map { Row(marker: "+", text: [$0.joined(separator: " ↔ ")]) }
                + diff.cycles.broken.map { Row(marker: "-", text: [$0.joined(separator: " ↔ ")]) })
        add("Findings", ["severity", "rule", "where", "message"],
            diff.findings.introduced.map { Row(marker: "+", text: [$0.severity.rawValue, $0.rule, location($0.location), $0.message]) }
                + diff.findings.fixed.map { Row(marker: "-", text: [$0.severity.rawValue, $0.rule, location($0.location), $0.message]) })
        return sections
    }

    static func location(_ location: SourceLocation) -> String {
        "\(location.file):\(location.line):\(location.column)"
    }

    /// The first three locations, then how many more.
    static func locations(_ locations: [SourceLocation]) -> String {
        let shown = locations.prefix(3).map(location).joined(separator: ", ")
        return locations.count > 3 ? shown + " (+\(locations.count - 3) more)" : shown
    }
}
