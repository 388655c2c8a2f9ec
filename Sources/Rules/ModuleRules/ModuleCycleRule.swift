import ArchlintModel
import Graphs

/// Every cycle in the module graph (import and declared edges), once per strongly connected component.
public struct ModuleCycleRule: Rule, RuleInputsProvider {
    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        let index = context.moduleIndex
        let digraph = index.digraph()
        let layers = context.classifier
        return digraph.cyclicComponents().compactMap { component in
            guard let cycle = digraph.shortestCycle(in: component) else { return nil }
            return diagnostic(for: cycle, component: component, index: index, layers: layers)
        }
    }

    private func diagnostic(for cycle: [String], component: [String], index: ModuleGraphIndex, layers: ArchitectureClassifier) -> Diagnostic? {
        let pairs = cycle.indices.map { (from: cycle[$0], to: cycle[($0 + 1) % cycle.count]) }
        let culprit = culpritPosition(pairs, index: index, layers: layers)
        let rotated = Array(pairs[culprit...] + pairs[..<culprit])
        let reportedEdges = edges(from: rotated[0].from, to: rotated[0].to, index)
        guard let location = reportedEdges.first(where: { $0.kind == .import })?.locations.first
            ?? reportedEdges.first?.locations.first
        else { return nil }

        let names = displayNames(component, index)
        let path = (rotated.map(\.from) + [rotated[0].from]).map { names[$0]! }.joined(separator: " → ")
        var message = "module cycle: \(path)"
        if component.count > cycle.count {
            message += " (\(component.count) modules depend on each other: \(component.map { names[$0]! }.joined(separator: ", ")))"
        }
        message += "; break it by removing one of these dependencies: move the code the lower module needs down into it, "
            + "or make it depend on a protocol and inject the implementation from above"
        return Diagnostic(
            rule: Self.description.id, message: message, location: location,
            module: index.name(of: rotated[0].from),
            related: related(rotated, component: Set(component), index: index),
            subject: component)
    }

    /// The edge to report at: one that climbs the configured layers, else an import its target doesn't declare
    /// (the usual accident), else the first.
    private func culpritPosition(_ pairs: [(from: String, to: String)], index: ModuleGraphIndex, layers: ArchitectureClassifier) -> Int {
        if let upward = pairs.firstIndex(where: { pair in
            guard let from = layers.classification(ofModuleID: pair.from)?.layer,
                  let to = layers.classification(ofModuleID: pair.to)?.layer
            else { return false }
            return to < from
        }) {
            return upward
        }
        if let undeclared = pairs.firstIndex(where: { pair in
            let kinds = Set(edges(from: pair.from, to: pair.to, index).map(\.kind))
            guard let from = index.node(pair.from) else { return false }
            return kinds == [.import] && (from.manifest != nil || from.project != nil)
        }) {
            return undeclared
        }
        return 0
    }

    /// Every edge inside the component with each of its locations: the printed cycle's edges first, in order.
    private func related(_ pairs: [(from: String, to: String)], component: Set<String>, index: ModuleGraphIndex) -> [RelatedLocation] {
        let cycleEdges = pairs.flatMap { edges(from: $0.from, to: $0.to, index) }
        let otherEdges = component.sorted()
            .flatMap { index.edges(from: $0) }
            .filter { component.contains($0.to) && !cycleEdges.contains($0) }
        return (cycleEdges + otherEdges).flatMap { edge in
            edge.locations.map { RelatedLocation(location: $0, message: ModuleEdgeWording.describe(edge, index)) }
        }
    }

    /// Import edges first, then declared ones; each group in graph order (by condition).
    private func edges(from: String, to: String, _ index: ModuleGraphIndex) -> [ModuleEdge] {
        let edges = index.edges(from: from).filter { $0.to == to }
        return edges.filter { $0.kind == .import } + edges.filter { $0.kind == .declared }
    }

    /// Module names, or ids where two modules of the component share a name.
    private func displayNames(_ component: [String], _ index: ModuleGraphIndex) -> [String: String] {
        let names = component.map { index.name(of: $0) }
        let ambiguous = Set(names).count != names.count
        return Dictionary(uniqueKeysWithValues: component.map { ($0, ambiguous ? $0 : index.name(of: $0)) })
    }

    public static let inputs = RuleInputs.moduleRule

    public static let description = RuleDescription(
        id: "module-cycle",
        name: "Module cycle",
        summary: "Modules that depend on each other in a cycle, through imports or declared dependencies.",
        rationale: """
            A cycle makes every module in it one build unit: none can be built, tested or reused without the others, \
            and SwiftPM rejects cycles among declared dependencies outright. archlint finds each strongly connected \
            component once, prints its shortest cycle and lists every edge inside it. Break the cycle by moving the \
            code the lower module needs down into it, or by depending on a protocol in the lower module and injecting \
            the implementation from above. Edges inside `#if` count too.
            """,
        defaultSeverity: .error,
        group: .module,
        triggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("UICore", ["\"DesignSystem\""]), ("DesignSystem", []),
                    ]),
                    "Sources/UICore/Theme.swift": "import DesignSystem\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n↓import UICore\n",
                ],
                caption: "DesignSystem imports UICore back without declaring it"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("A", ["\"B\""]), ("B", []), ("C", []),
                    ]),
                    "Sources/A/A.swift": "import B\n",
                    "Sources/B/B.swift": "↓import C\n",
                    "Sources/C/C.swift": "#if DEBUG\nimport A\n#endif\n",
                ],
                caption: "A three-module cycle closed by a debug-only import"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("UICore", ["\"DesignSystem\""]), ("DesignSystem", [])],
                        testTargets: [("DesignSystemTests", ["\"DesignSystem\"", "\"UICore\""])]),
                    "Sources/UICore/Theme.swift": "import DesignSystem\n",
                    "Sources/DesignSystem/Button.swift": "import SwiftUI\n",
                    "Tests/DesignSystemTests/ButtonTests.swift": "@testable import DesignSystem\nimport UICore\n",
                ],
                caption: "A layered graph; tests may import anything they declare"),
        ]
    )
}
