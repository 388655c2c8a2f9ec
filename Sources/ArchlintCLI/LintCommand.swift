import ArchlintKit
import ArchlintModel
import ArgumentParser
import Foundation
import Rendering
import Reporting

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the architecture and report diagnostics (the default command).",
        discussion: """
            One analysis feeds every output: --format for stdout, plus any number of --report FORMAT:PATH. \
            The exit code is the same whatever the formats.
            """)

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: "Output format for stdout: \(Reporters.names.joined(separator: ", ")).")
    var format: String = TextReporter.name

    @Option(name: .long, help: ArgumentHelp("Also write a report: FORMAT:PATH (repeatable).", valueName: "format:path"))
    var report: [String] = []

    @Flag(name: .long, help: "Exit 1 on any reported diagnostic, not only errors.")
    var strict = false

    @Flag(name: .long, help: "Print errors only (the exit code is unchanged).")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(
        "Also write a self-contained review report to DIR: index.html (summary, the module graph and one component graph per Needle app with zoom and search, diagnostics grouped by rule), their SVG files, report.json.",
        valueName: "dir"))
    var reportDir: String?

    @Option(name: .long, help: "Known violations to ignore (written by `archlint baseline`).")
    var baseline: String?

    @Flag(name: .long, help: "With --baseline: also fail when baseline entries no longer match, so the file only shrinks.")
    var strictBaseline = false

    @Flag(name: .long, help: "With --baseline: rewrite the baseline without the entries that no longer match.")
    var pruneBaseline = false

    @Option(name: .long, help: ArgumentHelp(
        "Report only diagnostics located in, or with evidence in, files changed since REV (`--changed` alone: the staged changes). The whole repository is still analysed.",
        valueName: "rev"))
    var changed: String?

    @Option(name: .long, help: "Like --changed, with the changed paths read from FILE (one per line, relative to PATH or absolute).")
    var changedFilesFrom: String?

    @Flag(name: .long, help: "Print how long each phase and rule took, and what the cache reused, to stderr.")
    var timings = false

    func validate() throws {
        try PathOptions.requireNonEmpty(
            ("--report-dir", reportDir), ("--baseline", baseline), ("--changed-files-from", changedFilesFrom))
        guard Reporters.reporter(named: format) != nil else {
            throw ValidationError("unknown format '\(format)'; use one of \(Reporters.names.joined(separator: ", ")).")
        }
        for argument in report {
            do { _ = try ReportDestination(parsing: argument) } catch { throw ValidationError(error.description) }
        }
        if changed != nil && changedFilesFrom != nil {
            throw ValidationError("--changed and --changed-files-from can't be used together.")
        }
        if (strictBaseline || pruneBaseline) && baseline == nil {
            throw ValidationError("--strict-baseline and --prune-baseline need --baseline FILE.")
        }
    }

    func run() throws {
        let knownViolations = try baseline.map { path in
            do { return try Baseline.load(path: path) } catch { throw CommandFailure(message: String(describing: error)) }
        }
        let changedFiles = try loadChangedFiles()
        let progress = ProgressLine.forCurrentProcess(quiet: quiet)
        defer { progress?.finish() }
        let run = try analysis.lint(needsAnalysis: reportDir != nil, progress: progress)
        let result = run.result
        let filtered = DiagnosticFilter.apply(
            result.diagnostics, index: result.suppressionIndex,
            suppressions: SuppressionFilter(configuration: run.configuration),
            baseline: knownViolations, changed: changedFiles)

        let shown = quiet ? filtered.reported.filter { $0.severity == .error } : filtered.reported
        let lintReport = result.report(diagnostics: shown)
        let absoluteRoot = URL(fileURLWithPath: analysis.path).standardizedFileURL.path
        var filterSummary = filtered.summary
        filterSummary.skippedPaths = result.skipped
        var options = ReportOptions(filter: filterSummary, absoluteRoot: absoluteRoot)
        for argument in report {
            let destination = try ReportDestination(parsing: argument)
            let text = destination.reporter().generate(lintReport, options: options)
            if destination.path == "-" { progress?.finish() }
            try Console.write(Array(text.utf8), to: destination.path)
        }
        if let reportDir, let full = run.analysis {
            progress?.phase("writing the report")
            let json = JSONReporter().generate(lintReport, options: options)
            do {
                // A graph that can't be drawn is a box in index.html and a note here; the exit code stays the findings'.
                let notices = try HTMLReportWriter.write(
                    report: lintReport, moduleGraph: full.moduleGraph, componentGraph: full.componentGraph,
                    configuration: run.configuration, reportJSON: json, to: reportDir, renderer: .commandLine)
                for notice in notices { Console.error("note: \(notice)") }
            } catch {
                throw CommandFailure(message: String(describing: error))
            }
        }
        progress?.finish()
        options.colored = format == TextReporter.name && Console.stdoutIsTerminal
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        Console.output(Reporters.reporter(named: format)!.generate(lintReport, options: options))
        if format != TextReporter.name && format != GitHubReporter.name {
            // Machine formats keep stdout parseable; what the filters left out is said on stderr.
            for message in options.filter.messages { Console.error(message) }
        }

        if timings { Console.printTimings(run.statistics) }

        var pruned = false
        if pruneBaseline, let path = baseline, let match = filtered.baseline, !match.fixed.isEmpty {
            do { try match.shrunk.write(to: path) } catch { throw CommandFailure(message: String(describing: error)) }
            Console.error("removed \(match.fixedCount) fixed violation(s) from \(path)")
            pruned = true
        }
        // Once pruned, the baseline holds no fixed entries any more: --strict-baseline has nothing to fail on.
        let status = ExitStatus.compute(
            diagnostics: filtered.reported, strict: strict, baseline: filtered.baseline,
            strictBaseline: strictBaseline && !pruned)
        // Last, so that a terminal shows it under everything else: the page to open (relative to the working
        // directory when --report-dir was).
        if let reportDir, !quiet {
            let index = (reportDir.hasSuffix("/") ? reportDir : reportDir + "/") + HTMLReportWriter.indexFile
            FileHandle.standardError.write(Data("Report: \(index)\n".utf8))
        }
        // The analysis is thousands of small objects: let the process exit instead of freeing them one by one.
        ExitLifetime.keep(run)
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    private func loadChangedFiles() throws -> ChangedFiles? {
        do {
            if let changedFilesFrom { return try ChangedFiles.fromList(path: changedFilesFrom, root: analysis.path) }
            if let changed {
                return try ChangedFiles.fromGit(root: analysis.path, revision: changed == Self.stagedSentinel ? nil : changed)
            }
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
        return nil
    }

    /// `--changed` given without a revision means the staged changes (see `ArgumentNormalizer`).
    static let stagedSentinel = ":staged:"
}
