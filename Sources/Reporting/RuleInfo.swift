import ArchlintModel
import Rules

/// What reporters say about a rule (SARIF `rules[]`, JUnit testcases).
public struct RuleInfo: Hashable, Sendable {
    public var id: String
    public var summary: String
    public var rationale: String
    public var defaultSeverity: Severity

    public init(id: String, summary: String, rationale: String, defaultSeverity: Severity) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
    }

    /// Every registered rule, then the pipeline's own ids (`RuleRegistry.allIDs` order).
    public static var registered: [RuleInfo] {
        RuleRegistry.descriptions.map { description in
            RuleInfo(
                id: description.id, summary: description.summary, rationale: description.rationale,
                defaultSeverity: description.defaultSeverity)
        }
    }

    /// Plain-text help: the rationale, then how to configure and suppress the rule.
    public var help: String {
        """
        \(rationale)

        Configure its severity in .archlint.yml (rules: {\(id): error|warning|note|off}), or silence one occurrence with `// archlint:disable:next \(id) - reason`.
        """
    }

    /// `rules`, plus an entry for any id the diagnostics use that `rules` doesn't list, so nothing is dropped.
    static func catalog(_ rules: [RuleInfo], including diagnostics: [Diagnostic]) -> [RuleInfo] {
        var entries = rules
        var known = Set(entries.map(\.id))
        for diagnostic in diagnostics.sorted(by: { $0.rule < $1.rule }) where !known.contains(diagnostic.rule) {
            known.insert(diagnostic.rule)
            entries.append(RuleInfo(
                id: diagnostic.rule, summary: "Reported by archlint.", rationale: "Reported by archlint.",
                defaultSeverity: diagnostic.severity))
        }
        return entries
    }
}
