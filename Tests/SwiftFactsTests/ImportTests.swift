import ArchlintModel
import Testing

@testable import SwiftFacts

@Suite struct ImportTests {
    @Test func plainImportsWithLocations() {
        let result = facts("import UIKit\nimport Foundation\n\n  import Feature.Sub\n")
        #expect(
            result.imports == [
                ImportDecl(module: "UIKit", line: 1, column: 1),
                ImportDecl(module: "Foundation", line: 2, column: 1),
                ImportDecl(module: "Feature", path: ["Feature", "Sub"], line: 4, column: 3),
            ])
    }

    @Test func attributesAccessLevelsAndKinds() {
        let source = """
            @testable import App
            @_exported import Core
            @_implementationOnly import Secret
            @preconcurrency import Legacy
            @_spi(Internal) import Tools
            public import PublicDep
            internal import InternalDep
            package import PackageDep
            private import PrivateDep
            import struct Models.User
            import class UIKit.UIView
            import func Darwin.sqrt
            @_exported public import enum Colors.Palette
            """
        let imports = facts(source).imports
        #expect(
            imports == [
                ImportDecl(module: "App", attributes: ["testable"], line: 1, column: 1),
                ImportDecl(module: "Core", attributes: ["_exported"], line: 2, column: 1),
                ImportDecl(module: "Secret", attributes: ["_implementationOnly"], line: 3, column: 1),
                ImportDecl(module: "Legacy", attributes: ["preconcurrency"], line: 4, column: 1),
                ImportDecl(module: "Tools", attributes: ["_spi"], line: 5, column: 1),
                ImportDecl(module: "PublicDep", accessLevel: "public", line: 6, column: 1),
                ImportDecl(module: "InternalDep", accessLevel: "internal", line: 7, column: 1),
                ImportDecl(module: "PackageDep", accessLevel: "package", line: 8, column: 1),
                ImportDecl(module: "PrivateDep", accessLevel: "private", line: 9, column: 1),
                ImportDecl(module: "Models", path: ["Models", "User"], kind: "struct", line: 10, column: 1),
                ImportDecl(module: "UIKit", path: ["UIKit", "UIView"], kind: "class", line: 11, column: 1),
                ImportDecl(module: "Darwin", path: ["Darwin", "sqrt"], kind: "func", line: 12, column: 1),
                ImportDecl(
                    module: "Colors", path: ["Colors", "Palette"], kind: "enum", attributes: ["_exported"],
                    accessLevel: "public", line: 13, column: 1),
            ])
        #expect(imports[0].isTestable)
        #expect(imports[1].isExported)
    }

    @Test func locationIsTheDeclarationStartAfterCommentsAndAttributesOnOwnLine() {
        let source = """
            // header
            /* block */ import A
            @testable
            import B
            """
        #expect(
            facts(source).imports == [
                ImportDecl(module: "A", line: 2, column: 13),
                ImportDecl(module: "B", attributes: ["testable"], line: 3, column: 1),
            ])
    }

    @Test func columnsCountUTF8Bytes() {
        // "/* é */ " is 9 bytes: `import` starts at byte column 10.
        #expect(facts("/* é */ import A").imports == [ImportDecl(module: "A", line: 1, column: 10)])
    }

    @Test func conditionsOfIfElseifElse() {
        let source = """
            #if canImport(UIKit)
            import UIKit
            #elseif os(macOS)
            import AppKit
            #else
            import Foundation
            #endif
            """
        #expect(
            facts(source).imports == [
                ImportDecl(module: "UIKit", condition: "canImport(UIKit)", line: 2, column: 1),
                ImportDecl(module: "AppKit", condition: "!(canImport(UIKit)) && os(macOS)", line: 4, column: 1),
                ImportDecl(module: "Foundation", condition: "!(canImport(UIKit)) && !(os(macOS))", line: 6, column: 1),
            ])
    }

    @Test func nestedConditions() {
        let source = """
            #if DEBUG
              #if os(iOS) || os(tvOS)
              import DebugMenu
              #else
              import DebugLog
              #endif
            #elseif BETA
            import Beta
            #endif
            import Always
            """
        #expect(
            facts(source).imports == [
                ImportDecl(module: "DebugMenu", condition: "DEBUG && (os(iOS) || os(tvOS))", line: 3, column: 3),
                ImportDecl(module: "DebugLog", condition: "DEBUG && !(os(iOS) || os(tvOS))", line: 5, column: 3),
                ImportDecl(module: "Beta", condition: "!(DEBUG) && BETA", line: 8, column: 1),
                ImportDecl(module: "Always", line: 10, column: 1),
            ])
    }

    @Test func conditionTextIsWhitespaceNormalisedWithoutComments() {
        let source = """
            #if   DEBUG   &&  !TESTING // trailing note
            import X
            #endif
            #if compiler(>=5.9) && os( iOS )
            import Y
            #endif
            """
        #expect(facts(source).imports.map(\.condition) == ["DEBUG && !TESTING", "compiler(>=5.9) && os(iOS)"])
    }

    @Test func elseifChainNegatesEveryEarlierBranch() {
        let source = """
            #if A
            import A
            #elseif B
            import B
            #elseif C || D
            import C
            #else
            import E
            #endif
            """
        #expect(
            facts(source).imports.map(\.condition) == [
                "A", "!(A) && B", "!(A) && !(B) && (C || D)", "!(A) && !(B) && !(C || D)",
            ])
    }
}
