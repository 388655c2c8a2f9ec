import ArchlintModel
import Rainbow

/// Xcode's format, one line per finding, each related location (the finding's other locations, its evidence)
/// an indented note line under it, then a summary line:
///
///     AppPackage/Package.swift:21:17: error: 'Home' declares a dependency on 'Gacha', … [cross-feature-import]
///         AppPackage/Sources/Home/A.swift:3:1: note: also imported here
///     Found 1 error, 0 warnings and 0 notes in 12 files (5 modules, 0 components).
///
/// Paths are joined to the root as given (see `DisplayPath`) so they are clickable from the working directory.
/// Lines about what was filtered out (baseline, suppressions, `--changed`) follow when they are non-zero.
public struct TextReporter: Reporter {
    public static let name = "text"
    public static let summary = "Xcode-style `path:line:col: severity: message [rule-id]` lines and a summary (default)."

    public init() {}

    public func generate(_ report: LintReport, options: ReportOptions) -> String {
        var lines = report.diagnostics.sorted(by: Diagnostic.stableOrder).flatMap {
            [line(for: $0, root: report.root, colored: options.colored)] + Self.noteLines(for: $0, root: report.root, colored: options.colored)
        }
        lines.append(summaryLine(report, colored: options.colored))
        if let withheld = report.summary.withheld.summaryLine { lines.append(withheld) }
        lines += Self.filterLines(options.filter)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The diagnostics' lines without the summary, as `lint` prints them (for commands that stop on findings).
    public static func lines(for diagnostics: [Diagnostic], root: String, colored: Bool = false) -> String {
        diagnostics.sorted(by: Diagnostic.stableOrder).map {
            ([TextReporter().line(for: $0, root: root, colored: colored)] + noteLines(for: $0, root: root, colored: colored))
                .map { $0 + "\n" }.joined()
        }.joined()
    }

    func line(for diagnostic: Diagnostic, root: String, colored: Bool) -> String {
        let location = Self.location(diagnostic.location, root: root)
        let severity = diagnostic.severity.rawValue + ":"
        let message = Self.singleLine(diagnostic.message)
        guard colored else {
            return "\(location)\(severity) \(message) [\(diagnostic.rule)]"
        }
        return "\(location.bold)\(Self.colored(severity, diagnostic.severity).bold) \(message) \("[\(diagnostic.rule)]".lightBlack)"
    }

    /// Related locations printed under a finding; past it, one note counts the rest.
    static let listedNotes = 10

    /// One indented `path:line:col: note: message` line per related location of a finding (its other locations,
    /// e.g. `also imported here`, then its evidence), as Xcode shows notes under a diagnostic.
    static func noteLines(for diagnostic: Diagnostic, root: String, colored: Bool) -> [String] {
        let related = diagnostic.otherOccurrences + diagnostic.evidence
        var lines = related.prefix(listedNotes).map { related in
            let note = colored ? Self.colored("note:", .note) : "note:"
            return "    \(Self.location(related.location, root: root))\(note) \(Self.singleLine(related.message))"
        }
        if related.count > listedNotes {
            lines.append("    note: and \(related.count - listedNotes) more location\(related.count - listedNotes == 1 ? "" : "s")")
        }
        return lines
    }

    /// Listed by `moreLocations` when a finding has at most this many other locations; past it, only counted.
    static let listedOccurrences = 3

    /// ` (and 2 more: Sources/B.swift:4, Sources/C.swift:7)` for a finding found at several locations (a module
    /// edge imported from three files, see `FindingGrouping`), ` (and 12 more)` when they are many; "" otherwise.
    static func moreLocations(_ diagnostic: Diagnostic, root: String) -> String {
        let others = diagnostic.otherOccurrences
        guard !others.isEmpty else { return "" }
        guard others.count <= listedOccurrences else { return " (and \(others.count) more)" }
        let list = others.map { other in
            let location = Self.location(other.location, root: root)
            return location.hasSuffix(": ") ? String(location.dropLast(2)) : location
        }
        return " (and \(others.count) more: \(list.joined(separator: ", ")))"
    }

    /// One diagnostic, one line: line breaks in a message become spaces, other control characters visible
    /// escapes (`\u{1B}`), so nothing in a message can fake a line or drive the terminal.
    static func singleLine(_ message: String) -> String {
        ControlCharacters.visible(
            message.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " "),
            newlinesAsSpaces: true)
    }

    /// `path:line:col: `, `path:line: `, `path: ` or nothing, depending on what the location knows.
    static func location(_ location: SourceLocation, root: String) -> String {
        guard !location.file.isEmpty else { return "" }
        // A file name may hold any byte but `/` and NUL: a newline or ESC in it is shown escaped (`\n`).
        var text = ControlCharacters.visible(DisplayPath.join(root: root, location.file))
        if location.line > 0 {
            text += ":\(location.line)"
            if location.column > 0 { text += ":\(location.column)" }
        }
        return text + ": "
    }

    func summaryLine(_ report: LintReport, colored: Bool) -> String {
        let summary = report.summary
        let counts = "\(Self.count(summary.errors, "error")), \(Self.count(summary.warnings, "warning")) and \(Self.count(summary.notes, "note"))"
        let scope = "in \(Self.count(summary.files, "file")) (\(Self.count(summary.modules, "module")), \(Self.count(summary.components, "component")))."
        let text = "Found \(counts) \(scope)"
        guard colored else { return text }
        if summary.errors > 0 { return text.red.bold }
        if summary.warnings > 0 { return text.yellow.bold }
        return text.green.bold
    }

    static func filterLines(_ filter: ReportFilterSummary) -> [String] {
        filter.messages
    }

    static func colored(_ text: String, _ severity: Severity) -> String {
        switch severity {
        case .error: text.red
        case .warning: text.yellow
        case .note: text.cyan
        }
    }

    static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }
}
