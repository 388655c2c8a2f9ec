import ArchlintModel
import Foundation

public enum HTMLReportError: Error, CustomStringConvertible {
    case write(path: String, reason: String)

    public var description: String {
        switch self {
        case .write(let path, let reason): "cannot write the report to \(path): \(reason)"
        }
    }
}

/// One graph of the report: its SVG, or why it couldn't be drawn and how to get it.
public struct GraphPanel: Sendable {
    /// Nil when no attempt could draw the graph.
    public var svg: String?
    /// Shown under the heading: which fallback drew the graph, or what failed and how to get the picture.
    public var caption: String?

    public init(svg: String?, caption: String? = nil) {
        self.svg = svg
        self.caption = caption
    }

    /// `kind` is the `archlint graph --kind` value, `name` what the reader calls it ("module graph").
    init(_ rendered: RenderedGraph, kind: String, name: String) {
        if let bytes = rendered.bytes {
            self.init(svg: String(decoding: bytes, as: UTF8.self), caption: rendered.note.map { "The \(name) was \($0)." })
        } else {
            self.init(svg: nil, caption: Self.failureMessage(rendered, kind: kind))
        }
    }

    /// What failed and how to get a picture anyway.
    public static func failureMessage(_ rendered: RenderedGraph, kind: String) -> String {
        let name = kind == "modules" ? "module graph" : "component graph"
        var message = "The \(name) could not be drawn: \(rendered.failureSummary)."
        message += " To get a picture, draw a smaller graph with `archlint graph --kind \(kind) --format svg"
        message += kind == "modules" ? " --hide-external --hide-tests` (or `--focus NAME`, `--reduce`)" : " --focus NAME`"
        message += ", or write `--format dot` and render it with another tool."
        return message
    }

    /// A line for stderr when the panel isn't the normal picture.
    var notice: String? { caption }
}

/// The self-contained review report: `index.html` (summary, both graphs inline, diagnostics table; no
/// network, no external CSS or JS), `modules.svg`, `components.svg`, `report.json`.
public enum HTMLReportWriter {
    public static let indexFile = "index.html"
    public static let modulesFile = "modules.svg"
    public static let componentsFile = "components.svg"
    public static let reportFile = "report.json"

    /// Creates `directory` when needed and writes the four files.
    public static func write(
        report: LintReport, modulesSVG: String, componentsSVG: String, reportJSON: String, to directory: String
    ) throws(HTMLReportError) {
        try write(
            report: report, modules: GraphPanel(svg: modulesSVG), components: GraphPanel(svg: componentsSVG),
            reportJSON: reportJSON, to: directory)
    }

    /// Creates `directory` when needed and writes `index.html`, `report.json` and the SVG of each graph that
    /// was drawn (a stale SVG of one that wasn't is removed, so the directory never shows an old picture).
    public static func write(
        report: LintReport, modules: GraphPanel, components: GraphPanel, reportJSON: String, to directory: String
    ) throws(HTMLReportError) {
        let html = page(report: report, modules: modules, components: components)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .write(path: directory, reason: FoundationErrorText.describe(error, path: directory))
        }
        let files: [(String, String?)] = [
            (reportFile, reportJSON), (modulesFile, modules.svg), (componentsFile, components.svg), (indexFile, html),
        ]
        for (name, content) in files {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            guard let content else {
                try? FileManager.default.removeItem(atPath: path)
                continue
            }
            do {
                try Data(content.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw .write(path: path, reason: FoundationErrorText.describe(error, path: path))
            }
        }
    }

    /// The `index.html` text.
    public static func page(report: LintReport, modulesSVG: String, componentsSVG: String) -> String {
        page(report: report, modules: GraphPanel(svg: modulesSVG), components: GraphPanel(svg: componentsSVG))
    }

