import ArchlintModel
import Graphs

/// A module edge diagnostics are about, with which of them: what a report that can't see the graph needs to draw
/// it (the Markdown summary's diagram), and to leave it out when every diagnostic on it is filtered away.
public struct FlaggedModuleEdge: Hashable, Sendable {
    /// Node ids.
    public var from: String
    public var to: String
    /// Indexes into the diagnostics given, ascending.
    public var diagnostics: [Int]
}

extension DotWriter {
    /// The module edges the diagnostics are about, each with the diagnostics on it: the same mapping the pictures
    /// draw (`DiagnosticIndex`, as `flaggedEdges(graph:diagnostics:)`), told apart per diagnostic. Sorted by
    /// edge.
    public static func flaggedEdgeDiagnostics(graph: ModuleGraph, diagnostics: [Diagnostic]) -> [FlaggedModuleEdge] {
        let resolver = NodeResolver(nodes: graph.nodes.map { ($0.id, $0.name) })
        let locations = ModuleDotWriter.edgeLocations(graph)
        var found: [DirectedPair: Set<Int>] = [:]
        func collect(_ index: DiagnosticIndex) {
            for (pair, findings) in index.edges {
                for label in findings.rules {
                    if let number = Int(label) { found[pair, default: []].insert(number) }
                }
            }
        }
        // Each diagnostic maps to its edges on its own, so naming each one's rule after its index makes the
        // index say which diagnostics every edge carries.
        func labelled(_ number: Int) -> Diagnostic {
            var diagnostic = diagnostics[number]
            diagnostic.rule = String(number)
            return diagnostic
        }
        let cycles = diagnostics.indices.filter { diagnostics[$0].rule == CycleRuleID.moduleCycle }
        let others = diagnostics.indices.filter { diagnostics[$0].rule != CycleRuleID.moduleCycle }
        collect(DiagnosticIndex(
            diagnostics: others.map(labelled), edgeLocations: locations, cycleRule: CycleRuleID.moduleCycle,
            resolveNode: resolver.resolve))
        if !cycles.isEmpty {
            // A cycle diagnostic is read as a cycle only under its own rule id: one index each, over the edges it
            // can be about (between its members, or at its locations), so a graph with many cycles stays linear.
            var pairsFrom: [String: [DirectedPair]] = [:]
            var pairsAt: [SourceLocation: [DirectedPair]] = [:]
            let wanted = Set(cycles.flatMap { [diagnostics[$0].location] + diagnostics[$0].related.map(\.location) })
            for (pair, edgeLocations) in locations {
                pairsFrom[pair.from, default: []].append(pair)
                for location in edgeLocations where wanted.contains(location) { pairsAt[location, default: []].append(pair) }
            }
            for number in cycles {
                let diagnostic = diagnostics[number]
                let members = Set(diagnostic.subject.compactMap(resolver.resolve))
                var candidates = Set(members.flatMap { pairsFrom[$0] ?? [] }.filter { members.contains($0.to) })
                for location in diagnostic.related.map(\.location) + [diagnostic.location] {
                    candidates.formUnion(pairsAt[location] ?? [])
                }
                guard !candidates.isEmpty else { continue }
                var narrowed: [DirectedPair: [SourceLocation]] = [:]
                for pair in candidates { narrowed[pair] = locations[pair] }
                collect(DiagnosticIndex(
                    diagnostics: [labelled(number)], edgeLocations: narrowed, cycleRule: String(number),
                    resolveNode: resolver.resolve))
            }
        }
        return found.sorted { $0.key < $1.key }.map { pair, numbers in
            FlaggedModuleEdge(from: pair.from, to: pair.to, diagnostics: numbers.sorted())
        }
    }
}
