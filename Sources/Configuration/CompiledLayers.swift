import ArchlintModel

/// `layers:` with their globs compiled: which layer a module name belongs to, the first matching top to bottom
/// (the semantics of `ArchlintConfiguration.layerIndex(ofModuleNamed:)` and the layer-violation rule).
struct CompiledLayers {
    private let globs: [[Glob]]

    init(_ layers: [LayerConfiguration]) {
        globs = layers.map { layer in layer.modules.compactMap { try? Glob($0) } }
    }

    func layerIndex(ofModuleNamed name: String) -> Int? {
        globs.firstIndex { layer in layer.contains { $0.matches(name) } }
    }
}
