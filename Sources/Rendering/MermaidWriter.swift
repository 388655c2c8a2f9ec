import ArchlintModel
import Graphs

/// Graphs → Mermaid `flowchart` text (for Markdown in PRs and wikis). Same meaning as the DOT output:
/// clusters become subgraphs, kinds become shapes and classes, findings are links labelled with the rule id in
/// their severity's colour (errors red, warnings amber, notes grey), cycles thick links. Node ids are synthetic (`n0`, `n1`, … in sorted order); every label is escaped
/// with Mermaid entity codes. Deterministic.
public enum MermaidWriter {
    /// `caption` becomes a `%%` comment on the second line; `direction` is TB, BT, LR or RL; `clusters` as in DOT.
    public static func modules(
        graph: ModuleGraph, diagnostics: [Diagnostic], configuration: ArchlintConfiguration,
        classifier: ArchitectureClassifier? = nil, caption: String? = nil, direction: String = "TB",
        clusters: GraphClusters = .layers
    ) -> String {
        let classifier = classifier ?? ArchitectureClassifier(configuration: configuration, graph: graph)
        let index = DiagnosticIndex(moduleGraph: graph, diagnostics: diagnostics)
        var document = MermaidDocument(direction: direction, caption: caption)
        let nodes = graph.nodes.sorted { $0.id < $1.id }
        let byLayer = clusters == .layers && classifier.hasLayers
        var groups: [String: (label: String, ids: [String])] = [:]
        for node in nodes {
            let kind = classifier.kind(of: node)
            let severity = index.severity(ofNode: node.id)
            document.addNode(node.id, label: node.name, shape: shape(kind), classes: [kind.rawValue] + MermaidDocument.findingClasses(severity))
            if clusters == .none { continue }
            if byLayer, let layer = classifier.layer(of: node) {
                let key = "layer_" + String(String(layer.index + 1_000).dropFirst())
                groups[key, default: ("layer: \(layer.name)", [])].ids.append(node.id)
            } else if !byLayer, let package = node.package {
                let external = node.type == .external
                groups[(external ? "external_" : "package_") + package, default: (external ? "\(package) (external)" : package, [])]
                    .ids.append(node.id)
            }
        }
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) { document.addGroup(label: group.label, members: group.ids) }
        for (pair, edges) in Dictionary(grouping: graph.edges, by: { DirectedPair(from: $0.from, to: $0.to) }).sorted(by: { $0.key < $1.key }) {
            let imported = edges.contains { $0.kind == .import }
            document.addLink(pair, findings: index.edges[pair], dashed: !imported, label: nil)
        }
        for kind in ModuleKind.allCases {
            let look = GraphStyle.look(kind)
            document.classDefinitions.append("classDef \(kind.rawValue) fill:\(look.fill),stroke:\(look.border),color:#24292f")
        }
        return document.text
    }

    public static func components(graph: ComponentGraph, diagnostics: [Diagnostic], direction: String = "TB") -> String {
        let index = DiagnosticIndex(componentGraph: graph, diagnostics: diagnostics)
        var document = MermaidDocument(direction: direction)
        var groups: [String: [String]] = [:]
        for node in graph.nodes.sorted(by: { $0.id < $1.id }) {
            let kind = ComponentKindStyle(rawValue: node.type.rawValue) ?? .component
            let className = kind == .nonCore ? "noncore" : kind.rawValue
            document.addNode(node.id, label: node.name, shape: shape(kind),
                             classes: [className] + MermaidDocument.findingClasses(index.severity(ofNode: node.id)))
            // One subgraph per Needle scope (app) when the graph has several, else per module.
            if let group = node.scope ?? node.module { groups[group, default: []].append(node.id) }
        }
        for (module, members) in groups.sorted(by: { $0.key < $1.key }) { document.addGroup(label: module, members: members) }
        for (pair, edges) in Dictionary(grouping: graph.edges, by: { DirectedPair(from: $0.from, to: $0.to) }).sorted(by: { $0.key < $1.key }) {
            let conditional = !edges.contains { $0.condition == nil }
            let conditions = Set(edges.compactMap(\.condition)).sorted().map { "#if \($0)" }.joined(separator: ", ")
            document.addLink(pair, findings: index.edges[pair], dashed: conditional, label: conditional ? conditions : nil)
        }
        for kind in ComponentKindStyle.allCases {
            let look = GraphStyle.look(kind)
            let className = kind == .nonCore ? "noncore" : kind.rawValue
            document.classDefinitions.append("classDef \(className) fill:\(look.fill),stroke:\(look.border),color:#24292f")
        }
        return document.text
    }

    /// The layer overview: a subgraph per group, a node per feature or group of modules (labelled with counts),
    /// links labelled with module-edge counts, red with the number of violations.
    public static func layers(_ overview: LayerOverview, direction: String = "TB") -> String {
        var document = MermaidDocument(direction: direction, caption: overview.caption)
        let nodesByID = Dictionary(overview.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for node in overview.nodes {
            document.addNode(node.id, label: node.label, shape: node.kind == .feature ? .rounded : .box,
                             classes: [node.look.rawValue] + MermaidDocument.findingClasses(node.internalSeverity))
        }
        for group in overview.groups {
            document.addGroup(label: group.kind == .layer ? "layer: \(group.label)" : group.label,
                              members: group.nodes.filter { nodesByID[$0] != nil })
        }
        for edge in overview.edges {
            let violations = edge.violations > 0 ? " · \(edge.violations) violation\(edge.violations == 1 ? "" : "s")" : ""
            document.addLink(
                DirectedPair(from: edge.from, to: edge.to),
                findings: edge.severity.map { DiagnosticIndex.EdgeFindings(severity: $0) }, dashed: false,
                label: "\(edge.moduleEdges)\(violations)")
        }
        for kind in ModuleKind.allCases {
            let look = GraphStyle.look(kind)
            document.classDefinitions.append("classDef \(kind.rawValue) fill:\(look.fill),stroke:\(look.border),color:#24292f")
        }
        return document.text
    }

    private static func shape(_ kind: ModuleKind) -> MermaidDocument.Shape {
        switch kind {
        case .app: .hexagon
        case .feature: .rounded
        case .interface: .subroutine
        case .core: .box
        case .external: .stadium
        case .test: .flag
        }
    }

    private static func shape(_ kind: ComponentKindStyle) -> MermaidDocument.Shape {
        switch kind {
        case .root: .hexagon
        case .component: .rounded
        case .nonCore: .stadium
        case .pluginized: .subroutine
        }
    }
}

