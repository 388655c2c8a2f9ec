/// How apps are built, read from module names, folders and dependencies: the families modules belong to, the
/// modules shaped like features, and the shared bases among them. `ArchitectureClassifier` is the one user.
///
/// - Family: a module under a features folder (`Features/`, `Feature/`, `Modules/Features/`) belongs to the
///   folder right below it (`Features/Home/HomeUI` → `Home`); `XInterface`, `XTesting`, `XTestSupport`,
///   `XMocks`, `XExample`, `XDemo`, `XTests`, `XUITests` belong to `X` when `X` exists; `XImpl` and
///   `XImplementation` to `X`; any other module is its own family.
/// - Shape of a feature (used when no configuration file lists `features.modules`): a module under a features
///   folder, an implementation `X` with a sibling `XInterface` or a Tuist micro-feature family (`XTesting`,
///   `XExample`, `XDemo`), or an `XImpl`/`XImplementation` beside its interface `X` — unless its folder or
///   name says it is a lower layer (`Core/`, `Domain/`, `*Domain`, `*Core`, `*Kit`, …).
/// - Shared base: a feature that many other features depend on and that depends on no feature (not itself
///   shared) is a base every feature may build on, whatever its name (`BaseFeature`).
public struct FeatureShapes {
    /// Module id → family name.
    private(set) var families: [String: String] = [:]
    /// Module id → why the family is not the module itself.
    private(set) var familyReasons: [String: String] = [:]

    static let memberSuffixes = ["Interface", "Testing", "TestSupport", "Mocks", "Example", "Demo", "DemoApp", "UITests", "Tests"]
    public static let implementationSuffixes = ["Implementation", "Impl"]
    /// Suffixes of the module in a feature's folder that the rest of the family implements (`Features/Auth/AuthCore`
    /// beside `AuthImplementation` and `AuthUI`): the family's interface.
    static let familyInterfaceSuffixes = ["Core", "Domain", "API", "Contract", "Contracts", "Protocols"]

    /// `X` beside `XImpl` or `XImplementation` in one project or package (Tuist's "inverted dual target"): the plain
    /// name is what the other implements, its family's interface. By the interface's id, the implementation's name.
    static func implementedInterfaces(of graph: ModuleGraph) -> [String: String] {
        var byProject: [String: [String: Module]] = [:]
        for module in graph.nodes where module.type != .external && !module.type.isTest && !module.type.isApplication {
            guard let project = module.project ?? module.manifest else { continue }
            byProject[project, default: [:]][module.name] = module
        }
        var result: [String: String] = [:]
        for modules in byProject.values {
            for (name, module) in modules {
                if let implementation = implementationSuffixes.map({ name + $0 }).first(where: { modules[$0] != nil }) {
                    result[module.id] = implementation
                }
            }
        }
        return result
    }

    /// Whether a module is its feature folder's interface: `Features/Auth/AuthCore` (`familyInterfaceSuffixes`).
    static func isFamilyInterface(_ module: Module) -> Bool {
        guard let family = featureFolderFamily(of: module)?.family, family != module.name else { return false }
        return familyInterfaceSuffixes.contains { module.name == family + $0 }
    }
    /// Names of the feature at the top of an app's tree (`MainFeature`, `TabBar`: the tab bar that holds the features).
    static let rootPrefixes = ["Root", "App", "Main", "TabBar", "Tabs"]
    /// Names of the root itself, which may wire a single feature (`RootFeature` wiring `MainTabFeature`).
    static let exactRootPrefixes = ["Root", "App"]
    /// Names of the tab bar by itself (`Tab`, `TabFeature`), a root when it wires two or more features.
    static let tabRootNames = ["Tab", "TabFeature", "TabFeatures"]
    static let featureFolders: Set<String> = ["features", "feature"]
    /// Folders in a features folder that hold the navigation wiring the features (`Features/Coordinator/`).
    static let coordinatorFolders: Set<String> = ["coordinator", "coordinators"]
    /// Folders whose modules are lower layers, never features by shape.
    static let lowerFolders: Set<String> = [
        "core", "domain", "domains", "shared", "data", "network", "networking", "service", "services", "infrastructure",
        "platform", "foundation", "common", "utils", "utility", "utilities", "library", "libraries", "designsystem",
        "userinterfaces", "usertinterfaces", "ui", "thirdparty", "vendor",
    ]
    /// Name suffixes of lower layers, never features by shape.
    static let lowerSuffixes = [
        "Domain", "Core", "Kit", "Client", "Service", "Network", "Networking", "Repository", "Data", "Storage", "Util",
        "Utils", "Utility", "Utilities", "DesignSystem", "Module", "Library", "Lib", "Model", "Models", "Entity", "Entities",
        "Shared", "Common", "Extensions", "Helpers", "Constants", "Resources",
    ]
    /// Name prefixes of lower layers before another word (`CommonViews`, `SharedUI`), never features by shape; a
    /// name ending in `Feature` (`CommonFeature`) is a feature's, a shared base.
    static let lowerPrefixes = ["Common", "Shared"]

