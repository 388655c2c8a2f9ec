import ArchlintModel
import Graphs

/// Two Needle components, or two Dependency protocols, with the same name in different files.
public struct DuplicateComponentRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "duplicate-component",
        name: "Duplicate component",
        summary: "Two Needle components or two Dependency protocols share a name, in different files.",
        rationale: """
            needle identifies components and Dependency protocols by their simple name across all modules: its \
            generated provider paths (`^->RootComponent->HomeComponent`) can't tell two `HomeComponent`s apart, \
            so one of them silently gets the other's providers, or generation fails. Module namespaces don't \
            help. Rename one of them. Declarations under mutually exclusive `#if` conditions are not reported.
            """,
        defaultSeverity: .error,
        group: .needle,
        triggeringExamples: [
            RuleExample([
                "Sources/Home/HomeComponent.swift": """
                    import NeedleFoundation

                    public protocol ↓HomeDependency: Dependency {}
                    public final class ↓HomeComponent: Component<HomeDependency> {}
                    """,
                "Sources/LegacyHome/HomeComponent.swift": """
                    import NeedleFoundation

                    public protocol ↓HomeDependency: Dependency {}
                    public final class ↓HomeComponent: Component<HomeDependency> {}
                    """,
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/Home/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}
                    #if DEBUG
                    final class HomeComponent: Component<HomeDependency> {}
                    #endif
                    """,
                "Sources/Home/HomeComponent+Release.swift": """
                    import NeedleFoundation

                    #if !DEBUG
                    final class HomeComponent: Component<HomeDependency> {}
                    #endif
                    """,
                "Sources/Settings/SettingsBuilder.swift": """
                    import RIBs

                    protocol SettingsDependency: Dependency {}
                    final class SettingsComponent: Component<SettingsDependency> {}
                    """,
                "Sources/Profile/SettingsBuilder.swift": """
                    import RIBs

                    protocol SettingsDependency: Dependency {}
                    final class SettingsComponent: Component<SettingsDependency> {}
                    """,
            ], caption: "Mutually exclusive #if branches, and RIBs' own module-scoped components."),
        ]
    )

    public static let inputs = RuleInputs.needleRule

    public init() {}

    public func check(_ context: LintContext) -> [Diagnostic] {
        let ribsOnlyFiles = ribsOnlyFiles(context.workspace)
        let scopes = context.needleScopes
        // The same pair of declarations seen by several scopes (a library that two apps link) is one finding.
        var found: [Diagnostic] = []
        var scopesOf: [Diagnostic: [NeedleScope]] = [:]
        for scope in scopes.scopes {
            let analysis = scope.analysis
            let components = analysis.components.filter { $0.flavor == .needle && scope.members?.contains($0.name) ?? true }
            let dependencies = scope.members.map { _ in Set(components.compactMap(\.dependency)) }
            let protocols = analysis.dependencyProtocols.filter {
                !ribsOnlyFiles.contains($0.location.file) && dependencies?.contains($0.name) ?? true
            }
            let diagnostics = duplicates(in: components.map {
                Declaration(kind: "component", name: $0.name, location: $0.location, module: $0.module, condition: $0.condition)
            }) + duplicates(in: protocols.map {
                Declaration(kind: "Dependency protocol", name: $0.name, location: $0.location, module: $0.module, condition: $0.condition)
            })
            for diagnostic in diagnostics {
                if scopesOf[diagnostic] == nil { found.append(diagnostic) }
                scopesOf[diagnostic, default: []].append(scope)
            }
        }
        let multiple = scopes.isMultiple
        return found.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.message += ComponentRuleSupport.scopeSentence(scopesOf[diagnostic] ?? [], multiple: multiple)
            return diagnostic
        }.sorted(by: Diagnostic.stableOrder)
    }

    private struct Declaration {
        var kind: String
        var name: String
        var location: SourceLocation
        var module: String
        var condition: String?

        /// Both under `#if`, with different conditions: taken to be alternatives.
        func isAlternative(to other: Declaration) -> Bool {
            condition != nil && other.condition != nil && condition != other.condition
        }
    }

    private func duplicates(in declarations: [Declaration]) -> [Diagnostic] {
        let byName = Dictionary(grouping: declarations, by: \.name)
        return byName.values.flatMap { group in
            group.compactMap { declaration -> Diagnostic? in
                let others = group.filter {
                    $0.location.file != declaration.location.file && !$0.isAlternative(to: declaration)
                }.sorted { $0.location < $1.location }
                guard !others.isEmpty else { return nil }
                let places = others.map { "\($0.location.file):\($0.location.line)" + " (\($0.module))" }
                return Diagnostic(
                    rule: Self.description.id,
                    message: "The \(declaration.kind) \(declaration.name) is also declared at "
                        + "\(ComponentRuleSupport.list(places)); needle's names are global across modules. "
                        + "Rename one of them.",
                    location: declaration.location,
                    module: declaration.module,
                    related: others.map { RelatedLocation(location: $0.location, message: "\(declaration.name) is also declared here") },
                    subject: [declaration.name, declaration.location.file]
                )
            }
        }
    }

    /// Files that import RIBs but not NeedleFoundation: their Dependency protocols are RIBs', module-scoped.
    private func ribsOnlyFiles(_ workspace: WorkspaceModel) -> Set<String> {
        Set(workspace.files.filter { file in
            let imports = Set(file.facts.imports.map(\.module))
            return imports.contains(where: NeedleAnalysis.isRIBsModule) && !imports.contains(NeedleAnalysis.needleModule)
        }.map(\.path))
    }
}
