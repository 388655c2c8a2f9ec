import ArchlintModel

/// The diagnostics table's rows: grouped by severity (errors first) and rule, one row per finding as
/// `FindingGrouping` makes them (a cross-feature import from three files is one finding, so one row with three
/// locations), each with links to where it is drawn.
struct ReportFindings {
    struct GraphLink: Hashable {
        var anchor: String
        var title: String
        var elementIDs: [String]
    }

    struct Row {
        var id: String
        var finding: Diagnostic
        var links: [GraphLink]

        /// The finding's location, then its other occurrences.
        var locations: [SourceLocation] { [finding.location] + finding.otherOccurrences.map(\.location) }

        /// Every element id the row links to (a click on one of them in a graph scrolls to the row).
        var elementIDs: [String] { links.flatMap(\.elementIDs) }
    }

    struct Group {
        var rule: String
        var severity: Severity
        var rows: [Row]
        var findings: Int { rows.count }
        var anchor: String { "rule-" + severity.rawValue + "-" + ReportGraph.sanitizedAnchor(rule) }
    }

    let groups: [Group]

    /// `diagnostics`: findings, or per-location diagnostics (grouped here the same way).
    init(diagnostics: [Diagnostic], graphs: [ReportGraph]) {
        var groups: [String: Group] = [:]
        for (number, (finding, members)) in FindingGrouping.findings(diagnostics).enumerated() {
            let links = graphs.compactMap { graph -> GraphLink? in
                var ids: [String] = []
                for diagnostic in [finding] + members {
                    for id in graph.targets[diagnostic]?.elementIDs(graphID: graph.graphID) ?? [] where !ids.contains(id) {
                        ids.append(id)
                    }
                }
                guard !ids.isEmpty, graph.svg != nil else { return nil }
                return GraphLink(anchor: graph.anchor, title: graph.title, elementIDs: ids)
            }
            let groupKey = finding.severity.rawValue + "\u{0}" + finding.rule
            groups[groupKey, default: Group(rule: finding.rule, severity: finding.severity, rows: [])].rows
                .append(Row(id: "finding-\(number + 1)", finding: finding, links: links))
        }
        self.groups = groups.values.sorted {
            $0.severity != $1.severity ? $0.severity > $1.severity : $0.rule < $1.rule
        }
    }
}
