import ArchlintModel

/// WorkspaceModel → ModuleGraph: resolves declared dependencies and imports to module nodes.
///
/// A package's names resolve the way SwiftPM does: a target of the same package, else a product of a package
/// dependency. A product of a scanned local (`path:`) package becomes edges to that product's real targets; a product
/// of any other package becomes an external node `<package identity>/<Product>`. A name SwiftPM would reject becomes an
/// external node with `unresolved: true`.
///
/// Other targets (Xcode, XcodeGen, Tuist, config `dependencies:`) resolve the way Xcode does: a target of the same
/// or another project; a package product of a scanned local package to that product's real targets, of a remote
/// package to `<identity>/<Product>`; a linked framework to the project target that builds it (nothing for SDK and
/// binary frameworks; a Pods aggregate to `CocoaPods/Pods_App`); a module by name to a scanned module, else an
/// external node.
///
/// Imports resolve by module name: a target of the importer's package, else a module its target declares, else any
/// scanned module with that name, else an external node named after the module (`UIKit`, `Foundation`). A project
/// target looks at what it declares first (by module name: the product name as a C99 identifier), then at the
/// targets of its own project.
public enum ModuleGraphBuilder {
    public static func build(_ workspace: WorkspaceModel) -> ModuleGraph {
        var builder = Builder(catalog: ModuleCatalog(workspace))
        builder.platforms = platforms(workspace, catalog: builder.catalog)
        for project in workspace.projects.sorted(by: { $0.path < $1.path }) {
            for target in project.targets {
                builder.addDeclaredEdges(of: target, in: project)
            }
        }
        // Sorted indices, not sorted copies of the files.
        for index in workspace.files.indices.sorted(by: { workspace.files[$0].path < workspace.files[$1].path }) {
            builder.addImportEdges(of: workspace.files[index])
        }
        var nodes = workspace.modules
        var declaringSomething = Set<String>(), compiling = Set<String>()
        for file in workspace.files {
            compiling.insert(file.module)
            if !file.facts.declaresNothing { declaringSomething.insert(file.module) }
        }
        for index in nodes.indices where compiling.contains(nodes[index].id) && !declaringSomething.contains(nodes[index].id) {
            nodes[index].filesDeclareNothing = true
        }
        if !builder.linkedUndeclared.isEmpty {
            for index in nodes.indices { nodes[index].linkedUndeclared = builder.linkedUndeclared[nodes[index].id] }
        }
        let hosts = testHosts(workspace, catalog: builder.catalog)
        if !hosts.isEmpty {
            for index in nodes.indices { nodes[index].testHost = hosts[nodes[index].id] }
        }
        nodes += builder.externalNodes.values
        return ModuleGraph(nodes: nodes.sorted { $0.id < $1.id }, edges: builder.sortedEdges())
    }
}

extension ModuleGraphBuilder {
    /// Test module id → the module id of the app it runs in (`ProjectTarget.testHost`, a target of its project).
    static func testHosts(_ workspace: WorkspaceModel, catalog: ModuleCatalog) -> [String: String] {
        var hosts: [String: String] = [:]
        for project in workspace.projects {
            for target in project.targets {
                guard let host = target.testHost, let id = catalog.target(named: target.name, inProject: project.path),
                      let hostID = catalog.target(named: host, inProject: project.path), hostID != id
                else { continue }
                hosts[id] = hostID
            }
        }
        return hosts
    }
}

extension ModuleGraphBuilder {
    /// Module id → the one platform its project target builds for (`ProjectTarget.platform`).
    static func platforms(_ workspace: WorkspaceModel, catalog: ModuleCatalog) -> [String: ApplePlatform] {
        var platforms: [String: ApplePlatform] = [:]
        for project in workspace.projects {
            for target in project.targets {
                guard let platform = target.platform, let id = catalog.target(named: target.name, inProject: project.path)
                else { continue }
                platforms[id] = platform
            }
        }
        return platforms
    }
}

