import ArchlintModel
import Configuration
import Graphs
import SystemSupport

/// Which kind of code a rule is about; also how the documentation groups rules, and what decides whether the
/// RIBs rules run by default (`RuleGroupActivation`).
public enum RuleGroup: String, Sendable, CaseIterable {
    /// The module graph: imports and declared dependencies.
    case module
    /// Needle's dependency-injection tree.
    case needle
    /// RIBs conventions (routers, builders, Needle components of RIBs): on by default only where the code uses RIBs.
    case ribs
    /// What the pipeline itself reports (unreadable files, syntax errors, suppressions, the configuration).
    case pipeline
    /// A team's own rules in `.archlint.yml` (`forbidden:`, `allowed:`, `required:`, `types:`): documented by
    /// kind of entry, their findings are `custom:<name>`.
    case custom

    public var title: String {
        switch self {
        case .module: "Module graph rules"
        case .needle: "Needle rules"
        case .ribs: "RIBs rules"
        case .pipeline: "Pipeline diagnostics"
        case .custom: "Your own rules"
        }
    }
}

/// What a rule is, SwiftLint-style: the examples are both its tests and its documentation.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    /// One sentence: what it flags.
    public var summary: String
    /// Why it matters and how to fix it.
    public var rationale: String
    /// The severity it reports at when on.
    public var defaultSeverity: Severity
    /// False for an opt-in rule: the default preset turns it off, the strict preset on at `defaultSeverity`.
    public var enabledByDefault: Bool
    public var group: RuleGroup
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String, name: String, summary: String, rationale: String, defaultSeverity: Severity, group: RuleGroup,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample], enabledByDefault: Bool = true
    ) {
        self.enabledByDefault = enabledByDefault
        self.group = group
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
extension RuleDescription {
    /// What the default preset sets: the severity, or `off` for an opt-in rule.
    public var defaultSetting: String { enabledByDefault ? defaultSeverity.rawValue : "off" }
}

public struct RuleExample: Sendable {
    public var files: [String: String]
    public var configuration: String?
    /// A short caption printed by `archlint rules <id>`.
    public var caption: String?
    /// For a triggering example: how many findings its markers make once grouped (`FindingGrouping`: a
    /// declaration and its imports are one finding); nil: not checked.
    public var findings: Int?

    public init(_ files: [String: String], configuration: String? = nil, caption: String? = nil, findings: Int? = nil) {
        self.files = files
        self.configuration = configuration
        self.caption = caption
        self.findings = findings
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
    /// Every type declaration and extension of the workspace (not recorded: see `NeedleAnalysis.types`).
    public let types: TypeIndex
    /// The Needle analyses, made when a rule first asks (a run that reuses every Needle rule's output never does).
    private let needleAnalyses: LazyValue<NeedleAnalyses>
    /// Components, Dependency protocols and builders of the workspace, with its type index as the Needle rules
    /// read it (their lookups recorded for the incremental state).
    public var needle: NeedleAnalysis { needleAnalyses.value.global }
    /// One Needle world per app (the scopes `componentGraph` was built from).
    public var needleScopes: NeedleScopes { needleAnalyses.value.scopes }
    /// Every registered rule's typed options, decoded once per run (rule id → `Rule.Options`).
    private let typedOptions: [String: any RuleOptions]
    /// Each module's layer, feature, interface, shared and test status and kind: the one answer rules,
    /// pictures and reports share.
    public let classifier: ArchitectureClassifier
    /// Which modules' declared dependencies are partly unread (`DeclarationCompleteness`): the engine withholds
    /// the findings that rest on them (`Rule.declarationReads`).
    public let declarations: DeclarationCompleteness

    public init(
        workspace: WorkspaceModel, moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        configuration: ArchlintConfiguration, moduleIndex: ModuleGraphIndex? = nil, needle: NeedleAnalysis? = nil,
        needleScopes: NeedleScopes? = nil, classifier: ArchitectureClassifier? = nil
    ) {
        let needle = needle ?? NeedleAnalysis(workspace)
        let analyses = NeedleAnalyses(
            global: needle, scopes: needleScopes ?? NeedleScopes(workspace, moduleGraph: moduleGraph, global: needle))
        self.init(
            workspace: workspace, moduleGraph: moduleGraph, componentGraph: componentGraph, configuration: configuration,
            types: needle.types, needleAnalyses: LazyValue(computed: analyses), moduleIndex: moduleIndex,
            classifier: classifier)
    }

    /// - Parameters:
    ///   - types: the workspace's type index, as the rules that aren't Needle rules read it.
    ///   - needleAnalyses: made on first use.
    public init(
        workspace: WorkspaceModel, moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        configuration: ArchlintConfiguration, types: TypeIndex, needleAnalyses: LazyValue<NeedleAnalyses>,
        moduleIndex: ModuleGraphIndex? = nil, classifier: ArchitectureClassifier? = nil
    ) {
        self.workspace = workspace
        self.moduleGraph = moduleGraph
        self.componentGraph = componentGraph
        self.configuration = configuration
        self.moduleIndex = moduleIndex ?? ModuleGraphIndex(moduleGraph)
        self.types = types.recording(into: nil)
        self.needleAnalyses = needleAnalyses
        self.classifier = classifier ?? ArchitectureClassifier(configuration: configuration, graph: moduleGraph)
        declarations = DeclarationCompleteness(workspace)
        var typedOptions: [String: any RuleOptions] = [:]
        for rule in RuleRegistry.all {
            typedOptions[rule.description.id] = Self.decodeOptions(of: rule, configuration)
        }
        self.typedOptions = typedOptions
    }

    static func decodeOptions<R: Rule>(of rule: R.Type, _ configuration: ArchlintConfiguration) -> R.Options {
        let configured = configuration.rules[R.description.id]?.options ?? [:]
        return (try? ConfigValueCoding.decode(R.Options.self, from: configured)) ?? R.Options()
    }

    /// A rule's typed options: the configured values over the defaults (decoded once per run for registered
    /// rules). The loader has checked every key and type against `R.Options`.
    public func options<R: Rule>(for rule: R.Type) -> R.Options {
        typedOptions[R.description.id] as? R.Options ?? Self.decodeOptions(of: rule, configuration)
    }
}

/// A rule: one file declares its id, group, default severity, rationale, typed options with their defaults,
/// and its examples (docs/internals.md, "How to add a rule").
public protocol Rule: Sendable {
    /// What a configuration may set under `rules.<id>.options`; `NoOptions` when the rule takes none.
    associatedtype Options: RuleOptions = NoOptions
    static var description: RuleDescription { get }
    /// What the rule's output depends on (see `RuleInputs`); everything unless it declares less.
    static var inputs: RuleInputs { get }
    /// The files whose declarations the rule reads, with these options (see `ScanDemand`); by default what
    /// `inputs` implies: none without `.fileFacts` or `.needle`, the Needle analyses' with `.needle`, every file's
    /// with `.fileFacts`. A rule reading `context.types` states the names without which a declaration can't change
    /// its output; `ScanDemandTests` runs its examples both ways.
    static func scanDemand(_ options: Options) -> ScanDemand
    init()
    /// Returns diagnostics with the rule's default severity; the engine applies the configured severity.
    func check(_ context: LintContext) -> [Diagnostic]
    /// What each of its findings rests on besides facts (one entry per finding, in order): the modules whose
    /// declared dependencies (an edge absent from them) or dependants it reads. Where one of them is partly unread
    /// (`DeclarationCompleteness`), the engine withholds the finding and counts it. None by default: a read edge,
    /// an import, a type are facts. Asked only when something is unread.
    static func declarationReads(of findings: [Diagnostic], in context: LintContext) -> [DeclarationReads]
}

extension Rule {
    public static var inputs: RuleInputs { .everything }
    public static func scanDemand(_ options: Options) -> ScanDemand {
        if inputs.contains(.fileFacts) { return .everything }
        return inputs.contains(.needle) ? NeedleAnalysis.scanDemand : .importsOnly
    }
    public var description: RuleDescription { Self.description }
    public static func declarationReads(of findings: [Diagnostic], in context: LintContext) -> [DeclarationReads] {
        Array(repeating: .none, count: findings.count)
    }
}
