import Foundation

/// What a measurement beyond the core stages gets: the corpus, where to write, the warm cache the core stages left,
/// and how to run a lint. A row file appends its stages to `result.stages` (their ratios to the raw parse are set
/// after every row has run) or keeps its own section of `BenchResult`.
struct BenchRowContext {
    let benchmark: Benchmark
    let root: URL
    let output: URL
    /// The cache of the (b)–(e) runs: warm for the tree as (e) left it.
    let warmCache: String
    let freshCache: () -> String
}

/// One extra measurement (see `BenchCommand.extraRows`, the list to append to).
typealias BenchRow = @Sendable (inout BenchResult, BenchRowContext) throws -> Void

extension BenchResult.Stage {
    /// A stage with the target as a ratio to the raw parse.
    init(id: String, title: String, run: ChildRun, target: Double?) {
        self.init(
            id: id, title: title, seconds: run.seconds, peakRSSBytes: run.peakRSSBytes, ratioToParse: 0,
            exitStatus: run.exitStatus, target: target)
    }
}
