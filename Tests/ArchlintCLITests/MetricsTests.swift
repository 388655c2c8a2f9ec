import ArchlintKit
import ArchlintModel
import ArchlintTestSupport
import Foundation
import Graphs
import Reporting
import Testing

/// `archlint metrics` on Fixtures/metrics-coupling, against numbers worked out by hand from its Package.swift and
/// sources (externals such as NeedleFoundation and Foundation never count; CoreTests is not a dependant).
///
/// Dependencies (declared ∪ imported, own modules only):
///   App → HomeFeature, CartFeature, Core          HomeFeature → Core, CartInterface
///   CartFeature → Core, CartInterface, Models     CartInterface → Models
///   Core → Models, Formatting                     Formatting → Models
///   CoreTests → Core, Models
@Suite struct MetricsTests {
    static let fixture = FixturePaths.fixtures.appendingPathComponent("metrics-coupling").path

    static func metrics() throws -> ArchitectureMetrics {
        ArchitectureMetrics(try Analyzer.analyze(root: fixture, options: AnalyzerOptions(scan: .init(useCache: false))))
    }

    /// The hand computation: (Ca, Ce, types, protocols, files, lines, components) per module, and I, A, D as
    /// fractions.
    struct Expected {
        var fanIn, fanOut, types, protocols, files, lines, components: Int
        var instability, abstractness, distance: Double
    }

    static let expected: [String: Expected] = [
        // I = 3/3; A = 0/1; D = |0 + 1 − 1|.
        "Shop/App": Expected(fanIn: 0, fanOut: 3, types: 1, protocols: 0, files: 1, lines: 8, components: 1,
                             instability: 1, abstractness: 0, distance: 0),
        // I = 2/3; A = 1/3 (the protocol HomeDependency of three types); D = |1/3 + 2/3 − 1|.
        "Shop/HomeFeature": Expected(fanIn: 1, fanOut: 2, types: 3, protocols: 1, files: 2, lines: 6 + 5, components: 1,
                                     instability: 2.0 / 3, abstractness: 1.0 / 3, distance: 0),
        // I = 3/4; the extension is not a type; D = |0 + 3/4 − 1|.
        "Shop/CartFeature": Expected(fanIn: 1, fanOut: 3, types: 1, protocols: 0, files: 1, lines: 11, components: 0,
                                     instability: 3.0 / 4, abstractness: 0, distance: 1.0 / 4),
        // I = 1/3; A = 2/2; D = |1 + 1/3 − 1|.
        "Shop/CartInterface": Expected(fanIn: 2, fanOut: 1, types: 2, protocols: 2, files: 1, lines: 7, components: 0,
                                       instability: 1.0 / 3, abstractness: 1, distance: 1.0 / 3),
        // Ca = App, HomeFeature, CartFeature (not CoreTests); I = 2/5; A = 1/3 (the nested enum counts);
        // D = |1/3 + 2/5 − 1| = 4/15.
        "Shop/Core": Expected(fanIn: 3, fanOut: 2, types: 3, protocols: 1, files: 1, lines: 9, components: 0,
                              instability: 2.0 / 5, abstractness: 1.0 / 3, distance: 4.0 / 15),
        // I = 1/2; D = |0 + 1/2 − 1|.
        "Shop/Formatting": Expected(fanIn: 1, fanOut: 1, types: 1, protocols: 0, files: 1, lines: 5, components: 0,
                                    instability: 1.0 / 2, abstractness: 0, distance: 1.0 / 2),
        // I = 0/4; Price.swift has one line and no final newline; D = |0 + 0 − 1|.
        "Shop/Models": Expected(fanIn: 4, fanOut: 0, types: 2, protocols: 0, files: 2, lines: 3 + 1, components: 0,
                                instability: 0, abstractness: 0, distance: 1),
        // Nothing counts a test as a dependency: I = 2/2.
        "Shop/CoreTests": Expected(fanIn: 0, fanOut: 2, types: 1, protocols: 0, files: 1, lines: 5, components: 0,
                                   instability: 1, abstractness: 0, distance: 0),
    ]

