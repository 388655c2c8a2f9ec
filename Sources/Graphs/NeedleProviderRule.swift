import ArchlintModel

/// How needle's generator reads a property of a component, when it reads it at all.
public enum NeedleVisibility: String, Codable, Hashable, Sendable {
    /// Provides, and `NEEDLE_DYNAMIC`'s `localTable` lists it: a `public` property of the body, or a property of
    /// an extension that is `public` itself or in a `public` extension.
    case provider
    /// An internal property of an extension: provides, and `localTable` leaves it out.
    case internalProvider
    /// An internal property of the component's body: needle 0.17 to 0.23 read it, 0.24 and later leave it out
    /// (uber/needle#459), so with needle 0.25.1 it provides nothing.
    case internalInBody

    /// Whether needle 0.25.1 takes it as a provider.
    public var provides: Bool { self != .internalInBody }
}

/// The one rule for which properties of a component provide dependencies, as needle 0.25.1's generator reads
/// them (`BaseVisitor.visitPost(VariableDeclSyntax)`, `DeclarationsParserTask`, `ComponentExtensionsParserTask`).
/// `missing-dependency` (through `NeedleAnalysis`' providers) and `generate needle` both ask it.
///
/// - A property counts only with a written type annotation (`let x = X()` is no provider for needle).
/// - `private`/`fileprivate` properties, and every property of a `private`/`fileprivate` class or extension,
///   are never read.
/// - The body's properties count only when `public`; an extension's unless hidden (internal ones are left out
///   of `localTable` only).
/// - Static properties are left out: a provider reads the property through the component instance, so the file
///   needle writes for one would not compile.
/// Where needle reads the first modifier only (`override public var` is internal to needle), archlint reads the
/// access level wherever it is written.
public enum NeedleProviderRule {
    /// nil when needle never reads the property.
    public static func visibility(of property: PropertyDecl, in container: TypeDecl) -> NeedleVisibility? {
        guard property.type != nil, !property.isStatic else { return nil }
        if isHidden(property.accessLevel) || isHidden(container.accessLevel) { return nil }
        if container.kind == .extension {
            return property.accessLevel == "public" || container.accessLevel == "public" ? .provider : .internalProvider
        }
        return property.accessLevel == "public" ? .provider : .internalInBody
    }

    static func isHidden(_ accessLevel: String?) -> Bool {
        accessLevel == "private" || accessLevel == "fileprivate"
    }
}
