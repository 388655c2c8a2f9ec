import ArchlintModel
import Foundation
import SwiftFacts
import SwiftParser
import SystemSupport

/// The measurements of one benchmark run.
struct BenchResult: Codable {
    struct Stage: Codable {
        var id: String
        var title: String
        var seconds: Double
        var peakRSSBytes: Int
        /// `seconds` divided by the raw parse's.
        var ratioToParse: Double
        var exitStatus: Int32?
        /// The target for this stage, as a ratio to the raw parse (nil: none).
        var target: Double? = nil
    }

    struct Scaling: Codable {
        var smallFiles: Int
        var smallLines: Int
        var smallColdSeconds: Double
        var fullColdSeconds: Double
        var growth: Double
    }

    var seed: UInt64
    var scale: Double
    var corpus: CorpusWriter.Summary
    var generationSeconds: Double
    var linter: String
    var stages: [Stage] = []
    var scannerStages: [Stage] = []
    var scaling: Scaling?
    /// (a) is measured before and after the lint runs (this machine's speed drifts); ratios use the faster.
    var parseSecondsBefore = 0.0
    var parseSecondsAfter = 0.0
    var diagnosticsByRule: [String: Int] = [:]
    /// Files whose `.fast` facts differ from their `.full` facts (must be 0).
    var fastScanMismatches = 0
    /// The project readers on the corpus, each as a share of (b); the budget is 5%.
    var projectReading: [ProjectReading.Measurement] = []
    /// What the review report and the graph cost on the same corpus (only with the `archlint` binary).
    var report: ReportCost?
    /// What 20 user rules, and one rule on every edge, cost over the built-in rules alone.
    var userRules: UserRulesCost?
    var skim: Skim?
    var realRepository: RealRepositoryRows?
}

/// The HTML report and the SVG graph against a plain cold lint measured beside them, on the same tree.
struct ReportCost: Codable {
    struct Row: Codable {
        var id: String
        var title: String
        var seconds: Double
        var peakRSSBytes: Int
        /// `seconds` divided by the plain cold lint's (f0).
        var ratioToLint: Double
        /// What the run wrote: `index.html`, or the SVG.
        var outputBytes: Int
        /// The target for this row in seconds (nil: none).
        var targetSeconds: Double? = nil
    }

    /// Issue 33: the layer overview of a 100-module app under 5 s.
    static let layersTargetSeconds = 5.0

    var modules: Int
    var rows: [Row] = []
    /// The SVG's `width`×`height` attributes (graphviz writes points).
    var svgSize: String?
}

struct Benchmark {
    let options: BenchOptions
    let linter: Linter
    /// Measurements beyond the core stages, run after (e) on its warm cache (`BenchCommand.extraRows`).
    var extraRows: [BenchRow] = []

    /// How a lint run is started: the real CLI binary, or this executable's in-process child mode.
    enum Linter {
        case binary(String)
        case childMode(String)

        var description: String {
            switch self {
            case .binary(let path): "archlint lint (\(path))"
            case .childMode(let path): "Analyzer.analyze in a child process (\(path) --child-lint); no archlint binary found"
            }
        }
    }

