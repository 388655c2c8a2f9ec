import ArchlintModel

/// The rule ids the configuration documents (and `Rules/archlint.schema.json` enumerates), and the options each
/// rule accepts. A `rules:` key must be one of these or one of the ids the running binary knows.
public enum RuleCatalog {
    public enum OptionKind: String, Sendable {
        /// A list of strings.
        case stringList = "list of strings"
        /// A list of `Glob` patterns.
        case globList = "list of globs"
        /// A list of `{from: glob, to: glob}` module-name pairs.
        case allowList = "list of {from, to} globs"
        case bool = "boolean"
    }

    public struct Option: Sendable {
        public var name: String
        public var kind: OptionKind
        public var summary: String
    }

    /// Rule id → accepted options (empty: the rule takes none). Ids are fixed by the issues.
    public static let options: [(id: String, options: [Option])] = [
        ("cross-feature-import", [
            Option(name: "allow", kind: .allowList,
                   summary: "Exceptions: a feature module matching `from` may import a module matching `to`."),
        ]),
        ("module-cycle", []),
        ("layer-violation", [
            Option(name: "allow", kind: .allowList,
                   summary: "Exceptions: a module matching `from` may import a higher-layer module matching `to`."),
        ]),
        ("undeclared-import", [
            Option(name: "ignore", kind: .globList, summary: "Imported module names never reported."),
            Option(name: "allowTransitive", kind: .bool,
                   summary: "Accept imports of targets reachable through declared dependencies (SwiftPM's own check); report only imports outside them."),
        ]),
        ("unused-dependency", [
            Option(name: "ignore", kind: .globList,
                   summary: "Dependency names never reported (resource-only or link-only dependencies)."),
        ]),
        ("missing-dependency", []),
        ("missing-dependency-conformance", []),
        ("invalid-component-instantiation", []),
        ("component-cycle", []),
        ("orphan-component", []),
        ("duplicate-component", []),
        ("view-router-shortcut", [
            Option(name: "viewBaseTypes", kind: .stringList,
                   summary: "Base types and protocols that make a type a view (`View`, `UIViewController`, …)."),
            Option(name: "viewSuffixes", kind: .stringList,
                   summary: "Type-name suffixes that make a type a view (`View`, `ViewController`)."),
            Option(name: "routerSuffixes", kind: .stringList,
                   summary: "Type-name suffixes that make a type a router (`Router`, `Routing`)."),
        ]),
        ("builder-anyview", []),
        (PipelineRuleID.manifestUnresolved, []),
        (PipelineRuleID.unreadableFile, []),
        (PipelineRuleID.syntaxError, []),
        (PipelineRuleID.fileTooComplex, []),
        (PipelineRuleID.invalidSuppression, []),
        (PipelineRuleID.unusedSuppression, []),
        (PipelineRuleID.configShadowedEntry, []),
    ]

    public static var documentedRuleIDs: [String] { options.map(\.id) }

    /// The options of a documented rule; nil for an id the catalog doesn't document (then options are free-form).
    public static func options(for id: String) -> [Option]? {
        options.first { $0.id == id }?.options
    }
}
