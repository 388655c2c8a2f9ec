import ArchlintKit
import ArgumentParser
import Foundation
import SwiftFacts
import SwiftParser

/// `swift run -c release archlint-bench [--json] [--scale X] …`
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archlint-bench",
        abstract: "Measure archlint against swift-syntax's raw parse on a deterministic synthetic monorepo.",
        discussion: """
            (a) Parser.parse of every file, single-threaded (the baseline); (b) cold `archlint lint` (empty cache); \
            (c) warm, nothing changed; (d) warm after editing one file; (e) warm after adding one import; (h) `lint \
            --changed` with three staged files (the corpus made a git repository). Each with \
            its peak RSS and its ratio to (a), plus cold time at 1/10 size versus full size, and the time to read \
            the corpus' Xcode project (and the monorepo as one .xcodeproj and one project.yml) as a share of (b). \
            With the archlint binary: (f) cold `lint --report-dir` and (g) `graph --format svg` (default options, \
            warm cache), each as a ratio to a plain cold lint (f0) measured beside them, and (gl) `graph --kind layers \
            --format svg` (warm) against its 5 s target. (u) a cold lint with 20 \
            user rules added to the corpus' config (UserRules.swift) and (u2) with one rule on every module edge, \
            each as a ratio to a cold lint without them (u0) measured beside them. (n1) and (n2) `generate needle` \
            cold and warm, as ratios to (a); (diff) `archlint diff` between two revisions 10 files apart, against \
            1.5 × (a warm lint + a cold lint of those 10 files). (r) with --repository: a real repository's raw \
            parse and its cold, unchanged and one-edit lints, as ratios to that parse.
            """)

    @Option(help: "Corpus seed.")
    var seed: UInt64 = 42

    @Option(help: "Corpus size; 1 ≈ 4,000 files / 600,000 lines / 150 modules.")
    var scale: Double = 1

    @Option(help: "Corpus size in files (same as --scale N/4000).")
    var files: Double?

    @Flag(help: "Machine-readable output.")
    var json = false

    @Option(name: .customLong("work-dir"), help: "Where to write the corpora and caches (default: a new temporary directory).")
    var workDirectory: String?

    @Flag(help: "Keep the work directory.")
    var keep = false

    @Option(help: "The archlint executable (default: next to archlint-bench).")
    var archlint: String?

    @Flag(name: .customLong("no-scaling"), help: "Skip the 1/10-size cold run.")
    var noScaling = false

    @Option(name: .customLong("repeat"), help: "Run each measurement N times and keep the fastest.")
    var repeats = 1

    @Option(help: "A real repository to measure beside the corpus (r): raw parse, then cold, unchanged and one-edit lints of a copy.")
    var repository: String?

    @Option(name: .customLong("baseline-archlint"), help: "A second archlint binary measured on --repository beside the first, interleaved.")
    var baselineArchlint: String?

    @Option(name: .customLong("generate-only"), help: "Write the corpus to DIR and exit.")
    var generateOnly: String?

    @Option(name: .customLong("scan-only"), help: "Time FileScanner over every .swift file under DIR (for profiling) and exit.")
    var scanOnly: String?

    /// Internal: `--child-lint ROOT CACHE_DIR` runs the pipeline in-process (fallback when no `archlint` binary).
    @Option(name: .customLong("child-lint"), parsing: .upToNextOption, help: .hidden)
    var childLint: [String] = []

    /// Internal: `--measure OUT -- EXE ARGS…` runs EXE from this small process and writes its `ChildRun` to OUT.
    @Option(help: .hidden)
    var measure: String?

    @Argument(parsing: .postTerminator, help: .hidden)
    var command: [String] = []

    func validate() throws {
        if scale <= 0 { throw ValidationError("--scale needs a positive number") }
        if let files, files <= 0 { throw ValidationError("--files needs a positive number") }
        if repeats <= 0 { throw ValidationError("--repeat needs a positive integer") }
        if !childLint.isEmpty && childLint.count != 2 { throw ValidationError("--child-lint needs ROOT CACHE_DIR") }
        if measure != nil && command.isEmpty { throw ValidationError("--measure OUT needs `-- EXECUTABLE ARGUMENTS…`") }
        if baselineArchlint != nil && repository == nil { throw ValidationError("--baseline-archlint needs --repository DIR") }
        if let repository, !FileManager.default.fileExists(atPath: repository) {
            throw ValidationError("--repository: no directory at \(repository)")
        }
    }

    var options: BenchOptions {
        var options = BenchOptions()
        options.seed = seed
        options.scale = files.map { $0 / 4000 } ?? scale
        options.json = json
        options.workDirectory = workDirectory
        options.keep = keep
        options.archlint = archlint
        options.scaling = !noScaling
        options.repeats = repeats
        options.generateOnly = generateOnly
        options.repository = repository
        options.baselineArchlint = baselineArchlint
        options.scanOnly = scanOnly
        if childLint.count == 2 { options.childLint = (childLint[0], childLint[1]) }
        if let measure { options.measure = (measure, command) }
        return options
    }

    /// Measurements beyond (a)–(e), each in its own file, run in this order after (e): append yours here.
    static let extraRows: [BenchRow] = [
        ChangedFilesRow.measure,
        ParseAllRow.measure,
    ]

    func run() throws {
        let options = self.options
        if let measure = options.measure, let executable = measure.command.first {
            // Spawned by the benchmark so that the measured process starts from this small process's address
            // space: Linux's ru_maxrss of a child includes the peak of the process it was spawned from.
            let run = try MeasuredChild.run(
                executable, Array(measure.command.dropFirst()), stdout: nil, stderr: nil)
            try JSONEncoder().encode(run).write(to: URL(fileURLWithPath: measure.output))
            Foundation.exit(0)
        }
        if let directory = options.scanOnly {
            let files = try Benchmark.swiftFiles(under: URL(fileURLWithPath: directory))
            let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
            let clock = ContinuousClock()
            var parseBest = Double.infinity, scanBest = Double.infinity
            for _ in 0..<3 {
                var start = clock.now
                for source in sources { _ = Parser.parse(source: source) }
                parseBest = min(parseBest, (clock.now - start).seconds)
                start = clock.now
                for (index, source) in sources.enumerated() { _ = FileScanner.scan(source: source, path: "\(index)", mode: .fast) }
                scanBest = min(scanBest, (clock.now - start).seconds)
            }
            print("best of 3 over \(files.count) files: Parser.parse \(parseBest) s, FileScanner .fast \(scanBest) s (\(scanBest / parseBest)×)")
            Foundation.exit(0)
        }
        if let child = options.childLint {
            Foundation.exit(ChildLint.run(root: child.root, cacheDirectory: child.cache))
        }
        if let directory = options.generateOnly {
            let summary = try CorpusWriter(plan: CorpusPlan(seed: options.seed, scale: options.scale))
                .write(to: URL(fileURLWithPath: directory))
            print("wrote \(summary.files) files, \(summary.lines) lines, \(summary.bytes) bytes, \(summary.modules) modules, \(summary.packages) packages to \(directory)")
            Foundation.exit(0)
        }
        let benchmark = Benchmark(
            options: options, linter: Benchmark.locateLinter(explicit: options.archlint), extraRows: Self.extraRows)
        let result = try benchmark.run()
        print(options.json ? BenchReport.json(result) : BenchReport.text(result))
        try DiffBench.run(options: options)
        if result.fastScanMismatches > 0 { throw ExitCode(1) }
    }
}

BenchCommand.main()
