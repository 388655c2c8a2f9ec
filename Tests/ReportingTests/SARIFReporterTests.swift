import ArchlintModel
import Foundation
import Rules
import Testing
@testable import Reporting

@Suite struct SARIFReporterTests {
    @Test func goldenSample() throws {
        let output = SARIFReporter().generate(SampleReport.report(), options: SampleReport.options)
        try Golden.expectEqual(output, golden: "sample.sarif")
    }

    @Test func validatesAgainstTheSARIF210Schema() throws {
        let withoutLocation = Diagnostic(
            rule: "unreadable-file", severity: .warning, message: "Cannot read the workspace.",
            location: SourceLocation(file: "", line: 0, column: 0))
        let fileOnly = Diagnostic(
            rule: "syntax-error", severity: .warning, message: "Broken file.",
            location: SourceLocation(file: "Sources/Ä b/C#1.swift", line: 0, column: 0))
        let documents = [
            SARIFReporter().generate(SampleReport.report(), options: SampleReport.options),
            SARIFReporter().generate(SampleReport.report(), options: ReportOptions(absoluteRoot: "/tmp/some repo")),
            SARIFReporter().generate(SampleReport.empty, options: ReportOptions()),
            SARIFReporter().generate(SampleReport.report(diagnostics: [withoutLocation, fileOnly]), options: ReportOptions()),
        ]
        for document in documents {
            try SchemaValidator.validate(document, schema: "sarif-schema-2.1.0.json")
        }
    }

    @Test func describesEveryRegisteredRuleByDefault() throws {
        let output = SARIFReporter().generate(SampleReport.empty, options: ReportOptions())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ids = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids == RuleRegistry.allIDs)
    }

    @Test func absoluteRootBecomesAFileURI() {
        let output = SARIFReporter().generate(SampleReport.empty, options: ReportOptions(absoluteRoot: "/work/my repo"))
        #expect(output.contains(#""uri": "file:///work/my%20repo/""#))
    }

    @Test func fingerprintsIgnoreLinesAndNumberEqualKeys() {
        var moved = SampleReport.crossFeature
        moved.location.line = 40
        moved.location.column = 9
        #expect(BaselineKey(moved).fingerprint(occurrence: 1) == BaselineKey(SampleReport.crossFeature).fingerprint(occurrence: 1))

        var second = SampleReport.crossFeature
        second.location.file = "AppPackage/Sources/Gacha/Other.swift"
        let output = SARIFReporter().generate(SampleReport.report(diagnostics: [SampleReport.crossFeature, second]), options: SampleReport.options)
        let base = BaselineKey(SampleReport.crossFeature).fingerprint(occurrence: 1).dropLast(2)
        #expect(output.contains("\"\(base):1\""))
        #expect(output.contains("\"\(base):2\""))
    }

    @Test func percentEncodesPaths() {
        #expect(SARIFReporter.percentEncoded("Sources/Ä b/C#1.swift") == "Sources/%C3%84%20b/C%231.swift")
        #expect(SARIFReporter.pascalCase("cross-feature-import") == "CrossFeatureImport")
    }
}

/// Validates JSON against a vendored schema with python3's `jsonschema` (installed by .ci/run).
enum SchemaValidator {
    static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("python3 cannot import jsonschema: install it with `python3 -m pip install jsonschema` (.ci/run does)")
            sys.exit(3)
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        document = json.load(open(sys.argv[2], encoding="utf-8"))
        validator = jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker())
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    static func validate(_ document: String, schema: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let directory = try TemporaryDirectory("archlint-schema")
        defer { directory.remove() }
        try directory.write(["document.json": document, "validate.py": script])
        let result = try Command.run(
            "python3",
            [directory.url.appendingPathComponent("validate.py").path, Golden.resources.appendingPathComponent(schema).path,
             directory.url.appendingPathComponent("document.json").path])
        #expect(result.status == 0, "SARIF schema validation failed:\n\(result.output)\n\(document)", sourceLocation: sourceLocation)
    }
}