    func run() throws -> BenchResult {
        let fileManager = FileManager.default
        let work = URL(fileURLWithPath: options.workDirectory ?? NSTemporaryDirectory() + "archlint-bench-\(getpid())")
        try? fileManager.removeItem(at: work)
        try fileManager.createDirectory(at: work, withIntermediateDirectories: true)
        defer { if !options.keep { try? fileManager.removeItem(at: work) } }

        progress("generating corpus (seed \(options.seed), scale \(options.scale))…")
        let clock = ContinuousClock()
        let generationStart = clock.now
        let plan = CorpusPlan(seed: options.seed, scale: options.scale)
        let root = work.appendingPathComponent("repo")
        let summary = try CorpusWriter(plan: plan).write(to: root)
        var result = BenchResult(
            seed: options.seed, scale: options.scale, corpus: summary,
            generationSeconds: (clock.now - generationStart).seconds, linter: linter.description)

        progress("loading \(summary.files) files…")
        let sources = try Self.swiftFiles(under: root).map { try String(contentsOf: $0, encoding: .utf8) }

        progress("(a) raw parse, single-threaded…")
        func measureParse() -> Double {
            best(of: options.repeats) { () -> Double in
                let start = clock.now
                for source in sources { _ = Parser.parse(source: source) }
                return (clock.now - start).seconds
            }
        }
        let parseSeconds = measureParse()
        result.parseSecondsBefore = parseSeconds
        let parseRSS = MeasuredChild.selfPeakRSSBytes()
        result.stages.append(
            .init(id: "a", title: "raw Parser.parse, 1 thread", seconds: parseSeconds, peakRSSBytes: parseRSS, ratioToParse: 1))

        // The floor for any parallel linter on this machine: the same parse spread over every core.
        progress("raw parse on all cores…")
        let parallelParse = best(of: options.repeats) { () -> Double in
            let start = clock.now
            _ = parallelMap(count: sources.count) { index in Parser.parse(source: sources[index]).totalLength.utf8Length }
            return (clock.now - start).seconds
        }
        result.scannerStages.append(.init(
            id: "parse-parallel", title: "raw Parser.parse, \(ProcessInfo.processInfo.activeProcessorCount) threads",
            seconds: parallelParse, peakRSSBytes: MeasuredChild.selfPeakRSSBytes(), ratioToParse: parallelParse / parseSeconds))

        var factsByMode: [ScanMode: [FileFacts]] = [:]
        for mode in ScanMode.allCases {
            progress("scanner (\(mode.rawValue)), single-threaded…")
            let seconds = best(of: options.repeats) { () -> Double in
                var facts: [FileFacts] = []
                facts.reserveCapacity(sources.count)
                let start = clock.now
                for (index, source) in sources.enumerated() { facts.append(FileScanner.scan(source: source, path: "\(index)", mode: mode)) }
                let elapsed = (clock.now - start).seconds
                factsByMode[mode] = facts
                return elapsed
            }
            result.scannerStages.append(
                .init(
                    id: "scan-\(mode.rawValue)", title: "FileScanner .\(mode.rawValue), 1 thread", seconds: seconds,
                    peakRSSBytes: MeasuredChild.selfPeakRSSBytes(), ratioToParse: seconds / parseSeconds))
        }

        // The fast path must be exact: compare it with the full scan on every generated file.
        let full = factsByMode[.full] ?? [], fast = factsByMode[.fast] ?? []
        result.fastScanMismatches = zip(full, fast).filter { $0 != $1 }.count
        factsByMode = [:]

        let output = work.appendingPathComponent("out")
        try fileManager.createDirectory(at: output, withIntermediateDirectories: true)
        var cacheCounter = 0
        func freshCache() -> String {
            cacheCounter += 1
            return work.appendingPathComponent("cache-\(cacheCounter)").path
        }

        progress("(b) cold lint…")
        var warmCache = ""
        let cold = try bestRun(of: options.repeats) { () throws -> ChildRun in
            warmCache = freshCache()
            return try lint(root.path, cache: warmCache, output: output, name: "cold")
        }
        result.stages.append(stage("b", "cold lint, empty cache", cold, parseSeconds, target: 0.5))
        result.diagnosticsByRule = Self.diagnosticsByRule(output.appendingPathComponent("cold.stdout"))

        progress("project reading (App.xcodeproj; the monorepo as one project, one XcodeGen spec, Tuist manifests)…")
        result.projectReading = try ProjectReading(root: root, plan: plan, repeats: options.repeats).measure().map {
            var measurement = $0
            measurement.shareOfColdLint = measurement.seconds / cold.seconds
            return measurement
        }

        progress("(c) warm lint, nothing changed…")
        let warm = try bestRun(of: options.repeats) { try lint(root.path, cache: warmCache, output: output, name: "warm") }
        result.stages.append(stage("c", "warm lint, no change", warm, parseSeconds, target: 0.03))

        let edited = try Self.fileToEdit(in: root)
        progress("(d) warm lint after editing \(edited.lastPathComponent)…")
        let editRun = try bestRun(of: options.repeats) { () throws -> ChildRun in
            try Self.appendMethod(to: edited)
            return try lint(root.path, cache: warmCache, output: output, name: "edit")
        }
        result.stages.append(stage("d", "warm lint, 1 file edited", editRun, parseSeconds, target: 0.07))

        progress("(e) warm lint after adding an import…")
        let importRun = try bestRun(of: options.repeats) { () throws -> ChildRun in
            try Self.addImport(to: edited)
            return try lint(root.path, cache: warmCache, output: output, name: "import")
        }
        result.stages.append(stage("e", "warm lint, 1 import added", importRun, parseSeconds, target: 0.07))

        let rowContext = BenchRowContext(
            benchmark: self, root: root, output: output, warmCache: warmCache, freshCache: freshCache)
        for row in extraRows { try row(&result, rowContext) }

        if case .binary(let archlint) = linter {
            result.report = try measureReport(archlint: archlint, root: root, modules: summary.modules, output: output, freshCache: freshCache)
        }

        result.userRules = try measureUserRules(root: root, output: output, freshCache: freshCache)
        if case .binary(let archlint) = linter { result.stages += try measureNeedleGenerate(archlint: archlint, root: root, output: output, freshCache: freshCache, parseSeconds: parseSeconds) }

        progress("(a) again, after the lint runs…")
        result.parseSecondsAfter = measureParse()
        let fasterParse = min(result.parseSecondsBefore, result.parseSecondsAfter)
        result.stages[0].seconds = fasterParse
        for index in result.stages.indices { result.stages[index].ratioToParse = result.stages[index].seconds / fasterParse }
        for index in result.scannerStages.indices {
            result.scannerStages[index].ratioToParse = result.scannerStages[index].seconds / fasterParse
        }

        if let repository = options.repository {
            guard case .binary(let archlint) = linter else { throw BenchError.failed("--repository needs the archlint binary") }
            result.realRepository = try RealRepositoryRows.measure(
                repository: URL(fileURLWithPath: repository), archlints: [archlint] + (options.baselineArchlint.map { [$0] } ?? []),
                benchmark: self, work: work)
        }

        if options.scaling {
            progress("scaling: cold lint at 1/10 size…")
            let smallRoot = work.appendingPathComponent("repo-tenth")
            let smallSummary = try CorpusWriter(plan: CorpusPlan(seed: options.seed, scale: options.scale / 10)).write(to: smallRoot)
            let small = try bestRun(of: options.repeats) { try lint(smallRoot.path, cache: freshCache(), output: output, name: "tenth") }
            result.scaling = .init(
                smallFiles: smallSummary.files, smallLines: smallSummary.lines, smallColdSeconds: small.seconds,
                fullColdSeconds: cold.seconds, growth: cold.seconds / small.seconds)
        }
        return result
    }