    /// What in a module's name says it is a lower layer (`its name ends in Helpers`), or nil.
    static func lowerName(of name: String) -> String? {
        if let suffix = lowerSuffixes.first(where: { name.hasSuffix($0) }) { return "its name ends in \(suffix)" }
        guard !name.hasSuffix("Feature"), !name.hasSuffix("Features"),
              let prefix = lowerPrefixes.first(where: { prefix in
                  name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
              })
        else { return nil }
        return "its name begins with \(prefix)"
    }
    /// Folders below a features folder that don't name a feature (`Features/Sources/Home`).
    private static let transparentFolders: Set<String> = ["sources", "source", "src", "tests", "projects"]

    init(graph: ModuleGraph) {
        let names = Set(graph.nodes.filter { $0.type != .external }.map(\.name))
        for module in graph.nodes where module.type != .external {
            if let (folder, family) = Self.featureFolderFamily(of: module) {
                families[module.id] = family
                if family != module.name { familyReasons[module.id] = "it sits in the folder \(folder)" }
                continue
            }
            if let stem = Self.stem(of: module.name, names: names) {
                families[module.id] = stem
                familyReasons[module.id] = "its name is \(stem) + '\(module.name.dropFirst(stem.count))'"
            }
        }
    }

    /// The family of a module of the graph: its own name unless the folder or the name says otherwise.
    func family(of module: Module) -> String { families[module.id] ?? module.name }

