import ArchlintTestSupport
import Foundation
import Testing

/// Rendering through the built binary on generated monorepos the size of the one graphviz crashed on, and
/// with graphviz made to crash or hang (the child's `ARCHLINT_RENDER_FAULT` hook): the run never goes down,
/// every other output is written, and the exit code is the findings'.
@Suite struct LargeGraphRenderingCLITests {
    static let layerCycle = FixturePaths.fixtures.appendingPathComponent("layer-cycle").path

    /// The size of the "huge" test; `ARCHLINT_HUGE_GRAPH_MODULES` overrides it (edges scale with it).
    static var hugeModuleCount: Int {
        ProcessInfo.processInfo.environment["ARCHLINT_HUGE_GRAPH_MODULES"].flatMap { Int($0) } ?? 2_000
    }

    @Test func appSizedMonorepoRendersSVGPNGAndReport() throws {
        try withMonorepo(modules: 250, edges: 1_200) { root in
            let svg = try run(["graph", root.path, "--kind", "modules", "--format", "svg"])
            #expect(svg.status == 0, "\(svg.stderr)")
            #expect(svg.stdout.starts(with: Array("<?xml".utf8)))
            #expect(String(decoding: svg.stdout.suffix(10), as: UTF8.self).contains("</svg>"))
            let png = try run(["graph", root.path, "--kind", "modules", "--format", "png"])
            #expect(png.status == 0, "\(png.stderr)")
            #expect(png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))

            let directory = root.appendingPathComponent("report")
            let lint = try run(["lint", root.path, "--format", "json", "--report-dir", directory.path])
            #expect(lint.status == 1, "\(lint.stderr)")  // cross-feature imports are errors
            for file in ["index.html", "modules.svg", "report.json"] {
                #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
            }
            let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(html.contains("<svg") && !html.contains("class=\"render-failed\""))
            // No Needle components: a message, no empty picture.
            #expect(html.contains("No Needle components found"))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("components.svg").path))
        }
    }

    /// 2,000 modules: drawn, never a crash or a hang. With a 30 s limit per attempt (so the suite stays fast)
    /// dot runs out of time and sfdp draws; with the default 120 s the same happens on a loaded 2-core machine.
    /// The scan cache is shared by the three runs.
    @Test func twoThousandModulesFinish() throws {
        let modules = Self.hugeModuleCount
        try withMonorepo(modules: modules, edges: modules * 24 / 5) { root in
            let cache = ["--cache-dir", root.appendingPathComponent("cache").path]
            let limit = ["ARCHLINT_RENDER_TIMEOUT": "30"]
            let start = ContinuousClock.now
            let svg = try run(["graph", root.path, "--kind", "modules", "--format", "svg"] + cache, environment: limit, cache: true)
            #expect(svg.status == 0, "\(svg.stderr)")
            #expect(svg.stdout.starts(with: Array("<?xml".utf8)))
            let png = try run(["graph", root.path, "--kind", "modules", "--format", "png"] + cache, environment: limit, cache: true)
            #expect(png.status == 0, "\(png.stderr)")
            #expect(png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            let directory = root.appendingPathComponent("report")
            let lint = try run(
                ["lint", root.path, "--format", "json", "--report-dir", directory.path] + cache, environment: limit, cache: true)
            #expect(lint.status == 0 || lint.status == 1, "\(lint.stderr)")
            for file in ["index.html", "report.json"] {
                #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
            }
            // Generous: only proves nothing hangs.
            #expect(ContinuousClock.now - start < .seconds(900))
            print("huge graph (\(modules) modules): svg, png and report in \(ContinuousClock.now - start); \(svg.stderr)")
        }
    }

    @Test func crashingGraphvizStillWritesTheReport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-crash-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lint = try run(
            ["lint", Self.layerCycle, "--format", "json", "--report-dir", directory.path],
            environment: ["ARCHLINT_RENDER_FAULT": "crash"])
        #expect(lint.status == 1, "\(lint.stderr)")  // the fixture's findings, not the crash
        let reportJSON = try String(contentsOf: directory.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(reportJSON == String(decoding: lint.stdout, as: UTF8.self))
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("class=\"render-failed\""))
        #expect(html.contains("The module graph could not be drawn") && html.contains("graphviz crashed"))
        #expect(html.contains("--hide-external --hide-tests") && html.contains("--format dot"))
        #expect(html.contains("<code>module-cycle</code>"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("modules.svg").path))
        #expect(lint.stderr.contains("could not be drawn"))