    /// (f0) a plain cold lint, (f) a cold `lint --report-dir`, each from an empty cache, pairwise so both see the
    /// same tree and the same machine load; (g) `graph --format svg` with default options on the report run's
    /// (warm) cache. Ratios are to (f0).
    private func measureReport(
        archlint: String, root: URL, modules: Int, output: URL, freshCache: () -> String
    ) throws -> ReportCost {
        var plainRuns: [ChildRun] = [], reportRuns: [ChildRun] = [], graphRuns: [ChildRun] = [], layersRuns: [ChildRun] = []
        let reportDirectory = output.appendingPathComponent("report")
        let svg = output.appendingPathComponent("modules.svg")
        let layersSVG = output.appendingPathComponent("layers.svg")
        for round in 0..<options.repeats {
            progress("(f) cold lint and cold lint --report-dir, round \(round + 1)…")
            plainRuns.append(try lint(root.path, cache: freshCache(), output: output, name: "plain"))
            let cache = freshCache()
            try? FileManager.default.removeItem(at: reportDirectory)
            reportRuns.append(try measured(
                [archlint, "lint", root.path, "--format", "json", "--cache-dir", cache, "--report-dir", reportDirectory.path],
                output: output, name: "report"))
            progress("(g) graph --format svg, round \(round + 1)…")
            graphRuns.append(try measured(
                [archlint, "graph", root.path, "--format", "svg", "--output", svg.path, "--cache-dir", cache],
                output: output, name: "graph-svg"))
            progress("(gl) graph --kind layers --format svg, round \(round + 1)…")
            layersRuns.append(try measured(
                [archlint, "graph", root.path, "--kind", "layers", "--format", "svg", "--output", layersSVG.path,
                 "--cache-dir", cache],
                output: output, name: "graph-layers-svg"))
        }
        let fastest = { (runs: [ChildRun]) in runs.min { $0.seconds < $1.seconds }! }
        let plain = fastest(plainRuns), report = fastest(reportRuns), graph = fastest(graphRuns), layers = fastest(layersRuns)
        func size(_ url: URL) -> Int { ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0 }
        var cost = ReportCost(modules: modules)
        cost.rows = [
            .init(id: "f0", title: "cold lint (beside f)", seconds: plain.seconds, peakRSSBytes: plain.peakRSSBytes,
                  ratioToLint: 1, outputBytes: 0),
            .init(id: "f", title: "cold lint --report-dir", seconds: report.seconds, peakRSSBytes: report.peakRSSBytes,
                  ratioToLint: report.seconds / plain.seconds, outputBytes: size(reportDirectory.appendingPathComponent("index.html"))),
            .init(id: "g", title: "graph --format svg, warm", seconds: graph.seconds, peakRSSBytes: graph.peakRSSBytes,
                  ratioToLint: graph.seconds / plain.seconds, outputBytes: size(svg)),
            .init(id: "gl", title: "graph --kind layers svg, warm", seconds: layers.seconds,
                  peakRSSBytes: layers.peakRSSBytes, ratioToLint: layers.seconds / plain.seconds,
                  outputBytes: size(layersSVG), targetSeconds: ReportCost.layersTargetSeconds),
        ]
        cost.svgSize = Self.svgSize(svg)
        return cost
    }