private struct EdgeKey: Hashable {
    var from: String
    var to: String
    var kind: ModuleEdgeKind
    var condition: String?
}

private struct Builder {
    let catalog: ModuleCatalog
    var externalNodes: [String: Module] = [:]
    var edges: [EdgeKey: ModuleEdge] = [:]
    /// Module id → ids its manifest target declares (resolved).
    var declaredTargets: [String: Set<String>] = [:]
    /// (importing module id, imported name) → resolved id: files of one module import the same names.
    var resolvedImports: [ImportKey: String] = [:]
    /// Module name → ids of the external nodes with that name, in insertion order (`externalNodes` by name).
    var externalIDsByName: [String: [String]] = [:]
    /// Module id → (C99 module name → the first of its declared targets, by id, with that name).
    var declaredTargetsByName: [String: [String: String]] = [:]
    /// Module id → the one platform it builds for, where known.
    var platforms: [String: ApplePlatform] = [:]
    /// Module id → ids of the package products it links without declaring them (`Module.linkedUndeclared`).
    var linkedUndeclared: [String: [String]] = [:]
    /// Module id → `reachableNames(of:)`.
    var reachableNamesByModule: [String: Set<String>] = [:]

    struct ImportKey: Hashable {
        var module: String
        var name: String
    }

    init(catalog: ModuleCatalog) {
        self.catalog = catalog
    }

    // MARK: Declared dependencies

    mutating func addDeclaredEdges(of target: ProjectTarget, in project: ProjectFacts) {
        guard let from = catalog.target(named: target.name, inProject: project.path) else { return }
        for dependency in target.dependencies {
            let file = dependency.file ?? target.file ?? project.declarationFile
            let location = SourceLocation(file: file, line: dependency.line, column: dependency.column)
            // A package target naming itself is a cycle SwiftPM rejects: kept, so the cycle is reported.
            for to in resolve(dependency, in: project) where to != from || project.source == .swiftpm {
                declaredTargets[from, default: []].insert(to)
                addEdge(EdgeKey(from: from, to: to, kind: .declared, condition: dependency.condition), at: location)
            }
        }
        // Only scanned targets: an external product is never checked, and resolving one must add no node.
        let (nodes, nodesByName) = (externalNodes, externalIDsByName)
        for product in target.linkedPackageProducts {
            let ids = resolve(product, in: project).filter {
                $0 != from && catalog.modulesByID[$0] != nil && !(linkedUndeclared[from] ?? []).contains($0)
            }
            if !ids.isEmpty { linkedUndeclared[from, default: []] += ids }
        }
        (externalNodes, externalIDsByName) = (nodes, nodesByName)
    }

    private mutating func resolve(_ dependency: ProjectTargetDependency, in project: ProjectFacts) -> [String] {
        let name = dependency.name
        switch dependency.kind {
        case .target:
            let path = dependency.project ?? project.path
            guard let other = ProjectFacts.referenced(path, in: catalog.projectsByPath)
            else { return [unresolvedNode(name: name, package: nil)] }
            if let id = catalog.target(named: name, inProject: other.path) { return [id] }
            // A target that compiles no Swift (resources, C, an aggregate) is no module: nothing to point at. Nor is
            // one of a project archlint couldn't read all the targets of: it may be among those (counted unread).
            if other.targets.contains(where: { $0.name == name }) || !other.unreadTargets.isEmpty { return [] }
            return [unresolvedNode(name: name, package: nil)]
        case .packageProduct:
            if let packageName = dependency.packageName { return resolveProduct(name, package: packageName, in: project) }
            return resolvePackageProduct(name, package: dependency.package, in: project)
        case .byName:
            return resolveByName(name, in: project)
        case .linkedProduct:
            if let producer = dependency.producer, let id = catalog.target(named: producer, inProject: project.path) {
                return [id]
            }
            if let id = catalog.target(buildingProduct: name, preferring: project.path) { return [id] }
            return CocoaPods.isAggregate(productName: name) ? [podsAggregate(named: name)] : []
        case .module:
            if let id = catalog.scannedModule(named: name, near: ModuleCatalog.folder(ofFile: project.path)) { return [id] }
            return [externalProduct(named: name)]
        }
    }

