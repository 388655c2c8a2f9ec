import ArchlintModel
import Configuration
import Graphs
import Reporting
import Rules
import SystemSupport
import Workspace

/// The whole analysis of one root: workspace, graphs, classifier and diagnostics. Every output (text, JSON,
/// graphs, HTML) is produced from it.
public struct ArchitectureAnalysis: Sendable {
    public var configuration: ArchlintConfiguration
    public var workspace: WorkspaceModel
    public var moduleGraph: ModuleGraph
    public var componentGraph: ComponentGraph
    /// Each module's layer, feature and kind (the rules' `LintContext.classifier`): pictures and the report use it.
    public var classifier: ArchitectureClassifier
    /// All diagnostics after severities are applied, before suppressions/baseline filtering.
    public var diagnostics: [Diagnostic]
    /// Which rule groups ran, and why.
    public var ruleActivation = RuleActivation(groups: [])
    /// The findings withheld because the declarations they rest on are partly unread.
    public var withheld = WithheldFindings()
    /// What the scan did and how long each pipeline phase took (for `--timings` and the benchmark).
    public var statistics = ScanStatistics()

    /// The tree this analysis read, when it can vouch for itself (see `TreeFingerprint`).
    public var fingerprint: TreeFingerprint?

    /// What this analysis took from the last run's incremental state.
    public var incremental = IncrementalReuse()

    /// The type index and the Needle analyses (the whole workspace's, and one per scope; made on first use when
    /// the last run's Needle outputs were reused): an analysis of another version of the tree reuses them for what
    /// didn't change (`Analyzer.analyze(scan:…)`).
    var types: TypeIndex?
    var needleAnalyses: LazyValue<NeedleAnalyses>?
    /// The incremental state this analysis leaves (saved unless it read another tree's cache).
    var state: AnalysisState?
    /// The scan this analysis was made from: a base revision read from this tree starts from it.
    var scan: WorkspaceScan?

    public func report(diagnostics: [Diagnostic]? = nil) -> LintReport {
        LintFindings(analysis: self).report(diagnostics: diagnostics)
    }

    /// Which rules are on here and at what severity: the configuration with the rule activation.
    public var policy: FindingsPolicy { FindingsPolicy(configuration: configuration, activation: ruleActivation) }

    /// What a lint of this analysis reports, filtered as `lint` filters (suppressions under its policy, then
    /// `baseline`): what `graph`, `diff`, `generate` and `baseline` read.
    public func filtered(baseline: Baseline? = nil) -> FilteredDiagnostics {
        DiagnosticFilter.apply(
            diagnostics, index: SuppressionIndex(workspace), suppressions: SuppressionFilter(policy: policy),
            baseline: baseline)
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
    /// Lets `extends:` read configuration files outside the analysed directory.
    public var allowConfigOutsideRoot: Bool
    public var scan: ScanOptions
    /// `lint` and `diff` parse in full only the files whose declarations the enabled rules read
    /// (`ScanDemand.lint`) and read the others' imports; with this set they parse every file, as `graph`,
    /// `metrics` and the generators always do.
    public var parsesEverything = false
    /// Writes, and reads of templates and of the file `generate needle --check` compares, may go through symlinks
    /// leading outside the root (`--allow-outside-root`; see `FileGuard`).
    public var allowOutsideRoot = false

    public init(configPath: String? = nil, allowConfigOutsideRoot: Bool = false, scan: ScanOptions = ScanOptions()) {
        self.configPath = configPath
        self.allowConfigOutsideRoot = allowConfigOutsideRoot
        self.scan = scan
    }

    /// The scan options of a lint or diff with `configuration`: `scan` with the demand of its rules.
    func lintScan(_ configuration: ArchlintConfiguration) -> ScanOptions {
        var scan = self.scan
        scan.demand = parsesEverything ? .everything : .lint(configuration)
        return scan
    }
}

/// The whole pipeline: configuration → discovery and scanning → graphs → rules.
public enum Analyzer {
    public static func analyze(root: String, options: AnalyzerOptions = AnalyzerOptions()) throws(AnalyzerError) -> ArchitectureAnalysis {
        try analyze(
            root: root, scanner: WorkspaceScanner(options: options.scan),
            configuration: loadConfiguration(root: root, options: options))
    }

    /// What `lint` reports. Over a tree whose fingerprint matches the last run's (same files, stat keys, archlint
    /// build and configuration), the stored `LintFindings` is reused without scanning; otherwise the full analysis
    /// runs and its result is stored for next time. `needsAnalysis` forces the full analysis (graphs, HTML).
    public static func lint(
        root: String, options: AnalyzerOptions = AnalyzerOptions(), needsAnalysis: Bool = false
    ) throws(AnalyzerError) -> LintAnalysis {
        try lint(root: root, options: options, needsAnalysis: needsAnalysis, scanner: WorkspaceScanner(options: options.scan))
    }

