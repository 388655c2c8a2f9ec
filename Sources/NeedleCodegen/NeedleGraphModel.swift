import ArchlintModel
import Graphs

/// A property as needle's generator sees it: the name, the type exactly as annotated, and whether the
/// generated code may read it (`localTable` entries leave internal ones out).
struct NeedleProperty: Hashable, Sendable {
    var name: String
    var type: String
    var isInternal: Bool
    /// For a requirement (of a Dependency protocol or a plugin extension): the global actor it is isolated to
    /// (its own attribute, its protocol's, or the protocol module's default isolation); written on the witness
    /// in Swift 6 output. Not part of the match.
    var isolation: String? = nil

    /// needle matches a requirement to a provider by name and type text; visibility does not count.
    static func == (lhs: NeedleProperty, rhs: NeedleProperty) -> Bool {
        lhs.name == rhs.name && lhs.type == rhs.type
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
    }
}

/// A Dependency protocol with the properties it requires (`EmptyDependency` has none).
struct NeedleDependency: Hashable, Sendable {
    var name: String
    var properties: [NeedleProperty]
    /// Where each property is declared, for findings.
    var locations: [SourceLocation]
    /// The protocol refines `Sendable`: its provider is `final` and `@unchecked Sendable` in Swift 6 output.
    var isSendable = false

    var isEmptyDependency: Bool { name == "EmptyDependency" }
    static let empty = NeedleDependency(name: "EmptyDependency", properties: [], locations: [])
}

/// One component of the graph needle builds: regular, root, non-core or the core half of a pluginized one.
struct NeedleNode: Sendable {
    var name: String
    var isRoot: Bool
    var isLeaf: Bool
    var properties: [NeedleProperty]
    var dependency: NeedleDependency
    /// Indexes into `NeedleGraphModel.nodes`, in the order needle links them (the parents' order).
    var parents: [Int]
    var location: SourceLocation
    var path: String
}

/// A pluginized component's two companions.
struct NeedlePluginized: Sendable {
    /// Index of the pluginized component itself in `nodes`.
    var node: Int
    /// Index of its non-core component in `nodes`.
    var nonCore: Int
    var pluginExtensionName: String
    var pluginExtensionProperties: [NeedleProperty]
    var pluginExtensionIsSendable = false
}

/// The graph needle's generator builds for one app, in the order it writes it: regular components (and,
/// pluginized, non-core ones after them), then the pluginized components.
struct NeedleGraphModel: Sendable {
    var nodes: [NeedleNode]
    /// How many of `nodes` are regular or non-core; the rest are pluginized components.
    var regularCount: Int
    var pluginized: [NeedlePluginized]
    var imports: [String]
    /// Files whose content feeds the pluginized hash: (name, path) for each dependency protocol and component.
    var hashInputs: [(name: String, path: String)]
}
