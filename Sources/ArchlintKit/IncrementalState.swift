import ArchlintModel
import Foundation
import Graphs
import Rules
import SystemSupport
import Workspace

/// What the last analysis of a root leaves for the next one (`AnalysisStateCache`, next to the scan cache): the
/// module graph with the digest of what it was built from, and each reusable rule's output with the digest of its
/// inputs. The next run reuses a part only when its inputs' digest is unchanged, so the output is the full run's.
struct AnalysisState: Codable, Sendable {
    var moduleGraphInputs: UInt64
    var moduleGraph: ModuleGraph
    var rules: [StoredRuleOutput]
    /// What the Needle analyses read, and the component graph they made (nil: not stored).
    var needle: StoredNeedle?

    init(moduleGraphInputs: UInt64, moduleGraph: ModuleGraph, rules: [StoredRuleOutput], needle: StoredNeedle?) {
        self.moduleGraphInputs = moduleGraphInputs
        self.moduleGraph = moduleGraph
        self.rules = rules
        self.needle = needle
    }

    private enum CodingKeys: String, CodingKey { case moduleGraphInputs, moduleGraph, rules, needle }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        moduleGraphInputs = try container.decode(UInt64.self, forKey: .moduleGraphInputs)
        moduleGraph = try container.decode(StoredModuleGraph.self, forKey: .moduleGraph).graph
        rules = try container.decode([StoredRuleOutput].self, forKey: .rules)
        needle = try container.decodeIfPresent(StoredNeedle.self, forKey: .needle)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(moduleGraphInputs, forKey: .moduleGraphInputs)
        try container.encode(StoredModuleGraph(moduleGraph), forKey: .moduleGraph)
        try container.encode(rules, forKey: .rules)
        try container.encodeIfPresent(needle, forKey: .needle)
    }
}

/// The module graph as the state stores it: each file path once, and each edge's import locations as flat
/// (path index, line, column) triples. A corpus' graph holds tens of thousands of locations, which decode several
/// times faster this way than as `SourceLocation`s.
struct StoredModuleGraph: Codable, Sendable {
    var nodes: [Module]
    var paths: [String]
    var edges: [Edge]

    /// Every stored field of `ModuleEdge`, its locations packed.
    struct Edge: Codable, Sendable {
        var from: String
        var to: String
        var kind: ModuleEdgeKind
        var condition: String?
        var exported: Bool
        var testable: Bool
        var locations: [Int]
    }

    init(_ graph: ModuleGraph) {
        nodes = graph.nodes
        var pathIndex: [String: Int] = [:]
        var paths: [String] = []
        edges = graph.edges.map { edge in
            var locations: [Int] = []
            locations.reserveCapacity(edge.locations.count * 3)
            for location in edge.locations {
                let index = pathIndex[location.file] ?? {
                    paths.append(location.file)
                    pathIndex[location.file] = paths.count - 1
                    return paths.count - 1
                }()
                locations += [index, location.line, location.column]
            }
            return Edge(
                from: edge.from, to: edge.to, kind: edge.kind, condition: edge.condition, exported: edge.exported,
                testable: edge.testable, locations: locations)
        }
        self.paths = paths
    }

    var graph: ModuleGraph {
        get throws {
            try ModuleGraph(nodes: nodes, edges: edges.map { edge in
                guard edge.locations.count % 3 == 0 else { throw StateFormatError() }
                var locations: [SourceLocation] = []
                locations.reserveCapacity(edge.locations.count / 3)
                var index = 0
                while index < edge.locations.count {
                    let path = edge.locations[index]
                    guard paths.indices.contains(path) else { throw StateFormatError() }
                    locations.append(SourceLocation(
                        file: paths[path], line: edge.locations[index + 1], column: edge.locations[index + 2]))
                    index += 3
                }
                return ModuleEdge(
                    from: edge.from, to: edge.to, kind: edge.kind, condition: edge.condition, locations: locations,
                    exported: edge.exported, testable: edge.testable)
            })
        }
    }

    /// A packed graph that doesn't unpack: the state is read as none.
    struct StateFormatError: Error {}
}

/// What the Needle analyses of a run read of the type index, the digest of the facts that covers (with every
/// file's calls, generated text and imports: `AnalysisInputs.needle`), and the component graph they made. When
/// the digest of the same reads over the next run's facts is unchanged, every lookup they made would give the
/// same answer, so the component graph and the Needle rules' outputs are the same, and neither is made again.
struct StoredNeedle: Codable, Sendable, Equatable {
    var reads: TypeReads.Snapshot
    var inputs: UInt64
    var componentGraph: ComponentGraph
}

/// Whether the last run's Needle outputs still hold: its reads digest the same over this run's facts and module
/// graph. The files' part is taken on whichever thread is free (the module graph's when the graph is reused,
/// else the type index's), the graph's part on the module graph's.
struct NeedleVerdict: Sendable {
    let reused: StoredNeedle?
    let seconds: Double

