import ArchlintModel

/// The conventional layers `archlint init` proposes, top to bottom, and the name globs that place a module in
/// one by name. A module's category by name is decided by `CompiledLayers`, exactly like `layers:` matching.
enum LayerCategory: Int, CaseIterable, Comparable {
    case app, feature, interface, core, designSystem, assets, foundation

    var layerName: String {
        switch self {
        case .app: "app"
        case .feature: "feature"
        case .interface: "interface"
        case .core: "core"
        case .designSystem: "design-system"
        case .assets: "assets"
        case .foundation: "foundation"
        }
    }

    var globs: [String] {
        switch self {
        case .app: ["*App"]
        case .feature: ["*Feature"]
        case .interface: ["*Interface"]
        case .core: ["*Core", "Core*"]
        case .designSystem: ["DesignSystem*"]
        case .assets: ["Assets*", "*Assets", "*Resources"]
        case .foundation: []
        }
    }

    var summary: String {
        switch self {
        case .app: "the app and composition roots: apps, extensions, executables, folders outside packages, *App"
        case .feature: "feature implementations (*Feature)"
        case .interface: "what features expose to each other (*Interface)"
        case .core: "shared core modules (*Core, Core*)"
        case .designSystem: "the design system (DesignSystem*)"
        case .assets: "assets and resources"
        case .foundation: "modules without a naming convention that only lower modules depend on"
        }
    }

    static func < (lhs: LayerCategory, rhs: LayerCategory) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The category whose glob matches `name` best (as `layers:` decides), and that glob.
    static func byName(_ name: String) -> (category: LayerCategory, glob: String)? {
        guard let match = conventions.bestEntry(ofModuleNamed: name) else { return nil }
        return (allCases[match.layer], match.pattern)
    }

    /// The categories as layers, compiled once.
    private static let conventions = CompiledLayers(
        allCases.map { LayerConfiguration(name: $0.layerName, modules: $0.globs) })
}

/// Assigns every internal module to a layer: by name where a convention matches, then moved up as far as its
/// actual dependencies require (longest-path over the condensation of the import + declared graph, so a
/// cycle shares one layer). The result never has an edge from a lower layer to a higher one.
struct LayerAssignment {
    struct Placement {
        var module: String
        var category: LayerCategory
        /// Why the module sits there, when the name alone doesn't say it.
        var reason: String?
    }

    /// Module name → placement, for every layered module.
    private(set) var placements: [String: Placement] = [:]

    /// `modules`: names to layer, with the category their kind implies (executables and folders → app) when the
    /// name says nothing. `edges`: dependencies between any names (others are ignored).
    init(modules: [String: LayerCategory?], kindReasons: [String: String], edges: [(from: String, to: String)]) {
        var successors: [String: Set<String>] = [:]
        for edge in edges where edge.from != edge.to && modules[edge.from] != nil && modules[edge.to] != nil {
            successors[edge.from, default: []].insert(edge.to)
        }
        // Tarjan's components come sinks first: a component after every component it reaches.
        let names = modules.keys.sorted()
        let indexOf = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let components = StronglyConnectedComponents(
            successors: names.map { name in (successors[name] ?? []).sorted().map { indexOf[$0]! } }
        ).members.map { $0.map { names[$0] } }
        var componentOf: [String: Int] = [:]
        for (index, members) in components.enumerated() {
            for member in members { componentOf[member] = index }
        }
        // Components come sinks first: every successor component is placed before its predecessors.
        var placed: [LayerCategory] = []
        for (index, members) in components.enumerated() {
            var bound: (category: LayerCategory, because: String)?
            for member in members {
                for target in successors[member] ?? [] where componentOf[target] != index {
                    let category = placed[componentOf[target]!]
                    if bound == nil || category < bound!.category { bound = (category, target) }
                }
            }
            let named = members.compactMap { name in modules[name]!.map { (name, $0) } }
            let preferred = named.map(\.1).min()
            let category: LayerCategory
            switch (preferred, bound) {
            case let (preferred?, bound?): category = min(preferred, bound.category)
            case let (preferred?, nil): category = preferred
            case let (nil, bound?): category = bound.category
            case (nil, nil): category = .foundation
            }
            placed.append(category)
            for member in members {
                var reasons: [String] = []
                if members.count > 1 {
                    let others = members.filter { $0 != member }.joined(separator: ", ")
                    reasons.append("in a dependency cycle with \(others), so they share a layer (module-cycle reports the cycle)")
                }
                if let own = modules[member]! {
                    if let kindReason = kindReasons[member], category == own { reasons.append(kindReason) }
                    if category < own, let bound, bound.category == category {
                        reasons.append("named like \(own.layerName) but depends on \(bound.because) (\(category.layerName)), so it sits in \(category.layerName); move that dependency down to restore the convention")
                    }
                } else if let bound, category == bound.category {
                    reasons.append("no naming convention; placed with its highest dependency, \(bound.because)")
                } else if bound == nil, members.count == 1 {
                    reasons.append("no naming convention and no internal dependencies: placed at the bottom")
                }
                placements[member] = Placement(
                    module: member, category: category, reason: reasons.isEmpty ? nil : reasons.joined(separator: "; "))
            }
        }
    }
}
