import Foundation
import PackagePlugin

/// Runs the `archlint` executable of this package on the package (or Xcode project) the plugin was invoked on.
///
/// `swift package archlint lint --strict` runs `archlint lint <package directory> --strict`; the verb defaults to
/// `lint`. Two plugins share this file (ArchlintWritePlugin's is a symlink to it):
/// `archlint` (no permissions: `lint`, `graph` and `rules` to stdout) and `archlint-write` (asks for write access
/// to the package: `baseline`, `--report-dir`, `--report`, `--output`, `--prune-baseline`). SwiftPM fixes a command
/// plugin's permissions in the manifest, so writing is a second verb rather than a question asked at run time.
///
/// macOS runs plugins in a sandbox that may write only the plugin's work directory (and, for `archlint-write`, the
/// package): the cache goes there, not to `~/.cache/archlint`, unless `--cache-dir` or `--no-cache` says otherwise.
enum ArchlintInvocation {
    static let readOnlyVerbs: Set<String> = ["lint", "graph", "rules"]
    static let writingVerbs: Set<String> = ["baseline", "init"]
    static let writingOptions = ["--report-dir", "--report", "--output", "-o", "--prune-baseline"]
    /// The verbs that read a tree and take `--cache-dir`.
    static let cachingVerbs: Set<String> = ["lint", "graph", "baseline", "init", "generate"]
    /// Verbs whose subcommand comes before the directory (`generate needle DIR --output …`).
    static let subcommandVerbs: Set<String> = ["generate"]

    static func run(tool: URL, directory: URL, workDirectory: URL, arguments: [String], mayWrite: Bool) throws {
        var arguments = arguments
        let verb = arguments.first.map { $0.hasPrefix("-") ? "lint" : $0 } ?? "lint"
        if arguments.first == verb { arguments.removeFirst() }
        if !mayWrite, let write = writingVerbs.contains(verb) ? verb : writingOption(in: arguments) {
            let original = ([verb] + arguments).joined(separator: " ")
            Diagnostics.error(
                "archlint: `\(write)` writes into the package; run `swift package --allow-writing-to-package-directory archlint-write \(original)`")
            exit(2)
        }
        if cachingVerbs.contains(verb), !arguments.contains(where: { $0 == "--no-cache" || $0 == "--cache-dir" || $0.hasPrefix("--cache-dir=") }) {
            arguments += ["--cache-dir", workDirectory.appendingPathComponent("cache").path]
        }
        var command = [verb]
        if subcommandVerbs.contains(verb), let subcommand = arguments.first, !subcommand.hasPrefix("-") {
            command.append(subcommand)
            arguments.removeFirst()
        }
        // `rules` takes a rule id, not a directory.
        let path = verb == "rules" ? [] : [directory.path]
        let process = Process()
        process.executableURL = tool
        process.arguments = command + path + arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        // archlint's own exit code: 1 means errors were found, 2 an invalid invocation.
        if process.terminationReason == .uncaughtSignal {
            Diagnostics.error("archlint: killed by signal \(process.terminationStatus)")
            exit(2)
        }
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    static func writingOption(in arguments: [String]) -> String? {
        for argument in arguments {
            if let option = writingOptions.first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) { return option }
        }
        return nil
    }
}
