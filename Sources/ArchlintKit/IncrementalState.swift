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

    static func structure(_ workspace: WorkspaceModel) -> UInt64? {
        StableDigest.of(Structure(modules: workspace.modules, manifests: workspace.manifests, projects: workspace.projects))
    }

    /// Everything `ModuleGraphBuilder.build` reads: the structure and every file's imports (with positions).
    static func moduleGraphSource(_ workspace: WorkspaceModel, structure: UInt64?) -> UInt64? {
        guard let structure else { return nil }
        var digest = DigestWriter()
        digest.add(String(structure, radix: 16))
        digest.add(workspace.files.count)
        for file in workspace.files {
            digest.add(file.path)
            digest.add(file.module)
            digest.add(file.facts.imports.count)
            // Every stored field of `ImportDecl`.
            for declaration in file.facts.imports {
                digest.add(declaration.module)
                digest.add(declaration.path)
                digest.add(declaration.kind)
                digest.add(declaration.attributes)
                digest.add(declaration.accessLevel)
                digest.add(declaration.condition)
                digest.add(declaration.line)
                digest.add(declaration.column)
            }
        }
        return digest.digest
    }

    /// The module graph: its nodes through their coding, its edges field by field.
    static func moduleGraph(_ graph: ModuleGraph) -> UInt64? {
        guard let nodes = StableDigest.of(graph.nodes) else { return nil }
        var digest = DigestWriter()
        digest.add(String(nodes, radix: 16))
        digest.add(graph.edges.count)
        // Every stored field of `ModuleEdge` and `SourceLocation`.
        for edge in graph.edges {
            digest.add(edge.from)
            digest.add(edge.to)
            digest.add(edge.kind.rawValue)
            digest.add(edge.condition)
            digest.add(edge.exported)
            digest.add(edge.testable)
            digest.add(edge.locations.count)
            for location in edge.locations {
                digest.add(location.file)
                digest.add(location.line)
                digest.add(location.column)
            }
        }
        return digest.digest
    }

    /// The state's key besides the build: the root and the whole configuration (rule options, layers, features).
    static func salt(root: String, configuration: ArchlintConfiguration) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(configuration) else { return nil }
        return "\(root.utf8.count):\(root)|\(String(XXHash64.hash(data), radix: 16))"
    }
}
