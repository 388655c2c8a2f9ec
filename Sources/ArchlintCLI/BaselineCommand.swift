import ArchlintKit
import ArchlintModel
import ArgumentParser
import Reporting

struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record the current violations so `lint --baseline FILE` ignores them (adopting archlint on a legacy codebase).",
        discussion: "Entries are keyed by rule and what the violation is about (modules, component and property, type and member), never by line, so they survive edits.")

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .shortAndLong, help: "Where to write the baseline.")
    var output: String = ".archlint-baseline.json"

    @Flag(name: .long, help: "Replace --output even when it isn't an archlint baseline.")
    var force = false

    func validate() throws {
        try PathOptions.requireNonEmpty(("--output", output))
    }

    func run() throws {
        let recorded: Baseline
        let findings: Int
        do {
            let (baseline, count, statistics) = try LintSession.recordBaseline(root: analysis.path, options: analysis.analyzerOptions)
            AnalysisOptions.noteUnusableCache(statistics)
            recorded = baseline
            findings = count
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
        do {
            try recorded.write(to: output, fileGuard: analysis.fileGuard(for: output), force: force)
        } catch {
            throw CommandFailure(message: String(describing: error))
        }
        // Counted as `lint` counts findings; the file keeps one entry per location.
        let locations = recorded.violationCount == findings ? "" : " at \(recorded.violationCount) locations"
        Console.error("recorded \(findings) violation(s)\(locations) in \(output)")
    }
}
