import Foundation

/// (b*) What the skim saves and that it changes nothing: a cold `lint` and a cold `lint --parse-all` (every file
/// parsed in full), each from an empty cache, in turns on the tree as the core stages left it. Their JSON outputs
/// must be identical byte for byte; `--timings` of the first says how many files were read for their imports
/// only. Only with the `archlint` binary.
enum ParseAllRow {
    static func measure(_ result: inout BenchResult, _ context: BenchRowContext) throws {
        guard case .binary(let archlint) = context.benchmark.linter else { return }
        let root = context.root.path
        var skimming: [ChildRun] = []
        var parsingAll: [ChildRun] = []
        for round in 0..<context.benchmark.options.repeats {
            context.benchmark.progress("(b*) cold lint and cold lint --parse-all, round \(round + 1)…")
            skimming.append(try context.benchmark.measured(
                [archlint, "lint", root, "--format", "json", "--timings", "--cache-dir", context.freshCache()],
                output: context.output, name: "skimming"))
            parsingAll.append(try context.benchmark.measured(
                [archlint, "lint", root, "--format", "json", "--parse-all", "--cache-dir", context.freshCache()],
                output: context.output, name: "parse-all"))
        }
        let fastest = parsingAll.min { $0.seconds < $1.seconds }!
        result.stages.append(.init(id: "b*", title: "cold lint --parse-all", run: fastest, target: nil))
        let output = { (name: String) in try? Data(contentsOf: context.output.appendingPathComponent("\(name).stdout")) }
        let timings = (try? String(contentsOf: context.output.appendingPathComponent("skimming.stderr"), encoding: .utf8)) ?? ""
        let skimmed = timings.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "; ", options: .backwards), line.contains("read for their imports only") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }.first ?? 0
        result.skim = BenchResult.Skim(
            identical: output("skimming") != nil && output("skimming") == output("parse-all"), skimmedFiles: skimmed,
            ratio: skimming.map(\.seconds).min()! / fastest.seconds)
    }
}

extension BenchResult {
    /// From `ParseAllRow`.
    struct Skim: Codable {
        /// The cold lint's JSON output equals `--parse-all`'s.
        var identical: Bool
        /// Files the cold lint read for their imports only.
        var skimmedFiles: Int
        /// Cold lint over cold `lint --parse-all` (best of each).
        var ratio: Double
    }
}
