import ArchlintModel
import SystemSupport
import Testing

@testable import SwiftFacts

@Suite struct SuppressionTests {
    @Test func everyDirectiveWithRulesReasonsAndLocations() {
        let source = """
            // archlint:disable:next missing-dependency, orphan-component - legacy tree, see JIRA-12
            class A {}
            let x = 1 // archlint:disable:this view-router-shortcut
            // archlint:disable all
            /* archlint:enable all */
                //archlint:enable  component-cycle   duplicate-component
            """
        let result = facts(source)
        #expect(
            result.suppressions == [
                SuppressionComment(
                    kind: .next, rules: ["missing-dependency", "orphan-component"], reason: "legacy tree, see JIRA-12", line: 1,
                    column: 1),
                SuppressionComment(kind: .this, rules: ["view-router-shortcut"], line: 3, column: 11),
                SuppressionComment(kind: .disable, rules: ["all"], line: 4, column: 1),
                SuppressionComment(kind: .enable, rules: ["all"], line: 5, column: 1),
                SuppressionComment(kind: .enable, rules: ["component-cycle", "duplicate-component"], line: 6, column: 5),
            ])
        #expect(result.problems.isEmpty)
    }

    @Test func malformedCommentsBecomeProblems() {
        let source = """
            // archlint:disable:nxt missing-dependency
            // archlint:disable
            // archlint:enable - only a reason
            class A {}
            """
        let result = facts(source)
        #expect(result.suppressions.isEmpty)
        #expect(result.problems.map(\.kind) == [.malformedSuppression, .malformedSuppression, .malformedSuppression])
        #expect(result.problems.map(\.line) == [1, 2, 3])
        #expect(result.problems.map(\.column) == [1, 1, 1])
        #expect(result.problems[0].message.contains("`disable:nxt`"))
        #expect(result.problems[1].message.contains("names no rule"))
    }

    @Test func mentionsAndStringsAreNotSuppressions() {
        let source = """
            // Use archlint:disable:next to silence a line.
            let text = "// archlint:disable all"
            """
        let result = facts(source)
        #expect(result.suppressions.isEmpty)
        #expect(result.problems.isEmpty)
    }

    @Test func reasonSeparatorNeedsSpacesSoHyphenatedIdsSurvive() {
        #expect(
            SuppressionScanner.parse(" archlint:disable:next cross-feature-import -  why  ")
                == .suppression(.next, rules: ["cross-feature-import"], reason: "why"))
        #expect(
            SuppressionScanner.parse(" archlint:disable a,b")
                == .suppression(.disable, rules: ["a", "b"], reason: nil))
    }

    @Test func docCommentsCount() {
        let result = facts("/// archlint:disable:next all\nclass A {}")
        #expect(result.suppressions == [SuppressionComment(kind: .next, rules: ["all"], line: 1, column: 1)])
    }
}

@Suite struct ProblemTests {
    /// Empty, and declaring nothing (`FileFacts.declaresNothing`).
    @Test func emptyAndWhitespaceFilesGiveEmptyFacts() {
        #expect(facts("", path: "A.swift") == FileFacts(path: "A.swift", declaresNothing: true))
        #expect(facts("\n  \n\t", path: "A.swift") == FileFacts(path: "A.swift", declaresNothing: true))
        #expect(facts("// only a comment\n", path: "A.swift") == FileFacts(path: "A.swift", declaresNothing: true))
    }

    @Test func brokenSwiftKeepsImportsAndTypes() {
        let source = """
            import UIKit
            #if DEBUG
            import DebugKit
            #endif

            final class RootComponent: BootstrapComponent {
                var child: ChildComponent { ChildComponent(parent: self) }
                func broken( {
            }

            import Late
            """
        let result = facts(source)
        #expect(result.imports.map(\.module) == ["UIKit", "DebugKit", "Late"])
        #expect(result.imports.map(\.condition) == [nil, "DEBUG", nil])
        #expect(result.type("RootComponent")?.inheritance == ["BootstrapComponent"])
        #expect(result.calls.map(\.callee) == ["ChildComponent"])
        #expect(!result.problems.isEmpty)
        #expect(result.problems.allSatisfy { $0.kind == .syntaxError })
        #expect(result.problems.first?.line == 8)
    }

