import ArchlintModel
import Graphs

/// A non-root Needle component that no root component reaches.
public struct OrphanComponentRule: Rule {
    public static let description = RuleDescription(
        id: "orphan-component",
        name: "Orphan component",
        summary: "A non-root Needle component that no root component reaches through `parent: self` instantiations.",
        rationale: """
            needle's generator only visits components reachable from a BootstrapComponent. It silently skips the \
            rest: no dependency provider is generated for them, so their dependencies are never checked and \
            instantiating them crashes at runtime. Instantiate the component with `XComponent(parent: self)` in a \
            component that a root reaches, or delete it.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var home: HomeComponent { HomeComponent(parent: self) }
                    }
                    """,
                "Sources/App/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}
                    final class HomeComponent: Component<HomeDependency> {}

                    protocol LegacyDependency: Dependency {
                        var session: Session { get }
                    }
                    final class ↓LegacyComponent: Component<LegacyDependency> {}
                    """,
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var home: HomeComponent { HomeComponent(parent: self) }
                    }
                    """,
                "Sources/App/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}
                    final class HomeComponent: Component<HomeDependency> {}

                    extension HomeComponent {
                        var legacy: LegacyComponent { LegacyComponent(parent: self) }
                    }

                    protocol LegacyDependency: Dependency {}
                    final class LegacyComponent: Component<LegacyDependency> {}
                    """,
            ], caption: "Children instantiated in an extension of their parent are reached too."),
        ]
    )

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        let graph = context.componentGraph
        let roots = graph.nodes.filter { $0.type == .root }.map(\.id)
        let children = NeedleResolver.children(graph.edges)
        var reached = Set(roots)
        var queue = roots
        while let node = queue.popLast() {
            for child in children[node] ?? [] where reached.insert(child).inserted {
                queue.append(child)
            }
        }
        let why = roots.isEmpty
            ? "no root component (a BootstrapComponent subclass) exists in the scanned sources"
            : "no root component (\(ComponentRuleSupport.list(roots.sorted()))) reaches it through `parent: self` instantiations"
        return graph.nodes.filter { $0.type != .root && !reached.contains($0.id) }.map { node in
            Diagnostic(
                rule: Self.description.id,
                severity: Self.description.defaultSeverity,
                message: "\(node.name) is an orphan: \(why). needle skips it, so its dependencies are never checked. "
                    + "Instantiate it with `\(node.name)(parent: self)` in a component a root reaches, or delete it.",
                location: SourceLocation(file: node.file, line: node.line, column: node.column),
                module: node.module,
                subject: [node.name]
            )
        }
    }
}
