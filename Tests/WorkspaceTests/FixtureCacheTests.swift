import ArchlintModel
import Configuration
import Foundation
import Rules
import Testing
@testable import Workspace

/// Over every fixture: cold-cached, warm (racy records re-verified by hash) and settled-warm (stat-key hits)
/// scans produce byte-identical model JSON to an uncached scan.
@Suite struct FixtureCacheTests {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    private func json(_ model: WorkspaceModel) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(model)
    }

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 2)
    }

    @Test(arguments: fixtures)
    func cachedScanIsByteIdenticalToUncached(fixture: String) throws {
        let root = Self.fixturesDirectory.appendingPathComponent(fixture).path
        let configuration = try ConfigurationLoader.load(
            root: root, explicitPath: nil, rules: RuleRegistry.configurationSchemas)
        let cacheDirectory = try TemporaryRepository()
        let reference = try json(WorkspaceScanner(options: ScanOptions(useCache: false)).scan(root: root, configuration: configuration))

        let recent = WorkspaceScanner(options: ScanOptions(cacheDirectory: cacheDirectory.root))
        var settled = recent
        settled.clock = { currentTimeNanoseconds() + 3_600_000_000_000 }
        let cold = try recent.scanWithStatistics(root: root, configuration: configuration)
        let rewritten = try settled.scanWithStatistics(root: root, configuration: configuration)
        let warm = try settled.scanWithStatistics(root: root, configuration: configuration)

        #expect(cold.statistics.cacheState == .missing)
        #expect(warm.statistics.cacheState == .loaded)
        #expect(warm.statistics.filesParsed == 0)
        #expect(warm.statistics.filesReusedByStatKey == warm.statistics.filesDiscovered - warm.statistics.filesRejected)
        for result in [cold, rewritten, warm] {
            #expect(try json(result.model) == reference)
        }
    }
}
