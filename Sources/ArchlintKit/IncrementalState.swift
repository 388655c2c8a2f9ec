import ArchlintModel
import Foundation
import Graphs
import Rules
import Workspace

/// What the last analysis of a root leaves for the next one (`AnalysisStateCache`, next to the scan cache): the
/// module graph with the digest of what it was built from, and each reusable rule's output with the digest of its
/// inputs. The next run reuses a part only when its inputs' digest is unchanged, so the output is the full run's.
struct AnalysisState: Codable, Sendable {
    var moduleGraphInputs: UInt64
    var moduleGraph: ModuleGraph
    var rules: [StoredRuleOutput]
}

/// What one analysis reused from the last run's state (for `--timings`, the benchmark and tests).
public struct IncrementalReuse: Sendable, Equatable {
    /// A state of this build and configuration was found and read.
    public var stateLoaded = false
    public var moduleGraphReused = false
    /// Rules whose stored output was used instead of running them, in registry order.
    public var reusedRules: [String] = []

    public init() {}
}

/// The digests the incremental state compares.
enum AnalysisInputs {
    /// The workspace's modules and their declarations: what a module rule may read besides the module graph.
    private struct Structure: Encodable {
        var modules: [Module]
        var manifests: [ManifestFacts]
        var projects: [ProjectFacts]
    }

    /// One file's part in the module graph: its import edges.
    private struct FileImports: Encodable {
        var path: String
        var module: String
        var imports: [ImportDecl]
    }

    /// Everything `ModuleGraphBuilder.build` reads: the structure and every file's imports (with positions).
    private struct ModuleGraphSource: Encodable {
        var structure: Structure
        var files: [FileImports]
    }

    static func structure(_ workspace: WorkspaceModel) -> UInt64? {
        StableDigest.of(Structure(modules: workspace.modules, manifests: workspace.manifests, projects: workspace.projects))
    }

    static func moduleGraphSource(_ workspace: WorkspaceModel) -> UInt64? {
        StableDigest.of(ModuleGraphSource(
            structure: Structure(modules: workspace.modules, manifests: workspace.manifests, projects: workspace.projects),
            files: workspace.files.map { FileImports(path: $0.path, module: $0.module, imports: $0.facts.imports) }))
    }

    /// The state's key besides the build: the root and the whole configuration (rule options, layers, features).
    static func salt(root: String, configuration: ArchlintConfiguration) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(configuration) else { return nil }
        return "\(root.utf8.count):\(root)|\(String(XXHash64.hash(data), radix: 16))"
    }
}
