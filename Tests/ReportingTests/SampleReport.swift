import ArchlintModel
import Reporting

/// A small report that exercises every field and every escaping rule the formats have: commas, colons, pipes,
/// percent signs, quotes, XML specials, a newline, related locations, a nil module.
enum SampleReport {
    static let crossFeature = Diagnostic(
        rule: "cross-feature-import", severity: .error,
        message: "GachaFeature imports ProfileFeature, another feature's implementation: import ProfileInterface instead.",
        location: SourceLocation(file: "AppPackage/Sources/Gacha/GachaView.swift", line: 3, column: 1),
        module: "GachaFeature", subject: ["GachaFeature", "ProfileFeature", "ProfileFeature"])

    static let cycle = Diagnostic(
        rule: "module-cycle", severity: .error,
        message: "Modules form a cycle: UICore → DesignSystem → UICore. Remove one of these imports.",
        location: SourceLocation(file: "AppPackage/Sources/DesignSystem/Button.swift", line: 2, column: 1),
        module: "DesignSystem",
        related: [
            RelatedLocation(
                location: SourceLocation(file: "AppPackage/Sources/Core/UI/UICore.swift", line: 1, column: 1),
                message: "UICore imports DesignSystem"),
            RelatedLocation(
                location: SourceLocation(file: "AppPackage/Sources/DesignSystem/Button.swift", line: 2, column: 1),
                message: "DesignSystem imports UICore"),
        ],
        subject: ["DesignSystem", "UICore"])

    static let unresolved = Diagnostic(
        rule: "manifest-unresolved", severity: .warning,
        message: "Cannot resolve `sharedDeps | extra` statically (100% dynamic);\nuse a literal array.",
        location: SourceLocation(file: "AppPackage/Package.swift", line: 12, column: 20),
        subject: ["sharedDeps | extra"])

    static let unused = Diagnostic(
        rule: "unused-dependency", severity: .note,
        message: "App declares \"Lottie\" but never imports it: remove <Lottie> & its product.",
        location: SourceLocation(file: "Apps/Main/App.swift", line: 7, column: 5),
        module: "App", subject: ["App", "Lottie"])

    static let diagnostics = [crossFeature, cycle, unresolved, unused]

    static func report(root: String = "Examples/App", diagnostics: [Diagnostic] = diagnostics) -> LintReport {
        LintReport(
            root: root,
            summary: .init(
                files: 12, modules: 5, components: 2,
                errors: diagnostics.count { $0.severity == .error },
                warnings: diagnostics.count { $0.severity == .warning },
                notes: diagnostics.count { $0.severity == .note }),
            diagnostics: diagnostics)
    }

    static let empty = report(root: ".", diagnostics: [])

    /// A fixed rule list so golden outputs don't change when rules are added to the registry.
    /// `unused-dependency` is deliberately missing: reporters must still describe it.
    static let rules = [
        RuleInfo(
            id: "cross-feature-import", summary: "A feature module imports another feature's implementation module.",
            rationale: "Features see each other only through interface modules: import the Interface module instead.",
            defaultSeverity: .error),
        RuleInfo(
            id: "module-cycle", summary: "Modules depend on each other in a cycle.",
            rationale: "Cycles make the build order fragile: move the shared code down a layer.", defaultSeverity: .error),
        RuleInfo(
            id: "layer-violation", summary: "A module imports a module of a higher layer.",
            rationale: "Lower layers must not know the layers above them: invert the dependency or move the code down.",
            defaultSeverity: .error),
        RuleInfo(
            id: "manifest-unresolved", summary: "A Package.swift construct could not be resolved statically.",
            rationale: "A Package.swift construct could not be resolved statically.", defaultSeverity: .warning),
    ]

    static let options = ReportOptions(rules: rules)
}
