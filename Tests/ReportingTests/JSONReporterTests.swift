import ArchlintModel
import Foundation
import Testing
@testable import Reporting

@Suite struct JSONReporterTests {
    @Test func goldenSample() throws {
        let output = JSONReporter().generate(SampleReport.report(), options: ReportOptions())
        try Golden.expectEqual(output, golden: "sample.json")
    }

    @Test func outputIsValidJSONWithTheContractKeysInOrder() throws {
        let output = JSONReporter().generate(SampleReport.report(), options: ReportOptions())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["root"] as? String == "Examples/App")
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 4)
        #expect(diagnostics[0]["module"] is NSNull)
        #expect(Set(diagnostics[1].keys) == ["rule", "severity", "message", "file", "line", "column", "module", "related"])
        let keyOrder = ["\"tool\"", "\"version\"", "\"root\"", "\"summary\"", "\"diagnostics\""].map {
            try! #require(output.range(of: $0)).lowerBound
        }
        #expect(keyOrder == keyOrder.sorted())
    }

    @Test func emptyReport() {
        let output = JSONReporter().generate(SampleReport.empty, options: ReportOptions())
        #expect(output == """
            {
              "tool": "archlint",
              "version": "0.1.0",
              "root": ".",
              "summary": {
                "files": 12,
                "modules": 5,
                "components": 2,
                "errors": 0,
                "warnings": 0,
                "notes": 0,
                "withheld": {
                  "findings": 0,
                  "partialTargets": [],
                  "rules": {},
                  "unreadProjects": [],
                  "widenedNeedleWorlds": []
                }
              },
              "diagnostics": []
            }

            """)
    }

    @Test func escapesControlCharacters() {
        #expect(JSONValue.quoted("a\"b\\c\u{01}\t/é") == #""a\"b\\c\u0001\t/é""#)
    }
}

@Suite struct ExitStatusTests {
    @Test func errorsFailWarningsPass() {
        #expect(ExitStatus.compute(diagnostics: [], strict: false) == 0)
        #expect(ExitStatus.compute(diagnostics: [SampleReport.unresolved, SampleReport.unused], strict: false) == 0)
        #expect(ExitStatus.compute(diagnostics: [SampleReport.unresolved, SampleReport.cycle], strict: false) == 1)
    }

    @Test func strictFailsOnAnything() {
        #expect(ExitStatus.compute(diagnostics: [], strict: true) == 0)
        #expect(ExitStatus.compute(diagnostics: [SampleReport.unused], strict: true) == 1)
    }
}