    /// `Home` for `HomeInterface`, `HomeTesting`, `HomeImpl`, … when a module `Home` exists.
    static func stem(of name: String, names: Set<String>) -> String? {
        for suffix in memberSuffixes + implementationSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            let stem = String(name.dropLast(suffix.count))
            if names.contains(stem) { return stem }
        }
        return nil
    }

    /// (`Projects/Features/`, `Home`) for a module in `Projects/Features/Home/…`.
    static func featureFolderFamily(of module: Module) -> (folder: String, family: String)? {
        guard let path = module.path ?? commonFolder(module.files) else { return nil }
        let components = path.split(separator: "/").map(String.init)
        guard let index = components.lastIndex(where: { featureFolders.contains($0.lowercased()) }) else { return nil }
        let rest = components[(index + 1)...].drop { transparentFolders.contains($0.lowercased()) }
        guard let family = rest.first else { return nil }
        return (components[...index].joined(separator: "/") + "/", family)
    }

    /// The reason a module is not a feature by shape: a lower layer's folder or name; nil when none.
    static func lowerLayerReason(of module: Module) -> String? {
        if let lower = lowerName(of: module.name), let (folder, family) = featureFolderFamily(of: module), family == module.name {
            return "\(lower), a lower layer's, though it sits in \(folder)"
        }
        if let path = module.path ?? commonFolder(module.files),
           let folder = path.split(separator: "/").first(where: { lowerFolders.contains($0.lowercased()) }) {
            return "it sits in the folder \(folder)/, a lower layer's"
        }
        if let lower = lowerName(of: module.name) { return "\(lower), a lower layer's" }
        return nil
    }

    /// `Feature` or `Features`: the name of the features layer itself.
    static func isLayerName(_ name: String) -> Bool { featureFolders.contains(name.lowercased()) }

    /// Why a module the model could have taken for a feature is none: a family member or a lower layer.
    static func notFeatureReason(of module: Module, names: Set<String>) -> String? {
        if isLayerName(module.name) { return "not a feature: its name is the features layer's own" }
        if let stem = stem(of: module.name, names: names), !implementationSuffixes.contains(where: { module.name.hasSuffix($0) }) {
            return "not a feature: a member of \(stem)'s family"
        }
        return lowerLayerReason(of: module).map { "not a feature: \($0)" }
    }

    /// Why a library module is shaped like a feature, or nil. Family members (`XTesting`, `XInterface`, …) are not.
    /// The folders that hold a features folder (`""` for `Features/` at the root, `Apps/Shop` for `Apps/Shop/Features/`):
    /// below one, features live in the features folder.
    static func featuresFolderTrees(_ modules: [Module]) -> Set<String> {
        Set(modules.compactMap { module in
            featureFolderFamily(of: module).map { String($0.folder.dropLast().split(separator: "/").dropLast().joined(separator: "/")) }
        })
    }

    static func isInTree(_ module: Module, _ trees: Set<String>) -> Bool {
        guard !trees.isEmpty, let path = module.path ?? commonFolder(module.files) else { return false }
        return trees.contains { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") }
    }

    /// `featuresFolder`: the module's tree keeps features in a features folder, so a module outside one is no feature
    /// by its interface or family alone (MOIT's `TokenManager`/`TokenManagerImpl` beside `Core`, not in `Features/`).
    static func featureShape(of module: Module, names: Set<String>, featuresFolder: Bool) -> String? {
        let name = module.name
        let isImplementation = implementationSuffixes.contains { name.hasSuffix($0) }
        if stem(of: name, names: names) != nil && !isImplementation { return nil }
        let lowerName = Self.lowerName(of: name) != nil
        // Named as a lower layer itself (`FeatureDesignSystem` in `Projects/Feature/DesignSystem/Feature/`): no feature.
        if lowerSuffixes.contains(withoutFeaturePrefix(name)) { return nil }
        if let (folder, family) = featureFolderFamily(of: module), !(lowerName && family == name) {
            return "it sits in the features folder \(folder)"
        }
        if lowerLayerReason(of: module) != nil || featuresFolder { return nil }
        if names.contains(name + "Interface") { return "it has the sibling interface module \(name)Interface" }
        if let suffix = implementationSuffixes.first(where: { name.hasSuffix($0) && name.count > $0.count }),
           names.contains(String(name.dropLast(suffix.count))) {
            return "it implements the sibling interface module \(name.dropLast(suffix.count))"
        }
        let members = ["Testing", "Example", "Demo"].filter { names.contains(name + $0) }
        if !members.isEmpty {
            return "it heads a micro-feature family (\(members.map { name + $0 }.joined(separator: ", ")))"
        }
        return nil
    }

    /// Composition roots among `features` (ids), with why: every module of a coordinators folder; then a feature no
    /// other feature's family depends on (coordinators aside), named as the root, that depends on other feature
    /// families: two or more when the name starts like a root's (`AppFeature`, `RootCoordinator`, `MainFeature`) or is
    /// the tab bar's (`Tab`), one when the name is the root's own (`RootFeature` wiring `MainTabFeature`).
    /// The top of the tree, where an app wires its features together. Any other feature that uses two others stays a
    /// feature.
    static func compositionRoots(
        features: Set<String>, family: (String) -> String, name: (String) -> String, edges: [ModuleEdge]
    ) -> [String: String] {
        // A module of a coordinators folder is navigation: it presents the features it wires, a feature may hold it
        // (a tab bar holding each tab's coordinator), and it is no feature itself.
        var roots: [String: String] = [:]
        for id in features where coordinatorFolders.contains(family(id).lowercased()) {
            roots[id] = "navigation: it sits in a coordinators folder (\(family(id)))"
        }
        var dependedOn: Set<String> = []
        var wired: [String: Set<String>] = [:]
        for edge in edges where features.contains(edge.from) && features.contains(edge.to) {
            guard family(edge.from) != family(edge.to), roots[edge.from] == nil, roots[edge.to] == nil else { continue }
            dependedOn.insert(edge.to)
            wired[edge.from, default: []].insert(family(edge.to))
        }
        for (id, families) in wired where !dependedOn.contains(id) {
            let rootName = withoutFeaturePrefix(name(id))
            let exactName = exactRootPrefixes.flatMap { root in ["", "Feature", "Features"].map { root + $0 } }.contains(rootName)
            let rootLike = tabRootNames.contains(rootName) || rootPrefixes.contains(where: rootName.hasPrefix)
            guard families.count >= (exactName ? 1 : 2), rootLike else { continue }
            roots[id] = families.count == 1
                ? "no feature depends on it and it wires \(families.sorted()[0]), the top of the tree"
                : "no feature depends on it and it wires \(families.count) features together (\(families.sorted().prefix(3).joined(separator: ", "))\(families.count > 3 ? ", …" : ""))"
        }
        return roots
    }

    /// A name without the `Feature` prefix apps that name features `FeatureHome`, `FeatureMainTab` put first.
    static func withoutFeaturePrefix(_ name: String) -> String {
        let rest = name.dropFirst("Feature".count)
        guard name.hasPrefix("Feature"), let first = rest.first, first.isUppercase else { return name }
        return String(rest)
    }

    /// Shared bases among `features` (ids): features at least `threshold` other feature families (any module of
    /// the family) depend on and
    /// that depend on no feature that is not shared. Decided again until nothing changes.
    static func sharedBases(
        features: Set<String>, family: (String) -> String, name: (String) -> String, edges: [ModuleEdge]
    ) -> [String: String] {
        var dependants: [String: Set<String>] = [:]
        var dependencies: [String: Set<String>] = [:]
        let featureFamilies = Set(features.map(family))
        for edge in edges where features.contains(edge.to) && edge.from != edge.to {
            let from = edge.from
            dependencies[from, default: []].insert(edge.to)
            // A feature's interface building on a base is its feature building on it (`XInterface` → `FeatureFoundation`).
            guard featureFamilies.contains(family(from)), family(from) != family(edge.to) else { continue }
            dependants[edge.to, default: []].insert(family(from))
        }
        let familyCount = featureFamilies.count
        // "Many": half the families, and never fewer than three (two features sharing a third's implementation
        // is the violation itself); a name that says it is a base needs two.
        let general = max(3, (familyCount + 1) / 2)
        var shared: [String: String] = [:]
        var changed = true
        while changed {
            changed = false
            for id in features.sorted() where shared[id] == nil {
                let users = dependants[id] ?? []
                // `BaseFeature`, `CommonUI`, `FeatureFoundation`, and `Features`/`uFeatures` (named for all of them).
                let baseLike = ["Base", "Common", "Shared", "Foundation"].contains { name(id).contains($0) }
                    || name(id).hasSuffix("Features")
                let threshold = baseLike ? 2 : general
                guard users.count >= threshold else { continue }
                let onFeatures = (dependencies[id] ?? []).filter { shared[$0] == nil && family($0) != family(id) }
                guard onFeatures.isEmpty else { continue }
                shared[id] = "\(users.count) features depend on it (\(users.sorted().prefix(3).joined(separator: ", "))"
                    + "\(users.count > 3 ? ", …" : "")) and it depends on no feature"
                changed = true
            }
        }
        return shared
    }

    /// The top-level folder all files share, for modules without a path.
    private static func commonFolder(_ files: [String]) -> String? {
        guard let first = files.first, let slash = first.lastIndex(of: "/") else { return nil }
        var prefix = String(first[..<slash])
        for file in files.dropFirst() {
            while !prefix.isEmpty && !file.hasPrefix(prefix + "/") {
                prefix = prefix.lastIndex(of: "/").map { String(prefix[..<$0]) } ?? ""
            }
        }
        return prefix.isEmpty ? nil : prefix
    }
}
