/// The resolved configuration (after `extends:` is merged). Loading and validation live in `Configuration`.
public struct ArchlintConfiguration: Codable, Hashable, Sendable {
    public var exclude: [String]
    public var modules: [ModuleMapping]
    public var features: FeatureConfiguration
    /// Top to bottom.
    public var layers: [LayerConfiguration]
    /// Rule id → setting. Rules not listed use their default severity.
    public var rules: [String: RuleSetting]
    /// How Tuist manifests are read.
    public var tuist: TuistConfiguration
    /// The presets the configuration was built from (`default` first), in order.
    public var presets: [String]
    /// Rule ids a configuration file sets (not a preset): a rule that runs only where the code calls for it
    /// runs anyway when the user names it.
    public var userRuleIDs: Set<String>
    /// Findings about the configuration itself (`config-shadowed-entry`) at their line and column, found while
    /// loading it; the rule engine reports them with their configured severity, like pipeline diagnostics.
    public var diagnostics: [Diagnostic]
    /// The team's own rules (`forbidden:`, `allowed:`, `required:`, `types:`).
    public var customRules: CustomRules

    public init(
        exclude: [String] = [], modules: [ModuleMapping] = [], features: FeatureConfiguration = .init(),
        layers: [LayerConfiguration] = [], rules: [String: RuleSetting] = [:], tuist: TuistConfiguration = .init(),
        presets: [String] = [], userRuleIDs: Set<String> = [],
        diagnostics: [Diagnostic] = [], customRules: CustomRules = .init()
    ) {
        self.presets = presets
        self.userRuleIDs = userRuleIDs
        self.exclude = exclude
        self.modules = modules
        self.features = features
        self.layers = layers
        self.rules = rules
        self.tuist = tuist
        self.diagnostics = diagnostics
        self.customRules = customRules
    }
}

/// The `tuist:` section: how Tuist manifests are read.
public struct TuistConfiguration: Codable, Hashable, Sendable {
    /// A project whose `Project.swift` can't be evaluated gets the targets of the micro-feature template's folder
    /// conventions (`Projects/<Layer>/<Name>/{Sources,Interface,Testing,Tests,UITests,Demo}`), with an issue
    /// saying so. Off by default: archlint never guesses targets silently.
    public var folderConventions: Bool

    public init(folderConventions: Bool = false) {
        self.folderConventions = folderConventions
    }
}

/// Maps source paths outside SwiftPM targets to a module: `{path: "Projects/Feature/*/Sources/**", name: "$1"}`.
/// `$1`… refer to the path glob's `*` wildcards, in order.
public struct ModuleMapping: Codable, Hashable, Sendable {
    public var path: String
    public var name: String
    /// What the module builds (`app`, `framework`, `unit-test`, …); nil: `config`.
    public var type: ModuleType?
    /// Names of the modules it declares as dependencies, for hand-kept layouts; nil: none declared.
    public var dependencies: [String]?

    public init(path: String, name: String, type: ModuleType? = nil, dependencies: [String]? = nil) {
        self.path = path
        self.name = name
        self.type = type
        self.dependencies = dependencies
    }
}

/// `features:`. Every list holds globs over module names and `!glob` exclusions (see `ArchitectureClassifier`).
public struct FeatureConfiguration: Codable, Hashable, Sendable {
    public var modules: [String]
    /// Patterns for modules a feature may import from other features. `{feature}` is the feature's name with its
    /// `Feature` suffix removed (`Gacha` for `GachaFeature`); `*` is a wildcard.
    public var interfaces: [String]
    /// Modules any feature may import, even when they match `modules` (`BaseFeature`, `*UIKit`).
    public var shared: [String]
    /// True when no configuration file lists `features.modules`: features are then also recognised by their
    /// shape and shared bases by their dependants (`FeatureShapes`). A configured list always wins.
    public var byShape: Bool
    /// Where a configuration file (not a preset) lists each `features.modules` and `features.shared` entry, for
    /// the warning about entries that name no module.
    public var entries: [FeatureEntry]

    /// `byShape`: nil means true exactly when `modules` is not given.
    public init(
        modules: [String]? = nil,
        interfaces: [String] = ["{feature}Interface", "{feature}FeatureInterface", "*Interface"],
        shared: [String] = [], byShape: Bool? = nil, entries: [FeatureEntry] = []
    ) {
        self.modules = modules ?? ["*Feature"]
        self.interfaces = interfaces
        self.shared = shared
        self.byShape = byShape ?? (modules == nil)
        self.entries = entries
    }
}

/// One entry of `features.modules` or `features.shared` in a configuration file, with its position.
public struct FeatureEntry: Codable, Hashable, Sendable {
    /// `features.modules` or `features.shared`.
    public var list: String
    public var pattern: String
    public var location: SourceLocation

    public init(list: String, pattern: String, location: SourceLocation) {
        self.list = list
        self.pattern = pattern
        self.location = location
    }
}

public struct LayerConfiguration: Codable, Hashable, Sendable {
    public var name: String
    /// Globs over module names and `!glob` exclusions; the most specific entry over all layers wins (see
    /// `CompiledLayers`).
    public var modules: [String]

    public init(name: String, modules: [String]) {
        self.name = name
        self.modules = modules
    }
}

public enum RuleSeverity: String, Codable, Hashable, Sendable, CaseIterable {
    case error, warning, note, off

    public var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .off: nil
        }
    }
}

public struct RuleSetting: Codable, Hashable, Sendable {
    public var severity: RuleSeverity
    public var options: [String: ConfigValue]

    public init(severity: RuleSeverity, options: [String: ConfigValue] = [:]) {
        self.severity = severity
        self.options = options
    }
}

/// A YAML/JSON value for rule options.
public indirect enum ConfigValue: Codable, Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case list([ConfigValue])
    case map([String: ConfigValue])

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// A list of strings, or a single string as a one-element list.
    public var stringList: [String]? {
        switch self {
        case .string(let value): return [value]
        case .list(let values):
            let strings = values.compactMap(\.stringValue)
            return strings.count == values.count ? strings : nil
        default: return nil
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ConfigValue].self) {
            self = .list(value)
        } else {
            self = .map(try container.decode([String: ConfigValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .map(let value): try container.encode(value)
        }
    }
}

extension ArchlintConfiguration {
    /// The index in `layers` (0 = top) of the layer a module belongs to: the layer of the most specific entry
    /// matching the module's name (see `CompiledLayers`). nil when no layer takes it (it is not layer-checked).
    /// An edge A → B is a layer violation when both have a layer and `layerIndex(A) > layerIndex(B)`.
    /// Compiles the globs on every call: to classify many modules, build `CompiledLayers(layers)` once.
    public func layerIndex(ofModuleNamed name: String) -> Int? {
        CompiledLayers(layers).layerIndex(ofModuleNamed: name)
    }
}
