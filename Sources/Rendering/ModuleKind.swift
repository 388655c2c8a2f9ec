import ArchlintModel
import Foundation

/// What a module is, architecturally: decides its shape and colour.
public enum ModuleKind: String, CaseIterable, Sendable {
    case app, feature, interface, core, external, test

    /// Legend text.
    var caption: String {
        switch self {
        case .app: "app / composition root"
        case .feature: "feature"
        case .interface: "feature interface"
        case .core: "core / shared"
        case .external: "external"
        case .test: "test"
        }
    }
}

/// Classifies modules with the configuration's feature and layer globs and the module type.
public struct ModuleClassifier: Sendable {
    private let featureGlobs: GlobSet
    private let interfaceGlobs: GlobSet
    /// Top to bottom, as configured.
    private let layers: CompiledLayers
    /// Module ids that depend on a feature without being one: the app and other composition roots.
    private var compositionRoots: Set<String> = []

    /// - Parameter graph: when given, modules that aren't features but depend on one count as `app`.
    public init(configuration: ArchlintConfiguration, graph: ModuleGraph? = nil) {
        featureGlobs = GlobSet(patterns: configuration.features.modules)
        // `{feature}` stands for any feature name here: the classification only needs "is an interface".
        interfaceGlobs = GlobSet(patterns: configuration.features.interfaces.map {
            $0.replacingOccurrences(of: "{feature}", with: "*")
        })
        layers = CompiledLayers(configuration.layers)
        if let graph {
            let byID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for edge in graph.edges {
                guard let from = byID[edge.from], let to = byID[edge.to], kind(of: to) == .feature,
                      kind(of: from) == .core else { continue }
                compositionRoots.insert(from.id)
            }
        }
    }

    public var hasLayers: Bool { !layers.isEmpty }

    /// The index and name of the first configured layer whose globs match the module name (or id).
    public func layer(of module: Module) -> (index: Int, name: String)? {
        let byName = layers.layerIndex(ofModuleNamed: module.name)
        let byID = layers.layerIndex(ofModuleNamed: module.id)
        guard let index = [byName, byID].compactMap({ $0 }).min() else { return nil }
        return (index, layers.names[index])
    }

    public func kind(of module: Module) -> ModuleKind {
        if module.type.isTest { return .test }
        if module.type.isApplication { return .app }
        switch module.type {
        case .external: return .external
        case .executable: return .app
        default: break
        }
        if matches(interfaceGlobs, module) { return .interface }
        if matches(featureGlobs, module) { return .feature }
        if let layer = layer(of: module), layer.name.lowercased().contains("app") { return .app }
        return compositionRoots.contains(module.id) ? .app : .core
    }

    private func matches(_ globs: GlobSet, _ module: Module) -> Bool {
        globs.matches(module.name) || globs.matches(module.id)
    }
}
