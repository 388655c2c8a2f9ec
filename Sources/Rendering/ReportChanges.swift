import ArchlintModel

/// The "Changes since BASE" section of `lint --report-dir … --base BASE`: the diff's summary, its picture (the
/// changed neighbourhood, as `archlint diff --format svg` draws it) and one table per kind of change.
public struct ReportChanges: Sendable {
    public var diff: ArchitectureDiff
    public var neighbourhood: DiffNeighbourhood
    /// The drawn neighbourhood; nil when nothing changed in the module graph or graphviz couldn't draw it.
    public var svg: String?

    public init(diff: ArchitectureDiff, neighbourhood: DiffNeighbourhood, renderer: GraphRenderer = .inProcess) {
        self.diff = diff
        self.neighbourhood = neighbourhood
        if neighbourhood.isEmpty {
            svg = nil
        } else {
            let dot = DiffDotWriter.dot(neighbourhood, title: "")
            svg = renderer.render(dot: dot, format: .svg).bytes.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// At most this many rows per table (report.json and `archlint diff --format json` have all).
    static let maximumRows = 200

    var html: String {
        let escape = HTMLEscaping.escape
        var html = "<section id=\"changes\">\n<h2>Changes since \(escape(diff.base))</h2>\n"
        html += "<p>\(escape(diff.summaryLine))</p>\n"
        if let svg { html += "<div class=\"graph-view\">\(HTMLReportWriter.inlineSVG(svg))</div>\n" }
        if let note = neighbourhood.omittedNote { html += "<p class=\"files\">\(escape(note)).</p>\n" }
        for section in DiffSections.sections(diff) {
            html += "<h3>\(escape(section.title))</h3>\n<table>\n<tr><th></th>"
            html += section.columns.map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
            for row in section.rows.prefix(Self.maximumRows) {
                html += "<tr><td>\(escape(row.marker))</td>" + row.text.map { "<td>\(escape($0))</td>" }.joined() + "</tr>\n"
            }
            html += "</table>\n"
            if section.rows.count > Self.maximumRows {
                html += "<p class=\"files\">\(section.rows.count - Self.maximumRows) more not listed.</p>\n"
            }
        }
        if !diff.baseNotes.isEmpty {
            html += "<h3>Could not be read at \(escape(diff.base))</h3>\n<ul>\n"
            html += diff.baseNotes.prefix(Self.maximumRows).map { "<li><code>\(escape($0))</code></li>\n" }.joined()
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }
}
