import ArchlintModel
import Foundation
import Testing
@testable import Reporting

/// One finding per module edge: rules report one diagnostic per location, the filters work per location, and
/// `FindingGrouping` merges what is left into one finding with the other locations as related ones.
@Suite struct FindingGroupingTests {
    static let files = ["Sources/Home/A.swift", "Sources/Home/B.swift", "Sources/Home/C.swift"]

    /// `HomeFeature imports ProfileFeature` from three files, as `cross-feature-import` reports it.
    static let perLocation = files.enumerated().map { index, file in
        Diagnostic(
            rule: "cross-feature-import", severity: .error,
            message: "'HomeFeature' imports 'ProfileFeature', another feature's implementation",
            location: SourceLocation(file: file, line: index + 2, column: 1), module: "HomeFeature",
            subject: ["App/HomeFeature", "App/ProfileFeature", "ProfileFeature"], occurrenceNote: "also imported here")
    }

    static func report(_ diagnostics: [Diagnostic]) -> LintReport {
        let findings = FindingGrouping.group(diagnostics)
        return LintReport(
            root: ".", summary: .init(
                files: 3, modules: 2, components: 0, errors: findings.count { $0.severity == .error }, warnings: 0, notes: 0),
            diagnostics: findings)
    }

    static func filter(
        comments: [String: [SuppressionComment]] = [:], baseline: Baseline? = nil, changed: ChangedFiles? = nil
    ) -> [Diagnostic] {
        let files = comments.map { ScannedFile(facts: FileFacts(path: $0.key, suppressions: $0.value), module: "App/HomeFeature") }
        let filtered = DiagnosticFilter.apply(
            perLocation, workspace: WorkspaceModel(root: ".", files: files),
            suppressions: SuppressionFilter(knownRuleIDs: ["cross-feature-import", "unused-suppression", "invalid-suppression"]),
            baseline: baseline, changed: changed)
        return FindingGrouping.group(filtered.reported)
    }

    static func next(_ line: Int) -> SuppressionComment {
        SuppressionComment(kind: .next, rules: ["cross-feature-import"], line: line - 1, column: 1)
    }

