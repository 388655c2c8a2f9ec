import ArchlintTestSupport
import Foundation
import Testing

@testable import Rendering

/// Rendering never spawns a process. Proof: this test re-runs itself in a child test process whose PATH holds
/// only a fake `dot` that leaves a marker file when executed; the child renders every format and layout, and
/// the parent checks it passed and the fake `dot` never ran. (A child process, because changing PATH in
/// this process would race with other tests that spawn programs.)
@Suite(.enabled(if: ChildTestRun.isSupported))
struct NoDotOnPathTests {
    static let markerVariable = "ARCHLINT_RENDER_DOT_MARKER"

    @Test func rendersWithoutDotOnPath() throws {
        if renderingChild.isChild {
            try renderEverything(marker: ProcessInfo.processInfo.environment[Self.markerVariable])
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-no-dot-\(UUID().uuidString)")
        let bin = scratch.appendingPathComponent("bin")
        let marker = scratch.appendingPathComponent("dot-was-spawned")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let fakeDot = bin.appendingPathComponent("dot")
        try Data("#!/bin/sh\necho spawned > '\(marker.path)'\nexit 1\n".utf8).write(to: fakeDot)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeDot.path)

        let child = try renderingChild.run(
            filter: "NoDotOnPathTests", environment: ["PATH": bin.path, Self.markerVariable: marker.path])
        #expect(child.status == 0, "child test run failed:\n\(child.output)")
        #expect(child.output.contains("rendersWithoutDotOnPath()") && child.output.contains("passed"),
                "the child didn't run the test:\n\(child.output)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "rendering spawned `dot`")
    }

    private func renderEverything(marker: String?) throws {
        // Only the fake `dot` is reachable through PATH.
        #expect(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").count == 1)
        let dot = DotWriter.modules(graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics, configuration: .init())
        for format in GraphvizFormat.allCases {
            for layout in GraphvizLayout.allCases {
                #expect(try Graphviz.render(dot: dot, format: format, layout: layout).count > 100)
            }
        }
        if let marker { #expect(!FileManager.default.fileExists(atPath: marker)) }
    }
}

/// An install without Graphviz's plugins: staged in a child process whose `GVBINDIR` (honoured by
/// `GraphvizLibrary`, as by Graphviz) points at an empty directory (the library is loaded once per process).
@Suite(.enabled(if: ChildTestRun.isSupported))
struct MissingPluginConfigurationTests {
    @Test func missingPluginConfigurationExplainsTheFix() throws {
        if renderingChild.isChild {
            let error = #expect(throws: GraphvizError.self) { try Graphviz.render(dot: "digraph { a -> b }") }
            #expect(error?.missingPlugin == true)
            #expect(error?.message.contains("not recognized") == true, "\(String(describing: error))")
            // archlint loads the plugins itself (never `config6`): the fix is installing them, said for this system.
            #expect(error?.description.contains(GraphvizInstallHint.line()) == true, "\(String(describing: error))")
            #expect(error?.description.contains("plugins loaded from \(ProcessInfo.processInfo.environment["GVBINDIR"] ?? "")") == true)
            return
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-no-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let child = try renderingChild.run(filter: "MissingPluginConfigurationTests", environment: ["GVBINDIR": empty.path])
        #expect(child.status == 0, "child test run failed:\n\(child.output)")
        #expect(child.output.contains("missingPluginConfigurationExplainsTheFix()") && child.output.contains("passed"),
                "the child didn't run the test:\n\(child.output)")
    }
}
