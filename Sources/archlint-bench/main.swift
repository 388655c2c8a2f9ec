import ArchlintKit
import Foundation

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
} catch {
    FileHandle.standardError.write(Data("archlint-bench: \(error)\n".utf8))
    exit(1)
}
