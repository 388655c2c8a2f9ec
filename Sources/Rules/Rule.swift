import ArchlintModel
import Graphs

/// What a rule is, SwiftLint-style: the examples are both its tests and its documentation.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    /// One sentence: what it flags.
    public var summary: String
    /// Why it matters and how to fix it.
    public var rationale: String
    public var defaultSeverity: Severity
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String, name: String, summary: String, rationale: String, defaultSeverity: Severity,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A mini-repository: relative path → file content. In triggering examples, each `↓` marks where the rule
/// must report (the marker is removed before scanning); the rule must report exactly there and nowhere else.
/// `configuration` is `.archlint.yml` text applied to the example (nil: the default preset).
public struct RuleExample: Sendable {
    public var files: [String: String]
    public var configuration: String?
    /// A short caption printed by `archlint rules <id>`.
    public var caption: String?

    public init(_ files: [String: String], configuration: String? = nil, caption: String? = nil) {
        self.files = files
        self.configuration = configuration
        self.caption = caption
    }

    /// Marks where a triggering example must report; removed before the example is scanned.
    public static let marker: Character = "↓"
}

/// Everything a rule may read. Rules never parse or touch the file system. The indexes are built once per run
/// and shared by every rule.
public struct LintContext: Sendable {
    public let workspace: WorkspaceModel
    public let moduleGraph: ModuleGraph
    public let componentGraph: ComponentGraph
    public let configuration: ArchlintConfiguration
    /// Lookups over `moduleGraph` (edges by module, declared dependencies, re-exports).
    public let moduleIndex: ModuleGraphIndex
    /// Components, Dependency protocols, builders and the type index of the workspace.
    public let needle: NeedleAnalysis
    /// One Needle world per app (the scopes `componentGraph` was built from).
    public let needleScopes: NeedleScopes
    /// Each module's layer, feature, interface, shared and test status and kind: the one answer rules,
    /// pictures and reports share.
    public let classifier: ArchitectureClassifier

    public init(
        workspace: WorkspaceModel, moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        configuration: ArchlintConfiguration, moduleIndex: ModuleGraphIndex? = nil, needle: NeedleAnalysis? = nil,
        needleScopes: NeedleScopes? = nil, classifier: ArchitectureClassifier? = nil
    ) {
        self.workspace = workspace
        self.moduleGraph = moduleGraph
        self.componentGraph = componentGraph
        self.configuration = configuration
        self.moduleIndex = moduleIndex ?? ModuleGraphIndex(moduleGraph)
        let needle = needle ?? NeedleAnalysis(workspace)
        self.needle = needle
        self.needleScopes = needleScopes ?? NeedleScopes(workspace, moduleGraph: moduleGraph, global: needle)
        self.classifier = classifier ?? ArchitectureClassifier(configuration: configuration, graph: moduleGraph)
    }

    /// The type index (declarations and extensions by name).
    public var types: TypeIndex { needle.types }

    /// Options configured for a rule (empty when none).
    public func options(for ruleID: String) -> [String: ConfigValue] {
        configuration.rules[ruleID]?.options ?? [:]
    }
}

public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Returns diagnostics with the rule's default severity; the engine applies the configured severity.
    func check(_ context: LintContext) -> [Diagnostic]
}

extension Rule {
    public var description: RuleDescription { Self.description }
}
