import ArchlintModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Reporting

@Suite struct GitHubReporterTests {
    @Test func goldenSample() throws {
        try Golden.expectEqual(GitHubReporter().generate(SampleReport.report(), options: ReportOptions()), golden: "sample.github.txt")
    }

    @Test func escapesPropertiesAndData() {
        let diagnostic = Diagnostic(
            rule: "x", severity: .warning, message: "50% done\r\nnext: a,b",
            location: SourceLocation(file: "Weird, name: 100%.swift", line: 1, column: 2))
        #expect(GitHubReporter().command(for: diagnostic, root: ".")
            == "::warning file=Weird%2C name%3A 100%25.swift,line=1,col=2,title=x::50%25 done%0D%0Anext: a,b")
    }

    @Test func diagnosticWithoutLocationHasOnlyATitle() {
        let diagnostic = Diagnostic(rule: "unreadable-file", severity: .error, message: "m", location: SourceLocation(file: "", line: 0, column: 0))
        #expect(GitHubReporter().command(for: diagnostic, root: "x") == "::error title=unreadable-file::m")
    }
}

@Suite struct XMLReportersTests {
    @Test func junitGolden() throws {
        try Golden.expectEqual(JUnitReporter().generate(SampleReport.report(), options: SampleReport.options), golden: "sample.junit.xml")
    }

    @Test func checkstyleGolden() throws {
        try Golden.expectEqual(CheckstyleReporter().generate(SampleReport.report(), options: ReportOptions()), golden: "sample.checkstyle.xml")
    }

    @Test func junitParsesAsXMLWithOneTestcasePerRuleAndAFailurePerDiagnostic() throws {
        var second = SampleReport.crossFeature
        second.location.file = "AppPackage/Sources/Gacha/Other.swift"
        let report = SampleReport.report(diagnostics: SampleReport.diagnostics + [second])
        let document = try XMLDocument(xmlString: JUnitReporter().generate(report, options: SampleReport.options))
        let testcases = try document.nodes(forXPath: "//testcase")
        #expect(testcases.count == 5)
        let crossFeatureFailures = try document.nodes(forXPath: "//testcase[@name='cross-feature-import']/failure")
        #expect(crossFeatureFailures.count == 2)
        #expect(try document.nodes(forXPath: "//failure").count == 5)
        let message = try document.nodes(forXPath: "//testcase[@name='unused-dependency']/failure/@message").first?.stringValue
        #expect(message == SampleReport.unused.message)
    }

    @Test func checkstyleParsesAsXMLAndRoundTripsMessages() throws {
        let document = try XMLDocument(xmlString: CheckstyleReporter().generate(SampleReport.report(), options: ReportOptions()))
        #expect(try document.nodes(forXPath: "/checkstyle/file").count == 4)
        let messages = try document.nodes(forXPath: "//error/@message").compactMap(\.stringValue)
        #expect(Set(messages) == Set(SampleReport.diagnostics.map(\.message)))
    }

    @Test func emptyReportsAreWellFormed() throws {
        let junit = try XMLDocument(xmlString: JUnitReporter().generate(SampleReport.empty, options: SampleReport.options))
        #expect(try junit.nodes(forXPath: "//failure").isEmpty)
        #expect(try junit.nodes(forXPath: "//testcase").count == 4)
        let checkstyle = CheckstyleReporter().generate(SampleReport.empty, options: ReportOptions())
        #expect(checkstyle == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n</checkstyle>\n")
        _ = try XMLDocument(xmlString: checkstyle)
    }

    @Test func controlCharactersDoNotBreakXML() throws {
        let diagnostic = Diagnostic(
            rule: "syntax-error", severity: .warning, message: "bad \u{01} byte\tand ]]> end",
            location: SourceLocation(file: "A.swift", line: 1, column: 1))
        let report = SampleReport.report(diagnostics: [diagnostic])
        _ = try XMLDocument(xmlString: JUnitReporter().generate(report, options: SampleReport.options))
        let checkstyle = try XMLDocument(xmlString: CheckstyleReporter().generate(report, options: ReportOptions()))
        let message = try checkstyle.nodes(forXPath: "//error/@message").first?.stringValue
        // Visible, as the text reporter shows it.
        #expect(message == "bad \\u{1} byte\tand ]]> end")
    }

