import ArchlintModel
import Foundation
import Testing
@testable import Reporting

@Suite struct BaselineTests {
    static func importDiagnostic(_ from: String, _ to: String, file: String, line: Int) -> Diagnostic {
        Diagnostic(
            rule: "cross-feature-import", severity: .error, message: "\(from) imports \(to): import \(to)Interface instead.",
            location: SourceLocation(file: file, line: line, column: 1), module: from, subject: [from, to, to])
    }

    static let gachaImportsProfile = importDiagnostic("GachaFeature", "ProfileFeature", file: "Sources/Gacha/A.swift", line: 3)
    static let gachaImportsShop = importDiagnostic("GachaFeature", "ShopFeature", file: "Sources/Gacha/A.swift", line: 4)
    static let shopImportsProfile = importDiagnostic("ShopFeature", "ProfileFeature", file: "Sources/Shop/S.swift", line: 2)
    static let unreadable = Diagnostic(
        rule: "unreadable-file", severity: .warning, message: "Cannot decode as UTF-8.",
        location: SourceLocation(file: "Sources/Gacha/Binary.swift", line: 0, column: 0))
    static let recorded = [gachaImportsProfile, gachaImportsShop, shopImportsProfile, unreadable]

    static func shifted(_ diagnostics: [Diagnostic], by lines: Int) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location.line > 0 { diagnostic.location.line += lines }
            return diagnostic
        }
    }

    @Test func recordedRunHasNothingNew() {
        let match = Baseline(recording: Self.recorded).match(Self.recorded)
        #expect(match.new.isEmpty)
        #expect(match.known.count == 4)
        #expect(match.fixed.isEmpty)
        #expect(match.shrunk == Baseline(recording: Self.recorded))
    }

    @Test func aNewViolationIsTheOnlyOneReported() {
        let added = Self.importDiagnostic("ProfileFeature", "ShopFeature", file: "Sources/Profile/P.swift", line: 9)
        let match = Baseline(recording: Self.recorded).match(Self.recorded + [added])
        #expect(match.new == [added])
        #expect(match.known.count == 4)
    }

    @Test func shiftingEveryLineKeepsEverythingKnown() {
        let match = Baseline(recording: Self.recorded).match(Self.shifted(Self.recorded, by: 1))
        #expect(match.new.isEmpty)
        #expect(match.fixed.isEmpty)
    }

    @Test func aFixedViolationIsReportedAndTheBaselineShrinks() {
        let baseline = Baseline(recording: Self.recorded)
        let match = baseline.match([Self.gachaImportsProfile, Self.shopImportsProfile, Self.unreadable])
        #expect(match.new.isEmpty)
        #expect(match.fixed.map(\.key) == [BaselineKey(Self.gachaImportsShop)])
        #expect(match.fixedCount == 1)
        #expect(match.shrunk.violationCount == 3)
        #expect(match.shrunk.entries.count < baseline.entries.count)
        #expect(match.shrunk.match([Self.gachaImportsProfile, Self.shopImportsProfile, Self.unreadable]).fixed.isEmpty)
    }

    @Test func identicalViolationsAreCountedNotCollapsed() {
        let again = Self.importDiagnostic("GachaFeature", "ProfileFeature", file: "Sources/Gacha/B.swift", line: 1)
        let baseline = Baseline(recording: [Self.gachaImportsProfile, again])
        #expect(baseline.entries.count == 1)
        #expect(baseline.entries.first?.count == 2)
        #expect(baseline.entries.first?.files == ["Sources/Gacha/A.swift", "Sources/Gacha/B.swift"])

        let third = Self.importDiagnostic("GachaFeature", "ProfileFeature", file: "Sources/Gacha/0.swift", line: 1)
        let match = baseline.match([third, Self.gachaImportsProfile, again])
        #expect(match.new == [third], "the occurrence in a file the entry wasn't seen in is the new one")

        let oneLeft = baseline.match([again])
        #expect(oneLeft.fixed.first?.count == 1)
    }

    @Test func movingAFileInsideItsModuleKeepsTheViolationKnown() {
        var moved = Self.gachaImportsProfile
        moved.location.file = "Sources/Gacha/Renamed.swift"
        let match = Baseline(recording: [Self.gachaImportsProfile]).match([moved])
        #expect(match.new.isEmpty)
    }

    @Test func diagnosticsWithoutSubjectAreKeyedByFile() {
        #expect(BaselineKey(Self.unreadable).file == "Sources/Gacha/Binary.swift")
        #expect(BaselineKey(Self.gachaImportsProfile).file == nil)
        var elsewhere = Self.unreadable
        elsewhere.location.file = "Sources/Other/Binary.swift"
        #expect(Baseline(recording: [Self.unreadable]).match([elsewhere]).new == [elsewhere])
    }

    @Test func sameSubjectInAnotherModuleIsNew() {
        let view = Diagnostic(
            rule: "view-router-access", severity: .error, message: "m", location: SourceLocation(file: "A/HomeView.swift", line: 3, column: 5),
            module: "AFeature", subject: ["HomeView", "router"])
        var other = view
        other.module = "BFeature"
        other.location.file = "B/HomeView.swift"
        #expect(Baseline(recording: [view]).match([other]).new == [other])
    }

    @Test func encodedFormatIsStableAndSorted() {
        let baseline = Baseline(recording: [Self.shopImportsProfile, Self.unreadable, Self.gachaImportsProfile])
        #expect(baseline.encoded() == """
            {
              "tool": "archlint",
              "version": 1,
              "violations": [
                {
                  "rule": "cross-feature-import",
                  "module": "GachaFeature",
                  "subject": [
                    "GachaFeature",
                    "ProfileFeature",
                    "ProfileFeature"
                  ],
                  "file": null,
                  "count": 1,
                  "files": [
                    "Sources/Gacha/A.swift"
                  ],
                  "message": "GachaFeature imports ProfileFeature: import ProfileFeatureInterface instead."
                },
                {
                  "rule": "cross-feature-import",
                  "module": "ShopFeature",
                  "subject": [
                    "ShopFeature",
                    "ProfileFeature",
                    "ProfileFeature"
                  ],
                  "file": null,
                  "count": 1,
                  "files": [
                    "Sources/Shop/S.swift"
                  ],
                  "message": "ShopFeature imports ProfileFeature: import ProfileFeatureInterface instead."
                },
                {
                  "rule": "unreadable-file",
                  "module": null,
                  "subject": [],
                  "file": "Sources/Gacha/Binary.swift",
                  "count": 1,
                  "files": [
                    "Sources/Gacha/Binary.swift"
                  ],
                  "message": "Cannot decode as UTF-8."
                }
              ]
            }

            """)
        #expect(Baseline(recording: Self.shifted(Self.recorded.reversed(), by: 7)).encoded() == Baseline(recording: Self.recorded).encoded())
    }

    @Test func fileRoundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent(".archlint-baseline.json").path
        let baseline = Baseline(recording: Self.recorded)
        try baseline.write(to: path)
        #expect(try Baseline.load(path: path) == baseline)
    }

    @Test func emptyBaselineRoundTrips() throws {
        let text = Baseline().encoded()
        #expect(text == "{\n  \"tool\": \"archlint\",\n  \"version\": 1,\n  \"violations\": []\n}\n")
        #expect(try Baseline.decode(Data(text.utf8), path: "b.json") == Baseline())
    }

    @Test(arguments: [
        ("not json at all", "b.json is not a valid archlint baseline: it is not JSON"),
        (#"{"tool": "archlint", "violations": []}"#, #"b.json is not a valid archlint baseline: the top level is missing "version""#),
        (#"{"version": 1, "violations": [{"rule": "x", "count": "2"}]}"#, "b.json is not a valid archlint baseline: violations[0].count should be an integer"),
        (#"{"version": 1, "violations": [{"rule": "x", "count": 0}]}"#, "b.json is not a valid archlint baseline: violations[0].count must be at least 1, found 0"),
        (#"{"version": 1, "violations": [{"count": 1}]}"#, #"b.json is not a valid archlint baseline: violations[0] is missing "rule""#),
        (#"{"version": 1, "violations": {}}"#, "b.json is not a valid archlint baseline: violations should be a list"),
        (#"{"version": 1, "tool": "swiftlint", "violations": []}"#, #"b.json is not a valid archlint baseline: "tool" is "swiftlint", expected "archlint""#),
        (#"{"version": 7, "violations": []}"#, "b.json is an archlint baseline of format version 7; this archlint reads version 1"),
    ])
    func corruptFilesGiveClearErrors(text: String, expectedPrefix: String) {
        do {
            _ = try Baseline.decode(Data(text.utf8), path: "b.json")
            Issue.record("decoding \(text) should fail")
        } catch {
            #expect(error.description.hasPrefix(expectedPrefix), "got: \(error.description)")
            #expect(error.description.contains("archlint baseline --output b.json"))
        }
    }

    @Test func missingFileIsUnreadable() {
        #expect {
            try Baseline.load(path: "/nonexistent/baseline.json")
        } throws: { error in
            guard case .unreadable(let path, _) = error as? BaselineError else { return false }
            return path == "/nonexistent/baseline.json"
        }
    }

    @Test func strictBaselineFailsOnFixedEntries() {
        let match = Baseline(recording: Self.recorded).match([Self.gachaImportsProfile])
        #expect(ExitStatus.compute(diagnostics: match.new, strict: false, baseline: match, strictBaseline: false) == 0)
        #expect(ExitStatus.compute(diagnostics: match.new, strict: false, baseline: match, strictBaseline: true) == 1)
        let clean = Baseline(recording: Self.recorded).match(Self.recorded)
        #expect(ExitStatus.compute(diagnostics: clean.new, strict: true, baseline: clean, strictBaseline: true) == 0)
    }
}
