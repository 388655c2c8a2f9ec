import ArchlintModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Reporting

/// File names may hold any byte but `/` and NUL, and messages quote file names: no format may let them fake a
/// line, issue a GitHub workflow command, drive the terminal or break the markup.
@Suite struct OutputInjectionTests {
    static let newlineFile = "Sources/A\n::error file=x.swift::pwned\n::add-mask::secret.swift"
    static let escapeFile = "Sources/\u{1B}[2J\u{1B}]0;title\u{07}B.swift"
    static let backtickFile = "Sources/C`` <b>x</b> &amp; `.swift"

    static func diagnostic(_ file: String, message: String = "imports Foo", rule: String = "cross-feature-import") -> Diagnostic {
        Diagnostic(
            rule: rule, severity: .error, message: message, location: SourceLocation(file: file, line: 3, column: 1),
            module: "M", subject: ["M", file])
    }

    static let hostile = [
        diagnostic(newlineFile, message: "cannot read \(newlineFile)"),
        diagnostic(escapeFile, message: "bad \u{1B}[31mred\u{1B}[0m and \u{202E}reversed"),
        diagnostic(backtickFile, message: "uses `Array<Int>` & `a`` b` in <script>"),
    ]

    static var report: LintReport { SampleReport.report(root: ".", diagnostics: hostile) }

    static func hasRawControl(_ text: String, allowingNewlines: Bool = true) -> Bool {
        text.unicodeScalars.contains { scalar in
            if allowingNewlines && scalar == "\n" { return false }
            return ControlCharacters.isControl(scalar)
        }
    }

    @Test func textPrintsOneLinePerDiagnosticWithVisibleEscapes() {
        let output = TextReporter().generate(Self.report, options: ReportOptions())
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == Self.hostile.count + 1)
        #expect(!Self.hasRawControl(output))
        #expect(output.contains(#"Sources/A\n::error file=x.swift::pwned\n::add-mask::secret.swift:3:1: error:"#))
        #expect(output.contains(#"Sources/\u{1B}[2J\u{1B}]0;title\u{7}B.swift:3:1:"#))
        #expect(output.contains(#"bad \u{1B}[31mred\u{1B}[0m and \u{202E}reversed"#))
        #expect(!lines.contains { $0.hasPrefix("::") })
    }

    @Test func colouredTextStillEscapesTheNames() {
        let output = TextReporter().generate(Self.report, options: ReportOptions(colored: true))
        // Only the reporter's own colour codes: ESC followed by `[` and a digit, never the file name's `[2J`.
        #expect(!output.contains("\u{1B}[2J"))
        #expect(!output.contains("\u{1B}]0;"))
        #expect(output.split(separator: "\n").count == Self.hostile.count + 1)
    }

    @Test func githubHasOneCommandPerDiagnosticAndNothingElseStartsOne() {
        let output = GitHubReporter().generate(Self.report, options: ReportOptions())
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == Self.hostile.count + 1)
        #expect(lines.filter { $0.hasPrefix("::") }.count == Self.hostile.count)
        #expect(!lines.contains { $0.hasPrefix("::add-mask") })
        #expect(!Self.hasRawControl(output))
        #expect(output.contains("file=Sources/A%0A%3A%3Aerror file=x.swift%3A%3Apwned%0A%3A%3Aadd-mask%3A%3Asecret.swift,"))
        #expect(output.contains("Sources/%1B[2J%1B]0;title%07B.swift"))
        #expect(output.contains("and %E2%80%AEreversed"))
    }

    @Test func markdownFencesPathsAndKeepsCodeSpansLiteral() {
        let output = MarkdownReporter().generate(Self.report, options: ReportOptions())
        #expect(!Self.hasRawControl(output))
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| error |") }
        #expect(rows.count == Self.hostile.count)
        // A path holding a run of two backticks is fenced with three, padded because it starts a cell.
        #expect(output.contains("| ```Sources/C`` <b>x</b> &amp; `.swift:3:1``` |"))
        // Inside a code span entities would show literally: `<` stays `<` there, and is escaped outside.
        #expect(output.contains("uses `Array<Int>` &amp; `a`` b` in &lt;script&gt;"))
        #expect(output.contains(#"`Sources/A\n::error file=x.swift::pwned\n::add-mask::secret.swift:3:1`"#))
        #expect(!output.contains("&lt;b&gt;"))
    }

    @Test func markdownCodeSpans() {
        #expect(MarkdownReporter.codeSpan("plain") == "`plain`")
        #expect(MarkdownReporter.codeSpan("a`b") == "``a`b``")
        #expect(MarkdownReporter.codeSpan("`start") == "`` `start ``")
        #expect(MarkdownReporter.codeSpan("a|b<c>&") == #"`a\|b<c>&`"#)
        #expect(MarkdownReporter.cell("lonely ` tick") == #"lonely \` tick"#)
        #expect(MarkdownReporter.cell("`x|y`") == #"`x\|y`"#)
    }

    @Test func jsonAndSARIFKeepTheExactNameEscaped() throws {
        for output in [JSONReporter().generate(Self.report, options: ReportOptions()),
                       SARIFReporter().generate(Self.report, options: SampleReport.options)] {
            #expect(!Self.hasRawControl(output))
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
            #expect(JSONSerialization.isValidJSONObject(object))
        }
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter().generate(Self.report, options: ReportOptions()).utf8)) as? [String: Any]
        let files = (json?["diagnostics"] as? [[String: Any]])?.compactMap { $0["file"] as? String }
        #expect(Set(files ?? []) == Set(Self.hostile.map(\.location.file)))
    }

    @Test func xmlFormatsParseAndHoldNoIllegalCharacters() throws {
        for output in [JUnitReporter().generate(Self.report, options: SampleReport.options),
                       CheckstyleReporter().generate(Self.report, options: ReportOptions())] {
            _ = try XMLDocument(xmlString: output)
            let illegal = output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }
            #expect(!illegal)
        }
    }
}
