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
    /// The feature family the module belongs to (`Home` for `Home`, `HomeInterface`, `HomeTesting`, `HomeTests`
    /// and every module in `Features/Home/`): imports inside a family are never cross-feature.
    public var family: String
    /// Why the module is what it is (the rule of the model that decided), for `archlint explain`.
    public var reason: String

    /// A feature module (not its test target).
    public var isFeature: Bool { kind == .feature }
}

/// The one answer to "which layer and feature is this module?", built once per run from the configuration and
/// the module graph (globs compiled once) and used by the rules, the pictures, `init`, `explain` and the HTML report.
///
/// - Layer: see `CompiledLayers`; a module's name is matched, then its id.
/// - Feature: a module matching `features.modules` that is neither an interface nor shared; without
///   `features.modules` in a configuration file, also a module shaped like a feature (`FeatureShapes`: in a
///   features folder, beside its `XInterface`, heading a micro-feature family; below a folder that holds a
///   features folder, only in it).
/// - Family: `FeatureShapes` (a feature with its interface, testing, example and test modules, or its folder).
/// - Interface: a module matching `features.interfaces`; `{feature}` stands for each feature's name without its
///   `Feature` suffix (`{feature}Interface` names `GachaInterface` only when `GachaFeature` exists); without
///   `features.modules` in a configuration file, also a feature folder's `XCore`, `XDomain` or `XAPI` beside the
///   family's other modules (`FeatureShapes.isFamilyInterface`), and `X` beside `XImpl` in one project
///   (`FeatureShapes.implementedInterfaces`).
/// - Shared: `features.shared`, and without `features.modules` in a configuration file, a feature many other
///   features depend on that depends on no feature (`FeatureShapes.sharedBases`; an app or test of a family counts
///   for none).
/// - Kind: test, app (apps, executables, a layer whose name contains "app", and composition roots: modules that
///   are nothing else but depend on a feature, and, without `features.modules` in a configuration file, a
///   feature-shaped module named `App…`, `Root…`, `Main…`, `TabBar…` or `Tab` that no feature depends on and that wires
///   two or more features together, and every module of a features folder's `Coordinator(s)` folder), external,
///   interface, feature, else core.
/// - A variant (`ModuleGraph.variants`: `Core-Dev` beside `Core`) is classified as the module whose name it extends.
public struct ArchitectureClassifier: Sendable {
    public let layers: CompiledLayers
    private let features: CompiledFeatures
    /// Module id → its classification, for every module of the graph the classifier was built from.
    private let classifications: [String: ModuleClassification]
    /// Feature module names, sorted.
    public let featureNames: [String]
    /// Interface module names.
    private let interfaceNames: Set<String>
    /// Each feature's interface, where one is known to be its own (`X` of `XImpl`, `{feature}` patterns).
    private let interfaceOfFeature: [String: String]

    public init(configuration: ArchlintConfiguration, graph: ModuleGraph) {
        self.init(
            layers: CompiledLayers(configuration.layers), features: CompiledFeatures(configuration.features),
            byShape: configuration.features.byShape, graph: graph)
    }

