/// The module graph rules, in documentation order.
public enum ModuleRules {
    public static let all: [any Rule.Type] = []
}
