import ArchlintModel
import Configuration
import Graphs
import SystemSupport

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
    /// the findings that rest on them (`DeclarationReadsProvider`).
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
