import ArchlintKit
import ArgumentParser
import Graphs

struct AffectedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "affected",
        abstract: "List the modules a change touches and every module that depends on them, tests included.",
        discussion: """
            A module is changed when one of its Swift files, its manifest or its project file changed since REV \
            (committed, staged, unstaged and untracked changes all count: the working tree against REV), or a \
            file under its source directory did. Every module that depends on a changed one, declared or \
            imported, directly or transitively, is affected too. CI uses the tests of the list to pick which test \
            targets to run. Only git is read: the working tree, the index and the stash are never touched.

            Exit codes: 0 listed (even when nothing is affected); 2 not a git repository, an unknown REV, a REV \
            missing from a shallow clone (the message says which `git fetch` to run), or a configuration error.

            \(ReportForce.discussion)
            """)

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: ArgumentHelp("The revision to compare the working tree with (a branch, tag or commit).", valueName: "rev"))
    var since: String

    @Option(name: .long, help: "Output format: \(AffectedReport.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: AffectedReport.Format = .text

    @OptionGroup var destination: OutputOptions

    func validate() throws {
        if since.isEmpty { throw ValidationError("--since needs a revision; an empty one was given (an unset variable?).") }
    }

    func run() throws {
        let changed: Set<String>
        do {
            changed = try AffectedModules.changedPaths(root: analysis.path, since: since)
        } catch {
            throw CommandFailure(message: error.description)
        }
        let result = try analysis.analyze()
        let affected = AffectedModules(changedPaths: changed, workspace: result.workspace, moduleGraph: result.moduleGraph)
        try destination.write(Array(AffectedReport.render(affected, since: since, format: format).utf8), analysis: analysis)
    }
}

extension AffectedReport.Format: ExpressibleByArgument {}
