import ArchlintModel

/// GitHub Actions workflow commands, one per finding (at its first location; the message ends with
/// `(and N more: …)` when it occurs at several), then the text summary line:
///
///     ::error file=AppPackage/Sources/A.swift,line=3,col=1,title=cross-feature-import::GachaFeature imports …
///
/// `note` becomes `::notice`. Paths are joined to the root as given (run archlint from the repository root so
/// they are repository-relative). Escaping follows @actions/core: `%`, CR and LF in the message; those plus
/// `:` and `,` in properties. Other control characters (ESC, U+2028, …) are %-encoded as UTF-8 too: the runner
/// shows them as text, so no file name or message can start a line or a workflow command of its own.
public struct GitHubReporter: Reporter {
    public static let name = "github"
    public static let summary = "GitHub Actions workflow commands (::error file=…,line=…::message annotations)."

    public init() {}

    public func generate(_ report: LintReport, options: ReportOptions) -> String {
        var lines = report.diagnostics.sorted(by: Diagnostic.stableOrder).map { command(for: $0, root: report.root) }
        lines.append(TextReporter().summaryLine(report, colored: false))
        lines += TextReporter.filterLines(options.filter)
        return lines.joined(separator: "\n") + "\n"
    }

    func command(for diagnostic: Diagnostic, root: String) -> String {
        var properties: [(String, String)] = []
        let location = diagnostic.location
        if !location.file.isEmpty {
            properties.append(("file", DisplayPath.join(root: root, location.file)))
            if location.line > 0 {
                properties.append(("line", String(location.line)))
                if location.column > 0 { properties.append(("col", String(location.column))) }
            }
        }
        properties.append(("title", diagnostic.rule))
        let propertyText = properties.map { "\($0)=\(Self.escapeProperty($1))" }.joined(separator: ",")
        let message = diagnostic.message + TextReporter.moreLocations(diagnostic, root: root)
        return "::\(Self.command(diagnostic.severity)) \(propertyText)::\(Self.escapeData(message))"
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case _ where ControlCharacters.isControl(scalar):
                for byte in String(scalar).utf8 { result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func escapeProperty(_ text: String) -> String {
        var result = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
