import Foundation

/// The `diff` row: `archlint diff --base BASE` between two revisions of the benchmark corpus that differ in 10
/// files (the working tree is the head), against its budget: one warm lint of the head plus one cold lint of
/// those 10 files, times 1.5. Each measured from a warm cache of the head (the cache a developer or CI has). The
/// warm lint analyses: its stored result (`lint-result.cache`, which answers an unchanged tree without analysing
/// it) is removed before each run, since a diff can't answer from it either. Needs the archlint binary and git.
enum DiffBench {
    static let changedFiles = 10
    static let budgetFactor = 1.5

    struct Row: Codable {
        var diffSeconds: Double
        var warmLintSeconds: Double
        var coldLintOfChangedSeconds: Double
        var budgetSeconds: Double
        var withinBudget: Bool
        var diffPeakRSSBytes: Int

        var text: String {
            String(
                format: "(diff) archlint diff, %d files changed: %.2f s (peak %.0f MB); budget %.1f × (warm lint, analysing, %.2f s + cold lint of the %d files %.2f s) = %.2f s: %@",
                DiffBench.changedFiles, diffSeconds, Double(diffPeakRSSBytes) / 1_048_576, DiffBench.budgetFactor,
                warmLintSeconds, DiffBench.changedFiles, coldLintOfChangedSeconds, budgetSeconds,
                withinBudget ? "within" : "OVER")
        }
    }

    /// Prints the row (text, or one JSON object on stderr with `--json`, so stdout stays the main report).
    static func run(options: BenchOptions) throws {
        guard case .binary(let archlint) = Benchmark.locateLinter(explicit: options.archlint) else {
            FileHandle.standardError.write(Data("archlint-bench: (diff) skipped: no archlint binary\n".utf8))
            return
        }
        let fileManager = FileManager.default
        let work = URL(fileURLWithPath: (options.workDirectory ?? NSTemporaryDirectory() + "archlint-bench-\(getpid())") + "-diff")
        try? fileManager.removeItem(at: work)
        try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
        defer { if !options.keep { try? fileManager.removeItem(at: work) } }
        FileHandle.standardError.write(Data("archlint-bench: (diff) two revisions of the corpus, \(changedFiles) files apart…\n".utf8))

        let root = work.appendingPathComponent("repo")
        _ = try CorpusWriter(plan: CorpusPlan(seed: options.seed, scale: options.scale)).write(to: root)
        try git(["init", "-q", "-b", "main"], in: root, work: work)
        try git(["add", "-A"], in: root, work: work)
        try git(["commit", "-q", "-m", "base"], in: root, work: work)
        let files = try Benchmark.swiftFiles(under: root)
        let step = max(1, files.count / changedFiles)
        let changed = stride(from: 0, to: files.count, by: step).prefix(changedFiles).map { files[$0] }
        for file in changed { try Benchmark.appendMethod(to: file) }
        try git(["commit", "-q", "-am", "head"], in: root, work: work)

        // The ten changed files alone, for the cold lint of them.
        let changedOnly = work.appendingPathComponent("changed-only")
        for (index, file) in changed.enumerated() {
            let destination = changedOnly.appendingPathComponent("F\(index)").appendingPathComponent(file.lastPathComponent)
            try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fileManager.copyItem(at: file, to: destination)
        }

        let cache = work.appendingPathComponent("cache").path
        let out = work.appendingPathComponent("out.txt").path
        let err = work.appendingPathComponent("err.txt").path
        _ = try MeasuredChild.run(archlint, ["lint", root.path, "--cache-dir", cache, "--format", "json"], stdout: out, stderr: err)
        var diffRuns: [ChildRun] = [], warmRuns: [ChildRun] = [], coldRuns: [ChildRun] = []
        for round in 0..<max(1, options.repeats) {
            diffRuns.append(try MeasuredChild.run(
                archlint, ["diff", root.path, "--base", "HEAD~1", "--cache-dir", cache, "--format", "json"], stdout: out, stderr: err))
            removeStoredResults(under: cache)
            warmRuns.append(try MeasuredChild.run(
                archlint, ["lint", root.path, "--cache-dir", cache, "--format", "json"], stdout: out, stderr: err))
            coldRuns.append(try MeasuredChild.run(
                archlint, ["lint", changedOnly.path, "--cache-dir", work.appendingPathComponent("cold-\(round)").path, "--format", "json"],
                stdout: out, stderr: err))
        }
        let diff = diffRuns.min { $0.seconds < $1.seconds }!
        let warm = warmRuns.map(\.seconds).min()!
        let cold = coldRuns.map(\.seconds).min()!
        let budget = budgetFactor * (warm + cold)
        let row = Row(
            diffSeconds: diff.seconds, warmLintSeconds: warm, coldLintOfChangedSeconds: cold, budgetSeconds: budget,
            withinBudget: diff.seconds <= budget, diffPeakRSSBytes: diff.peakRSSBytes)
        if options.json {
            let data = try JSONEncoder().encode(row)
            FileHandle.standardError.write(Data("archlint-bench: (diff) ".utf8) + data + Data("\n".utf8))
        } else {
            print(row.text)
        }
    }

    /// Removes every stored lint result under a cache directory (the scan cache and the analysis state stay).
    private static func removeStoredResults(under cache: String) {
        let files = FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String } ?? []
        for file in files where (file as NSString).lastPathComponent == "lint-result.cache" {
            try? FileManager.default.removeItem(atPath: cache + "/" + file)
        }
    }

    private static func git(_ arguments: [String], in root: URL, work: URL) throws {
        let run = try MeasuredChild.run(
            "/usr/bin/env",
            ["git", "-C", root.path, "-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false"]
                + arguments,
            stdout: work.appendingPathComponent("git.out").path, stderr: work.appendingPathComponent("git.err").path)
        if run.exitStatus != 0 { throw BenchError.failed("git \(arguments.joined(separator: " ")) failed") }
    }
}
