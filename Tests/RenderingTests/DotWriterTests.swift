import ArchlintModel
import Foundation
import Testing

@testable import Rendering

@Suite struct ModuleDotTests {
    let red = "#d1242f"

    func renderModules(
        _ graph: ModuleGraph = SampleGraphs.moduleGraph, diagnostics: [Diagnostic] = SampleGraphs.moduleDiagnostics,
        configuration: ArchlintConfiguration = ArchlintConfiguration()
    ) throws -> (dot: String, svg: String, document: SVGDocument) {
        let dot = DotWriter.modules(graph: graph, diagnostics: diagnostics, configuration: configuration)
        let svg = try Graphviz.renderString(dot: dot)
        return (dot, svg, try SVGDocument(svg))
    }

    @Test func everyModuleIsANode() throws {
        let document = try renderModules().document
        #expect(Set(document.graphNodes.map(\.title)) == Set(SampleGraphs.moduleGraph.nodes.map(\.id)))
        #expect(document.node(titled: "AppPackage/ProfileFeature")?.texts == ["ProfileFeature"])
        #expect(document.rootID == "modules")
        #expect(document.nodes.contains { $0.classes.contains("legend") })
    }

    @Test func kindsGetTheirOwnClassAndLook() throws {
        let document = try renderModules().document
        #expect(document.node(titled: "AppPackage/App")?.classes.contains("app") == true)
        #expect(document.node(titled: "AppPackage/ProfileFeature")?.classes.contains("feature") == true)
        #expect(document.node(titled: "AppPackage/GachaInterface")?.classes.contains("interface") == true)
        #expect(document.node(titled: "AppPackage/UICore")?.classes.contains("core") == true)
        #expect(document.node(titled: "UIKit")?.classes.contains("external") == true)
        #expect(document.node(titled: "AppPackage/ProfileFeatureTests")?.classes.contains("test") == true)
    }

    /// A main-target folder outside any package that imports features is the composition root: drawn as app.
    @Test func nonFeatureModulesImportingFeaturesAreCompositionRoots() throws {
        var graph = SampleGraphs.moduleGraph
        graph.nodes.append(Module(id: "mirrorman", name: "mirrorman", type: .unassigned))
        graph.edges.append(ModuleEdge(from: "mirrorman", to: "AppPackage/GachaFeature", kind: .import))
        graph.edges.append(ModuleEdge(from: "mirrorman", to: "AppPackage/UICore", kind: .import))
        let document = try renderModules(graph).document
        #expect(document.node(titled: "mirrorman")?.classes.contains("app") == true)
        #expect(document.node(titled: "AppPackage/UICore")?.classes.contains("core") == true)
        // A test target importing a feature stays a test.
        #expect(document.node(titled: "AppPackage/ProfileFeatureTests")?.classes.contains("test") == true)
    }

    @Test func violatingEdgeIsRedAndLabelledWithTheRule() throws {
        let document = try renderModules().document
        let edge = try #require(document.edge(from: "AppPackage/ProfileFeature", to: "AppPackage/GachaFeature"))
        #expect(edge.strokes.allSatisfy { $0 == red } && !edge.strokes.isEmpty)
        #expect(edge.texts == ["cross-feature-import"])
        #expect(edge.tooltips.contains { $0.contains("cross-feature-import") && $0.contains("import GachaInterface instead") })
        let clean = try #require(document.edge(from: "AppPackage/App", to: "AppPackage/ProfileFeature"))
        #expect(!clean.strokes.contains(red))
        #expect(clean.texts.isEmpty)
    }

    @Test func cycleEdgesAreBoldRed() throws {
        let document = try renderModules().document
        for (from, to) in [("AppPackage/UICore", "AppPackage/DesignSystem"), ("AppPackage/DesignSystem", "AppPackage/UICore")] {
            let edge = try #require(document.edge(from: from, to: to))
            #expect(edge.classes.contains("cycle"))
            #expect(edge.strokes.contains(red))
            #expect(edge.strokeWidths.contains("3"))
        }
        #expect(document.edges.filter { $0.classes.contains("cycle") }.count == 2)
    }

    @Test func outputIsByteIdenticalAcrossRunsAndInputOrder() throws {
        let first = try renderModules()
        let second = try renderModules()
        #expect(first.dot == second.dot)
        #expect(first.svg == second.svg)
        var shuffled = SampleGraphs.moduleGraph
        shuffled.nodes.reverse()
        shuffled.edges.reverse()
        let third = try renderModules(shuffled, diagnostics: SampleGraphs.moduleDiagnostics.reversed())
        #expect(third.dot == first.dot)
        #expect(third.svg == first.svg)
    }

