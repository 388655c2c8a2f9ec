import ArchlintModel
import Configuration
import Graphs

/// A feature (or a test target of a feature) that imports, or declares a dependency on, another feature's
/// implementation module.
public struct CrossFeatureImportRule: Rule, RuleInputsProvider {
    public init() {}

    public struct Options: RuleOptions {
        public var allow: [ModuleAllowance] = []
        public init() {}
        public static let documentation = [
            "allow": "Exceptions: a feature module matching `from` may import a module matching `to`.",
        ]
    }

    /// Whether this rule reports an importer → imported pair here: it is on, the pair crosses features and no
    /// `allow` entry takes it. unused-dependency asks too, so a declaration both would report is one finding, this one.
    static func reportedPairs(in context: LintContext) -> (_ importer: Module, _ imported: Module) -> Bool {
        let isOn = FindingsPolicy(configuration: context.configuration, activation: nil).isOn(description)
        let options = ModuleRuleOptions(allow: context.options(for: Self.self).allow)
        let classifier = context.classifier
        return { importer, imported in
            isOn && classifier.isCrossFeature(from: importer, to: imported)
                && !options.allows(from: importer.name, to: imported.name)
        }
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let index = context.moduleIndex
        let features = context.classifier
        let reported = Self.reportedPairs(in: context)
        var violations: [(edge: ModuleEdge, message: String)] = []
        for edge in context.moduleGraph.edges {
            guard let importer = index.node(edge.from), let imported = index.node(edge.to), reported(importer, imported)
            else { continue }
            let interface = features.suggestedInterface(for: imported.name)
            let unimported = edge.kind == .declared
                && index.withReexports([imported.id]).isDisjoint(with: index.importedModules(of: importer.id))
            let relying = unimported
                ? index.dependantsRelying(on: index.withReexports([imported.id]), through: importer.id, removed: [imported.id]) : []
            let fix = unimported
                ? relying.isEmpty
                    ? "no file of '\(importer.name)' imports it, so remove the declaration"
                    : "no file of '\(importer.name)' imports it, but \(ComponentRuleSupport.quotedList(relying)) "
                        + "\(relying.count == 1 ? "imports" : "import") it through it without declaring it: declare it there "
                        + "(see undeclared-import), then remove the declaration"
                : interface.exists
                ? "depend on '\(interface.name)' instead and inject the Buildable from the composition root"
                : "move what it needs into an interface module such as '\(interface.name)', depend on that and inject the Buildable from the composition root"
            let message = "\(ModuleEdgeWording.describe(edge, index)), another feature's implementation; \(fix)"
            violations.append((edge, message))
        }
        return ModuleEdgeWording.pairDiagnostics(for: violations, rule: Self.description, context: context, index: index)
    }

    public static let inputs = RuleInputs.moduleRule

