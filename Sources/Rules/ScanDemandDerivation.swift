import ArchlintModel
import Configuration
import Graphs

extension ScanDemand {
    /// What a lint with this configuration needs parsed: every enabled rule's demand (`Rule.scanDemand` with its
    /// configured options), what deciding the RIBs group reads (`RuleActivation.scanDemand`), and a team's type
    /// rules' (`CustomTypeRules.scanDemand`).
    public static func lint(_ configuration: ArchlintConfiguration) -> ScanDemand {
        var demand = RuleActivation.scanDemand(configuration)
        // Before the code is read, every rule group may run.
        let policy = FindingsPolicy(configuration: configuration, activation: nil)
        for rule in RuleRegistry.all where policy.isOn(rule.description) {
            demand = demand.union(scanDemand(of: rule, configuration))
        }
        for rule in configuration.customRules.types {
            demand = demand.union(CustomTypeRules.scanDemand(rule))
        }
        return demand
    }

    static func scanDemand<R: Rule>(of rule: R.Type, _ configuration: ArchlintConfiguration) -> ScanDemand {
        R.scanDemand(LintContext.decodeOptions(of: rule, configuration))
    }
}
