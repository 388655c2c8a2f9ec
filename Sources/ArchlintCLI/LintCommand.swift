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

            \(ReportForce.discussion)
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

    @Flag(name: .long, help: "Replace --report and --report-dir files even when they aren't reports archlint wrote.")
    var force = false

    @Option(name: .long, help: "Known violations to ignore (written by `archlint baseline`).")
    var baseline: String?

    @Flag(name: .long, help: "With --baseline: also fail when baseline entries no longer match, so the file only shrinks.")
    var strictBaseline = false

    @Flag(name: .long, help: "With --baseline: rewrite the baseline without the entries that no longer match.")
    var pruneBaseline = false

    @Option(name: .long, defaultAsFlag: ChangedRevision.staged, parsing: .next, help: ArgumentHelp(
        "Report only diagnostics located in, or with evidence in, files changed since REV. The whole repository is still analysed.",
        valueName: "rev"))
    var changed: ChangedRevision? = nil

    @Option(name: .long, help: "Like --changed, with the changed paths read from FILE (one per line, relative to PATH or absolute).")
    var changedFilesFrom: String?

    @Option(name: .long, help: ArgumentHelp(
        "Fail only on new findings: a finding REV already had (same rule and subject, lines ignored) is known and not reported. Works with every format and with --changed.",
        valueName: "rev"))
    var newSince: String?

    @Option(name: .long, help: ArgumentHelp(
        "With --report-dir: add a \"Changes since REV\" section (what `archlint diff --base REV` reports).", valueName: "rev"))
    var base: String?

    @Flag(name: .long, help: "Print how long each phase and rule took, and what the cache reused, to stderr.")
    var timings = false

    mutating func validate() throws {
        // `--changed DIR` with no PATH: DIR is the path, and `--changed` stands alone (the staged changes).
        if case .revision(let name)? = changed, analysis.path == ".", Self.isDirectory(name) {
            analysis.path = name
            changed = .staged
        }
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
        if newSince?.isEmpty == true || base?.isEmpty == true {
            throw ValidationError("--new-since and --base need a revision; an empty one was given (an unset variable?).")
        }
        if base != nil && reportDir == nil {
            throw ValidationError("--base adds a section to the review report: it needs --report-dir DIR.")
        }
        if (strictBaseline || pruneBaseline) && baseline == nil {
            throw ValidationError("--strict-baseline and --prune-baseline need --baseline FILE.")
        }
    }

    func run() throws {
        let progress = ProgressLine.forCurrentProcess(quiet: quiet)
        defer { progress?.finish() }
        var request = LintRequest(
            root: analysis.path, options: analysis.analyzerOptions(progress: progress), format: format,
            reports: try report.map { try ReportDestination(parsing: $0) }, reportDirectory: reportDir,
            baselinePath: baseline, strictBaseline: strictBaseline, pruneBaseline: pruneBaseline, strict: strict,
            quiet: quiet, changedFiles: changedFilesRequest,
            colored: Console.stdoutIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil,
            renderer: .commandLine, newSince: newSince, base: base)
        request.force = force
        let outcome: LintOutcome
        do {
            outcome = try LintSession.run(request, output: ConsoleLintOutput(progress: progress))
        } catch let failure as LintFailure {
            throw CommandFailure(message: failure.description)
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
        if timings { Console.printTimings(outcome.run.statistics) }
        // The analysis is thousands of small objects: let the process exit instead of freeing them one by one.
        ExitLifetime.keep(outcome.run)
        if outcome.exitStatus != ExitStatus.success { throw ExitCode(outcome.exitStatus) }
    }

    private var changedFilesRequest: ChangedFilesRequest? {
        if let changedFilesFrom { return .list(path: changedFilesFrom) }
        return switch changed {
        case nil: nil
        case .staged: .staged
        case .revision(let revision): .revision(revision)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// What `--changed` names: a revision, or the staged changes when it stands alone.
enum ChangedRevision: ExpressibleByArgument, CustomStringConvertible, Equatable {
    case staged
    case revision(String)

    init?(argument: String) { self = .revision(argument) }

    var description: String {
        switch self {
        case .staged: "the staged changes"
        case .revision(let revision): revision
        }
    }
}
