import ArchlintModel
import Testing

@testable import XcodeProjects

struct OpenStepPlistTests {
    @Test func readsDictionariesArraysStringsAndData() throws {
        let node = try OpenStepPlistParser.parse("""
            // !$*UTF8*$!
            {
                name = App; /* a comment */
                list = ( a, "b c", );
                empty = ();
                data = <0aff 10>;
                nested = { key = "value"; };
            }
            """)
        let root = try #require(node.dictionary)
        #expect(root.keys == ["name", "list", "empty", "data", "nested"])
        #expect(root["name"]?.string == "App")
        #expect(root["list"]?.array?.compactMap(\.string) == ["a", "b c"])
        #expect(root["empty"]?.array == [])
        #expect(root["data"]?.value == .data([0x0A, 0xFF, 0x10]))
        #expect(root["nested"]?.dictionary?["key"]?.string == "value")
        #expect(root["list"]?.line == 4)
        #expect(root["list"]?.column == 12)
    }

    @Test func unescapesLikeCoreFoundation() throws {
        let node = try OpenStepPlistParser.parse(#"{ a = "x\n\t\"q\"\\ \U00e9 \101 \z"; }"#)
        #expect(node.dictionary?["a"]?.string == "x\n\t\"q\"\\ é A z")
    }

    @Test func unquotedStringsTakeTheCoreFoundationCharacterSet() throws {
        let node = try OpenStepPlistParser.parse("{ path = ../Sources/App_1.0/$x:y-z.swift; }")
        #expect(node.dictionary?["path"]?.string == "../Sources/App_1.0/$x:y-z.swift")
    }

    @Test func aRepeatedKeyKeepsItsLastValue() throws {
        let node = try OpenStepPlistParser.parse("{ a = 1; a = 2; }")
        #expect(node.dictionary?["a"]?.string == "2")
        #expect(node.dictionary?.keys == ["a"])
    }

    @Test(arguments: [
        ("{ a = (1, 2; }", 1, 12, "expected `,` or `)` in an array, found `;`"),
        ("{ a = b }", 1, 9, "expected `;` after the value of `a`, found `}`"),
        ("{ a = \"open", 1, 12, "the file ends inside a quoted string"),
        ("{ /* never", 1, 3, "a `/*` comment is never closed"),
        ("{a=b;} x", 1, 8, "unexpected `x` after the end of the property list"),
        ("", 1, 1, "the file is empty"),
        ("{\n  a = <0g>;\n}", 2, 9, "unexpected `g` in <hex data>"),
        ("{ (a) = b; }", 1, 3, "a dictionary key must be a string"),
        ("{ a = \u{01}; }", 1, 7, "unexpected `byte 0x01` where a value should start"),
    ])
    func reportsWhereReadingStopped(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: PlistSyntaxError.self) { try OpenStepPlistParser.parse(text) }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func mergeConflictMarkersAreReportedAtTheirLine() {
        let text = "{\n  a = b;\n<<<<<<< HEAD\n  c = d;\n=======\n  c = e;\n>>>>>>> branch\n}\n"
        let error = #expect(throws: PlistSyntaxError.self) { try OpenStepPlistParser.parse(text) }
        #expect(error?.line == 3)
        #expect(error?.message.contains("merge conflict") == true)
    }

    @Test func nestingIsBoundedWithoutRecursingPastTheLimit() {
        for opener in ["(", "{ a = "] {
            let text = String(repeating: opener, count: 100_000)
            let error = #expect(throws: PlistSyntaxError.self) { try OpenStepPlistParser.parse(text) }
            #expect(error?.message.contains("nested deeper than \(OpenStepPlistParser.maximumDepth)") == true)
        }
    }

    @Test func binaryInputIsAnErrorNotACrash() {
        var bytes: [UInt8] = Array("bplist00".utf8)
        bytes += (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        #expect(throws: PlistSyntaxError.self) { try OpenStepPlistParser.parse(bytes) }
    }

    @Test func everyTruncationOfAProjectEndsInAValueOrAnError() throws {
        let bytes = Array(SampleProject.text.utf8)
        for end in stride(from: 0, to: bytes.count, by: 7) {
            do {
                _ = try OpenStepPlistParser.parse(Array(bytes[..<end]))
            } catch {
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
    }
}
