import ArchlintModel

/// One manifest dependency entry of a target and the nodes it resolved to (a local product can name several targets).
public struct DeclaredDependency: Hashable, Sendable {
    public var location: SourceLocation
    public var condition: String?
    /// Module ids, sorted.
    public var targets: [String]

    public init(location: SourceLocation, condition: String?, targets: [String]) {
        self.location = location
        self.condition = condition
        self.targets = targets
    }
}

/// Fast lookups over a `ModuleGraph` for rules.
public struct ModuleGraphIndex: Sendable {
    public let graph: ModuleGraph
    private let nodesByID: [String: Module]
    private let outgoingEdges: [String: [ModuleEdge]]
    /// Module id → the ids that declare a dependency on it.
    private let declaringModules: [String: Set<String>]
    /// Module id → the ids that declare a dependency on it or import it.
    private let dependingModules: [String: Set<String>]
    /// Module id → the other targets of its project that compile the same files with the same declared dependencies
    /// (`ThirdParty` and `ThirdParty-QA`, `Twix` and `TwixDebug`): one module built in two configurations.
    private let variantsByID: [String: [String]]

    public init(_ graph: ModuleGraph) {
        self.graph = graph
        nodesByID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        outgoingEdges = Dictionary(grouping: graph.edges, by: \.from)
        declaringModules = graph.edges.filter { $0.kind == .declared && $0.from != $0.to }
            .reduce(into: [:]) { result, edge in result[edge.to, default: []].insert(edge.from) }
        dependingModules = graph.edges.filter { $0.from != $0.to }
            .reduce(into: [:]) { result, edge in result[edge.to, default: []].insert(edge.from) }
        variantsByID = graph.variants()
    }

    /// The other builds of a module: targets of its project with its files and its declared dependencies.
    public func variants(of id: String) -> [String] { variantsByID[id] ?? [] }

    public func node(_ id: String) -> Module? { nodesByID[id] }

    /// The node's name, or the id itself for an edge end that isn't a node.
    public func name(of id: String) -> String { nodesByID[id]?.name ?? id }

    public func edges(from id: String, kind: ModuleEdgeKind? = nil) -> [ModuleEdge] {
        let edges = outgoingEdges[id] ?? []
        guard let kind else { return edges }
        return edges.filter { $0.kind == kind }
    }

    /// Ids a module imports (any condition).
    public func importedModules(of id: String) -> Set<String> {
        Set(edges(from: id, kind: .import).map(\.to))
    }

    /// A module's manifest dependency entries, in manifest order: one per place and condition (`isCI ? "X" : "Y"`
    /// writes two at one place, each under its own condition).
    public func declaredDependencies(of id: String) -> [DeclaredDependency] {
        struct Entry: Hashable { var location: SourceLocation; var condition: String? }
        var entries: [Entry: [String]] = [:]
        for edge in edges(from: id, kind: .declared) {
            for location in edge.locations {
                entries[Entry(location: location, condition: edge.condition), default: []].append(edge.to)
            }
        }
        return entries
            .map { DeclaredDependency(location: $0.key.location, condition: $0.key.condition, targets: $0.value.sorted()) }
            .sorted { ($0.location, $0.condition ?? "") < ($1.location, $1.condition ?? "") }
    }

    /// Modules that declare a dependency on `id` or import it.
    public func directDependants(of id: String) -> Set<String> { dependingModules[id] ?? [] }

    /// Modules that depend on `id`, directly or through their own dependencies.
    public func transitiveDependants(of id: String) -> Set<String> {
        var result: Set<String> = []
        var pending = [id]
        while let current = pending.popLast() {
            for dependant in declaringModules[current] ?? [] where dependant != id && result.insert(dependant).inserted {
                pending.append(dependant)
            }
        }
        return result
    }

    /// `ids` plus every module they re-export with `@_exported import`, transitively.
    public func withReexports(_ ids: some Sequence<String>) -> Set<String> {
        var result = Set<String>()
        var pending = Array(ids)
        while let id = pending.popLast() {
            guard result.insert(id).inserted else { continue }
            pending += edges(from: id, kind: .import).filter(\.exported).map(\.to)
        }
        return result
    }

    /// A digraph of every edge (declared and import) whose kind is in `kinds`.
    public func digraph(kinds: Set<ModuleEdgeKind> = [.declared, .import]) -> Digraph {
        Digraph(
            nodes: graph.nodes.map(\.id),
            edges: graph.edges.filter { kinds.contains($0.kind) }.map { (from: $0.from, to: $0.to) })
    }
}

extension WorkspaceModel {
    /// The target a module was declared by, with its project (its package for a package target).
    public func targetDeclaration(of module: Module) -> (project: ProjectFacts, target: ProjectTarget)? {
        guard let path = module.manifest ?? module.project, let project = projects.first(where: { $0.path == path }),
              let target = project.targets.first(where: { $0.name == module.name })
        else { return nil }
        return (project, target)
    }

    /// Where a module's target is declared: its line in the manifest or project; nil for modules nothing declares.
    public func declarationLocation(of module: Module) -> SourceLocation? {
        if let (project, target) = targetDeclaration(of: module) {
            return SourceLocation(file: target.file ?? project.declarationFile, line: target.line, column: target.column)
        }
        return nil
    }

    /// The dependency name written at `location` in `module`'s own target; nil when none, or when several of its
    /// dependencies share the place (a helper's call site, where the names written are the helper's arguments).
    public func declaredDependencyName(of module: Module, at location: SourceLocation) -> String? {
        guard let (project, target) = targetDeclaration(of: module) else { return nil }
        let file = target.file ?? project.declarationFile
        let written = target.dependencies.filter {
            ($0.file ?? file) == location.file && $0.line == location.line && $0.column == location.column
        }
        return written.count == 1 ? written[0].name : nil
    }

    /// Where helpers wrote the dependencies declared at `location` (a manifest's call of a Tuist helper that fixes
    /// them), sorted; empty when the declaration is written there.
    public func helperSites(of module: Module, at location: SourceLocation) -> [SourceLocation] {
        guard let (project, target) = targetDeclaration(of: module) else { return [] }
        let file = target.file ?? project.declarationFile
        return Set(target.dependencies.filter {
            ($0.file ?? file) == location.file && $0.line == location.line && $0.column == location.column
        }.compactMap(\.writtenAt)).sorted()
    }
}
