import ArchlintModel
import Foundation
import Rendering
import Reporting
import SystemSupport
import Workspace

/// Everything `archlint lint` was asked for besides what to analyse: the outputs, the filters and the exit
/// policy. The command line only fills this in.
public struct LintRequest: Sendable {
    public var root: String
    public var options: AnalyzerOptions
    /// The reporter for standard output (`Reporters.names`).
    public var format: String
    /// Further reports: FORMAT:PATH, `-` for standard output.
    public var reports: [ReportDestination]
    /// Where the HTML review report goes; nil: none.
    public var reportDirectory: String?
    public var baselinePath: String?
    /// Fail when baseline entries no longer match.
    public var strictBaseline: Bool
    /// Rewrite the baseline without the entries that no longer match.
    public var pruneBaseline: Bool
    /// Exit 1 on any reported diagnostic, not only errors.
    public var strict: Bool
    /// Report errors only (the exit status is unchanged).
    public var quiet: Bool
    public var changedFiles: ChangedFilesRequest?
    /// Colour the text reporter's output.
    public var colored: Bool
    /// How the report's pictures are drawn (the command line uses a child process of itself).
    public var renderer: GraphRenderer
    /// `--new-since REV`: findings REV already had (same line-free key) are known and don't fail the run.
    public var newSince: String?
    /// `--base REV` with `reportDirectory`: the report gains a "Changes since REV" section.
    public var base: String?
    /// `--force`: replace report files even when they aren't reports archlint wrote (`FileKind.report`).
    public var force = false

    public init(
        root: String, options: AnalyzerOptions = AnalyzerOptions(), format: String = TextReporter.name,
        reports: [ReportDestination] = [], reportDirectory: String? = nil, baselinePath: String? = nil,
        strictBaseline: Bool = false, pruneBaseline: Bool = false, strict: Bool = false, quiet: Bool = false,
        changedFiles: ChangedFilesRequest? = nil, colored: Bool = false, renderer: GraphRenderer = .inProcess,
        newSince: String? = nil, base: String? = nil
    ) {
        self.newSince = newSince
        self.base = base
        self.root = root
        self.options = options
        self.format = format
        self.reports = reports
        self.reportDirectory = reportDirectory
        self.baselinePath = baselinePath
        self.strictBaseline = strictBaseline
        self.pruneBaseline = pruneBaseline
        self.strict = strict
        self.quiet = quiet
        self.changedFiles = changedFiles
        self.colored = colored
        self.renderer = renderer
    }
}

/// Which changed files narrow what is reported (`--changed`, `--changed-files-from`).
public enum ChangedFilesRequest: Hashable, Sendable {
    /// The staged changes: what a pre-commit hook checks.
    case staged
    /// The working tree against a revision.
    case revision(String)
    /// Paths listed in a file, one per line.
    case list(path: String)
}

/// Where a session's words go: the command line prints them, tests collect them.
public protocol LintOutput: AnyObject {
    /// Results, for standard output.
    func standardOutput(_ text: String)
    /// A message for standard error (the console prefixes it with `archlint: `).
    func message(_ text: String)
    /// A bare line for standard error, shown last (`Report: DIR/index.html`).
    func closingLine(_ text: String)
    /// The phase that starts now, for a progress line.
    func phase(_ name: String)
    /// Whatever was on the progress line is done: results follow.
    func endProgress()
}

/// A lint run that could not complete: a bad baseline, an unreadable changed-files list, a report that can't
/// be written. Invocation-level, exit 2.
public struct LintFailure: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// How a session ended.
public struct LintOutcome: Sendable {
    /// `ExitStatus` of the findings and the baseline policy.
    public var exitStatus: Int32
    /// The analysis the run read (kept alive until exit by the caller: freeing it costs time for nothing).
    public var run: LintAnalysis
}

