import ArchlintModel
import Dispatch

/// Runs every enabled rule and applies configured severities. Pipeline diagnostics from the workspace
/// (manifest-unresolved, unreadable-file, syntax-error) go through the same severity settings.
public enum RuleEngine {
    /// - Parameter timing: called with each enabled rule's id and its wall-clock time in seconds.
    public static func run(
        _ context: LintContext, rules: [any Rule.Type] = RuleRegistry.all, timing: ((String, Double) -> Void)? = nil
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for ruleType in rules {
            let id = ruleType.description.id
            guard let severity = severity(for: id, context.configuration) else { continue }
            let start = DispatchTime.now().uptimeNanoseconds
            let found = ruleType.init().check(context)
            timing?(id, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            diagnostics += found.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.severity = severity
                return diagnostic
            }
        }
        for diagnostic in context.workspace.diagnostics {
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
