import ArchlintModel
import Rainbow
import Testing
@testable import Reporting

@Suite struct TextReporterTests {
    @Test func goldenSampleWithRootPrefix() throws {
        let output = TextReporter().generate(SampleReport.report(), options: ReportOptions())
        try Golden.expectEqual(output, golden: "sample.txt")
    }

    @Test func unsortedInputIsPrintedInStableOrder() throws {
        let report = SampleReport.report(diagnostics: SampleReport.diagnostics.reversed())
        try Golden.expectEqual(TextReporter().generate(report, options: ReportOptions()), golden: "sample.txt")
    }

    @Test func dotRootPrintsPlainRelativePaths() {
        let report = SampleReport.report(root: ".", diagnostics: [SampleReport.crossFeature])
        let output = TextReporter().generate(report, options: ReportOptions())
        #expect(output == """
            AppPackage/Sources/Gacha/GachaView.swift:3:1: error: GachaFeature imports ProfileFeature, another feature's implementation: import ProfileInterface instead. [cross-feature-import]
            Found 1 error, 0 warnings and 0 notes in 12 files (5 modules, 2 components).

            """)
    }

    @Test func emptyReportHasOnlyTheSummary() {
        let output = TextReporter().generate(SampleReport.empty, options: ReportOptions())
        #expect(output == "Found 0 errors, 0 warnings and 0 notes in 12 files (5 modules, 2 components).\n")
    }

    @Test func filterLinesFollowTheSummary() {
        let filter = ReportFilterSummary(knownViolationsIgnored: 3, fixedBaselineEntries: 1, suppressed: 2, outsideChangedFiles: 1)
        let output = TextReporter().generate(SampleReport.empty, options: ReportOptions(filter: filter))
        #expect(output == """
            Found 0 errors, 0 warnings and 0 notes in 12 files (5 modules, 2 components).
            3 known violations ignored
            1 baseline entry no longer matches (fixed): regenerate the baseline to shrink it
            2 diagnostics suppressed by archlint:disable comments
            1 diagnostic outside the changed files not shown

            """)
        let one = TextReporter().generate(SampleReport.empty, options: ReportOptions(filter: .init(knownViolationsIgnored: 1)))
        #expect(one.hasSuffix("\n1 known violation ignored\n"))
    }

    @Test func locationsWithoutLineOrFile() {
        #expect(TextReporter.location(SourceLocation(file: "a/B.swift", line: 0, column: 0), root: "x/") == "x/a/B.swift: ")
        #expect(TextReporter.location(SourceLocation(file: "a/B.swift", line: 4, column: 0), root: ".") == "a/B.swift:4: ")
        #expect(TextReporter.location(SourceLocation(file: "", line: 0, column: 0), root: "x") == "")
    }

    /// Colour never changes the text: stripping Rainbow's codes gives back the plain output (whether or not Rainbow
    /// emits codes in this environment, which it decides from the output target).
    @Test func colouredOutputHasTheSameText() {
        let report = SampleReport.report()
        let plain = TextReporter().generate(report, options: ReportOptions())
        let colored = TextReporter().generate(report, options: ReportOptions(colored: true))
        #expect(colored.removingAllStyles() == plain)
    }
}

@Suite struct DisplayPathTests {
    @Test(arguments: [
        (".", "A.swift", "A.swift"),
        ("./", "A.swift", "A.swift"),
        ("", "A.swift", "A.swift"),
        ("some/dir", "Sources/A.swift", "some/dir/Sources/A.swift"),
        ("some/dir/", "Sources/A.swift", "some/dir/Sources/A.swift"),
        ("some/dir/.", "Sources/A.swift", "some/dir/Sources/A.swift"),
        ("./some/dir", "Sources/A.swift", "./some/dir/Sources/A.swift"),
        ("/abs/repo", "A.swift", "/abs/repo/A.swift"),
        ("/", "A.swift", "/A.swift"),
        ("..", "A.swift", "../A.swift"),
    ])
    func joins(root: String, file: String, expected: String) {
        #expect(DisplayPath.join(root: root, file) == expected)
    }
}
