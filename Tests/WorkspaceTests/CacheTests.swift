import ArchlintModel
import Manifests
import Foundation
import Testing
import Rules
@testable import Workspace

@Suite struct CacheTests {
    /// A repo with a package, a nested package, loose files, a binary file and an empty file: 7 Swift files, 6 readable.
    private func makeRepository() throws -> TemporaryRepository {
        let repo = try TemporaryRepository([
            "Package.swift": "// root manifest\n",
            "Sources/Core/Core.swift": "import Foundation\npublic struct Core {}\n",
            "Sources/Core/Extra.swift": "import Core\n",
            "AppPackage/Package.swift": "// nested manifest\n",
            "AppPackage/Sources/Feature/Feature.swift": "import Core\n",
            "MainApp/AppDelegate.swift": "import UIKit\n",
            "MainApp/Copy.swift": "import UIKit\n",
            "MainApp/Empty.swift": "",
        ])
        try repo.write("MainApp/Blob.swift", bytes: [0, 1, 2])
        return repo
    }

    private let manifests = [
        "Package.swift": ManifestFacts(path: "Package.swift", packageName: "Root", targets: [target("Core")]),
        "AppPackage/Package.swift": ManifestFacts(
            path: "AppPackage/Package.swift", packageName: "AppPackage", targets: [target("Feature")]),
    ]

