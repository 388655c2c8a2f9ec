import ArchlintModel
import Foundation
import Testing

@testable import Rendering

/// A report staging everything the page must show, with hostile text in a message.
enum SampleReport {
    static let hostile = Diagnostic(
        rule: "view-router-shortcut", severity: .warning,
        message: "<script>alert('x')</script> & \"quotes\" 🚀",
        location: SourceLocation(file: "Sources/Profile/ProfileView.swift", line: 12, column: 5),
        related: [RelatedLocation(location: SourceLocation(file: "Sources/Profile/ProfileRouter.swift", line: 3, column: 1), message: "the <router>")])

    static var report: LintReport {
        let diagnostics = (SampleGraphs.moduleDiagnostics + [SampleGraphs.missingDependency, hostile]).sorted(by: Diagnostic.stableOrder)
        return LintReport(
            root: "Fixtures/<App>",
            summary: .init(files: 12, modules: 9, components: 4, errors: 3, warnings: 1, notes: 0),
            diagnostics: diagnostics)
    }

    static func write(to directory: String) throws {
        let report = report
        let modules = try Graphviz.renderString(dot: DotWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: report.diagnostics, configuration: SampleGraphs.layeredConfiguration))
        let components = try Graphviz.renderString(dot: DotWriter.components(
            graph: SampleGraphs.componentGraph, diagnostics: report.diagnostics))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        try HTMLReportWriter.write(report: report, modulesSVG: modules, componentsSVG: components, reportJSON: json, to: directory)
    }
}

@Suite struct HTMLReportTests {
    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("archlint-report-\(UUID().uuidString)").path
    }

    @Test func writesTheFourFiles() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try SampleReport.write(to: directory)
        for file in ["index.html", "modules.svg", "components.svg", "report.json"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file) missing")
        }
        #expect(try SVGDocument(String(contentsOfFile: directory + "/modules.svg", encoding: .utf8)).graphNodes.count == 9)
        #expect(try SVGDocument(String(contentsOfFile: directory + "/components.svg", encoding: .utf8)).graphNodes.count == 4)
        let json = try Data(contentsOf: URL(fileURLWithPath: directory + "/report.json"))
        #expect(try JSONDecoder().decode(LintReport.self, from: json) == SampleReport.report)
    }

    @Test func pageIsSelfContainedAndEscaped() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try SampleReport.write(to: directory)
        let html = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot; 🚀"))
        #expect(html.contains("the &lt;router&gt;"))
        #expect(html.contains("Fixtures/&lt;App&gt;"))
        #expect(!html.contains("<!DOCTYPE svg"))
        #expect(!html.contains("<?xml"))
        // No fetches: no external stylesheet, script, image or DTD; links only to the sibling files.
        for pattern in ["<link", "src=", "@import", "url(", "href=\"http", "svg11.dtd"] {
            #expect(!html.contains(pattern), "index.html contains \(pattern)")
        }
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        #expect(html.components(separatedBy: "<tr class=").count - 1 == SampleReport.report.diagnostics.count)
        // Element ids of the two graphs don't clash.
        #expect(html.contains("id=\"modules_node1\"") && html.contains("id=\"components_node1\""))
    }

    @Test func inlineSVGKeepsOnlyTheSVGElementWithoutComments() {
        let svg = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"x\" \"http://dtd\">\n<!-- head -->\n<svg a=\"1\"><!-- n --><g>é🚀</g><!-- x --></svg>\n"
        #expect(HTMLReportWriter.inlineSVG(svg) == "<svg a=\"1\"><g>é🚀</g></svg>")
        #expect(HTMLReportWriter.inlineSVG("<svg><!-- never closed </svg>") == "<svg>")
        #expect(HTMLReportWriter.inlineSVG("not svg <b>") == "<pre>not svg &lt;b&gt;</pre>")
    }

    @Test func emptyReportRenders() {
        let html = HTMLReportWriter.page(
            report: LintReport(root: ".", summary: .init(files: 0, modules: 0, components: 0, errors: 0, warnings: 0, notes: 0), diagnostics: []),
            modulesSVG: "", componentsSVG: "")
        #expect(html.contains("No diagnostics."))
        #expect(html.contains("No graph."))
    }

    @Test func unwritableDirectoryIsAnError() throws {
        let file = temporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: HTMLReportError.self) {
            try HTMLReportWriter.write(
                report: SampleReport.report, modulesSVG: "", componentsSVG: "", reportJSON: "{}", to: file + "/sub")
        }
    }
}