    public static let description = RuleDescription(
        id: "cross-feature-import",
        name: "Cross-feature import",
        summary: "A feature module imports, or declares a dependency on, another feature's implementation module.",
        rationale: """
            Features must stay independent so they build, test and ship in isolation. When one feature imports \
            another's implementation, both rebuild together and the dependency graph collapses into a ball. A feature \
            may import its own interface and other features' interface modules (`features.interfaces`); the app and \
            other composition-root modules (modules that aren't features) wire implementations together. Test targets \
            of a feature may import that feature. Fix it by depending on the other feature's interface module and \
            receiving its Buildable from the composition root, or, where no file imports it, by removing the \
            declaration. Imports inside `#if` count too. Without \
            `features.modules` in the configuration, a feature is a `*Feature` module or a module shaped like one (in a \
            `Features/` folder, beside its `XInterface`, heading a micro-feature family; in a tree that has a \
            `Features/` folder, only there); `X` beside `XImpl` in one \
            project is `XImpl`'s interface; a feature many features depend on that depends on no feature (apps and \
            tests aside) is a shared base; a feature no feature depends on that wires several together and is named \
            as the root (`AppFeature`, `MainFeature`, `TabBar`, `Tab`, `FeatureMainTab`), one named exactly so (`RootFeature`, `App`) \
            that wires one, and every module of a `Coordinator(s)` folder are composition roots; and a feature's \
            family (`XInterface`, `XTesting`, `XTests`, `XExample`, its folder) may import each other. \
            `archlint explain MODULE` says why.
            """,
        defaultSeverity: .error,
        group: .module,
        triggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["↓\"GachaFeature\""]), ("GachaFeature", []),
                    ]),
                    "Sources/HomeFeature/HomeBuilder.swift": "↓import GachaFeature\n\nfinal class HomeBuilder {}\n",
                    "Sources/GachaFeature/GachaBuilder.swift": "public final class GachaBuilder {}\n",
                ],
                caption: "A feature imports another feature and declares it in Package.swift: one finding, at the declaration",
                findings: 1),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("HomeFeature", ["↓\"GachaFeature\""]), ("GachaFeature", [])],
                        testTargets: [("HomeFeatureTests", ["\"HomeFeature\"", "↓\"GachaFeature\""])]),
                    "Sources/HomeFeature/HomeBuilder.swift": "↓import GachaFeature\n",
                    "Sources/GachaFeature/GachaBuilder.swift": "public final class GachaBuilder {}\n",
                    "Tests/HomeFeatureTests/HomeTests.swift": "@testable import HomeFeature\n↓import GachaFeature\n",
                ],
                caption: "The feature's tests repeat its edge: they join its one finding as related locations",
                findings: 1),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeFeature", ["\"GachaInterface\""]), ("GachaInterface", []), ("GachaFeature", []),
                    ]),
                    "Sources/HomeFeature/HomeBuilder.swift": """
                        import GachaInterface
                        #if DEBUG
                        ↓import GachaFeature
                        #endif

                        final class HomeBuilder {}

                        """,
                    "Sources/GachaInterface/GachaBuildable.swift": "public protocol GachaBuildable {}\n",
                    "Sources/GachaFeature/GachaBuilder.swift": "public final class GachaBuilder {}\n",
                ],
                caption: "A debug-only import of another feature is still a cross-feature import"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [("HomeFeature", []), ("ShopFeature", [])],
                        testTargets: [("HomeFeatureTests", ["\"HomeFeature\"", "↓\"ShopFeature\""])]),
                    "Sources/HomeFeature/Home.swift": "public struct Home {}\n",
                    "Sources/ShopFeature/Shop.swift": "public struct Shop {}\n",
                    "Tests/HomeFeatureTests/HomeTests.swift": "@testable import HomeFeature\n↓import ShopFeature\n",
                ],
                caption: "A feature's tests import another feature (their own finding: the feature doesn't)",
                findings: 1),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("HomeInterface", []), ("Home", ["\"HomeInterface\""]),
                        ("ShopInterface", []), ("Shop", ["\"ShopInterface\"", "↓\"Home\""]),
                    ]),
                    "Sources/HomeInterface/HomeBuildable.swift": "public protocol HomeBuildable {}\n",
                    "Sources/Home/HomeBuilder.swift": "import HomeInterface\n\npublic final class HomeBuilder: HomeBuildable {}\n",
                    "Sources/ShopInterface/ShopBuildable.swift": "public protocol ShopBuildable {}\n",
                    "Sources/Shop/ShopBuilder.swift": "import ShopInterface\n↓import Home\n\nfinal class ShopBuilder {}\n",
                ],
                caption: "Features without the Feature suffix, recognised by their sibling interface modules",
                findings: 1),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("MainFeature", ["↓\"CardFeature\""]), ("CardFeature", []),
                    ]),
                    "Sources/MainFeature/MainView.swift": "import SwiftUI\n",
                    "Sources/CardFeature/CardView.swift": "import SwiftUI\n",
                ],
                caption: "A feature declares another that none of its files imports: the fix is to remove the declaration",
                findings: 1),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.dualTargetManifest(shopImplDependencies: "\"Shop\", ↓\"HomeImpl\""),
                    "Features/Home/Interface/HomeBuildable.swift": "public protocol HomeBuildable {}\n",
                    "Features/Home/Implement/HomeBuilder.swift": "import Home\n",
                    "Features/Shop/Interface/ShopBuildable.swift": "public protocol ShopBuildable {}\n",
                    "Features/Shop/Implement/ShopBuilder.swift": "import Shop\n↓import HomeImpl\n",
                ],
                caption: "`X` beside `XImpl` is the interface `XImpl` implements: another feature depends on `X` instead",
                findings: 1),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.dualTargetManifest(shopImplDependencies: "\"Shop\", \"Home\""),
                    "Features/Home/Interface/HomeBuildable.swift": "public protocol HomeBuildable {}\n",
                    "Features/Home/Implement/HomeBuilder.swift": "import Home\n",
                    "Features/Shop/Interface/ShopBuildable.swift": "public protocol ShopBuildable {}\n",
                    "Features/Shop/Implement/ShopBuilder.swift": "import Shop\nimport Home\n",
                ],
                caption: "A feature's implementation (`ShopImpl`) imports another's interface, `Home` beside `HomeImpl`"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [
                            ("HomeFeature", ["\"HomeInterface\"", "\"GachaInterface\""]), ("HomeInterface", []),
                            ("GachaInterface", []), ("GachaFeature", ["\"GachaInterface\""]),
                            ("AppRoot", ["\"HomeFeature\"", "\"GachaFeature\""]),
                        ],
                        testTargets: [("HomeFeatureTests", ["\"HomeFeature\""])]),
                    "Sources/HomeFeature/HomeBuilder.swift": "import HomeInterface\nimport GachaInterface\n",
                    "Sources/HomeInterface/HomeBuildable.swift": "public protocol HomeBuildable {}\n",
                    "Sources/GachaInterface/GachaBuildable.swift": "public protocol GachaBuildable {}\n",
                    "Sources/GachaFeature/GachaBuilder.swift": "import GachaInterface\n",
                    "Sources/AppRoot/RootBuilder.swift": "import HomeFeature\nimport GachaFeature\n",
                    "Tests/HomeFeatureTests/HomeTests.swift": "@testable import HomeFeature\n",
                ],
                caption: "Features use interfaces; the composition root and the feature's tests import features"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [("HomeFeature", [])]),
                    "Sources/HomeFeature/Home.swift": "import Foundation\n",
                    "App/AppDelegate.swift": "import UIKit\nimport HomeFeature\n",
                ],
                configuration: "modules:\n  - {path: \"App/**\", name: \"App\"}\n",
                caption: "The app's main target (mapped with `modules:`) imports features"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [
                            ("BaseFeature", []), ("HomeInterface", []), ("Home", ["\"HomeInterface\"", "\"BaseFeature\""]),
                            ("HomeTesting", ["\"HomeInterface\""]),
                            ("ShopInterface", []), ("Shop", ["\"ShopInterface\"", "\"HomeInterface\"", "\"BaseFeature\""]),
                        ],
                        testTargets: [("HomeTests", ["\"Home\"", "\"HomeTesting\""])]),
                    "Sources/BaseFeature/BaseView.swift": "public struct BaseView {}\n",
                    "Sources/HomeInterface/HomeBuildable.swift": "public protocol HomeBuildable {}\n",
                    "Sources/Home/HomeBuilder.swift": "import BaseFeature\nimport HomeInterface\n",
                    "Sources/HomeTesting/HomeBuildableMock.swift": "import HomeInterface\n",
                    "Sources/ShopInterface/ShopBuildable.swift": "public protocol ShopBuildable {}\n",
                    "Sources/Shop/ShopBuilder.swift": "import BaseFeature\nimport HomeInterface\nimport ShopInterface\n",
                    "Tests/HomeTests/HomeTests.swift": "@testable import Home\nimport HomeTesting\n",
                ],
                caption: """
                    A shared base every feature depends on and that depends on no feature (`BaseFeature`) is no \
                    feature; a feature's tests import its testing module
                    """),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(
                        targets: [
                            ("AppFeature", ["\"HomeFeature\"", "\"ShopFeature\""]), ("HomeFeature", []), ("ShopFeature", []),
                        ],
                        testTargets: [("AppFeatureTests", ["\"AppFeature\"", "\"HomeFeature\""])]),
                    "Sources/AppFeature/AppReducer.swift": "import HomeFeature\nimport ShopFeature\n",
                    "Sources/HomeFeature/Home.swift": "public struct Home {}\n",
                    "Sources/ShopFeature/Shop.swift": "public struct Shop {}\n",
                    "Tests/AppFeatureTests/AppTests.swift": "@testable import AppFeature\nimport HomeFeature\n",
                ],
                caption: "The root feature no feature depends on (`AppFeature`, `RootFeature`) wires the features together: a composition root"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("RootFeature", ["\"MainTabFeature\""]), ("MainTabFeature", []), ("SettingsFeature", []),
                    ]),
                    "Sources/RootFeature/RootBuilder.swift": "import MainTabFeature\n",
                    "Sources/MainTabFeature/MainTab.swift": "public struct MainTab {}\n",
                    "Sources/SettingsFeature/Settings.swift": "public struct Settings {}\n",
                ],
                caption: "A feature named exactly as the root (`RootFeature`) that wires one feature is the top of the tree"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("MainFeature", ["\"HomeFeature\"", "\"SearchFeature\""]), ("HomeFeature", []), ("SearchFeature", []),
                    ]),
                    "Sources/MainFeature/TabBarCoordinator.swift": "import HomeFeature\nimport SearchFeature\n",
                    "Sources/HomeFeature/Home.swift": "public struct Home {}\n",
                    "Sources/SearchFeature/Search.swift": "public struct Search {}\n",
                ],
                caption: "The tab bar no feature depends on (`MainFeature`) holds the features: a composition root"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("FeatureMainTab", ["\"FeatureHome\"", "\"FeatureStats\""]), ("FeatureHome", []), ("FeatureStats", []),
                    ]),
                    "Sources/FeatureMainTab/MainTabView.swift": "import FeatureHome\nimport FeatureStats\n",
                    "Sources/FeatureHome/Home.swift": "public struct Home {}\n",
                    "Sources/FeatureStats/Stats.swift": "public struct Stats {}\n",
                ],
                caption: "Named with a leading `Feature` (`FeatureMainTab`), the tab bar is the same composition root"),
            RuleExample(
                [
                    "Package.swift": ModuleRuleExamples.manifest(targets: [
                        ("uFeatures", []), ("uHome", ["\"uFeatures\""]), ("uSearch", ["\"uFeatures\""]),
                        ("uHomeTesting", ["\"uHome\""]), ("uSearchTesting", ["\"uSearch\""]), ("uFeaturesTesting", ["\"uFeatures\""]),
                    ]),
                    "Sources/uFeatures/Feature.swift": "public protocol Feature {}\n",
                    "Sources/uHome/Home.swift": "import uFeatures\n",
                    "Sources/uSearch/Search.swift": "import uFeatures\n",
                    "Sources/uHomeTesting/HomeMock.swift": "import uHome\n",
                    "Sources/uSearchTesting/SearchMock.swift": "import uSearch\n",
                    "Sources/uFeaturesTesting/FeatureMock.swift": "import uFeatures\n",
                ],
                caption: "A base named for all the features (`uFeatures`, `FeatureFoundation`) that two features build on is shared"),
        ]
    )
}
