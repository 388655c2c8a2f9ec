import ArchlintModel
import ArchlintTestSupport
import Foundation
import Testing
@testable import ArchlintKit
@testable import Workspace

/// `Analyzer.lint` reuses the stored result of an unchanged tree, and never a stale one.
@Suite struct LintResultReuseTests {
    /// A scanner whose clock runs an hour ahead: files the test just wrote aren't racy, so the tree can vouch for itself.
    private func settledScanner(_ options: AnalyzerOptions) -> WorkspaceScanner {
        var scanner = WorkspaceScanner(options: options.scan)
        scanner.clock = { currentTimeNanoseconds() + 3_600_000_000_000 }
        return scanner
    }

    private func lint(_ root: String, cache: String, settled: Bool = true, needsAnalysis: Bool = false) throws -> LintAnalysis {
        let options = AnalyzerOptions(scan: ScanOptions(cacheDirectory: cache))
        let scanner = settled ? settledScanner(options) : WorkspaceScanner(options: options.scan)
        return try Analyzer.lint(root: root, options: options, needsAnalysis: needsAnalysis, scanner: scanner)
    }

    /// A fixture copied to a temporary directory, with its own cache directory; both removed on deinit.
    private final class ScratchCopy {
        let root: URL
        let cache: String

        init(fixture: String) throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-reuse-\(UUID().uuidString)")
            root = base.appendingPathComponent("repo")
            cache = base.appendingPathComponent("cache").path
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent(fixture), to: root)
        }

        deinit { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    }

    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("archlint-reuse-cache-\(UUID().uuidString)").path
    }

    @Test(arguments: FixturePaths.goldenFixtures)
    func reusedResultEqualsAFreshAnalysis(fixture: String) throws {
        let root = FixturePaths.fixtures.appendingPathComponent(fixture).path
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let uncached = try Analyzer.lint(root: root, options: AnalyzerOptions(scan: ScanOptions(useCache: false)))

        let first = try lint(root, cache: cache)
        let second = try lint(root, cache: cache)

        #expect(!first.statistics.lintResultReused)
        #expect(first.analysis != nil)
        // A scan that read a package checkout (skipped by the walk) can't vouch for the tree: never reused.
        let readsCheckouts = fixture == "remote-product-checkout"
        #expect(second.statistics.lintResultReused == !readsCheckouts)
        #expect((second.analysis == nil) == !readsCheckouts)
        #expect(second.findings == uncached.findings)
        #expect(first.findings == uncached.findings)
        // Graph and HTML outputs need the full analysis: never served from the stored result.
        let forced = try lint(root, cache: cache, needsAnalysis: true)
        #expect(forced.analysis != nil && !forced.statistics.lintResultReused)
        #expect(forced.findings == uncached.findings)
    }

    @Test func anEditedFileInvalidatesTheStoredResult() throws {
        let scratch = try ScratchCopy(fixture: "feature-imports")
        defer { withExtendedLifetime(scratch) {} }
        let root = scratch.root, cache = scratch.cache
        let before = try lint(root.path, cache: cache)
        #expect(try lint(root.path, cache: cache).statistics.lintResultReused)

        let shop = root.appendingPathComponent("AppFeatures/Sources/ShopFeature")
        let file = try #require(FileManager.default.contentsOfDirectory(atPath: shop.path).first { $0.hasSuffix(".swift") })
        let path = shop.appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try ("import HomeFeature\n" + text).write(toFile: path, atomically: false, encoding: .utf8)

        let after = try lint(root.path, cache: cache)
        #expect(!after.statistics.lintResultReused)
        #expect(after.findings.diagnostics.count > before.findings.diagnostics.count)
        #expect(after.findings.diagnostics.contains {
            $0.rule == "cross-feature-import" && $0.location.file == "AppFeatures/Sources/ShopFeature/\(file)" && $0.location.line == 1
        })
        let again = try lint(root.path, cache: cache)
        #expect(again.statistics.lintResultReused)
        #expect(again.findings == after.findings)
    }

    @Test func aNewFileAndAChangedConfigurationInvalidateTheStoredResult() throws {
        let scratch = try ScratchCopy(fixture: "feature-imports")
        defer { withExtendedLifetime(scratch) {} }
        let root = scratch.root, cache = scratch.cache
        _ = try lint(root.path, cache: cache)
        try "struct Extra {}\n".write(
            to: root.appendingPathComponent("AppFeatures/Sources/HomeFeature/Extra.swift"), atomically: false, encoding: .utf8)
        let withNewFile = try lint(root.path, cache: cache)
        #expect(!withNewFile.statistics.lintResultReused)
        #expect(withNewFile.findings.fileCount == (try lint(root.path, cache: cache)).findings.fileCount)

        try "rules:\n  cross-feature-import: off\n".write(
            to: root.appendingPathComponent(".archlint.yml"), atomically: false, encoding: .utf8)
        let reconfigured = try lint(root.path, cache: cache)
        #expect(!reconfigured.statistics.lintResultReused)
        #expect(!reconfigured.findings.diagnostics.contains { $0.rule == "cross-feature-import" })
    }

    @Test func racyFilesAreNeverVouchedFor() throws {
        let scratch = try ScratchCopy(fixture: "feature-imports")
        defer { withExtendedLifetime(scratch) {} }
        let root = scratch.root, cache = scratch.cache
        // With the real clock, files copied a moment ago could still change within their timestamp tick.
        let first = try lint(root.path, cache: cache, settled: false)
        let second = try lint(root.path, cache: cache, settled: false)
        #expect(first.analysis?.fingerprint == nil)
        #expect(!second.statistics.lintResultReused)
        #expect(second.findings == first.findings)
    }

    @Test func aCorruptStoredResultIsIgnoredAndRewritten() throws {
        let root = FixturePaths.fixtures.appendingPathComponent("needle-tree").path
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let reference = try lint(root, cache: cache)
        let store = try #require(ResultCache(options: ScanOptions(cacheDirectory: cache), root: root))
        let original = try Data(contentsOf: URL(fileURLWithPath: store.filePath))

        var flipped = original
        flipped[flipped.count - 1] ^= 0xFF
        for damaged in [Data(), original.prefix(30), flipped, Data("ALRESLT1 not a result".utf8)] {
            try damaged.write(to: URL(fileURLWithPath: store.filePath))
            let run = try lint(root, cache: cache)
            #expect(!run.statistics.lintResultReused)
            #expect(run.findings == reference.findings)
            #expect(try Data(contentsOf: URL(fileURLWithPath: store.filePath)) == original)
            #expect(try lint(root, cache: cache).statistics.lintResultReused)
        }
    }

    @Test func theCLIPrintsTheSameReportWhenReusing() throws {
        let root = FixturePaths.fixtures.appendingPathComponent("ios-app").path
        let cache = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let arguments = ["lint", root, "--format", "json", "--cache-dir", cache, "--timings"]
        let first = try ProcessResult.archlint(arguments)
        let second = try ProcessResult.archlint(arguments)
        let uncached = try ProcessResult.archlint(["lint", root, "--format", "json", "--no-cache"])
        #expect(first.stdout == uncached.stdout && second.stdout == uncached.stdout)
        #expect(first.status == uncached.status && second.status == uncached.status)
        #expect(second.stderr.contains("timings:"))
    }

    @Test func timingsSayWhichProjectReadingsWereReused() throws {
        let copy = try ScratchCopy(fixture: "linked-package-products")
        let arguments = ["lint", copy.root.path, "--format", "json", "--cache-dir", copy.cache, "--timings"]
        let cold = try ProcessResult.archlint(arguments)
        #expect(cold.stderr.contains("project readings: 0 of 1 reused"), "\(cold.stderr)")
        // A source edited: the tree is scanned again, the project is not read again.
        let edited = copy.root.appendingPathComponent("Widgets/Sources/Badges/Badge.swift")
        try (String(contentsOf: edited, encoding: .utf8) + "// edited\n").write(to: edited, atomically: true, encoding: .utf8)
        let warm = try ProcessResult.archlint(arguments)
        #expect(warm.stderr.contains("project readings: 1 of 1 reused"), "\(warm.stderr)")
        #expect(warm.stdout == cold.stdout)
    }
}
