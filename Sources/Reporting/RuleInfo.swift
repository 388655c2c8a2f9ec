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

    /// A team's own rules (`custom:<name>`), with their comments as summary and help.
    public static func custom(_ rules: CustomRules) -> [RuleInfo] {
        func info(_ name: String, _ kind: String, _ comment: String?, _ severity: RuleSeverity) -> RuleInfo {
            let summary = comment ?? "A team's own `\(kind):` rule."
            return RuleInfo(
                id: CustomRules.ruleID(name), summary: summary, rationale: summary,
                defaultSeverity: severity.severity ?? .note)
        }
        var infos = rules.forbidden.map { info($0.name, "forbidden", $0.comment, $0.severity) }
            + rules.required.map { info($0.name, "required", $0.comment, $0.severity) }
            + rules.types.map { info($0.name, "types", $0.comment, $0.severity) }
        if !rules.allowed.isEmpty {
            let summary = "A dependency that no `allowed:` entry of .archlint.yml allows."
            infos.append(RuleInfo(
                id: CustomRules.notInAllowedID, summary: summary, rationale: summary,
                defaultSeverity: rules.allowedSeverity.severity ?? .note))
        }
        return infos
    }

    /// Plain-text help: the rationale, then how to configure and suppress the rule.
    public var help: String {
        let configure = id.hasPrefix(CustomRules.prefix)
            ? "It is a rule of this repository's .archlint.yml (`archlint rules \(id)` shows it); change it there"
            : "Configure its severity in .archlint.yml (rules: {\(id): error|warning|note|off})"
        return """
            \(rationale)

            \(configure), or silence one occurrence with `// archlint:disable:next \(id) - reason`.
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