    static func check(_ actual: CouplingMetrics, _ expected: Expected, _ name: String) {
        #expect(actual.fanIn == expected.fanIn, "\(name) fan-in")
        #expect(actual.fanOut == expected.fanOut, "\(name) fan-out")
        #expect(actual.types == expected.types, "\(name) types")
        #expect(actual.protocols == expected.protocols, "\(name) protocols")
        #expect(actual.files == expected.files, "\(name) files")
        #expect(actual.lines == expected.lines, "\(name) lines")
        #expect(actual.components == expected.components, "\(name) components")
        #expect(abs(actual.instability - expected.instability) < 1e-9, "\(name) instability \(actual.instability)")
        #expect(abs(actual.abstractness - expected.abstractness) < 1e-9, "\(name) abstractness \(actual.abstractness)")
        #expect(abs(actual.distance - expected.distance) < 1e-9, "\(name) distance \(actual.distance)")
    }

    @Test func everyModuleMatchesTheHandComputation() throws {
        let metrics = try Self.metrics()
        // Externals (NeedleFoundation, Foundation, XCTest) are not measured.
        #expect(metrics.modules.map(\.id) == Self.expected.keys.sorted())
        for module in metrics.modules {
            guard let expected = Self.expected[module.id] else { continue }
            Self.check(module.metrics, expected, module.id)
        }
        let byID = metrics.byModule
        #expect(byID["Shop/CartInterface"]?.feature == "CartFeature")
        #expect(byID["Shop/CartInterface"]?.layer == "feature")
        #expect(byID["Shop/CoreTests"]?.layer == nil)
    }

    @Test func layersAreMeasuredAsOneUnitEach() throws {
        let layers = try Self.metrics().layers
        #expect(layers.map(\.name) == ["app", "feature", "core"])
        // app = {App}: nothing depends on it; it depends on HomeFeature, CartFeature, Core.
        Self.check(layers[0].metrics, Expected(
            fanIn: 0, fanOut: 3, types: 1, protocols: 0, files: 1, lines: 8, components: 1,
            instability: 1, abstractness: 0, distance: 0), "app")
        // feature = {HomeFeature, CartFeature, CartInterface}: Ca = {App}, Ce = {Core, Models}; I = 2/3;
        // A = 3/6; D = |1/2 + 2/3 − 1| = 1/6.
        Self.check(layers[1].metrics, Expected(
            fanIn: 1, fanOut: 2, types: 6, protocols: 3, files: 4, lines: 11 + 11 + 7, components: 1,
            instability: 2.0 / 3, abstractness: 1.0 / 2, distance: 1.0 / 6), "feature")
        #expect(layers[1].modules == ["Shop/CartFeature", "Shop/CartInterface", "Shop/HomeFeature"])
        #expect(abs(layers[1].meanDistance - (0 + 1.0 / 4 + 1.0 / 3) / 3) < 1e-9)
        // core = {Core, Formatting, Models}: Ca = {App, HomeFeature, CartFeature, CartInterface} (not CoreTests),
        // Ce = {}; I = 0; A = 1/6; D = 5/6.
        Self.check(layers[2].metrics, Expected(
            fanIn: 4, fanOut: 0, types: 6, protocols: 1, files: 4, lines: 9 + 5 + 4, components: 0,
            instability: 0, abstractness: 1.0 / 6, distance: 5.0 / 6), "core")
        #expect(abs(layers[2].meanDistance - (4.0 / 15 + 1.0 / 2 + 1) / 3) < 1e-9)
    }

