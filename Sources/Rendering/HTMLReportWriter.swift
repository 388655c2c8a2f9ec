import ArchlintModel
import Foundation
import SystemSupport

public enum HTMLReportError: Error, CustomStringConvertible {
    case write(path: String, reason: String)

    public var description: String {
        switch self {
        case .write(let path, let reason): "cannot write the report to \(path): \(reason)"
        }
    }
}

/// The self-contained review report: `index.html` (summary, counts per rule, graph panels with pan, zoom, search
/// and a violations-only filter, diagnostics grouped by rule; no network, one inline script and stylesheet under
/// a hash-based Content-Security-Policy), the SVG of each drawn panel, and `report.json`.
public enum HTMLReportWriter {
    public static let indexFile = "index.html"
    public static let modulesFile = "modules.svg"
    public static let componentsFile = "components.svg"
    public static let reportFile = "report.json"
    /// Past this many locations a row lists the first ones and a count (report.json has all).
    static let locationsPerRow = 50

    /// Creates `directory` when needed and writes `index.html`, `report.json` and the SVG file of each panel that
    /// has one, together (`FileTransaction`: all of them or none), through `fileGuard`, each replacing only a
    /// report archlint wrote (`FileKind.report`) unless `force`. A panel with a file but no picture removes that
    /// file when it is archlint's, so the directory never shows an old picture.
    public static func write(
        report: LintReport, graphs: [ReportGraph], reportJSON: String, to directory: String, changes: ReportChanges? = nil,
        fileGuard: FileGuard = .unconfined, force: Bool = false
    ) throws(HTMLReportError) {
        let html = page(report: report, graphs: graphs, changes: changes)
        var files: [(String, String?)] = [(reportFile, reportJSON)]
        for graph in graphs {
            // A panel's file is a plain name next to index.html, never the page, the JSON or a path elsewhere.
            if let file = graph.file, file == (file as NSString).lastPathComponent, !file.hasPrefix("."),
               file != indexFile, file != reportFile, file.hasSuffix(".svg") {
                files.append((file, graph.svg))
            }
        }
        files.append((indexFile, html))
        let transaction = FileTransaction(fileGuard)
        var removed: [String] = []
        for (name, content) in files {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if let content {
                transaction.stage(Array(content.utf8), at: path, kind: .report, force: force)
            } else {
                removed.append(path)
            }
        }
        do {
            try transaction.commit()
        } catch {
            throw .write(path: error.path, reason: error.reason)
        }
        for path in removed { fileGuard.remove(path, kind: .report) }
    }

    /// The first reports' shape: a module and a component graph.
    public static func write(
        report: LintReport, modules: GraphPanel, components: GraphPanel, reportJSON: String, to directory: String
    ) throws(HTMLReportError) {
        try write(report: report, graphs: legacyGraphs(modules, components), reportJSON: reportJSON, to: directory)
    }

    /// The first reports' shape, from two SVG texts.
    public static func write(
        report: LintReport, modulesSVG: String, componentsSVG: String, reportJSON: String, to directory: String
    ) throws(HTMLReportError) {
        try write(
            report: report, modules: GraphPanel(svg: modulesSVG), components: GraphPanel(svg: componentsSVG),
            reportJSON: reportJSON, to: directory)
    }

    /// The `index.html` text for two SVG texts (module and component graph).
    public static func page(report: LintReport, modulesSVG: String, componentsSVG: String) -> String {
        page(report: report, graphs: legacyGraphs(GraphPanel(svg: modulesSVG), GraphPanel(svg: componentsSVG)))
    }

    private static func legacyGraphs(_ modules: GraphPanel, _ components: GraphPanel) -> [ReportGraph] {
        [
            modules.reportGraph(anchor: "modules-graph", title: "Module graph", file: modulesFile, graphID: "modules"),
            components.reportGraph(
                anchor: "components-graph", title: "Component graph", file: componentsFile, graphID: "components"),
        ]
    }

