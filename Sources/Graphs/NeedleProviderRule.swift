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
///
/// Which needle the app builds with decides the body's internal properties: needle 0.17 to 0.23 read them too.
/// An app whose lockfiles and manifests (`WorkspaceModel.needleVersions`), or where no lockfile pins a release its
/// committed NeedleGenerated.swift's layout (`NeedleLayout`), say its needle is older than 0.24 gets that needle's
/// rule; where they say 0.24 or later, allow it, disagree or say nothing, needle 0.24's rule holds.
public struct NeedleProviderRule: Hashable, Sendable {
    /// Whether a `internalInBody` property provides (needle before 0.24).
    public let readsInternalBodyProperties: Bool
    /// Which needle archlint assumed and where it read that, for messages: `needle 0.17.2 (Podfile.lock:11)`.
    public let assumption: String
    /// The readings the decision rests on.
    public let readings: [NeedleVersionReading]

    /// The first needle release that reads only `public` body properties (uber/needle#459).
    public static let publicBodyOnly = NeedleVersion(0, 24, 0)

    /// needle 0.25.1's rule, which `generate needle` writes for.
    public static let generator = NeedleProviderRule(
        readsInternalBodyProperties: false, assumption: "needle 0.25.1 (what archlint generates for)", readings: [])

    private init(readsInternalBodyProperties: Bool, assumption: String, readings: [NeedleVersionReading]) {
        self.readsInternalBodyProperties = readsInternalBodyProperties
        self.assumption = assumption
        self.readings = readings
    }

    /// The rule for an app whose lockfiles and manifests say this: the versions every reading allows (a
    /// lockfile's one version, a requirement's range, a generated file's layout) must all be below 0.24 for the
    /// older rule. A lockfile that pins a release outweighs the layout of a file that release may not have written.
    public init(readings: [NeedleVersionReading]) {
        let pinned = readings.contains { $0.kind == .lockfile && $0.lower != nil }
        let readings = pinned ? readings.filter { $0.kind != .generatedFile } : readings
        self.readings = readings
        guard !readings.isEmpty else {
            readsInternalBodyProperties = false
            assumption = "archlint found no needle version for this app (no Podfile.lock, Package.resolved or "
                + "Cartfile.resolved pin, no exact requirement) and assumed needle 0.24 or later"
            return
        }
        let lower = readings.compactMap(\.lower).max()
        let upper = readings.compactMap(\.upper).min()
        let places = readings.map { "\($0.place) (`\($0.written)`)" }
        if let lower, let upper, upper <= lower {
            readsInternalBodyProperties = false
            assumption = "the needle versions archlint read disagree (\(places.joined(separator: ", "))), so it assumed "
                + "needle 0.24 or later"
            return
        }
        if let upper, upper <= Self.publicBodyOnly {
            readsInternalBodyProperties = true
            // Only a generated file's layout bounds the version: the needle that wrote it.
            if let layout = readings.first(where: { $0.kind == .generatedFile }),
               readings.allSatisfy({ $0.kind == .generatedFile || ($0.lower == nil && $0.upper == nil) }) {
                assumption = "the needle that wrote \(layout.file), in \(layout.written)"
                return
            }
            assumption = "needle \(Self.versionText(lower: lower, upper: upper)), read from "
                + readings.map(\.place).joined(separator: ", ")
            return
        }
        readsInternalBodyProperties = false
        let allowing = readings.filter { $0.upper.map { $0 > Self.publicBodyOnly } ?? true }
        let lockfile = readings.first { $0.kind == .lockfile && ($0.lower.map { $0 >= Self.publicBodyOnly } ?? false) }
        if let lockfile, let version = lockfile.lower {
            assumption = "needle \(version), read from \(lockfile.place)"
        } else {
            assumption = "\(allowing.map { "\($0.place) (`\($0.written)`)" }.joined(separator: ", ")) "
                + "allow\(allowing.count == 1 ? "s" : "") needle 0.24 or later, so archlint assumed it"
        }
    }

    private static func versionText(lower: NeedleVersion?, upper: NeedleVersion) -> String {
        guard let lower else { return "below \(upper)" }
        return upper == lower.nextPatch ? "\(lower)" : "\(lower) up to \(upper) (exclusive)"
    }

    /// Whether the app's needle takes a property read this way as a provider.
    public func provides(_ visibility: NeedleVisibility) -> Bool {
        visibility != .internalInBody || readsInternalBodyProperties
    }

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
