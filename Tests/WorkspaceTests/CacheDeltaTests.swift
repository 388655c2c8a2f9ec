import ArchlintModel
import Foundation
import Testing
@testable import Workspace

/// A warm run after a small edit writes a delta over the cache instead of rewriting it, and a delta is only ever
/// trusted over the exact base it was written for.
@Suite struct CacheDeltaTests {
    /// 40 files in 4 modules: large enough that one edited file is a small change.
    private func makeRepository() throws -> TemporaryRepository {
        var files: [String: String] = [:]
        for module in 0..<4 {
            for index in 0..<10 {
                files["Modules/M\(module)/File\(index).swift"] = """
                    import Foundation
                    import M\((module + 1) % 4)

                    public struct Type\(module)x\(index) {
                        public let value: Int
                        public func describe() -> String { "\\(value)" }
                    }

                    """
            }
        }
        return try TemporaryRepository(files)
    }

    /// A repository, its own cache directory, and a settled scanner (files the test writes aren't racy).
    private struct Scenario {
        let repo: TemporaryRepository
        let cache: TemporaryRepository
        let scanner: WorkspaceScanner
        let cacheFile: String

        /// After the first (cold) scan.
        static func cold(_ repo: TemporaryRepository) throws -> (Scenario, WorkspaceScan) {
            let cache = try TemporaryRepository()
            var scanner = WorkspaceScanner(options: ScanOptions(cacheDirectory: cache.root))
            scanner.clock = { currentTimeNanoseconds() + 3_600_000_000_000 }
            let cold = try scanner.scanWithStatistics(root: repo.root, configuration: .init())
            let cacheFile = try #require(cold.statistics.cacheFile)
            return (Scenario(repo: repo, cache: cache, scanner: scanner, cacheFile: cacheFile), cold)
        }

        func scan() throws -> WorkspaceScan {
            try scanner.scanWithStatistics(root: repo.root, configuration: .init())
        }
    }

    private func json(_ model: WorkspaceModel) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(model)
    }

    private func reference(_ repo: TemporaryRepository) throws -> Data {
        try json(WorkspaceScanner(options: ScanOptions(useCache: false)).scan(root: repo.root, configuration: .init()))
    }

    private func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func aSmallEditWritesADeltaAndTheNextRunUsesIt() throws {
        let (scenario, _) = try Scenario.cold(try makeRepository())
        let repo = scenario.repo, cacheFile = scenario.cacheFile
        let base = try #require(read(cacheFile))
        #expect(read(cacheFile + ".delta") == nil)

        try repo.write("Modules/M1/File3.swift", "import Foundation\nimport M0\npublic enum Edited {}\n")
        try repo.write("Modules/M2/New.swift", "import M3\n")
        let edited = try scenario.scan()
        #expect(edited.statistics.filesParsed == 2)
        #expect(edited.statistics.cacheWritten)
        #expect(read(cacheFile) == base)
        let delta = try #require(read(cacheFile + ".delta"))
        #expect(delta.count < base.count / 8)
        #expect(try json(edited.model) == reference(repo))

        let warm = try scenario.scan()
        #expect(warm.statistics.filesParsed == 0)
        #expect(warm.statistics.filesReusedByStatKey == 41)
        #expect(!warm.statistics.cacheWritten)
        #expect(try json(warm.model) == reference(repo))

        // A second edit folds into the same delta: still written over the untouched base.
        try repo.write("Modules/M0/File0.swift", "import M2\n")
        let again = try scenario.scan()
        #expect(again.statistics.filesParsed == 1)
        #expect(read(cacheFile) == base)
        #expect(try json(again.model) == reference(repo))
        let settled = try scenario.scan()
        #expect(settled.statistics.filesParsed == 0)
    }

    @Test func aDeletedFileRewritesTheCacheAndDropsTheDelta() throws {
        let (scenario, _) = try Scenario.cold(try makeRepository())
        let repo = scenario.repo, cacheFile = scenario.cacheFile
        try repo.write("Modules/M1/File3.swift", "import M0\n")
        _ = try scenario.scan()
        #expect(read(cacheFile + ".delta") != nil)

        try FileManager.default.removeItem(atPath: repo.path("Modules/M3/File9.swift"))
        let afterDelete = try scenario.scan()
        #expect(afterDelete.statistics.cacheWritten)
        #expect(read(cacheFile + ".delta") == nil)
        #expect(try json(afterDelete.model) == reference(repo))
        let warm = try scenario.scan()
        #expect(warm.statistics.filesParsed == 0 && !warm.statistics.cacheWritten)
    }

    @Test func aDamagedOrForeignDeltaIsIgnored() throws {
        let (scenario, _) = try Scenario.cold(try makeRepository())
        let repo = scenario.repo, cacheFile = scenario.cacheFile
        try repo.write("Modules/M1/File3.swift", "import M0\npublic struct Changed {}\n")
        _ = try scenario.scan()
        let delta = try #require(read(cacheFile + ".delta"))

        var flipped = delta
        flipped[flipped.count - 1] ^= 0xFF
        for damaged in [flipped, delta.prefix(20), Data()] {
            try damaged.write(to: URL(fileURLWithPath: cacheFile + ".delta"))
            let run = try scenario.scan()
            // Without the delta the edited file no longer matches the base: it is read again, nothing else is.
            #expect(run.statistics.filesParsed == 1)
            #expect(try json(run.model) == reference(repo))
        }

        // A delta written over another base (here: the base is rebuilt after a deletion) never applies.
        _ = try scenario.scan()
        let current = try #require(read(cacheFile + ".delta"))
        try FileManager.default.removeItem(atPath: repo.path("Modules/M3/File9.swift"))
        _ = try scenario.scan()
        try current.write(to: URL(fileURLWithPath: cacheFile + ".delta"))
        let stale = try scenario.scan()
        #expect(stale.statistics.filesParsed == 0)
        #expect(try json(stale.model) == reference(repo))
    }
}