    @Test func featuresTakeTheirInterfaces() throws {
        let features = try Self.metrics().features
        #expect(features.map(\.name) == ["CartFeature", "HomeFeature"])
        // CartFeature = {CartFeature, CartInterface}: Ca = {App, HomeFeature}, Ce = {Core, Models}; I = 1/2;
        // A = 2/3; D = |2/3 + 1/2 − 1| = 1/6.
        #expect(features[0].modules == ["Shop/CartFeature", "Shop/CartInterface"])
        Self.check(features[0].metrics, Expected(
            fanIn: 2, fanOut: 2, types: 3, protocols: 2, files: 2, lines: 18, components: 0,
            instability: 1.0 / 2, abstractness: 2.0 / 3, distance: 1.0 / 6), "CartFeature")
        Self.check(features[1].metrics, Self.expected["Shop/HomeFeature"]!, "HomeFeature")
    }

    /// The whole json contract, reviewed once by hand against the numbers above (ARCHLINT_UPDATE_GOLDENS=1 rewrites it).
    @Test func jsonMatchesTheFixturesGolden() throws {
        try FixtureGoldenTests.compare(
            MetricsReport.render(try Self.metrics(), format: .json), fixture: "metrics-coupling", file: "metrics.json")
    }

    @Test func aModuleWithoutCouplingHasInstabilityOne() {
        #expect(Instability(fanIn: 0, fanOut: 0).value == 1)
        #expect(Instability(fanIn: 0, fanOut: 0).fraction == "0/0")
        #expect(Instability(fanIn: 0, fanOut: 0) == Instability(fanIn: 0, fanOut: 3))
        #expect(Instability(fanIn: 1, fanOut: 0) < Instability(fanIn: 0, fanOut: 0))
        #expect(Instability(fanIn: 1, fanOut: 2) == Instability(fanIn: 2, fanOut: 4))
        #expect(Instability(fanIn: 3, fanOut: 2) < Instability(fanIn: 1, fanOut: 1))
        #expect(!(Instability(fanIn: 1, fanOut: 1) < Instability(fanIn: 2, fanOut: 2)))
        // An isolated module without types: I = 1, A = 0, on the main sequence.
        #expect(CouplingMetrics().distance == 0)
    }

    @Test func lineCountsCountALastLineWithoutNewline() {
        #expect(SourceLineCounts.lines(in: []) == 0)
        #expect(SourceLineCounts.lines(in: Array("a".utf8)) == 1)
        #expect(SourceLineCounts.lines(in: Array("a\n".utf8)) == 1)
        #expect(SourceLineCounts.lines(in: Array("a\n\nb".utf8)) == 3)
    }

