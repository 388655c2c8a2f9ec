import ArchlintModel
import Graphs

/// A RIBs builder given a component that doesn't conform to its Dependency protocol, or a component whose
/// Dependency generic argument is not a Dependency protocol.
public struct MissingDependencyConformanceRule: Rule {
    public static let description = RuleDescription(
        id: "missing-dependency-conformance",
        name: "Missing dependency conformance",
        summary: "A component passed to `XBuilder(dependency:)` doesn't conform to the builder's Dependency protocol, or `Component<X>` names an X that is not a Dependency protocol.",
        rationale: """
            In RIBs a parent hands its component to each child builder, so the parent component must conform to \
            every child's Dependency protocol, usually through `extension ParentComponent: ChildDependency {}`. \
            When it doesn't, the compiler complains far from the cause, often in generated or unrelated code. \
            For Needle, `Component<X>` only works when X is a protocol that inherits `Dependency`. Add the \
            missing extension, or declare X as `protocol X: Dependency`.
            """,
        defaultSeverity: .error,
        group: .ribs,
        triggeringExamples: [
            RuleExample([
                "Sources/Parent/ParentBuilder.swift": """
                    import RIBs

                    protocol ParentDependency: Dependency {}

                    final class ParentComponent: Component<ParentDependency> {
                        var childTitle: String { "Child" }
                    }

                    final class ParentBuilder: Builder<ParentDependency> {
                        func build() -> ParentRouting {
                            let component = ParentComponent(dependency: dependency)
                            let child = ↓ChildBuilder(dependency: component)
                            return ParentRouter(child: child)
                        }
                    }
                    """,
                "Sources/Parent/ChildBuilder.swift": """
                    import RIBs

                    protocol ChildDependency: Dependency {
                        var childTitle: String { get }
                    }

                    final class ChildComponent: Component<ChildDependency> {}

                    final class ChildBuilder: Builder<ChildDependency> {
                        func build() -> ChildRouting {
                            let component = ChildComponent(dependency: dependency)
                            return ChildRouter(component: component)
                        }
                    }
                    """,
            ], caption: "RIBs: the parent component lacks `extension ParentComponent: ChildDependency {}`."),
            RuleExample([
                "Sources/App/FeatureComponent.swift": """
                    import NeedleFoundation

                    protocol FeatureDependencies {
                        var apiClient: APIClient { get }
                    }

                    final class ↓FeatureComponent: Component<FeatureDependencies> {}

                    final class ↓SearchComponent: Component<SearchDependency> {}
                    """,
            ], configuration: "rules:\n  missing-dependency-conformance: error\n",
            caption: "Needle: the generic argument doesn't inherit Dependency, or isn't declared at all (an app without RIBs turns the rule on in its configuration)."),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/Parent/ParentBuilder.swift": """
                    import RIBs

                    protocol ParentDependency: Dependency {}

                    final class ParentComponent: Component<ParentDependency> {
                        var childTitle: String { "Child" }
                    }

                    final class ParentBuilder: Builder<ParentDependency> {
                        func build() -> ParentRouting {
                            let component = ParentComponent(dependency: dependency)
                            let child = ChildBuilder(dependency: component)
                            return ParentRouter(child: child)
                        }
                    }
                    """,
                "Sources/Parent/ParentComponent+Child.swift": """
                    extension ParentComponent: ChildDependency {}
                    """,
                "Sources/Parent/ChildBuilder.swift": """
                    import RIBs

                    protocol ChildDependency: Dependency {
                        var childTitle: String { get }
                    }

                    final class ChildComponent: Component<ChildDependency> {}

                    final class ChildBuilder: Builder<ChildDependency> {
                        func build() -> ChildRouting {
                            let component = ChildComponent(dependency: dependency)
                            return ChildRouter(component: component)
                        }
                    }
                    """,
            ], caption: "RIBs: the conformance lives in an extension in another file."),
            RuleExample([
                "Sources/App/FeatureComponent.swift": """
                    import NeedleFoundation

                    protocol BaseDependency: Dependency {}
                    protocol FeatureDependency: BaseDependency {}

                    final class FeatureComponent: Component<FeatureDependency> {}
                    final class SettingsComponent: NeedleFoundation.Component<EmptyDependency> {}
                    """,
            ], caption: "Needle: inheriting Dependency through another protocol; `EmptyDependency` is Needle's own."),
        ]
    )

    public init() {}

    /// Dependency protocols the frameworks declare themselves.
    static let frameworkDependencies: Set<String> = ["EmptyDependency"]

    public func check(_ context: LintContext) -> [Diagnostic] {
        let analysis = context.needle
        return builderDiagnostics(analysis) + genericArgumentDiagnostics(analysis)
    }

    private func builderDiagnostics(_ analysis: NeedleAnalysis) -> [Diagnostic] {
        let componentNames = Set(analysis.components.map(\.name)).union(["EmptyComponent"])
        return analysis.builderInstantiations.compactMap { call in
            guard let component = call.argumentType, componentNames.contains(component),
                  !analysis.types.protocols(named: call.dependency).isEmpty,
                  !analysis.conforms(component, to: call.dependency) else { return nil }
            return Diagnostic(
                rule: Self.description.id,
                severity: Self.description.defaultSeverity,
                message: "\(component) is passed to \(call.builder)(dependency:) but doesn't conform to "
                    + "\(call.dependency), the Dependency protocol of \(call.builder). "
                    + "Add `extension \(component): \(call.dependency) {}` and provide its properties.",
                location: call.location,
                module: call.module,
                related: analysis.builders[call.builder].map {
                    [RelatedLocation(location: $0.location, message: "\(call.builder) is a Builder<\(call.dependency)>")]
                } ?? [],
                subject: [component, call.dependency, call.builder]
            )
        }
    }

    private func genericArgumentDiagnostics(_ analysis: NeedleAnalysis) -> [Diagnostic] {
        analysis.components.compactMap { component in
            guard let dependency = component.dependency, !Self.frameworkDependencies.contains(dependency),
                  !analysis.inheritsDependency(dependency) else { return nil }
            let problem = analysis.isDeclared(dependency)
                ? "`\(dependency)` is not a protocol that inherits Dependency"
                : "`\(dependency)` is not declared in the scanned sources"
            return Diagnostic(
                rule: Self.description.id,
                severity: Self.description.defaultSeverity,
                message: "\(component.name) is a \(component.superclass), but \(problem). "
                    + "Declare it as `protocol \(dependency): Dependency { … }`.",
                location: component.location,
                module: component.module,
                subject: [component.name, dependency]
            )
        }
    }
}