    /// As SwiftPM reads a name: a target of this package, else a product of the same name from a package it
    /// depends on.
    private mutating func resolveByName(_ name: String, in package: ProjectFacts) -> [String] {
        if let id = catalog.target(named: name, inProject: package.path) { return [id] }
        for dependency in package.packages {
            if let scanned = catalog.scannedPackage(dependency), let targets = productTargets(name, in: scanned) {
                return targets
            }
        }
        if let dependency = package.packages.first(where: { $0.identity?.lowercased() == name.lowercased() }),
           let identity = dependency.identity {
            return resolveProduct(name, package: identity, in: package)
        }
        return [unresolvedNode(name: name, package: nil)]
    }

    /// `.product(name:package:)`: `package:` names a dependency by its identity or, when scanned, its name.
    private mutating func resolveProduct(_ name: String, package packageName: String, in package: ProjectFacts) -> [String] {
        let wanted = packageName.lowercased()
        let dependency = package.packages.first { dependency in
            if dependency.identity?.lowercased() == wanted { return true }
            return catalog.scannedPackage(dependency)?.name.lowercased() == wanted
        }
        guard let dependency, let identity = dependency.identity else { return [unresolvedNode(name: name, package: packageName)] }
        guard let scanned = catalog.scannedPackage(dependency) else { return [externalNode(name: name, package: identity)] }
        return productTargets(name, in: scanned) ?? [unresolvedNode(name: name, package: identity)]
    }

    /// The module ids of a scanned package's product; nil when it has no such product.
    private func productTargets(_ product: String, in package: ProjectFacts) -> [String]? {
        guard let declaration = package.products.first(where: { $0.name == product }) else { return nil }
        return declaration.targets.compactMap { catalog.target(named: $0, inProject: package.path) }
    }

    /// A product of a scanned local package resolves to its targets; of a remote package to `<identity>/<Product>`;
    /// without a package, to a scanned package's product of that name, else to the package another entry of this
    /// project names for it (a product listed twice, once without its package), else to an external node.
    private mutating func resolvePackageProduct(_ name: String, package: ProjectPackageReference?, in project: ProjectFacts) -> [String] {
        switch (package?.kind, package?.location) {
        case let (.local?, location?):
            if let package, let scanned = catalog.scannedPackage(package) {
                return productTargets(name, in: scanned) ?? [unresolvedNode(name: name, package: scanned.name)]
            }
            return [externalNode(name: name, package: LocalPackages.identity(ofLocalPath: location))]
        case let (.remote?, location?):
            return [externalNode(name: name, package: ModuleCatalog.packageIdentity(ofURL: location))]
        default:
            let local = project.packages.filter { $0.kind == .local }.compactMap { catalog.scannedPackage($0) }
            for package in local + catalog.scannedPackages(withProduct: name) {
                if let targets = productTargets(name, in: package) { return targets }
            }
            let named = project.targets.lazy.flatMap(\.dependencies)
                .first { $0.kind == .packageProduct && $0.name == name && $0.package != nil }?.package
            if let named { return resolvePackageProduct(name, package: named, in: project) }
            return [externalProduct(named: name)]
        }
    }

    // MARK: Imports

