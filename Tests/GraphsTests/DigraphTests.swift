import Graphs
import Testing

@Suite struct DigraphTests {
    private func graph(_ edges: [(String, String)], nodes: [String] = []) -> Digraph {
        Digraph(nodes: nodes, edges: edges.map { (from: $0.0, to: $0.1) })
    }

    @Test func buildingCollapsesParallelEdgesAndKeepsInsertionOrder() {
        var digraph = graph([("b", "a"), ("b", "a"), ("b", "c")], nodes: ["z"])
        digraph.addNode("z")
        #expect(digraph.nodes == ["z", "b", "a", "c"])
        #expect(digraph.edgeCount == 2)
        #expect(digraph.successors(of: "b") == ["a", "c"])
        #expect(digraph.predecessors(of: "a") == ["b"])
        #expect(digraph.successors(of: "missing").isEmpty)
        #expect(digraph.hasEdge(from: "b", to: "c"))
        #expect(!digraph.hasEdge(from: "c", to: "b"))
        #expect(digraph.edges.map { "\($0.from)>\($0.to)" } == ["b>a", "b>c"])
    }

    @Test func reversedTurnsEveryEdgeAround() {
        let reversed = graph([("a", "b"), ("b", "c")], nodes: ["lonely"]).reversed()
        #expect(reversed.edges.map { "\($0.from)>\($0.to)" } == ["b>a", "c>b"])
        #expect(reversed.contains("lonely"))
    }

    @Test func reachabilityFollowsEdgesTransitively() {
        let digraph = graph([("a", "b"), ("b", "c"), ("c", "b"), ("d", "a")])
        #expect(digraph.reachable(from: ["a"]) == ["a", "b", "c"])
        #expect(digraph.reachable(from: ["d", "unknown"]) == ["a", "b", "c", "d"])
        #expect(digraph.reachable(from: ["unknown"]).isEmpty)
    }

    @Test func stronglyConnectedComponentsAreSortedAndComplete() {
        let digraph = graph(
            [("c", "a"), ("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"), ("e", "d"), ("e", "f")], nodes: ["g"])
        #expect(digraph.stronglyConnectedComponents() == [["a", "b", "c"], ["d", "e"], ["f"], ["g"]])
        #expect(digraph.cyclicComponents() == [["a", "b", "c"], ["d", "e"]])
    }

    @Test func aSelfLoopIsACycleOfLengthOne() {
        let digraph = graph([("a", "a"), ("a", "b")])
        #expect(digraph.cyclicComponents() == [["a"]])
        #expect(digraph.shortestCycle(in: ["a"]) == ["a"])
    }

    @Test func shortestCycleIsTheShortestInTheComponent() {
        // a → b → c → d → a is long; c ⇄ d is the shortest cycle and doesn't pass through a.
        let digraph = graph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("d", "c")])
        let component = digraph.cyclicComponents()
        #expect(component == [["a", "b", "c", "d"]])
        #expect(digraph.shortestCycle(in: component[0]) == ["c", "d"])
    }

    @Test func shortestCycleTiesStartAtTheSmallestId() {
        let digraph = graph([("x", "y"), ("y", "z"), ("z", "x"), ("y", "w"), ("w", "x")])
        #expect(digraph.shortestCycle(in: ["w", "x", "y", "z"]) == ["w", "x", "y"])
    }

    @Test func shortestCycleOfAnAcyclicSetIsNil() {
        let digraph = graph([("a", "b")])
        #expect(digraph.shortestCycle(in: ["a", "b"]) == nil)
        #expect(digraph.shortestCycle(in: []) == nil)
    }

    @Test func shortestPathUsesBreadthFirstSearch() {
        let digraph = graph([("a", "b"), ("b", "c"), ("c", "d"), ("a", "x"), ("x", "d")])
        #expect(digraph.shortestPath(from: "a", to: "d") == ["a", "x", "d"])
        #expect(digraph.shortestPath(from: "a", to: "d", within: ["a", "b", "c", "d"]) == ["a", "b", "c", "d"])
        #expect(digraph.shortestPath(from: "d", to: "a") == nil)
        #expect(digraph.shortestPath(from: "a", to: "a") == ["a"])
    }

    @Test func subgraphKeepsOnlyInnerEdges() {
        let subgraph = graph([("a", "b"), ("b", "c"), ("c", "a")]).subgraph(["a", "b"])
        #expect(subgraph.edges.map { "\($0.from)>\($0.to)" } == ["a>b"])
    }

    /// Ids that sort in chain order.
    private func chainID(_ number: Int) -> String {
        let digits = String(number)
        return "n" + String(repeating: "0", count: 5 - digits.count) + digits
    }

    @Test func aTenThousandNodeChainHasNoCycleAndNoRecursionLimit() {
        let count = 10_000
        let digraph = graph((0..<count - 1).map { (chainID($0), chainID($0 + 1)) })
        #expect(digraph.stronglyConnectedComponents().count == count)
        #expect(digraph.cyclicComponents().isEmpty)
        #expect(digraph.reachable(from: [chainID(0)]).count == count)
        #expect(digraph.shortestPath(from: chainID(0), to: chainID(count - 1))?.count == count)
    }

    @Test func aTenThousandNodeCycleIsOneComponentWithTheWholeCycle() {
        let count = 10_000
        var edges = (0..<count - 1).map { (chainID($0), chainID($0 + 1)) }
        edges.append((chainID(count - 1), chainID(0)))
        let digraph = graph(edges.reversed())
        let components = digraph.cyclicComponents()
        #expect(components.count == 1)
        #expect(components.first?.count == count)
        let cycle = digraph.shortestCycle(in: components[0])
        #expect(cycle == (0..<count).map(chainID))
    }

    @Test func aBigComponentWithAShortcutFindsTheShortCycleThroughItsFirstNode() {
        let count = 10_000
        var edges = (0..<count - 1).map { (chainID($0), chainID($0 + 1)) }
        edges.append((chainID(count - 1), chainID(0)))
        edges.append((chainID(2), chainID(0)))
        let digraph = graph(edges)
        let components = digraph.cyclicComponents()
        #expect(components.count == 1)
        #expect(digraph.shortestCycle(in: components[0]) == [chainID(0), chainID(1), chainID(2)])
    }
}
