import ArchlintModel
import Configuration
import Foundation
import Reporting
import SystemSupport
import Workspace

/// What `archlint diff` compares.
public struct DiffRequest: Sendable {
    public var root: String
    public var base: String
    /// nil: the working tree.
    public var head: String?
    public var options: AnalyzerOptions
    /// Read a base that differs from the working tree only in sources' contents from the working tree's scan
    /// (`RevisionSources`); off: always check it out (the equivalence tests compare the two).
    public var readsBaseFromWorkingTree = true

    public init(root: String, base: String, head: String? = nil, options: AnalyzerOptions = AnalyzerOptions()) {
        self.root = root
        self.base = base
        self.head = head
        self.options = options
    }
}

public struct DiffResult: Sendable {
    public var diff: ArchitectureDiff
    public var neighbourhood: DiffNeighbourhood
    /// The head side's analysis (the working tree's, or the head revision's copy).
    public var head: ArchitectureAnalysis
    /// How the base was read.
    public var baseReading: BaseReading

    public enum BaseReading: Sendable, Equatable {
        /// As the working tree's scan with these sources' contents replaced (none: the same tree).
        case changedSources([String])
        /// From a checkout into a temporary directory.
        case checkout
    }
}

/// `archlint diff`: both sides analysed with one configuration (the head's, or `--config`), the base (and a head
/// revision) read from git: as the working tree with some sources' contents replaced when that is all that differs
/// (`baseAnalysis`), else into a temporary directory; unchanged files reuse the working tree's scan cache by content
/// hash, and the copies never write a cache of their own.
public enum DiffSession {
    public static func run(_ request: DiffRequest) throws(LintFailure) -> DiffResult {
        let headTree = try request.head.map { revision throws(LintFailure) in
            try RevisionTree.checkout(root: request.root, revision: revision)
        }
        defer { headTree?.remove() }
        let headRoot = headTree?.root ?? request.root
        let configuration: ArchlintConfiguration
        do {
            var options = request.options
            options.allowConfigOutsideRoot = options.allowConfigOutsideRoot || headTree != nil
            configuration = try Analyzer.loadConfiguration(root: headRoot, options: options)
        } catch {
            throw LintFailure(error.description)
        }
        if headTree == nil {
            // The revision is checked before anything is analysed: a bad one costs nothing.
            let revision = try BaseRevision(root: request.root, revision: request.base)
            let scanner = WorkspaceScanner(options: request.options.lintScan(configuration))
            let headScan = try scan(root: request.root, scanner: scanner, configuration: configuration)
            // Independent: git reads the base's sources (mostly waiting on its processes) while the working tree
            // is analysed on every core.
            let (baseSources, head) = alongside(
                { request.readsBaseFromWorkingTree ? RevisionSources.changedSources(
                    repository: revision.repository, commit: revision.commit, workingTree: headScan) : nil },
                { Analyzer.analyze(scan: headScan, root: request.root, scanner: scanner, configuration: configuration) })
            let (base, reading) = try baseAnalysis(
                revision, request: request, configuration: configuration, workingTree: (headScan, head),
                changedSources: baseSources)
            let (diff, neighbourhood) = compare(base: base, head: head, request: request)
            return DiffResult(diff: diff, neighbourhood: neighbourhood, head: head, baseReading: reading)
        }
        // The revision is checked before anything is analysed: a bad one costs nothing.
        let baseTree = try RevisionTree.checkout(root: request.root, revision: request.base)
        defer { baseTree.remove() }
        // The head first: it writes the scan cache that the base then reads, so unchanged files are scanned once
        // even without a cache (CI). Side by side, both would scan everything.
        let head = try analyze(
            root: headRoot, copyOf: headTree == nil ? nil : request.root, request: request, configuration: configuration)
        let base = try analyze(root: baseTree.root, copyOf: request.root, request: request, configuration: configuration)
        let (diff, neighbourhood) = compare(base: base, head: head, request: request)
        return DiffResult(diff: diff, neighbourhood: neighbourhood, head: head, baseReading: .checkout)
    }

    /// The changes from `base` to an analysis of the working tree already made (`lint --report-dir --base`),
    /// with that analysis's configuration.
    public static func changes(
        root: String, base: String, head: ArchitectureAnalysis, options: AnalyzerOptions
    ) throws(LintFailure) -> (ArchitectureDiff, DiffNeighbourhood) {
        let request = DiffRequest(root: root, base: base, options: options)
        let (analysis, _) = try baseAnalysis(
            try BaseRevision(root: root, revision: base), request: request, configuration: head.configuration,
            workingTree: head.scan.map { ($0, head) })
        return compare(base: analysis, head: head, request: request)
    }

    private static func compare(
        base: ArchitectureAnalysis, head: ArchitectureAnalysis, request: DiffRequest
    ) -> (ArchitectureDiff, DiffNeighbourhood) {
        var (diff, neighbourhood) = ArchitectureDiffer.diff(
            base: DiffSide(analysis: base), head: DiffSide(analysis: head),
            baseName: request.base, headName: request.head ?? "working tree")
        // Only what the base alone couldn't read: a file broken on both sides is no news about the base.
        let headProblems = Set(head.diagnostics.map(BaselineKey.init))
        diff.baseNotes = unreadableInputs(base.diagnostics.filter { !headProblems.contains(BaselineKey($0)) })
        return (diff, neighbourhood)
    }

