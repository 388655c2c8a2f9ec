import ArchlintModel
import Foundation
import SyntaxSupport
import Testing

@testable import SwiftFacts

/// Hostile Swift files (issue 18): every shape that used to crash the run, exhaust memory or stall it now ends
/// with a `file-too-complex` problem where the scanner stopped, and the imports above
/// that point. The same shapes run through the binary in `HostileSwiftFileTests` (a crash there can't take the
/// test runner down).
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct ScanLimitsTests {
    static let header = "import Foundation\n#if DEBUG\n@testable import DebugKit\n#endif\n"

    /// Scans in both modes (they must agree).
    private func scan(_ source: String) -> FileFacts {
        facts(source, path: "Sources/App/Hostile.swift")
    }

    private func expectHeaderImports(_ facts: FileFacts) {
        #expect(facts.imports.map(\.module) == ["Foundation", "DebugKit"])
        #expect(facts.imports.map(\.condition) == [nil, "DEBUG"])
        #expect(facts.imports.last?.isTestable == true)
        #expect(facts.imports.map(\.line) == [1, 3])
    }

    private func tooComplex(_ facts: FileFacts) -> FileProblem? {
        let problems = facts.problems.filter { $0.kind == .fileTooComplex }
        #expect(problems.count <= 1)
        return problems.first
    }

    /// The reported shapes, at sizes past the points where they crashed or stalled, with where the scanner must
    /// stop (line, column) and what the message names.
    static let shapes: [(name: String, body: String, line: Int, column: Int, names: String)] = [
        ("5,000 [ in a function", "func f() {\n" + String(repeating: "[", count: 5_000) + "\n}\n", 6, 13, "`[` in a row"),
        ("10,000 Array<", "let z: " + String(repeating: "Array<", count: 10_000) + "Int" + String(repeating: ">", count: 10_000) + "\n",
         5, 7 + 6 * 256 + 5 + 1, "generic"),
        ("10,000 () ->", "let t: " + String(repeating: "() -> ", count: 10_000) + "Int\n", 5, 0, "chain"),
        ("20,000 #if", String(repeating: "#if A\n", count: 20_000), 5 + 32, 1, "`#if`"),
        ("5,000 \"\\(", "let s = " + String(repeating: "\"\\(", count: 5_000) + "\n", 5, 9 + 3 * 32 + 1, "interpolation"),
        ("24 nested empty [", "let a = " + String(repeating: "[", count: 24) + String(repeating: "]", count: 24) + "\n",
         5, 9 + 12, "`[` in a row"),
        ("100 nested empty [", "let a = " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n",
         5, 9 + 12, "`[` in a row"),
        ("27 unclosed [", "let a = " + String(repeating: "[", count: 27) + "\n", 5, 9 + 12, "`[` in a row"),
        // Found by the fuzzing campaign: the same exponential lookahead through tuples and calls.
        ("32 mixed [[(", "let a = " + String(repeating: "[[(", count: 11) + "\n", 5, 9 + 16, "opened directly inside"),
        ("40 mixed [(", "let a = " + String(repeating: "[ (", count: 20) + "\n", 5, 9 + 3 * 8, "opened directly inside"),
        ("300 nested (", "let p = " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + "\n",
         5, 9 + 256, "nested brackets"),
        ("50,000-link member chain", "let m = a" + String(repeating: ".b", count: 50_000) + "\n", 5, 0, "chain"),
    ]

    @Test(arguments: shapes.indices)
    func hostileShapeEndsWithADiagnosticAndKeepsTheImportsAbove(index: Int) throws {
        let shape = Self.shapes[index]
        let result = scan(Self.header + shape.body)
        let problem = try #require(tooComplex(result), "\(shape.name): no file-too-complex")
        #expect(problem.message.contains(shape.names), "\(shape.name): \(problem.message)")
        #expect(problem.line == shape.line, "\(shape.name): line \(problem.line)")
        if shape.column > 0 { #expect(problem.column == shape.column, "\(shape.name): column \(problem.column)") }
        expectHeaderImports(result)
        #expect(result.types.isEmpty)
    }

    /// Shapes below the bounds are parsed in full, deep ones on a large stack; no problem is reported.
    @Test func deepButBoundedShapesAreParsedInFull() {
        let sources = [
            "let t: " + String(repeating: "() -> ", count: 3_000) + "Int\n",
            "let m = a" + String(repeating: ".b", count: 5_000) + "\n",
            "let p = a" + String(repeating: "!", count: 5_000) + "\n",
            "func f() { if a {} " + String(repeating: "else if a {} ", count: 3_000) + "}\n",
            "let a = " + String(repeating: "[1, ", count: 200) + "1" + String(repeating: "]", count: 200) + "\n",
            String(repeating: "#if A\n", count: 32) + "import Deep\n" + String(repeating: "#endif\n", count: 32),
            "let z: " + String(repeating: "Array<", count: 200) + "Int" + String(repeating: ">", count: 200) + "\n",
        ]
        for source in sources {
            let result = scan(Self.header + source + "struct After {}\n")
            #expect(result.problems.isEmpty, "\(result.problems.map(\.message)) for \(source.prefix(40))…")
            #expect(result.types.map(\.name) == ["After"], "for \(source.prefix(40))…")
        }
    }

    @Test func nestedConditionsAreReadUpToTheBound() {
        let conditions = (0..<32).map { "A\($0)" }
        let result = scan(conditions.map { "#if \($0)\n" }.joined() + "import Deep\n" + String(repeating: "#endif\n", count: 32))
        #expect(result.imports.map(\.module) == ["Deep"])
        #expect(result.imports.first?.condition == conditions.joined(separator: " && "))
    }

    /// Past the size bound, imports anywhere in the file are still read (with their conditions and locations),
    /// as are suppression comments; nothing else is parsed.
    @Test func oversizedFileGetsAnImportOnlyScan() throws {
        let declaration = "struct S {\n    let value = [1, 2, 3]\n    func f() -> Int { value.count }\n}\n"
        let copies = ScanLimits.maximumFileBytes / declaration.utf8.count + 1
        let source = Self.header + "// archlint:disable:next undeclared-import - generated\n@_spi(Internal) public import Late\n"
            + String(repeating: declaration, count: copies) + "#if os(iOS)\nimport UIKit // trailing comment\n#endif\n"
        let lineOfUIKit = 6 + 4 * copies + 2
        let result = FileScanner.scan(source: source, path: "Sources/App/Big.swift", mode: .full)
        let problem = try #require(tooComplex(result))
        #expect(problem.message.contains("MB, more than the 4.0 MB archlint parses"), "\(problem.message)")
        #expect((problem.line, problem.column) == (1, 1))
        #expect(result.imports.map(\.module) == ["Foundation", "DebugKit", "Late", "UIKit"])
        #expect(result.imports.map(\.condition) == [nil, "DEBUG", nil, "os(iOS)"])
        #expect(result.imports[2].attributes == ["_spi"] && result.imports[2].accessLevel == "public")
        #expect(result.imports.map(\.line) == [1, 3, 6, lineOfUIKit])
        #expect(result.suppressions.map(\.rules) == [["undeclared-import"]])
        #expect(result.types.isEmpty)
    }

    /// The bounds must not fire on real code: every Swift file of this repository and its fixtures passes.
    @Test func realSourcesStayWithinTheBounds() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var checked = 0
        for directory in ["Sources", "Tests", "Fixtures"] {
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path))
            while let path = enumerator.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let url = root.appendingPathComponent(directory).appendingPathComponent(path)
                let source = try String(contentsOf: url, encoding: .utf8)
                let shape = SourceShape(source)
                #expect(shape.exceeded == nil, "\(directory)/\(path): \(String(describing: shape.exceeded))")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    // MARK: The byte-level pass

    @Test func bracketsInCommentsAndStringsDontCount() {
        let deep = String(repeating: "[", count: 400) + String(repeating: "(", count: 400)
        let sources = [
            "// \(deep)\nlet a = 1\n",
            "/* /* \(deep) */ \(deep) */\nlet a = 1\n",
            "let s = \"\(deep)\"\n",
            "let s = #\"\(deep) \\(\"#\n",
            "let s = \"\"\"\n\(deep)\n\"\"\"\n",
            "let s = ##\"a\"#\(deep)\"##\n",
            "let s = \"\\(\"\(deep)\")\"\n",
            "let s = \"escaped \\\" \(deep)\"\n",
        ]
        for source in sources {
            let shape = SourceShape(source)
            #expect(shape.exceeded == nil, "\(source.prefix(30))")
            #expect(shape.depth < 20, "\(source.prefix(30)): depth \(shape.depth)")
        }
    }

    @Test func comparisonsDontLeaveGenericLevelsOpen() {
        let line = "if i<n && j<m { x = i<n ? 1 : 2 }\n"
        let shape = SourceShape(String(repeating: line, count: 2_000))
        #expect(shape.exceeded == nil)
        #expect(shape.depth < 40)
    }

    @Test func statementsOnNewLinesStartNewChains() {
        let shape = SourceShape(String(repeating: "let a = b.c.d(e)\n", count: 30_000))
        #expect(shape.exceeded == nil)
        #expect(shape.depth < 20)
        // A chain continued on the next line by a leading `.` or a trailing operator is one chain.
        let chained = SourceShape("let a = b\n" + String(repeating: "    .c()\n", count: 200) + "let x = 1 +\n" + String(repeating: "1 +\n", count: 300) + "1\n")
        #expect(chained.depth > 500)
    }

    @Test func importOnlySourceKeepsTopLevelImportAndDirectiveLinesAndWhereTheyAre() {
        let source = "import A\nlet x = [1]\n#if B // why\nimport C; let y = 2\n#endif\nfunc f() {\n    import Nope\n}\n"
        let importOnly = SourceShape(source).importOnlySource(of: source)
        #expect(importOnly.text == "import A\n#if B \nimport C\n#endif\n")
        let lines = LineTable(source).mapping(importOnly.segments)
        let located = [0, 9, 16, 25].map { lines.location(ofOffset: $0) }
        #expect(located.map(\.line) == [1, 3, 4, 5])
        #expect(located.map(\.column) == [1, 1, 1, 1])
        #expect(lines.location(ofOffset: 19) == (4, 4))
    }
}
