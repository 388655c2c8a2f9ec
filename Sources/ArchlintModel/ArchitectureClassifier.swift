/// What a module is, architecturally: decides its shape and colour in pictures.
public enum ModuleKind: String, CaseIterable, Codable, Sendable {
    case app, feature, interface, core, external, test
}

/// One module's place in the architecture, as `ArchitectureClassifier` decides it.
public struct ModuleClassification: Hashable, Sendable {
    /// The configured layer (0 = top), nil when no layer takes the module.
    public var layer: Int?
    public var layerName: String?
    /// The feature module this module belongs to: itself for a feature, the tested feature for a test target
    /// named after one (`GachaFeatureTests`); nil otherwise. A feature's imports are checked by cross-feature-import.
    public var feature: String?
    /// A `features.interfaces` module.
    public var isInterface: Bool
    /// For an interface: the feature module whose `{feature}` patterns name it (nil when none does).
    public var interfaceOf: String?
    /// A `features.shared` module: any feature may import it, and it is not a feature itself.
    public var isShared: Bool
    /// A test target (`test`, `unit-test`, `ui-test`).
    public var isTest: Bool
    public var kind: ModuleKind

    /// A feature module (not its test target).
    public var isFeature: Bool { kind == .feature }
}

/// The one answer to "which layer and feature is this module?", built once per run from the configuration and
/// the module graph (globs compiled once) and used by the rules, the pictures, `init` and the HTML report.
///
/// - Layer: see `CompiledLayers`; a module's name is matched, then its id.
/// - Feature: a module matching `features.modules` that is neither an interface nor shared.
/// - Interface: a module matching `features.interfaces`; `{feature}` stands for each feature's name without its
///   `Feature` suffix (`{feature}Interface` names `GachaInterface` only when `GachaFeature` exists).
/// - Kind: test, app (apps, executables, a layer whose name contains "app", and composition roots: modules that
///   are nothing else but depend on a feature), external, interface, feature, else core.
public struct ArchitectureClassifier: Sendable {
    public let layers: CompiledLayers
    private let features: CompiledFeatures
    /// Module id → its classification, for every module of the graph the classifier was built from.
    private let classifications: [String: ModuleClassification]
    /// Feature module names, sorted.
    public let featureNames: [String]
    /// Interface module names.
    private let interfaceNames: Set<String>

    public init(configuration: ArchlintConfiguration, graph: ModuleGraph) {
        self.init(layers: CompiledLayers(configuration.layers), features: CompiledFeatures(configuration.features), graph: graph)
    }

