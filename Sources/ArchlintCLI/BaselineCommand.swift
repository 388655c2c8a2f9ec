import ArchlintKit
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

    func validate() throws {
        try PathOptions.requireNonEmpty(("--output", output))
    }

    func run() throws {
        let result = try analysis.analyze()
        let filtered = DiagnosticFilter.apply(
            result.diagnostics, workspace: result.workspace,
            suppressions: SuppressionFilter(configuration: result.configuration))
        let recorded = Baseline(recording: filtered.reported)
        do { try recorded.write(to: output) } catch { throw CommandFailure(message: String(describing: error)) }
        Console.error("recorded \(filtered.reported.count) violation(s) in \(output)")
    }
}
