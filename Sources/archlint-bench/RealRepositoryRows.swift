import Foundation
import SwiftParser

/// (r) A real repository beside the generated corpus, so the two can't drift apart unseen. The raw single-threaded
/// parse of its Swift files, then cold, unchanged and one-edit lints of a copy (the repository itself is never
/// written), as ratios to that parse. With `--baseline-archlint`, a second binary's lints run interleaved with the
/// first's, so before and after are measured in one run, under the same load.
struct RealRepositoryRows: Codable {
    struct Linter: Codable {
        var path: String
        var stages: [BenchResult.Stage]
    }

    var repository: String
    var files: Int
    var lines: Int
    var parseSeconds: Double
    var linters: [Linter]

    static func measure(repository: URL, archlints: [String], benchmark: Benchmark, work: URL) throws -> RealRepositoryRows {
        let copy = work.appendingPathComponent("real-repository")
        benchmark.progress("(r) copying \(repository.path) without .git…")
        try? FileManager.default.removeItem(at: copy)
        try copyTree(repository, to: copy)
        let files = try Benchmark.swiftFiles(under: copy)
        let sources = files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        let lines = sources.reduce(0) { $0 + $1.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }

        benchmark.progress("(r) raw parse of \(files.count) files, single-threaded…")
        let clock = ContinuousClock()
        let parseSeconds = (0..<benchmark.options.repeats).map { _ -> Double in
            let start = clock.now
            for source in sources { _ = Parser.parse(source: source) }
            return (clock.now - start).seconds
        }.min()!

        let output = work.appendingPathComponent("real-out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let caches = archlints.indices.map { work.appendingPathComponent("real-cache-\($0)").path }
        var runs = Array(repeating: [String: ChildRun](), count: archlints.count)
        func lint(_ stage: String, fresh: Bool) throws {
            for (index, archlint) in archlints.enumerated() {
                benchmark.progress("(r) \(stage) lint by \(archlint)…")
                if fresh { try? FileManager.default.removeItem(atPath: caches[index]) }
                let run = try benchmark.measured(
                    [archlint, "lint", copy.path, "--format", "json", "--cache-dir", caches[index]],
                    output: output, name: "real-\(stage)-\(index)")
                if let best = runs[index][stage], best.seconds <= run.seconds { continue }
                runs[index][stage] = run
            }
        }
        // The file in the middle of the sorted list: an ordinary file, not the first a walk meets.
        let edited = files[files.count / 2]
        for _ in 0..<benchmark.options.repeats {
            try lint("cold", fresh: true)
            try lint("unchanged", fresh: false)
            try Benchmark.appendMethod(to: edited)
            try lint("edit", fresh: false)
        }
        let titles = [("cold", "cold lint, empty cache", 0.5), ("unchanged", "warm lint, no change", 0.03),
                      ("edit", "warm lint, 1 file edited", 0.07)]
        let linters = archlints.enumerated().map { index, archlint in
            Linter(path: archlint, stages: titles.map { id, title, target in
                let run = runs[index][id]!
                return BenchResult.Stage(
                    id: "r-\(id)", title: title, seconds: run.seconds, peakRSSBytes: run.peakRSSBytes,
                    ratioToParse: run.seconds / parseSeconds, exitStatus: run.exitStatus, target: target)
            })
        }
        return RealRepositoryRows(
            repository: repository.path, files: files.count, lines: lines, parseSeconds: parseSeconds, linters: linters)
    }

    /// Copies a tree without `.git`, keeping symbolic links as links (a link loop is copied, never followed).
    static func copyTree(_ source: URL, to destination: URL) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: source.path) where name != ".git" {
            let from = source.appendingPathComponent(name), to = destination.appendingPathComponent(name)
            let type = try fileManager.attributesOfItem(atPath: from.path)[.type] as? FileAttributeType
            if type == .typeDirectory { try copyTree(from, to: to) } else { try fileManager.copyItem(at: from, to: to) }
        }
    }
}
