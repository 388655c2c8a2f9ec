import Foundation

/// What one `archlint-bench` run does (parsed by `BenchCommand`).
struct BenchOptions {
    var seed: UInt64 = 42
    var scale = 1.0
    var json = false
    var workDirectory: String?
    var keep = false
    var archlint: String?
    var scaling = true
    var repeats = 1
    var generateOnly: String?
    /// `--repository DIR` and `--baseline-archlint PATH`: the real-repository rows (r).
    var repository: String?
    var baselineArchlint: String?
    /// Internal: `--child-lint ROOT CACHE_DIR` runs the pipeline in-process (fallback when no `archlint` binary).
    var childLint: (root: String, cache: String)?
    /// Internal: `--measure OUT -- EXE ARGS…` runs EXE from this (small) process and writes its `ChildRun` to OUT.
    var measure: (output: String, command: [String])?
    /// `--scan-only DIR`: scan every .swift file under DIR with FileScanner (for profiling) and print the time.
    var scanOnly: String?
}

enum BenchError: Error, CustomStringConvertible {
    case failed(String)

    var description: String {
        switch self {
        case .failed(let message): "error: \(message)"
        }
    }
}
