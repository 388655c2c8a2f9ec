import ArchlintModel

/// What one configuration file (or preset) says, before `extends:` is merged. `nil` means "not set here".
struct ConfigurationFragment {
    /// An `extends:` entry and where it was written.
    struct Reference {
        var name: String
        var node: ConfigNode
    }

    /// A `rules:` entry. `options` is nil for the short form (`id: severity`).
    struct RulePatch: Equatable {
        var severity: RuleSeverity
        var options: [String: ConfigValue]?
    }

    var extends: [Reference] = []
    var exclude: [String]?
    var modules: [ModuleMapping]?
    var featureModules: [String]?
    var featureInterfaces: [String]?
    var layers: [LayerConfiguration]?
    var rules: [String: RulePatch] = [:]
    var tuistFolderConventions: Bool?
    /// `forbidden`, `allowed`, `required` → their entries.
    var moduleRules: [String: [ModuleRule]] = [:]
    var allowedSeverity: RuleSeverity?
    var typeRules: [TypeRule]?

    /// Applies `later` on top of `self`: scalars and `modules`/`layers`/`features.*` are replaced, `exclude`
    /// concatenates (without repeating entries), `rules` merge per id with options merged per option name, and
    /// custom rules concatenate, a later entry replacing an earlier one of the same name (so a team adjusts a
    /// preset's rule by redefining it).
    mutating func apply(_ later: ConfigurationFragment) {
        for (section, entries) in later.moduleRules {
            moduleRules[section] = Self.merge(moduleRules[section] ?? [], entries, name: \.name)
        }
        if let severity = later.allowedSeverity { allowedSeverity = severity }
        if let types = later.typeRules { typeRules = Self.merge(typeRules ?? [], types, name: \.name) }
        if let exclude = later.exclude {
            var merged = self.exclude ?? []
            var seen = Set(merged)
            for pattern in exclude where seen.insert(pattern).inserted { merged.append(pattern) }
            self.exclude = merged
        }
        if let modules = later.modules { self.modules = modules }
        if let featureModules = later.featureModules { self.featureModules = featureModules }
        if let featureInterfaces = later.featureInterfaces { self.featureInterfaces = featureInterfaces }
        if let layers = later.layers { self.layers = layers }
        if let folderConventions = later.tuistFolderConventions { tuistFolderConventions = folderConventions }
        for (id, patch) in later.rules {
            var merged = patch
            if let earlier = rules[id]?.options {
                merged.options = earlier.merging(patch.options ?? [:]) { _, new in new }
            }
            rules[id] = merged
        }
    }

    private static func merge<Entry>(_ earlier: [Entry], _ later: [Entry], name: (Entry) -> String) -> [Entry] {
        let replaced = Set(later.map(name))
        return earlier.filter { !replaced.contains(name($0)) } + later
    }

    var configuration: ArchlintConfiguration {
        let defaults = FeatureConfiguration()
        return ArchlintConfiguration(
            exclude: exclude ?? [],
            modules: modules ?? [],
            features: FeatureConfiguration(
                modules: featureModules ?? defaults.modules, interfaces: featureInterfaces ?? defaults.interfaces),
            layers: layers ?? [],
            rules: rules.mapValues { RuleSetting(severity: $0.severity, options: $0.options ?? [:]) },
            tuist: TuistConfiguration(folderConventions: tuistFolderConventions ?? false),
            customRules: CustomRules(
                forbidden: moduleRules["forbidden"] ?? [], allowed: moduleRules["allowed"] ?? [],
                allowedSeverity: allowedSeverity ?? .warning, required: moduleRules["required"] ?? [],
                types: typeRules ?? [])
        )
    }
}
