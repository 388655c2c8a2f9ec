import ArchlintKit
import Foundation
import SwiftFacts
import SwiftParser

/// `swift run -c release archlint-bench [--json] [--scale X] …`: see `BenchOptions.usage`.
let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as BenchError {
    if case .help = error {
        print(error.description)
        exit(0)
    }
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(2)
}

do {
    if let measure = options.measure, let executable = measure.command.first {
        // Spawned by the benchmark so that the measured process starts from this small process's address
        // space: Linux's ru_maxrss of a child includes the peak of the process it was spawned from.
        let run = try ChildProcess.run(
            executable, Array(measure.command.dropFirst()), stdout: nil, stderr: nil)
        try JSONEncoder().encode(run).write(to: URL(fileURLWithPath: measure.output))
        exit(0)
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
        exit(0)
    }
    if let child = options.childLint {
        exit(ChildLint.run(root: child.root, cacheDirectory: child.cache))
    }
    if let directory = options.generateOnly {
        let summary = try CorpusWriter(plan: CorpusPlan(seed: options.seed, scale: options.scale))
            .write(to: URL(fileURLWithPath: directory))
        print("wrote \(summary.files) files, \(summary.lines) lines, \(summary.bytes) bytes, \(summary.modules) modules, \(summary.packages) packages to \(directory)")
        exit(0)
    }
    let benchmark = Benchmark(options: options, linter: Benchmark.locateLinter(explicit: options.archlint))
    let result = try benchmark.run()
    print(options.json ? BenchReport.json(result) : BenchReport.text(result))
    if result.fastScanMismatches > 0 { exit(1) }
} catch {
    FileHandle.standardError.write(Data("archlint-bench: \(error)\n".utf8))
    exit(1)
}
