import ArchlintKit
import ArchlintModel
import Foundation
import Graphs
import Testing

@testable import Rendering

/// The report as a person opens it, in real headless Chromium at 1400×900 (`ReportProbe`): every graph fits the
/// width, labels stay readable, zoom and search change the DOM, findings and graph link to each other. Runs on the
/// generated 150-module app and on one fixture of each report shape. Screenshots for a human look are left in
/// `$TMPDIR` (`archlint-report-generated-app.png`, `archlint-report-needle-sample-apps.png`).
@Suite struct ChromiumReportInteractionTests {
    static let fixturesDirectory = FixtureRenderingTests.fixtures

    /// What a browser run can tell reports apart by: the page and its script are the same for every report.
    struct ReportShape: Hashable {
        var componentScopes: Int  // 0, 1, or 2 for several
        var worstSeverity: Severity?
        var moduleCountBucket: Int  // under 10, under 40, 40 or more
    }

    static func shape(of analysis: ArchitectureAnalysis) -> ReportShape {
        let scopes = analysis.componentGraph.nodes.isEmpty ? 0 : max(1, analysis.componentGraph.scopeNames.count)
        let severities = Set(analysis.report().diagnostics.map(\.severity))
        let worst = [Severity.error, .warning, .note].first { severities.contains($0) }
        let modules = analysis.moduleGraph.nodes.count
        return ReportShape(componentScopes: min(scopes, 2), worstSeverity: worst, moduleCountBucket: modules < 10 ? 0 : modules < 40 ? 1 : 2)
    }

    /// The first fixture of each report shape, and needle-sample-apps (its screenshot is looked at). Each browser
    /// run costs about 1.5 s of CPU; one per fixture was a tenth of a clean CI run's test time.
    static let fixtures: [String] = {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        var seen: Set<ReportShape> = []
        return names.filter { name in
            guard let analysis = try? Analyzer.analyze(root: fixturesDirectory.appendingPathComponent(name).path) else {
                return true  // A fixture that doesn't analyse fails in the test, with its error.
            }
            return seen.insert(shape(of: analysis)).inserted || name == "needle-sample-apps"
        }
    }()

    @Test func everyShapeIsProbed() {
        #expect(Self.fixtures.count >= 6, "\(Self.fixtures)")
        #expect(Self.fixtures.contains("needle-sample-apps"))
    }