    private func encodeJSON(_ model: WorkspaceModel) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(model)
    }

    @Test func cachedAndUncachedRunsProduceIdenticalModels() throws {
        let repo = try makeRepository()
        let cacheDirectory = try TemporaryRepository()
        let uncached = try scanner(manifests: manifests).scan(root: repo.root, configuration: .init())

        let cached = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root)
        let cold = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(cold.statistics.cacheState == .missing)
        #expect(cold.statistics.filesParsed == 6)
        #expect(cold.statistics.filesRejected == 1)
        #expect(cold.statistics.cacheWritten)

        let warm = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(warm.statistics.cacheState == .loaded)
        #expect(warm.statistics.filesParsed == 0)
        #expect(warm.statistics.filesReusedByStatKey + warm.statistics.filesReusedByContentHash == 6)
        #expect(warm.statistics.manifestsReusedFromCache == 2)

        #expect(try encodeJSON(cold.model) == encodeJSON(uncached))
        #expect(try encodeJSON(warm.model) == encodeJSON(uncached))
    }

    @Test func cacheLivesUnderTheGivenDirectoryPerRoot() throws {
        let repo = try makeRepository()
        let cacheDirectory = try TemporaryRepository()
        let result = try scanner(manifests: manifests, cacheDirectory: cacheDirectory.root)
            .scanWithStatistics(root: repo.root, configuration: .init())
        let file = try #require(result.statistics.cacheFile)
        #expect(file.hasPrefix(cacheDirectory.root + "/"))
        // A scan parsing everything (`graph`, `metrics`) keeps its own file; a lint's is `scan.cache`.
        #expect(file.hasSuffix("/scan-full.cache"))
        #expect(FileManager.default.fileExists(atPath: file))
        var lintScanner = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root)
        lintScanner.options.demand = .lint(.init())
        let lint = try #require(lintScanner.scanWithStatistics(root: repo.root, configuration: .init()).statistics.cacheFile)
        #expect(lint == RelativePath.parent(file) + "/scan.cache")
        #expect(FileManager.default.fileExists(atPath: lint))
        // Nothing was written into the scanned tree.
        let written = try FileManager.default.subpathsOfDirectory(atPath: repo.root).filter { $0.contains("cache") }
        #expect(written.isEmpty)
    }

    @Test func tuistFolderConventionsArePartOfTheCacheKey() {
        var conventions = ArchlintConfiguration()
        conventions.tuist.folderConventions = true
        #expect(CacheKey.configurationFingerprint(conventions, manifestMode: .static)
            != CacheKey.configurationFingerprint(.init(), manifestMode: .static))
    }

    @Test func defaultCacheDirectoryFollowsXDG() {
        #expect(CacheStore.defaultBaseDirectory(["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/archlint")
        #expect(CacheStore.defaultBaseDirectory(["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/archlint")
        #expect(CacheStore.defaultBaseDirectory([:]) == nil)
        let store = CacheStore(baseDirectory: nil, absoluteRoot: "/repo", environment: ["HOME": "/home/u"])
        #expect(store?.filePath == "/home/u/.cache/archlint/\(XXHash64.hash("/repo").paddedHex)/scan.cache")
    }

    @Test(arguments: ["flip", "truncate", "garbage", "empty"])
    func corruptedCacheIsIgnoredAndRebuilt(_ damage: String) throws {
        let repo = try makeRepository()
        let cacheDirectory = try TemporaryRepository()
        let cached = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root)
        let first = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        let file = try #require(first.statistics.cacheFile)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        switch damage {
        case "flip": bytes[bytes.count / 2] ^= 0x40
        case "truncate": bytes.removeLast(bytes.count / 3)
        case "garbage": bytes = Array("not a cache at all, just some text".utf8)
        default: bytes = []
        }
        try Data(bytes).write(to: URL(fileURLWithPath: file))

        let recovered = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        guard case .discarded = recovered.statistics.cacheState else {
            Issue.record("expected the damaged cache to be discarded, got \(recovered.statistics.cacheState)")
            return
        }
        #expect(recovered.statistics.filesParsed == 6)
        #expect(recovered.statistics.cacheWritten)
        #expect(try encodeJSON(recovered.model) == encodeJSON(first.model))

        let afterwards = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(afterwards.statistics.cacheState == .loaded)
        #expect(afterwards.statistics.filesParsed == 0)
    }

    @Test func editingOneFileRescansExactlyThatFile() throws {
        let repo = try makeRepository()
        let cacheDirectory = try TemporaryRepository()
        let cached = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root, settled: true)
        _ = try cached.scanWithStatistics(root: repo.root, configuration: .init())

        let unchanged = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(unchanged.statistics.filesReusedByStatKey == 6)
        #expect(unchanged.statistics.filesParsed == 0)
        #expect(!unchanged.statistics.cacheWritten)

        try repo.write("Sources/Core/Extra.swift", "import Core\nimport Combine\n")
        let edited = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(edited.statistics.filesParsed == 1)
        #expect(edited.statistics.filesReusedByStatKey == 5)
        #expect(edited.statistics.cacheWritten)
        let uncached = try scanner(manifests: manifests).scan(root: repo.root, configuration: .init())
        #expect(try encodeJSON(edited.model) == encodeJSON(uncached))
    }

    @Test func sameSizeEditWithRestoredMtimeIsStillCaught() throws {
        let repo = try makeRepository()
        repo.setModificationTimeOfAllFiles()
        let cacheDirectory = try TemporaryRepository()
        let cached = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root, settled: true)
        _ = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        // Same length, and mtime put back: only ctime (and the content) tell. Sleep past the ctime granularity.
        usleep(50_000)
        try repo.write("MainApp/Copy.swift", "import Kit2\n\n")
        #expect("import Kit2\n\n".utf8.count == "import UIKit\n".utf8.count)
        repo.setModificationTime("MainApp/Copy.swift")
        let edited = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(edited.statistics.filesParsed == 1)
    }

    @Test func recentlyChangedFilesAreVerifiedByContentHash() throws {
        let repo = try makeRepository()  // files written just now: racy
        let cacheDirectory = try TemporaryRepository()
        let cached = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root)
        _ = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        let second = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(second.statistics.filesReusedByStatKey == 0)
        #expect(second.statistics.filesReusedByContentHash == 6)
        #expect(second.statistics.filesParsed == 0)
    }

    @Test func configurationChangeInvalidatesTheCache() throws {
        let repo = try makeRepository()
        let cacheDirectory = try TemporaryRepository()
        let cached = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root, settled: true)
        _ = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        let changed = ArchlintConfiguration(modules: [ModuleMapping(path: "MainApp/**", name: "App")])
        let rescanned = try cached.scanWithStatistics(root: repo.root, configuration: changed)
        #expect(rescanned.statistics.cacheState == .discarded(reason: "staleKey"))
        #expect(rescanned.statistics.filesParsed == 6)
        #expect(rescanned.model.module("App")?.files.count == 4)
        // Rules and layers don't affect scanning, so they don't invalidate.
        let rulesOnly = ArchlintConfiguration(
            modules: changed.modules, rules: ["cross-feature-import": RuleSetting(severity: .error)])
        #expect(try cached.scanWithStatistics(root: repo.root, configuration: rulesOnly).statistics.filesParsed == 0)
    }

    @Test func overlappingRunsLeaveAValidCache() throws {
        let repo = try makeRepository()
        let cacheDirectory = try TemporaryRepository()
        let cached = scanner(manifests: manifests, cacheDirectory: cacheDirectory.root)
        let reference = try encodeJSON(scanner(manifests: manifests).scan(root: repo.root, configuration: .init()))
        let results = ResultBox()
        let root = repo.root
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try? encoder.encode(cached.scan(root: root, configuration: .init()))
            results.append(data)
        }
        #expect(results.values.allSatisfy { $0 == reference })
        let afterwards = try cached.scanWithStatistics(root: repo.root, configuration: .init())
        #expect(afterwards.statistics.cacheState == .loaded)
        #expect(try encodeJSON(afterwards.model) == reference)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: cacheDirectory.root).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func disabledCacheWritesNothing() throws {
        let repo = try makeRepository()
        let result = try uncachedScanner().scanWithStatistics(root: repo.root, configuration: .init())
        #expect(result.statistics.cacheState == .disabled)
        #expect(result.statistics.cacheFile == nil)
        #expect(!result.statistics.cacheWritten)
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Data?] = []

    func append(_ value: Data?) { lock.withLock { storage.append(value) } }
    var values: [Data?] { lock.withLock { storage } }
}
