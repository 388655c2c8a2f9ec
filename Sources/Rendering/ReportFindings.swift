import ArchlintModel

/// The diagnostics table's rows: grouped by severity (errors first) and rule, one row per thing a finding is
/// about — one module edge (a cross-feature import from three files is one row with three locations), else one
/// message — each with links to where it is drawn.
struct ReportFindings {
    struct GraphLink: Hashable {
        var anchor: String
        var title: String
        var elementIDs: [String]
    }

    struct Row {
        var id: String
        var diagnostics: [Diagnostic]
        var links: [GraphLink]

        var messages: [String] {
            var seen: Set<String> = []
            return diagnostics.map(\.message).filter { seen.insert($0).inserted }
        }

        /// Every element id the row links to (a click on one of them in a graph scrolls to the row).
        var elementIDs: [String] { links.flatMap(\.elementIDs) }
    }

    struct Group {
        var rule: String
        var severity: Severity
        var rows: [Row]
        var findings: Int { rows.reduce(0) { $0 + $1.diagnostics.count } }
        var anchor: String { "rule-" + severity.rawValue + "-" + ReportGraph.sanitizedAnchor(rule) }
    }

    let groups: [Group]

    init(diagnostics: [Diagnostic], graphs: [ReportGraph]) {
        var rowsByKey: [String: (first: Int, diagnostics: [Diagnostic])] = [:]
        var order: [String] = []
        for (position, diagnostic) in diagnostics.sorted(by: Diagnostic.stableOrder).enumerated() {
            let key = Self.rowKey(diagnostic, graphs: graphs)
            if rowsByKey[key] == nil {
                rowsByKey[key] = (position, [])
                order.append(key)
            }
            rowsByKey[key]!.diagnostics.append(diagnostic)
        }
        var groups: [String: Group] = [:]
        var rowNumber = 0
        for key in order {
            let members = rowsByKey[key]!.diagnostics
            let first = members[0]
            rowNumber += 1
            let links = graphs.compactMap { graph -> GraphLink? in
                var ids: [String] = []
                for diagnostic in members {
                    for id in graph.targets[diagnostic]?.elementIDs(graphID: graph.graphID) ?? [] where !ids.contains(id) {
                        ids.append(id)
                    }
                }
                guard !ids.isEmpty, graph.svg != nil else { return nil }
                return GraphLink(anchor: graph.anchor, title: graph.title, elementIDs: ids)
            }
            let groupKey = first.severity.rawValue + "\u{0}" + first.rule
            groups[groupKey, default: Group(rule: first.rule, severity: first.severity, rows: [])].rows
                .append(Row(id: "finding-\(rowNumber)", diagnostics: members, links: links))
        }
        self.groups = groups.values.sorted {
            $0.severity != $1.severity ? $0.severity > $1.severity : $0.rule < $1.rule
        }
    }

    /// Same rule and severity, and the same drawn edges (when the finding is on edges only), else the same message.
    private static func rowKey(_ diagnostic: Diagnostic, graphs: [ReportGraph]) -> String {
        var edgeIDs: [String] = []
        var onNodes = false
        for graph in graphs {
            guard let targets = graph.targets[diagnostic] else { continue }
            if !targets.nodes.isEmpty { onNodes = true }
            edgeIDs += targets.edges.map { GraphElementID.edge(graphID: graph.graphID, from: $0.from, to: $0.to) }
        }
        let prefix = diagnostic.severity.rawValue + "\u{0}" + diagnostic.rule + "\u{0}"
        if !edgeIDs.isEmpty && !onNodes {
            return prefix + "edges\u{0}" + edgeIDs.sorted().joined(separator: " ")
        }
        return prefix + "message\u{0}" + diagnostic.message
    }
}
