import ArchlintModel

/// The `layers:` that `archlint init` writes: conventional globs where they place modules exactly as intended,
/// explicit module names otherwise. Checked against every module name and edge before it is proposed.
struct LayerProposal {
    struct Layer {
        var category: LayerCategory
        /// Globs and exact module names.
        var patterns: [String]
        /// Module → why it is in this layer, for modules the name alone doesn't explain.
        var reasons: [(String, String)]
    }

    private(set) var layers: [Layer] = []
    /// Comments about the proposal as a whole.
    private(set) var notes: [String] = []

    init(inventory: ModuleInventory) {
        var categories: [String: LayerCategory?] = [:]
        var kindReasons: [String: String] = [:]
        for name in inventory.internalNames {
            if inventory.unnamed.contains(name) {
                categories[name] = .some(nil)
            } else if let (category, reason) = inventory.modelCategories[name], LayerCategory.byName(name)?.category != category {
                categories[name] = category
                kindReasons[name] = reason
            } else if let (category, reason) = inventory.kindCategories[name], LayerCategory.byName(name) == nil {
                categories[name] = category
                kindReasons[name] = reason
            } else {
                // `.some(nil)`: assigning a plain nil would remove the key.
                categories[name] = .some(LayerCategory.byName(name)?.category)
            }
        }
        let assignment = LayerAssignment(modules: categories, kindReasons: kindReasons, edges: inventory.edges)
        if !inventory.unlayerable.isEmpty {
            notes.append("Not layered (their names contain glob characters): \(inventory.unlayerable.joined(separator: ", ")).")
        }
        guard !assignment.placements.isEmpty else {
            notes.append("No internal modules were found, so no layers are proposed.")
            return
        }

        let used = Set(assignment.placements.values.map(\.category)).sorted()
        let layerIndex = Dictionary(uniqueKeysWithValues: used.enumerated().map { ($1, $0) })
        let intended = assignment.placements.mapValues { layerIndex[$0.category]! }
        // Candidate globs: a category's globs that place at least one of its modules by name.
        var globs: [LayerCategory: [String]] = [:]
        for placement in assignment.placements.values {
            if let (category, glob) = LayerCategory.byName(placement.module), category == placement.category,
               !(globs[category] ?? []).contains(glob) {
                globs[category, default: []].append(glob)
            }
        }
        // Each candidate glob compiled once.
        var compiled: [String: Glob] = [:]
        for glob in globs.values.joined() { compiled[glob] = try? Glob(glob) }
        func matches(_ pattern: String, _ name: String) -> Bool {
            compiled[pattern].map { $0.matches(name) } ?? (pattern == name)
        }
        // Drop globs that would put any module (test targets and externals included) anywhere but its intended
        // layer, until the configuration places every name exactly as intended.
        var layers: [Layer] = []
        while true {
            layers = used.map { category in
                Layer(category: category, patterns: (globs[category] ?? []).sorted(), reasons: [])
            }
            for placement in assignment.placements.values.sorted(by: { $0.module < $1.module }) {
                let index = layerIndex[placement.category]!
                if !layers[index].patterns.contains(where: { matches($0, placement.module) }) {
                    layers[index].patterns.append(placement.module)
                }
                if let reason = placement.reason { layers[index].reasons.append((placement.module, reason)) }
            }
            let matcher = CompiledLayers(
                layers.map { LayerConfiguration(name: $0.category.layerName, modules: $0.patterns) })
            let misplaced = inventory.allNames.sorted().filter { name in
                matcher.layerIndex(ofModuleNamed: name) != intended[name]
            }
            guard let first = misplaced.first else { break }
            let index = matcher.layerIndex(ofModuleNamed: first)!
            let culprit = matcher.bestEntry(ofModuleNamed: first)!.pattern
            guard globs[layers[index].category]?.contains(culprit) == true else {
                notes.append("\(first) could not be placed exactly; review its layer.")
                break
            }
            globs[layers[index].category]?.removeAll { $0 == culprit }
            notes.append("\"\(culprit)\" is not proposed as a glob because it would also match \(first); modules are listed by name instead.")
        }
        self.layers = layers
    }
}
