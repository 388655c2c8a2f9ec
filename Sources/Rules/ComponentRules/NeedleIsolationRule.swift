import ArchlintModel
import Graphs

/// A Needle component in a target whose declarations default to `MainActor` (Xcode 26's new app targets), not
/// marked `nonisolated`: its initializer becomes main-actor isolated and can't override NeedleFoundation's.
public struct NeedleIsolationRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "needle-isolation",
        name: "Needle component under default MainActor isolation",
        summary: "A Needle component in a target whose default isolation is MainActor, not marked `nonisolated`.",
        rationale: """
            NeedleFoundation's `Component`, `BootstrapComponent`, `NonCoreComponent` and `PluginizedComponent` are \
            nonisolated classes (NeedleFoundation 0.25.1 is built in Swift 5 mode). In a target that defaults to \
            `MainActor` (`SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`, `.defaultIsolation(MainActor.self)`, the \
            default of Xcode 26's new app targets) a subclass is main-actor isolated, so its inherited \
            `init(parent:)` or `init()` has \"different actor isolation from nonisolated overridden declaration\", \
            and so do overrides such as `scopeWillDeinit()`. Marking the class `nonisolated` (Swift 6.1 or later) \
            keeps it off the main actor as NeedleFoundation declares it: components are created and their \
            dependencies resolved on whatever thread instantiates them. Members that must run on the main actor \
            keep `@MainActor`. The rule reads the target's settings from its project, XcodeGen spec or \
            Package.swift.
            """,
        defaultSeverity: .warning,
        group: .needle,
        triggeringExamples: [
            RuleExample([
                "Package.swift": NeedleIsolationExamples.mainActorPackage,
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class ↓RootComponent: BootstrapComponent {
                        var homeComponent: HomeComponent { HomeComponent(parent: self) }
                    }
                    """,
                "Sources/App/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}

                    @MainActor final class ↓HomeComponent: Component<HomeDependency> {}
                    """,
            ], caption: "Default MainActor isolation: a plain subclass, and one marked `@MainActor`."),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Package.swift": NeedleIsolationExamples.mainActorPackage,
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    nonisolated final class RootComponent: BootstrapComponent {
                        @MainActor var title: String { "Home" }
                        var homeComponent: HomeComponent { HomeComponent(parent: self) }
                    }
                    """,
                "Sources/App/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}

                    nonisolated final class HomeComponent: Component<HomeDependency> {}
                    """,
            ], caption: "Components marked `nonisolated`; a member keeps `@MainActor`."),
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {}
                    """,
            ], caption: "A target without default MainActor isolation."),
        ]
    )

    public static let inputs = RuleInputs.needleRule

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        let mainActorModules = Dictionary(
            context.workspace.modules.compactMap { module in
                module.swiftSettings?.isDefaultMainActor == true ? (module.id, module.swiftSettings?.source) : nil
            }, uniquingKeysWith: { first, _ in first })
        guard !mainActorModules.isEmpty else { return [] }
        var modulesOfFile: [String: [String]] = [:]
        for file in context.workspace.files where mainActorModules[file.module] != nil {
            modulesOfFile[file.path, default: []].append(file.module)
        }
        let analysis = context.needle
        var diagnostics: [Diagnostic] = []
        for component in analysis.components where component.flavor == .needle {
            guard let module = modulesOfFile[component.location.file]?.first,
                  let declaration = analysis.types.classes(named: component.name).first(where: { $0.location == component.location }),
                  !declaration.decl.isNonisolated else { continue }
            let source = mainActorModules[module].flatMap { $0 }.map { " (read from \($0))" } ?? ""
            let base = NeedleTypeText.lastComponent(component.superclass.prefix { $0 != "<" }.description)
            let initializer = component.kind == .root ? "init()" : "init(parent:)"
            diagnostics.append(Diagnostic(
                rule: Self.description.id,
                message: "\(component.name) subclasses NeedleFoundation's \(base) in \(module), whose default isolation is "
                    + "MainActor\(source): its `\(initializer)` is main-actor isolated and can't override Needle's "
                    + "nonisolated one. Declare it `nonisolated final class \(component.name)` (Swift 6.1 or later) "
                    + "and keep `@MainActor` on the members that need the main actor.",
                location: component.location,
                module: module))
        }
        return diagnostics.sorted(by: Diagnostic.stableOrder)
    }
}

enum NeedleIsolationExamples {
    static let mainActorPackage = """
        // swift-tools-version:6.2
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .executableTarget(name: "App", swiftSettings: [.defaultIsolation(MainActor.self)]),
            ]
        )
        """
}
