import Foundation

/// (h) The pre-commit case: `lint --changed` on the warm cache with three staged files. The corpus becomes a git
/// repository (one commit of everything) first; each round edits the bodies of three view models and stages them.
/// Only with the `archlint` binary (the in-process fallback has no `--changed`).
enum ChangedFilesRow {
    static let target = 0.07

    static func measure(_ result: inout BenchResult, _ context: BenchRowContext) throws {
        guard case .binary(let archlint) = context.benchmark.linter else { return }
        guard let git = executable(named: "git") else {
            context.benchmark.progress("(h) skipped: no git on PATH")
            return
        }
        context.benchmark.progress("(h) lint --changed, three staged files: committing the corpus…")
        let root = context.root.path
        func runGit(_ arguments: [String]) throws {
            let run = try MeasuredChild.run(
                git, ["-C", root, "-c", "user.name=archlint-bench", "-c", "user.email=bench@example.invalid",
                      "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null"] + arguments,
                stdout: "/dev/null", stderr: context.output.appendingPathComponent("git.stderr").path)
            guard run.exitStatus == 0 else { throw BenchError.failed("git \(arguments.first ?? "") failed in the corpus") }
        }
        if !FileManager.default.fileExists(atPath: context.root.appendingPathComponent(".git").path) {
            try runGit(["init", "-q"])
            try runGit(["add", "-A"])
            try runGit(["commit", "-q", "-m", "corpus"])
        }
        let files = try Benchmark.swiftFiles(under: context.root).filter { $0.path.contains("/ViewModels/") }
        guard files.count >= 3 else { throw BenchError.failed("the corpus has fewer than three view models") }
        // Three view models of different features, spread over the corpus.
        let staged = [files[files.count / 4], files[files.count / 2], files[3 * files.count / 4]]
        var runs: [ChildRun] = []
        for _ in 0..<context.benchmark.options.repeats {
            for file in staged { try Benchmark.appendMethod(to: file) }
            try runGit(["add", "--"] + staged.map { String($0.path.dropFirst(root.count + 1)) })
            runs.append(try context.benchmark.measured(
                [archlint, "lint", root, "--changed", "--format", "json", "--cache-dir", context.warmCache],
                output: context.output, name: "changed"))
        }
        let fastest = runs.min { $0.seconds < $1.seconds }!
        result.stages.append(.init(id: "h", title: "lint --changed, 3 staged files", run: fastest, target: target))
    }

    /// The first executable `name` on PATH.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
