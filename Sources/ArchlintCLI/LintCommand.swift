import ArchlintKit
import ArchlintModel
import ArgumentParser

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the architecture and report diagnostics (the default command).")

    @OptionGroup var analysis: AnalysisOptions

    @Flag(name: .long, help: "Exit 1 on any diagnostic, not only errors.")
    var strict = false

    @Flag(name: .long, help: "Print errors only.")
    var quiet = false

    func run() throws {
        let result = try analysis.analyze()
        var diagnostics = result.diagnostics
        if quiet { diagnostics = diagnostics.filter { $0.severity == .error } }
        for diagnostic in diagnostics {
            Console.output("\(diagnostic.location.file):\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]\n")
        }
        let hasErrors = result.diagnostics.contains { $0.severity == .error }
        if hasErrors || (strict && !result.diagnostics.isEmpty) { throw ExitCode(1) }
    }
}
