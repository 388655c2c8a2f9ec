import ArchlintKit
import ArchlintTestSupport
import Foundation
import Testing

@testable import Rendering

/// Graphviz 14.x as pygraphviz 2.0.4's manylinux wheel bundles it (`pygraphviz.libs/libgvc-*.so.7` with its
/// plugins), unpacked by `scripts/bootstrap.sh --tests`; `ARCHLINT_TEST_MODERN_GRAPHVIZ` names another folder.
enum ModernGraphviz {
    static let variable = "ARCHLINT_TEST_MODERN_GRAPHVIZ"
    static let defaultFolder = "/tmp/archlint-pygraphviz-2.0.4/pygraphviz.libs"

    static var folder: String? {
        let folder = ProcessInfo.processInfo.environment[variable] ?? defaultFolder
        return GraphvizLibrary.libraryFiles(named: "libgvc", in: folder).isEmpty ? nil : folder
    }
}

/// One archlint binary, two generations of libgvc's ABI: Debian's 2.42 (found as a user's machine finds it) and
/// Graphviz 14 (through `ARCHLINT_GRAPHVIZ_LIB`). Each draws the same fixture in a child test process of its
/// own (a process holds one Graphviz), to an SVG and a PNG that the parent checks.
@Suite(.enabled(if: ChildTestRun.isSupported))
struct GraphvizGenerationsTests {
    static let outputVariable = "ARCHLINT_GENERATIONS_OUTPUT"

    @Test func graphviz242DrawsTheFixture() throws {
        if renderingChild.isChild { return try drawFixture() }
        let drawn = try draw(filter: "graphviz242DrawsTheFixture", library: nil)
        // Debian's 2.42.2 calls itself 2.43.0 (its source is a 2.43 development snapshot).
        #expect(drawn.version.hasPrefix("graphviz 2.42.") || drawn.version.hasPrefix("graphviz 2.43."), "\(drawn.version)")
    }

    @Test(.enabled(
        if: ModernGraphviz.folder != nil,
        "pygraphviz 2.0.4's Graphviz is not in \(ModernGraphviz.defaultFolder): run scripts/bootstrap.sh --tests"))
    func graphviz14DrawsTheFixture() throws {
        if renderingChild.isChild { return try drawFixture() }
        let drawn = try draw(filter: "graphviz14DrawsTheFixture", library: try #require(ModernGraphviz.folder))
        #expect(drawn.version.hasPrefix("graphviz 14."), "\(drawn.version)")
    }

    /// No libgvc where archlint is told to look: one line, naming the variable and how to install Graphviz here.
    @Test func noGraphvizIsOneLineSayingHowToInstallIt() throws {
        if renderingChild.isChild {
            let rendered = GraphRenderer.inProcess.render(dot: "digraph { a -> b }", format: .svg)
            #expect(rendered.bytes == nil)
            #expect(rendered.failures.count == 1, "no fallback helps without Graphviz")
            #expect(!rendered.failureSummary.contains("\n"))
            #expect(rendered.failureSummary.contains(GraphvizLibrary.environmentVariable))
            #expect(rendered.failureSummary.contains(GraphvizInstallHint.line()), "\(rendered.failureSummary)")
            return
        }
        let child = try renderingChild.run(
            filter: "noGraphvizIsOneLineSayingHowToInstallIt",
            environment: [GraphvizLibrary.environmentVariable: "/nonexistent/libgvc.so"])
        #expect(child.status == 0 && child.output.contains("passed"), "child test run failed:\n\(child.output)")
    }

    private struct Drawn {
        var version: String
    }

    /// Runs `filter` in a child drawing with `library` (nil: the one archlint finds), checks both pictures.
    private func draw(filter: String, library: String?) throws -> Drawn {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-generations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var environment = [Self.outputVariable: output.path]
        if let library { environment[GraphvizLibrary.environmentVariable] = library }
        let child = try renderingChild.run(filter: filter, environment: environment)
        #expect(child.status == 0 && child.output.contains("passed"), "child test run failed:\n\(child.output)")

        let analysis = try Analyzer.analyze(root: FixtureRenderingTests.fixtures.appendingPathComponent("demo").path)
        let svg = try SVGDocument(String(contentsOf: output.appendingPathComponent("modules.svg"), encoding: .utf8))
        #expect(Set(svg.graphNodes.map(\.title)) == Set(analysis.moduleGraph.nodes.map(\.id)))
        #expect(!svg.edges.isEmpty)
        let png = try PNGHeader(Array(Data(contentsOf: output.appendingPathComponent("modules.png"))))
        #expect(png.width > 50 && png.height > 50, "\(png)")
        return Drawn(version: try String(contentsOf: output.appendingPathComponent("version.txt"), encoding: .utf8))
    }

    /// The child's half: the demo fixture's module picture as svg and png, and the Graphviz that drew them.
    private func drawFixture() throws {
        let output = try #require(ProcessInfo.processInfo.environment[Self.outputVariable])
        let library = try GraphvizLibrary.shared.get()
        try Data(library.description.utf8).write(to: URL(fileURLWithPath: output).appendingPathComponent("version.txt"))
        let analysis = try Analyzer.analyze(root: FixtureRenderingTests.fixtures.appendingPathComponent("demo").path)
        for format in [GraphExportFormat.svg, .png] {
            let rendered = try GraphExport.renderModules(
                analysis.moduleGraph, diagnostics: analysis.diagnostics, configuration: analysis.configuration, format: format)
            #expect(rendered.attempt == GraphvizAttempt(layout: .dot), "\(rendered.note ?? rendered.failureSummary)")
            let bytes = try #require(rendered.bytes, "\(rendered.failureSummary)")
            try Data(bytes).write(to: URL(fileURLWithPath: output).appendingPathComponent("modules.\(format.rawValue)"))
        }
    }
}

/// A PNG's signature, its IHDR chunk's size and a final IEND chunk: a whole PNG, not a fragment.
struct PNGHeader: CustomStringConvertible {
    var width: Int
    var height: Int

    struct Invalid: Error {}

    init(_ bytes: [UInt8]) throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 45, Array(bytes.prefix(8)) == signature,
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR",
              String(decoding: bytes[(bytes.count - 8)..<(bytes.count - 4)], as: UTF8.self) == "IEND"
        else { throw Invalid() }
        func integer(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        width = integer(16)
        height = integer(20)
    }

    var description: String { "\(width)x\(height) PNG" }
}
