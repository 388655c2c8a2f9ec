import ArchlintModel
import Configuration

/// The one answer to "is this rule on, at what severity, and what does a run report": made once per run from the
/// configuration and the rule activation (`RuleActivation`), and read by the rule engine, the scan demand, the
/// suppression filter and so by `lint`, `graph`, `diff`, `generate`, `baseline` and the report.
///
/// A rule is on when the configuration doesn't set it `off` (its default severity otherwise) and its group runs on
/// this codebase (or the configuration sets the rule itself). Before the code is read (`activation` nil: the
/// scan's demand), every group may run.
public struct FindingsPolicy: Sendable {
    public let configuration: ArchlintConfiguration
    /// Which rule groups run; nil before the code is read.
    public let activation: RuleActivation?

    public init(configuration: ArchlintConfiguration, activation: RuleActivation?) {
        self.configuration = configuration
        self.activation = activation
    }

    /// The severity findings of `id` are reported at; nil when the rule is off here (configured `off`, or its
    /// group doesn't run). Pipeline ids and a team's `custom:` ids follow `rules:` like any id.
    public func severity(for id: String) -> Severity? {
        if let activation, let rule = RuleRegistry.description(id: id), !activation.isActive(rule) { return nil }
        if let setting = configuration.rules[id] { return setting.severity.severity }
        return RuleRegistry.defaultSeverity(of: id)
    }

    /// A rule's findings at `severity` (its `severity(for:)`): a finding the rule reports below its default (a note
    /// beside its warnings) stays below it.
    public func report(_ findings: [Diagnostic], of rule: RuleDescription, at severity: Severity) -> [Diagnostic] {
        findings.map { finding in
            var finding = finding
            finding.severity = finding.severity < rule.defaultSeverity ? min(finding.severity, severity) : severity
            return finding
        }
    }

    /// `diagnostics` at the severities their ids report at here, without those whose id is off.
    public func report(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            guard let severity = severity(for: diagnostic.rule) else { return nil }
            var diagnostic = diagnostic
            diagnostic.severity = severity
            return diagnostic
        }
    }

    /// Whether `rule` runs.
    public func isOn(_ rule: RuleDescription) -> Bool { severity(for: rule.id) != nil }

    /// Every id a suppression may name: the registry's and the team's own rules.
    public var knownRuleIDs: Set<String> { Set(RuleRegistry.allIDs + configuration.customRules.ruleIDs) }

    /// The ids that don't run here: a suppression naming one is not unused.
    public var inactiveRuleIDs: Set<String> {
        let custom = configuration.customRules
        let builtIn = RuleRegistry.allIDs.filter { severity(for: $0) == nil }
        let team = (custom.forbidden + custom.required).filter { $0.severity == .off }.map { CustomRules.ruleID($0.name) }
            + custom.types.filter { $0.severity == .off }.map { CustomRules.ruleID($0.name) }
            + (custom.allowedSeverity == .off && !custom.allowed.isEmpty ? [CustomRules.notInAllowedID] : [])
        return Set(builtIn + team)
    }
}
