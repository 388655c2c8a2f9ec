import ArchlintModel
import Graphs

/// A RIBs builder given a component that doesn't conform to its Dependency protocol, or a component whose
/// Dependency generic argument is not a Dependency protocol.
public struct MissingDependencyConformanceRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "missing-dependency-conformance",
        name: "Missing dependency conformance",
        summary: "A component passed to `XBuilder(dependency:)` doesn't conform to the builder's Dependency protocol, or `Component<X>` names an X that is not a Dependency protocol.",
        rationale: """
            In RIBs a parent hands its component to each child builder, so the parent component must conform to \
            every child's Dependency protocol, usually through `extension ParentComponent: ChildDependency {}`. \
            When it doesn't, the compiler complains far from the cause, often in generated or unrelated code. \
            For Needle, `Component<X>` only works when X is a protocol that inherits `Dependency`; RIBs' \
            `Component<X>` accepts any X (`Component<EmptyComponent>`). Whose `Component` it is comes from the \
            superclass as written (`RIBs.Component`), else the file's imports, else its module's (`RIBs` or \
            `NeedleFoundation`), else X itself: a class is RIBs'. Add the missing extension, or declare X as \
            `protocol X: Dependency`.
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
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {}
                    """,
                "Sources/App/SettingsComponent.swift": """
                    struct SettingsState {}

                    final class ↓SettingsComponent: Component<SettingsState> {}
                    """,
            ], configuration: "rules:\n  missing-dependency-conformance: error\n",
            caption: "Needle, decided by the module's imports: a file that imports neither framework is its module's."),
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
            RuleExample([
                "Tests/RIBsTests/ComponentTests.swift": """
                    @testable import RIBs
                    import XCTest

                    final class TestComponent: Component<EmptyComponent> {
                        var title: String { shared { "Title" } }
                    }

                    final class ParentState {}
                    final class StateComponent: Component<ParentState> {}
                    """,
            ], caption: "RIBs: `Component<T>` accepts any T, such as the class `EmptyComponent`."),
            RuleExample([
                "Sources/App/LegacyComponent.swift": """
                    final class AppContext {}

                    final class LegacyComponent: RIBs.Component<AppContext> {}
                    """,
            ], caption: "RIBs, decided by the superclass as written, or by a class T when the imports don't say."),
        ]
    )

    public static let inputs = RuleInputs.needleRule

    public init() {}

    /// Dependency protocols the frameworks declare themselves.
    static let frameworkDependencies: Set<String> = ["EmptyDependency"]

    public func check(_ context: LintContext) -> [Diagnostic] {
        let analysis = context.needle
        return builderDiagnostics(analysis) + genericArgumentDiagnostics(analysis, ComponentFramework.Imports(context.workspace))
    }

    private func builderDiagnostics(_ analysis: NeedleAnalysis) -> [Diagnostic] {
        let componentNames = Set(analysis.components.map(\.name)).union(["EmptyComponent"])
        return analysis.builderInstantiations.compactMap { call in
            guard let component = call.argumentType, componentNames.contains(component),
                  !analysis.types.protocols(named: call.dependency).isEmpty,
                  !analysis.conforms(component, to: call.dependency) else { return nil }
            return Diagnostic(
                rule: Self.description.id,
                message: "\(component) is passed to \(call.builder)(dependency:) but doesn't conform to "
                    + "\(call.dependency), the Dependency protocol of \(call.builder). "
                    + "Add `extension \(component): \(call.dependency) {}` and provide its properties.",
                location: call.location,
                module: call.module,
                related: (call.builderLocation ?? analysis.builders[call.builder]?.location).map {
                    [RelatedLocation(location: $0, message: "\(call.builder) is a Builder<\(call.dependency)>")]
                } ?? [],
                subject: [component, call.dependency, call.builder]
            )
        }
    }

    private func genericArgumentDiagnostics(_ analysis: NeedleAnalysis, _ frameworks: ComponentFramework.Imports) -> [Diagnostic] {
        analysis.components.compactMap { component in
            guard let dependency = component.dependency, !Self.frameworkDependencies.contains(dependency),
                  ComponentFramework(of: component, imports: frameworks, analysis: analysis) == .needle,
                  !analysis.inheritsDependency(dependency) else { return nil }
            let problem = analysis.isDeclared(dependency)
                ? "`\(dependency)` is not a protocol that inherits Dependency"
                : "`\(dependency)` is not declared in the scanned sources"
            return Diagnostic(
                rule: Self.description.id,
                message: "\(component.name) is a \(component.superclass), but \(problem). "
                    + "Declare it as `protocol \(dependency): Dependency { … }`.",
                location: component.location,
                module: component.module,
                subject: [component.name, dependency]
            )
        }
    }
}

/// Whose `Component<T>` a component subclasses. Needle's requires T to be a protocol inheriting `Dependency`;
/// RIBs' accepts any T (RIBs' own tests use `Component<EmptyComponent>`, a class). Decided, in order, by:
/// 1. the superclass as written: `RIBs.Component<…>` / `NeedleFoundation.Component<…>`;
/// 2. the file's imports, when it imports exactly one of `RIBs` and `NeedleFoundation`;
/// 3. the module's imports (any of its files), when they name exactly one of them;
/// 4. T itself: a class (declared in the scanned sources, or RIBs' `EmptyComponent`) is RIBs', anything else Needle's.
enum ComponentFramework: Equatable {
    case needle, ribs

    static let ribsModule = NeedleAnalysis.ribsModule
    static let needleModule = NeedleAnalysis.needleModule
    /// Classes RIBs declares that are used as `Component<T>` arguments.
    static let ribsClasses: Set<String> = ["EmptyComponent"]

    /// The file's and module's imports, built once per run.
    struct Imports {
        let byFile: [String: Set<String>]
        let byModule: [String: Set<String>]

        init(_ workspace: WorkspaceModel) {
            var byFile: [String: Set<String>] = [:]
            var byModule: [String: Set<String>] = [:]
            let names = Dictionary(workspace.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            for file in workspace.files {
                let imports = Set(file.facts.imports.compactMap { ComponentFramework.framework(of: $0.module) })
                byFile[file.path, default: []].formUnion(imports)
                byModule[names[file.module] ?? file.module, default: []].formUnion(imports)
            }
            self.byFile = byFile
            self.byModule = byModule
        }
    }

    init(of component: ComponentDecl, imports: Imports, analysis: NeedleAnalysis) {
        let (base, _) = NeedleTypeText.splitGeneric(component.superclass)
        if NeedleAnalysis.ribsModules.contains(where: { base.hasPrefix($0 + ".") }) { self = .ribs; return }
        if base.hasPrefix(Self.needleModule + ".") { self = .needle; return }
        for found in [imports.byFile[component.location.file], imports.byModule[component.module]] {
            if let only = Self.only(found ?? []) { self = only; return }
        }
        let argument = component.dependency ?? ""
        let isClass = Self.ribsClasses.contains(argument)
            || analysis.types.declarations(named: argument).contains { $0.decl.kind == .class }
        self = isClass ? .ribs : .needle
    }

    /// The framework an imported module stands for: RIBs for RIBs and its forks, Needle for NeedleFoundation.
    static func framework(of module: String) -> String? {
        NeedleAnalysis.isRIBsModule(module) ? ribsModule : module == needleModule ? needleModule : nil
    }

    private static func only(_ imports: Set<String>) -> ComponentFramework? {
        switch (imports.contains(ribsModule), imports.contains(needleModule)) {
        case (true, false): .ribs
        case (false, true): .needle
        default: nil
        }
    }
}
