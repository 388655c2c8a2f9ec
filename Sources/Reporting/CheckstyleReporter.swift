import ArchlintModel

/// Checkstyle XML (read by Jenkins warnings-ng, reviewdog, Danger, …): one `<file>` per file, sorted, one
/// `<error>` per finding, in the file of its first location (the message ends with `(and N more: …)` when it
/// occurs at several). Severities map to error, warning and info; `source` is `archlint.<rule-id>`.
/// Paths are joined to the root as given.
public struct CheckstyleReporter: Reporter {
    public static let name = "checkstyle"
    public static let summary = "Checkstyle XML."

    public init() {}

    public func generate(_ report: LintReport, options: ReportOptions) -> String {
        let diagnostics = report.diagnostics.sorted(by: Diagnostic.stableOrder)
        let root = report.root
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<checkstyle version="4.3">"#]
        var index = diagnostics.startIndex
        while index < diagnostics.endIndex {
            let file = diagnostics[index].location.file
            lines.append("  <file name=\"\(XMLEscaping.attribute(DisplayPath.join(root: report.root, file)))\">")
            while index < diagnostics.endIndex, diagnostics[index].location.file == file {
                lines.append("    " + error(diagnostics[index], root: root))
                index += 1
            }
            lines.append("  </file>")
        }
        lines.append("</checkstyle>")
        return lines.joined(separator: "\n") + "\n"
    }

    func error(_ diagnostic: Diagnostic, root: String = "") -> String {
        var attributes: [(String, String)] = []
        if diagnostic.location.line > 0 { attributes.append(("line", String(diagnostic.location.line))) }
        if diagnostic.location.column > 0 { attributes.append(("column", String(diagnostic.location.column))) }
        attributes += [
            ("severity", Self.severity(diagnostic.severity)),
            ("message", diagnostic.message + TextReporter.moreLocations(diagnostic, root: root)),
            ("source", "archlint.\(diagnostic.rule)"),
        ]
        return "<error " + attributes.map { "\($0)=\"\(XMLEscaping.attribute($1))\"" }.joined(separator: " ") + "/>"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
