import ArchlintModel
import Graphs

/// A Dependency property that no ancestor provides on some root → component path.
public struct MissingDependencyRule: Rule, RuleInputsProvider {
    public static let description = RuleDescription(
        id: "missing-dependency",
        name: "Missing dependency",
        summary: "A Dependency protocol property that no ancestor component provides on some root → component path.",
        rationale: """
            needle's generator fails the build when a Dependency property has no provider among the component's \
            ancestors, names the path twice and never the line to fix. archlint resolves every path the way needle \
            does (nearest ancestor first, never the component's own scope, same name and same type) and reports \
            each unprovided property once, at its declaration in the Dependency protocol, with every failing path \
            and any ancestor property that almost matches. Fix it by adding a property with that exact name and \
            type to an ancestor component on each failing path, or by removing the requirement.
            """,
        defaultSeverity: .error,
        group: .needle,
        triggeringExamples: [
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var analytics: AnalyticsService { shared { AnalyticsService() } }
                        var feature: FeatureComponent { FeatureComponent(parent: self) }
                    }
                    """,
                "Sources/App/FeatureComponent.swift": """
                    import NeedleFoundation

                    protocol FeatureDependency: Dependency {
                        var ↓analytics: Analytics { get }
                    }

                    final class FeatureComponent: Component<FeatureDependency> {}
                    """,
            ], caption: "The root has `analytics`, but with another type."),
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var home: HomeComponent { HomeComponent(parent: self) }
                        var settings: SettingsComponent { SettingsComponent(parent: self) }
                    }
                    """,
                "Sources/App/HomeComponent.swift": """
                    import NeedleFoundation

                    protocol HomeDependency: Dependency {}

                    final class HomeComponent: Component<HomeDependency> {
                        let session: Session = Session()
                        var profile: ProfileComponent { ProfileComponent(parent: self) }
                    }
                    """,
                "Sources/App/SettingsComponent.swift": """
                    import NeedleFoundation

                    protocol SettingsDependency: Dependency {}

                    final class SettingsComponent: Component<SettingsDependency> {
                        var profile: ProfileComponent { ProfileComponent(parent: self) }
                    }
                    """,
                "Sources/App/ProfileComponent.swift": """
                    import NeedleFoundation

                    protocol ProfileDependency: Dependency {
                        var ↓session: Session { get }
                    }

                    final class ProfileComponent: Component<ProfileDependency> {}
                    """,
            ], caption: "Reached on two paths, provided on only one of them."),
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        var feature: FeatureComponent { FeatureComponent(parent: self) }
                    }
                    """,
                "Sources/App/FeatureComponent.swift": """
                    import NeedleFoundation

                    protocol NetworkingDependency: Dependency {
                        var ↓apiClient: APIClient { get }
                    }

                    protocol FeatureDependency: NetworkingDependency {}

                    final class FeatureComponent: Component<FeatureDependency> {
                        // A component never provides its own dependencies.
                        var apiClient: APIClient { APIClient() }
                    }
                    """,
            ], caption: "Requirements inherited from another Dependency protocol count too."),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/App/RootComponent.swift": """
                    import NeedleFoundation

                    final class RootComponent: BootstrapComponent {
                        public var analytics: Analytics { shared { AnalyticsImpl() } }
                        var feature: FeatureComponent { FeatureComponent(parent: self) }
                    }

                    extension RootComponent {
                        var apiClient: APIClient { APIClient() }
                    }
                    """,
                "Sources/App/FeatureComponent.swift": """
                    import NeedleFoundation

                    protocol FeatureDependency: Dependency {
                        var analytics: Analytics { get }
                        var apiClient: APIClient { get }
                    }

                    final class FeatureComponent: Component<FeatureDependency> {
                        var detail: DetailComponent { DetailComponent(parent: self) }
                    }
                    """,
                "Sources/App/DetailComponent.swift": """
                    import NeedleFoundation

                    protocol DetailDependency: Dependency {
                        var analytics: Analytics { get }
                    }

                    final class DetailComponent: Component<DetailDependency> {}
                    """,
            ], caption: "Providers in the component body (public: needle 0.24+ reads no internal one there), in extensions, and further up the tree."),
        ]
    )

    public static let inputs = RuleInputs.needleRule

    public init() {}

    /// Per Needle scope: a library component that two apps reach is checked in each app's world, and the
    /// message names the app when the workspace has several scopes.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var failing: [FailureKey: [[String]]] = [:]
        var order: [FailureKey] = []
        for resolution in context.componentGraph.resolutions where resolution.provider == nil {
            let key = FailureKey(
                scope: resolution.scope, component: resolution.component, property: resolution.property,
                type: resolution.type)
            if failing[key] == nil { order.append(key) }
            failing[key, default: []].append(resolution.path)
        }
        let scopes = context.needleScopes
        let multiple = scopes.isMultiple
        return order.compactMap { key in
            guard let scope = scopes.scope(named: key.scope),
                  var diagnostic = diagnostic(for: key, paths: failing[key] ?? [], scope.analysis, rule: scope.providerRule)
            else { return nil }
            diagnostic.message += ComponentRuleSupport.scopeSentence([scope], multiple: multiple)
            if let name = key.scope { diagnostic.subject.append(name) }
            return diagnostic
        }
    }

    /// The Needle scope (an app's module id) a finding of this rule is about; nil when the workspace has one.
    public static func scope(of diagnostic: Diagnostic) -> String? {
        diagnostic.rule == description.id && diagnostic.subject.count > 3 ? diagnostic.subject[3] : nil
    }

    private struct FailureKey: Hashable {
        var scope: String?
        var component: String
        var property: String
        var type: String
    }

    private func diagnostic(
        for key: FailureKey, paths: [[String]], _ analysis: NeedleAnalysis, rule: NeedleProviderRule
    ) -> Diagnostic? {
        guard let component = analysis.componentsByName[key.component], let dependencyName = component.dependency,
              let dependency = analysis.dependencyProtocol(of: component) else { return nil }
        let canonical = NeedleTypeText.canonical(key.type)
        guard let requirement = dependency.requirements.first(where: {
            $0.name == key.property && $0.canonicalType == canonical
        }) else { return nil }
        let paths = Array(Set(paths)).sorted { $0.lexicographicallyPrecedes($1) }
        let nearMisses = nearMisses(of: requirement, on: paths, analysis)
        let pathList = paths.map(ComponentRuleSupport.pathText).joined(separator: ", ")
        let declaredIn = requirement.declaredIn == dependencyName ? "" : " (declared in \(requirement.declaredIn))"
        if let internalOnes = internalProviders(of: requirement, on: paths, analysis) {
            // Provided on every path, but by a component's own internal property: needle up to 0.23 read those.
            let names = ComponentRuleSupport.list(internalOnes.map { "\($0.component).\(requirement.name)" })
            return Diagnostic(
                rule: Self.description.id,
                severity: .warning,
                message: "`\(requirement.name): \(requirement.type)` of \(dependencyName)\(declaredIn) is provided on "
                    + "\(paths.count == 1 ? "path" : "\(paths.count) paths") \(pathList) only by \(names), internal to "
                    + "the component's body: needle 0.24 and later read a component's own properties only when they are "
                    + "`public` (needle 0.17 to 0.23 read internal ones too), and \(rule.assumption), so needle fails "
                    + "here. Make it `public`, or move it to an extension of the component.",
                location: requirement.location,
                module: requirement.module,
                related: internalOnes.map { RelatedLocation(location: $0.location, message: "\($0.component) declares it internal here") }
                    + [RelatedLocation(location: component.location, message: "\(component.name) is declared here")],
                subject: [component.name, dependencyName, requirement.name])
        }
        var message = "`\(requirement.name): \(requirement.type)` of \(dependencyName)\(declaredIn) has no provider "
            + "on \(paths.count == 1 ? "path" : "\(paths.count) paths") \(pathList): no ancestor of "
            + "\(component.name) on \(paths.count == 1 ? "that path" : "these paths") declares a property with "
            + "this name and type."
        if !nearMisses.isEmpty {
            message += " " + ComponentRuleSupport.list(nearMisses.map(\.text)) + "."
        }
        if component.providers.contains(where: { $0.name == requirement.name && $0.canonicalType == requirement.canonicalType }) {
            message += " \(component.name) declares it itself, but a component's own properties never satisfy its "
                + "Dependency protocol."
        }
        message += " Add `var \(requirement.name): \(requirement.type)` to an ancestor component on "
            + "\(paths.count == 1 ? "that path" : "each of these paths"), or remove it from \(requirement.declaredIn)."
        return Diagnostic(
            rule: Self.description.id,
            message: message,
            location: requirement.location,
            module: requirement.module,
            related: nearMisses.map { RelatedLocation(location: $0.location, message: $0.text) }
                + [RelatedLocation(location: component.location, message: "\(component.name) is declared here")],
            subject: [component.name, dependencyName, requirement.name]
        )
    }

    /// The internal body properties that would provide the requirement on every path (the nearest on each, in
    /// path order), when nothing needle 0.25.1 reads does; nil when some path has none either.
    private func internalProviders(
        of requirement: DependencyRequirement, on paths: [[String]], _ analysis: NeedleAnalysis
    ) -> [(component: String, location: SourceLocation)]? {
        var result: [(component: String, location: SourceLocation)] = []
        for path in paths {
            var found = false
            for ancestor in path.dropLast().reversed() {
                guard let provider = analysis.componentsByName[ancestor]?.providers.first(where: {
                    $0.visibility == .internalInBody && $0.sameNameAndType(requirement)
                }) else { continue }
                if !result.contains(where: { $0.component == ancestor }) { result.append((ancestor, provider.location)) }
                found = true
                break
            }
            if !found { return nil }
        }
        return result.isEmpty ? nil : result
    }

    private struct NearMiss: Hashable {
        var text: String
        var location: SourceLocation
    }

    /// Ancestor properties with the same name but another type, or the same type under another name.
    private func nearMisses(of requirement: DependencyRequirement, on paths: [[String]], _ analysis: NeedleAnalysis) -> [NearMiss] {
        var result: [NearMiss] = []
        var seen: Set<String> = []
        for path in paths {
            for ancestor in path.dropLast().reversed() {
                for provider in analysis.componentsByName[ancestor]?.providers ?? [] {
                    let sameName = provider.name == requirement.name
                    let sameType = provider.canonicalType == requirement.canonicalType
                    guard sameName != sameType else { continue }
                    let text = "\(ancestor) has `\(provider.name): \(provider.type)`"
                    if seen.insert(text).inserted { result.append(NearMiss(text: text, location: provider.location)) }
                }
            }
        }
        return result
    }
}
