public enum ModuleEdgeKind: String, Codable, Hashable, Sendable {
    case declared, `import`
}

/// An edge of the module graph. Import edges carry every file:line:column that creates them.
/// One edge per (from, to, kind, condition).
public struct ModuleEdge: Codable, Hashable, Sendable {
    public var from: String
    public var to: String
    public var kind: ModuleEdgeKind
    public var condition: String?
    public var locations: [SourceLocation]
    /// For import edges: true when at least one import is `@_exported`.
    public var exported: Bool
    /// For import edges: true when every import is `@testable`.
    public var testable: Bool

    public init(
        from: String, to: String, kind: ModuleEdgeKind, condition: String? = nil, locations: [SourceLocation] = [],
        exported: Bool = false, testable: Bool = false
    ) {
        self.from = from
        self.to = to
        self.kind = kind
        self.condition = condition
        self.locations = locations
        self.exported = exported
        self.testable = testable
    }
}

public struct ModuleGraph: Codable, Hashable, Sendable {
    public var nodes: [Module]
    public var edges: [ModuleEdge]

    public init(nodes: [Module] = [], edges: [ModuleEdge] = []) {
        self.nodes = nodes
        self.edges = edges
    }

    /// The other builds of each module: targets of its project with its files and its declared dependencies
    /// (`Core-Dev` beside `Core`, `ThirdParty-QA` beside `ThirdParty`), by module id.
    public func variants() -> [String: [String]] {
        let declared = edges.filter { $0.kind == .declared }.reduce(into: [String: Set<String>]()) { result, edge in
            result[edge.from, default: []].insert(edge.to)
        }
        struct Build: Hashable { var project: String; var files: [String]; var declared: Set<String> }
        var groups: [Build: [String]] = [:]
        for module in nodes where module.type != .external && !module.files.isEmpty {
            guard let project = module.project else { continue }
            groups[Build(project: project, files: module.files.sorted(), declared: declared[module.id] ?? []), default: []]
                .append(module.id)
        }
        var result: [String: [String]] = [:]
        for ids in groups.values where ids.count > 1 {
            for id in ids { result[id] = ids.filter { $0 != id }.sorted() }
        }
        return result
    }
}

public enum ComponentType: String, Codable, Hashable, Sendable {
    case root, component
    case nonCore = "non-core"
    case pluginized
}

public struct ProvidedProperty: Codable, Hashable, Sendable {
    public var name: String
    public var type: String
    public var line: Int
    public var file: String

    public init(name: String, type: String, file: String, line: Int) {
        self.name = name
        self.type = type
        self.file = file
        self.line = line
    }
}

public struct ComponentNode: Codable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var module: String?
    public var file: String
    public var line: Int
    public var column: Int
    public var type: ComponentType
    /// The Dependency protocol name; nil for roots.
    public var dependency: String?
    public var provides: [ProvidedProperty]
    /// The Needle scope (app) it belongs to: the app's module id, or the root component's name for components
    /// outside every app; nil when the graph has a single scope.
    public var scope: String?

    public init(
        id: String, name: String, module: String?, file: String, line: Int, column: Int, type: ComponentType,
        dependency: String?, provides: [ProvidedProperty], scope: String? = nil
    ) {
        self.scope = scope
        self.id = id
        self.name = name
        self.module = module
        self.file = file
        self.line = line
        self.column = column
        self.type = type
        self.dependency = dependency
        self.provides = provides
    }
}

public struct ComponentEdge: Codable, Hashable, Sendable {
    public var from: String
    public var to: String
    /// `parent` for Needle's parent → child instantiation.
    public var kind: String
    public var file: String
    public var line: Int
    public var column: Int
    public var condition: String?
    /// As `ComponentNode.scope`.
    public var scope: String?

    public init(
        from: String, to: String, kind: String = "parent", file: String, line: Int, column: Int, condition: String? = nil,
        scope: String? = nil
    ) {
        self.scope = scope
        self.from = from
        self.to = to
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.condition = condition
    }
}

/// One Dependency property resolved along one root → component path.
public struct DependencyResolution: Codable, Hashable, Sendable {
    public var component: String
    public var path: [String]
    public var property: String
    public var type: String
    /// The providing ancestor; nil when no ancestor on the path provides it.
    public var provider: String?
    /// As `ComponentNode.scope`.
    public var scope: String?

    public init(
        component: String, path: [String], property: String, type: String, provider: String?, scope: String? = nil
    ) {
        self.scope = scope
        self.component = component
        self.path = path
        self.property = property
        self.type = type
        self.provider = provider
    }
}

public struct ComponentGraph: Codable, Hashable, Sendable {
    public var nodes: [ComponentNode]
    public var edges: [ComponentEdge]
    public var resolutions: [DependencyResolution]

    public init(nodes: [ComponentNode] = [], edges: [ComponentEdge] = [], resolutions: [DependencyResolution] = []) {
        self.nodes = nodes
        self.edges = edges
        self.resolutions = resolutions
    }
}
