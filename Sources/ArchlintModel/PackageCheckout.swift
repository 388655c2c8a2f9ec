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

    /// The products of a checkout's manifest and the modules each supplies; nothing when the reader could not
    /// evaluate part of the manifest (a product or dependency it dropped would be missed).
    public static func products(of manifest: ManifestFacts) -> [String: [String]] {
        guard manifest.unresolved.isEmpty else { return [:] }
        let targets = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [String: [String]] = [:]
        for product in manifest.products where product.kind == .library && result[product.name] == nil {
            var seen: Set<String> = []
            var pending = product.targets
            while let name = pending.popLast() {
                guard let target = targets[name], seen.insert(name).inserted else { continue }
                for dependency in target.dependencies where dependency.kind != .product {
                    pending.append(dependency.name)
                }
            }
            result[product.name] = seen.map(c99Name).sorted()
        }
        return result
    }

    /// SwiftPM's module name for a target name: characters that can't appear in an identifier become `_`.
    public static func c99Name(_ name: String) -> String { ModuleNaming.c99Identifier(name) }
}