    /// The `index.html` text.
    public static func page(report: LintReport, modules: GraphPanel, components: GraphPanel) -> String {
        let escape = HTMLEscaping.escape
        let summary = report.summary
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <title>archlint report — \(escape(report.root))</title>
            <style>\(stylesheet)</style>
            </head>
            <body>
            <header>
            <h1>archlint report</h1>
            <p class="meta">\(escape(report.tool)) \(escape(report.version)) · root <code>\(escape(report.root))</code></p>
            </header>
            <section id="summary" aria-label="Summary">
            \(counter("errors", summary.errors, "error"))
            \(counter("warnings", summary.warnings, "warning"))
            \(counter("notes", summary.notes, "note"))
            \(counter("files", summary.files, nil))
            \(counter("modules", summary.modules, nil))
            \(counter("components", summary.components, nil))
            </section>
            <section id="diagnostics">
            <h2>Diagnostics (\(report.diagnostics.count))</h2>

            """
        if report.diagnostics.isEmpty {
            html += "<p class=\"clean\">No diagnostics.</p>\n"
        } else {
            html += """
                <table>
                <thead><tr><th>Rule</th><th>Severity</th><th>Location</th><th>Message</th></tr></thead>
                <tbody>

                """
            for diagnostic in report.diagnostics {
                let location = "\(diagnostic.location.file):\(diagnostic.location.line):\(diagnostic.location.column)"
                var message = escape(diagnostic.message)
                if !diagnostic.related.isEmpty {
                    message += "<ul>" + diagnostic.related.map { related in
                        "<li><code>\(escape("\(related.location.file):\(related.location.line)"))</code> \(escape(related.message))</li>"
                    }.joined() + "</ul>"
                }
                html += "<tr class=\"\(diagnostic.severity.rawValue)\"><td><code>\(escape(diagnostic.rule))</code></td>"
                    + "<td class=\"severity\">\(diagnostic.severity.rawValue)</td>"
                    + "<td><code>\(escape(location))</code></td><td>\(message)</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        html += """
            </section>
            <section id="modules-graph" class="graph">
            <h2>Module graph</h2>
            \(graphBody(modules, file: modulesFile, links: " · hover nodes and edges for details"))
            </section>
            <section id="components-graph" class="graph">
            <h2>Component graph</h2>
            \(graphBody(components, file: componentsFile, links: " · <a href=\"\(reportFile)\">\(reportFile)</a>"))
            </section>
            </body>
            </html>

            """
        return html
    }

    /// The file links and the inline picture; a visible box instead when the graph couldn't be drawn.
    private static func graphBody(_ panel: GraphPanel, file: String, links: String) -> String {
        let caption = panel.caption.map(HTMLEscaping.escape)
        guard let svg = panel.svg else {
            return "<div class=\"render-failed\" role=\"alert\"><strong>Not drawn.</strong> \(caption ?? "")</div>"
        }
        var html = "<p class=\"files\"><a href=\"\(file)\">\(file)</a>\(links)</p>\n"
        if let caption { html += "<p class=\"render-note\">\(caption)</p>\n" }
        return html + "<div class=\"canvas\">\(inlineSVG(svg))</div>"
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

    private static let stylesheet = """
        body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:0 24px 48px;color:#24292f;background:#fff}
        header h1{margin:16px 0 0;font-size:24px}.meta{color:#57606a;margin:4px 0 16px}
        #summary{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:24px}
        .count{border:1px solid #d0d7de;border-radius:8px;padding:8px 16px;min-width:90px;text-align:center}
        .count .value{display:block;font-size:28px;font-weight:600}.count .label{color:#57606a;font-size:13px}
        .count.error{border-color:#d1242f;color:#d1242f}.count.warning{border-color:#9a6700;color:#9a6700}
        .count.note{border-color:#0969da;color:#0969da}
        table{border-collapse:collapse;width:100%;font-size:13px}
        th,td{border:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top}
        th{background:#f6f8fa}tr.error .severity{color:#d1242f;font-weight:600}
        tr.warning .severity{color:#9a6700;font-weight:600}tr.note .severity{color:#0969da}
        td ul{margin:4px 0 0;padding-left:18px;color:#57606a}code{font-family:ui-monospace,Menlo,monospace;font-size:12px}
        .graph .canvas{overflow:auto;border:1px solid #d0d7de;border-radius:8px;padding:8px;max-height:90vh}
        .files{color:#57606a;font-size:13px}.clean{color:#1a7f37}
        .render-note{color:#9a6700;font-size:13px}
        .render-failed{border:2px solid #d1242f;border-radius:8px;padding:12px 16px;color:#24292f;background:#fff5f5}
        """
}
