import ArchlintKit
import ArchlintModel
import Rules
import Testing

/// Each rule's demand (`ScanDemand.of`) names what its output depends on: on every example of every rule and
/// of a team's rules, a lint that skims the files no enabled rule reads the declarations of reports exactly what
/// a lint parsing every file reports.
@Suite struct ScanDemandTests {
    static let examples: [(String, RuleExample)] = (RuleRegistry.descriptions + CustomRuleExamples.all).flatMap { rule in
        (rule.triggeringExamples + rule.nonTriggeringExamples).enumerated().map { ("\(rule.id) #\($0.offset)", $0.element) }
    }

    /// Lints `example` both ways and compares what a lint reports; returns how many files the filtered lint skimmed.
    @discardableResult
    static func compare(_ example: RuleExample, _ name: String) throws -> Int {
        let filtered = try RuleExampleHarness.lint(example, parsesEverything: false)
        let reference = try RuleExampleHarness.lint(example, parsesEverything: true)
        #expect(filtered.findings.diagnostics == reference.findings.diagnostics, "\(name)")
        #expect(filtered.findings.ruleActivation == reference.findings.ruleActivation, "\(name)")
        #expect(filtered.findings.componentCount == reference.findings.componentCount, "\(name)")
        return filtered.statistics.filesSkimmed
    }

    @Test func everyExampleReportsTheSameSkimmingOrNot() throws {
        var skimmed = 0
        for (name, example) in Self.examples { skimmed += try Self.compare(example, name) }
        #expect(skimmed > 20, "the examples skimmed only \(skimmed) files")
    }

    /// What `TypeRelevance` follows: each case has a file without any demanded name that a parsed one reaches by
    /// name, so a skim that didn't follow it would report less; and an unrelated file that stays skimmed.
    static let reachedByName: [(String, RuleExample, expected: String)] = [
        ("a router property declared in another extension of the view", RuleExample([
            "Sources/Home/HomeView.swift": "import RIBs\n\nfinal class HomeView {\n    func tap() { router.route() }\n}\n",
            "Sources/Home/HomeView+Routing.swift": "extension HomeView {\n    var router: HomeRouting { fatalError() }\n}\n",
            "Sources/Home/Palette.swift": "enum Palette {\n    static let tint = 1\n}\n",
        ]), "view-router-shortcut"),
        ("a Dependency protocol's requirements inherited from a protocol without the word", RuleExample([
            "Sources/App/Root.swift": """
                import NeedleFoundation
                final class RootComponent: BootstrapComponent {
                    var home: HomeComponent { HomeComponent(parent: self) }
                }
                """,
            "Sources/App/Home.swift": """
                import NeedleFoundation
                protocol HomeDependency: Dependency, SharedNeeds {}
                final class HomeComponent: Component<HomeDependency> {}
                """,
            "Sources/App/SharedNeeds.swift": "protocol SharedNeeds {\n    var api: APIClient { get }\n}\n",
            "Sources/App/Palette.swift": "enum Palette {\n    static let tint = 1\n}\n",
        ]), "missing-dependency"),
        ("a component on a base class through a middle class without the word", RuleExample([
            "Sources/App/Root.swift": """
                import NeedleFoundation
                class BaseComponent<D>: Component<D> {}
                final class RootComponent: BootstrapComponent {
                    var home: HomeComponent { HomeComponent(parent: self) }
                }
                protocol HomeDependency: Dependency {
                    var api: APIClient { get }
                }
                """,
            "Sources/App/FeatureBase.swift": "class FeatureBase<D>: BaseComponent<D> {}\n",
            "Sources/App/Home.swift": "final class HomeComponent: FeatureBase<HomeDependency> {}\n",
            "Sources/App/Palette.swift": "enum Palette {\n    static let tint = 1\n}\n",
        ]), "missing-dependency"),
        ("a RIB whose interactor and builder name no demanded word", RuleExample([
            "Sources/Home/HomeRouter.swift": "final class HomeRouter {}\n",
            "Sources/Home/HomeInteractor.swift": "final class HomeInteractor {}\n",
            "Sources/Home/HomeBuilder.swift": "final class HomeBuilder {}\n",
            "Sources/Home/HomeView.swift": "final class HomeView {\n    let router: HomeRouter\n    init(router: HomeRouter) { self.router = router }\n}\n",
            "Sources/Home/Palette.swift": "enum Palette {\n    static let tint = 1\n}\n",
        ]), "view-router-shortcut"),
    ]

    @Test(arguments: reachedByName.indices)
    func filesReachedByNameAreParsed(index: Int) throws {
        let (name, example, rule) = Self.reachedByName[index]
        #expect(try Self.compare(example, name) > 0, "\(name): nothing was skimmed")
        let findings = try RuleExampleHarness.lint(example, parsesEverything: false).findings
        #expect(findings.diagnostics.contains { $0.rule == rule }, "\(name): no \(rule) finding")
    }

    @Test func demandsFollowTheRulesAndTheirOptions() throws {
        let defaults = ScanDemand.lint(ArchlintConfiguration())
        #expect(defaults.names.contains("Component") && defaults.names.contains("parent"))
        #expect(defaults.nameParts.contains("Router") && defaults.names.contains("AnyView"))
        #expect(defaults.companions == [["Router", "Interactor", "Builder"]])

        var configuration = ArchlintConfiguration()
        configuration.rules["view-router-shortcut"] = RuleSetting(severity: .error, options: ["routerSuffixes": .list([.string("Navigator")])])
        configuration.presets = [RuleActivation.ribsPreset]
        let custom = ScanDemand.lint(configuration)
        #expect(custom.nameParts == ["Navigator"])
        #expect(custom.companions.isEmpty)

        configuration.rules["view-router-shortcut"] = RuleSetting(severity: .off)
        for rule in RuleRegistry.all where RuleInputs.of(rule).contains(.needle) {
            configuration.rules[rule.description.id] = RuleSetting(severity: .off)
        }
        configuration.rules["builder-anyview"] = RuleSetting(severity: .off)
        #expect(ScanDemand.lint(configuration) == .importsOnly)
    }
}