    static func temporaryDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("archlint-probe-\(name)-\(UUID().uuidString)")
    }

    /// The lint pipeline's report for an analysed tree, written as `lint --report-dir` writes it (in process).
    static func writeReport(_ analysis: ArchitectureAnalysis, root: String, to directory: URL) throws -> LintReport {
        var report = analysis.report()
        report.root = root
        _ = try HTMLReportWriter.write(
            report: report, moduleGraph: analysis.moduleGraph, componentGraph: analysis.componentGraph,
            configuration: analysis.configuration, reportJSON: "{}", to: directory.path)
        return report
    }

    @Test(arguments: fixtures) func fixtureReportIsReadableAndInteractive(_ fixture: String) throws {
        guard ChromiumReportTests.chromium != nil else {
            Issue.record("headless Chromium is required: apt-get install -y --no-install-recommends chromium")
            return
        }
        let directory = Self.temporaryDirectory(fixture)
        defer { try? FileManager.default.removeItem(at: directory) }
        let analysis = try Analyzer.analyze(root: Self.fixturesDirectory.appendingPathComponent(fixture).path)
        let report = try Self.writeReport(analysis, root: "Fixtures/\(fixture)", to: directory)
        let (result, errors) = try ReportProbe.run(reportDirectory: directory)
        ReportProbe.expectReadable(result, errors: errors, name: fixture)
        if analysis.componentGraph.nodes.isEmpty {
            #expect(result.panels.contains { $0.id == "components-graph" && $0.empty == true }, "\(fixture): no 'no Needle components' state")
        } else {
            let scopes = max(1, analysis.componentGraph.scopeNames.count)
            #expect(result.panels.count { $0.id.hasPrefix("components") } == scopes, "\(fixture): one component panel per scope")
        }
        if report.diagnostics.contains(where: { $0.severity == .error }), result.redEdgeRow != nil {
            #expect(result.flashedRow == result.redEdgeRow, "\(fixture): clicking a red edge did not reach its row")
        }
        if let targets = result.linkTargets {
            #expect((result.targeted ?? 0) > 0, "\(fixture): a finding's graph link \(targets) highlighted nothing")
        }
        if fixture == "needle-sample-apps" {
            try ReportProbe.screenshot(
                reportDirectory: directory,
                to: FileManager.default.temporaryDirectory.appendingPathComponent("archlint-report-needle-sample-apps.png"),
                height: 3_000)
        }
    }

    /// The 150-module app: the picture must fit 1400 px with labels of at least 10 px. (This depends on the
    /// module picture's defaults that scale, GraphScaling and the DOT writers: it fails while the picture is a
    /// 20,000 px strip.)
    @Test func generatedAppReportIsReadableAndInteractive() throws {
        guard ChromiumReportTests.chromium != nil else {
            Issue.record("headless Chromium is required: apt-get install -y --no-install-recommends chromium")
            return
        }
        let root = Self.temporaryDirectory("app")
        let directory = root.appendingPathComponent("report")
        defer { try? FileManager.default.removeItem(at: root) }
        try GeneratedLayeredApp().write(to: root.appendingPathComponent("app"))
        let analysis = try Analyzer.analyze(root: root.appendingPathComponent("app").path)
        let report = try Self.writeReport(analysis, root: "generated-app", to: directory)
        try ReportProbe.screenshot(
            reportDirectory: directory,
            to: FileManager.default.temporaryDirectory.appendingPathComponent("archlint-report-generated-app.png"))
        let (result, errors) = try ReportProbe.run(reportDirectory: directory)
        ReportProbe.expectReadable(result, errors: errors, name: "generated app")
        #expect(result.flashedRow != nil && result.flashedRow == result.redEdgeRow, "a red edge leads to its row")
        #expect((result.targeted ?? 0) > 0, "a finding's link highlights its edge")

        // One row for the cross-feature edge imported from three files, listing the three locations.
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        let crossFeature = report.diagnostics.filter { $0.rule == "cross-feature-import" }
        #expect(crossFeature.count == 1)
        #expect(crossFeature.first?.otherOccurrences.count == 2)
        #expect(html.components(separatedBy: "data-rule=\"cross-feature-import\"").count - 1 == 1)
        for location in crossFeature.flatMap({ [$0.location] + $0.otherOccurrences.map(\.location) }) {
            #expect(html.contains("<code>\(location.file):\(location.line):\(location.column)</code>"))
        }
        // Errors come first.
        let firstError = try #require(html.range(of: "<h3 id=\"rule-error-"))
        if let firstWarning = html.range(of: "<h3 id=\"rule-warning-") { #expect(firstError.lowerBound < firstWarning.lowerBound) }
    }

    /// Names with markup characters and non-ASCII text stay names: the page parses into the same nodes.
    @Test func hostileModuleNamesStayText() throws {
        guard ChromiumReportTests.chromium != nil else {
            Issue.record("headless Chromium is required: apt-get install -y --no-install-recommends chromium")
            return
        }
        let names = ["A<b>", "Q\"uote", "Amp&Co", "Ünïcødé🚀", "</script><script>alert(1)</script>", "__n__x", "a_b"]
        let graph = ModuleGraph(
            nodes: names.map { Module(id: $0, name: $0, type: .regular) },
            edges: zip(names, names.dropFirst()).map { ModuleEdge(from: $0, to: $1, kind: .import, locations: []) })
        let diagnostic = Diagnostic(
            rule: "layer-violation", severity: .error, message: "\(names[0]) imports \(names[1]) <i>x</i>",
            location: SourceLocation(file: "A<b>/x.swift", line: 1, column: 1), subject: [names[0], names[1], names[1]])
        let report = LintReport(
            root: "<root>", summary: .init(files: 1, modules: names.count, components: 0, errors: 1, warnings: 0, notes: 0),
            diagnostics: [diagnostic])
        let directory = Self.temporaryDirectory("hostile")
        defer { try? FileManager.default.removeItem(at: directory) }
        let graphs = HTMLReportWriter.standardGraphs(
            diagnostics: report.diagnostics, moduleGraph: graph, componentGraph: ComponentGraph(nodes: [], edges: [], resolutions: []),
            configuration: .init())
        try HTMLReportWriter.write(report: report, graphs: graphs, reportJSON: "{}", to: directory.path)
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<script>").count - 1 == 1)
        let (result, errors) = try ReportProbe.run(reportDirectory: directory)
        ReportProbe.expectReadable(result, errors: errors, name: "hostile names")
        #expect(result.panels.first?.labelCount == names.count)
        #expect(result.flashedRow == "finding-1", "the red edge between two hostile names leads to its row")
        for name in names {
            let id = GraphElementID.node(graphID: "modules", id: name)
            #expect(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            #expect(html.contains("id=\"\(id)\""), "\(name)")
        }
    }
}

