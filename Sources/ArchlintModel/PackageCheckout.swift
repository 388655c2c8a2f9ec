/// A remote package's checkout that a build left in the tree (`.build/checkouts`, `SourcePackages/checkouts`,
/// Tuist's `Tuist/.build/checkouts`): discovery skips those folders, and only the manifests of packages a scanned
/// manifest or project depends on are read, to learn which modules each product supplies.
public struct PackageCheckout: Codable, Hashable, Sendable {
    /// The package identity, lowercased (`firebase-ios-sdk`).
    public var identity: String
    /// The checkout's manifest, relative to the scanned root.
    public var manifest: String
    /// Library product name → the module names it puts on the search path: its targets and, transitively, the
    /// targets of the same package they depend on. Only products whose every part the manifest reader followed.
    public var products: [String: [String]]

    public init(identity: String, manifest: String, products: [String: [String]]) {
        self.identity = identity
        self.manifest = manifest
        self.products = products
    }
}
