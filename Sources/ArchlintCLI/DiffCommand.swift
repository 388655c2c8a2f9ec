import ArchlintKit
import ArchlintModel
import ArgumentParser
import Rendering
import Reporting
import SystemSupport

/// `archlint diff`: what a change does to the architecture.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in the architecture between a base revision and the working tree (or --head).",
        discussion: """
            Both sides are analysed with the head's configuration (or --config); the base is read from git into a \
            temporary directory, never into your checkout. Exit 0 when the change introduces no error finding, \
            1 when it introduces one, 2 for invocation errors.

            \(ReportForce.discussion)
            """)

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json, markdown, svg, png
    }

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: ArgumentHelp("The revision to compare against (a branch, tag or commit).", valueName: "rev"))
    var base: String

    @Option(name: .long, help: ArgumentHelp("The revision to compare (default: the working tree).", valueName: "rev"))
    var head: String?

    @Option(name: .long, help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .text

    @Option(name: [.short, .long], help: "Write to this file instead of stdout.")
    var output: String?

    @Flag(name: .long, help: ReportForce.help)
    var force = false

    func validate() throws {
        try PathOptions.requireNonEmpty(("--output", output))
        if base.isEmpty { throw ValidationError("--base needs a revision; an empty one was given (an unset variable?).") }
        if head?.isEmpty == true { throw ValidationError("--head needs a revision; an empty one was given.") }
    }

    func run() throws {
        let result: DiffResult
        do {
            result = try DiffSession.run(DiffRequest(
                root: analysis.path, base: base, head: head, options: analysis.analyzerOptions))
        } catch {
            throw CommandFailure(message: error.description)
        }
        CrashContext.setPhase("diff output")
        let diff = result.diff
        let bytes: [UInt8]
        switch format {
        case .text: bytes = Array(DiffTextFormatter.format(diff).utf8)
        case .json: bytes = Array(DiffJSONFormatter.format(diff).utf8)
        case .markdown: bytes = Array(DiffMarkdownFormatter.format(diff, neighbourhood: result.neighbourhood).utf8)
        case .svg, .png:
            let dot = DiffDotWriter.dot(result.neighbourhood, title: "Changes since \(diff.base): \(diff.summaryLine)")
            let rendered = GraphRenderer.commandLine.render(dot: dot, format: format == .svg ? .svg : .png)
            guard let drawn = rendered.bytes else {
                throw CommandFailure(message: "the diff picture could not be drawn: \(rendered.failureSummary)", exitCode: 2)
            }
            bytes = drawn
        }
        try Console.write(bytes, to: output, analysis: analysis, force: force)
        ExitLifetime.keep(result.head)
        if diff.introducesError { throw ExitCode(ExitStatus.violations) }
    }
}