    init(layers: CompiledLayers, features: CompiledFeatures, graph: ModuleGraph) {
        self.layers = layers
        self.features = features
        // Features and interfaces first: `{feature}` patterns depend on which features exist.
        let candidates = graph.nodes.filter { Self.mayBeFeature($0) && features.isFeatureCandidate($0) }
        let bases = Set(candidates.map { CompiledFeatures.baseName(of: $0.name) })
        var interfaceOwner: [String: String?] = [:]
        var featureModuleNames = Set<String>()
        let featureByBase = Dictionary(
            candidates.map { (CompiledFeatures.baseName(of: $0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
        let interfaces = features.interfaces(featureBases: bases)
        for module in graph.nodes where !module.type.isTest && module.type != .external
            && !features.isExcludedInterface(module.name) && !features.isExcludedInterface(module.id) {
            if let owner = interfaces.match(module.name) ?? (module.id == module.name ? nil : interfaces.match(module.id)) {
                interfaceOwner[module.id] = owner.flatMap { featureByBase[$0] }
            }
        }
        for module in candidates where interfaceOwner[module.id] == nil && !features.isShared(module) {
            featureModuleNames.insert(module.name)
        }
        let sortedFeatures = featureModuleNames.sorted()
        featureNames = sortedFeatures
        interfaceNames = Set(graph.nodes.filter { interfaceOwner[$0.id] != nil }.map(\.name))

        func base(_ module: Module) -> ModuleClassification {
            let layer = layers.layerIndex(of: module)
            let isInterface = interfaceOwner[module.id] != nil
            let isShared = features.isShared(module)
            let isFeature = Self.mayBeFeature(module) && !isInterface && !isShared
                && featureModuleNames.contains(module.name) && features.isFeatureCandidate(module)
            let kind: ModuleKind
            if module.type.isTest {
                kind = .test
            } else if module.type.isApplication || module.type == .executable {
                kind = .app
            } else if module.type == .external {
                kind = .external
            } else if isInterface {
                kind = .interface
            } else if isFeature {
                kind = .feature
            } else if let layer, layers.names[layer].lowercased().contains("app") {
                kind = .app
            } else {
                kind = .core
            }
            let feature = kind == .feature ? module.name
                : kind == .test ? CompiledFeatures.testedFeature(of: module.name, features: featureModuleNames, sorted: sortedFeatures)
                : nil
            return ModuleClassification(
                layer: layer, layerName: layer.map { layers.names[$0] }, feature: feature, isInterface: isInterface,
                interfaceOf: interfaceOwner[module.id] ?? nil, isShared: isShared, isTest: module.type.isTest, kind: kind)
        }
        var classifications: [String: ModuleClassification] = [:]
        for module in graph.nodes where classifications[module.id] == nil {
            classifications[module.id] = base(module)
        }
        // Composition roots: modules that are nothing else but depend on a feature.
        for edge in graph.edges {
            guard classifications[edge.to]?.kind == .feature, classifications[edge.from]?.kind == .core else { continue }
            classifications[edge.from]?.kind = .app
        }
        self.classifications = classifications
    }

    public var hasLayers: Bool { !layers.isEmpty }

    /// Tests, externals, apps and executables are never features (a test belongs to the feature it tests).
    private static func mayBeFeature(_ module: Module) -> Bool {
        !module.type.isTest && !module.type.isApplication && module.type != .external && module.type != .executable
    }

    /// A feature's name without its `Feature` suffix (`Profile` for `ProfileFeature`): what `{feature}` stands for.
    public static func featureBaseName(of module: String) -> String { CompiledFeatures.baseName(of: module) }

    /// An interface's likely feature name (`Profile` for `ProfileInterface` and `ProfileFeatureInterface`).
    public static func interfaceBaseName(of module: String) -> String { CompiledFeatures.interfaceBase(of: module) }

    /// The classification of a module of the graph the classifier was built from (an unknown module: core,
    /// external or test by its type, with its layer).
    public func classification(of module: Module) -> ModuleClassification {
        if let known = classifications[module.id] { return known }
        let layer = layers.layerIndex(of: module)
        let kind: ModuleKind = module.type.isTest ? .test : module.type == .external ? .external : .core
        return ModuleClassification(
            layer: layer, layerName: layer.map { layers.names[$0] }, feature: nil, isInterface: false, interfaceOf: nil,
            isShared: features.isShared(module), isTest: module.type.isTest, kind: kind)
    }

    /// The classification of the module with this id, nil when the graph has none.
    public func classification(ofModuleID id: String) -> ModuleClassification? { classifications[id] }

    public func kind(of module: Module) -> ModuleKind { classification(of: module).kind }

    /// The index (0 = top) and name of the module's layer.
    public func layer(of module: Module) -> (index: Int, name: String)? {
        let classification = classification(of: module)
        guard let index = classification.layer, let name = classification.layerName else { return nil }
        return (index, name)
    }

    /// True when `importer` (a feature or a feature's test target) depends on another feature's implementation.
    public func isCrossFeature(from importer: Module, to imported: Module) -> Bool {
        guard let owner = classification(of: importer).feature else { return false }
        let target = classification(of: imported)
        return target.isFeature && imported.name != owner
    }

    /// The interface module a feature's clients should depend on: an existing interface for this feature, else
    /// the first `{feature}` pattern's name for it (`GachaInterface`).
    public func suggestedInterface(for feature: String) -> (name: String, exists: Bool) {
        let base = CompiledFeatures.baseName(of: feature)
        let named = features.interfaceNames(forBase: base)
        if let existing = named.first(where: { interfaceNames.contains($0) }) { return (existing, true) }
        if let existing = interfaceNames.sorted().first(where: { $0.hasPrefix(base) }) { return (existing, true) }
        return (named.first ?? base + "Interface", false)
    }
}