    /// - Parameters:
    ///   - files: `AnalysisInputs.needleFiles` for the last run's reads, with the seconds they took.
    init(previous: StoredNeedle?, structure: UInt64?, graph: UInt64?, files: (digests: [UInt64], seconds: Double)?) {
        guard let previous, let structure, let files else {
            (reused, seconds) = (nil, 0)
            return
        }
        let (inputs, graphSeconds) = timed { AnalysisInputs.needle(structure: structure, graph: graph, files: files.digests) }
        reused = inputs == previous.inputs ? previous : nil
        seconds = files.seconds + graphSeconds
    }
}

/// What a run leaves of its Needle side for the next: everything its Needle analyses and rules read (the last
/// run's reads too, when its outputs were reused), the digest of what that covers, and the component graph. Known
/// once the rules have run; the rules seldom read more than the analyses did, so the digest of what the analyses
/// read is taken while the rules run (`digestReadsSoFar`) and used when nothing was added.
final class NeedleRecord: Sendable {
    private let readsSoFar: TypeReads.Snapshot?
    private let digestSoFar: LazyValue<UInt64?>
    private let record: LazyValue<StoredNeedle?>

    /// - Parameter structure: nil when no state is kept (nothing is recorded then).
    init(
        _ workspace: WorkspaceModel, reused: StoredNeedle?, reads: TypeReads, structure: UInt64?,
        moduleGraph: ModuleGraph, componentGraph: ComponentGraph
    ) {
        let digest = { @Sendable (reads: TypeReads.Snapshot) -> UInt64? in
            structure.flatMap { AnalysisInputs.needle(workspace, reads: reads, structure: $0, moduleGraph: moduleGraph) }
        }
        let readsSoFar = structure != nil && reused == nil ? reads.snapshot : nil
        let digestSoFar = LazyValue { readsSoFar.flatMap(digest) }
        self.readsSoFar = readsSoFar
        self.digestSoFar = digestSoFar
        record = LazyValue {
            guard structure != nil else { return nil }
            let read = reads.snapshot
            if let reused, reused.reads.covers(read) { return reused }
            let all = reused.map { $0.reads.union(read) } ?? read
            let inputs = all == readsSoFar ? digestSoFar.value : digest(all)
            return inputs.map { StoredNeedle(reads: all, inputs: $0, componentGraph: componentGraph) }
        }
    }

    /// Digests what the analyses have read so far (call beside the rules).
    func digestReadsSoFar() {
        if readsSoFar != nil { _ = digestSoFar.value }
    }

    /// The record, once nothing reads any more.
    var stored: StoredNeedle? { record.value }
}

/// The Needle side of an analysis before the verdict: the workspace's type index, and how to make the whole
/// workspace's Needle analysis from it (once, when something asks).
struct NeedleStart: Sendable {
    /// Not recorded: what the other rules read.
    let types: TypeIndex
    let global: LazyValue<NeedleAnalysis>
    /// How long the index took.
    let indexSeconds: Double

    /// - Parameters:
    ///   - other: an analysis of another version of the tree whose files differ in `changed` only; what it made
    ///     of the rest is taken.
    ///   - reads: where the Needle analyses record their lookups.
    init(
        _ workspace: WorkspaceModel, sharing other: ArchitectureAnalysis?, except changed: Set<String>,
        recordingInto reads: TypeReads
    ) {
        let (types, indexSeconds) = timed { TypeIndex(workspace, sharing: other?.types, except: changed) }
        self.types = types
        self.indexSeconds = indexSeconds
        let otherGlobal = other?.needleAnalyses?.valueIfComputed?.global
        global = LazyValue {
            NeedleAnalysis(workspace, sharing: otherGlobal, except: changed, types: types.recording(into: reads))
        }
    }
}

/// What one analysis reused from the last run's state (for `--timings`, the benchmark and tests).
public struct IncrementalReuse: Sendable, Equatable {
    /// A state of this build and configuration was found and read.
    public var stateLoaded = false
    public var moduleGraphReused = false
    /// The component graph and the Needle rules' inputs were unchanged: the Needle analyses were not made.
    public var needleReused = false
    /// Rules whose stored output was used instead of running them, in registry order.
    public var reusedRules: [String] = []

    public init() {}
}

/// The digests the incremental state compares.
enum AnalysisInputs {
    /// The workspace's modules and their declarations: what a module rule may read besides the module graph.
    private struct Structure: Encodable {
        var modules: [Module]
        var projects: [ProjectFacts]
        /// What checkouts say remote products supply (how imports resolve to them).
        var packageCheckouts: [PackageCheckout]
        /// Which needle the apps build with (which properties provide).
        var needleVersions: [NeedleVersionReading]
    }

    static func structure(_ workspace: WorkspaceModel) -> UInt64? {
        StableDigest.of(Structure(
            modules: workspace.modules, projects: workspace.projects,
            packageCheckouts: workspace.packageCheckouts, needleVersions: workspace.needleVersions))
    }

