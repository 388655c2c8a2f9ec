import ArchlintTestSupport
import ArchlintModel
import Foundation
import Graphs
import Testing

@testable import Rendering

/// A synthetic layered module graph: `count` modules in 5 layers, each importing a few modules of lower
/// layers (seeded, so the graph is the same on every run), plus a few externals. The last layer imports
/// Foundation only.
enum SyntheticGraph {
    static func modules(_ count: Int, importsPerModule: Int = 6) -> ModuleGraph {
        var random = SplitMix64(seed: 42)
        let layers = 5
        var nodes: [Module] = []
        var edges: [ModuleEdge] = []
        for index in 0..<count {
            let layer = index * layers / count
            let name = ["App", "Feature", "Interface", "Core", "Kit"][layer] + String(index)
            nodes.append(Module(id: "Pkg/\(name)", name: name, package: "Pkg", type: layer == 0 ? .executable : .regular))
        }
        for external in ["UIKit", "Foundation", "Combine"] { nodes.append(Module(id: external, name: external, type: .external)) }
        for (index, node) in nodes.enumerated() where node.type != .external {
            let layer = index * layers / count
            let lowerStart = (layer + 1) * count / layers
            guard lowerStart < count else {
                edges.append(ModuleEdge(from: node.id, to: "Foundation", kind: .import))
                continue
            }
            // Half from the next layer, half from any lower layer: real graphs import shared core modules
            // directly as well as through the layer in between, which is what `--reduce` removes.
            let nextLayerEnd = min(count, (layer + 2) * count / layers)
            var targets = Set<Int>()
            for pick in 0..<importsPerModule {
                let end = pick.isMultiple(of: 2) ? nextLayerEnd : count
                targets.insert(lowerStart + Int(random.next() % UInt64(end - lowerStart)))
            }
            for target in targets.sorted() { edges.append(ModuleEdge(from: node.id, to: nodes[target].id, kind: .import)) }
        }
        return ModuleGraph(nodes: nodes, edges: edges)
    }
}

/// Measures rendering of a 500-module graph. Opt-in (`ARCHLINT_RENDER_BENCH=1`): it prints timings, it
/// asserts no timing (machines differ).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["ARCHLINT_RENDER_BENCH"] == "1"))
struct RenderingBenchmark {
    @Test func fiveHundredModules() throws {
        let graph = SyntheticGraph.modules(500)
        let configuration = ArchlintConfiguration()
        func measure(_ label: String, _ body: () throws -> Int) rethrows {
            let start = ContinuousClock.now
            let cpuStart = clock()
            let size = try body()
            let cpu = Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC) * 1000
            let elapsed = ContinuousClock.now - start
            print("render-bench \(label): wall \(elapsed.formatted(.units(allowed: [.milliseconds], width: .narrow))), cpu \(Int(cpu))ms (\(size) bytes)")
        }
        print("render-bench graph: \(graph.nodes.count) nodes, \(graph.edges.count) edges")
        measure("dot text") { DotWriter.modules(graph: graph, diagnostics: [], configuration: configuration).utf8.count }
        try measure("svg, dot layout") {
            try Graphviz.render(dot: DotWriter.modules(graph: graph, diagnostics: [], configuration: configuration)).count
        }
        let reduced = try GraphFilters.apply(GraphFilterOptions(reduce: true), to: graph)
        print("render-bench reduced: \(reduced.edges.count) edges")
        try measure("reduce + svg, dot layout") {
            let reduced = try GraphFilters.apply(GraphFilterOptions(reduce: true), to: graph)
            return try Graphviz.render(dot: DotWriter.modules(graph: reduced, diagnostics: [], configuration: configuration)).count
        }
        try measure("svg, sfdp layout") {
            try Graphviz.render(dot: DotWriter.modules(graph: graph, diagnostics: [], configuration: configuration), layout: .sfdp).count
        }
        try measure("reduce + svg, sfdp layout") {
            let reduced = try GraphFilters.apply(GraphFilterOptions(reduce: true), to: graph)
            return try Graphviz.render(dot: DotWriter.modules(graph: reduced, diagnostics: [], configuration: configuration), layout: .sfdp).count
        }
    }
}
