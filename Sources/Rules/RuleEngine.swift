import ArchlintModel

/// Runs every enabled rule and applies configured severities. Pipeline diagnostics from the workspace
/// (manifest-unresolved, unreadable-file, syntax-error, file-too-complex) go through the same severity settings.
public enum RuleEngine {
    /// Rules are independent pure functions of the context: they run in parallel, and their results are merged in
    /// registry order, so the output never depends on scheduling.
    /// - Parameter timing: called with each enabled rule's id and its wall-clock time in seconds, in registry order.
    /// - Parameter activation: which rule groups run (`RuleActivation(context)` when nil).
    public static func run(
        _ context: LintContext, rules: [any Rule.Type] = RuleRegistry.all, activation: RuleActivation? = nil,
        timing: ((String, Double) -> Void)? = nil
    ) -> [Diagnostic] {
        let activation = activation ?? RuleActivation(context)
        let enabled = rules.compactMap { ruleType -> (any Rule.Type, Severity)? in
            guard activation.isActive(ruleType.description) else { return nil }
            return severity(for: ruleType.description.id, context.configuration).map { (ruleType, $0) }
        }
        let results = parallelMap(count: enabled.count) { index in timed { enabled[index].0.init().check(context) } }
        var diagnostics: [Diagnostic] = []
        for ((ruleType, severity), (found, seconds)) in zip(enabled, results) {
            timing?(ruleType.description.id, seconds)
            diagnostics += found.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.severity = severity
                return diagnostic
            }
        }
        // A team's own rules carry their severities; the unmatched-rule warning follows `rules:` like any id.
        for diagnostic in CustomRuleEngine.run(context) {
            if diagnostic.rule == CustomRuleEngine.unmatchedRuleID {
                guard let severity = severity(for: diagnostic.rule, context.configuration) else { continue }
                var diagnostic = diagnostic
                diagnostic.severity = severity
                diagnostics.append(diagnostic)
            } else {
                diagnostics.append(diagnostic)
            }
        }
        for diagnostic in context.workspace.diagnostics + context.configuration.diagnostics {
            guard let severity = severity(for: diagnostic.rule, context.configuration) else { continue }
            var diagnostic = diagnostic
            diagnostic.severity = severity
            diagnostics.append(diagnostic)
        }
        return diagnostics.sorted(by: Diagnostic.stableOrder)
    }

    /// The configured severity, the default when not configured, nil when `off`.
    public static func severity(for id: String, _ configuration: ArchlintConfiguration) -> Severity? {
        if let setting = configuration.rules[id] { return setting.severity.severity }
        return RuleRegistry.defaultSeverity(of: id)
    }
}
