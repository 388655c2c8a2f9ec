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
    private let featureGlobs: [Glob]
    private let interfaceGlobs: [Glob]
    /// Top to bottom, as configured.
    private let layers: [(name: String, globs: [Glob])]
    /// Module ids that depend on a feature without being one: the app and other composition roots.
    private var compositionRoots: Set<String> = []

    /// - Parameter graph: when given, modules that aren't features but depend on one count as `app`.
    public init(configuration: ArchlintConfiguration, graph: ModuleGraph? = nil) {
        featureGlobs = configuration.features.modules.compactMap { try? Glob($0) }
        // `{feature}` stands for any feature name here: the classification only needs "is an interface".
        interfaceGlobs = configuration.features.interfaces.compactMap {
            try? Glob($0.replacingOccurrences(of: "{feature}", with: "*"))
        }
        layers = configuration.layers.map { layer in (layer.name, layer.modules.compactMap { try? Glob($0) }) }
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
        for (index, layer) in layers.enumerated() where layer.globs.contains(where: { matches($0, module) }) {
            return (index, layer.name)
        }
        return nil
    }

    public func kind(of module: Module) -> ModuleKind {
        switch module.type {
        case .test: return .test
        case .external: return .external
        case .executable: return .app
        default: break
        }
        if interfaceGlobs.contains(where: { matches($0, module) }) { return .interface }
        if featureGlobs.contains(where: { matches($0, module) }) { return .feature }
        if let layer = layer(of: module), layer.name.lowercased().contains("app") { return .app }
        return compositionRoots.contains(module.id) ? .app : .core
    }

    private func matches(_ glob: Glob, _ module: Module) -> Bool {
        glob.matches(module.name) || glob.matches(module.id)
    }
}
