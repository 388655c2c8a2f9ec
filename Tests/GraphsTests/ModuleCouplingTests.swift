import ArchlintModel
import Graphs
import Testing

@Suite struct ModuleCouplingTests {
    static let graph = ModuleGraph(
        nodes: [
            Module(id: "P/A", name: "A", type: .regular),
            Module(id: "P/B", name: "B", type: .regular),
            Module(id: "P/C", name: "C", type: .regular),
            Module(id: "P/BTests", name: "BTests", type: .test),
            Module(id: "UIKit", name: "UIKit", type: .external),
        ],
        edges: [
            // Declared and imported, under two conditions: one dependency.
            ModuleEdge(from: "P/A", to: "P/B", kind: .declared),
            ModuleEdge(from: "P/A", to: "P/B", kind: .import),
            ModuleEdge(from: "P/A", to: "P/B", kind: .import, condition: "DEBUG"),
            ModuleEdge(from: "P/B", to: "P/C", kind: .import),
            ModuleEdge(from: "P/B", to: "P/B", kind: .import),
            ModuleEdge(from: "P/B", to: "UIKit", kind: .import),
            ModuleEdge(from: "P/BTests", to: "P/B", kind: .import, testable: true),
        ])

    @Test func edgesCountOncePerPairBetweenOwnModules() {
        let coupling = ModuleCoupling(Self.graph)
        #expect(coupling.modules.keys.sorted() == ["P/A", "P/B", "P/BTests", "P/C"])
        #expect(coupling.fanOut(of: "P/A") == 1)
        // The self edge and UIKit don't count.
        #expect(coupling.fanOut(of: "P/B") == 1)
        // BTests depends on B, but a test is not counted as a dependant.
        #expect(coupling.fanIn(of: "P/B") == 1)
        #expect(coupling.dependants["P/B"] == ["P/A", "P/BTests"])
        #expect(coupling.instability(of: "P/B").fraction == "1/2")
        #expect(coupling.fanIn(of: "UIKit") == 0)
    }

    @Test func theReverseClosureReachesEveryDependantAndItsTests() {
        let coupling = ModuleCoupling(Self.graph)
        #expect(coupling.dependantsClosure(of: ["P/C"]) == ["P/A", "P/B", "P/BTests", "P/C"])
        #expect(coupling.dependantsClosure(of: ["P/A"]) == ["P/A"])
    }
}
