import ArchlintModel

extension ManifestFacts {
    /// Each library product and the modules it supplies (`PackageCheckout.products`); nothing when the reader could not
    /// evaluate part of the manifest (a product or dependency it dropped would be missed).
    public var librarySupplies: [String: [String]] {
        guard unresolved.isEmpty else { return [:] }
        let targets = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [String: [String]] = [:]
        for product in products where product.kind == .library && result[product.name] == nil {
            var seen: Set<String> = []
            var pending = product.targets
            while let name = pending.popLast() {
                guard let target = targets[name], seen.insert(name).inserted else { continue }
                for dependency in target.dependencies where dependency.kind != .product {
                    pending.append(dependency.name)
                }
            }
            result[product.name] = seen.map(ModuleNaming.c99Identifier).sorted()
        }
        return result
    }
}
