import ArchlintModel

/// A pull-request comment / job summary: a heading with the totals, a table of counts per rule, a Mermaid
/// diagram of the module edges with findings (`MarkdownDiagram`), and a table of findings (errors first). It
/// never exceeds `limit` UTF-8 bytes (GitHub rejects comments over 65,536 characters): a diagram that doesn't
/// fit is left out and a line says so; findings that don't fit are left out and a last line says how many.
/// Table cells escape `|`, HTML outside code spans and line breaks; paths are code spans fenced with more
/// backticks than they hold; control characters show as visible escapes (`\u{1B}`).
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
        let tableHead = ["", "| Severity | Rule | Location | Message |", "| --- | --- | --- | --- |"]

        // The diagram goes in only when it leaves room for the findings table's head and its omission line.
        if let diagram = MarkdownDiagram(edges: report.violatingEdges).text {
            let withDiagram = (head + [""] + diagram + tableHead).joined(separator: "\n") + "\n"
            let reserve = Self.omissionLine(diagnostics.count).utf8.count + 2
            head += withDiagram.utf8.count + reserve <= limit ? [""] + diagram : ["", MarkdownDiagram.omittedLine(report.violatingEdges.count)]
        }
        head += tableHead

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
        let others = diagnostic.otherOccurrences
        let more = others.isEmpty ? "" : " and \(others.count) more" + (others.count <= TextReporter.listedOccurrences
            ? ": " + others.map { Self.codeSpan(String(TextReporter.location($0.location, root: root).dropLast(2))) }.joined(separator: ", ")
            : "")
        let locationCell = location.isEmpty ? "" : Self.codeSpan(String(location)) + more
        return "| \(diagnostic.severity.rawValue) | \(Self.codeSpan(diagnostic.rule)) | \(locationCell) | \(Self.cell(diagnostic.message)) |"
    }

    static func omissionLine(_ count: Int) -> String {
        "_\(TextReporter.count(count, "more finding")) not shown to keep this comment under GitHub's size limit; see the full report._"
    }

    /// A table cell: `|` escaped, line breaks as `<br>`, other control characters as visible escapes; outside
    /// code spans HTML is neutralised with entities, inside them (where entities would show literally) it is
    /// left as is. A backtick run with no closing run of the same length is escaped (`\``).
    static func cell(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "`" {
                let run = backtickRun(characters, at: index)
                if let close = closingRun(characters, length: run, after: index + run) {
                    let code = String(characters[(index + run)..<close])
                    result += String(repeating: "`", count: run) + codeText(code) + String(repeating: "`", count: run)
                    index = close + run
                } else {
                    result += String(repeating: "\\`", count: run)
                    index += run
                }
                continue
            }
            let character = characters[index]
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case _ where character.isNewline: result += "<br>"
            default: result += ControlCharacters.visible(String(character))
            }
            index += 1
        }
        return result
    }

    /// `text` as one inline code span in a table cell: fenced with one backtick more than its longest run of
    /// backticks, padded with a space when it starts or ends with one, `|` escaped (GFM splits cells first).
    static func codeSpan(_ text: String) -> String {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let body = codeText(text)
        let padding = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") && body.hasSuffix(" ") ? " " : ""
        return fence + padding + body + padding + fence
    }

    /// The inside of a code span: visible escapes for control characters (a line break can't be in a cell),
    /// `|` escaped; no HTML entities, which a code span would show literally.
    private static func codeText(_ text: String) -> String {
        ControlCharacters.visible(text).split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }

    private static func backtickRun(_ characters: [Character], at start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] == "`" { end += 1 }
        return end - start
    }

    /// The start of the next run of exactly `length` backticks at or after `start`.
    private static func closingRun(_ characters: [Character], length: Int, after start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == "`" {
                let run = backtickRun(characters, at: index)
                if run == length { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }
}
