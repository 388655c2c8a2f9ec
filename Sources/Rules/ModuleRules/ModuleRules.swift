/// The module graph rules, in documentation order.
public enum ModuleRules {
    public static let all: [any Rule.Type] = [
        CrossFeatureImportRule.self,
        ModuleCycleRule.self,
        LayerViolationRule.self,
        UndeclaredImportRule.self,
        UnusedDependencyRule.self,
    ]
}
