import Foundation

extension Benchmark {
    /// (n1) `generate needle --check` from an empty cache and (n2) again on that cache with nothing changed,
    /// on the corpus' app with its planted missing dependency taken out (a missing dependency stops the
    /// generation before any code is written). Rows are stages: ratios to the raw parse like (b) and (c).
    func measureNeedleGenerate(archlint: String, root: URL, output: URL, freshCache: () -> String, parseSeconds: Double) throws -> [BenchResult.Stage] {
        let planted = "var remoteConfig: RemoteConfig { get }"
        var restored: [(URL, String)] = []
        defer { for (file, text) in restored { try? Data(text.utf8).write(to: file) } }
        for file in try Self.swiftFiles(under: root) {
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(planted) else { continue }
            restored.append((file, text))
            try Data(text.replacingOccurrences(of: planted, with: "").utf8).write(to: file)
        }
        // A file changed within the cache's racy window (2 s) can't be vouched for by its stat, so a result computed
        // then isn't stored; wait past it, as a build phase finds a tree edited seconds ago, so (n2) measures the
        // warm path and not a second analysis.
        if !restored.isEmpty { Thread.sleep(forTimeInterval: 2.5) }
        let generated = root.appendingPathComponent("App/Sources/NeedleGenerated.swift")
        let command = { (cache: String) in
            [archlint, "generate", "needle", root.path, "--output", generated.path, "--stdout", "--cache-dir", cache]
        }
        progress("(n1) generate needle, empty cache…")
        var cache = ""
        let cold = try fastestNeedleRun(of: options.repeats) { () throws -> ChildRun in
            cache = freshCache()
            return try measuredGenerate(command(cache), output: output, name: "needle-cold")
        }
        progress("(n2) generate needle, warm cache, nothing changed…")
        let warm = try fastestNeedleRun(of: options.repeats) { try measuredGenerate(command(cache), output: output, name: "needle-warm") }
        return [
            .init(id: "n1", title: "generate needle, empty cache", seconds: cold.seconds, peakRSSBytes: cold.peakRSSBytes,
                  ratioToParse: cold.seconds / parseSeconds, exitStatus: cold.exitStatus),
            .init(id: "n2", title: "generate needle, warm, no change", seconds: warm.seconds, peakRSSBytes: warm.peakRSSBytes,
                  ratioToParse: warm.seconds / parseSeconds, exitStatus: warm.exitStatus),
        ]
    }

    private func fastestNeedleRun(of count: Int, _ body: () throws -> ChildRun) throws -> ChildRun {
        var runs: [ChildRun] = []
        for _ in 0..<count { runs.append(try body()) }
        return runs.min { $0.seconds < $1.seconds }!
    }

    /// Runs the command through this executable's `--measure` mode (as the lint rows are run); exit 0, or 1
    /// when the app has findings, is success.
    private func measuredGenerate(_ command: [String], output: URL, name: String) throws -> ChildRun {
        let measurement = output.appendingPathComponent("\(name).measure.json")
        let stderr = output.appendingPathComponent("\(name).stderr").path
        let launcher = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let launch = try MeasuredChild.run(
            launcher, ["--measure", measurement.path, "--"] + command,
            stdout: output.appendingPathComponent("\(name).stdout").path, stderr: stderr)
        guard launch.exitStatus == 0, let data = try? Data(contentsOf: measurement),
              let run = try? JSONDecoder().decode(ChildRun.self, from: data)
        else { throw BenchError.failed("could not measure run '\(name)' (launcher exit \(launch.exitStatus))") }
        guard run.exitStatus <= 1 else {
            let message = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
            throw BenchError.failed("run '\(name)' exited with \(run.exitStatus): \(message.prefix(2000))")
        }
        return run
    }
}
