import ArchlintKit
import ArchlintModel
import Foundation
import Rules

/// Materialises a `RuleExample` as a temporary repository, runs the whole pipeline on it, and reads the
/// expected locations from its `↓` markers. Columns are 1-based UTF-8 byte columns, as everywhere in archlint.
enum RuleExampleHarness {
    struct Outcome {
        var expected: [SourceLocation]
        var actual: [Diagnostic]
    }

    static func run(_ example: RuleExample, ruleID: String) throws -> Outcome {
        let (analysis, expected) = try analyze(example)
        let actual = analysis.diagnostics.filter { $0.rule == ruleID }
        return Outcome(expected: expected.sorted(), actual: actual)
    }

    /// The example's whole analysis, and where its markers point.
    static func analyze(_ example: RuleExample) throws -> (ArchitectureAnalysis, [SourceLocation]) {
        try materialize(example) { root in
            try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false)))
        }
    }

    /// The example linted as `lint` does (reading in full only what the rules read, `ScanDemand.lint`) or
    /// parsing every file.
    static func lint(_ example: RuleExample, parsesEverything: Bool) throws -> LintAnalysis {
        try materialize(example) { root in
            var options = AnalyzerOptions(scan: .init(useCache: false))
            options.parsesEverything = parsesEverything
            return try Analyzer.lint(root: root.path, options: options, needsAnalysis: true)
        }.0
    }

    /// Writes the example into a temporary directory, runs `body` on it, and reads where its markers point.
    private static func materialize<Result>(
        _ example: RuleExample, _ body: (URL) throws -> Result
    ) throws -> (Result, [SourceLocation]) {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("archlint-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var expected: [SourceLocation] = []
        for (path, content) in example.files {
            let (clean, markers) = stripMarkers(content, file: path)
            expected += markers
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try clean.write(to: url, atomically: true, encoding: .utf8)
        }
        if let configuration = example.configuration {
            try configuration.write(to: root.appendingPathComponent(".archlint.yml"), atomically: true, encoding: .utf8)
        }
        return (try body(root), expected)
    }

    /// Removes every `↓` and returns the location of the character that followed each one.
    static func stripMarkers(_ content: String, file: String) -> (String, [SourceLocation]) {
        var clean = ""
        var markers: [SourceLocation] = []
        var line = 1
        var column = 1
        for character in content {
            if character == RuleExample.marker {
                markers.append(SourceLocation(file: file, line: line, column: column))
                continue
            }
            clean.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return (clean, markers)
    }
}
