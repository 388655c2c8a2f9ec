import ArchlintModel

/// A team's own rules, documented SwiftLint style: one description per kind of entry, each with a triggering
/// and a non-triggering example that the test suite runs through the whole pipeline, `archlint rules` prints and
/// docs/rules.md shows. `id` is the id the example's findings carry.
public enum CustomRuleExamples {
    public static let all: [RuleDescription] = [forbidden, reachable, allowed, required, typesMust, typesMustNot]

    static let forbidden = RuleDescription(
        id: "custom:domain-without-ui",
        name: "forbidden: module edges that must not exist",
        summary: "A module matching `from` depends on (imports, or declares) a module matching `to`.",
        rationale: """
            Selectors: `module`, `moduleNot` (globs), `layer`, `feature`, `kind` (a module type such as `app`, \
            `framework`, `unit-test`, `external`, or `feature`, `interface`, `core`, `test`), `path`, `pathNot` \
            (in `from`: the importing file; in `to`: any file of the module) and `project` (the declaring manifest \
            or project). `to` also takes `external: true`, `circular: true` (the edge is on a cycle), \
            `reachable: true|false` and `via`. Every key given must match; a list matches any of its values. The \
            finding is at each import and manifest line, its id `custom:<name>`, its advice the `comment`.
            """,
        defaultSeverity: .warning, group: .custom,
        triggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [("ProfileDomain", []), ("ProfileFeature", ["\"ProfileDomain\""])]),
                "Sources/ProfileDomain/Profile.swift": "import Foundation\n↓import UIKit\n\npublic struct Profile {}\n",
                "Sources/ProfileFeature/ProfileView.swift": "import ProfileDomain\nimport SwiftUI\n",
            ], configuration: domainWithoutUI, caption: "A domain module imports UIKit"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [("ProfileDomain", []), ("ProfileFeature", ["\"ProfileDomain\""])]),
                "Sources/ProfileDomain/Profile.swift": "import Foundation\n\npublic struct Profile {}\n",
                "Sources/ProfileFeature/ProfileView.swift": "import ProfileDomain\nimport SwiftUI\nimport UIKit\n",
            ], configuration: domainWithoutUI, caption: "UI frameworks only outside the domain"),
        ])

    static let domainWithoutUI = """
        forbidden:
          - name: domain-without-ui
            comment: "Domain stays platform-free."
            from: {module: "*Domain"}
            to: {module: [UIKit, SwiftUI]}

        """

    static let reachable = RuleDescription(
        id: "custom:core-never-reaches-features",
        name: "forbidden with reachable: paths, not only edges",
        summary: "A module matching `from` reaches a module matching `to` through any path of dependencies.",
        rationale: """
            `reachable: true` checks every path, so a transitive dependency can't hide behind a module in between; \
            the finding is at the first edge of a shortest path and names the whole path. `via` narrows it to paths \
            through a module matching it. `reachable: false` instead reports each module matching `to` that no \
            `from` module reaches (dead modules).
            """,
        defaultSeverity: .warning, group: .custom,
        triggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [
                    ("NetworkCore", ["↓\"AnalyticsCore\""]), ("AnalyticsCore", ["↓\"HomeFeature\""]), ("HomeFeature", []),
                ]),
                "Sources/NetworkCore/Client.swift": "↓import AnalyticsCore\n",
                "Sources/AnalyticsCore/Tracker.swift": "↓import HomeFeature\n",
                "Sources/HomeFeature/Home.swift": "import Foundation\n",
            ], configuration: coreNeverReachesFeatures,
            caption: "AnalyticsCore depends on HomeFeature, and NetworkCore reaches it through AnalyticsCore (at the first hop)"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [
                    ("NetworkCore", ["\"AnalyticsCore\""]), ("AnalyticsCore", []), ("HomeFeature", ["\"NetworkCore\""]),
                ]),
                "Sources/NetworkCore/Client.swift": "import AnalyticsCore\n",
                "Sources/AnalyticsCore/Tracker.swift": "import Foundation\n",
                "Sources/HomeFeature/Home.swift": "import NetworkCore\n",
            ], configuration: coreNeverReachesFeatures, caption: "Features depend on core, never the other way"),
        ])

    static let coreNeverReachesFeatures = """
        forbidden:
          - name: core-never-reaches-features
            from: {module: "*Core"}
            to: {module: "*Feature", reachable: true}

        """

    static let allowed = RuleDescription(
        id: CustomRules.notInAllowedID,
        name: "allowed: the only module edges that may exist",
        summary: "A module edge that no `allowed:` entry allows.",
        rationale: """
            With `allowed:`, every dependency must match some entry's `from` and `to`; anything else is reported as \
            `custom:not-in-allowed` at `allowedSeverity` (default warning). Externals count too: allow them with \
            `to: {external: true}`.
            """,
        defaultSeverity: .warning, group: .custom,
        triggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [
                    ("AppCore", []), ("HomeFeature", ["\"AppCore\"", "↓\"ProfileFeature\""]), ("ProfileFeature", ["\"AppCore\""]),
                ]),
                "Sources/AppCore/Core.swift": "import Foundation\n",
                "Sources/HomeFeature/Home.swift": "import AppCore\n↓import ProfileFeature\n",
                "Sources/ProfileFeature/Profile.swift": "import AppCore\n",
            ], configuration: featuresOnCore, caption: "A feature depends on another feature"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [
                    ("AppCore", []), ("HomeFeature", ["\"AppCore\""]), ("ProfileFeature", ["\"AppCore\""]),
                ]),
                "Sources/AppCore/Core.swift": "import Foundation\n",
                "Sources/HomeFeature/Home.swift": "import AppCore\nimport SwiftUI\n",
                "Sources/ProfileFeature/Profile.swift": "import AppCore\n",
            ], configuration: featuresOnCore, caption: "Features on core, and externals"),
        ])

    static let featuresOnCore = """
        allowed:
          - name: features-on-core
            from: {module: "*Feature"}
            to: {module: "*Core"}
          - name: externals
            from: {}
            to: {external: true}

        """

    static let required = RuleDescription(
        id: "custom:features-report-analytics",
        name: "required: dependencies a module must have",
        summary: "A module matching `from` depends on no module matching `to`.",
        rationale: """
            Reported at the module's declaration (its target in the manifest or project, else its first file). \
            `to` takes module selectors only.
            """,
        defaultSeverity: .warning, group: .custom,
        triggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [("Analytics", []), ("HomeFeature", ["\"Analytics\""]), ("ProfileFeature", [])])
                    .replacing(".target(name: \"ProfileFeature\"", with: "↓.target(name: \"ProfileFeature\""),
                "Sources/Analytics/Tracker.swift": "import Foundation\n",
                "Sources/HomeFeature/Home.swift": "import Analytics\n",
                "Sources/ProfileFeature/Profile.swift": "import Foundation\n",
            ], configuration: featuresReportAnalytics, caption: "ProfileFeature doesn't depend on Analytics"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Package.swift": ModuleRuleExamples.manifest(targets: [("Analytics", []), ("HomeFeature", ["\"Analytics\""])]),
                "Sources/Analytics/Tracker.swift": "import Foundation\n",
                "Sources/HomeFeature/Home.swift": "import Analytics\n",
            ], configuration: featuresReportAnalytics, caption: "Every feature depends on Analytics"),
        ])

    static let featuresReportAnalytics = """
        required:
          - name: features-report-analytics
            from: {module: "*Feature"}
            to: {module: Analytics}

        """

    static let typesMust = RuleDescription(
        id: "custom:viewmodels-inherit-base",
        name: "types with must: what selected declarations must do",
        summary: "A declaration `select` picks doesn't do what `must` says.",
        rationale: """
            `select` picks declarations and extensions by `kind` (class, struct, enum, protocol, actor, extension), \
            `name` glob, `module`, `layer`, `feature`, `inherits`, `conforms`, `attribute` (`MainActor`) and \
            `access`; a list of selectors picks what any of them picks. `must` takes `inherit`, `conform`, \
            `reference`, `beIn` (module globs) and `haveSuffix`; each that fails is a finding at the declaration. \
            `inherits`/`inherit` read the declaration's inheritance clause, `conforms`/`conform` also its \
            extensions', both following types declared in the repository (a syntax-only reader can't tell a \
            superclass from a protocol it can't see).
            """,
        defaultSeverity: .warning, group: .custom,
        triggeringExamples: [
            RuleExample([
                "Sources/App/Base.swift": "open class BaseViewModel {}\n",
                "Sources/App/Profile.swift": "final class ↓ProfileViewModel: ObservableObject {}\n",
            ], configuration: viewModelsInheritBase, caption: "A view model without the base class"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/App/Base.swift": "open class BaseViewModel {}\nclass ListViewModel: BaseViewModel {}\n",
                "Sources/App/Profile.swift": "final class ProfileViewModel: ListViewModel {}\nstruct ProfileViewModelState {}\n",
            ], configuration: viewModelsInheritBase, caption: "Inherits it through another view model; a struct isn't selected"),
        ])

    static let viewModelsInheritBase = """
        types:
          - name: viewmodels-inherit-base
            comment: "Every view model inherits BaseViewModel (lifecycle, analytics)."
            select: {kind: class, name: "*ViewModel"}
            must: {inherit: BaseViewModel}

        """

    static let typesMustNot = RuleDescription(
        id: "custom:views-without-routers",
        name: "types with mustNot: what selected declarations must not do",
        summary: "A declaration `select` picks does what `mustNot` forbids.",
        rationale: """
            `mustNot: {reference: …}` reports each use of a matching type: a property, a function or initialiser \
            parameter, a local variable, a call on such a value (the sites `view-router-shortcut` reports). The \
            other keys report once, at the declaration.
            """,
        defaultSeverity: .warning, group: .custom,
        triggeringExamples: [
            RuleExample([
                "Sources/App/HomeView.swift": """
                    import SwiftUI

                    struct HomeView: View {
                        let ↓router: HomeRouter

                        var body: some View {
                            Button("Details") { ↓router.routeToDetails() }
                        }
                    }
                    """,
            ], configuration: viewsWithoutRouters, caption: "A view holds and calls its router"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/App/HomeView.swift": """
                    import SwiftUI

                    struct HomeView: View {
                        let viewModel: HomeViewModel

                        var body: some View {
                            Button("Details") { viewModel.didTapDetails() }
                        }
                    }

                    final class HomeViewModel {
                        let router: HomeRouter
                        init(router: HomeRouter) { self.router = router }
                        func didTapDetails() { router.routeToDetails() }
                    }
                    """,
            ], configuration: viewsWithoutRouters, caption: "The view model navigates"),
        ])

    static let viewsWithoutRouters = """
        types:
          - name: views-without-routers
            select: {name: "*View"}
            mustNot: {reference: "*Router"}

        """
}