    /// Names and messages reach JUnit and Checkstyle with control and bidi characters visible, never raw.
    @Test func bidiAndControlCharactersAreVisibleInXML() throws {
        let diagnostic = Diagnostic(
            rule: "cross-feature-import", severity: .error, message: "Ev\u{202E}il \u{1B}[31mred\u{7} \u{2028}x",
            location: SourceLocation(file: "Sources/Ev\u{202E}il/A.swift", line: 1, column: 1))
        let report = SampleReport.report(diagnostics: [diagnostic])
        for text in [JUnitReporter().generate(report, options: SampleReport.options),
                     CheckstyleReporter().generate(report, options: ReportOptions())] {
            _ = try XMLDocument(xmlString: text)
            #expect(!text.unicodeScalars.contains { ControlCharacters.isControl($0) && $0 != "\n" && $0 != "\t" }, "\(text)")
            #expect(text.contains("Ev\\u{202E}il"), "\(text)")
            #expect(text.contains("\\u{1B}[31mred\\u{7} \\u{2028}x"), "\(text)")
        }
    }
}

@Suite struct MarkdownReporterTests {
    @Test func goldenSample() throws {
        try Golden.expectEqual(MarkdownReporter().generate(SampleReport.report(), options: ReportOptions()), golden: "sample.md")
    }

    @Test func noFindings() {
        let filter = ReportFilterSummary(knownViolationsIgnored: 2)
        #expect(MarkdownReporter().generate(SampleReport.empty, options: ReportOptions(filter: filter)) == """
            ## archlint

            **No findings** in 12 files (5 modules).

            - 2 known violations ignored

            """)
    }

    @Test func trimsToTheLimitAndSaysHowManyWereLeftOut() {
        let many = (1...2_000).map { index in
            Diagnostic(
                rule: "cross-feature-import", severity: .error,
                message: "Feature\(index) imports OtherFeature | directly: import OtherInterface instead.",
                location: SourceLocation(file: "Sources/Feature\(index)/File.swift", line: index, column: 1),
                module: "Feature\(index)")
        }
        let output = MarkdownReporter().generate(SampleReport.report(diagnostics: many), options: ReportOptions())
        #expect(output.utf8.count <= MarkdownReporter.defaultLimit)
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("| error |") }
        #expect(rows.count > 100)
        #expect(rows.count < 2_000)
        #expect(output.hasSuffix("_\(2_000 - rows.count) more findings not shown to keep this comment under GitHub's size limit; see the full report._\n"))
        #expect(rows.allSatisfy { $0.contains(#"OtherFeature \| directly"#) })
    }

    @Test func smallLimitKeepsTheSummaryTables() {
        let output = MarkdownReporter(limit: 700).generate(SampleReport.report(), options: ReportOptions())
        #expect(output.utf8.count <= 700)
        #expect(output.contains("| `module-cycle` | 1 | 0 | 0 |"))
        #expect(output.contains("more findings not shown") || output.contains("more finding not shown"))
    }

    @Test func escapesCells() {
        #expect(MarkdownReporter.cell("a|b <script> & c\nd") == #"a\|b &lt;script&gt; &amp; c<br>d"#)
    }
}

@Suite struct ReporterRegistryTests {
    @Test func everyFormatHasAUniqueName() {
        #expect(Reporters.names == ["text", "json", "sarif", "github", "junit", "checkstyle", "markdown"])
        for name in Reporters.names {
            #expect(Reporters.reporter(named: name).map { type(of: $0).name } == name)
        }
        #expect(Reporters.reporter(named: "xml") == nil)
    }

    @Test func everyFormatEndsWithANewlineAndIsDeterministic() {
        for type in Reporters.all {
            let first = type.init().generate(SampleReport.report(), options: SampleReport.options)
            let second = type.init().generate(SampleReport.report(diagnostics: SampleReport.diagnostics.reversed()), options: SampleReport.options)
            #expect(first == second, "\(type.name) depends on input order")
            #expect(first.hasSuffix("\n"), "\(type.name) output doesn't end with a newline")
        }
    }

    @Test func parsesReportDestinations() throws {
        #expect(try ReportDestination(parsing: "sarif:out/archlint.sarif") == ReportDestination(format: "sarif", path: "out/archlint.sarif"))
        #expect(try ReportDestination(parsing: "json:C:/x.json") == ReportDestination(format: "json", path: "C:/x.json"))
        #expect(throws: ReportDestinationError.unknownFormat("xml")) { try ReportDestination(parsing: "xml:a.xml") }
        #expect(throws: ReportDestinationError.missingPath("sarif")) { try ReportDestination(parsing: "sarif") }
        #expect(throws: ReportDestinationError.missingPath("sarif:")) { try ReportDestination(parsing: "sarif:") }
    }
}
