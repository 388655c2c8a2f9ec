import ArchlintModel
import Foundation
import Testing
@testable import Workspace

/// Cache paths holding something other than a cache: a FIFO, a link to a device, a huge sparse file, and temporary
/// files a killed run left behind.
@Suite struct CacheHardeningTests {
    static func cachedScanner(_ cacheDirectory: String) -> WorkspaceScanner {
        WorkspaceScanner(options: ScanOptions(cacheDirectory: cacheDirectory, useCache: true))
    }

    /// Plants `plant` where the cache of `repo` lives, scans (bounded in time), and returns the statistics.
    static func scan(_ repo: TemporaryRepository, cache: TemporaryRepository, plant: (String) throws -> Void) throws -> ScanStatistics? {
        let scanner = cachedScanner(cache.root)
        let filePath = try #require(CacheStore(
            baseDirectory: cache.root, absoluteRoot: WorkspaceScanner.absolutePath(repo.root),
            fileName: CacheStore.fileName(for: scanner.options.demand))).filePath
        try FileManager.default.createDirectory(atPath: RelativePath.parent(filePath), withIntermediateDirectories: true)
        try plant(filePath)
        let root = repo.root
        return DiscoveryHardeningTests.finishes(within: 30) {
            try? scanner.scanWithStatistics(root: root, configuration: .init()).statistics
        } ?? nil
    }

    @Test func aFIFOInPlaceOfTheCacheIsIgnoredAndReplaced() throws {
        let repo = try TemporaryRepository(["A.swift": "struct A {}\n"])
        let cache = try TemporaryRepository()
        var planted = ""
        let statistics = try Self.scan(repo, cache: cache) { path in
            planted = path
            #expect(mkfifo(path, 0o644) == 0)
        }
        #expect(statistics?.cacheState == .unusable(reason: "it is a FIFO, not a regular file"))
        #expect(statistics?.filesParsed == 1)
        // The next write replaced the FIFO with a real cache.
        #expect(statistics?.cacheWritten == true)
        #expect(FileStatus.of(planted, followingSymlinks: false).map(\.kind) == .success(.regular))
    }

    @Test func aSymlinkToDevZeroIsIgnored() throws {
        let repo = try TemporaryRepository(["A.swift": "struct A {}\n"])
        let cache = try TemporaryRepository()
        let statistics = try Self.scan(repo, cache: cache) { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        }
        #expect(statistics?.cacheState == .unusable(reason: "it is a symlink, not a regular file"))
        #expect(statistics?.filesParsed == 1)
    }

    @Test func aHugeSparseCacheFileIsNotRead() throws {
        let repo = try TemporaryRepository(["A.swift": "struct A {}\n"])
        let cache = try TemporaryRepository()
        let statistics = try Self.scan(repo, cache: cache) { path in
            #expect(truncate(path, off_t(CacheStore.maximumFileSize) + 1) == 0 || creat(path, 0o644) >= 0)
            #expect(truncate(path, off_t(CacheStore.maximumFileSize) + 1) == 0)
        }
        guard case .unusable(let reason)? = statistics?.cacheState else {
            Issue.record("expected an unusable cache, got \(String(describing: statistics?.cacheState))")
            return
        }
        #expect(reason.contains("more than the 1024 MiB archlint reads"))
    }

    @Test func staleTemporaryFilesAreRemovedAndFreshOnesKept() throws {
        let repo = try TemporaryRepository(["A.swift": "struct A {}\n"])
        let cache = try TemporaryRepository()
        var stale = ""
        var fresh = ""
        let statistics = try Self.scan(repo, cache: cache) { path in
            stale = path + ".tmp-999-dead"
            fresh = path + ".tmp-998-live"
            for file in [stale, fresh] {
                #expect(FileManager.default.createFile(atPath: file, contents: Data(repeating: 7, count: 1 << 20)))
            }
            var times = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_600, tv_usec: 0)]
            #expect(utimes(stale, &times) == 0)
        }
        #expect(statistics?.cacheWritten == true)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }
}
