import ArchlintModel
import Graphs

/// A cycle in the component parent → child graph.
public struct ComponentCycleRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "component-cycle",
        name: "Component cycle",
        summary: "Components instantiate each other in a cycle through `parent: self`.",
        rationale: """
            Needle's scopes form a tree: a component's dependencies come from its ancestors. When a component is \
            (indirectly) its own ancestor, the tree is infinite, needle's generator rejects it, and at runtime \
            each instantiation nests one scope deeper. archlint reports each cycle once, at its first edge, with \
            the whole path. Break it by letting the inner component receive what it needs through its Dependency \
            protocol instead of instantiating the outer component again.
            """,
        defaultSeverity: .error,
        group: .needle,
        triggeringExamples: [
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var chat: ChatComponent { ChatComponent(parent: self) }
                    }
                    """,
                "Sources/App/ChatComponent.swift": """
                    import NeedleFoundation

                    protocol ChatDependency: Dependency {}

                    final class ChatComponent: Component<ChatDependency> {
                        var profile: ProfileComponent { ↓ProfileComponent(parent: self) }
                    }
                    """,
                "Sources/App/ProfileComponent.swift": """
                    import NeedleFoundation

                    protocol ProfileDependency: Dependency {}

                    final class ProfileComponent: Component<ProfileDependency> {
                        var chat: ChatComponent { ChatComponent(parent: self) }
                    }
                    """,
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var chat: ChatComponent { ChatComponent(parent: self) }
                        var profile: ProfileComponent { ProfileComponent(parent: self) }
                    }
                    """,
                "Sources/App/ChatComponent.swift": """
                    import NeedleFoundation

                    protocol ChatDependency: Dependency {}

                    final class ChatComponent: Component<ChatDependency> {
                        var profile: ProfileComponent { ProfileComponent(parent: self) }
                    }
                    """,
                "Sources/App/ProfileComponent.swift": """
                    import NeedleFoundation

                    protocol ProfileDependency: Dependency {}

                    final class ProfileComponent: Component<ProfileDependency> {}
                    """,
            ], caption: "A component reached on two paths is a DAG, not a cycle."),
        ]
    )

    public static let inputs = RuleInputs.needleRule

    public init() {}

    /// Cycles are found per Needle scope (edges never cross scopes); a cycle inside a library that several
    /// apps link is reported once, naming those apps.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let edges = context.componentGraph.edges
        let children = NeedleResolver.children(edges)
        let nodes = Dictionary(context.componentGraph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let scopes = context.needleScopes
        var found: [Diagnostic] = []
        var seen: Set<Diagnostic> = []
        var worlds: [Diagnostic: [NeedleScope]] = [:]
        for cycle in ComponentCycles.find(children: children) {
            let cycleEdges = zip(cycle, cycle.dropFirst()).compactMap { from, to in
                edges.filter { $0.from == from && $0.to == to }.min { location(of: $0) < location(of: $1) }
            }
            guard let first = cycleEdges.first else { continue }
            let names = cycle.map { nodes[$0]?.name ?? $0 }
            let name = { (id: String) in nodes[id]?.name ?? id }
            let path = names.joined(separator: " -> ")
            let diagnostic = Diagnostic(
                rule: Self.description.id,
                message: "Component cycle \(path): a component must not be its own ancestor. Remove one of these "
                    + "`parent: self` instantiations and pass what the inner component needs through its "
                    + "Dependency protocol.",
                location: location(of: first),
                module: nodes[first.from]?.module ?? nil,
                related: cycleEdges.dropFirst().map {
                    RelatedLocation(location: location(of: $0), message: "\(name($0.from)) instantiates \(name($0.to))")
                },
                subject: names
            )
            if seen.insert(diagnostic).inserted { found.append(diagnostic) }
            if let scope = first.scope.flatMap({ scopes.scope(named: $0) }) { worlds[diagnostic, default: []].append(scope) }
        }
        return found.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.message += ComponentRuleSupport.scopeSentence(worlds[diagnostic] ?? [], multiple: scopes.isMultiple)
            return diagnostic
        }
    }

    private func location(of edge: ComponentEdge) -> SourceLocation {
        SourceLocation(file: edge.file, line: edge.line, column: edge.column)
    }
}