    /// - Parameter scanner: built from `options.scan`; tests move its clock.
    static func lint(
        root: String, options: AnalyzerOptions, needsAnalysis: Bool, scanner: WorkspaceScanner
    ) throws(AnalyzerError) -> LintAnalysis {
        var statistics = ScanStatistics()
        let configuration = try statistics.measure("configuration") { () throws(AnalyzerError) in
            try loadConfiguration(root: root, options: options)
        }
        var scanner = scanner
        scanner.options.demand = options.lintScan(configuration).demand
        let store = ResultCache(options: scanner.options, root: root)
        let salt = LintFindings.storageSalt(root: root, configuration: configuration)
        let probe = store == nil || salt == nil ? nil : statistics.measure("probe") {
            scanner.probe(root: root, configuration: configuration)
        }
        if !needsAnalysis, let store, let salt, let fingerprint = probe?.fingerprint,
           let result = statistics.measure("result-load", { () -> LintFindings? in
               guard let stored = store.load(fingerprint: fingerprint, salt: salt) else { return nil }
               return try? stored.withUnsafeBytes { try CompactBinaryCoder.decode(LintFindings.self, from: $0) }
           }) {
            statistics.lintResultReused = true
            return LintAnalysis(configuration: configuration, findings: result, analysis: nil, statistics: statistics)
        }
        var analysis = try analyze(root: root, scanner: scanner, configuration: configuration, probe: probe)
        let result = LintFindings(analysis: analysis)
        if let store, let salt, let fingerprint = analysis.fingerprint {
            analysis.statistics.measure("result-save") {
                if let bytes = try? CompactBinaryCoder.encode(result) {
                    store.save(bytes, fingerprint: fingerprint, salt: salt)
                }
            }
        }
        analysis.statistics.phaseTimes = statistics.phaseTimes + analysis.statistics.phaseTimes
        return LintAnalysis(configuration: configuration, findings: result, analysis: analysis, statistics: analysis.statistics)
    }

    /// The resolved configuration of `root` (its `.archlint.yml`, or `options.configPath`, over the presets).
    public static func configuration(root: String, options: AnalyzerOptions = AnalyzerOptions()) throws(AnalyzerError) -> ArchlintConfiguration {
        try loadConfiguration(root: root, options: options)
    }

    static func loadConfiguration(root: String, options: AnalyzerOptions) throws(AnalyzerError) -> ArchlintConfiguration {
        do {
            return try ConfigurationLoader.load(
                root: root, explicitPath: options.configPath, rules: RuleRegistry.configurationSchemas,
                allowOutsideRoot: options.allowConfigOutsideRoot)
        } catch {
            throw .configuration(error)
        }
    }

    static func analyze(
        root: String, scanner: WorkspaceScanner, configuration: ArchlintConfiguration, probe: TreeProbe? = nil
    ) throws(AnalyzerError) -> ArchitectureAnalysis {
        analyze(
            scan: try scan(root: root, scanner: scanner, configuration: configuration, probe: probe),
            root: root, scanner: scanner, configuration: configuration)
    }

    /// Discovery and scanning only: what `analyze(scan:…)` builds on.
    static func scan(
        root: String, scanner: WorkspaceScanner, configuration: ArchlintConfiguration, probe: TreeProbe? = nil
    ) throws(AnalyzerError) -> WorkspaceScan {
        do {
            return try scanner.scanWithStatistics(root: root, configuration: configuration, probe: probe)
        } catch {
            throw .workspace(error)
        }
    }

    /// Graphs and rules over a scan of `root`. With `scanner.options.readOnlyCacheOf` (a revision's copy, or a
    /// revision read as the working tree with other contents), the incremental state of that tree is read, never
    /// written.
    /// - Parameter reusing: an analysis of another version of the same tree whose files' facts differ in
    ///   `changed` only (the working tree, for a revision read from it): its Needle analyses are reused for the
    ///   rest.
    static func analyze(
        scan: WorkspaceScan, root: String, scanner: WorkspaceScanner, configuration: ArchlintConfiguration,
        reusing other: (analysis: ArchitectureAnalysis, changed: Set<String>)? = nil
    ) -> ArchitectureAnalysis {
        var run = AnalysisRun(scan: scan, root: root, scanner: scanner, configuration: configuration, other: other)
        let previous = run.loadState()
        let graphs = run.buildGraphs(previous)
        let needle = run.analyseNeedle(graphs)
        let findings = run.checkRules(
            graphs, componentGraph: needle.componentGraph, needleAnalyses: needle.analyses, previous: previous)
        run.saveState(findings, previous: previous)
        return ArchitectureAnalysis(
            configuration: configuration, workspace: scan.model, moduleGraph: graphs.moduleGraph,
            componentGraph: needle.componentGraph, classifier: findings.context.classifier,
            diagnostics: findings.diagnostics, ruleActivation: findings.policy.activation ?? RuleActivation(groups: []),
            withheld: findings.withheld, statistics: run.statistics, fingerprint: scan.fingerprint,
            incremental: run.incremental, types: graphs.needleStart.types, needleAnalyses: needle.analyses,
            state: findings.state, scan: scan)
    }
}