    @Test func csvHasOneRowPerModuleLayerAndFeature() throws {
        let csv = MetricsReport.render(try Self.metrics(), format: .csv)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows[0] == [
            "scope", "id", "name", "type", "layer", "feature", "modules", "fanIn", "fanOut", "instability",
            "abstractness", "distance", "types", "protocols", "files", "lines", "components",
        ])
        #expect(rows.dropFirst().allSatisfy { $0.count == rows[0].count })
        #expect(rows.filter { $0[0] == "module" }.count == 8)
        #expect(rows.filter { $0[0] == "layer" }.map { $0[1] } == ["app", "feature", "core"])
        #expect(rows.filter { $0[0] == "feature" }.map { $0[1] } == ["CartFeature", "HomeFeature"])
        #expect(rows.contains(["module", "Shop/Core", "Core", "regular", "core", "", "1", "3", "2", "0.4", "0.3333", "0.2667", "3", "1", "1", "9", "0"]))
        #expect(MetricsReport.csvField("a,\"b\"") == "\"a,\"\"b\"\"\"")
        #expect(MetricsReport.csvField("=cmd()") == "'=cmd()")
    }

    @Test func jsonAndTheGraphJSONCarryTheSameNumbers() throws {
        let analysis = try Analyzer.analyze(root: Self.fixture, options: AnalyzerOptions(scan: .init(useCache: false)))
        let metrics = ArchitectureMetrics(analysis)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(MetricsReport.render(metrics, format: .json).utf8)) as? [String: Any])
        #expect(json["kind"] as? String == "metrics")
        let modules = try #require(json["modules"] as? [[String: Any]])
        let core = try #require(modules.first { $0["id"] as? String == "Shop/Core" })
        #expect(core["fanIn"] as? Int == 3)
        #expect(core["instability"] as? Double == 0.4)
        #expect(core["distance"] as? Double == 0.2667)
        #expect(core["layer"] as? String == "core")
        #expect((json["layers"] as? [[String: Any]])?.map { $0["name"] as? String } == ["app", "feature", "core"])

        let graph = GraphJSON.modules(analysis.moduleGraph, metrics: metrics.byModule)
        let nodes = try #require((try JSONSerialization.jsonObject(with: Data(graph.utf8)) as? [String: Any])?["nodes"] as? [[String: Any]])
        let coreNode = try #require(nodes.first { $0["id"] as? String == "Shop/Core" })
        // The existing keys stay, in order; metrics come last.
        #expect(coreNode["files"] as? Int == 1)
        #expect((coreNode["metrics"] as? [String: Any])?["instability"] as? Double == 0.4)
        #expect((coreNode["metrics"] as? [String: Any])?["lines"] as? Int == 9)
        let external = try #require(nodes.first { $0["type"] as? String == "external" })
        #expect(external["metrics"] is NSNull)
        // Without metrics the graph JSON is what it always was.
        #expect(!GraphJSON.modules(analysis.moduleGraph).contains("\"metrics\""))
    }

    @Test func stableDependenciesReportsTheFixturesOneUpstreamEdge() throws {
        let analysis = try Analyzer.analyze(root: Self.fixture, options: AnalyzerOptions(scan: .init(useCache: false)))
        let found = analysis.diagnostics.filter { $0.rule == "stable-dependencies" }
        // Core (2/5) → Formatting (1/2), declared in Package.swift and imported in Store.swift.
        #expect(found.map(\.location.file).sorted() == ["Package.swift", "Sources/Core/Store.swift"])
        #expect(found.allSatisfy { $0.message.contains("'Core' (instability 0.40 = 2/5)") && $0.message.contains("(instability 0.50 = 1/2)") })
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test func stableDependenciesIsOffByDefaultAndOnInStrict() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-metrics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("plain.yml"), strict = directory.appendingPathComponent("strict.yml")
        try "features:\n  modules: [\"*Feature\"]\n".write(to: plain, atomically: true, encoding: .utf8)
        try "extends: [strict]\n".write(to: strict, atomically: true, encoding: .utf8)
        let off = try ProcessResult.archlint(["lint", Self.fixture, "--config", plain.path, "--no-cache"])
        #expect(!off.stdout.contains("[stable-dependencies]"))
        let on = try ProcessResult.archlint(["lint", Self.fixture, "--config", strict.path, "--no-cache"])
        #expect(on.stdout.contains("warning: 'Core' (instability 0.40 = 2/5) declares a dependency on 'Formatting'"))
        #expect(!on.stdout.contains("error: 'Core' (instability"))
    }

    @Test func theCommandPrintsEveryFormat() throws {
        let text = try ProcessResult.archlint(["metrics", Self.fixture, "--no-cache"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Modules (8)"))
        #expect(text.stdout.contains("Layers (3)"))
        #expect(text.stdout.contains("Features (2)"))
        let csv = try ProcessResult.archlint(["metrics", Self.fixture, "--no-cache", "--format", "csv"])
        #expect(csv.stdout.hasPrefix("scope,id,name,"))
        let json = try ProcessResult.archlint(["metrics", Self.fixture, "--no-cache", "--format", "json"])
        #expect(json.stdout.hasPrefix("{\n  \"kind\": \"metrics\""))
        let graph = try ProcessResult.archlint(["graph", Self.fixture, "--no-cache", "--format", "json"])
        #expect(graph.stdout.contains("\"metrics\": {"))
        let bad = try ProcessResult.archlint(["metrics", Self.fixture, "--format", "yaml"])
        #expect(bad.status == 2)
    }
}