        let graph = try run(["graph", Self.layerCycle, "--format", "svg"], environment: ["ARCHLINT_RENDER_FAULT": "crash"])
        #expect(graph.status == 1)
        #expect(graph.stdout.isEmpty)
        #expect(graph.stderr.contains("could not be drawn") && graph.stderr.contains("--format dot"), "\(graph.stderr)")
    }

    @Test func crashInTheFirstAttemptFallsBackAndSaysSo() throws {
        let graph = try run(
            ["graph", Self.layerCycle, "--format", "svg"], environment: ["ARCHLINT_RENDER_FAULT": "crash:dot-spline"])
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(graph.stdout.starts(with: Array("<?xml".utf8)))
        #expect(graph.stderr.contains("drawn with the fallback \"dot layout, polyline edges\""), "\(graph.stderr)")
        #expect(graph.stderr.contains("graphviz crashed (signal 6"))
    }

    @Test func graphvizOverItsCPUTimeIsStoppedAfterTheLimit() throws {
        let start = ContinuousClock.now
        let graph = try run(
            ["graph", Self.layerCycle, "--format", "svg"],
            environment: ["ARCHLINT_RENDER_FAULT": "spin:dot-spline", "ARCHLINT_RENDER_TIMEOUT": "1"])
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(graph.stderr.contains("used more than 1 s of CPU time"), "\(graph.stderr)")
        // After a timeout the other dot modes are skipped: sfdp draws it.
        #expect(graph.stderr.contains("\"sfdp layout, straight edges, no cluster boxes\""), "\(graph.stderr)")
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    /// `timeout 120 archlint lint --report-dir …` killed the parent while graphviz looped (TimeTracker's layer
    /// overview): the render child drew on, orphaned, for up to its 120 s of CPU. It now exits within a second
    /// or two of its parent's death.
    @Test func aRenderChildWhoseParentIsKilledStops() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("orphan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let parent = Process()
        parent.executableURL = FixturePaths.archlintExecutable
        parent.arguments = ["graph", Self.layerCycle, "--format", "svg", "--output", scratch.appendingPathComponent("g.svg").path]
        parent.environment = ProcessInfo.processInfo.environment.merging(
            ["TMPDIR": scratch.path, "ARCHLINT_RENDER_FAULT": "spin"]) { $1 }
        parent.standardOutput = FileHandle.nullDevice
        parent.standardError = FileHandle.nullDevice
        try parent.run()
        /// Our render children: their request folder is in this test's TMPDIR.
        func children() throws -> [String] {
            let ps = try ProcessResult.run("/bin/ps", ["-A", "-o", "pid=,args="])
            return ps.stdout.split(separator: "\n").map(String.init).filter { $0.contains("__render") && $0.contains(scratch.path) }
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while try children().isEmpty, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try !children().isEmpty, "no render child started")
        kill(parent.processIdentifier, SIGKILL)
        parent.waitUntilExit()
        let gone = ContinuousClock.now + .seconds(10)
        while try !children().isEmpty, ContinuousClock.now < gone { Thread.sleep(forTimeInterval: 0.2) }
        #expect(try children().isEmpty, "the orphaned render child still runs")
    }

    /// A child that waits on nothing uses no CPU: the wall-clock backstop (5 × 1 + 10 s) stops it.
    @Test func hangingGraphvizIsStoppedByTheWallClock() throws {
        let start = ContinuousClock.now
        let graph = try run(
            ["graph", Self.layerCycle, "--format", "svg"],
            environment: ["ARCHLINT_RENDER_FAULT": "hang:dot-spline", "ARCHLINT_RENDER_TIMEOUT": "1"])
        #expect(graph.status == 0, "\(graph.stderr)")
        #expect(graph.stderr.contains("ran longer than 15 s"), "\(graph.stderr)")
        // After a timeout the other dot modes are skipped: sfdp draws it.
        #expect(graph.stderr.contains("\"sfdp layout, straight edges, no cluster boxes\""), "\(graph.stderr)")
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test func pdfIsReproducibleAcrossRunsAndTimeZones() throws {
        let first = try run(["graph", Self.layerCycle, "--format", "pdf"])
        Thread.sleep(forTimeInterval: 1.1)
        let second = try run(["graph", Self.layerCycle, "--format", "pdf"], environment: ["TZ": "Asia/Tokyo"])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout == second.stdout)
        let epoch = try run(["graph", Self.layerCycle, "--format", "pdf"], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(String(decoding: epoch.stdout, as: UTF8.self).contains("/CreationDate (D:20231114221320Z)"))
    }

    // MARK: Helpers

    private func withMonorepo(modules: Int, edges: Int, _ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-monorepo-\(modules)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try GeneratedMonorepo(modules: modules, edges: edges).write(to: root)
        try body(root)
    }

    private func run(
        _ arguments: [String], environment: [String: String] = [:], cache: Bool = false
    ) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = FixturePaths.archlintExecutable
        process.arguments = arguments + (cache ? [] : ["--no-cache"])
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files, not pipes: a multi-megabyte SVG on stdout must not block on a full stderr pipe.
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: out), (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}
