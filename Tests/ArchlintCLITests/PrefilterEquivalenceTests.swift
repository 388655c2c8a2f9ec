import ArchlintModel
import ArchlintTestSupport
import Foundation
import SwiftFacts
import Testing

/// The import-only pre-filter must never change a file's facts: `.fast` (filter on) and `.full` (every file
/// parsed) give identical `FileFacts`, problems included, over generated files built to trip a byte-level
/// reader and over every fixture, with no exception: a file takes the import-only scan only when everything
/// outside its import and `#if` lines is whitespace or comments, so no syntax error can hide in what it skips.
/// Each test also checks that the filter did skip files, so it can't pass by never filtering.
@Suite struct PrefilterEquivalenceTests {
    @Test func generatedFilesGiveIdenticalFacts() {
        var generator = SwiftSourceGenerator(seed: 16)
        var importOnly = 0
        let count = 1_000
        for index in 0..<count {
            let source = generator.file()
            let path = "Generated/File\(index).swift"
            let full = FileScanner.scan(source: source, path: path, mode: .full)
            let fast = FileScanner.scan(source: source, path: path, mode: .fast)
            #expect(fast == full, "file \(index) differs between the modes:\n\(source)")
            if FileScanner.isImportOnly(source: source) { importOnly += 1 }
        }
        #expect(importOnly > count / 20, "the filter took only \(importOnly) of \(count) files")
        #expect(importOnly < count, "every file was filtered: the hazards never reached the parser")
    }

