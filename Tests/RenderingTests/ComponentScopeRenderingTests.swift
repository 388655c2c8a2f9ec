import ArchlintKit
import ArchlintModel
import Graphs
import Rendering
import Reporting
import Testing

/// A component graph with two Needle scopes (two apps that both have `RootComponent` and `AppComponent`).
enum ScopedGraphs {
    static func node(_ scope: String, _ name: String, _ type: ComponentType, line: Int) -> ComponentNode {
        ComponentNode(
            id: "\(scope)::\(name)", name: name, module: String(scope.split(separator: "/").last!),
            file: "\(scope)/\(name).swift", line: line, column: 13, type: type,
            dependency: type == .root ? nil : "AppDependency", provides: [], scope: scope)
    }

    static let twoApps = ComponentGraph(
        nodes: [
            node("Apps/Main", "AppComponent", .component, line: 5), node("Apps/Main", "RootComponent", .root, line: 3),
            node("Apps/Sample", "AppComponent", .component, line: 5), node("Apps/Sample", "RootComponent", .root, line: 3),
        ],
        edges: (["Apps/Main", "Apps/Sample"] as [String]).map { (scope: String) in
            ComponentEdge(
                from: "\(scope)::RootComponent", to: "\(scope)::AppComponent", file: "\(scope)/RootComponent.swift",
                line: 10, column: 27, scope: scope)
        },
        resolutions: [
            DependencyResolution(
                component: "AppComponent", path: ["RootComponent", "AppComponent"], property: "session", type: "Session",
                provider: "RootComponent", scope: "Apps/Main"),
            DependencyResolution(
                component: "AppComponent", path: ["RootComponent", "AppComponent"], property: "session", type: "Session",
                provider: nil, scope: "Apps/Sample"),
        ])
}

@Suite struct ComponentScopeRenderingTests {
    let red = "#d1242f"
    let amber = "#d97706"
    /// Sample's unresolved `session`, as `missing-dependency` reports it: only findings outline a node.
    static let sampleMissing = Diagnostic(
        rule: "missing-dependency", severity: .error, message: "session has no provider",
        location: SourceLocation(file: "Apps/Sample/AppComponent.swift", line: 5, column: 13),
        subject: ["Apps/Sample::AppComponent"])

    @Test func dotClustersEveryAppAroundItsModules() throws {
        let dot = DotWriter.components(graph: ScopedGraphs.twoApps, diagnostics: [Self.sampleMissing])
        let lines = dot.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { $0.hasPrefix("subgraph") } == [
            "subgraph \"cluster_scope_Apps/Main\" {", "subgraph \"cluster_module_Apps/Main::Main\" {",
            "subgraph \"cluster_scope_Apps/Sample\" {", "subgraph \"cluster_module_Apps/Sample::Sample\" {",
            "subgraph \"cluster_legend\" {",
        ])
        #expect(dot.contains("label=\"Apps/Main\""))
        let document = try SVGDocument(try Graphviz.renderString(dot: dot))
        #expect(Set(document.graphNodes.map(\.title)) == [
            "Apps/Main::AppComponent", "Apps/Main::RootComponent", "Apps/Sample::AppComponent", "Apps/Sample::RootComponent",
        ])
        // The unresolved `session` is Sample's alone.
        #expect(document.node(titled: "Apps/Sample::AppComponent")?.strokes.contains(red) == true)
        #expect(document.node(titled: "Apps/Main::AppComponent")?.strokes.contains(red) == false)
        #expect(document.edge(from: "Apps/Main::RootComponent", to: "Apps/Main::AppComponent") != nil)
        #expect(document.edge(from: "Apps/Main::RootComponent", to: "Apps/Sample::AppComponent") == nil)
    }

    /// An orphan in a library two apps link names a component both scopes hold: both nodes are outlined.
    @Test func aDiagnosticOnASharedDeclarationMarksItInEveryScope() throws {
        var graph = ScopedGraphs.twoApps
        graph.nodes += ["Apps/Main", "Apps/Sample"].map { scope in
            var node = ScopedGraphs.node(scope, "ToolComponent", .component, line: 7)
            node.file = "Kit/ToolComponent.swift"
            return node
        }
        let orphan = Diagnostic(
            rule: "orphan-component", severity: .warning, message: "ToolComponent is an orphan",
            location: SourceLocation(file: "Kit/ToolComponent.swift", line: 7, column: 13), subject: ["ToolComponent"])
        let document = try SVGDocument(try Graphviz.renderString(dot: DotWriter.components(graph: graph, diagnostics: [orphan])))
        // An orphan is a warning: amber.
        #expect(document.node(titled: "Apps/Main::ToolComponent")?.strokes.contains(amber) == true)
        #expect(document.node(titled: "Apps/Sample::ToolComponent")?.strokes.contains(amber) == true)
        #expect(document.node(titled: "Apps/Main::RootComponent")?.strokes.contains(red) == false)
    }

    @Test func mermaidGroupsByAppAndMarksTheScopedNode() {
        let text = MermaidWriter.components(graph: ScopedGraphs.twoApps, diagnostics: [Self.sampleMissing])
        #expect(text.contains("  subgraph g0[\"Apps/Main\"]\n    n0\n    n1\n  end"))
        #expect(text.contains("  subgraph g1[\"Apps/Sample\"]\n    n2\n    n3\n  end"))
        #expect(text.contains("class n2 component,violation"))  // Apps/Sample::AppComponent
        #expect(!text.contains("class n0 component,violation"))  // Apps/Main::AppComponent
    }

    @Test func graphJSONCarriesTheScopeOnlyWhenThereAreSeveral() {
        let json = GraphJSON.components(ScopedGraphs.twoApps)
        #expect(json.contains("\"id\":\"Apps/Main::AppComponent\"") || json.contains("\"id\": \"Apps/Main::AppComponent\""))
        #expect(json.components(separatedBy: "\"scope\"").count - 1 == 4 + 2 + 2)
        var single = ScopedGraphs.twoApps.onlyScope("Apps/Main")!
        single.nodes = single.nodes.map { var node = $0; node.scope = nil; return node }
        single.edges = single.edges.map { var edge = $0; edge.scope = nil; return edge }
        single.resolutions = single.resolutions.map { var resolution = $0; resolution.scope = nil; return resolution }
        #expect(!GraphJSON.components(single).contains("scope"))
    }
}