    /// nova-wallet and Session write `@MainActor(Bool) -> Void`: a function type in Swift 5 mode, where their targets
    /// are, but an attribute's arguments in Swift 6 mode. It compiles, so it is no syntax error.
    @Test func aFunctionTypeSwift5ModeReadsIsNoSyntaxError() {
        let source = """
            import WebKit

            final class Browser {
                let onTap: (@MainActor() -> Void)?
                func confirm(completionHandler: @escaping @MainActor(Bool) -> Void) {}
            }

            """
        let result = facts(source)
        #expect(result.problems == [])
        #expect(result.type("Browser")?.properties.map(\.name) == ["onTap"])
        #expect(result.type("Browser")?.functions.map(\.name) == ["confirm"])
        #expect(facts("let x = = 1\n").problems.first?.line == 1)
    }

    @Test func syntaxErrorsAreCappedPerFile() {
        let source = (1...12).map { "let x\($0) = = \n" }.joined()
        let problems = facts(source).problems
        #expect(problems.count == SyntaxProblems.limit + 1)
        #expect(problems.last?.message.hasSuffix("more syntax errors in this file") == true)
        #expect(problems.first?.line == 1)
    }

    /// Nexters/Boolti-iOS commits a cell whose git merge was never finished (`<<<<<<<< HEAD:…`, eight markers).
    /// The parser's first complaint was "expected 'func' in function"; what to fix is the conflict.
    @Test func aMergeConflictIsTheFirstSyntaxProblem() {
        let source = "import UIKit\nfinal class Cell {\n<<<<<<<< HEAD:Sources/Cell.swift\n    let a = 1\n========\n    let a = 2\n>>>>>>>> feature:Sources/Cells/Cell.swift\n}\n"
        let problems = facts(source).problems
        #expect(problems.first == FileProblem(message: "unresolved git merge conflict (a line starting with `<<<<<<<<`)",
                                              line: 3, column: 1, kind: .syntaxError))
        #expect(problems.count > 1)
    }

    @Test func mergeConflictMarkersStartALine() {
        #expect(MergeConflict.firstMarker(in: Array("a\nb\n<<<<<<< HEAD\nc\n".utf8))?.line == 3)
        #expect(MergeConflict.firstMarker(in: Array("<<<<<<<".utf8))?.line == 1)
        #expect(MergeConflict.firstMarker(in: Array("x\n=======\r\ny".utf8))?.text == "=======")
        #expect(MergeConflict.firstMarker(in: Array("a = \"<<<<<<<\";\n".utf8)) == nil)
        #expect(MergeConflict.firstMarker(in: Array("<<<<<< six\n<<<<<<<x\n".utf8)) == nil)
        #expect(MergeConflict.firstMarker(in: []) == nil)
    }

    @Test func unclosedIfConfigStillYieldsItsImports() {
        let result = facts("#if DEBUG\nimport A\n")
        #expect(result.imports == [ImportDecl(module: "A", condition: "DEBUG", line: 2, column: 1)])
        #expect(result.problems.count == 1)
    }

    @Test func garbageDoesNotCrash() {
        let result = facts("\u{0}\u{1}}}}{{{ ((( \"\"\" ")
        #expect(!result.problems.isEmpty)
    }
}

@Suite struct NeedleGeneratedTests {
    @Test func byFileName() {
        #expect(facts("import NeedleFoundation", path: "App/NeedleGenerated.swift").isNeedleGenerated)
        #expect(facts("", path: "NeedleGenerated.swift").isNeedleGenerated)
        #expect(!facts("import NeedleFoundation", path: "App/MyNeedleGenerated.swift").isNeedleGenerated)
    }

    @Test func byTheGeneratorsHashDeclaration() {
        let source = """
            // Custom header doc passed to the generator.

            import NeedleFoundation
            import UIKit

            // swiftlint:disable unused_declaration
            private let needleDependenciesHash : String? = nil

            // MARK: - Traversal Helpers

            private func parent1(_ component: NeedleFoundation.Scope) -> NeedleFoundation.Scope {
                return component.parent
            }
            """
        #expect(facts(source, path: "App/DI/Generated.swift").isNeedleGenerated)
    }

    @Test func mentionsDoNotCount() {
        let source = """
            import NeedleFoundation
            // needleDependenciesHash is written by the generator
            final class RootComponent: BootstrapComponent {
                let needleDependenciesHash = ""
                func f() { let needleDependenciesHash = 1 }
            }
            func g() { let needleDependenciesHash = 1 }
            """
        #expect(!facts(source).isNeedleGenerated)
    }
}
