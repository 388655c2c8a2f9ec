import ArchlintKit
import ArgumentParser

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starting .archlint.yml guessed from the modules and their dependency order.")

    @OptionGroup var analysis: AnalysisOptions

    func run() throws {
        throw CommandFailure(message: "init is not available yet")
    }
}
