import ArchlintModel
import Configuration
import Graphs
import Rules
import SystemSupport
import Workspace

/// One analysis over a scan, as its stages: load the last run's state, build the graphs, analyse Needle, check the
/// rules, save the state. Each stage reuses what the last run left where its inputs are unchanged
/// (`IncrementalState.swift` says how each reuse is decided); `Analyzer.analyze(scan:…)` calls them in order.
struct AnalysisRun {
    let scan: WorkspaceScan
    let scanner: WorkspaceScanner
    let configuration: ArchlintConfiguration
    /// An analysis of another version of the same tree, and the files whose facts differ from it.
    let other: (analysis: ArchitectureAnalysis, changed: Set<String>)?
    /// Where the incremental state lives (absent: the cache is off), and the salt its entries are keyed by.
    let stateCache: AnalysisStateCache?
    let salt: String?
    /// Off when the state read is another tree's (a revision's copy): it is read, never written.
    let writesState: Bool
    var statistics: ScanStatistics
    var incremental = IncrementalReuse()

    var workspace: WorkspaceModel { scan.model }
    /// Digests are taken only where a state can be compared: a cache, or another version's analysis.
    var digests: Bool { stateCache != nil || other != nil }

    init(scan: WorkspaceScan, root: String, scanner: WorkspaceScanner, configuration: ArchlintConfiguration,
         other: (analysis: ArchitectureAnalysis, changed: Set<String>)?) {
        self.scan = scan
        self.scanner = scanner
        self.configuration = configuration
        self.other = other
        // Absolute, as the cache directory is named: `.` and its absolute path are one tree.
        let stateRoot = scanner.options.readOnlyCacheOf ?? WorkspaceScanner.absolutePath(root.isEmpty ? "." : root)
        writesState = scanner.options.readOnlyCacheOf == nil
        stateCache = AnalysisStateCache(options: scanner.options, root: stateRoot)
        salt = stateCache == nil ? nil : AnalysisInputs.salt(root: stateRoot, configuration: configuration)
        statistics = scan.statistics
    }

    /// The last run's state, and this run's digests of what the module graph and the Needle check rest on.
    struct Previous {
        var state: AnalysisState?
        var moduleGraphSource: UInt64?
        var structure: UInt64?
        /// The last run's module graph, when what it was built from is unchanged.
        var moduleGraph: ModuleGraph?
    }

    mutating func loadState() -> Previous {
        let workspace = workspace, stateCache = stateCache, salt = salt, other = other
        let (state, (source, structure)) = statistics.measure("state-load") {
            () -> (AnalysisState?, (UInt64?, UInt64?)) in
            guard stateCache != nil || other != nil else { return (nil, (nil, nil)) }
            // Reading the last state and digesting this run's inputs are independent: both at once.
            return concurrently({
                // The other version's state in memory when there is one: the same as it wrote, without reading it.
                other?.analysis.state ?? salt.flatMap { stateCache?.load(AnalysisState.self, salt: $0) }
            }, {
                let structure = AnalysisInputs.structure(workspace)
                return (AnalysisInputs.moduleGraphSource(workspace, structure: structure), structure)
            })
        }
        incremental.stateLoaded = state != nil
        let moduleGraph = source != nil && state?.moduleGraphInputs == source ? state?.moduleGraph : nil
        incremental.moduleGraphReused = moduleGraph != nil
        return Previous(state: state, moduleGraphSource: source, structure: structure, moduleGraph: moduleGraph)
    }

    /// The module graph (with its digests) and the start of the Needle analysis, built at once.
    struct Graphs {
        var moduleGraph: ModuleGraph
        var moduleGraphDigest: UInt64?
        var needleStart: NeedleStart
        /// What the Needle analyses read this run (the last run's reads still hold for what is reused).
        var needleReads: TypeReads
        /// Whether the last run's Needle outputs still hold.
        var needleVerdict: NeedleVerdict
    }

    mutating func buildGraphs(_ previous: Previous) -> Graphs {
        scanner.options.progress?(.phase("building graphs"))
        let workspace = workspace, digests = digests, other = other
        let stored = previous.moduleGraph, storedNeedle = previous.state?.needle, structure = previous.structure
        let needleReads = TypeReads()
        // The files' part of the Needle check: taken on whichever thread is free first.
        let verdictFiles = LazyValue { () -> (digests: [UInt64], seconds: Double)? in
            guard digests, let storedNeedle, structure != nil else { return nil }
            return timed { AnalysisInputs.needleFiles(workspace, reads: storedNeedle.reads) }
        }
        // Independent: built at once, each timed on its own thread. The module graph's digest (what reusable rules
        // compare) is taken on its thread too: a reused graph leaves that thread idle while Needle is analysed.
        let ((moduleGraph, digest, graphSeconds, digestSeconds, needleGraph), (needleStart, needleSeconds)) =
            statistics.measure("module-graph ∥ needle") {
                concurrently({
                    let (graph, seconds) = timed { stored ?? ModuleGraphBuilder.build(workspace) }
                    let (digest, digestSeconds) = timed { digests ? AnalysisInputs.moduleGraph(graph) : nil }
                    if stored != nil { _ = verdictFiles.value }
                    let needleGraph = digests && storedNeedle != nil ? AnalysisInputs.needleGraph(graph) : nil
                    return (graph, digest, seconds, digestSeconds, needleGraph)
                }, {
                    timed {
                        let start = NeedleStart(
                            workspace, sharing: other?.analysis, except: other?.changed ?? [], recordingInto: needleReads)
                        // While the other thread builds the module graph, this one takes the files' part of the
                        // Needle check; with nothing to check, it makes the whole workspace's analysis.
                        if stored == nil { _ = verdictFiles.value }
                        if storedNeedle == nil { _ = start.global.value }
                        return start
                    }
                })
            }
        let verdict = NeedleVerdict(previous: storedNeedle, structure: structure, graph: needleGraph, files: verdictFiles.value)
        statistics.phaseTimes += [
            .init(phase: incremental.moduleGraphReused ? "  module-graph (reused)" : "  module-graph", seconds: graphSeconds),
            .init(phase: "  state-digests", seconds: digestSeconds),
            .init(phase: "  needle-check", seconds: verdict.seconds),
            .init(phase: "  type-index", seconds: needleSeconds),
        ]
        return Graphs(
            moduleGraph: moduleGraph, moduleGraphDigest: digest, needleStart: needleStart, needleReads: needleReads,
            needleVerdict: verdict)
    }