    init(layers: CompiledLayers, features: CompiledFeatures, byShape: Bool = false, graph: ModuleGraph) {
        self.layers = layers
        self.features = features
        let shapes = FeatureShapes(graph: graph)
        let names = Set(graph.nodes.filter { $0.type != .external }.map(\.name))
        // Features and interfaces first: `{feature}` patterns depend on which features exist.
        var featureReason: [String: String] = [:]
        let featuresFolderTrees = byShape ? FeatureShapes.featuresFolderTrees(graph.nodes.filter(Self.mayBeFeature)) : []
        for module in graph.nodes where Self.mayBeFeature(module) {
            // A module named `Feature` is the features layer's own (a Tuist TMA root module), not one feature.
            if byShape, FeatureShapes.isLayerName(module.name) { continue }
            if features.isFeatureCandidate(module) {
                featureReason[module.id] = byShape ? "its name ends in Feature" : "it matches features.modules of the configuration"
            } else if byShape, Self.mayHaveShape(module), let why = FeatureShapes.featureShape(
                of: module, names: names, featuresFolder: FeatureShapes.isInTree(module, featuresFolderTrees)) {
                featureReason[module.id] = why
            }
        }
        let candidates = graph.nodes.filter { featureReason[$0.id] != nil }
        let bases = Set(candidates.map { CompiledFeatures.baseName(of: $0.name) })
        var interfaceOwner: [String: String?] = [:]
        /// Interfaces by shape (`FeatureShapes.isFamilyInterface`), not by `features.interfaces`.
        var familyInterfaces: Set<String> = []
        var featureModuleNames = Set<String>()
        let featureByBase = Dictionary(
            candidates.map { (CompiledFeatures.baseName(of: $0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
        let interfaces = features.interfaces(featureBases: bases)
        let implementedInterfaces = byShape ? FeatureShapes.implementedInterfaces(of: graph) : [:]
        for module in graph.nodes where !module.type.isTest && module.type != .external
            && !features.isExcludedInterface(module.name) && !features.isExcludedInterface(module.id) {
            if let owner = interfaces.match(module.name) ?? (module.id == module.name ? nil : interfaces.match(module.id)) {
                var feature = owner.flatMap { featureByBase[$0] }
                // `XImpl` beside its interface `X`.
                if feature == nil, byShape {
                    feature = FeatureShapes.implementationSuffixes.map { module.name + $0 }
                        .first { name in candidates.contains { $0.name == name } }
                }
                interfaceOwner[module.id] = feature
            } else if byShape, FeatureShapes.isFamilyInterface(module) {
                interfaceOwner.updateValue(nil, forKey: module.id)
                familyInterfaces.insert(module.id)
            } else if let implementation = implementedInterfaces[module.id] {
                interfaceOwner.updateValue(candidates.contains { $0.name == implementation } ? implementation : nil,
                                           forKey: module.id)
            }
        }
        let nodeByID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let unshared = Set(candidates.filter { interfaceOwner[$0.id] == nil && !features.isShared($0) }.map(\.id))
        // An app or a test of a family (a demo app linking every feature) doesn't make what it links a shared base.
        let featureEdges = graph.edges.filter { edge in
            nodeByID[edge.from].map { !$0.type.isApplication && !$0.type.isTest && $0.type != .executable } ?? true
        }
        let inferredShared = byShape
            ? FeatureShapes.sharedBases(
                features: unshared, family: { nodeByID[$0].map(shapes.family(of:)) ?? $0 },
                name: { nodeByID[$0]?.name ?? $0 }, edges: featureEdges)
            : [:]
        for module in candidates where unshared.contains(module.id) && inferredShared[module.id] == nil {
            featureModuleNames.insert(module.name)
        }
        let rootFeatures = byShape
            ? FeatureShapes.compositionRoots(
                features: Set(candidates.filter { featureModuleNames.contains($0.name) }.map(\.id)),
                family: { nodeByID[$0].map(shapes.family(of:)) ?? $0 }, name: { nodeByID[$0]?.name ?? $0 }, edges: graph.edges)
            : [:]
        for id in rootFeatures.keys { if let name = nodeByID[id]?.name { featureModuleNames.remove(name) } }
        let sortedFeatures = featureModuleNames.sorted()
        interfaceNames = Set(graph.nodes.filter { interfaceOwner[$0.id] != nil }.map(\.name))
        interfaceOfFeature = Dictionary(
            graph.nodes.compactMap { module in (interfaceOwner[module.id] ?? nil).map { ($0, module.name) } },
            uniquingKeysWith: { first, _ in first })
        // Two projects may each declare a feature of one name (a copied folder): a test's is its own project's.
        let featuresByName = Dictionary(grouping: candidates.filter { featureModuleNames.contains($0.name) }, by: \.name)
        func familyOfFeature(_ name: String, testedBy test: Module) -> String? {
            guard let modules = featuresByName[name] else { return nil }
            return shapes.family(of: modules.first { $0.project != nil && $0.project == test.project } ?? modules[0])
        }

        func base(_ module: Module) -> ModuleClassification {
            let layer = layers.layerIndex(of: module)
            let isInterface = interfaceOwner[module.id] != nil
            let sharedReason = features.isShared(module) ? "it matches features.shared of the configuration"
                : inferredShared[module.id].map { "a shared base: \($0)" }
            let isShared = sharedReason != nil
            let isFeature = Self.mayBeFeature(module) && !isInterface && !isShared
                && featureModuleNames.contains(module.name) && featureReason[module.id] != nil
            let kind: ModuleKind
            var reason: String
            if module.type.isTest {
                kind = .test
                reason = "a test target (\(module.type.rawValue))"
            } else if module.type.isApplication || module.type == .executable {
                kind = .app
                reason = "an \(module.type.rawValue) target"
            } else if module.type == .external {
                kind = .external
                reason = "not built here (a package product or a system module)"
            } else if isInterface {
                kind = .interface
                reason = familyInterfaces.contains(module.id)
                    ? "the interface of its feature folder's family: its name is the family's plus "
                        + "\(FeatureShapes.familyInterfaceSuffixes.first { module.name.hasSuffix($0) }!)"
                    : implementedInterfaces[module.id].map { "what '\($0)' beside it in its project implements" }
                        ?? "its name matches features.interfaces"
                if let owner = interfaceOwner[module.id] ?? nil { reason += " (the interface of \(owner))" }
            } else if let why = rootFeatures[module.id] {
                kind = .app
                reason = "a composition root: \(why)"
            } else if isFeature {
                kind = .feature
                reason = "a feature: \(featureReason[module.id]!)"
            } else if let layer, layers.names[layer].lowercased().contains("app") {
                kind = .app
                reason = "its layer, \(layers.names[layer]), is an app layer"
            } else {
                kind = .core
                reason = sharedReason ?? (byShape ? FeatureShapes.notFeatureReason(of: module, names: names) : nil)
                    ?? "not a feature, an interface, an app or a test"
            }
            let feature = kind == .feature ? module.name
                : kind == .test ? CompiledFeatures.testedFeature(of: module.name, features: featureModuleNames, sorted: sortedFeatures)
                : nil
            var family = shapes.family(of: module)
            if kind == .test, let feature, let featureFamily = familyOfFeature(feature, testedBy: module) { family = featureFamily }
            if let why = shapes.familyReasons[module.id], family != module.name { reason += "; family \(family): \(why)" }
            return ModuleClassification(
                layer: layer, layerName: layer.map { layers.names[$0] }, feature: feature, isInterface: isInterface,
                interfaceOf: interfaceOwner[module.id] ?? nil, isShared: isShared, isTest: module.type.isTest, kind: kind,
                family: family, reason: reason)
        }
        var classifications: [String: ModuleClassification] = [:]
        for module in graph.nodes where classifications[module.id] == nil {
            classifications[module.id] = base(module)
        }
        // Composition roots: modules that are nothing else but depend on a feature.
        for edge in graph.edges {
            guard classifications[edge.to]?.kind == .feature, classifications[edge.from]?.kind == .core,
                  classifications[edge.from]?.isShared == false
            else { continue }
            classifications[edge.from]?.kind = .app
            classifications[edge.from]?.reason = "a composition root: it depends on the feature \(nodeByID[edge.to]?.name ?? edge.to) and is no feature itself"
        }
        // A variant is what the module it varies is: PINGPONG-IOS' `Core-Dev` sits in `Projects/Feature/` like a
        // feature, but builds `Core`'s files with its dependencies, and `Core` wires the features together.
        var features = featureModuleNames
        for (id, base) in Self.variedModules(graph, nodeByID) {
            guard var made = classifications[base.id], let own = classifications[id], let module = nodeByID[id],
                  own.kind != made.kind || own.isShared != made.isShared || own.isInterface != made.isInterface
                    || own.layer != made.layer
            else { continue }
            made.reason = "a variant of \(base.name) (its project builds the same files with the same dependencies), "
                + "which is \(made.reason)"
            if made.kind == .feature { made.feature = module.name }
            if own.kind == .feature { features.remove(module.name) }
            if made.kind == .feature { features.insert(module.name) }
            classifications[id] = made
        }
        featureNames = features.sorted()
        self.classifications = classifications
    }

    /// Each variant's module (`Core` for `Core-Dev`, `Twix` for `TwixDebug`): of targets that build the same files
    /// with the same dependencies, the one whose name begins every other's.
    private static func variedModules(_ graph: ModuleGraph, _ nodeByID: [String: Module]) -> [(String, Module)] {
        graph.variants().sorted { $0.key < $1.key }.compactMap { id, others in
            let group = ([id] + others).compactMap { nodeByID[$0] }
            guard let base = group.min(by: { $0.name.count < $1.name.count }), base.id != id,
                  group.allSatisfy({ $0.id == base.id || ($0.name.count > base.name.count && $0.name.hasPrefix(base.name)) })
            else { return nil }
            return (id, base)
        }
    }

    public var hasLayers: Bool { !layers.isEmpty }

    /// Tests, externals, apps and executables are never features (a test belongs to the feature it tests).
    private static func mayBeFeature(_ module: Module) -> Bool {
        !module.type.isTest && !module.type.isApplication && module.type != .external && module.type != .executable
    }

    /// Libraries a target or a configured mapping builds (not a folder no target claims, a macro or a plugin).
    private static func mayHaveShape(_ module: Module) -> Bool {
        ![.unassigned, .macro, .plugin, .tool, .bundle, .systemLibrary, .binary].contains(module.type)
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
            isShared: features.isShared(module), isTest: module.type.isTest, kind: kind, family: module.name,
            reason: "not in the module graph")
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
    /// Modules of one family (a feature with its interface, testing, example and test modules) never are.
    public func isCrossFeature(from importer: Module, to imported: Module) -> Bool {
        let source = classification(of: importer)
        guard let owner = source.feature else { return false }
        let target = classification(of: imported)
        return target.isFeature && imported.name != owner && target.family != source.family
    }

    /// The interface module a feature's clients should depend on: an existing interface for this feature, else
    /// the first `{feature}` pattern's name for it (`GachaInterface`).
    public func suggestedInterface(for feature: String) -> (name: String, exists: Bool) {
        if let own = interfaceOfFeature[feature] { return (own, true) }
        let base = CompiledFeatures.baseName(of: feature)
        let named = features.interfaceNames(forBase: base)
        if let existing = named.first(where: { interfaceNames.contains($0) }) { return (existing, true) }
        if let existing = interfaceNames.sorted().first(where: { $0.hasPrefix(base) }) { return (existing, true) }
        return (named.first ?? base + "Interface", false)
    }
}
