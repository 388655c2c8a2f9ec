import ArchlintModel
import Graphs
import Testing

@Suite struct GraphFiltersTests {
    let graph = SampleGraphs.moduleGraph

    func ids(_ graph: ModuleGraph) -> Set<String> { Set(graph.nodes.map(\.id)) }
    func pairs(_ graph: ModuleGraph) -> Set<DirectedPair> { Set(graph.edges.map { DirectedPair(from: $0.from, to: $0.to) }) }

    @Test func hideExternalAndTests() throws {
        let filtered = try GraphFilters.apply(GraphFilterOptions(hideExternal: true, hideTests: true), to: graph)
        #expect(ids(filtered) == [
            "AppPackage/App", "AppPackage/ProfileFeature", "AppPackage/GachaFeature", "AppPackage/GachaInterface",
            "AppPackage/UICore", "AppPackage/DesignSystem",
        ])
        #expect(filtered.edges.allSatisfy { ids(filtered).contains($0.from) && ids(filtered).contains($0.to) })
        #expect(filtered.edges.count == graph.edges.count - 3)
    }

    @Test func focusWithDepthWalksBothDirections() throws {
        let filtered = try GraphFilters.apply(GraphFilterOptions(focus: "GachaFeature", depth: 1), to: graph)
        #expect(ids(filtered) == [
            "AppPackage/GachaFeature", "AppPackage/UICore", "AppPackage/GachaInterface",  // dependencies
            "AppPackage/App", "AppPackage/ProfileFeature",  // dependents
        ])
        // Induced subgraph: App → ProfileFeature stays although neither is the focus.
        #expect(pairs(filtered).contains(DirectedPair(from: "AppPackage/App", to: "AppPackage/ProfileFeature")))
        let unlimited = try GraphFilters.apply(GraphFilterOptions(focus: "AppPackage/GachaFeature"), to: graph)
        #expect(ids(unlimited).isSuperset(of: ["AppPackage/DesignSystem", "UIKit", "AppPackage/ProfileFeatureTests"]))
        #expect(!ids(unlimited).contains("lottie-spm/Lottie"))
    }

    @Test func reverseKeepsOnlyDependents() throws {
        let filtered = try GraphFilters.apply(GraphFilterOptions(focus: "UICore", reverse: true), to: graph)
        #expect(ids(filtered) == [
            "AppPackage/UICore", "AppPackage/DesignSystem", "AppPackage/GachaFeature", "AppPackage/ProfileFeature",
            "AppPackage/App", "AppPackage/ProfileFeatureTests",
        ])
        let direct = try GraphFilters.apply(GraphFilterOptions(focus: "UICore", depth: 1, reverse: true), to: graph)
        #expect(ids(direct) == ["AppPackage/UICore", "AppPackage/DesignSystem", "AppPackage/GachaFeature"])
    }

    @Test func invalidFocusOptionsAreErrors() {
        #expect(throws: GraphFilterError.unknownFocus("profilefeature", suggestions: ["AppPackage/ProfileFeature", "AppPackage/ProfileFeatureTests"])) {
            try GraphFilters.apply(GraphFilterOptions(focus: "profilefeature"), to: graph)
        }
        #expect(throws: GraphFilterError.reverseWithoutFocus) { try GraphFilters.apply(GraphFilterOptions(reverse: true), to: graph) }
        #expect(throws: GraphFilterError.depthWithoutFocus) { try GraphFilters.apply(GraphFilterOptions(depth: 2), to: graph) }
        #expect(throws: GraphFilterError.negativeDepth(-1)) {
            try GraphFilters.apply(GraphFilterOptions(focus: "App", depth: -1), to: graph)
        }
        // Hidden first, then focused: an external focus is unknown once externals are hidden.
        #expect(throws: GraphFilterError.self) {
            try GraphFilters.apply(GraphFilterOptions(focus: "UIKit", hideExternal: true), to: graph)
        }
    }

    @Test func reductionDropsImpliedEdgesOnly() {
        let edges: Set<DirectedPair> = [
            .init(from: "a", to: "b"), .init(from: "b", to: "c"), .init(from: "a", to: "c"),  // a→c implied
            .init(from: "c", to: "d"), .init(from: "a", to: "d"),  // a→d implied
        ]
        let kept = GraphFilters.transitiveReduction(nodes: ["a", "b", "c", "d"], edges: edges)
        #expect(kept == [.init(from: "a", to: "b"), .init(from: "b", to: "c"), .init(from: "c", to: "d")])
        let preserved = GraphFilters.transitiveReduction(
            nodes: ["a", "b", "c", "d"], edges: edges, preserving: [.init(from: "a", to: "c")])
        #expect(preserved.contains(.init(from: "a", to: "c")))
        #expect(!preserved.contains(.init(from: "a", to: "d")))
    }

    /// Cycles: edges inside a strongly connected component stay; edges between components reduce on the
    /// condensation.
    @Test func reductionKeepsCyclesAndReducesAroundThem() {
        let edges: Set<DirectedPair> = [
            .init(from: "x", to: "y"), .init(from: "y", to: "z"), .init(from: "z", to: "x"),  // cycle
            .init(from: "top", to: "x"), .init(from: "top", to: "z"),  // two edges into the same component
            .init(from: "y", to: "out"), .init(from: "top", to: "out"),  // top→out implied through the cycle
        ]
        let kept = GraphFilters.transitiveReduction(nodes: [], edges: edges)
        #expect(kept.isSuperset(of: [.init(from: "x", to: "y"), .init(from: "y", to: "z"), .init(from: "z", to: "x")]))
        #expect(!kept.contains(.init(from: "top", to: "out")))
        #expect(kept.contains(.init(from: "y", to: "out")))
        // Both top→x and top→z realise the same condensation edge top→{x,y,z}: both stay.
        #expect(kept.contains(.init(from: "top", to: "x")) && kept.contains(.init(from: "top", to: "z")))
        // Self-loops are a cycle of one and stay.
        #expect(GraphFilters.transitiveReduction(nodes: ["s"], edges: [.init(from: "s", to: "s")]) == [.init(from: "s", to: "s")])
    }

    @Test func reduceOnModuleGraphKeepsViolations() throws {
        var graph = graph
        graph.edges.append(SampleGraphs.importEdge("AppPackage/App", "AppPackage/UICore", line: 9))  // implied via GachaFeature
        let reduced = try GraphFilters.apply(GraphFilterOptions(reduce: true), to: graph)
        #expect(!pairs(reduced).contains(DirectedPair(from: "AppPackage/App", to: "AppPackage/UICore")))
        // App → GachaFeature is implied by App → ProfileFeature → GachaFeature.
        #expect(!pairs(reduced).contains(DirectedPair(from: "AppPackage/App", to: "AppPackage/GachaFeature")))
        let kept = try GraphFilters.apply(
            GraphFilterOptions(reduce: true), to: graph,
            preserving: [DirectedPair(from: "AppPackage/App", to: "AppPackage/UICore")])
        #expect(pairs(kept).contains(DirectedPair(from: "AppPackage/App", to: "AppPackage/UICore")))
        // The cycle survives.
        #expect(pairs(reduced).isSuperset(of: [
            DirectedPair(from: "AppPackage/UICore", to: "AppPackage/DesignSystem"),
            DirectedPair(from: "AppPackage/DesignSystem", to: "AppPackage/UICore"),
        ]))
        #expect(reduced.nodes == graph.nodes)
    }

    @Test func componentGraphFocusKeepsResolutionsOfKeptComponents() throws {
        let filtered = try GraphFilters.apply(
            GraphFilterOptions(focus: "ProfileComponent", depth: 1, reverse: false), to: SampleGraphs.componentGraph)
        #expect(Set(filtered.nodes.map(\.id)) == ["RootComponent", "ProfileComponent", "GachaComponent"])
        #expect(filtered.resolutions.count == 2)
        let up = try GraphFilters.apply(GraphFilterOptions(focus: "GachaComponent", depth: 1, reverse: true), to: SampleGraphs.componentGraph)
        #expect(Set(up.nodes.map(\.id)) == ["ProfileComponent", "GachaComponent"])
    }
}
