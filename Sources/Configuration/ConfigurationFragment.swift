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
    var featureShared: [String]?
    /// Whether a configuration file (not a preset) wrote the current `featureModules` / `featureShared`.
    var featureModulesFromFile = false
    var featureSharedFromFile = false
    /// The node of every entry of `layers` and `features` lists, for `config-shadowed-entry` locations; replaced
    /// together with its list.
    var entryNodes: [ShadowedEntry.List: [ConfigNode]] = [:]
    var layers: [LayerConfiguration]?
    var rules: [String: RulePatch] = [:]
    var tuistFolderConventions: Bool?
    /// The presets applied, `default` included, in order.
    var presets: [String] = []
    /// Rule ids whose settings a configuration file (not a preset) writes.
    var userRuleIDs: Set<String> = []
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
        if let featureModules = later.featureModules {
            self.featureModules = featureModules
            featureModulesFromFile = later.featureModulesFromFile
        }
        if let featureInterfaces = later.featureInterfaces { self.featureInterfaces = featureInterfaces }
        if let featureShared = later.featureShared {
            self.featureShared = featureShared
            featureSharedFromFile = later.featureSharedFromFile
        }
        if let layers = later.layers {
            self.layers = layers
            entryNodes = entryNodes.filter { if case .layer = $0.key { false } else { true } }
        }
        entryNodes.merge(later.entryNodes) { _, new in new }
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

    private static func merge<Entry>(_ earlier: [Entry], _ later: [Entry], name: (Entry) -> String) -> [Entry] {
        let replaced = Set(later.map(name))
        return earlier.filter { !replaced.contains(name($0)) } + later
    }

    var configuration: ArchlintConfiguration {
        let defaults = FeatureConfiguration()
        var entries: [FeatureEntry] = []
        for (list, patterns, fromFile) in [
            (ShadowedEntry.List.featureModules, featureModules, featureModulesFromFile),
            (.featureShared, featureShared, featureSharedFromFile),
        ] where fromFile {
            guard let patterns, let nodes = entryNodes[list], nodes.count == patterns.count else { continue }
            let name = list == .featureModules ? "features.modules" : "features.shared"
            entries += zip(patterns, nodes).map { FeatureEntry(list: name, pattern: $0, location: $1.location) }
        }
        let features = FeatureConfiguration(
            modules: featureModules ?? defaults.modules, interfaces: featureInterfaces ?? defaults.interfaces,
            shared: featureShared ?? defaults.shared, byShape: !featureModulesFromFile, entries: entries)
        return ArchlintConfiguration(
            exclude: exclude ?? [],
            modules: modules ?? [],
            features: features,
            layers: layers ?? [],
            rules: rules.mapValues { RuleSetting(severity: $0.severity, options: $0.options ?? [:]) },
            tuist: TuistConfiguration(folderConventions: tuistFolderConventions ?? false),
            presets: presets,
            userRuleIDs: userRuleIDs,
            diagnostics: shadowedEntryDiagnostics(layers: layers ?? [], features: features),
            customRules: CustomRules(
                forbidden: moduleRules["forbidden"] ?? [], allowed: moduleRules["allowed"] ?? [],
                allowedSeverity: allowedSeverity ?? .warning, required: moduleRules["required"] ?? [],
                types: typeRules ?? [])
        )
    }

    /// `config-shadowed-entry` at each entry that can never decide anything, saying why and how to fix it.
    private func shadowedEntryDiagnostics(layers: [LayerConfiguration], features: FeatureConfiguration) -> [Diagnostic] {
        func node(_ entry: ShadowedEntry.Entry) -> ConfigNode? {
            guard let nodes = entryNodes[entry.list], entry.index < nodes.count else { return nil }
            return nodes[entry.index]
        }
        func text(_ entry: ShadowedEntry.Entry) -> String {
            switch entry.list {
            case .layer(let index): layers[index].modules[entry.index]
            case .featureModules: features.modules[entry.index]
            case .featureInterfaces: features.interfaces[entry.index]
            case .featureShared: features.shared[entry.index]
            }
        }
        func listName(_ list: ShadowedEntry.List) -> String {
            switch list {
            case .layer(let index): "layer '\(layers[index].name)'"
            case .featureModules: "features.modules"
            case .featureInterfaces: "features.interfaces"
            case .featureShared: "features.shared"
            }
        }
        func position(_ entry: ShadowedEntry.Entry) -> String {
            node(entry).map { "line \($0.location.line), column \($0.location.column)" } ?? "above"
        }
        return ShadowedEntry.find(layers: layers, features: features).compactMap { shadowed in
            guard let node = node(shadowed.entry) else { return nil }
            let entry = shadowed.entry, quoted = "\"\(text(entry))\""
            let message: String
            switch shadowed.reason {
            case .duplicate(let earlier) where earlier.list == entry.list:
                message = "\(quoted) is listed twice in \(listName(entry.list)) (first at \(position(earlier))), so this entry never decides anything; remove it"
            case .duplicate(let earlier):
                message = "\(quoted) is also in \(listName(earlier.list)) (at \(position(earlier))), which comes first and wins the tie, so this entry never decides a module's layer; a module belongs to one layer: remove it from one of the two"
            case .excluded(let exclusion):
                message = "\(quoted) is excluded by \"\(text(exclusion))\" (at \(position(exclusion))) in the same list, so it never matches; remove one of the two"
            case .excludesNothing:
                message = "\(quoted) excludes nothing: no other entry of \(listName(entry.list)) can match a module it matches; remove it (a '!' entry only takes modules out of its own list)"
            }
            return Diagnostic(
                rule: PipelineRuleID.configShadowedEntry, severity: .warning, message: message, location: node.location)
        }
    }
}
