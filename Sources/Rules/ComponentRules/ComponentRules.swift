/// The Needle / RIBs rules, in documentation order.
public enum ComponentRules {
    public static let all: [any Rule.Type] = [
        MissingDependencyRule.self,
        MissingDependencyConformanceRule.self,
        InvalidComponentInstantiationRule.self,
        ComponentCycleRule.self,
        OrphanComponentRule.self,
        DuplicateComponentRule.self,
        ViewRouterShortcutRule.self,
        BuilderAnyViewRule.self,
    ]
}
