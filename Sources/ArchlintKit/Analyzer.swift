import ArchlintModel
import Configuration
import Graphs
import Rules
import Workspace

/// One analysis of one root: every output (text, JSON, graphs, HTML) is produced from this value.
public struct Analysis: Sendable {
    public var configuration: ArchlintConfiguration
    public var workspace: WorkspaceModel
    public var moduleGraph: ModuleGraph
    public var componentGraph: ComponentGraph
    /// All diagnostics after severities are applied, before suppressions/baseline filtering.
    public var diagnostics: [Diagnostic]

    public func report(diagnostics: [Diagnostic]? = nil) -> LintReport {
        let shown = diagnostics ?? self.diagnostics
        return LintReport(
            root: workspace.root,
            summary: .init(
                files: workspace.files.count,
                modules: workspace.modules.count,
                components: componentGraph.nodes.count,
                errors: shown.count { $0.severity == .error },
                warnings: shown.count { $0.severity == .warning },
                notes: shown.count { $0.severity == .note }
            ),
            diagnostics: shown
        )
    }
}

public enum AnalyzerError: Error, CustomStringConvertible {
    case configuration(ConfigurationError)
    case workspace(WorkspaceError)

    public var description: String {
        switch self {
        case .configuration(let error): error.description
        case .workspace(let error): error.description
        }
    }
}

public struct AnalyzerOptions: Sendable {
    public var configPath: String?
    public var scan: ScanOptions

    public init(configPath: String? = nil, scan: ScanOptions = ScanOptions()) {
        self.configPath = configPath
        self.scan = scan
    }
}

/// The whole pipeline: configuration → discovery and scanning → graphs → rules.
public enum Analyzer {
    public static func analyze(root: String, options: AnalyzerOptions = AnalyzerOptions()) throws(AnalyzerError) -> Analysis {
        let configuration: ArchlintConfiguration
        do {
            configuration = try ConfigurationLoader.load(
                root: root, explicitPath: options.configPath, knownRuleIDs: Set(RuleRegistry.allIDs))
        } catch {
            throw .configuration(error)
        }
        let workspace: WorkspaceModel
        do {
            workspace = try WorkspaceScanner(options: options.scan).scan(root: root, configuration: configuration)
        } catch {
            throw .workspace(error)
        }
        let moduleGraph = ModuleGraphBuilder.build(workspace)
        let needle = NeedleAnalysis(workspace)
        let componentGraph = ComponentGraphBuilder.build(needle)
        let context = LintContext(
            workspace: workspace, moduleGraph: moduleGraph, componentGraph: componentGraph, configuration: configuration,
            needle: needle)
        return Analysis(
            configuration: configuration,
            workspace: workspace,
            moduleGraph: moduleGraph,
            componentGraph: componentGraph,
            diagnostics: RuleEngine.run(context)
        )
    }
}
