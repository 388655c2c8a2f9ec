import ArchlintModel
import Testing

@testable import SwiftFacts

/// `SourceShape.fullParseReason`: which files the import-only scan may take, and why the others go to the parser.
@Suite struct PrefilterLexerTests {
    static func reason(_ source: String) -> FullParseReason? { SourceShape(source).fullParseReason }

    @Test(arguments: [
        "import UIKit\nimport Foundation\n\nfunc helper() -> Int { 1 }",
        "@testable import Core\n@_exported public import Kit\n@preconcurrency import Combine\npackage import Local",
        "import struct Foundation.Date\nimport func Darwin.exit",
        "@_spi(Internal) import Secret",
        "#if DEBUG\nimport DebugKit\n#elseif os(iOS)\nimport UIKit\n#else\nlet fallback = 1\n#endif",
        "// import Fake\n/* class Hidden /* nested struct */ */\nlet s = \"class X { parent: y }\"",
        "let raw = #\"import \"quoted\" class\"#\nlet rawer = ##\"a \"# struct\"##",
        "let m = \"\"\"\n  import Inside\n  class Inside {}\n  \"\"\"",
        "let i = \"a \\(f((1 + 2) * 3)) \\(\"inner \\(x)\")\"",
        "// archlint:disable:next module-cycle - reason\nimport Cyclic",
        "import UIKit // trailing comment",
        "import UIKit\r\nimport Foundation\r\n",
        "let `default` = 1",
        "\u{FEFF}import UIKit\nlet emoji = \"🎉 struct\"",
        "func nested() {\n    #if os(iOS)\n    print(1)\n    #endif\n}",
    ])
    func provableFilesTakeTheImportOnlyScan(source: String) {
        #expect(Self.reason(source) == nil, "\(source)")
    }

    @Test(arguments: [
        ("final class A {}", FullParseReason.factWord),
        ("struct S {}", .factWord),
        ("extension String {}", .factWord),
        ("let c = Child(parent: self)", .factWord),
        ("let c = Child(`dependency`: x)", .factWord),
        ("let s = \"\\(Child(parent: self))\"", .factWord),
        ("let needleDependenciesHash: String? = nil", .factWord),
        ("@testable\nimport Core", .importNotKept),
        ("let x = 1\nimport Late", .importNotKept),
        ("func f() { import Nested }", .importNotKept),
        ("import UIKit\n.View", .importNotKept),
        ("#if DEBUG &&\n  FOO\nimport Foo\n#endif", .importNotKept),
        ("import A; let b = 1", .codeAfterKeptLine),
        ("import A /* c */ .B", .codeAfterKeptLine),
        ("let x = 1 #if DEBUG\n#endif", .directiveNotKept),
        ("func f( {", .unbalanced),
        ("}", .unbalanced),
        ("#endif", .unbalanced),
        ("#if DEBUG\nimport A", .unbalanced),
        ("let s = \"open\nlet t = 1", .unterminated),
        ("let s = \"\"\"\nopen", .unterminated),
        ("/* never closed", .unterminated),
        ("let r = /class (\\w+)/", .possibleRegex),
        ("let r = #/import/#", .possibleRegex),
        ("#sourceLocation(file: \"a.swift\", line: 1)", .unusual),
        ("let p = <#value#>", .unusual),
        ("/* archlint:disable all */", .unusual),
        ("let café = 1", .unusual),
        ("\u{00A0}import Spaced", .unusual),
    ])
    func otherFilesAreParsed(source: String, expected: FullParseReason) {
        #expect(Self.reason(source) == expected, "\(source)")
    }

    @Test func importOnlyScanKeepsEveryImportDetail() {
        let source = """
            // header
            @testable import Core
            #if canImport(UIKit)
            @_exported public import struct UIKit.UIView
            #else
            import AppKit
            #endif
            // archlint:disable:next layer-violation - reviewed
            import Banned
            /* a trailing comment */
            """
        #expect(FileScanner.isImportOnly(source: source))
        // Code outside the kept lines, even without a fact word, goes to the parser: its syntax errors count.
        #expect(!FileScanner.isImportOnly(source: source + "\nfunc helper() -> String { \"class\" }"))
        #expect(!FileScanner.isImportOnly(source: "import A\nlet = 5"))
        let facts = FileScanner.scan(source: source, path: "A.swift", mode: .fast)
        #expect(facts == FileScanner.scan(source: source, path: "A.swift", mode: .full))
        #expect(facts.imports.map(\.module) == ["Core", "UIKit", "AppKit", "Banned"])
        #expect(facts.imports[1].attributes == ["_exported"] && facts.imports[1].accessLevel == "public")
        #expect(facts.imports[1].kind == "struct" && facts.imports[1].condition == "canImport(UIKit)")
        #expect(facts.imports[2].condition == "!(canImport(UIKit))")
        #expect(facts.suppressions.map(\.line) == [8])
    }

    @Test func aSyntaxErrorInAKeptLineSendsTheFileToTheParser() {
        let source = "import\nlet x = 1"
        #expect(Self.reason(source) == nil)
        #expect(!FileScanner.isImportOnly(source: source))
        let facts = FileScanner.scan(source: source, path: "A.swift", mode: .fast)
        #expect(facts.problems.contains { $0.kind == .syntaxError })
    }
}
