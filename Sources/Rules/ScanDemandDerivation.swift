import ArchlintModel
import Configuration
import Graphs

/// A rule that reads `context.types`: it states the names without which a declaration can't change its output
/// (see `ScanDemand`), with these options. `ScanDemandTests` runs its examples skimmed and parsed in full.
public protocol ScanDemandProvider: Rule {
    static func scanDemand(_ options: Options) -> ScanDemand
}

extension ScanDemand {
    /// What a lint with this configuration needs parsed: every enabled rule's demand (`of(_:_:)`), what deciding
    /// the RIBs group reads (`RuleActivation.scanDemand`), and a team's type rules' (`CustomTypeRules.scanDemand`).
    public static func lint(_ configuration: ArchlintConfiguration) -> ScanDemand {
        var demand = RuleActivation.scanDemand(configuration)
        // Before the code is read, every rule group may run.
        let policy = FindingsPolicy(configuration: configuration, activation: nil)
        for rule in RuleRegistry.all where policy.isOn(rule.description) {
            demand = demand.union(of(rule, configuration))
        }
        for rule in configuration.customRules.types {
            demand = demand.union(CustomTypeRules.scanDemand(rule))
        }
        return demand
    }

    /// The files whose declarations `rule` reads with its configured options: a `ScanDemandProvider`'s demand, else
    /// what its inputs imply (none for the module graph, the Needle analyses' for `.needle`, every file's for
    /// `.fileFacts`).
    static func of(_ rule: any Rule.Type, _ configuration: ArchlintConfiguration) -> ScanDemand {
        if let provider = rule as? any ScanDemandProvider.Type { return demand(of: provider, configuration) }
        let inputs = RuleInputs.of(rule)
        if inputs.contains(.fileFacts) { return .everything }
        return inputs.contains(.needle) ? NeedleAnalysis.scanDemand : .importsOnly
    }

    private static func demand<R: ScanDemandProvider>(of rule: R.Type, _ configuration: ArchlintConfiguration) -> ScanDemand {
        R.scanDemand(LintContext.decodeOptions(of: rule, configuration))
    }
}