    /// The findings a lint of `root` at `revision` reports (suppressions applied), with `configuration`: what
    /// `lint --new-since` treats as known.
    /// - Parameter workingTree: the working tree's analysis, when the lint made one (not when it answered from a
    ///   stored result): the revision is then read from its scan instead of scanning the tree again, and reuses
    ///   what didn't change.
    public static func findings(
        root: String, revision: String, options: AnalyzerOptions, configuration: ArchlintConfiguration,
        workingTree: ArchitectureAnalysis? = nil
    ) throws(LintFailure) -> [Diagnostic] {
        let request = DiffRequest(root: root, base: revision, options: options)
        let (analysis, _) = try baseAnalysis(
            try BaseRevision(root: root, revision: revision), request: request, configuration: configuration,
            workingTree: workingTree?.scan.map { ($0, workingTree!) })
        return DiffSide(analysis: analysis).findings
    }

    /// A revision of the repository holding an analysed root, checked to exist.
    struct BaseRevision {
        let repository: GitRepository
        let commit: String

        init(root: String, revision: String) throws(LintFailure) {
            let repository = try lintFailing { () throws(ChangedFilesError) in
                try GitRepository(root: root, purpose: "a diff reads the base revision from git")
            }
            self.repository = repository
            commit = try lintFailing { () throws(ChangedFilesError) in try repository.commit(revision) }
        }
    }

    /// The analysis of a revision compared with the working tree `request.root`: read as the working tree's scan
    /// with the changed sources' contents replaced when that is all that differs (`RevisionSources`), else from a
    /// checkout. `workingTree`: the working tree's scan and analysis, when already made (what didn't change is
    /// reused from it), with `RevisionSources.changedSources` of that scan when already read.
    static func baseAnalysis(
        _ revision: BaseRevision, request: DiffRequest, configuration: ArchlintConfiguration,
        workingTree: (scan: WorkspaceScan, analysis: ArchitectureAnalysis)?, changedSources: [String: [UInt8]]?? = nil
    ) throws(LintFailure) -> (ArchitectureAnalysis, DiffResult.BaseReading) {
        if request.readsBaseFromWorkingTree {
            let headScan: WorkspaceScan
            if let workingTree {
                headScan = workingTree.scan
            } else {
                headScan = try scan(
                    root: request.root, scanner: WorkspaceScanner(options: request.options.lintScan(configuration)), configuration: configuration)
            }
            let read = changedSources ?? RevisionSources.changedSources(
                repository: revision.repository, commit: revision.commit, workingTree: headScan)
            if let contents = read, let baseScan = headScan.replacingSources(contents) {
                var options = request.options.lintScan(configuration)
                options.readOnlyCacheOf = WorkspaceScanner.absolutePath(request.root)
                let base = Analyzer.analyze(
                    scan: baseScan, root: request.root, scanner: WorkspaceScanner(options: options), configuration: configuration,
                    reusing: workingTree.map { ($0.analysis, Set(contents.keys)) })
                return (base, .changedSources(contents.keys.sorted()))
            }
        }
        let tree = try RevisionTree.checkout(root: request.root, revision: revision.commit)
        defer { tree.remove() }
        let base = try analyze(root: tree.root, copyOf: request.root, request: request, configuration: configuration)
        return (base, .checkout)
    }

    private static func scan(
        root: String, scanner: WorkspaceScanner, configuration: ArchlintConfiguration
    ) throws(LintFailure) -> WorkspaceScan {
        do {
            return try Analyzer.scan(root: root, scanner: scanner, configuration: configuration)
        } catch {
            throw LintFailure(error.description)
        }
    }

    /// - Parameter copyOf: the working tree `root` is a copy of (its cache is read, never written).
    static func analyze(
        root: String, copyOf: String?, request: DiffRequest, configuration: ArchlintConfiguration
    ) throws(LintFailure) -> ArchitectureAnalysis {
        var scan = request.options.lintScan(configuration)
        if let copyOf { scan.readOnlyCacheOf = WorkspaceScanner.absolutePath(copyOf) }
        do {
            return try Analyzer.analyze(root: root, scanner: WorkspaceScanner(options: scan), configuration: configuration)
        } catch {
            throw LintFailure(error.description)
        }
    }

    /// What couldn't be read (manifests, projects, sources), as `path:line:col: message [rule]` lines.
    static func unreadableInputs(_ diagnostics: [Diagnostic]) -> [String] {
        let pipeline: Set<String> = [PipelineRuleID.unreadableFile, PipelineRuleID.manifestUnresolved, PipelineRuleID.syntaxError]
        return diagnostics.filter { pipeline.contains($0.rule) }
            .map { "\($0.location.file):\($0.location.line):\($0.location.column): \($0.message) [\($0.rule)]" }
            .sorted()
    }
}
