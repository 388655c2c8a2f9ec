import ArchlintKit
import ArchlintModel
import ArgumentParser
import Configuration
import Foundation
import Manifests

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starting .archlint.yml guessed from the module names and the actual dependency order.")

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .shortAndLong, help: "Where to write it (default: <path>/.archlint.yml; `-` for stdout).")
    var output: String?

    @Flag(name: .long, help: "Overwrite an existing file.")
    var force = false

    func validate() throws {
        try PathOptions.requireNonEmpty(("--output", output))
    }

    func run() throws {
        let destination = output ?? URL(fileURLWithPath: analysis.path).appendingPathComponent(ConfigurationLoader.fileName).path
        // Checked before the analysis too, for a quick answer; the write checks again.
        if destination != "-" && !force && FileManager.default.fileExists(atPath: destination) {
            throw CommandFailure(message: "\(destination) already exists; use --force to overwrite it.")
        }
        let result = try analysis.analyze()
        let workspace = result.workspace
        let roots = TuistRoots(paths: workspace.files.map(\.path) + workspace.projects.filter { $0.source != .swiftpm }.map(\.path),
                               rootHasTuistFolder: workspace.projects.contains { $0.source == .tuist })
        let proposal = ConfigurationProposer.propose(
            workspace: workspace, moduleGraph: result.moduleGraph, current: result.configuration,
            isToolingFile: { roots.role(of: $0) != nil })
        try Console.write(Array(proposal.utf8), to: destination, analysis: analysis, kind: .newFile, force: force)
        if destination != "-" { Console.error("wrote \(destination)") }
    }
}