    mutating func addImportEdges(of file: ScannedFile) {
        for declaration in file.facts.imports {
            if let condition = declaration.condition, condition.contains("canImport(") || condition.contains("os(") {
                let reachable = reachableNames(of: file.module)
                let builtElsewhere = modulesOfAnotherPlatform(than: file.module)
                let canImport = { (name: String) -> Bool? in
                    reachable.contains(name) ? true : builtElsewhere(name) ? false : nil
                }
                if ImportCondition.isFalse(condition, platform: platforms[file.module], canImport: canImport) { continue }
            }
            let key = ImportKey(module: file.module, name: declaration.module)
            let to: String
            if let resolved = resolvedImports[key] {
                to = resolved
            } else {
                to = resolveImport(declaration.module, from: file.module)
                resolvedImports[key] = to
            }
            guard to != file.module else { continue }
            let location = SourceLocation(file: file.path, line: declaration.line, column: declaration.column)
            addEdge(
                EdgeKey(from: file.module, to: to, kind: .import, condition: declaration.condition), at: location,
                exported: declaration.isExported, testable: declaration.isTestable)
        }
    }

    private mutating func resolveImport(_ name: String, from moduleID: String) -> String {
        let importer = catalog.modulesByID[moduleID]
        // A file importing its own module: Swift ignores the import (targets of one module name per platform).
        if let importer, catalog.moduleName(of: importer) == name { return moduleID }
        if let package = importer?.manifest, let id = catalog.target(named: name, inProject: package) { return id }
        if let id = declaredTargetByName(moduleID)[name] { return id }
        if let project = importer?.project, let id = catalog.target(moduleNamed: name, inProject: project) { return id }
        if let id = catalog.scannedModule(named: name, near: importer.map(ModuleCatalog.folder)) { return id }
        let externals = (externalIDsByName[name] ?? []).filter { externalNodes[$0]?.unresolved == false }.sorted()
        if let id = externals.first(where: { declaredBySamePackage($0, importer: importer) }) ?? externals.first {
            return id
        }
        if let existing = externalNodes[name] { return existing.id }
        return externalNode(id: name, module: Module(id: name, name: name, type: .external))
    }

    /// The module names a module can import because its declared dependencies, direct or not, build them first:
    /// what makes `canImport(X)` true for it (`ImportCondition`). Its own name is among them.
    private mutating func reachableNames(of moduleID: String) -> Set<String> {
        if let known = reachableNamesByModule[moduleID] { return known }
        var seen: Set<String> = [moduleID]
        var stack = [moduleID]
        while let id = stack.popLast() {
            for next in declaredTargets[id] ?? [] where seen.insert(next).inserted { stack.append(next) }
        }
        let names = Set(seen.compactMap { moduleName(of: $0) })
        reachableNamesByModule[moduleID] = names
        return names
    }

    /// Whether every module of the workspace called `name` builds for one platform other than `moduleID`'s:
    /// `canImport(name)` is then false there (`#if canImport(Networking)` in a watchOS target, Networking iOS only).
    private func modulesOfAnotherPlatform(than moduleID: String) -> (String) -> Bool {
        guard let platform = platforms[moduleID] else { return { _ in false } }
        return { [catalog, platforms] name in
            // Files no target compiles are no module a build makes.
            let candidates = catalog.scannedModules(named: name).filter { catalog.modulesByID[$0]?.type != .unassigned }
            return !candidates.isEmpty && candidates.allSatisfy { platforms[$0].map { $0 != platform } ?? false }
        }
    }

    /// Declared edges are all added before any import is resolved, so each module's map is built once.
    private mutating func declaredTargetByName(_ moduleID: String) -> [String: String] {
        if let known = declaredTargetsByName[moduleID] { return known }
        var byName: [String: String] = [:]
        for id in (declaredTargets[moduleID] ?? []).sorted() {
            guard let name = moduleName(of: id), byName[name] == nil else { continue }
            byName[name] = id
        }
        // A product whose checkout says which modules it supplies is imported by those names.
        for id in (declaredTargets[moduleID] ?? []).sorted() {
            for name in externalNodes[id]?.suppliedModules ?? [] where byName[name] == nil { byName[name] = id }
        }
        declaredTargetsByName[moduleID] = byName
        return byName
    }

