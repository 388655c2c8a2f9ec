/// `layers:` with their globs compiled once: which layer a module name belongs to — the first layer, top to bottom,
/// with a glob matching the name (the semantics of the layer-violation rule and of graph rendering).
public struct CompiledLayers: Sendable {
    public let names: [String]
    /// Every layer's globs, top layer first, and the layer of each.
    private let globs: GlobSet
    private let layerOfGlob: [Int]

    public init(_ layers: [LayerConfiguration]) {
        names = layers.map(\.name)
        var globs: [Glob] = []
        var layerOfGlob: [Int] = []
        for (index, layer) in layers.enumerated() {
            for pattern in layer.modules {
                guard let glob = try? Glob(pattern) else { continue }
                globs.append(glob)
                layerOfGlob.append(index)
            }
        }
        self.globs = GlobSet(globs)
        self.layerOfGlob = layerOfGlob
    }

    public var isEmpty: Bool { names.isEmpty }

    /// 0 for the top layer; nil when no layer matches.
    public func layerIndex(ofModuleNamed name: String) -> Int? {
        globs.firstMatch(name).map { layerOfGlob[$0] }
    }

    /// The layer of a module: by its name, else by its id (`Package/Target`).
    public func layerIndex(of module: Module) -> Int? {
        layerIndex(ofModuleNamed: module.name) ?? (module.id == module.name ? nil : layerIndex(ofModuleNamed: module.id))
    }
}