    /// Every fixture's Swift file that reads as UTF-8: its path under `Fixtures/` and its text.
    static func fixtureSources() throws -> [(path: String, source: String)] {
        let fixtures = FixturePaths.fixtures
        let enumerator = try #require(FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.compactMap { url in
            guard let source = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            return (String(url.path.dropFirst(fixtures.path.count + 1)), source)
        }
    }

    @Test func fixtureFilesGiveIdenticalFacts() throws {
        var importOnly = 0
        var total = 0
        for (path, source) in try Self.fixtureSources() {
            total += 1
            #expect(
                FileScanner.scan(source: source, path: path, mode: .fast)
                    == FileScanner.scan(source: source, path: path, mode: .full), "modes differ for \(path)")
            if FileScanner.isImportOnly(source: source) { importOnly += 1 }
        }
        #expect(total > 100)
        #expect(importOnly > 0, "no fixture file took the import-only scan")
    }

    // MARK: Reading for a demand

    /// A demand few files name (those with calls, which it must find): the others the pass reads exactly are skimmed.
    static let rareDemand = ScanDemand(names: ["parent", "dependency"], nameParts: ["NeverWrittenAnywhere"])

    /// What a skimmed file must keep exactly, and what its names must cover: the simple names a parse indexes
    /// its declarations under (every identifier of each name and qualified name) among `declared`, and the
    /// identifiers of what they inherit among `declared` + `referenced`. `TypeRelevance` is exact only if they do.
    static func checkSkim(_ source: String, path: String, demand: ScanDemand = rareDemand) -> Bool {
        let reading = FileScanner.read(source: source, path: path, demand: demand)
        let full = FileScanner.scan(source: source, path: path, mode: .full)
        guard let names = reading.skimmed else {
            #expect(reading.facts == FileScanner.scan(source: source, path: path, mode: .fast), "\(path)")
            return false
        }
        #expect(reading.facts.imports == full.imports, "imports differ for \(path):\n\(source)")
        #expect(reading.facts.suppressions == full.suppressions, "suppressions differ for \(path)")
        #expect(reading.facts.memberNames == full.memberNames, "member names differ for \(path)")
        #expect(
            reading.facts.problems == full.problems.filter { $0.kind == .malformedSuppression },
            "problems differ for \(path)")
        #expect(reading.facts.types.isEmpty && reading.facts.calls.isEmpty && !reading.facts.isNeedleGenerated)
        let (declared, extended) = (Set(names.declared), Set(names.extended))
        for type in full.types {
            let isExtension = type.kind == .extension
            let own = TypeText.identifiers(type.name).map(NameKey.init)
            #expect(own.allSatisfy((isExtension ? extended : declared).contains), "\(path): \(type.name) not named")
            let outer = TypeText.identifiers(type.qualifiedName).map(NameKey.init)
            #expect(outer.allSatisfy(declared.union(extended).contains), "\(path): \(type.qualifiedName) not named")
            if type.kind == .protocol { #expect(own.allSatisfy(names.declaredProtocols.contains), "\(path): \(type.name)") }
            guard !type.inheritance.isEmpty else { continue }
            let withHeader = Set(isExtension ? names.extendedWithHeader : names.declaredWithHeader)
            #expect(own.allSatisfy(withHeader.contains), "\(path): \(type.name) inherits but isn't among those with a header")
            let references = Set(
                type.kind == .class ? names.referencedByClasses
                    : type.kind == .protocol ? names.referencedByProtocols : names.referencedByOthers)
            let inherited = type.inheritance.flatMap(TypeText.identifiers).map(NameKey.init)
            #expect(inherited.allSatisfy(references.contains), "\(path): \(type.inheritance) not among its kind's header names")
        }
        #expect(full.calls.isEmpty, "\(path) has calls but was skimmed")
        return true
    }

    @Test func skimmedGeneratedFilesKeepTheirImportsAndNameTheirDeclarations() {
        var generator = SwiftSourceGenerator(seed: 61)
        var skimmed = 0
        let count = 1_000
        for index in 0..<count where Self.checkSkim(generator.file(), path: "Generated/File\(index).swift") {
            skimmed += 1
        }
        #expect(skimmed > count / 4, "only \(skimmed) of \(count) files were skimmed")
        #expect(skimmed < count, "every file was skimmed: the hazards never reached the parser")
    }

    @Test func skimmedFixtureFilesKeepTheirImportsAndNameTheirDeclarations() throws {
        var skimmed = 0
        var declaring = 0
        for (path, source) in try Self.fixtureSources() {
            if Self.checkSkim(source, path: path) {
                skimmed += 1
                if !FileScanner.scan(source: source, path: path, mode: .full).types.isEmpty { declaring += 1 }
            }
        }
        #expect(skimmed > 100)
        #expect(declaring > 50, "few skimmed fixture files declare anything: the name checks saw little")
    }

    @Test(arguments: [
        // A word of the demand anywhere in code (not in comments or strings) makes the file parsed.
        ("final class HomeRouter {}", true),
        ("struct A { let r: HomeRouter }", true),
        ("struct A { func f() { print(\"\\(HomeRouter())\") } }", true),
        ("struct A { let parent = 1 }", true),
        ("struct A { let `parent` = 1 }", true),
        ("struct A {} // HomeRouter", false),
        ("struct A { let s = \"HomeRouter parent\" }", false),
        ("/* class Router {} */ struct A {}", false),
        ("struct A { let parentView = 1 }", false),
    ])
    func theDemandsWordsDecideWhatIsParsed(source: String, parsed: Bool) {
        let demand = ScanDemand(names: ["parent"], nameParts: ["Router"])
        #expect((FileScanner.read(source: source, path: "A.swift", demand: demand).skimmed == nil) == parsed, "\(source)")
    }

    @Test func skimmedNamesCoverDottedGenericAndConstrainedHeaders() throws {
        let source = """
            import UIKit
            extension Feature.Home: Screen, Other where Base: Sendable {}
            final class Box<Element: Equatable>: Base<Element>, @unchecked Sendable {
                enum Inner: Int { case a }
                class func make() -> Box { fatalError() }
            }
            protocol P: AnyObject, Q {}
            """
        let names = try #require(FileScanner.read(source: source, path: "A.swift", demand: Self.rareDemand).skimmed)
        func keys(_ names: [String]) -> Set<NameKey> { Set(names.map(NameKey.init)) }
        #expect(Set(names.declared) == keys(["Box", "Inner", "P"]))
        #expect(Set(names.declaredProtocols) == keys(["P"]))
        #expect(Set(names.declaredWithHeader) == keys(["Box", "Inner", "P"]))
        #expect(Set(names.extended) == keys(["Feature", "Home"]) && Set(names.extendedWithHeader) == keys(["Feature", "Home"]))
        #expect(Set(names.referencedByClasses) == keys(["Base", "Element", "Equatable", "Sendable", "unchecked"]))
        #expect(Set(names.referencedByProtocols) == keys(["AnyObject", "Q"]))
        #expect(Set(names.referencedByOthers) == keys(["Base", "Int", "Other", "Screen", "Sendable"]))
        #expect(Self.checkSkim(source, path: "A.swift"))
    }
}