    /// The component graph and the Needle analyses: the last run's where they still hold (the analyses are then
    /// made on first use), else made now.
    mutating func analyseNeedle(_ graphs: Graphs) -> (componentGraph: ComponentGraph, analyses: LazyValue<NeedleAnalyses>) {
        let workspace = workspace, moduleGraph = graphs.moduleGraph, changed = other?.changed ?? []
        let otherScopes = other?.analysis.needleAnalyses?.valueIfComputed?.scopes
        let makeScopes = { @Sendable (global: NeedleAnalysis) in
            NeedleScopes(workspace, moduleGraph: moduleGraph, global: global, previous: otherScopes, except: changed)
        }
        let global = graphs.needleStart.global
        if let reused = graphs.needleVerdict.reused {
            incremental.needleReused = true
            statistics.phaseTimes.append(.init(phase: "needle (reused)", seconds: 0))
            return (reused.componentGraph, LazyValue { NeedleAnalyses(global: global.value, scopes: makeScopes(global.value)) })
        }
        let analysis = statistics.measure("needle") { global.value }
        let scopes = statistics.measure("needle-scopes") { makeScopes(analysis) }
        let componentGraph = statistics.measure("component-graph") { ComponentGraphBuilder.build(scopes) }
        return (componentGraph, LazyValue(computed: NeedleAnalyses(global: analysis, scopes: scopes)))
    }

    /// What the rules found, under the findings policy, and what this run leaves for the next.
    struct Findings {
        var context: LintContext
        var policy: FindingsPolicy
        var diagnostics: [Diagnostic]
        var withheld: WithheldFindings
        var state: AnalysisState?
        var rulesUnchanged: Bool
    }

    mutating func checkRules(
        _ graphs: Graphs, componentGraph: ComponentGraph, needleAnalyses: LazyValue<NeedleAnalyses>, previous: Previous
    ) -> Findings {
        let context = LintContext(
            workspace: workspace, moduleGraph: graphs.moduleGraph, componentGraph: componentGraph,
            configuration: configuration, types: graphs.needleStart.types, needleAnalyses: needleAnalyses)
        scanner.options.progress?(.phase("checking rules"))
        let policy = FindingsPolicy(configuration: configuration, activation: RuleActivation(context))
        let reusedNeedle = graphs.needleVerdict.reused
        let needleRecord = NeedleRecord(
            workspace, reused: reusedNeedle, reads: graphs.needleReads, structure: digests ? previous.structure : nil,
            moduleGraph: graphs.moduleGraph, componentGraph: componentGraph)
        let reuse = !digests ? nil : RuleReuse(
            digests: RuleInputDigests(
                moduleGraph: graphs.moduleGraphDigest, workspaceStructure: previous.structure, needle: reusedNeedle?.inputs,
                memberNames: AnalysisInputs.memberNames(workspace)),
            previous: previous.state?.rules ?? [], combine: StableDigest.combine,
            finalNeedle: { needleRecord.stored?.inputs })
        var ruleTimes: [ScanStatistics.PhaseTime] = []
        let (diagnostics, ruleReuse, withheld) = statistics.measure("rules") {
            alongside({ needleRecord.digestReadsSoFar() }, {
                RuleEngine.run(context, policy: policy, reuse: reuse) { id, seconds in
                    ruleTimes.append(.init(phase: "  rule " + id, seconds: seconds))
                }
            }).1
        }
        incremental.reusedRules = ruleReuse.reusedRules
        statistics.phaseTimes += ruleTimes.map { time in
            var time = time
            if ruleReuse.reusedRules.contains(String(time.phase.dropFirst("  rule ".count))) { time.phase += " (reused)" }
            return time
        }
        var withheldFindings = withheld
        // A world is widened for the Needle analyses: a workspace without components has none to widen.
        if !context.declarations.isComplete, !componentGraph.nodes.isEmpty {
            withheldFindings.widenedNeedleWorlds = NeedleScopes.worlds(workspace, moduleGraph: graphs.moduleGraph)
                .filter(\.isWidened).map(\.app)
        }
        let state = previous.moduleGraphSource.map {
            AnalysisState(
                moduleGraphInputs: $0, moduleGraph: graphs.moduleGraph, rules: ruleReuse.outputs, needle: needleRecord.stored)
        }
        return Findings(
            context: context, policy: policy, diagnostics: diagnostics, withheld: withheldFindings, state: state,
            rulesUnchanged: ruleReuse.outputs == previous.state?.rules)
    }

    /// Writes this run's state, unless it is another tree's or unchanged.
    mutating func saveState(_ findings: Findings, previous: Previous) {
        guard let stateCache, let salt, let state = findings.state, writesState,
              !(incremental.moduleGraphReused && findings.rulesUnchanged && state.needle == previous.state?.needle)
        else { return }
        statistics.measure("state-save") { _ = stateCache.save(state, salt: salt) }
    }
}
