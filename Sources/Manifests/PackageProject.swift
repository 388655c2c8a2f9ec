import ArchlintModel

/// A Package.swift's facts in the one shape every project has, as XcodeGraph maps a package into a `Project`:
/// its targets with their kinds, layouts and language modes, `dependencies:` as package references, products.
extension ProjectFacts {
    /// - Parameter rootName: the scanned root folder's name: a root package's name when its `name:` is unread.
    public init(package manifest: ManifestFacts, rootName: String) {
        let directory = manifest.directory
        let fallbackName = directory.isEmpty ? rootName : directory.split(separator: "/").last.map(String.init) ?? directory
        self.init(
            path: manifest.path, source: .swiftpm, name: manifest.packageName ?? fallbackName,
            targets: manifest.targets.map { ProjectTarget(package: $0, of: manifest) },
            packages: manifest.dependencies.map { ProjectPackageReference(package: $0, from: directory) },
            issues: manifest.unresolved)
        products = manifest.products.map {
            ProjectProduct(name: $0.name, kind: ProjectProduct.Kind(rawValue: $0.kind.rawValue) ?? .library, targets: $0.targets)
        }
    }
}

extension ModuleType {
    /// A package target's kind as a module type.
    public init(_ kind: TargetKind) {
        switch kind {
        case .regular: self = .regular
        case .executable: self = .executable
        case .test: self = .test
        case .macro: self = .macro
        case .plugin: self = .plugin
        case .systemLibrary: self = .systemLibrary
        case .binary: self = .binary
        }
    }
}

extension ProjectTarget {
    /// A package target: its language mode is its own `swiftSettings:` over the package's, said by the manifest.
    init(package target: TargetDecl, of manifest: ManifestFacts) {
        self.init(
            name: target.name, productTypeIdentifier: nil,
            dependencies: target.dependencies.map(ProjectTargetDependency.init(package:)), line: target.line,
            column: target.column)
        type = ModuleType(target.kind)
        packageLayout = PackageSourceLayout(path: target.path, sources: target.sources, exclude: target.exclude)
        unreadDependencies = target.unreadDependencies
        swiftSettings = (target.swiftSettings?.over(manifest.swiftSettings) ?? manifest.swiftSettings).map { settings in
            var settings = settings
            settings.source = manifest.path
            return settings
        }
    }
}

extension ProjectTargetDependency {
    /// `.target(name:)`, a name, `.product(name:package:)` (without `package:`, a name).
    init(package dependency: TargetDependencyDecl) {
        let kind: Kind = switch dependency.kind {
        case .target: .target
        case .byName: .byName
        case .product: dependency.package == nil ? .byName : .packageProduct
        }
        self.init(kind: kind, name: dependency.name, line: dependency.line, column: dependency.column, condition: dependency.condition)
        packageName = dependency.package
    }
}

extension ProjectPackageReference {
    /// A package dependency; a `path:` one's folder made relative to the scanned root.
    init(package dependency: PackageDependencyDecl, from packageDirectory: String) {
        let kind: Kind = switch dependency.kind {
        case .url: .remote
        case .path: .local
        case .registry, .name: .registry
        }
        let location = kind == .local
            ? ProjectFacts.normalizedPath(joining: packageDirectory, dependency.location) : dependency.location
        self.init(
            kind: kind, location: location, identity: dependency.identity, requirement: dependency.requirement,
            line: dependency.line, column: dependency.column)
        condition = dependency.condition
    }
}