    @Test func clustersPerLayerWhenConfiguredOtherwisePerPackage() throws {
        let layered = try renderModules(configuration: SampleGraphs.layeredConfiguration).dot
        #expect(layered.contains("subgraph \"cluster_layer_000\""))
        #expect(layered.contains("label=\"layer: app\""))
        #expect(layered.contains("label=\"layer: core\""))
        #expect(!layered.contains("cluster_package_"))
        let byPackage = try renderModules().dot
        #expect(byPackage.contains("subgraph \"cluster_package_AppPackage\""))
        #expect(byPackage.contains("subgraph \"cluster_external_lottie-spm\""))
        #expect(!byPackage.contains("cluster_layer_"))
    }

    @Test func largeGraphsCutCrossingMinimisationShort() {
        let small = DotWriter.modules(graph: SampleGraphs.moduleGraph, diagnostics: [], configuration: .init())
        #expect(!small.contains("mclimit"))
        let large = DotWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: [], configuration: .init(),
            options: DotOptions(graphID: "modules", largeGraphNodeCount: 5))
        #expect(large.contains("mclimit=\"0.3\""))
    }

    @Test func namesWithQuotesBackslashesAndEmojiRender() throws {
        let weird = "Quo\"ted\\Mod 🚀 Ünïcødé \\"
        let other = "Ça\"va 👩‍👩‍👧"
        let graph = ModuleGraph(
            nodes: [
                Module(id: weird, name: weird, type: .regular),
                Module(id: other, name: other, package: "Pkg \"x\"", type: .regular),
            ],
            edges: [ModuleEdge(from: weird, to: other, kind: .import)])
        let diagnostic = Diagnostic(
            rule: "cross-feature-import", severity: .error, message: "don't \"do\" <this> & \\that",
            location: SourceLocation(file: "a.swift", line: 1, column: 1), subject: [weird, other, other])
        let (_, svg, document) = try renderModules(graph, diagnostics: [diagnostic])
        #expect(Set(document.graphNodes.flatMap(\.texts)) == [weird, other])
        let edge = try #require(document.edges.first)
        #expect(edge.strokes.contains(red))
        #expect(edge.tooltips.contains { $0.contains("don't \"do\" <this> & \\that") })
        #expect(try renderModules(graph, diagnostics: [diagnostic]).svg == svg)
    }

    @Test func emptyAndSingleModuleGraphsRender() throws {
        let empty = try renderModules(ModuleGraph(), diagnostics: [])
        #expect(empty.document.nodes.isEmpty)
        let single = try renderModules(ModuleGraph(nodes: [SampleGraphs.module("Solo")]), diagnostics: [])
        #expect(single.document.graphNodes.map(\.title) == ["AppPackage/Solo"])
    }

    @Test func declaredOnlyEdgesAreDashedAndConditionalImportsDotted() throws {
        let dot = try renderModules().dot
        let declared = try #require(dot.split(separator: "\n").first { $0.contains("\"AppPackage/GachaFeature\" -> \"AppPackage/GachaInterface\"") })
        #expect(declared.contains("style=\"dashed\""))
        #expect(declared.contains("declared in the manifest, not imported"))
        let conditional = try #require(dot.split(separator: "\n").first { $0.contains("\"AppPackage/ProfileFeature\" -> \"AppPackage/GachaFeature\"") })
        #expect(conditional.contains("style=\"dotted\""))
        #expect(conditional.contains("#if DEBUG"))
    }

    @Test func unmatchedDiagnosticsOutlineTheirModule() throws {
        let unused = Diagnostic(
            rule: "layer-violation", severity: .warning, message: "something about UICore",
            location: SourceLocation(file: "x.swift", line: 9, column: 1), module: "AppPackage/UICore", subject: ["UICore"])
        let document = try renderModules(diagnostics: [unused]).document
        let node = try #require(document.node(titled: "AppPackage/UICore"))
        #expect(node.classes.contains("violation"))
        // A warning: amber, not red (issue 33.6).
        #expect(node.strokes.contains("#d97706") && !node.strokes.contains(red))
        #expect(node.tooltips.contains { $0.contains("something about UICore") })
    }
}

@Suite struct ComponentDotTests {
    let red = "#d1242f"

