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
        // One script: the report's own, allowed by its hash; the hostile message stayed text.
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
        #expect(html.contains("<script>\(ReportScript.source)</script>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot; 🚀"))
        #expect(html.contains("the &lt;router&gt;"))
        #expect(html.contains("Fixtures/&lt;App&gt;"))
        #expect(!html.contains("<!DOCTYPE svg"))
        #expect(!html.contains("<?xml"))
        // No fetches: no external stylesheet, script, image or DTD; links only to the sibling files.
        for pattern in ["<link", "src=", "@import", "url(", "href=\"http", "svg11.dtd", "fetch(", "XMLHttpRequest"] {
            #expect(!html.contains(pattern), "index.html contains \(pattern)")
        }
        #expect(html.contains("content=\"default-src 'none'; script-src 'sha256-"))
        #expect(!html.contains("unsafe-inline"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        // Node and edge ids are `GraphElementID`s, distinct per graph.
        #expect(html.contains("id=\"\(GraphElementID.node(graphID: "modules", id: "AppPackage/ProfileFeature"))\""))
        #expect(html.contains("id=\"\(GraphElementID.node(graphID: "components", id: "GachaComponent"))\""))
    }

    @Test func policyHashesAreTheSHA256OfTheInlineTexts() {
        // sha256("abc"), base64.
        #expect(ReportPolicy.hash("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
        #expect(ReportPolicy.content.contains("script-src \(ReportPolicy.hash(ReportScript.source))"))
        #expect(ReportPolicy.content.contains("style-src \(ReportPolicy.hash(ReportStyle.stylesheet))"))
    }

    @Test func elementIDsAreASCIIAndUnambiguous() {
        #expect(GraphElementID.node(graphID: "modules", id: "AppPackage/Home") == "modules__n__AppPackage_2FHome")
        #expect(GraphElementID.edge(graphID: "modules", from: "A", to: "B-C") == "modules__e__A__B_2DC")
        #expect(GraphElementID.node(graphID: "m", id: "Ü<\"&") == "m__n___C3_9C_3C_22_26")
        // A name that looks like a separator can't produce another edge's id.
        #expect(GraphElementID.edge(graphID: "g", from: "a__e__b", to: "c") != GraphElementID.edge(graphID: "g", from: "a", to: "b__c"))
    }

    @Test func findingsAreGroupedByRuleErrorsFirstOneRowPerEdge() throws {
        let edge = ModuleEdge(
            from: "App/Home", to: "App/Profile", kind: .import,
            locations: (1...3).map { SourceLocation(file: "Home/F\($0).swift", line: 1, column: 1) })
        let graph = ModuleGraph(
            nodes: [Module(id: "App/Home", name: "Home", type: .regular), Module(id: "App/Profile", name: "Profile", type: .regular)],
            edges: [edge])
        let crossFeature = edge.locations.map { location in
            Diagnostic(
                rule: "cross-feature-import", severity: .error, message: "Home imports Profile",
                location: location, subject: ["App/Home", "App/Profile", "Profile"], occurrenceNote: "also imported here")
        }
        let note = Diagnostic(rule: "a-note", severity: .note, message: "n", location: SourceLocation(file: "A.swift", line: 1, column: 1))
        let warnings = (1...2).map {
            Diagnostic(rule: "b-warning", severity: .warning, message: "same", location: SourceLocation(file: "W\($0).swift", line: 1, column: 1))
        }
        let diagnostics = [note] + warnings + crossFeature
        let graphs = [ReportGraph(
            anchor: "modules-graph", title: "Module graph", picture: .svg("<svg></svg>"), graphID: "modules",
            targets: DiagnosticTargets.modules(graph, diagnostics: diagnostics))]
        let findings = ReportFindings(diagnostics: diagnostics, graphs: graphs)
        #expect(findings.groups.map(\.rule) == ["cross-feature-import", "b-warning", "a-note"])
        // One row per finding (`FindingGrouping`): the edge's three locations are one; two equal messages at two
        // places that are not one edge's locations are two.
        #expect(findings.groups.map { $0.rows.count } == [1, 2, 1])
        let row = try #require(findings.groups.first?.rows.first)
        #expect(row.locations == edge.locations)
        #expect(row.links.map(\.elementIDs) == [[GraphElementID.edge(graphID: "modules", from: "App/Home", to: "App/Profile")]])
        let html = HTMLReportWriter.page(
            report: LintReport(root: ".", summary: .init(files: 3, modules: 2, components: 0, errors: 3, warnings: 2, notes: 1), diagnostics: diagnostics),
            graphs: graphs)
        #expect(html.components(separatedBy: "<tr id=\"finding-").count - 1 == 4)
        #expect(html.contains("<li class=\"error\"><a href=\"#rule-error-cross-feature-import\"><code>cross-feature-import</code></a> <span class=\"n\">1</span>"))
        #expect(html.contains("data-targets=\"modules__e__App_2FHome__App_2FProfile\""))
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
