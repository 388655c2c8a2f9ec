import ArchlintKit
import ArchlintModel
import Foundation
import Graphs
import Testing

@testable import Rendering

/// The generated 150-module app, analysed once for the whole suite (writing and scanning it takes seconds).
private enum GeneratedAnalysis {
    static let analysis: Result<ArchitectureAnalysis, any Error> = Result {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-scaled-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try GeneratedLayeredApp().write(to: root)
        return try Analyzer.analyze(root: root.path)
    }
}

/// Pictures of real-sized graphs at the size a person looks at them: the 150-module app's module picture, its
/// component tree and its layer overview, with the defaults `archlint graph` uses.
@Suite struct ScaledGraphTests {
    func analysis() throws -> ArchitectureAnalysis { try GeneratedAnalysis.analysis.get() }

    /// Width and height of a PNG (its IHDR chunk).
    static func pngSize(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func int(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    /// The `width="…pt"` and `height` of an SVG's root element.
    static func svgSize(_ svg: String) throws -> (width: Double, height: Double) {
        func value(_ name: String) throws -> Double {
            let range = try #require(svg.range(of: "\(name)=\"[0-9.]+pt\"", options: .regularExpression))
            return try #require(Double(svg[range].dropFirst(name.count + 2).dropLast(3)))
        }
        return (try value("width"), try value("height"))
    }

    static func aspect(_ size: (width: Int, height: Int)) -> Double {
        Double(max(size.width, size.height)) / Double(max(1, min(size.width, size.height)))
    }

    /// What `archlint graph --kind modules` draws by default.
    func defaultModulePicture(_ format: GraphExportFormat, _ analysis: ArchitectureAnalysis) throws -> (bytes: [UInt8], caption: String?) {
        let scaled = GraphScaling.moduleFilter(for: analysis.moduleGraph, requested: GraphFilterOptions())
        var options = DotOptions(graphID: "modules")
        options.caption = scaled.caption
        let rendered = try GraphExport.renderModules(
            analysis.moduleGraph, diagnostics: analysis.diagnostics, configuration: analysis.configuration,
            filter: scaled.filter, format: format, options: options)
        return (try #require(rendered.bytes, "\(rendered.failureSummary)"), scaled.caption)
    }

    @Test func modulePictureOfTheGeneratedAppIsReadable() throws {
        let analysis = try analysis()
        let png = try Self.pngSize(defaultModulePicture(.png, analysis).bytes)
        #expect(max(png.width, png.height) <= 4_000, "\(png)")
        #expect(Self.aspect(png) <= 4, "\(png)")
        let svg = String(decoding: try defaultModulePicture(.svg, analysis).bytes, as: UTF8.self)
        let size = try Self.svgSize(svg)
        // Fitted to 1,400 px, 11-pt labels stay at least 10 px high.
        #expect(size.width <= 1_540, "\(size)")
        #expect(11 * 1_400 / max(size.width, 1_400) >= 10, "\(size)")
        // The caption is in the picture.
        #expect(svg.contains("Draw everything with") && svg.contains("36 tests hidden"))
        print("generated app module picture: png \(png.width)×\(png.height) px, svg \(size.width)×\(size.height) pt")
    }

    @Test func componentTreeWithThirtySixChildrenWraps() throws {
        let analysis = try analysis()
        let rendered = try GraphExport.renderComponents(analysis.componentGraph, diagnostics: analysis.diagnostics, format: .png)
        let png = try Self.pngSize(try #require(rendered.bytes, "\(rendered.failureSummary)"))
        #expect(Self.aspect(png) <= 4, "\(png)")
        #expect(max(png.width, png.height) <= 4_000, "\(png)")
        print("generated app component picture: png \(png.width)×\(png.height) px")
    }

    @Test func layerOverviewOfTheGeneratedApp() throws {
        let analysis = try analysis()
        let overview = LayerOverview(
            graph: analysis.moduleGraph, diagnostics: analysis.diagnostics, configuration: analysis.configuration)
        #expect(overview.groups.map(\.label) == ["app", "feature", "core", "design-system", "assets"])
        let features = overview.nodes.filter { $0.kind == .feature }
        #expect(features.count == 36)
        // A feature is its Feature and Interface modules (tests left out by default).
        #expect(features.allSatisfy { $0.modules.count == 2 }, "\(features.map(\.label))")
        #expect(overview.nodes.first { $0.id == "layer_002/*modules" }?.label == "core · 30 modules")
        #expect(overview.hiddenTests == 36)
        #expect(overview.caption?.contains("36 test modules") == true)
        // Every local non-test module is counted exactly once.
        #expect(overview.nodes.map(\.modules.count).reduce(0, +) == 150 - 36)
        // The planted violations: the cross-feature import (one module edge), the upward core → feature import,
        // and the core cycle (inside the core node).
        let red = overview.edges.filter { $0.violations > 0 }
        #expect(red.count >= 2, "\(red)")
        #expect(red.contains { $0.from == "layer_002/*modules" && $0.to.hasPrefix("layer_001/") })
        #expect(overview.nodes.contains { $0.group == "layer_002" && $0.internalViolations > 0 })

        let png = GraphExport.renderLayers(overview, format: .png)
        let size = try Self.pngSize(try #require(png.bytes, "\(png.failureSummary)"))
        #expect(Self.aspect(size) <= 4 && max(size.width, size.height) <= 4_000, "\(size)")
        let dot = DotWriter.layers(overview)
        #expect(dot.contains("href=\"#focus-"))
        print("generated app layer overview: png \(size.width)×\(size.height) px")
    }

    @Test func allKeepsEverything() throws {
        let analysis = try analysis()
        let requested = GraphFilterOptions()
        let everything = GraphScaling.moduleFilter(for: analysis.moduleGraph, requested: requested, keep: .everything)
        #expect(everything.filter == requested && everything.caption == nil)
        let defaults = GraphScaling.moduleFilter(for: analysis.moduleGraph, requested: requested)
        #expect(defaults.filter.hideTests && defaults.filter.hideExternal && defaults.filter.reduce)
        let caption = try #require(defaults.caption)
        #expect(caption.hasPrefix("150 modules: "))
        #expect(caption.contains("36 tests hidden") && caption.contains("transitive edges reduced"))
        #expect(caption.contains("--all") && caption.contains("--show-tests"))
        let keepTests = GraphScaling.moduleFilter(for: analysis.moduleGraph, requested: requested, keep: .init(tests: true))
        #expect(!keepTests.filter.hideTests && keepTests.filter.hideExternal)
        #expect(keepTests.caption?.contains("tests hidden") == false)
        // Small graphs are never simplified.
        #expect(GraphScaling.moduleFilter(for: SampleGraphs.moduleGraph, requested: requested).caption == nil)
    }
}

/// The layer model on hand-written graphs, without graphviz.
@Suite struct LayerOverviewTests {
    static let configuration = ArchlintConfiguration(layers: [
        LayerConfiguration(name: "app", modules: ["App"]),
        LayerConfiguration(name: "feature", modules: ["*Feature", "*Interface"]),
        LayerConfiguration(name: "core", modules: ["UICore", "DesignSystem"]),
    ])

    @Test func countsModulesPerFeatureAndLayer() {
        let overview = LayerOverview(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics, configuration: Self.configuration)
        #expect(overview.groups.map(\.label) == ["app", "feature", "core"])
        let labels = overview.nodes.map(\.label)
        #expect(labels == ["App · 1 module", "Gacha · 2 modules", "Profile · 1 module", "core · 2 modules"])
        #expect(overview.hiddenTests == 1 && overview.hiddenExternals == 2)
        #expect(overview.nodes.first { $0.name == "Gacha" }?.focusModule == "AppPackage/GachaFeature")
        #expect(overview.nodes.first { $0.name == "Gacha" }?.anchor == "focus-gacha")
        #expect(overview.nodes.first { $0.name == "core" }?.look == .core)
        #expect(overview.nodes.first { $0.name == "App" }?.look == .app)
    }

    @Test func aggregateEdgesCountModuleEdgesAndViolations() {
        let overview = LayerOverview(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics, configuration: Self.configuration)
        func edge(_ from: String, _ to: String) -> LayerOverview.Edge? {
            overview.edges.first { $0.from.hasSuffix("/" + from) && $0.to.hasSuffix("/" + to) }
        }
        // Profile → Gacha: ProfileFeature imports both GachaFeature (the violation) and GachaInterface.
        let profileToGacha = edge("Profile", "Gacha")
        #expect(profileToGacha?.moduleEdges == 2)
        #expect(profileToGacha?.violations == 1)
        #expect(profileToGacha?.violatingModuleEdges == [DirectedPair(from: "AppPackage/ProfileFeature", to: "AppPackage/GachaFeature")])
        #expect(edge("*modules", "Profile")?.violations == 0)
        // The UICore ⇄ DesignSystem cycle is inside the core node.
        let core = overview.nodes.first { $0.name == "core" }
        #expect(core?.internalEdges == 2 && core?.internalViolations == 2)
        let dot = DotWriter.layers(overview)
        #expect(dot.contains("label=\"2 · 1 violation\""))
        #expect(dot.contains("href=\"#focus-profile\""))
    }

    @Test func showTestsAndExternals() {
        let overview = LayerOverview(
            graph: SampleGraphs.moduleGraph, diagnostics: [], configuration: Self.configuration,
            options: .init(showExternal: true, showTests: true))
        #expect(overview.nodes.first { $0.name == "Profile" }?.modules == ["AppPackage/ProfileFeature", "AppPackage/ProfileFeatureTests"])
        #expect(overview.nodes.first { $0.kind == .external }?.modules.count == 2)
        #expect(overview.caption == nil)
    }

    @Test func withoutLayersGroupsByPackage() {
        let overview = LayerOverview(graph: SampleGraphs.moduleGraph, diagnostics: [], configuration: ArchlintConfiguration())
        #expect(!overview.byLayer)
        #expect(overview.groups.map(\.label) == ["AppPackage"])
        #expect(overview.nodes.map(\.label) == ["Gacha · 2 modules", "Profile · 1 module", "AppPackage · 3 modules"])
    }

    @Test func focusAnchorsAreSlugs() {
        #expect(LayerOverview.focusAnchor("Profile") == "focus-profile")
        #expect(LayerOverview.focusAnchor("My Feature<&\">") == "focus-my-feature")
        #expect(LayerOverview.focusAnchor("Ünïcode") == "focus-n-code")
        #expect(LayerOverview.focusAnchor("日本") == "focus-feature")
    }
}

/// Names that are markup in DOT, SVG or Mermaid, and graphs far beyond a page.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct HostileGraphRenderingTests {
    static let names = ["A<B>Feature", "Quote\"Feature", "Amp&Core", "Ünïcødé🚀Feature", "Back\\slashCore"]

    static var hostileGraph: ModuleGraph {
        let nodes = names.map { SampleGraphs.module($0) }
        var edges: [ModuleEdge] = []
        for (index, node) in nodes.enumerated().dropFirst() {
            edges.append(SampleGraphs.importEdge(nodes[index - 1].id, node.id))
        }
        return ModuleGraph(nodes: nodes, edges: edges)
    }

    @Test func hostileNamesRenderInDotSVGAndMermaid() throws {
        let configuration = ArchlintConfiguration(layers: [
            LayerConfiguration(name: "feature <&>", modules: ["*Feature"]),
            LayerConfiguration(name: "core \"x\"", modules: ["*Core"]),
        ])
        let graph = Self.hostileGraph
        let svg = try Graphviz.renderString(dot: DotWriter.modules(graph: graph, diagnostics: [], configuration: configuration))
        let document = try SVGDocument(svg)
        // Graphviz keeps a backslash in an ID doubled (see `DotSyntax.id`); every other name comes back as it was.
        #expect(Set(document.graphNodes.map { $0.title.replacingOccurrences(of: "\\\\", with: "\\") }) == Set(graph.nodes.map(\.id)))
        #expect(document.nodes.contains { $0.texts.contains("Ünïcødé🚀Feature") })
        let overview = LayerOverview(graph: graph, diagnostics: [], configuration: configuration)
        let layers = try SVGDocument(try Graphviz.renderString(dot: DotWriter.layers(overview)))
        #expect(layers.nodes.contains { $0.texts.contains("A<B> · 1 module") })
        let mermaid = MermaidWriter.modules(graph: graph, diagnostics: [], configuration: configuration)
        #expect(!mermaid.contains("A<B>") && mermaid.contains("A#60;B#62;Feature"))
        let mermaidLayers = MermaidWriter.layers(overview)
        #expect(!mermaidLayers.contains("\"Quote\"") && mermaidLayers.contains("Quote#34;"))
    }

    /// Modules in 40 wide ranks: up to `DotOptions.wrapNodeLimit` the DOT wraps them; past it (2,000) it doesn't,
    /// since dot's ranking with pinned rows takes minutes there. Both, and the layer overview, are built in moments.
    @Test(arguments: [600, 2_000]) func wideGraphsWrapUpToTheLimit(_ count: Int) throws {
        var nodes: [Module] = []
        var edges: [ModuleEdge] = []
        for index in 0..<count {
            nodes.append(SampleGraphs.module("M\(index)Feature"))
            if index >= 50 {
                edges.append(SampleGraphs.importEdge(nodes[index].id, nodes[index - 50].id))
                edges.append(SampleGraphs.importEdge(nodes[index].id, nodes[(index * 7) % (index - 1)].id))
            }
        }
        let graph = ModuleGraph(nodes: nodes, edges: edges)
        let dot = DotWriter.modules(graph: graph, diagnostics: [], configuration: ArchlintConfiguration())
        let overview = LayerOverview(graph: graph, diagnostics: [], configuration: ArchlintConfiguration())
        #expect(dot.contains("rank=same") == (count <= DotOptions.wrapNodeLimit))
        #expect(overview.nodes.count == count)
    }

    @Test func wrappingKeepsSmallGraphsAlone() {
        let nodes = (0..<8).map { RankWrapping.Node(id: "n\($0)", group: "", along: 100, across: 80) }
        let edges = (1..<8).map { DirectedPair(from: "n0", to: "n\($0)") }
        #expect(RankWrapping.wrap(nodes: nodes, edges: edges).added.isEmpty)
    }

    @Test func wrappingStaggersAWideStar() {
        let nodes = (0...36).map { RankWrapping.Node(id: "n\($0)", group: "", along: 140, across: 80) }
        let edges = (1...36).map { DirectedPair(from: "n0", to: "n\($0)") }
        let added = RankWrapping.wrap(nodes: nodes, edges: edges).added
        #expect(!added.isEmpty)
        // Every child either starts a column or hangs under the previous child.
        #expect(added.allSatisfy { $0.from != "n0" })
        let rows = 36 - Set(added.map(\.to)).count
        #expect(rows * 140 <= 1_300, "columns: \(rows)")
    }
}

/// `ARCHLINT_RENDER_DOT=/tmp/in.dot swift test --filter DotFileRenderer` draws a DOT file to `/tmp/in.dot.png`
/// with the in-process graphviz (there is no `dot` program on CI machines): for trying layouts by hand.
@Suite struct DotFileRenderer {
    @Test func rendersWhenAsked() throws {
        guard let path = ProcessInfo.processInfo.environment["ARCHLINT_RENDER_DOT"] else { return }
        for file in path.split(separator: ",").map(String.init) {
            let dot = try String(contentsOfFile: file, encoding: .utf8)
            let png = try Graphviz.render(dot: dot, format: .png)
            try Data(png).write(to: URL(fileURLWithPath: file + ".png"))
            let size = try ScaledGraphTests.pngSize(png)
            print("\(file): \(size.width)×\(size.height)")
        }
    }
}

/// Small pictures keep their look: no wrapping, no bundling, no pinned ranks; layers only get their separators.
@Suite struct SmallGraphLayoutTests {
    @Test func smallGraphsAreNotWrappedOrBundled() {
        let plain = DotWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics, configuration: ArchlintConfiguration())
        #expect(!plain.contains("style=invis") && !plain.contains("rank=same") && !plain.contains("lhead"))
        #expect(plain.contains("nodesep=\"0.3\"") && !plain.contains("labelloc"))
        let layered = DotWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics,
            configuration: SampleGraphs.layeredConfiguration)
        #expect(layered.contains("newrank=true") && layered.contains("⟨layer 0|1⟩"))
        #expect(!layered.contains("rank=same") && !layered.contains("lhead"))
        let noWrap = DotWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: [], configuration: ArchlintConfiguration(),
            options: DotOptions(graphID: "modules", rankdir: "LR", clusters: .none, wrapWideRanks: false, caption: "note"))
        #expect(noWrap.contains("rankdir=\"LR\"") && !noWrap.contains("cluster_package") && noWrap.contains("label=\"note\""))
    }
}
