import ArchlintModel

/// Lookups over the scanned modules and projects (packages among them), used to resolve dependency and import
/// names to module ids.
struct ModuleCatalog {
    let modulesByID: [String: Module]
    /// Module name (and C99 name) → scanned module ids, best candidate first.
    private let scannedByName: [String: [String]]
    /// Project path → its facts.
    let projectsByPath: [String: ProjectFacts]
    /// Project path → target name → module id (targets that compile Swift and so are modules; a package's
    /// targets also by their C99 module names).
    private let targetsByProject: [String: [String: String]]
    /// Module id of a project target → its module name (from its build settings, else the product name made a C99
    /// identifier).
    private let projectModuleNames: [String: String]
    /// Project path → module name → the module id of its first target (by id) with that module name.
    private let projectTargetsByModuleName: [String: [String: String]]
    /// Product name (`productName`, else the target's name) → module ids of the targets building it, by project path.
    private let targetsByProductName: [String: [(project: String, id: String)]]
    /// Target name → module ids of the targets with that name, by project path.
    private let targetsByTargetName: [String: [(project: String, id: String)]]
    /// Product name → scanned packages declaring a product with that name, by path.
    private let packagesByProduct: [String: [ProjectFacts]]
    /// The scanned packages a local package reference may name.
    let localPackages: LocalPackages
    /// Package identity (lowercased) → the products of its checkout.
    private let checkoutProducts: [String: [String: [String]]]
    /// The module names (C99) of the pods whose podspecs the tree holds, sorted.
    let developmentPods: [String]