/// Builds Mermaid flowchart text.
struct MermaidDocument {
    enum Shape {
        case box, rounded, stadium, subroutine, hexagon, flag

        func wrap(_ label: String) -> String {
            let quoted = "\"" + label + "\""
            switch self {
            case .box: return "[\(quoted)]"
            case .rounded: return "(\(quoted))"
            case .stadium: return "([\(quoted)])"
            case .subroutine: return "[[\(quoted)]]"
            case .hexagon: return "{{\(quoted)}}"
            case .flag: return ">\(quoted)]"
            }
        }
    }

    /// TB, BT, LR or RL (anything else: TB).
    var direction = "TB"
    /// Written as a `%%` comment under the header.
    var caption: String?

    init(direction: String = "TB", caption: String? = nil) {
        self.direction = ["TB", "BT", "LR", "RL"].contains(direction) ? direction : "TB"
        self.caption = caption
    }

    private var ids: [String: String] = [:]
    private var nodeLines: [String] = []
    private var groupLines: [String] = []
    private var linkLines: [String] = []
    private var linkStyles: [String] = []
    private var classAssignments: [String] = []
    var classDefinitions: [String] = []

    mutating func addNode(_ id: String, label: String, shape: Shape, classes: [String]) {
        let synthetic = "n\(ids.count)"
        ids[id] = synthetic
        nodeLines.append("  \(synthetic)\(shape.wrap(Self.escape(label)))")
        classAssignments.append("  class \(synthetic) \(classes.joined(separator: ","))")
    }

    mutating func addGroup(label: String, members: [String]) {
        groupLines.append("  subgraph g\(groupLines.count)[\"\(Self.escape(label))\"]")
        groupLines[groupLines.count - 1] += "\n" + members.compactMap { ids[$0] }.map { "    \($0)" }.joined(separator: "\n") + "\n  end"
    }

    mutating func addLink(_ pair: DirectedPair, findings: DiagnosticIndex.EdgeFindings?, dashed: Bool, label: String?) {
        guard let from = ids[pair.from], let to = ids[pair.to] else { return }
        let text = [findings.map { $0.rules.joined(separator: ", ") }, label].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: " ")
        let arrow = findings?.isCycle == true ? "==>" : (dashed ? "-.->" : "-->")
        let labelText = text.isEmpty ? "" : "|\"\(Self.escape(text))\"|"
        if let findings {
            let width = findings.isCycle ? 4 : 2
            let colour = GraphStyle.color(findings.severity)
            linkStyles.append("  linkStyle \(linkLines.count) stroke:\(colour),stroke-width:\(width)px,color:\(colour)")
        }
        linkLines.append("  \(from) \(arrow)\(labelText) \(to)")
    }

    var text: String {
        var lines = ["flowchart \(direction)"]
        if let caption, !caption.isEmpty {
            lines += caption.split(whereSeparator: \.isNewline).map { "  %% " + ControlCharacters.visible(String($0)) }
        }
        lines += nodeLines + groupLines + linkLines
        lines += classDefinitions.map { "  " + $0 }
        for severity in Severity.allCases.reversed() {
            lines.append("  classDef \(Self.findingClass(severity)) stroke:\(GraphStyle.color(severity)),stroke-width:3px")
        }
        lines += classAssignments + linkStyles
        return lines.joined(separator: "\n") + "\n"
    }

    /// The class of a node with findings, by the most severe: `violation` (errors), `warning`, `note`.
    static func findingClass(_ severity: Severity) -> String {
        severity == .error ? "violation" : severity.rawValue
    }

    static func findingClasses(_ severity: Severity?) -> [String] {
        severity.map { [findingClass($0)] } ?? []
    }

    /// A quoted label's text: `MermaidText`, the one Mermaid escaping (markup characters as entity codes, control
    /// and bidi characters visible).
    static func escape(_ text: String) -> String {
        MermaidText.label(text)
    }
}