/// `archlint lint` from start to end: analyse (or reuse the stored result of an unchanged tree), filter
/// (suppressions, baseline, changed files), report to every destination, prune the baseline, compute the exit
/// status. One analysis feeds every output, so the exit status never depends on the formats.
public enum LintSession {
    public static func run(_ request: LintRequest, output: some LintOutput) throws -> LintOutcome {
        let knownViolations = try request.baselinePath.map { path in
            do { return try Baseline.load(path: path) } catch { throw LintFailure(String(describing: error)) }
        }
        let changedFiles = try loadChangedFiles(request)
        let run = try Analyzer.lint(root: request.root, options: request.options, needsAnalysis: request.reportDirectory != nil)
        if let note = unusableCacheNote(run.statistics) { output.message(note) }
        let result = run.findings
        let knownAtRevision = try request.newSince.map { revision throws(LintFailure) in
            output.phase("reading \(revision)")
            return Baseline(recording: try DiffSession.findings(
                root: request.root, revision: revision, options: request.options, configuration: run.configuration,
                workingTree: run.analysis))
        }
        let filtered = DiagnosticFilter.apply(
            result.diagnostics, index: result.suppressionIndex,
            suppressions: SuppressionFilter(policy: run.policy),
            baseline: knownViolations, knownAtRevision: knownAtRevision, changed: changedFiles)

        let shown = request.quiet ? filtered.reported.filter { $0.severity == .error } : filtered.reported
        let lintReport = result.report(diagnostics: shown)
        var filterSummary = filtered.summary
        filterSummary.skippedPaths = result.skipped
        filterSummary.revision = request.newSince
        var options = ReportOptions(
            filter: filterSummary, rules: RuleInfo.registered + RuleInfo.custom(run.configuration.customRules),
            absoluteRoot: URL(fileURLWithPath: request.root).standardizedFileURL.path)
        CrashContext.setPhase("report")
        for destination in request.reports {
            let text = destination.reporter().generate(lintReport, options: options)
            if destination.path == "-" {
                output.endProgress()
                output.standardOutput(text)
            } else {
                try ReportFile.write(
                    Array(text.utf8), to: destination.path,
                    fileGuard: .forOutput(destination.path, root: request.root, allowsOutside: request.options.allowOutsideRoot),
                    force: request.force)
            }
        }
        if let reportDirectory = request.reportDirectory, let full = run.analysis {
            output.phase("writing the report")
            let json = JSONReporter().generate(lintReport, options: options)
            let changes = try request.base.map { base throws(LintFailure) in
                let (diff, neighbourhood) = try DiffSession.changes(root: request.root, base: base, head: full, options: request.options)
                return ReportChanges(diff: diff, neighbourhood: neighbourhood, renderer: request.renderer)
            }
            do {
                // A graph that can't be drawn is a box in index.html and a note here; the exit code stays the findings'.
                let notices = try HTMLReportWriter.write(
                    report: lintReport, moduleGraph: full.moduleGraph, componentGraph: full.componentGraph,
                    configuration: run.configuration, classifier: full.classifier, reportJSON: json, to: reportDirectory,
                    renderer: request.renderer, changes: changes,
                    fileGuard: .forOutput(reportDirectory, root: request.root, allowsOutside: request.options.allowOutsideRoot),
                    force: request.force)
                for notice in notices { output.message("note: \(notice)") }
            } catch {
                throw LintFailure(String(describing: error))
            }
        }
        output.endProgress()
        options.colored = request.colored && request.format == TextReporter.name
        guard let reporter = Reporters.reporter(named: request.format) else {
            throw LintFailure("unknown format '\(request.format)'; use one of \(Reporters.names.joined(separator: ", ")).")
        }
        output.standardOutput(reporter.generate(lintReport, options: options))
        if request.format == TextReporter.name && !request.quiet {
            // Which rule groups ran, and why (the RIBs rules only where the code uses RIBs).
            for line in result.ruleActivation.summaryLines { output.standardOutput(line + "\n") }
        }
        if request.format != TextReporter.name && request.format != GitHubReporter.name {
            // Machine formats keep stdout parseable; what the filters left out is said on stderr.
            for message in options.filter.messages { output.message(message) }
        }

        var pruned = false
        if request.pruneBaseline, let path = request.baselinePath, let match = filtered.baseline, !match.fixed.isEmpty {
            do {
                try match.shrunk.write(
                    to: path, fileGuard: .forOutput(path, root: request.root, allowsOutside: request.options.allowOutsideRoot))
            } catch {
                throw LintFailure(String(describing: error))
            }
            output.message("removed \(match.fixedCount) fixed violation(s) from \(path)")
            pruned = true
        }
        // Once pruned, the baseline holds no fixed entries any more: a strict baseline has nothing to fail on.
        let status = ExitStatus.compute(
            diagnostics: filtered.reported, strict: request.strict, baseline: filtered.baseline,
            strictBaseline: request.strictBaseline && !pruned)
        // Last, so that a terminal shows it under everything else: the page to open (relative to the working
        // directory when the report directory was).
        if let reportDirectory = request.reportDirectory, !request.quiet {
            let index = (reportDirectory.hasSuffix("/") ? reportDirectory : reportDirectory + "/") + HTMLReportWriter.indexFile
            output.closingLine("Report: \(index)")
        }
        return LintOutcome(exitStatus: status, run: run)
    }

    /// `archlint baseline`: the findings a lint would report without a baseline (suppressions applied), recorded.
    /// The baseline records every location (one key per edge with a count of locations, so a suppression or
    /// a new import is matched per location); `findings` counts them as `lint` and every reporter do.
    public static func recordBaseline(root: String, options: AnalyzerOptions) throws(AnalyzerError)
        -> (baseline: Baseline, findings: Int, statistics: ScanStatistics)
    {
        let analysis = try Analyzer.analyze(root: root, options: options)
        let reported = analysis.filtered().reported
        return (Baseline(recording: reported), FindingGrouping.group(reported).count, analysis.statistics)
    }

    /// A cache path holding a FIFO, a symlink or a device was ignored: worth a note (the run itself is complete).
    public static func unusableCacheNote(_ statistics: ScanStatistics) -> String? {
        guard case .unusable(let reason) = statistics.cacheState, let file = statistics.cacheFile else { return nil }
        return "note: ignored the cache file \(file): \(reason); this run did without it and replaces it"
    }

    private static func loadChangedFiles(_ request: LintRequest) throws -> ChangedFiles? {
        do {
            switch request.changedFiles {
            case nil: return nil
            case .staged: return try ChangedFiles.fromGit(root: request.root, revision: nil)
            case .revision(let revision): return try ChangedFiles.fromGit(root: request.root, revision: revision)
            case .list(let path): return try ChangedFiles.fromList(path: path, root: request.root)
            }
        } catch {
            throw LintFailure(String(describing: error))
        }
    }
}

/// Writes a report file through `FileGuard`: atomically, inside the root (symlinks resolved) unless allowed,
/// keeping an existing file's mode, creating the directories it needs, replacing only a report archlint wrote
/// (`FileKind.report`) unless `force`.
public enum ReportFile {
    public static func write(
        _ bytes: [UInt8], to path: String, fileGuard: FileGuard, kind: FileKind = .report, force: Bool = false
    ) throws(LintFailure) {
        do {
            try fileGuard.write(bytes, to: path, kind: kind, force: force)
        } catch {
            throw LintFailure("cannot write \(path): \(error.reason)")
        }
    }
}