    init(_ workspace: WorkspaceModel) {
        var modulesByID: [String: Module] = [:]
        var scannedByName: [String: [Module]] = [:]
        var targetsByProject: [String: [String: String]] = [:]
        var projectModuleNames: [String: String] = [:]
        var byModuleName: [String: [String: String]] = [:]
        let projectTargets = ModuleCatalog.projectTargets(workspace.projects)
        for module in workspace.modules {
            modulesByID[module.id] = module
            var names = Set([module.name, ModuleNaming.c99Identifier(module.name)])
            if let project = module.project, module.type != .external {
                targetsByProject[project, default: [:]][module.name] = module.id
                let moduleName = ModuleCatalog.importName(of: module, projectTargets: projectTargets)
                projectModuleNames[module.id] = moduleName
                if let known = byModuleName[project]?[moduleName], known < module.id {} else {
                    byModuleName[project, default: [:]][moduleName] = module.id
                }
                names.insert(moduleName)
            }
            if let manifest = module.manifest, module.type != .external {
                for name in names { targetsByProject[manifest, default: [:]][name] = module.id }
            }
            if module.type != .external {
                for name in names { scannedByName[name, default: []].append(module) }
            }
        }
        self.modulesByID = modulesByID
        self.scannedByName = scannedByName.mapValues { candidates in
            candidates.sorted { lhs, rhs in
                let lhsRank = ModuleCatalog.importRank(lhs.type), rhsRank = ModuleCatalog.importRank(rhs.type)
                return lhsRank != rhsRank ? lhsRank < rhsRank : lhs.id < rhs.id
            }.map(\.id)
        }
        self.projectsByPath = Dictionary(workspace.projects.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.targetsByProject = targetsByProject
        self.projectModuleNames = projectModuleNames
        self.projectTargetsByModuleName = byModuleName
        var byProduct: [String: [(project: String, id: String)]] = [:]
        var byTargetName: [String: [(project: String, id: String)]] = [:]
        var packagesByProduct: [String: [ProjectFacts]] = [:]
        for project in workspace.projects.sorted(by: { $0.path < $1.path }) {
            // A package's targets are linked through its products, never as frameworks.
            guard project.source != .swiftpm else {
                for name in Set(project.products.map(\.name)) { packagesByProduct[name, default: []].append(project) }
                continue
            }
            for target in project.targets {
                guard let id = targetsByProject[project.path]?[target.name] else { continue }
                byProduct[target.productName ?? target.name, default: []].append((project.path, id))
                byTargetName[target.name, default: []].append((project.path, id))
            }
        }
        targetsByProductName = byProduct
        targetsByTargetName = byTargetName
        self.packagesByProduct = packagesByProduct
        localPackages = LocalPackages(workspace.projects)
        checkoutProducts = Dictionary(
            workspace.packageCheckouts.map { ($0.identity, $0.products) }, uniquingKeysWith: { first, _ in first })
        developmentPods = Set(workspace.podspecs.compactMap { CocoaPods.podName(ofPodspec: $0).map(ModuleNaming.c99Identifier) }).sorted()
    }

    /// The modules a remote package's product supplies, when its checkout's manifest says; nil when unknown. Without
    /// a package (Tuist's `.external(name:)`), the product of that name in any checkout, if only one has it.
    func suppliedModules(ofProduct name: String, package identity: String?) -> [String]? {
        if let identity { return checkoutProducts[identity.lowercased()]?[name] }
        let found = checkoutProducts.values.compactMap { $0[name] }
        return found.count == 1 ? found[0] : nil
    }

    /// The name `import` uses for a module: a project target's module name (its build settings', else its product
    /// name as a C99 identifier), else the module's name as one. The one answer for the module graph and the
    /// type index (`importNames`).
    private static func importName(of module: Module, projectTargets: [String: [String: ProjectTarget]]) -> String {
        guard let project = module.project, module.type != .external else { return ModuleNaming.c99Identifier(module.name) }
        let target = projectTargets[project]?[module.name]
        return target?.moduleName ?? ModuleNaming.c99Identifier(target?.productName ?? module.name)
    }

    /// Module id → the name `import` uses for it (`importName(of:projectTargets:)`).
    static func importNames(_ workspace: WorkspaceModel) -> [String: String] {
        let projectTargets = projectTargets(workspace.projects)
        return Dictionary(
            workspace.modules.map { ($0.id, importName(of: $0, projectTargets: projectTargets)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Project path → target name → target (the first of a name).
    private static func projectTargets(_ projects: [ProjectFacts]) -> [String: [String: ProjectTarget]] {
        var result: [String: [String: ProjectTarget]] = [:]
        for project in projects {
            for target in project.targets where result[project.path]?[target.name] == nil {
                result[project.path, default: [:]][target.name] = target
            }
        }
        return result
    }

    /// The module id of target `name` of the project at `path`.
    func target(named name: String, inProject path: String) -> String? {
        targetsByProject[path]?[name]
    }

    /// The target of the project at `path` that `import name` means.
    func target(moduleNamed name: String, inProject path: String) -> String? {
        projectTargetsByModuleName[path]?[name]
    }

    /// The name `import` uses for a module: a project target's module name (its build settings', else its product
    /// name as a C99 identifier), else the module's name as one.
    func moduleName(of module: Module) -> String {
        projectModuleNames[module.id] ?? ModuleNaming.c99Identifier(module.name)
    }

    /// The scanned package a package reference points at (`LocalPackages`).
    func scannedPackage(_ reference: ProjectPackageReference) -> ProjectFacts? {
        localPackages.package(reference)
    }

    /// Scanned packages that declare a product `name`, by path.
    func scannedPackages(withProduct name: String) -> [ProjectFacts] {
        packagesByProduct[name] ?? []
    }

    /// The project target that builds the linked product `name` (by product name, else by target name): the
    /// target of `project` first, then other projects' by path.
    func target(buildingProduct name: String, preferring project: String) -> String? {
        for candidates in [targetsByProductName[name] ?? [], targetsByTargetName[name] ?? []] {
            if let own = candidates.first(where: { $0.project == project }) { return own.id }
            if let other = candidates.first { return other.id }
        }
        return nil
    }

    /// SwiftPM's identity of a remote package: the URL's last path component without `.git`, lowercased.
    static func packageIdentity(ofURL location: String) -> String {
        var last = location.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? location
        if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
        if let colon = last.lastIndex(of: ":") { last = String(last[last.index(after: colon)...]) }
        return last.lowercased()
    }

    /// The scanned module an `import name` most likely means, when no package context decides: code you can import
    /// first, then the one sharing the most folders with `folder`, the importer's (a repository of several Tuist
    /// workspaces has a `Core` in each: Tuist-Junha), then by id.
    func scannedModule(named name: String, near folder: String? = nil) -> String? {
        guard let candidates = scannedByName[name], candidates.count > 1, let folder else { return scannedByName[name]?.first }
        let bestRank = candidates.compactMap { modulesByID[$0].map { Self.importRank($0.type) } }.min()
        let components = folder.split(separator: "/")
        var best: (id: String, shared: Int)?
        for id in candidates {
            guard let module = modulesByID[id], Self.importRank(module.type) == bestRank else { continue }
            let shared = zip(components, Self.folder(of: module).split(separator: "/")).prefix { $0 == $1 }.count
            if best == nil || shared > best!.shared { best = (id, shared) }
        }
        return best?.id ?? candidates.first
    }

    /// The folder of the project, manifest, sources or first file a module comes from: where it sits in the tree.
    static func folder(of module: Module) -> String {
        if let file = module.project ?? module.manifest ?? (module.path == nil ? module.files.first : nil) {
            return folder(ofFile: file)
        }
        return module.path ?? ""
    }

    /// The folder holding a file (relative, `/`-separated): `""` at the root.
    static func folder(ofFile path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Every scanned module an `import name` may mean.
    func scannedModules(named name: String) -> [String] {
        scannedByName[name] ?? []
    }

    /// Which scanned module wins when several share an import name: code you can import first, tests last.
    private static func importRank(_ type: ModuleType) -> Int {
        switch type {
        case .regular, .systemLibrary, .binary, .framework, .staticLibrary, .dynamicLibrary: 0
        case .config: 1
        case .macro, .executable, .app, .appExtension, .appClip, .watchApp, .tool, .bundle, .other: 2
        case .unassigned: 3
        case .test, .unitTest, .uiTest, .plugin, .external: 4
        }
    }
}
