import ArchlintKit
import ArchlintModel
import Foundation
import Graphs
import Testing

@testable import Rendering

/// What a picture says about each module (its colour class and its layer cluster, read back from the DOT text)
/// equals what the rules decided: the classifier the rules read, and the edges cross-feature-import and
/// layer-violation reported. On every fixture and on the generated layered app.
@Suite struct ClassificationParityTests {
    static let fixturesDirectory = FixtureRenderingTests.fixtures

    static var fixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: fixturesDirectory.appendingPathComponent("\($0)/expected").path)
        }.sorted()
    }

    /// Per module id: the kind class and the layer cluster label of its node in the module picture.
    struct DrawnModule: Equatable {
        var kind: String
        var layer: String?
    }

    /// Reads nodes back from `ModuleDotWriter`'s text: `subgraph "cluster_layer_…"` blocks with a
    /// `label="layer: name"` line, and node lines with `id="<element id>"` and `class="module <kind>…"`.
    static func drawnModules(_ dot: String, graph: ModuleGraph) -> [String: DrawnModule] {
        let idByElement = Dictionary(
            graph.nodes.map { (GraphElementID.node(graphID: "modules", id: $0.id), $0.id) }, uniquingKeysWith: { a, _ in a })
        var drawn: [String: DrawnModule] = [:]
        var cluster: String?
        var inLayerCluster = false
        for line in dot.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("subgraph \"cluster_layer_") || line.hasPrefix("subgraph cluster_layer_") {
                inLayerCluster = true
                cluster = nil
            } else if line.hasPrefix("subgraph ") {
                inLayerCluster = false
                cluster = nil
            } else if line == "}" {
                inLayerCluster = false
                cluster = nil
            } else if inLayerCluster, line.hasPrefix("graph"), let label = attribute("label", in: line),
                      label.hasPrefix("layer: ") {
                cluster = String(label.dropFirst("layer: ".count))
            } else if let classes = attribute("class", in: line), classes.hasPrefix("module "),
                      let element = attribute("id", in: line), let id = idByElement[element] {
                let kind = classes.split(separator: " ")[1]
                drawn[id] = DrawnModule(kind: String(kind), layer: inLayerCluster ? cluster : nil)
            }
        }
        return drawn
    }

    /// The value of `name="…"` in a DOT attribute list (escapes kept as written).
    static func attribute(_ name: String, in line: String) -> String? {
        for prefix in [" \(name)=\"", "[\(name)=\"", ",\(name)=\""] {
            guard let start = line.range(of: prefix) else { continue }
            var value = ""
            var escaped = false
            for character in line[start.upperBound...] {
                if escaped { value.append(character); escaped = false; continue }
                if character == "\\" { escaped = true; value.append(character); continue }
                if character == "\"" { return value }
                value.append(character)
            }
        }
        return nil
    }

    static func check(_ analysis: ArchitectureAnalysis, name: String) {
        let graph = analysis.moduleGraph
        // The picture builds its own classifier from the configuration and the graph.
        let dot = DotWriter.modules(
            graph: graph, diagnostics: [], configuration: analysis.configuration,
            options: DotOptions(graphID: "modules", clusters: .layers))
        let drawn = drawnModules(dot, graph: graph)
        #expect(drawn.count == graph.nodes.count, "\(name): every module is drawn once")
        let rules = analysis.classifier
        let byIDForOverview = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let layerNames = analysis.configuration.layers.map(\.name)
        for module in graph.nodes {
            guard let picture = drawn[module.id] else { continue }
            let ruled = rules.classification(of: module)
            #expect(picture.kind == ruled.kind.rawValue, "\(name): \(module.id) drawn \(picture.kind), rules say \(ruled.kind)")
            #expect(picture.layer == ruled.layerName, "\(name): \(module.id) drawn in \(picture.layer ?? "no layer"), rules say \(ruled.layerName ?? "no layer")")
        }

        // The layer overview groups modules by the same layers and features.
        let overview = LayerOverview(
            graph: graph, diagnostics: [], configuration: analysis.configuration, options: .init(showExternal: true, showTests: true))
        let groups = Dictionary(overview.groups.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for node in overview.nodes {
            guard let group = groups[node.group] else { continue }
            for id in node.modules {
                guard let module = byIDForOverview[id] else { continue }
                let ruled = rules.classification(of: module)
                // A shown test module sits with the module it tests, by design: a feature's tests with that feature.
                if ruled.isTest {
                    if let owner = ruled.feature {
                        #expect(node.kind == .feature && node.modules.contains { byIDForOverview[$0]?.name == owner },
                                "\(name): \(id) tests \(owner) but the overview puts it in \(node.id)")
                    }
                } else if group.kind == .layer {
                    #expect(group.label == ruled.layerName, "\(name): overview puts \(id) in \(group.label), rules say \(ruled.layerName ?? "no layer")")
                } else if group.kind == .unlayered && overview.byLayer {
                    #expect(ruled.layerName == nil, "\(name): overview leaves \(id) unlayered, rules say \(ruled.layerName ?? "-")")
                }
                if node.kind == .feature {
                    #expect([.feature, .interface, .test].contains(ruled.kind), "\(name): overview's feature \(node.name) holds \(id), a \(ruled.kind)")
                }
                if ruled.kind == .feature {
                    #expect(node.kind == .feature, "\(name): \(id) is a feature but the overview puts it in \(node.id)")
                }
            }
        }

        // The rules' findings follow from the picture's classes.
        let byID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func reported(_ rule: String) -> Set<DirectedPair> {
            Set(analysis.diagnostics.filter { $0.rule == rule }.compactMap { diagnostic in
                diagnostic.subject.count >= 2 ? DirectedPair(from: diagnostic.subject[0], to: diagnostic.subject[1]) : nil
            })
        }
        let crossFeature = reported("cross-feature-import")
        for pair in crossFeature {
            #expect(drawn[pair.to]?.kind == "feature", "\(name): cross-feature-import into \(pair.to), drawn \(drawn[pair.to]?.kind ?? "-")")
            #expect(["feature", "test"].contains(drawn[pair.from]?.kind ?? ""), "\(name): cross-feature-import from \(pair.from)")
        }
        let configured = analysis.configuration.rules
        if configured["cross-feature-import"] == nil {
            for edge in graph.edges where edge.from != edge.to
                && drawn[edge.from]?.kind == "feature" && drawn[edge.to]?.kind == "feature"
                && byID[edge.from]?.name != byID[edge.to]?.name {
                #expect(crossFeature.contains(DirectedPair(from: edge.from, to: edge.to)),
                        "\(name): \(edge.from) → \(edge.to) joins two drawn features but isn't reported")
            }
        }
        if configured["layer-violation"] == nil {
            var upward = Set<DirectedPair>()
            for edge in graph.edges {
                guard let from = drawn[edge.from]?.layer.flatMap(layerNames.firstIndex(of:)),
                      let to = drawn[edge.to]?.layer.flatMap(layerNames.firstIndex(of:)), to < from
                else { continue }
                upward.insert(DirectedPair(from: edge.from, to: edge.to))
            }
            #expect(reported("layer-violation") == upward, "\(name): layer-violation reports the edges drawn going up")
        }
    }

    @Test(arguments: fixtures)
    func fixturePictureClassesEqualRuleClasses(fixture: String) throws {
        let analysis = try Analyzer.analyze(
            root: Self.fixturesDirectory.appendingPathComponent(fixture).path,
            options: AnalyzerOptions(scan: .init(useCache: false)))
        Self.check(analysis, name: fixture)
    }

    @Test func generatedAppPictureClassesEqualRuleClasses() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("parity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try GeneratedLayeredApp().write(to: root)
        let analysis = try Analyzer.analyze(root: root.path, options: AnalyzerOptions(scan: .init(useCache: false)))
        #expect(analysis.diagnostics.contains { $0.rule == "cross-feature-import" })
        #expect(analysis.diagnostics.contains { $0.rule == "layer-violation" })
        Self.check(analysis, name: "generated app")
    }
}
