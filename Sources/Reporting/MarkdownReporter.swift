import ArchlintModel

/// A pull-request comment / job summary: a heading with the totals, a table of counts per rule, and a table of
/// findings (errors first). It never exceeds `limit` UTF-8 bytes (GitHub rejects comments over 65,536
/// characters): findings that don't fit are left out and a last line says how many. Table cells escape `|`,
/// HTML and line breaks.
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"
    public static let summary = "Markdown for a PR comment or $GITHUB_STEP_SUMMARY, trimmed to fit."
    /// Comfortably below GitHub's 65,536-character limit for comments and step summaries.
    public static let defaultLimit = 60_000

    public var limit: Int

    public init() { self.init(limit: Self.defaultLimit) }

    public init(limit: Int) { self.limit = limit }

    public func generate(_ report: LintReport, options: ReportOptions) -> String {
        let diagnostics = report.diagnostics.sorted { lhs, rhs in
            lhs.severity != rhs.severity ? lhs.severity > rhs.severity : Diagnostic.stableOrder(lhs, rhs)
        }
        var head = ["## archlint", "", headline(report), ""]
        let filterLines = TextReporter.filterLines(options.filter)
        if !filterLines.isEmpty { head += filterLines.map { "- \($0)" } + [""] }
        guard !diagnostics.isEmpty else { return head.joined(separator: "\n") }

        head += ["| Rule | Errors | Warnings | Notes |", "| --- | ---: | ---: | ---: |"]
        let byRule = Dictionary(grouping: diagnostics, by: \.rule)
        for rule in byRule.keys.sorted() {
            let found = byRule[rule] ?? []
            let counts = Severity.allCases.reversed().map { severity in String(found.count { $0.severity == severity }) }
            head.append("| `\(Self.cell(rule))` | " + counts.joined(separator: " | ") + " |")
        }
        head += ["", "| Severity | Rule | Location | Message |", "| --- | --- | --- | --- |"]

        var output = head.joined(separator: "\n") + "\n"
        var shown = 0
        for diagnostic in diagnostics {
            let row = self.row(diagnostic, root: report.root) + "\n"
            let omittedAfterThis = diagnostics.count - shown - 1
            let reserve = omittedAfterThis > 0 ? Self.omissionLine(omittedAfterThis).utf8.count + 2 : 0
            guard output.utf8.count + row.utf8.count + reserve <= limit else { break }
            output += row
            shown += 1
        }
        if shown < diagnostics.count {
            output += "\n" + Self.omissionLine(diagnostics.count - shown) + "\n"
        }
        return output
    }

    func headline(_ report: LintReport) -> String {
        let summary = report.summary
        guard summary.errors + summary.warnings + summary.notes > 0 else {
            return "**No findings** in \(TextReporter.count(summary.files, "file")) (\(TextReporter.count(summary.modules, "module")))."
        }
        return "**\(TextReporter.count(summary.errors, "error"))**, \(TextReporter.count(summary.warnings, "warning")) and "
            + "\(TextReporter.count(summary.notes, "note")) in \(TextReporter.count(summary.files, "file")) "
            + "(\(TextReporter.count(summary.modules, "module")), \(TextReporter.count(summary.components, "component")))."
    }

    func row(_ diagnostic: Diagnostic, root: String) -> String {
        let location = TextReporter.location(diagnostic.location, root: root).dropLast(2)
        let locationCell = location.isEmpty ? "" : "`\(Self.cell(String(location)))`"
        return "| \(diagnostic.severity.rawValue) | `\(Self.cell(diagnostic.rule))` | \(locationCell) | \(Self.cell(diagnostic.message)) |"
    }

    static func omissionLine(_ count: Int) -> String {
        "_\(TextReporter.count(count, "more finding")) not shown to keep this comment under GitHub's size limit; see the full report._"
    }

    /// A table cell: `|` escaped, HTML neutralised, line breaks as `<br>`.
    static func cell(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case _ where character.isNewline: result += "<br>"
            default: result.append(character)
            }
        }
        return result
    }
}