    @Test func threeImportLocationsAreOneFindingWithTwoRelatedLocations() throws {
        let findings = FindingGrouping.group(Self.perLocation.reversed())
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.location == Self.perLocation[0].location)
        #expect(finding.related == [
            RelatedLocation(location: Self.perLocation[1].location, message: "also imported here", isOccurrence: true),
            RelatedLocation(location: Self.perLocation[2].location, message: "also imported here", isOccurrence: true),
        ])
        #expect(FindingGrouping.group(findings) == findings, "grouping is idempotent")
    }

    @Test func diagnosticsWithoutAnOccurrenceNoteStayApart() {
        let plain = Self.perLocation.map { diagnostic -> Diagnostic in
            var diagnostic = diagnostic
            diagnostic.occurrenceNote = nil
            return diagnostic
        }
        #expect(FindingGrouping.group(plain + [plain[0]]).count == 4)
    }

    @Test func evidenceStaysAfterTheOccurrencesAndOnlyOnce() throws {
        let declared = RelatedLocation(location: SourceLocation(file: "Package.swift", line: 9, column: 9), message: "target 'HomeFeature' is declared here")
        let withEvidence = Self.perLocation.map { diagnostic -> Diagnostic in
            var diagnostic = diagnostic
            diagnostic.related = [declared]
            return diagnostic
        }
        let finding = try #require(FindingGrouping.group(withEvidence).first)
        #expect(finding.related.map(\.message) == ["also imported here", "also imported here", "target 'HomeFeature' is declared here"])
        #expect(finding.evidence == [declared])
        #expect(finding.otherOccurrences.count == 2)
    }

    @Test func aSuppressionOnOneImportLineRemovesThatLocationOnly() throws {
        let findings = Self.filter(comments: [Self.files[1]: [Self.next(3)]])
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.location == Self.perLocation[0].location)
        #expect(finding.otherOccurrences.map(\.location) == [Self.perLocation[2].location])
    }

    @Test func suppressingEveryImportLineRemovesTheFinding() {
        let comments = Dictionary(uniqueKeysWithValues: Self.files.enumerated().map { ($1, [Self.next($0 + 2)]) })
        #expect(Self.filter(comments: comments).isEmpty)
    }

    @Test func aBaselineEntryWorksPerLocationAndOldBaselinesStillMatch() throws {
        // The baseline format is unchanged: one key per edge with the count of its locations.
        let old = Baseline(recording: Self.perLocation)
        #expect(old.entries.count == 1)
        #expect(old.entries.first?.count == 3)
        #expect(Self.filter(baseline: old).isEmpty)
        let twoOfThree = Baseline(entries: [Baseline.Entry(key: old.entries[0].key, count: 2)])
        let findings = Self.filter(baseline: twoOfThree)
        #expect(findings.count == 1)
        #expect(try #require(findings.first).otherOccurrences.isEmpty)
    }

    @Test func changedFilesShowTheWholeFindingWhenOneLocationChanged() throws {
        let findings = Self.filter(changed: ChangedFiles(paths: [Self.files[2]]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.location == Self.perLocation[0].location)
        #expect(finding.otherOccurrences.map(\.location) == [Self.perLocation[1].location, Self.perLocation[2].location])
        #expect(Self.filter(changed: ChangedFiles(paths: ["Sources/Other.swift"])).isEmpty)
    }

    @Test func textShowsTheFirstLocationAndTheOthersAsNotes() {
        let output = TextReporter().generate(Self.report(Self.perLocation), options: ReportOptions())
        #expect(output == """
            Sources/Home/A.swift:2:1: error: 'HomeFeature' imports 'ProfileFeature', another feature's implementation [cross-feature-import]
                Sources/Home/B.swift:3:1: note: also imported here
                Sources/Home/C.swift:4:1: note: also imported here
            Found 1 error, 0 warnings and 0 notes in 3 files (2 modules, 0 components).

            """)
    }

    @Test func textCountsManyLocationsWithoutListingThem() {
        let many = (1...6).map { line in
            var diagnostic = Self.perLocation[0]
            diagnostic.location = SourceLocation(file: "Sources/Home/F\(line).swift", line: 1, column: 1)
            return diagnostic
        }
        let output = TextReporter().generate(Self.report(many), options: ReportOptions())
        #expect(output.hasPrefix("Sources/Home/F1.swift:1:1: error: 'HomeFeature' imports 'ProfileFeature', another feature's implementation [cross-feature-import]\n"
            + (2...6).map { "    Sources/Home/F\($0).swift:1:1: note: also imported here\n" }.joined()))
        let fifteen = (1...15).map { line in
            var diagnostic = Self.perLocation[0]
            diagnostic.location = SourceLocation(file: "Sources/Home/F\(line).swift", line: 1, column: 1)
            return diagnostic
        }
        let capped = TextReporter().generate(Self.report(fifteen), options: ReportOptions())
        #expect(capped.contains("    note: and 4 more locations\n"))
        #expect(!capped.contains("F9.swift"), "14 others in stable order: F10…F15 and F2…F5 listed")
    }

    @Test func everyMachineFormatHasOneFindingWithItsOtherLocations() throws {
        let report = Self.report(Self.perLocation)
        let sarif = SARIFReporter().generate(report, options: ReportOptions())
        #expect(sarif.components(separatedBy: "\"ruleId\"").count - 1 == 1)
        #expect(sarif.contains("\"relatedLocations\""))
        #expect(sarif.components(separatedBy: "also imported here").count - 1 == 2)

        let json = JSONReporter().generate(report, options: ReportOptions())
        #expect(json.components(separatedBy: "\"rule\"").count - 1 == 1)
        #expect(json.components(separatedBy: "also imported here").count - 1 == 2)

        let github = GitHubReporter().generate(report, options: ReportOptions())
        #expect(github.components(separatedBy: "::error ").count - 1 == 1)
        #expect(github.contains("implementation (and 2 more: Sources/Home/B.swift:3:1, Sources/Home/C.swift:4:1)\n"))

        let checkstyle = CheckstyleReporter().generate(report, options: ReportOptions())
        #expect(checkstyle.components(separatedBy: "<error ").count - 1 == 1)
        #expect(checkstyle.contains("(and 2 more: Sources/Home/B.swift:3:1, Sources/Home/C.swift:4:1)"))

        let junit = JUnitReporter().generate(report, options: ReportOptions())
        #expect(junit.components(separatedBy: "<failure ").count - 1 == 1)
        #expect(junit.components(separatedBy: "note: also imported here").count - 1 == 2)

        let markdown = MarkdownReporter().generate(report, options: ReportOptions())
        #expect(markdown.contains("| `Sources/Home/A.swift:2:1` and 2 more: `Sources/Home/B.swift:3:1`, `Sources/Home/C.swift:4:1` |"))
        #expect(markdown.contains("| `cross-feature-import` | 1 | 0 | 0 |"))
    }
}
