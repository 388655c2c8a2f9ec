/// The Needle and RIBs rules, in documentation order.
public enum ComponentRules {
    public static var all: [any Rule.Type] {
        RuleRegistry.all.filter { $0.description.group == .needle || $0.description.group == .ribs }
    }
}
