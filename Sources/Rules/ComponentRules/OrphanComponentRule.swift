import ArchlintModel
import Graphs

/// A non-root Needle component that no root component reaches.
public struct OrphanComponentRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "orphan-component",
        name: "Orphan component",
        summary: "A non-root Needle component that no root component reaches through `parent: self` instantiations.",
        rationale: """
            needle's generator only visits components reachable from a BootstrapComponent. It silently skips the \
            rest: no dependency provider is generated for them, so their dependencies are never checked and \
            instantiating them crashes at runtime. Instantiate the component with `XComponent(parent: self)` in a \
            component that a root reaches, or delete it. Components declared in test targets are not checked.
            """,
        defaultSeverity: .warning,
        group: .needle,
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
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("App", [])], testTargets: [("AppTests", ["\"App\""])]),
                    "Sources/App/RootComponent.swift": """
                        import NeedleFoundation

                        public final class RootComponent: BootstrapComponent {}
                        """,
                    "Tests/AppTests/ScopeTests.swift": """
                        import NeedleFoundation
                        @testable import App
                        import XCTest

                        protocol ProbeDependency: Dependency {}
                        final class ProbeComponent: Component<ProbeDependency> {}

                        final class ScopeTests: XCTestCase {
                            func testResolves() {
                                XCTAssertNotNil(ProbeComponent(parent: RootComponent()))
                            }
                        }
                        """,
                ],
                caption: "A test's own component, built on a stand-in parent, is no orphan: needle's generator never reads tests."),
            RuleExample([
                "Sources/App/AppComponent.swift": """
                    import ModernRIBs

                    final class AppComponent: Component<EmptyDependency>, RootDependency {
                        init() { super.init(dependency: EmptyComponent()) }
                    }
                    """,
                "Sources/Widget/WidgetComponent.swift": """
                    import CombineRIBs

                    final class WidgetComponent: Component<EmptyDependency> {
                        init() { super.init(dependency: EmptyComponent()) }
                    }
                    """,
            ], caption: "A component of RIBs or its forks ModernRIBs and CombineRIBs is not Needle's."),
        ]
    )

    public static let inputs = RuleInputs.needleRule

    public init() {}

    /// Per Needle scope; a declaration that several scopes hold (a library two apps link) is an orphan only
    /// when no scope's roots reach it.
    public func check(_ context: LintContext) -> [Diagnostic] {
        let graph = context.componentGraph
        let byScope = Dictionary(grouping: graph.nodes, by: \.scope)
        let edgesByScope = Dictionary(grouping: graph.edges, by: \.scope)
        var reached: Set<String> = []
        var rootNames: [String?: [String]] = [:]
        for (scope, nodes) in byScope {
            let roots = nodes.filter { $0.type == .root }
            rootNames[scope] = roots.map(\.name).sorted()
            let children = NeedleResolver.children(edgesByScope[scope] ?? [])
            var queue = roots.map(\.id)
            reached.formUnion(queue)
            while let node = queue.popLast() {
                for child in children[node] ?? [] where reached.insert(child).inserted {
                    queue.append(child)
                }
            }
        }
        let declarations = Dictionary(grouping: graph.nodes) { DeclarationKey(node: $0) }
        let scopes = context.needleScopes
        var reported: Set<DeclarationKey> = []
        let tests = ComponentRuleSupport.testModules(context)
        // NeedleFoundation's own classes are the bases components subclass, never orphans; nor is a test's
        // component, which the test builds on a stand-in parent.
        let candidates = graph.nodes.filter { node in
            node.type != .root && !NeedleAnalysis.isNeedleBase(node.name) && !(node.module.map(tests.contains) ?? false)
        }
        return candidates.compactMap { node in
            let key = DeclarationKey(node: node)
            let holders = declarations[key] ?? [node]
            guard !holders.contains(where: { reached.contains($0.id) }), reported.insert(key).inserted else { return nil }
            let why: String
            if node.scope != nil {
                why = "no root component of its Needle world reaches it through `parent: self` instantiations"
            } else {
                let roots = rootNames[nil] ?? []
                why = roots.isEmpty
                    ? "no root component (a BootstrapComponent subclass) exists in the scanned sources"
                    : "no root component (\(ComponentRuleSupport.list(roots))) reaches it through `parent: self` instantiations"
            }
            let worlds = holders.compactMap { holder in holder.scope.flatMap { scopes.scope(named: $0) } }
            return Diagnostic(
                rule: Self.description.id,
                message: "\(node.name) is an orphan: \(why). needle skips it, so its dependencies are never checked. "
                    + "Instantiate it with `\(node.name)(parent: self)` in a component a root reaches, or delete it."
                    + ComponentRuleSupport.scopeSentence(worlds, multiple: node.scope != nil),
                location: SourceLocation(file: node.file, line: node.line, column: node.column),
                module: node.module,
                subject: [node.name]
            )
        }
    }

    /// One declaration, whichever scopes hold it.
    private struct DeclarationKey: Hashable {
        var name: String
        var file: String
        var line: Int
        var column: Int

        init(node: ComponentNode) {
            name = node.name
            file = node.file
            line = node.line
            column = node.column
        }
    }
}
