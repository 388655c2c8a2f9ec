/// The Needle / RIBs rules, in documentation order.
public enum ComponentRules {
    public static let all: [any Rule.Type] = []
}
