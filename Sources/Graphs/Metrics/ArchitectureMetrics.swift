import ArchlintModel

/// Robert C. Martin's package metrics for one module, or for a group of modules taken as one unit.
///
/// - Fan-in (Ca) and fan-out (Ce) count modules, as `ModuleCoupling` decides (declared or imported, externals
///   left out, tests not counted as dependants).
/// - Instability I = Ce / (Ca + Ce); 1 when both are 0 (nothing holds the module back).
/// - Abstractness A = protocols / type declarations (classes, structs, enums, actors and protocols, nested ones
///   included, extensions not); 0 without type declarations.
/// - Distance from the main sequence D = |A + I − 1|.
/// - Files and lines: the Swift files the module compiles and their lines (newline count, plus a last line without
///   one); files written by needle's generator are left out of files, lines and types.
/// - Components: Needle (and RIBs) components declared in the module.
public struct CouplingMetrics: Hashable, Sendable {
    public var fanIn: Int
    public var fanOut: Int
    public var types: Int
    public var protocols: Int
    public var files: Int
    public var lines: Int
    public var components: Int

    public init(fanIn: Int = 0, fanOut: Int = 0, types: Int = 0, protocols: Int = 0, files: Int = 0, lines: Int = 0, components: Int = 0) {
        self.fanIn = fanIn
        self.fanOut = fanOut
        self.types = types
        self.protocols = protocols
        self.files = files
        self.lines = lines
        self.components = components
    }

    public var instability: Double { Instability(fanIn: fanIn, fanOut: fanOut).value }
    public var abstractness: Double { types == 0 ? 0 : Double(protocols) / Double(types) }
    public var distance: Double { abs(abstractness + instability - 1) }
}

/// One module's metrics and its place in the architecture.
public struct ModuleMetrics: Hashable, Sendable {
    public var id: String
    public var name: String
    public var type: ModuleType
    public var layer: String?
    /// The feature it belongs to: itself for a feature, the feature of an interface or of a feature's tests.
    public var feature: String?
    public var metrics: CouplingMetrics
}

/// The metrics of a layer or a feature, its production modules taken as one unit: fan-in counts the modules
/// outside the group that depend on one inside, fan-out the modules outside it that one inside depends on;
/// sizes are sums. `meanDistance` is the average of the members' own distances.
public struct GroupMetrics: Hashable, Sendable {
    public var name: String
    /// Member module ids, sorted.
    public var modules: [String]
    public var metrics: CouplingMetrics
    public var meanDistance: Double
}

/// `archlint metrics`: every module of the codebase (externals are not measured), then per layer and per feature.
public struct ArchitectureMetrics: Hashable, Sendable {
    /// Sorted by id.
    public var modules: [ModuleMetrics]
    /// In layer order (top first); only configured layers that hold a production module.
    public var layers: [GroupMetrics]
    /// Sorted by feature name.
    public var features: [GroupMetrics]

    /// - Parameter lineCounts: root-relative path → its number of lines (a file missing here counts 0).
    public init(
        workspace: WorkspaceModel, moduleGraph: ModuleGraph, componentGraph: ComponentGraph,
        classifier: ArchitectureClassifier, lineCounts: [String: Int]
    ) {
        let coupling = ModuleCoupling(moduleGraph)
        var factsByPath: [String: FileFacts] = [:]
        for file in workspace.files where factsByPath[file.path] == nil { factsByPath[file.path] = file.facts }
        // A component counts in every module that compiles its file (`ComponentNode.module` is a name, not an id),
        // once however many Needle scopes list it.
        var modulesByPath: [String: Set<String>] = [:]
        for file in workspace.files { modulesByPath[file.path, default: []].insert(file.module) }
        var componentsByModule: [String: Set<SourceLocation>] = [:]
        for node in componentGraph.nodes {
            for module in modulesByPath[node.file] ?? [] {
                componentsByModule[module, default: []].insert(SourceLocation(file: node.file, line: node.line, column: node.column))
            }
        }

        /// The files a module counts: its own, minus needle's generated ones.
        func countedFiles(of module: Module) -> [String] {
            Set(module.files).filter { !(factsByPath[$0]?.isNeedleGenerated ?? false) }.sorted()
        }
        func sizes(of files: some Sequence<String>, components: Int) -> CouplingMetrics {
            var metrics = CouplingMetrics(components: components)
            for path in files {
                metrics.files += 1
                metrics.lines += lineCounts[path] ?? 0
                for type in factsByPath[path]?.types ?? [] where type.kind != .extension {
                    metrics.types += 1
                    if type.kind == .protocol { metrics.protocols += 1 }
                }
            }
            return metrics
        }

        var modules: [ModuleMetrics] = []
        for module in coupling.modules.values.sorted(by: { $0.id < $1.id }) {
            var metrics = sizes(of: countedFiles(of: module), components: componentsByModule[module.id]?.count ?? 0)
            metrics.fanIn = coupling.fanIn(of: module.id)
            metrics.fanOut = coupling.fanOut(of: module.id)
            let classification = classifier.classification(of: module)
            modules.append(ModuleMetrics(
                id: module.id, name: module.name, type: module.type, layer: classification.layerName,
                feature: classification.feature ?? classification.interfaceOf, metrics: metrics))
        }
        self.modules = modules

        func group(_ name: String, _ members: [ModuleMetrics]) -> GroupMetrics {
            let ids = Set(members.map(\.id))
            let outsideDependants = ids.flatMap { coupling.dependants[$0] ?? [] }
                .filter { !ids.contains($0) && !(coupling.modules[$0]?.type.isTest ?? true) }
            let outsideDependencies = ids.flatMap { coupling.dependencies[$0] ?? [] }.filter { !ids.contains($0) }
            let files = Set(members.flatMap { coupling.modules[$0.id].map(countedFiles) ?? [] })
            var metrics = sizes(of: files, components: members.reduce(0) { $0 + $1.metrics.components })
            metrics.fanIn = Set(outsideDependants).count
            metrics.fanOut = Set(outsideDependencies).count
            let meanDistance = members.isEmpty ? 0 : members.reduce(0) { $0 + $1.metrics.distance } / Double(members.count)
            return GroupMetrics(name: name, modules: ids.sorted(), metrics: metrics, meanDistance: meanDistance)
        }
        let production = modules.filter { !$0.type.isTest }
        layers = classifier.layers.names.compactMap { layer in
            let members = production.filter { $0.layer == layer }
            return members.isEmpty ? nil : group(layer, members)
        }
        features = Dictionary(grouping: production.filter { $0.feature != nil }, by: { $0.feature! })
            .sorted { $0.key < $1.key }
            .map { group($0.key, $0.value) }
    }
}
