import ArchlintModel
import Graphs

/// A component created with a `parent:` argument other than `self`.
public struct InvalidComponentInstantiationRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "invalid-component-instantiation",
        name: "Invalid component instantiation",
        summary: "A component is instantiated with a `parent:` argument that isn't `self`.",
        rationale: """
            Needle builds its tree from `XComponent(parent: self)` calls inside parent components and resolves \
            dependencies along exactly those edges. A component created with some other parent (a stored \
            component, a mock, a scope passed around) runs with a dependency provider for a path that doesn't \
            exist, and crashes at runtime. Create children only inside their parent component, with \
            `parent: self`. The one exception is a root created as `RootComponent(parent: BootstrapComponent())`. \
            Test targets are not checked: a test builds the component it tests on a stand-in parent.
            """,
        defaultSeverity: .error,
        group: .needle,
        triggeringExamples: [
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var home: HomeComponent { HomeComponent(parent: self) }
                    }

                    final class AppCoordinator {
                        let root = RootComponent()

                        func start() {
                            let home = ↓HomeComponent(parent: root)
                            home.start()
                        }
                    }
                    """,
                "Sources/App/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}

                    final class HomeComponent: Component<HomeDependency> {
                        var detail: DetailComponent { ↓.init(parent: parentScope) }
                        let parentScope: Scope
                    }

                    protocol DetailDependency: Dependency {}

                    final class DetailComponent: Component<DetailDependency> {}
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

                    let root = RootComponent(parent: BootstrapComponent())
                    """,
                "Sources/App/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}

                    final class HomeComponent: Component<HomeDependency> {
                        override init(parent: Scope) {
                            super.init(parent: parent)
                        }
                    }
                    """,
            ]),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("Home", [])], testTargets: [("HomeTests", ["\"Home\""])]),
                    "Sources/Home/HomeComponent.swift": """
                        import NeedleFoundation

                        public protocol HomeDependency: Dependency {}

                        public final class HomeComponent: Component<HomeDependency> {}
                        """,
                    "Tests/HomeTests/HomeComponentTests.swift": """
                        import NeedleFoundation
                        @testable import Home
                        import XCTest

                        final class HomeComponentTests: XCTestCase {
                            func testBuilds() {
                                let component = HomeComponent(parent: MockScope())
                                XCTAssertNotNil(component)
                            }
                        }
                        """,
                ],
                caption: "A test builds the component it tests on a stand-in parent"),
        ]
    )

    public static let inputs = RuleInputs.needleRule

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        let analysis = context.needle
        let tests = ComponentRuleSupport.testModules(context)
        return analysis.instantiations.compactMap { instantiation in
            let argument = instantiation.parentArgument
            guard argument != "self", !tests.contains(instantiation.module) else { return nil }
            let child = analysis.componentsByName[instantiation.child]
            if child?.kind == .root && argument == "BootstrapComponent()" { return nil }
            let place = instantiation.parent.map { "inside \($0)" } ?? "outside any component"
            return Diagnostic(
                rule: Self.description.id,
                message: "\(instantiation.child) is instantiated \(place) with `parent: \(argument)`; Needle only "
                    + "resolves dependencies along `parent: self` edges. Create it inside its parent component as "
                    + "`\(instantiation.child)(parent: self)`.",
                location: instantiation.location,
                module: instantiation.module,
                subject: [instantiation.child, instantiation.parent ?? "", argument]
            )
        }
    }
}
