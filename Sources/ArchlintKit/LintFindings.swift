import ArchlintModel
import Foundation
import Rendering
import Reporting
import Rules
import Workspace

/// A lint's findings before filtering, with what filtering, reporting and the exit status need of the analysis:
/// the summary counts, the suppression index, the flagged edges, which rule groups ran. Small and `Codable`: it is
/// stored, and a run over an unchanged tree reuses it (see `Analyzer.lint`) without decoding any facts.
public struct LintFindings: Codable, Hashable, Sendable {
    public var root: String
    public var fileCount: Int
    public var moduleCount: Int
    public var componentCount: Int
    /// All diagnostics after severities are applied, before suppressions/baseline filtering.
    public var diagnostics: [Diagnostic]
    /// What the suppression and changed-files filters read: every file's suppression comments with its module,
    /// and the manifests declaring each module.
    public var suppressionIndex: SuppressionIndex
    /// What discovery skipped by default, for the summary.
    public var skipped: DiscoverySkips
    /// The module edges `diagnostics` are about, with which of them (indexes), so a report of a filtered subset
    /// draws only the edges its diagnostics are still on.
    public var flaggedEdges: [FlaggedEdge]
    /// Which rule groups ran, and why (the text summary says it).
    public var ruleActivation: RuleActivation
    /// What was withheld because the declarations it rests on are partly unread (the summaries count it).
    public var withheld: WithheldFindings

    public struct FlaggedEdge: Codable, Hashable, Sendable {
        /// The modules' display names (see `ViolatingEdge`).
        public var from: String
        public var to: String
        /// Indexes into `diagnostics`.
        public var diagnostics: [Int]
    }

    public init(analysis: ArchitectureAnalysis) {
        skipped = analysis.workspace.skipped
        root = analysis.workspace.root
        // Entries are per (file, module): a file an app and its extension both compile counts once.
        fileCount = Set(analysis.workspace.files.map(\.path)).count
        moduleCount = analysis.workspace.modules.count
        // A component several Needle scopes hold is one declaration.
        componentCount = Set(analysis.componentGraph.nodes.map { "\($0.file):\($0.line):\($0.column)" }).count
        diagnostics = analysis.diagnostics
        ruleActivation = analysis.ruleActivation
        withheld = analysis.withheld
        suppressionIndex = SuppressionIndex(analysis.workspace)
        let graph = analysis.moduleGraph
        let sharedNames = Set(Dictionary(grouping: graph.nodes, by: \.name).filter { $0.value.count > 1 }.keys)
        let names = Dictionary(graph.nodes.map { ($0.id, sharedNames.contains($0.name) ? $0.id : $0.name) }) { first, _ in first }
        flaggedEdges = DotWriter.flaggedEdgeDiagnostics(graph: graph, diagnostics: analysis.diagnostics).map { edge in
            FlaggedEdge(from: names[edge.from] ?? edge.from, to: names[edge.to] ?? edge.to, diagnostics: edge.diagnostics)
        }
    }

    /// The report of `diagnostics` (the filtered per-location diagnostics; all of them by default): grouped into
    /// findings (`FindingGrouping`), counted and drawn as findings.
    public func report(diagnostics: [Diagnostic]? = nil) -> LintReport {
        let perLocation = diagnostics ?? self.diagnostics
        let shown = FindingGrouping.group(perLocation)
        return LintReport(
            root: root,
            summary: .init(
                files: fileCount,
                modules: moduleCount,
                components: componentCount,
                errors: shown.count { $0.severity == .error },
                warnings: shown.count { $0.severity == .warning },
                notes: shown.count { $0.severity == .note },
                withheld: withheld
            ),
            diagnostics: shown,
            violatingEdges: violatingEdges(shown: perLocation)
        )
    }

    /// The flagged edges that `shown` (per-location) diagnostics are still on, each with what those say, counted
    /// as findings.
    func violatingEdges(shown: [Diagnostic]) -> [ViolatingEdge] {
        let shown = Set(shown)
        return flaggedEdges.compactMap { edge in
            let on = edge.diagnostics.filter(diagnostics.indices.contains).map { diagnostics[$0] }.filter(shown.contains)
            guard let severity = on.map(\.severity).max() else { return nil }
            let findings = FindingGrouping.group(on)
            let rules = Dictionary(grouping: findings, by: \.rule).map { ViolatingEdge.RuleFindings(rule: $0.key, findings: $0.value.count) }
            return ViolatingEdge(
                from: edge.from, to: edge.to, rules: rules.sorted { $0.rule < $1.rule }, severity: severity,
                isCycle: on.contains { $0.rule == CycleRuleID.moduleCycle })
        }.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }

    /// The key a stored result is valid under, besides the tree fingerprint (which already covers the archlint
    /// build and the scan-relevant config): the root as given (it appears in reports) and the whole resolved
    /// configuration (rules, severities, layers, features, options).
    static func storageSalt(root: String, configuration: ArchlintConfiguration) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(configuration) else { return nil }
        return "lint-result|\(root.utf8.count):\(root)|\(String(XXHash64.hash(data), radix: 16))"
    }
}

/// What `Analyzer.lint` returns: the fresh configuration, the findings, and the full analysis when it was
/// computed (nil when an unchanged tree's stored findings were reused).
public struct LintAnalysis: Sendable {
    public var configuration: ArchlintConfiguration
    public var findings: LintFindings
    public var analysis: ArchitectureAnalysis?
    public var statistics: ScanStatistics

    /// Which rules are on here and at what severity (`ArchitectureAnalysis.policy`, kept with stored findings).
    public var policy: FindingsPolicy { FindingsPolicy(configuration: configuration, activation: findings.ruleActivation) }
}
