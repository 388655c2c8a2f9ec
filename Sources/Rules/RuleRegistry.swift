import ArchlintModel
import Configuration

/// Every rule archlint knows. `all` is generated from the rule files by scripts/generate-rule-registry.sh
/// (docs/internals.md, "How to add a rule"); the parity tests check that it, the presets, the schema and the
/// documentation are current.
public enum RuleRegistry {
    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// The ids the pipeline itself emits (`PipelineRuleID`), documented like rules. They take no options.
    public static let pipeline: [RuleDescription] = PipelineRuleDescriptions.all

    /// Every rule's description, then the pipeline's.
    public static var descriptions: [RuleDescription] {
        all.map { $0.description } + pipeline
    }

    /// Every known id: rules and pipeline ids (a team's own rules add `custom:<name>` ids per configuration).
    public static var allIDs: [String] {
        descriptions.map(\.id)
    }

    public static func description(id: String) -> RuleDescription? {
        rule(id: id)?.description ?? pipeline.first { $0.id == id }
    }

    /// The severity a rule reports at when the configuration doesn't set it; nil for an opt-in rule (off).
    public static func defaultSeverity(of id: String) -> Severity? {
        description(id: id).flatMap { $0.enabledByDefault ? $0.defaultSeverity : nil }
    }

    /// What the configuration loader accepts under `rules:`: every id with the options derived from its type.
    public static var configurationSchemas: [RuleConfigurationSchema] {
        all.map { schema(of: $0) } + pipeline.map { RuleConfigurationSchema(id: $0.id, options: NoOptions.self) }
    }

    /// The options a rule accepts, derived from `R.Options`.
    public static func optionSchemas(of id: String) -> [RuleOptionSchema] {
        rule(id: id).map { schema(of: $0).options } ?? []
    }

    private static func schema<R: Rule>(of rule: R.Type) -> RuleConfigurationSchema {
        RuleConfigurationSchema(id: R.description.id, options: R.Options.self)
    }
}
