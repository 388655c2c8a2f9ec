import ArchlintModel

/// Every rule archlint knows, in documentation order.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = ModuleRules.all + ComponentRules.all

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// Rule ids the pipeline itself emits, with their default severities and summaries.
    public static let pipelineRules: [(id: String, severity: Severity, summary: String)] = [
        (PipelineRuleID.manifestUnresolved, .warning, "A Package.swift construct could not be resolved statically."),
        (PipelineRuleID.unreadableFile, .warning, "A file or directory could not be read or decoded."),
        (PipelineRuleID.syntaxError, .warning, "A Swift file has syntax errors; its facts may be incomplete."),
        (PipelineRuleID.fileTooComplex, .warning, "A Swift file exceeds a scanner bound; only its imports were read."),
        (PipelineRuleID.invalidSuppression, .warning, "An archlint suppression comment names an unknown rule."),
        (PipelineRuleID.unusedSuppression, .warning, "An archlint suppression comment silences nothing."),
        (CustomRuleEngine.unmatchedRuleID, .warning, "A team's own rule in .archlint.yml matches no module or declaration."),
    ]

    /// Every known id: rules and pipeline ids (a team's own rules add `custom:<name>` ids per configuration).
    public static var allIDs: [String] {
        all.map { $0.description.id } + pipelineRules.map(\.id)
    }

    public static func defaultSeverity(of id: String) -> Severity? {
        rule(id: id)?.description.defaultSeverity ?? pipelineRules.first { $0.id == id }?.severity
    }
}