    @Test func componentsWithMissingDependenciesAreOutlinedRed() throws {
        let dot = DotWriter.components(graph: SampleGraphs.componentGraph, diagnostics: [SampleGraphs.missingDependency])
        let document = try SVGDocument(try Graphviz.renderString(dot: dot))
        #expect(Set(document.graphNodes.map(\.title)) == ["RootComponent", "ProfileComponent", "GachaComponent", "DebugComponent"])
        let gacha = try #require(document.node(titled: "GachaComponent"))
        #expect(gacha.strokes.contains(red))
        #expect(gacha.tooltips.contains {
            $0.contains("Missing dependencies:") && $0.contains("analytics: AnalyticsService")
                && $0.contains("^->RootComponent->ProfileComponent->GachaComponent")
        })
        #expect(!(document.node(titled: "ProfileComponent")?.strokes.contains(red) ?? true))
        #expect(document.node(titled: "RootComponent")?.classes.contains("root") == true)
        #expect(document.node(titled: "DebugComponent")?.classes.contains("non-core") == true)
    }

    @Test func conditionalEdgesAreDashedAndLabelled() throws {
        let dot = DotWriter.components(graph: SampleGraphs.componentGraph, diagnostics: [])
        let document = try SVGDocument(try Graphviz.renderString(dot: dot))
        let debug = try #require(document.edge(from: "RootComponent", to: "DebugComponent"))
        #expect(debug.texts == ["#if DEBUG"])
        let line = try #require(dot.split(separator: "\n").first { $0.contains("\"RootComponent\" -> \"DebugComponent\"") })
        #expect(line.contains("style=\"dashed\""))
        #expect(document.edge(from: "RootComponent", to: "ProfileComponent")?.texts.isEmpty == true)
    }

    @Test func componentCycleEdgesAreBoldRed() throws {
        var graph = SampleGraphs.componentGraph
        graph.edges.append(ComponentEdge(from: "GachaComponent", to: "ProfileComponent", file: "Sources/Gacha/GachaComponent.swift", line: 9, column: 5))
        let cycle = Diagnostic(
            rule: "component-cycle", severity: .error, message: "ProfileComponent → GachaComponent → ProfileComponent",
            location: SourceLocation(file: "Sources/Gacha/GachaComponent.swift", line: 9, column: 5),
            subject: ["ProfileComponent", "GachaComponent"])
        let document = try SVGDocument(try Graphviz.renderString(dot: DotWriter.components(graph: graph, diagnostics: [cycle])))
        #expect(Set(document.edges.filter { $0.classes.contains("cycle") }.map(\.title)) == [
            "ProfileComponent->GachaComponent", "GachaComponent->ProfileComponent",
        ])
        #expect(document.edge(from: "RootComponent", to: "ProfileComponent")?.classes.contains("cycle") == false)
    }

    @Test func byteIdenticalAndEmptyGraphs() throws {
        let dot = DotWriter.components(graph: SampleGraphs.componentGraph, diagnostics: [SampleGraphs.missingDependency])
        #expect(try Graphviz.render(dot: dot) == Graphviz.render(dot: dot))
        #expect(try SVGDocument(Graphviz.renderString(dot: DotWriter.components(graph: ComponentGraph(), diagnostics: []))).nodes.isEmpty)
    }
}

@Suite struct MermaidTests {
    @Test func modulesCarryShapesClassesAndRedViolations() {
        let text = MermaidWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics,
            configuration: ArchlintConfiguration())
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart TB")
        // Nodes are numbered in id order: n0 = AppPackage/App.
        #expect(lines.contains("  n0{{\"App\"}}"))
        #expect(lines.contains { $0.contains("-->|\"cross-feature-import\"|") })
        #expect(lines.contains { $0.contains("==>|\"module-cycle\"|") })
        #expect(lines.filter { $0.hasPrefix("  linkStyle") && $0.contains("#d1242f") }.count == 3)
        #expect(lines.contains("  subgraph g1[\"AppPackage\"]"))
        #expect(text == MermaidWriter.modules(
            graph: SampleGraphs.moduleGraph, diagnostics: SampleGraphs.moduleDiagnostics,
            configuration: ArchlintConfiguration()))
    }

    @Test func labelsAreEscaped() {
        let name = "A\"b#c<d>|🚀"
        let text = MermaidWriter.modules(
            graph: ModuleGraph(nodes: [Module(id: name, name: name, type: .regular)]), diagnostics: [],
            configuration: ArchlintConfiguration())
        #expect(text.contains("n0[\"A#34;b#35;c#60;d#62;#124;🚀\"]"))
    }

    @Test func componentsMarkMissingDependencies() {
        // The unresolved property is marked through its finding, as in DOT: the outline means a finding.
        let text = MermaidWriter.components(graph: SampleGraphs.componentGraph, diagnostics: [SampleGraphs.missingDependency])
        #expect(text.contains("class n1 component,violation"))  // GachaComponent
        #expect(!MermaidWriter.components(graph: SampleGraphs.componentGraph, diagnostics: []).contains(",violation"))
        #expect(text.contains("-.->|\"#35;if DEBUG\"|"))
    }
}
