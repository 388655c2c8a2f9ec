/// `features:` with its globs compiled once. `ArchitectureClassifier` is the one user: ask it, not this.
struct CompiledFeatures: Sendable {
    static let placeholder = "{feature}"

    private let modules: ModulePatternList
    private let shared: ModulePatternList
    /// `!` entries of `features.interfaces` (`{feature}` stands for any name there).
    private let interfaceExclusions: ModulePatternList
    /// Interface patterns without `{feature}`: any module they match is an interface of no particular feature.
    private let plainInterfaces: GlobSet
    /// `{feature}Interface` → ("", "Interface"): patterns whose only wildcard is one `{feature}`, matched without
    /// expanding them over every feature.
    private let templates: [(prefix: String, suffix: String)]
    /// Other patterns with `{feature}` (`{feature}*Interface`): expanded over the graph's features.
    private let expandable: [String]
    /// Every interface pattern, as configured.
    private let interfacePatterns: [String]

    init(_ configuration: FeatureConfiguration) {
        modules = ModulePatternList(configuration.modules)
        shared = ModulePatternList(configuration.shared)
        // Exclusions only: a list of `!` entries matches nothing, so they are read through `excludes`.
        interfaceExclusions = ModulePatternList(
            configuration.interfaces.filter { $0.hasPrefix("!") }.map { String($0.dropFirst()) }, placeholder: Self.placeholder)
        var plain: [String] = []
        var templates: [(prefix: String, suffix: String)] = []
        var expandable: [String] = []
        for pattern in configuration.interfaces where !pattern.hasPrefix("!") {
            if let template = Self.literalTemplate(pattern) {
                templates.append(template)
            } else if pattern.contains(Self.placeholder) {
                expandable.append(pattern)
            } else {
                plain.append(pattern)
            }
        }
        plainInterfaces = GlobSet(patterns: plain)
        self.templates = templates
        self.expandable = expandable
        interfacePatterns = configuration.interfaces.filter { !$0.hasPrefix("!") }
    }

    /// Matches `features.modules` (by name or id); interfaces and shared modules are taken out by the classifier.
    func isFeatureCandidate(_ module: Module) -> Bool {
        modules.matches(module.name) || modules.matches(module.id)
    }

    /// Matches `features.shared` (by name or id).
    func isShared(_ module: Module) -> Bool {
        shared.matches(module.name) || shared.matches(module.id)
    }

    /// A `!` entry of `features.interfaces` matches the name.
    func isExcludedInterface(_ name: String) -> Bool {
        interfaceExclusions.matches(name)
    }

    /// The interface patterns with `{feature}` expanded over `bases` (the features' names without `Feature`),
    /// compiled once.
    func interfaces(featureBases bases: Set<String>) -> InterfaceMatcher {
        var expanded: [Glob] = []
        var baseOfGlob: [String] = []
        for pattern in expandable {
            for base in bases.sorted() {
                guard let glob = try? Glob(pattern.replacing(Self.placeholder, with: base)) else { continue }
                expanded.append(glob)
                baseOfGlob.append(base)
            }
        }
        return InterfaceMatcher(
            plain: plainInterfaces, templates: templates, expanded: GlobSet(expanded), baseOfGlob: baseOfGlob, bases: bases)
    }

    struct InterfaceMatcher {
        let plain: GlobSet
        let templates: [(prefix: String, suffix: String)]
        /// Feature bases sorted, then patterns: the first match is the first owner by name.
        let expanded: GlobSet
        let baseOfGlob: [String]
        let bases: Set<String>

        /// nil: not an interface; `.some(nil)`: an interface of no particular feature; else the owning feature's base
        /// name (the likely one, the name without its `Interface` suffix, first; then the first by name).
        func match(_ name: String) -> String?? {
            let guess = CompiledFeatures.interfaceBase(of: name)
            var owners: [String] = []
            for template in templates
            where name.count > template.prefix.count + template.suffix.count
                && name.hasPrefix(template.prefix) && name.hasSuffix(template.suffix) {
                let middle = String(name.dropFirst(template.prefix.count).dropLast(template.suffix.count))
                if bases.contains(middle) { owners.append(middle) }
            }
            if owners.contains(guess) { return guess }
            if bases.contains(guess), let match = expanded.firstMatchWithCaptures(name, where: { index, _ in
                baseOfGlob[index] == guess
            }) {
                return baseOfGlob[match.index]
            }
            if let first = expanded.firstMatch(name) { owners.append(baseOfGlob[first]) }
            if let owner = owners.min() { return owner }
            return plain.matches(name) ? .some(nil) : nil
        }
    }

    /// The names `{feature}` patterns give a feature's interface (`GachaInterface`), literal ones only.
    func interfaceNames(forBase base: String) -> [String] {
        interfacePatterns.filter { $0.contains(Self.placeholder) }
            .map { $0.replacing(Self.placeholder, with: base) }
            .filter { !$0.contains("*") && !$0.contains("?") && !$0.contains("{") }
    }

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

    /// `ProfileInterface`, `ProfileFeatureInterface` → `Profile`.
    static func interfaceBase(of module: String) -> String {
        for suffix in ["FeatureInterface", "Interface"] where module.hasSuffix(suffix) && module.count > suffix.count {
            return String(module.dropLast(suffix.count))
        }
        return module
    }

    /// The feature a test target named after one tests (`GachaFeatureTests`, `GachaTests`, `GachaFeatureUITests`).
    static func testedFeature(of name: String, features: Set<String>, sorted: [String]) -> String? {
        for suffix in ["UITests", "Tests", "Test", "Specs", "Spec"] where name.hasSuffix(suffix) {
            let tested = String(name.dropLast(suffix.count))
            if features.contains(tested) { return tested }
            if let feature = sorted.first(where: { baseName(of: $0) == tested }) { return feature }
        }
        return nil
    }
}
