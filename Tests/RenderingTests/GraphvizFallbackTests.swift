import ArchlintTestSupport
import Foundation
import Testing

@testable import Rendering

/// DOT shaped like archlint's module graph of a large app: one cluster per package, externals in dashed
/// clusters, and violation edges labelled with their rule id (labelled edges between nodes of one rank are
/// what graphviz 2.42's dot mishandles). Seeded: the same arguments give the same text.
enum ClusteredDot {
    static func modules(_ count: Int, edges: Int, labelled: Int, seed: UInt64 = 3) -> String {
        var random = SplitMix64(seed: seed)
        let packages = max(4, count / 12)
        let externals = count / 8
        var lines = ["digraph \"modules\" {", "graph [rankdir=\"TB\", nodesep=\"0.3\", ranksep=\"0.6\", mclimit=\"0.3\"]"]
        for package in 0..<packages {
            lines.append("subgraph \"cluster_package_\(package)\" { graph [label=\"Package\(package)\", style=\"rounded\"]")
            for index in stride(from: package, to: count, by: packages) { lines.append("\"M\(index)\" [shape=\"box\"]") }
            lines.append("}")
        }
        lines.append("subgraph \"cluster_external\" { graph [label=\"external\", style=\"rounded,dashed\"]")
        for index in 0..<externals { lines.append("\"E\(index)\" [shape=\"ellipse\"]") }
        lines.append("}")
        var pairs = Set<[Int]>()
        while pairs.count < edges {
            let from = Int(random.next() % UInt64(count))
            let to = random.next() % 4 == 0 ? count + Int(random.next() % UInt64(externals)) : Int(random.next() % UInt64(count))
            if from != to { pairs.insert([from, to]) }
        }
        for (index, pair) in pairs.sorted(by: { $0.lexicographicallyPrecedes($1) }).enumerated() {
            let name = { (node: Int) in node < count ? "M\(node)" : "E\(node - count)" }
            let label = index % max(1, edges / max(1, labelled)) == 0 ? " [color=\"#d1242f\", label=\"cross-feature-import\"]" : ""
            lines.append("\"\(name(pair[0]))\" -> \"\(name(pair[1]))\"\(label)")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}

@Suite struct GraphvizFallbackTests {
    /// The reported abort ("free(): double free detected in tcache 2" after laying out a large clustered graph
    /// with labelled violation edges): dot leaves a dangling rank array that gvFreeLayout would free twice.
    /// Without the repair this test process aborts; the count proves the repair ran.
    @Test func labelledFlatEdgesNoLongerDoubleFree() throws {
        let dot = ClusteredDot.modules(250, edges: 1_200, labelled: 60)
        let drawing = try Graphviz.draw(dot: dot, format: .svg, splines: .line)
        #expect(drawing.repairedRanks > 0)
        #expect(drawing.undrawnEdges == 0)
        #expect(String(decoding: drawing.bytes, as: UTF8.self).hasSuffix("</svg>\n"))
    }

    /// Spline routing loses edges on this graph ("triangulation failed") while graphviz reports success:
    /// the renderer counts them and falls back to straight edges, which draw every edge.
    @Test func lostEdgesFallBackToStraightLines() throws {
        let dot = ClusteredDot.modules(250, edges: 1_200, labelled: 60)
        let curved = try Graphviz.draw(dot: dot, format: .svg)
        #expect(curved.undrawnEdges > 0, "the fixture no longer loses edges with curved splines")
        let rendered = GraphRenderer.inProcess.render(dot: dot, format: .svg)
        #expect(rendered.attempt == GraphvizAttempt(layout: .dot, splines: .line))
        #expect(rendered.undrawnEdges == 0)
        #expect(rendered.failures.map(\.attempt) == [GraphvizAttempt(layout: .dot)])
        #expect(rendered.note?.contains("dot layout, straight edges") == true, "\(rendered.note ?? "")")
        #expect(rendered.note?.contains("could not be routed") == true)
    }

    /// Records with ports on one rank lose their edges with every dot mode: the last fallback (sfdp) draws them.
    @Test func edgesLostByEveryDotModeAreDrawnBySfdp() throws {
        let dot = """
            digraph G { node [shape="Mrecord"]; A -> B -> C; A -> D; {rank="same"; D; C}
            C [label="{C-title | <st> Start | <sp> Stop }"]; D [label="{D-title | <b> Begin | <e> End}"];
            C:st:e -> D:b:w; C:sp:e -> D:e:w; }
            """
        let rendered = GraphRenderer.inProcess.render(dot: dot, format: .svg)
        #expect(rendered.bytes != nil)
        #expect(rendered.attempt == GraphvizAttempt(layout: .sfdp, splines: .line))
        #expect(rendered.undrawnEdges == 0)
        #expect(rendered.failures.map(\.attempt) == [GraphvizAttempt(layout: .dot), GraphvizAttempt(layout: .dot, splines: .line)])
    }

    @Test func unparsableDotStopsWithoutFallbacks() {
        let rendered = GraphRenderer.inProcess.render(dot: "digraph { a -> ; }", format: .svg)
        #expect(rendered.bytes == nil)
        #expect(rendered.failures.count == 1)
        #expect(rendered.failureSummary.contains("parse"))
    }

    /// cairo stamps the wall-clock time; archlint rewrites it, so the same graph gives the same PDF.
    @Test func pdfIsByteIdenticalASecondApart() throws {
        let dot = "digraph { a -> b [label=\"x\"] }"
        let first = try Graphviz.render(dot: dot, format: .pdf)
        Thread.sleep(forTimeInterval: 1.1)
        let second = try Graphviz.render(dot: dot, format: .pdf)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("/CreationDate (D:19700101000000"))
    }

    @Test func pdfDateFollowsSourceDateEpochWithTheSameLength() {
        let local = Array("x /CreationDate (D:20261124103942+09'00) y /CreationDate (D:20261124013942Z) z".utf8)
        let fixed = PDFDates.normalize(local, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(String(decoding: fixed, as: UTF8.self)
            == "x /CreationDate (D:20231114221320+00'00) y /CreationDate (D:20231114221320Z) z")
        #expect(PDFDates.normalize(local, environment: [:]).count == local.count)
    }
}

/// The report when a graph can't be drawn, or was drawn by a fallback.
@Suite struct HTMLReportRenderFailureTests {
    @Test func undrawnGraphIsABoxAndEverythingElseIsWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A stale picture from an earlier run must not be shown as this run's (archlint removes only its own files).
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<!-- Generated by graphviz version 2.43.0 -->\n<svg>old</svg>".utf8)
            .write(to: directory.appendingPathComponent(HTMLReportWriter.modulesFile))
        let failed = RenderedGraph(
            bytes: nil, attempt: nil,
            failures: [(GraphvizAttempt(layout: .dot), "graphviz crashed (signal 6) <&>")], undrawnEdges: 0)
        let fallback = RenderedGraph(
            bytes: Array("<svg id=\"c\"></svg>".utf8), attempt: GraphvizAttempt(layout: .dot, splines: .line),
            failures: [(GraphvizAttempt(layout: .dot), "3 edge(s) could not be routed")], undrawnEdges: 0)
        try HTMLReportWriter.write(
            report: SampleReport.report, modules: GraphPanel(failed, kind: "modules", name: "module graph"),
            components: GraphPanel(fallback, kind: "components", name: "component graph"),
            reportJSON: "{}", to: directory.path)
        let html = try String(contentsOf: directory.appendingPathComponent(HTMLReportWriter.indexFile), encoding: .utf8)
        #expect(html.contains("<div class=\"render-failed\" role=\"alert\"><strong>Not drawn.</strong> The module graph could not be drawn: dot layout, curved edges: graphviz crashed (signal 6) &lt;&amp;&gt;."))
        #expect(html.contains("archlint graph --kind modules --format svg --hide-external --hide-tests"))
        #expect(html.contains("<p class=\"render-note\">The component graph was drawn with the fallback &quot;dot layout, straight edges&quot; (dot layout, curved edges: 3 edge(s) could not be routed).</p>"))
        #expect(html.contains("<svg id=\"c\"></svg>"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(HTMLReportWriter.modulesFile).path))
        for file in [HTMLReportWriter.componentsFile, HTMLReportWriter.reportFile] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path), "\(file)")
        }
    }
}
