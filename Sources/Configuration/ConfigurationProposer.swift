import ArchlintModel
import Yams

/// `archlint init`: proposes a commented `.archlint.yml` for a scanned workspace. The proposal loads with
/// `ConfigurationLoader`, validates against `Rules/archlint.schema.json`, and puts every internal module in a
/// layer consistent with the current dependencies, so linting under it reports no layer-violation.
public enum ConfigurationProposer {
    public static func propose(workspace: WorkspaceModel, moduleGraph: ModuleGraph) -> String {
        propose(workspace: workspace, moduleGraph: moduleGraph, current: nil)
    }

    /// `current`: the configuration the workspace was scanned with; its `exclude:` and `modules:` are kept, so
    /// modules it maps keep their names.
    ///
    /// `isToolingFile`: whether a path is tooling rather than app code (in a Tuist repository, `Tuist/`,
    /// plugins and manifests: the caller asks `TuistLayout`). Modules made only of such files are not proposed.
    public static func propose(
        workspace: WorkspaceModel, moduleGraph: ModuleGraph, current: ArchlintConfiguration?,
        isToolingFile: (String) -> Bool = { _ in false }
    ) -> String {
        var inventory = ModuleInventory(workspace: workspace, moduleGraph: moduleGraph, isToolingFile: isToolingFile)
        // The rules' own answer, with the default model (features by name and shape): it also decides the layers
        // of features and interfaces whose names say nothing.
        let classifier = ArchitectureClassifier(configuration: ArchlintConfiguration(), graph: moduleGraph)
        inventory.classify(with: classifier, moduleGraph: moduleGraph)
        var text = """
            # archlint configuration, proposed by `archlint init` from the modules it found and their dependencies.
            # Review each guess, then run `archlint lint`. Every configuration starts from the built-in `default`
            # preset; see Rules/archlint.schema.json for every key.

            """
        if let exclude = current?.exclude, !exclude.isEmpty {
            text += "\n# Kept from the current configuration: paths not scanned.\n"
            text += "exclude: [\(exclude.map(quote).joined(separator: ", "))]\n"
        }
        text += modulesSection(inventory, current: current?.modules ?? [])
        text += featuresSection(inventory, classifier: classifier, moduleGraph: moduleGraph)
        text += layersSection(inventory)
        text += rulesSection()
        return text
    }

    // MARK: Sections

