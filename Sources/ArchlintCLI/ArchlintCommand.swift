import ArchlintModel
import ArgumentParser
import Foundation
import Reporting
import SystemSupport

public struct ArchlintCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "archlint",
        abstract: "Architecture linter and dependency-graph analyzer for multi-module Swift codebases.",
        discussion: """
            Reads Package.swift manifests and Swift sources as text (never compiles or runs them), builds the \
            module import graph and the Needle component graph, and checks them against your architecture.

            Exit codes: 0 no errors; 1 errors (or any diagnostic with --strict); 2 invalid invocation, \
            configuration or path.
            """,
        version: BuildInfo.versionLine,
        subcommands: [
            LintCommand.self, GraphCommand.self, RulesCommand.self, InitCommand.self, BaselineCommand.self, RenderCommand.self,
            DiffCommand.self,
            MetricsCommand.self, AffectedCommand.self,
            GenerateCommand.self,
            NewCommand.self, ExplainCommand.self,
        ],
        defaultSubcommand: LintCommand.self
    )

    public init() {}

    /// A crash prints one line of archlint's own (what it was scanning) instead of a raw backtrace.
    public static func installCrashHandler() {
        // `getenv`, not `ProcessInfo`: every run pays for this, and ProcessInfo copies the whole environment.
        CrashHandler.install(chainsToPrevious: getenv("SWIFT_BACKTRACE") != nil)
    }

    /// Runs archlint with `arguments` and returns the process exit code. Usage errors exit 2, not 64.
    public static func run(arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help / --version.
                print(fullMessage(for: error))
                return 0
            }
            if let exit = error as? ExitCode { return exit.rawValue }
            if let failure = error as? CommandFailure {
                Console.error(failure.message)
                return failure.exitCode
            }
            if isFoundationError(error) {
                // Never "NSCocoaErrorDomain error 256": say it in words.
                Console.error(FoundationErrorText.describe(error))
                return 2
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            return 2
        }
    }
}

private func isFoundationError(_ error: Error) -> Bool {
    let domain = (error as NSError).domain
    return domain == NSCocoaErrorDomain || domain == NSPOSIXErrorDomain
}

/// An error the user must fix (bad config, missing path, corrupt baseline): message to stderr, exit 2.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32 = 2
}
