import ArchlintModel

/// Answers "is this module a feature, an interface, or a test target of a feature?" from `features:` in the config.
struct FeatureMatcher {
    private let featureNames: Set<String>
    private let interfaceNames: Set<String>
    private let interfacePatterns: [String]

    /// `moduleNames`: every module name in the graph (patterns with `{feature}` are expanded over its features).
    init(_ configuration: FeatureConfiguration, moduleNames: some Sequence<String>) {
        let names = Set(moduleNames)
        let moduleGlobs = GlobSet(patterns: configuration.modules)
        let candidates = names.filter { moduleGlobs.matches($0) }
        let bases = Set(candidates.map(FeatureMatcher.baseName(of:)))
        var interfaceGlobs: [Glob] = []
        var templates: [(prefix: String, suffix: String)] = []
        for pattern in configuration.interfaces {
            if let template = FeatureMatcher.literalTemplate(pattern) {
                templates.append(template)
            } else if pattern.contains(FeatureMatcher.placeholder) {
                for base in bases {
                    if let glob = try? Glob(pattern.replacing(FeatureMatcher.placeholder, with: base)) { interfaceGlobs.append(glob) }
                }
            } else if let glob = try? Glob(pattern) {
                interfaceGlobs.append(glob)
            }
        }
        let interfaceSet = GlobSet(interfaceGlobs)
        interfaceNames = names.filter { name in
            templates.contains { template in
                name.count > template.prefix.count + template.suffix.count
                    && name.hasPrefix(template.prefix) && name.hasSuffix(template.suffix)
                    && bases.contains(String(name.dropFirst(template.prefix.count).dropLast(template.suffix.count)))
            } || interfaceSet.matches(name)
        }
        featureNames = candidates.subtracting(interfaceNames)
        interfacePatterns = configuration.interfaces
    }

    static let placeholder = "{feature}"

    /// `{feature}Interface` → ("", "Interface"): a pattern whose only wildcard is one `{feature}`, matched without
    /// expanding it over every feature.
    private static func literalTemplate(_ pattern: String) -> (prefix: String, suffix: String)? {
        let parts = pattern.split(separator: placeholder, omittingEmptySubsequences: false)
        guard parts.count == 2, !pattern.contains(where: { "*?[]".contains($0) }),
              !parts.joined().contains(where: { "{}".contains($0) })
        else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// `Gacha` for `GachaFeature`; the name itself when it has no `Feature` suffix (or is just `Feature`).
    static func baseName(of feature: String) -> String {
        guard feature.hasSuffix("Feature"), feature.count > "Feature".count else { return feature }
        return String(feature.dropLast("Feature".count))
    }

    func isFeature(_ name: String) -> Bool { featureNames.contains(name) }

    func isInterface(_ name: String) -> Bool { interfaceNames.contains(name) }

    /// The feature a module belongs to: itself when it is a feature, the tested feature for a test target named
    /// after one (`GachaFeatureTests`, `GachaTests`, `GachaFeatureUITests`); nil otherwise.
    func owningFeature(of module: Module) -> String? {
        if isFeature(module.name) { return module.name }
        guard module.type.isTest else { return nil }
        for suffix in ["UITests", "Tests", "Test", "Specs", "Spec"] where module.name.hasSuffix(suffix) {
            let tested = String(module.name.dropLast(suffix.count))
            if isFeature(tested) { return tested }
            if let feature = featureNames.sorted().first(where: { FeatureMatcher.baseName(of: $0) == tested }) {
                return feature
            }
        }
        return nil
    }

    /// True when `importer` (a feature or a feature's test target) depends on another feature's implementation.
    func isCrossFeature(from importer: Module, to imported: Module) -> Bool {
        guard let owner = owningFeature(of: importer) else { return false }
        return imported.name != owner && isFeature(imported.name)
    }

    /// The interface module a feature's clients should depend on: an existing module matching the interface
    /// patterns for this feature, else the first pattern's name for it (`GachaInterface`).
    func suggestedInterface(for feature: String) -> (name: String, exists: Bool) {
        let base = FeatureMatcher.baseName(of: feature)
        let named = interfacePatterns.filter { $0.contains(FeatureMatcher.placeholder) }
            .map { $0.replacing(FeatureMatcher.placeholder, with: base) }
            .filter { !$0.contains("*") && !$0.contains("?") && !$0.contains("{") }
        if let existing = named.first(where: { interfaceNames.contains($0) }) { return (existing, true) }
        if let existing = interfaceNames.sorted().first(where: { $0.hasPrefix(base) }) { return (existing, true) }
        return (named.first ?? base + "Interface", false)
    }
}