    /// The `index.html` text: the panels in the order given, then the diagnostics.
    public static func page(report: LintReport, graphs: [ReportGraph], changes: ReportChanges? = nil) -> String {
        let escape = HTMLEscaping.escape
        let summary = report.summary
        let findings = ReportFindings(diagnostics: report.diagnostics, graphs: graphs)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(ReportPolicy.content)">
            <title>archlint report — \(escape(report.root))</title>
            <style>\(ReportStyle.stylesheet)</style>
            </head>
            <body>
            <header>
            <h1>archlint report</h1>
            <p class="meta">\(escape(report.tool)) \(escape(report.version)) · root <code>\(escape(report.root))</code> · <a href="\(reportFile)">\(reportFile)</a></p>
            </header>
            <section id="summary" aria-label="Summary">
            \(counter("errors", summary.errors, "error"))
            \(counter("warnings", summary.warnings, "warning"))
            \(counter("notes", summary.notes, "note"))
            \(counter("files", summary.files, nil))
            \(counter("modules", summary.modules, nil))
            \(counter("components", summary.components, nil))
            </section>
            \(ruleCounts(findings))
            \(graphIndex(graphs))

            """
        if let changes { html += changes.html }
        for graph in graphs where !graph.collapsed { html += panel(graph) }
        let collapsed = graphs.filter(\.collapsed)
        if !collapsed.isEmpty {
            html += "<section id=\"features\" class=\"focus-list\">\n<h2>Features (\(collapsed.count))</h2>\n"
            html += "<p class=\"files\">Each feature with the modules one step away. Click a feature in the overview, or open one here.</p>\n"
            for graph in collapsed {
                html += "<details class=\"focus\"><summary>\(escape(graph.title))</summary>\n\(panel(graph))</details>\n"
            }
            html += "</section>\n"
        }
        html += diagnosticsSection(findings, total: report.diagnostics.count)
        html += "<script>\(ReportScript.source)</script>\n</body>\n</html>\n"
        return html
    }

    // MARK: Sections

    private static func ruleCounts(_ findings: ReportFindings) -> String {
        guard !findings.groups.isEmpty else { return "<section id=\"rule-counts\"><p class=\"clean\">No diagnostics.</p></section>" }
        let items = findings.groups.map { group in
            return "<li class=\"\(group.severity.rawValue)\"><a href=\"#\(group.anchor)\"><code>\(HTMLEscaping.escape(group.rule))</code></a> "
                + "<span class=\"n\">\(group.findings)</span> <span class=\"severity-\(group.severity.rawValue)\">\(group.severity.rawValue)"
                + "\(group.findings == 1 ? "" : "s")</span></li>"
        }
        return "<section id=\"rule-counts\" aria-label=\"Findings by rule\"><ul>\(items.joined())</ul></section>"
    }

    private static func graphIndex(_ graphs: [ReportGraph]) -> String {
        let shown = graphs.filter { !$0.collapsed }
        let collapsed = graphs.count - shown.count
        guard graphs.count > 1 else { return "" }
        var links = shown.map { "<a href=\"#\($0.anchor)\">\(HTMLEscaping.escape($0.title))</a>" }
        if collapsed > 0 { links.append("<a href=\"#features\">Features (\(collapsed))</a>") }
        return "<nav class=\"graphs\" aria-label=\"Graphs\">Graphs: \(links.joined(separator: " "))</nav>"
    }

    /// One graph panel: heading, file link, notes, toolbar (shown by the script), picture; a visible message
    /// instead when the graph couldn't be drawn or there is nothing to draw.
    private static func panel(_ graph: ReportGraph) -> String {
        let escape = HTMLEscaping.escape
        var html = "<section id=\"\(graph.anchor)\" class=\"graph\" data-graph-id=\"\(escape(graph.graphID))\">\n"
        html += "<h2>\(escape(graph.title))</h2>\n"
        switch graph.picture {
        case .failed(let message):
            html += "<div class=\"render-failed\" role=\"alert\"><strong>Not drawn.</strong> \(escape(message))</div>\n"
        case .empty(let message):
            html += "<p class=\"empty-state\">\(escape(message))</p>\n"
        case .svg(let svg):
            if let file = graph.file {
                html += "<p class=\"files\"><a href=\"\(escape(file))\">\(escape(file))</a> · hover nodes and edges for details, click a coloured edge for its finding</p>\n"
            }
            for note in graph.notes { html += "<p class=\"render-note\">\(escape(note))</p>\n" }
            html += """
                <div class="toolbar" hidden>
                <button type="button" data-zoom="out" title="Zoom out" aria-label="Zoom out">−</button>
                <output class="zoom-level" aria-label="Zoom level">100%</output>
                <button type="button" data-zoom="in" title="Zoom in" aria-label="Zoom in">+</button>
                <button type="button" data-zoom="fit" title="Fit the width">Fit</button>
                <button type="button" data-zoom="actual" title="Actual size">1:1</button>
                <input type="search" class="graph-search" placeholder="Search \(graph.graphID.hasPrefix("components") ? "components" : "modules")" aria-label="Search the graph">
                <span class="search-status" aria-live="polite"></span>
                <label><input type="checkbox" class="violations-only"> Violations only</label>
                <span class="fit-hint"></span>
                </div>
                <div class="viewport" tabindex="0" aria-label="\(escape(graph.title)): drag to pan, wheel or + and - to zoom, 0 to fit">\(inlineSVG(svg))</div>

                """
        }
        return html + "</section>\n"
    }

    private static func diagnosticsSection(_ findings: ReportFindings, total: Int) -> String {
        let escape = HTMLEscaping.escape
        var html = "<section id=\"diagnostics\">\n<h2>Diagnostics (\(total))</h2>\n"
        guard !findings.groups.isEmpty else { return html + "<p class=\"clean\">No diagnostics.</p>\n</section>\n" }
        for group in findings.groups {
            html += "<h3 id=\"\(group.anchor)\"><span class=\"severity-\(group.severity.rawValue)\">\(group.severity.rawValue)</span> "
                + "<code>\(escape(group.rule))</code> · \(group.findings) finding\(group.findings == 1 ? "" : "s")</h3>\n"
            html += "<table class=\"findings\">\n<thead><tr><th>Message</th><th>Locations</th><th>Graph</th></tr></thead>\n<tbody>\n"
            for row in group.rows {
                let targets = row.elementIDs.joined(separator: " ")
                html += "<tr id=\"\(row.id)\" class=\"\(group.severity.rawValue)\" data-rule=\"\(escape(group.rule))\""
                    + (targets.isEmpty ? "" : " data-targets=\"\(targets)\"") + ">"
                html += "<td class=\"message\"><p>\(escape(row.finding.message))</p></td>"
                html += "<td class=\"locations\"><ul>"
                let evidence = row.finding.evidence
                for (index, location) in row.locations.prefix(locationsPerRow).enumerated() {
                    html += "<li><code>\(escape("\(location.file):\(location.line):\(location.column)"))</code>"
                    if index == 0, !evidence.isEmpty {
                        html += "<ul>" + evidence.prefix(locationsPerRow).map { related in
                            "<li><code>\(escape("\(related.location.file):\(related.location.line)"))</code> \(escape(related.message))</li>"
                        }.joined() + "</ul>"
                    }
                    html += "</li>"
                }
                if row.locations.count > locationsPerRow {
                    html += "<li class=\"more\">… and \(row.locations.count - locationsPerRow) more (see \(reportFile))</li>"
                }
                html += "</ul></td><td class=\"graph-links\">"
                html += row.links.map { link in
                    "<a class=\"to-graph\" href=\"#\(link.elementIDs[0])\" data-graph=\"\(link.anchor)\" "
                        + "data-targets=\"\(link.elementIDs.joined(separator: " "))\">\(escape(link.title))</a>"
                }.joined()
                html += "</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        return html + "</section>\n"
    }

    private static func counter(_ label: String, _ value: Int, _ severity: String?) -> String {
        let classes = ["count"] + (severity.map { value > 0 ? [$0] : [] } ?? [])
        return "<div class=\"\(classes.joined(separator: " "))\"><span class=\"value\">\(value)</span>"
            + "<span class=\"label\">\(label)</span></div>"
    }

    /// Graphviz SVG made embeddable: the XML declaration, DOCTYPE (an external DTD URL) and comments go; the
    /// `<svg>` element and everything inside stays as graphviz escaped it. Anything that isn't SVG is shown
    /// as escaped text, never injected.
    static func inlineSVG(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        guard let start = firstIndex(of: Array("<svg".utf8), in: bytes, from: 0),
              let end = lastIndex(of: Array("</svg>".utf8), in: bytes)
        else {
            return svg.isEmpty ? "<p class=\"clean\">No graph.</p>" : "<pre>\(HTMLEscaping.escape(svg))</pre>"
        }
        let open = Array("<!--".utf8)
        let close = Array("-->".utf8)
        var body: [UInt8] = []
        body.reserveCapacity(end - start)
        var position = start
        let stop = end + 6
        while position < stop {
            guard let comment = firstIndex(of: open, in: bytes, from: position), comment < stop else {
                body += bytes[position..<stop]
                break
            }
            body += bytes[position..<comment]
            position = (firstIndex(of: close, in: bytes, from: comment + open.count).map { $0 + close.count }) ?? stop
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// Byte search (linear; Foundation's `range(of:)` on large strings is far slower).
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