/// A 2,000-module graph (some names with markup characters) through the report's own drawing, page and script.
@Suite struct LargeReportTests {
    @Test func twoThousandModulesMakeAWorkingPage() throws {
        guard ChromiumReportTests.chromium != nil else {
            Issue.record("headless Chromium is required: apt-get install -y --no-install-recommends chromium")
            return
        }
        let names = (0..<2_000).map { $0 % 250 == 7 ? "M\($0)<&\"ü>" : "Module\($0)" }
        var edges: [ModuleEdge] = []
        for index in 1..<names.count {
            edges.append(ModuleEdge(from: names[index], to: names[index / 2], kind: .import, locations: [
                SourceLocation(file: "Sources/\(index).swift", line: 1, column: 1),
            ]))
        }
        let graph = ModuleGraph(nodes: names.map { Module(id: $0, name: $0, type: .regular) }, edges: edges)
        let diagnostics = (1..<40).map { index in
            Diagnostic(
                rule: "layer-violation", severity: .error, message: "\(names[index]) imports \(names[index / 2])",
                location: SourceLocation(file: "Sources/\(index).swift", line: 1, column: 1),
                subject: [names[index], names[index / 2], names[index / 2]])
        }
        let report = LintReport(
            root: ".", summary: .init(files: 2_000, modules: 2_000, components: 0, errors: diagnostics.count, warnings: 0, notes: 0),
            diagnostics: diagnostics)
        let directory = ChromiumReportInteractionTests.temporaryDirectory("large")
        defer { try? FileManager.default.removeItem(at: directory) }
        let start = ContinuousClock.now
        let graphs = HTMLReportWriter.standardGraphs(
            diagnostics: diagnostics, moduleGraph: graph, componentGraph: ComponentGraph(nodes: [], edges: [], resolutions: []),
            configuration: .init())
        try HTMLReportWriter.write(report: report, graphs: graphs, reportJSON: "{}", to: directory.path)
        let written = ContinuousClock.now - start
        let (result, errors) = try ReportProbe.run(reportDirectory: directory)
        // Labels are not checked: 2,000 modules can't be read at one screen's width, only found (search, zoom).
        ReportProbe.expectReadable(result, errors: errors, name: "2,000 modules", labels: false)
        #expect(result.panels.first?.labelCount == names.count)
        #expect(result.flashedRow != nil && result.flashedRow == result.redEdgeRow)
        print("2,000 modules: report written in \(written), probed in \(ContinuousClock.now - start - written)")
    }
}
