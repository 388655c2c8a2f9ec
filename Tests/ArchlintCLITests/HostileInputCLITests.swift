import ArchlintTestSupport
import Foundation
import Testing

/// The CLI end of "never crash, never hang": empty paths, planted cache files, links to `/`, crashes.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct HostileInputCLITests {
    static func fixtureCopy() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-hostile-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent("feature-imports"), to: copy)
        return copy
    }

    @Test(arguments: [
        ["lint", ".", "--cache-dir", ""],
        ["lint", ".", "--config", ""],
        ["lint", ".", "--baseline", ""],
        ["lint", ".", "--report-dir", ""],
        ["lint", ".", "--changed-files-from", ""],
        ["lint", ".", "--report", "json:"],
        ["baseline", ".", "--output", ""],
        ["graph", ".", "--output", ""],
        ["init", ".", "--output", ""],
    ])
    func anEmptyPathIsAnInvocationError(arguments: [String]) throws {
        let result = try ProcessResult.archlint(arguments, in: FixturePaths.fixtures.appendingPathComponent("feature-imports"))
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("needs a path") || result.stderr.contains("is not FORMAT:PATH"), "\(result.stderr)")
    }

    @Test func aLinkToTheFileSystemRootEndsFastAndIsCounted() throws {
        let root = try Self.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("AppFeatures/Sources/everything").path, withDestinationPath: "/")
        let result = try ProcessResult.archlint(["lint", root.path, "--no-cache"])
        #expect(result.stdout.contains("skipped 1 symlink leaving the root (--follow-external-symlinks follows them)"), "\(result.stdout)")
        // Machine formats keep stdout parseable and say it on stderr.
        let json = try ProcessResult.archlint(["lint", root.path, "--no-cache", "--format", "json"])
        #expect(json.stderr.contains("archlint: skipped 1 symlink leaving the root"), "\(json.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
    }

    @Test func aFIFOCacheFileIsIgnoredWithANote() throws {
        let root = try Self.fixtureCopy()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-fifo-cache-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: cache)
        }
        // Learn where the cache goes, then put a FIFO there.
        let first = try ProcessResult.archlint(["lint", root.path, "--cache-dir", cache.path])
        let files = FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String } ?? []
        let cacheFile = try #require(files.first { $0.hasSuffix("/scan.cache") })
        let path = cache.appendingPathComponent(cacheFile).path
        try FileManager.default.removeItem(atPath: path)
        for stored in files where stored.hasSuffix("lint-result.cache") {
            try? FileManager.default.removeItem(atPath: cache.appendingPathComponent(stored).path)
        }
        #expect(mkfifo(path, 0o644) == 0)
        let second = try ProcessResult.archlint(["lint", root.path, "--cache-dir", cache.path])
        #expect(second.status == first.status)
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("note: ignored the cache file \(path): it is a FIFO, not a regular file"), "\(second.stderr)")
    }

    @Test func pruningKeepsTheBaselineModeAndLink() throws {
        let root = try Self.fixtureCopy()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("baselines/real.json").path
        try FileManager.default.createDirectory(atPath: root.appendingPathComponent("baselines").path, withIntermediateDirectories: true)
        let recorded = try ProcessResult.archlint(["baseline", root.path, "--output", target, "--no-cache"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // A fixed violation: an entry that no longer matches anything.
        var text = try String(contentsOfFile: target, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"violations\": [", with: """
            "violations": [
                {"rule": "cross-feature-import", "module": "Gone", "subject": ["Gone", "X", "X"], "file": null, "count": 1},
            """)
        try text.write(toFile: target, atomically: true, encoding: .utf8)
        #expect(chmod(target, 0o600) == 0)
        let link = root.appendingPathComponent(".archlint-baseline.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "baselines/real.json")

        let pruned = try ProcessResult.archlint(["lint", root.path, "--baseline", link, "--prune-baseline", "--no-cache"])
        #expect(pruned.stderr.contains("removed 1 fixed violation(s)"), "\(pruned.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "baselines/real.json")
        var info = stat()
        stat(target, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try !String(contentsOfFile: target, encoding: .utf8).contains("Gone"))
    }

    @Test func aCrashPrintsOneLineOfArchlintsOwnFirst() throws {
        let result = try ProcessResult.archlint(
            ["lint", ".", "--no-cache"], in: FixturePaths.fixtures.appendingPathComponent("feature-imports"),
            environment: ["ARCHLINT_TEST_CRASH_FILE": "HomeViewController.swift"])
        #expect(result.uncaughtSignal, "status \(result.status): \(result.stderr)")
        #expect(result.status == SIGSEGV)
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix(
            "archlint: crashed (SIGSEGV) while scanning AppFeatures/Sources/HomeFeature/HomeViewController.swift — please report it"),
            "\(result.stderr.prefix(500))")
        #expect(firstLine.hasSuffix("add \"AppFeatures/Sources/HomeFeature/HomeViewController.swift\" to `exclude:` in .archlint.yml"))
        // No Swift backtrace unless asked for with SWIFT_BACKTRACE.
        #expect(result.stderr.utf8.count < 1_000, "\(result.stderr.utf8.count) bytes")
    }

    /// Issue 37: a reader's crash said "during rules"; it names the project being read.
    @Test func aCrashWhileReadingAProjectNamesTheProject() throws {
        let result = try ProcessResult.archlint(
            ["lint", ".", "--no-cache"], in: FixturePaths.fixtures.appendingPathComponent("xcode-app"),
            environment: ["ARCHLINT_TEST_CRASH_FILE": "App.xcodeproj"])
        #expect(result.uncaughtSignal, "status \(result.status): \(result.stderr)")
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix("archlint: crashed (SIGSEGV) while scanning App.xcodeproj — please report it"),
                "\(result.stderr.prefix(500))")
        #expect(!result.stderr.contains("during rules"))
    }

    @Test func aCrashOutsideTheScanNamesThePhase() throws {
        let result = try ProcessResult.archlint(
            ["lint", ".", "--no-cache"], in: FixturePaths.fixtures.appendingPathComponent("feature-imports"),
            environment: ["ARCHLINT_TEST_CRASH_PHASE": "rules"])
        #expect(result.uncaughtSignal, "status \(result.status): \(result.stderr)")
        #expect(result.stderr.hasPrefix(
            "archlint: crashed (SIGSEGV) during rules — please report it with the command line and, if you can, the files involved\n"),
            "\(result.stderr.prefix(500))")
    }
}