    /// Everything `ModuleGraphBuilder.build` reads: the structure and every file's imports (with positions).
    static func moduleGraphSource(_ workspace: WorkspaceModel, structure: UInt64?) -> UInt64? {
        guard let structure else { return nil }
        let slices = digestInSlices(workspace.files) { digest, file in
            digest.add(file.path)
            digest.add(file.module)
            digest.add(file.facts.imports)
        }
        return StableDigest.combine([structure, UInt64(workspace.files.count)] + slices)
    }

    /// Every file's member names (`RuleInputs.memberNames`), with its path and module.
    static func memberNames(_ workspace: WorkspaceModel) -> UInt64 {
        let slices = digestInSlices(workspace.files) { digest, file in
            digest.add(file.path)
            digest.add(file.module)
            // The whole value: a field added to `MemberNames` is in the digest without a change here.
            digest.add(file.facts.memberNames)
        }
        return StableDigest.combine([UInt64(workspace.files.count)] + slices)
    }

    /// One digest per slice of `files`, each fed by `add` file by file, the slices taken on every core.
    private static func digestInSlices(
        _ files: [ScannedFile], _ add: @Sendable (inout DigestWriter, ScannedFile) -> Void
    ) -> [UInt64] {
        let sliceCount = min(8, max(1, files.count / 256))
        return parallelMap(count: sliceCount) { slice in
            var digest = DigestWriter()
            for file in files[files.count * slice / sliceCount..<files.count * (slice + 1) / sliceCount] {
                add(&digest, file)
            }
            return digest.digest
        }
    }

    /// Everything the Needle analyses, the component graph and the Needle rules read, for a run that read `reads`
    /// of the type index: the workspace's structure, the module graph's nodes and declared edges (the scopes' app
    /// closures; not its import edges), and of every file its path and module, its calls, generated text and
    /// whether it declares anything, whether it imports RIBs or NeedleFoundation, each declaration looked up or
    /// picked in full (members and positions) and then all the file's imports, and each other declaration of a
    /// walked kind by its `TypeHeader`.
    static func needle(
        _ workspace: WorkspaceModel, reads: TypeReads.Snapshot, structure: UInt64, moduleGraph: ModuleGraph
    ) -> UInt64? {
        needle(structure: structure, graph: needleGraph(moduleGraph), files: needleFiles(workspace, reads: reads))
    }

    /// The three parts together; each can be taken on its own thread.
    static func needle(structure: UInt64, graph: UInt64?, files: [UInt64]) -> UInt64? {
        graph.map { StableDigest.combine([structure, $0] + files) }
    }

    /// The module graph's nodes (their ids and types: what the scopes' and apps' closures read) and declared edges.
    static func needleGraph(_ moduleGraph: ModuleGraph) -> UInt64? {
        var graph = DigestWriter()
        graph.add(moduleGraph.nodes.count)
        for node in moduleGraph.nodes {
            graph.add(node.id)
            graph.add(node.type.rawValue)
        }
        for edge in moduleGraph.edges where edge.kind == .declared {
            graph.add(edge.from)
            graph.add(edge.to)
            graph.add(edge.condition)
        }
        return graph.digest
    }

    /// The files' part, in slices (their count first).
    static func needleFiles(_ workspace: WorkspaceModel, reads: TypeReads.Snapshot) -> [UInt64] {
        let coverage = reads.coverage
        let files = workspace.files
        let slices = digestInSlices(files) { digest, file in
            let facts = file.facts
            digest.add(file.path)
            digest.add(file.module)
            digest.add(facts.isNeedleGenerated)
            digest.add(facts.generatedText)
            digest.add(facts.types.isEmpty)
            digest.add(facts.calls)
            var readsWhole = false
            for decl in facts.types {
                switch coverage.seen(decl) {
                case .nothing:
                    continue
                case .header:
                    digest.add(1)
                    digest.add(TypeHeader.shown(of: decl))
                case .everything:
                    digest.add(2)
                    digest.add(decl)
                    readsWhole = true
                }
            }
            digest.add(0)
            if readsWhole || !facts.calls.isEmpty {
                // Its imports are read (a component's flavor, the generated file's imports, which of several
                // same-named types a call or declaration means: `TypeIndex.visible`).
                digest.add(facts.imports)
            } else {
                digest.add(facts.imports.contains { NeedleAnalysis.isRIBsModule($0.module) })
                digest.add(facts.imports.contains { $0.module == NeedleAnalysis.needleModule })
            }
        }
        return [UInt64(files.count)] + slices
    }

    /// The module graph, through its coding.
    static func moduleGraph(_ graph: ModuleGraph) -> UInt64? { StableDigest.of(graph) }

    /// The state's key besides the build: the root and the whole configuration (rule options, layers, features).
    static func salt(root: String, configuration: ArchlintConfiguration) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(configuration) else { return nil }
        return "\(root.utf8.count):\(root)|\(String(XXHash64.hash(data), radix: 16))"
    }
}