    private static func modulesSection(_ inventory: ModuleInventory, current: [ModuleMapping]) -> String {
        var text = "\n# Sources outside Package.swift and project (Xcode, XcodeGen, Tuist) targets, mapped to modules (path\n"
        text += "# globs are relative to the root; $1, $2, … insert what the path's wildcards matched, e.g.\n"
        text += "# {path: \"Projects/Feature/*/Sources/**\", name: \"$1\"}).\n"
        if !inventory.toolingNames.isEmpty {
            text += "# Tuist's manifests, helpers and plugins are tooling, not app code: not mapped or layered.\n"
        }
        let folders = inventory.unassigned
        for stray in inventory.strayFolders {
            text += "# Not mapped: \(stray.files.count) Swift file\(stray.files.count == 1 ? "" : "s") in \(stray.folder == "." ? "the root" : stray.folder + "/") that no target compiles; \(stray.reason).\n"
        }
        guard !folders.isEmpty || !current.isEmpty else {
            let every = inventory.strayFolders.isEmpty ? "Every" : "Every other"
            return text + "# \(every) source file belongs to a package or project target, so nothing needs mapping.\nmodules: []\n"
        }
        if !folders.isEmpty {
            text += "# Folders whose files matched no target are proposed as one module per folder.\n"
        }
        text += "modules:\n"
        for mapping in current {
            var entry = "path: \(quote(mapping.path)), name: \(quote(mapping.name))"
            if let type = mapping.type { entry += ", type: \(quote(type.rawValue))" }
            if let dependencies = mapping.dependencies {
                entry += ", dependencies: [\(dependencies.map(quote).joined(separator: ", "))]"
            }
            text += "  - {\(entry)}  # kept from the current configuration\n"
        }
        for module in folders {
            let files = module.files.count
            text += "  - {path: \(quote(module.folder + "/**")), name: \(quote(module.name))}"
            text += "  # \(files) Swift file\(files == 1 ? "" : "s") in \(module.folder)/\n"
        }
        return text
    }

    /// Features, their interfaces and the shared bases as the default model classifies them
    /// (`ArchitectureClassifier` with no `features.modules`: names and shapes), written out so the team can edit them.
    private static func featuresSection(_ inventory: ModuleInventory, classifier: ArchitectureClassifier, moduleGraph: ModuleGraph) -> String {
        let defaults = FeatureConfiguration()
        let internalNames = Set(inventory.internalNames)
        let modules = moduleGraph.nodes.filter { internalNames.contains($0.name) }
        let featureModules = modules.filter { classifier.kind(of: $0) == .feature }
        let features = Set(featureModules.map(\.name)).sorted()
        let sharedModules = modules.filter { classifier.classification(of: $0).isShared }
        let shared = Set(sharedModules.map(\.name)).sorted()
        var text = "\n# Feature modules may import other features' interface modules, never their implementations.\n"
        guard !features.isEmpty else {
            text += "# No module is named or shaped like a feature (in a Features/ folder, beside an XInterface module,\n"
            text += "# heading a micro-feature family, or named *Feature). List your feature modules to check them:\n"
            text += "# features:\n#   modules: [\"*Feature\"]\n"
            return text
        }
        text += "# Features found (`archlint explain MODULE` says why):\n"
        for feature in featureModules.sorted(by: { $0.name < $1.name }) {
            var line = "#   \(feature.name): \(classifier.classification(of: feature).reason.replacingOccurrences(of: "a feature: ", with: ""))"
            let interfaces = Set(modules.filter { classifier.classification(of: $0).interfaceOf == feature.name }.map(\.name))
            if !interfaces.isEmpty { line += "; exposes \(interfaces.sorted().joined(separator: ", "))" }
            text += line + ".\n"
        }
        // `*Feature` names every module the default preset's glob makes a feature; the others by name.
        let bySuffix = features.contains { $0.hasSuffix("Feature") }
        // … but for the `*Feature` modules the model calls something else (a composition root such as `AppFeature`):
        // shared bases and interfaces are taken out by their own lists, the rest by `!Name`.
        let interfaceNames = Set(modules.filter { classifier.classification(of: $0).isInterface }.map(\.name))
        let notFeatures = bySuffix
            ? Set(modules.filter { module in
                module.name.hasSuffix("Feature") && !module.type.isTest && !features.contains(module.name)
                    && !shared.contains(module.name) && !interfaceNames.contains(module.name)
            }.map(\.name)).sorted()
            : []
        let listed = (bySuffix ? ["*Feature"] : []) + features.filter { !(bySuffix && $0.hasSuffix("Feature")) }
            + notFeatures.map { "!" + $0 }
        for name in notFeatures {
            let module = modules.first { $0.name == name }!
            text += "#   \(name) is no feature: \(classifier.classification(of: module).reason).\n"
        }
        text += "# Listing modules here turns recognition by shape off: add new features to this list.\n"
        text += "features:\n"
        text += "  modules: [\(listed.map(quote).joined(separator: ", "))]\n"
        text += "  # {feature} is the feature's name without its Feature suffix.\n"
        text += "  interfaces: [\(defaults.interfaces.map(quote).joined(separator: ", "))]\n"
        if !shared.isEmpty {
            text += "  # Bases every feature may build on (not features):\n"
            for module in sharedModules.sorted(by: { $0.name < $1.name }) {
                text += "  #   \(module.name): \(classifier.classification(of: module).reason.replacingOccurrences(of: "a shared base: ", with: "")).\n"
            }
            text += "  # Remove an entry to have cross-feature-import report its imports instead.\n"
            text += "  shared: [\(shared.map(quote).joined(separator: ", "))]\n"
        }
        return text
    }

    private static func layersSection(_ inventory: ModuleInventory) -> String {
        var text = """

            # Layers, top to bottom: a module belongs to the layer of the most specific entry matching its name (a
            # name beats a glob, fewer wildcards beat more, then the first) and may import modules of its own layer
            # or lower ones; "!glob" takes modules out of a layer. Guessed from module names (App, *Feature, *Interface, *Core,
            # DesignSystem, Assets) and target kinds (apps, extensions), then moved up where the targets' declared
            # dependencies and imports require it, so today's graph has no layer violation. Test targets, macros,
            # plugins and external modules are not layered.

            """
        let proposal = LayerProposal(inventory: inventory)
        for note in proposal.notes { text += "# \(note)\n" }
        guard !proposal.layers.isEmpty else { return text + "layers: []\n" }
        text += "layers:\n"
        for layer in proposal.layers {
            text += "  # \(layer.category.layerName): \(layer.category.summary).\n"
            for (module, reason) in layer.reasons { text += "  #   \(module): \(reason).\n" }
            text += "  - name: \(quote(layer.category.layerName))\n"
            text += "    modules: [\(layer.patterns.map(quote).joined(separator: ", "))]\n"
        }
        return text
    }

    private static func rulesSection() -> String {
        var text = "\n# Severities (error, warning, note, off) or {severity: …, options: {…}}. The default preset sets:\n"
        text += "# rules:\n"
        for (id, severity) in DefaultSeverities.rules {
            text += "#   \(id): \(severity)\n"
        }
        return text
    }

    // MARK: Helpers

    /// A double-quoted YAML scalar (JSON string syntax is valid YAML).
    static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// The rule lines of the embedded `default` preset, in its order (the preset is checked against the rules by
/// the parity test, so this needs no rule registry).
enum DefaultSeverities {
    static let rules: [(id: String, severity: String)] = {
        guard let text = EmbeddedPresets.presets[ConfigurationLoader.defaultPresetName],
              let root = try? Yams.compose(yaml: text), case .mapping(let top)? = root["rules"]
        else { return [] }
        return top.compactMap { key, value in
            guard let id = key.scalar?.string, let severity = value.scalar?.string else { return nil }
            return (id, severity)
        }
    }()
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
