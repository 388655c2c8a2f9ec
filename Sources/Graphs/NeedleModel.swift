import ArchlintModel

/// Needle components are found through `parent:` wiring; RIBs' own `Component<Dep>` through `init(dependency:)`.
public enum ComponentFlavor: String, Codable, Hashable, Sendable {
    case needle, ribs
}

/// A property a component offers to its descendants.
public struct ComponentProvider: Codable, Hashable, Sendable {
    public var name: String
    /// As written (or inferred from `= X(…)` / `shared { X(…) }`).
    public var type: String
    /// `NeedleTypeText.canonical(type)`: what matching compares.
    public var canonicalType: String
    public var location: SourceLocation
    /// Declared in an extension of the component rather than its body.
    public var isInExtension: Bool
    /// How needle reads it (`NeedleProviderRule`): an internal property of the body provides nothing.
    public var visibility: NeedleVisibility
}

/// A class recognised as a component (Needle or RIBs).
public struct ComponentDecl: Codable, Hashable, Sendable {
    /// The simple name: Needle's names are global, and node ids in the graph.
    public var name: String
    public var qualifiedName: String
    public var location: SourceLocation
    public var module: String
    public var condition: String?
    public var kind: ComponentType
    public var flavor: ComponentFlavor
    /// The superclass as written: `Component<GachaDependency>`, `NeedleFoundation.BootstrapComponent`.
    public var superclass: String
    /// The Dependency protocol named by the first generic argument, without module prefix; nil for roots.
    public var dependency: String?
    /// For pluginized components: the PluginExtension protocol and the non-core component.
    public var pluginExtension: String?
    public var nonCoreComponent: String?
    /// The properties of the body and extensions needle reads (`NeedleProviderRule`), internal ones of the body
    /// included (`visibility`), which needle 0.24 and later don't take.
    public var providers: [ComponentProvider]
}

/// One property a Dependency protocol requires (its own or inherited from another protocol).
public struct DependencyRequirement: Codable, Hashable, Sendable {
    public var name: String
    public var type: String
    public var canonicalType: String
    /// The protocol that declares it (the Dependency protocol itself or one it inherits).
    public var declaredIn: String
    public var location: SourceLocation
    public var module: String
}

/// A protocol that inherits `Dependency`, directly or through other protocols.
public struct DependencyProtocolDecl: Codable, Hashable, Sendable {
    public var name: String
    public var location: SourceLocation
    public var module: String
    public var condition: String?
    public var inheritance: [String]
    /// Own requirements first, then inherited ones; unique by name and canonical type.
    public var requirements: [DependencyRequirement]
}

/// `XComponent(parent: …)`, `.init(parent: …)`, `Feature.XComponent(parent: …)` resolved to a component.
public struct ComponentInstantiation: Codable, Hashable, Sendable {
    public var child: String
    /// The component whose body or extension holds the call; nil elsewhere (app delegate, tests, free functions).
    public var parent: String?
    /// The `parent:` argument text (`self`, `BootstrapComponent()`, `rootComponent`).
    public var parentArgument: String
    public var condition: String?
    public var location: SourceLocation
    public var module: String
}

/// A RIBs builder: `class XBuilder: Builder<XDependency>`.
public struct BuilderDecl: Codable, Hashable, Sendable {
    public var name: String
    public var dependency: String
    public var location: SourceLocation
    public var module: String
}

/// `XBuilder(dependency: c)` with what is statically known about `c`.
public struct BuilderInstantiation: Codable, Hashable, Sendable {
    public var builder: String
    /// The builder's Dependency protocol.
    public var dependency: String
    public var argument: String
    /// The simple type name of the argument when it is statically known.
    public var argumentType: String?
    public var enclosingType: String?
    public var location: SourceLocation
    public var module: String
    /// Where the builder the call means is declared (of several with its name, the one the calling file sees).
    public var builderLocation: SourceLocation?
}
