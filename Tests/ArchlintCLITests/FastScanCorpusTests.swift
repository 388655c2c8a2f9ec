import ArchlintTestSupport
import Foundation
import SwiftFacts
import Testing

/// Issue 7: the fast scanning path must give facts identical to the full path, over every fixture (see
/// SwiftFactsTests.FastModeTests) and over the benchmark's generated corpus. The corpus can't be smaller than
/// ~500 files, so this debug-build test compares every third file in path order (every generated kind of file
/// recurs well within that stride); `archlint-bench` compares all of them on every run.
@Suite struct FastScanCorpusTests {
    @Test func fastFactsEqualFullFactsOverAGeneratedCorpus() throws {
        let directory = try FixturePaths.generatedCorpus()
        defer { try? FileManager.default.removeItem(at: directory) }

        var compared = 0
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)!
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        for (index, url) in files.enumerated() where index % 3 == 0 {
            let source = try String(contentsOf: url, encoding: .utf8)
            let path = String(url.path.dropFirst(directory.path.count + 1))
            let full = FileScanner.scan(source: source, path: path, mode: .full)
            let fast = FileScanner.scan(source: source, path: path, mode: .fast)
            #expect(fast == full, "\(path): fast and full facts differ")
            compared += 1
        }
        #expect(compared > 150, "the generated corpus is unexpectedly small (\(compared) files)")
    }
}
