import ArchlintModel
import ArgumentParser
import Foundation
import Reporting
import ArchlintKit
import SystemSupport
import Workspace

/// Where commands write. Results go to stdout; messages go to stderr.
enum Console {
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        FileHandle.standardError.write(Data(("archlint: " + line).utf8))
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes to `path` through `FileGuard` (atomically; inside PATH unless `--allow-outside-root`; keeping an
    /// existing file's mode; replacing only a file of `kind`, by default a report archlint wrote, unless `force`),
    /// or to stdout when nil or `-`.
    static func write(
        _ bytes: [UInt8], to path: String?, analysis: AnalysisOptions, kind: FileKind = .report, force: Bool
    ) throws {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try ReportFile.write(bytes, to: path, fileGuard: analysis.fileGuard(for: path), kind: kind, force: force)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}

/// What `--force` means for a report's destination (`FileKind.report`), said the same way in every command's help.
enum ReportForce {
    static let help: ArgumentHelp = "Replace --output even when it isn't a report archlint wrote."

    static let discussion = """
        A file written with --output (--report, --report-dir) replaces an existing file only when that file is a \
        report archlint wrote, in any of its formats (told by how archlint's output begins: its JSON, SARIF, \
        JUnit, Checkstyle, Markdown, DOT, Mermaid, CSV and text, the review page, Graphviz's SVG and PDF, PNG \
        stamped by archlint), or is empty; anything else (Package.swift, a source, a config) only with --force. \
        A destination inside PATH that leads outside it through a symlink is refused unless --allow-outside-root.
        """
}

extension Console {
    /// `--timings`: one line per phase and rule, then what the cache did.
    static func printTimings(_ statistics: ScanStatistics) {
        var lines = statistics.phaseTimes.map { time in
            String(format: "%9.1f ms  %@", time.seconds * 1000, time.phase)
        }
        if statistics.lintResultReused {
            lines.append("unchanged tree: the stored lint result was reused (nothing scanned)")
        } else {
            lines.append(
                "files: \(statistics.filesDiscovered) found, \(statistics.filesParsed) parsed, "
                    + "\(statistics.filesReusedByStatKey) reused by stat key, \(statistics.filesReusedByContentHash) by content hash; "
                    + "cache \(statistics.cacheState)\(statistics.cacheWritten ? ", written" : "")"
                    + (statistics.filesSkimmed > 0
                        ? "; \(statistics.filesSkimmed) read for their imports only (no enabled rule reads their declarations)"
                        : ""))
            if statistics.cacheState != .disabled {
                lines.append(
                    "project readings: \(statistics.projectReadingsReused) of \(statistics.projectReadings) reused "
                        + "(a reading is reused when every file its reader read reads the same)")
            }
        }
        FileHandle.standardError.write(Data(("timings:\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n").utf8))
    }
}

/// Values kept until the process exits (the way compilers skip freeing their ASTs): tearing down a large analysis
/// object by object costs milliseconds that a pre-commit hook would feel.
enum ExitLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ value: Any) { kept.append(value) }
}

/// A lint session's words on the console: results on stdout, messages on stderr, the progress line cleared
/// before anything else is printed.
final class ConsoleLintOutput: LintOutput {
    private let progress: ProgressLine?

    init(progress: ProgressLine?) {
        self.progress = progress
    }

    func standardOutput(_ text: String) {
        progress?.finish()
        Console.output(text)
    }

    func message(_ text: String) {
        progress?.finish()
        Console.error(text)
    }

    func closingLine(_ text: String) {
        progress?.finish()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    func phase(_ name: String) { progress?.phase(name) }

    func endProgress() { progress?.finish() }
}

/// `--output FILE` and `--force`, for the commands that write one report.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write to FILE instead of stdout.")
    var output: String?

    @Flag(name: .long, help: ReportForce.help)
    var force = false

    func validate() throws {
        try PathOptions.requireNonEmpty(("--output", output))
    }

    func write(_ bytes: [UInt8], analysis: AnalysisOptions) throws {
        try Console.write(bytes, to: output, analysis: analysis, force: force)
    }
}