    /// `width`×`height` of an SVG's root element, as written.
    static func svgSize(_ file: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        guard let svg = head.range(of: "<svg") else { return nil }
        func attribute(_ name: String) -> String? {
            guard let start = head.range(of: " \(name)=\"", range: svg.upperBound..<head.endIndex),
                  let end = head[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(head[start.upperBound..<end])
        }
        guard let width = attribute("width"), let height = attribute("height") else { return nil }
        return "\(width)×\(height)"
    }

    func lint(_ root: String, cache: String, output: URL, name: String) throws -> ChildRun {
        let command: [String]
        switch linter {
        case .binary(let path): command = [path, "lint", root, "--format", "json", "--cache-dir", cache]
        case .childMode(let path): command = [path, "--child-lint", root, cache]
        }
        return try measured(command, output: output, name: name)
    }

    /// Runs `command` through this executable's `--measure` mode; exit 0 or 1 (error findings) is success.
    func measured(_ command: [String], output: URL, name: String) throws -> ChildRun {
        let stdout = output.appendingPathComponent("\(name).stdout").path
        let stderr = output.appendingPathComponent("\(name).stderr").path
        // Started through this executable's small `--measure` mode: a child spawned straight from the
        // benchmark would report the benchmark's own peak RSS (Linux counts the spawning address space).
        let measurement = output.appendingPathComponent("\(name).measure.json")
        let launcher = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let launch = try MeasuredChild.run(
            launcher, ["--measure", measurement.path, "--"] + command, stdout: stdout, stderr: stderr)
        guard launch.exitStatus == 0, let data = try? Data(contentsOf: measurement),
            let run = try? JSONDecoder().decode(ChildRun.self, from: data)
        else {
            throw BenchError.failed("could not measure run '\(name)' (launcher exit \(launch.exitStatus))")
        }
        // 0: clean, 1: error diagnostics (the corpus plants some). Anything else is a failure.
        guard run.exitStatus <= 1 else {
            let message = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
            throw BenchError.failed("run '\(name)' exited with \(run.exitStatus): \(message.prefix(2000))")
        }
        return run
    }

    private func stage(
        _ id: String, _ title: String, _ run: ChildRun, _ parseSeconds: Double, target: Double? = nil
    ) -> BenchResult.Stage {
        .init(
            id: id, title: title, seconds: run.seconds, peakRSSBytes: run.peakRSSBytes,
            ratioToParse: run.seconds / parseSeconds, exitStatus: run.exitStatus, target: target)
    }

    private func best(of count: Int, _ body: () -> Double) -> Double {
        (0..<count).map { _ in body() }.min()!
    }

    private func bestRun(of count: Int, _ body: () throws -> ChildRun) throws -> ChildRun {
        var runs: [ChildRun] = []
        for _ in 0..<count { runs.append(try body()) }
        return runs.min { $0.seconds < $1.seconds }!
    }

    func progress(_ message: String) {
        FileHandle.standardError.write(Data("archlint-bench: \(message)\n".utf8))
    }

    // MARK: Corpus helpers

    static func swiftFiles(under root: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" && $0.lastPathComponent != "Package.swift" }
            .sorted { $0.path < $1.path }
    }

    /// A view model of the first feature: an ordinary file whose edit changes no module edge.
    static func fileToEdit(in root: URL) throws -> URL {
        let files = try swiftFiles(under: root)
        guard let file = files.first(where: { $0.path.contains("/ViewModels/") }) ?? files.first else {
            throw BenchError.failed("the corpus has no Swift file to edit")
        }
        return file
    }

    static func appendMethod(to file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let stamp = Int(Date().timeIntervalSince1970 * 1000)
        try Data((text + "\nextension Never {\n    static func benchEdit\(stamp)() -> Int { \(stamp % 1000) }\n}\n").utf8).write(to: file)
    }

    static func addImport(to file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(("import StorageCore\n" + text).utf8).write(to: file)
    }

    static func diagnosticsByRule(_ jsonFile: URL) -> [String: Int] {
        guard let data = try? Data(contentsOf: jsonFile),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let diagnostics = object["diagnostics"] as? [[String: Any]]
        else { return [:] }
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics {
            if let rule = diagnostic["rule"] as? String { counts[rule, default: 0] += 1 }
        }
        return counts
    }
}
