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
    /// The presets applied, `default` included, in order.
    var presets: [String] = []
    /// Rule ids whose settings a configuration file (not a preset) writes.
    var userRuleIDs: Set<String> = []

    /// Applies `later` on top of `self`: scalars and `modules`/`layers`/`features.*` are replaced, `exclude`
    /// concatenates (without repeating entries), `rules` merge per id with options merged per option name.
    mutating func apply(_ later: ConfigurationFragment) {
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
        presets += later.presets.filter { !presets.contains($0) }
        userRuleIDs.formUnion(later.userRuleIDs)
        for (id, patch) in later.rules {
            var merged = patch
            if let earlier = rules[id]?.options {
                merged.options = earlier.merging(patch.options ?? [:]) { _, new in new }
            }
            rules[id] = merged
        }
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
            presets: presets,
            userRuleIDs: userRuleIDs
        )
    }
}
