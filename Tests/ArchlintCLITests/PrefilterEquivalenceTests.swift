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
        let count = 3_000
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

    @Test func fixtureFilesGiveIdenticalFacts() throws {
        let fixtures = FixturePaths.fixtures
        let enumerator = try #require(FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil))
        var importOnly = 0
        var total = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            guard let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
            total += 1
            let path = String(url.path.dropFirst(fixtures.path.count + 1))
            #expect(
                FileScanner.scan(source: source, path: path, mode: .fast)
                    == FileScanner.scan(source: source, path: path, mode: .full), "modes differ for \(path)")
            if FileScanner.isImportOnly(source: source) { importOnly += 1 }
        }
        #expect(total > 100)
        #expect(importOnly > 0, "no fixture file took the import-only scan")
    }
}
