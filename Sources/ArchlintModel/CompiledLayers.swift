/// `layers:` with their entries compiled once: which layer a module name belongs to. The most specific entry
/// matching the name wins, whichever layer it is in: a literal name beats a glob, a glob with fewer wildcards
/// beats one with more, and between equally specific entries the first in configuration order (top layer first)
/// wins. A layer's `!glob` entries take the names they match out of that layer (they may still land in another).
/// `ArchitectureClassifier` (the rules, pictures and report) and `archlint init` ask this one type.
public struct CompiledLayers: Sendable {
    public let names: [String]
    /// Every layer's positive entries, top layer first, with the layer and the entry of each.
    private let globs: GlobSet
    private let layerOfGlob: [Int]
    private let entryOfGlob: [ModulePattern]
    /// Per layer: its `!` entries.
    private let exclusions: [GlobSet]

    public init(_ layers: [LayerConfiguration]) {
        names = layers.map(\.name)
        var globs: [Glob] = []
        var layerOfGlob: [Int] = []
        var entryOfGlob: [ModulePattern] = []
        var exclusions: [GlobSet] = []
        for (index, layer) in layers.enumerated() {
            let list = ModulePatternList(layer.modules)
            var excluded: [Glob] = []
            for entry in list.entries {
                if entry.isExclusion {
                    excluded.append(entry.glob)
                } else {
                    globs.append(entry.glob)
                    layerOfGlob.append(index)
                    entryOfGlob.append(entry)
                }
            }
            exclusions.append(GlobSet(excluded))
        }
        self.globs = GlobSet(globs)
        self.layerOfGlob = layerOfGlob
        self.entryOfGlob = entryOfGlob
        self.exclusions = exclusions
    }

    public var isEmpty: Bool { names.isEmpty }

    /// 0 for the top layer; nil when no layer takes the name.
    public func layerIndex(ofModuleNamed name: String) -> Int? {
        bestEntry(ofModuleNamed: name)?.layer
    }

    /// The entry that decides the name's layer (as written), and that layer.
    public func bestEntry(ofModuleNamed name: String) -> (layer: Int, pattern: String)? {
        var best: Int?
        for index in globs.allMatches(name) where !exclusions[layerOfGlob[index]].matches(name) {
            if best == nil || entryOfGlob[index].specificity < entryOfGlob[best!].specificity { best = index }
        }
        return best.map { (layerOfGlob[$0], entryOfGlob[$0].text) }
    }

    /// The layer of a module: by its name, else by its id (`Package/Target`).
    public func layerIndex(of module: Module) -> Int? {
        layerIndex(ofModuleNamed: module.name) ?? (module.id == module.name ? nil : layerIndex(ofModuleNamed: module.id))
    }
}
