import ArchlintKit
import ArchlintModel
import Rules
import Testing

/// Each rule's demand (`Rule.scanDemand`) names what its output depends on: on every example of every rule and
/// of a team's rules, a lint that skims the files no enabled rule reads the declarations of reports exactly what
/// a lint parsing every file reports.
@Suite struct ScanDemandTests {
    static let examples: [(String, RuleExample)] = (RuleRegistry.descriptions + CustomRuleExamples.all).flatMap { rule in
        (rule.triggeringExamples + rule.nonTriggeringExamples).enumerated().map { ("\(rule.id) #\($0.offset)", $0.element) }
    }

    @Test func everyExampleReportsTheSameSkimmingOrNot() throws {
        var skimmed = 0
        for (name, example) in Self.examples {
            let filtered = try RuleExampleHarness.lint(example, parsesEverything: false)
            let reference = try RuleExampleHarness.lint(example, parsesEverything: true)
            #expect(filtered.findings.diagnostics == reference.findings.diagnostics, "\(name)")
            skimmed += filtered.statistics.filesSkimmed
        }
        #expect(skimmed > 20, "the examples skimmed only \(skimmed) files")
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
        for rule in RuleRegistry.all where rule.inputs.contains(.needle) {
            configuration.rules[rule.description.id] = RuleSetting(severity: .off)
        }
        configuration.rules["builder-anyview"] = RuleSetting(severity: .off)
        #expect(ScanDemand.lint(configuration) == .importsOnly)
    }
}
