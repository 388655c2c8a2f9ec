import ArchlintKit
import ArgumentParser

public struct ArchlintCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(commandName: "archlint", abstract: "Architecture linter for multi-module Swift codebases.")
    public init() {}
}