    /// True when a target of the importer's manifest or project declares a dependency on external node `id`.
    private func declaredBySamePackage(_ id: String, importer: Module?) -> Bool {
        if let manifest = importer?.manifest {
            return declaredTargets.contains { from, targets in
                targets.contains(id) && catalog.modulesByID[from]?.manifest == manifest
            }
        }
        guard let project = importer?.project else { return false }
        return declaredTargets.contains { from, targets in
            targets.contains(id) && catalog.modulesByID[from]?.project == project
        }
    }

    private func moduleName(of id: String) -> String? {
        if let module = catalog.modulesByID[id] { return catalog.moduleName(of: module) }
        return externalNodes[id].map { ModuleNaming.c99Identifier($0.name) }
    }

    // MARK: Nodes and edges

    /// A product of a package archlint didn't scan, with the modules a checkout says it supplies.
    private mutating func externalNode(name: String, package: String) -> String {
        let id = "\(package)/\(name)"
        var module = Module(id: id, name: name, package: package, type: .external)
        module.suppliedModules = catalog.suppliedModules(ofProduct: name, package: package)
        return externalNode(id: id, module: module)
    }

    /// The Pods aggregate `name` no target builds (`pod install` generates it): `CocoaPods/Pods_App`, with the
    /// development pods of the repository.
    private mutating func podsAggregate(named name: String) -> String {
        var module = Module(id: "\(CocoaPods.aggregatePackage)/\(name)", name: name, package: CocoaPods.aggregatePackage, type: .external)
        module.developmentPods = catalog.developmentPods
        return externalNode(id: module.id, module: module)
    }

    /// A product or module named without its package (a Tuist `.external(name:)`, a config dependency).
    private mutating func externalProduct(named name: String) -> String {
        var module = Module(id: name, name: name, type: .external)
        module.suppliedModules = catalog.suppliedModules(ofProduct: name, package: nil)
        return externalNode(id: name, module: module)
    }

    private mutating func unresolvedNode(name: String, package: String?) -> String {
        let id = package.map { "\($0)/\(name)" } ?? name
        return externalNode(id: id, module: Module(id: id, name: name, package: package, type: .external, unresolved: true))
    }

    /// Adds an external node under `id`, or under a suffixed id when a scanned module already uses `id`.
    private mutating func externalNode(id: String, module: Module) -> String {
        var module = module
        var id = id
        while catalog.modulesByID[id] != nil { id += " (external)" }
        module.id = id
        if let existing = externalNodes[id] {
            if module.unresolved && !existing.unresolved { externalNodes[id]?.unresolved = true }
            if existing.suppliedModules == nil, let supplied = module.suppliedModules { externalNodes[id]?.suppliedModules = supplied }
        } else {
            externalNodes[id] = module
            externalIDsByName[module.name, default: []].append(id)
        }
        return id
    }

    private mutating func addEdge(_ key: EdgeKey, at location: SourceLocation, exported: Bool = false, testable: Bool = false) {
        // Mutated in place, one hash: copying the edge out would copy its (often thousands of) locations.
        if let index = edges.index(forKey: key) {
            edges.values[index].locations.append(location)
            if exported { edges.values[index].exported = true }
            if !testable { edges.values[index].testable = false }
        } else {
            edges[key] = ModuleEdge(
                from: key.from, to: key.to, kind: key.kind, condition: key.condition, locations: [location],
                exported: exported, testable: testable)
        }
    }

    func sortedEdges() -> [ModuleEdge] {
        edges.values.map { edge in
            var edge = edge
            // Imports arrive in file and line order, so most lists are sorted and unique already.
            if !zip(edge.locations, edge.locations.dropFirst()).allSatisfy({ $0 < $1 }) {
                edge.locations = Array(Set(edge.locations)).sorted()
            }
            return edge
        }.sorted { lhs, rhs in
            if lhs.from != rhs.from { return lhs.from < rhs.from }
            if lhs.to != rhs.to { return lhs.to < rhs.to }
            if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
            return (lhs.condition == nil ? 0 : 1, lhs.condition ?? "") < (rhs.condition == nil ? 0 : 1, rhs.condition ?? "")
        }
    }
}
