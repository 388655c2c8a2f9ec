import ArchlintModel

/// What a `Package.swift` declares, read statically (or from `swift package dump-package`).
public struct ManifestFacts: Codable, Hashable, Sendable {
    /// Relative to the scanned root (`AppPackage/Package.swift`).
    public var path: String
    /// nil when the name can't be resolved (then a `manifest-unresolved` entry says why).
    public var packageName: String?
    public var products: [ProductDecl]
    public var dependencies: [PackageDependencyDecl]
    public var targets: [TargetDecl]
    /// Everything that could not be resolved statically: reported as `manifest-unresolved` warnings.
    public var unresolved: [ProjectIssue]
    /// The manifest's `// archlint:` comments: they suppress findings located in it (a declared dependency).
    public var suppressions: [SuppressionComment]
    /// `// archlint:` comments that are not valid suppressions (kind `malformedSuppression`).
    public var suppressionProblems: [FileProblem]
    /// The package's language mode: its `swiftLanguageModes:` (the highest), else its tools version's.
    public var swiftSettings: SwiftLanguageSettings?

    public init(
        path: String, packageName: String? = nil, products: [ProductDecl] = [],
        dependencies: [PackageDependencyDecl] = [], targets: [TargetDecl] = [], unresolved: [ProjectIssue] = [],
        suppressions: [SuppressionComment] = [], suppressionProblems: [FileProblem] = [],
        swiftSettings: SwiftLanguageSettings? = nil
    ) {
        self.swiftSettings = swiftSettings
        self.path = path
        self.packageName = packageName
        self.products = products
        self.dependencies = dependencies
        self.targets = targets
        self.unresolved = unresolved
        self.suppressions = suppressions
        self.suppressionProblems = suppressionProblems
    }

    /// The same facts read from a manifest at `path` (the cache and `dump-package` give them for any path): its
    /// issues and its language mode name `path`.
    public func relocated(to path: String) -> ManifestFacts {
        var facts = self
        facts.path = path
        if swiftSettings?.source == self.path { facts.swiftSettings?.source = path }
        facts.unresolved = unresolved.map { ProjectIssue(file: path, message: $0.message, line: $0.line, column: $0.column) }
        for index in facts.targets.indices {
            facts.targets[index].unreadDependencies = targets[index].unreadDependencies.map {
                ProjectIssue(file: path, message: $0.message, line: $0.line, column: $0.column)
            }
        }
        return facts
    }

    /// The directory holding the manifest, relative to the scanned root (`""` for the root itself).
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}

public struct ProductDecl: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case library, executable, plugin
    }

    public var name: String
    public var kind: Kind
    public var targets: [String]
    /// `#if`/`if` condition around the declaration, if any.
    public var condition: String?
    public var line: Int
    public var column: Int

    public init(name: String, kind: Kind, targets: [String], condition: String? = nil, line: Int, column: Int) {
        self.name = name
        self.kind = kind
        self.targets = targets
        self.condition = condition
        self.line = line
        self.column = column
    }
}

public struct PackageDependencyDecl: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case url, path, name, registry
    }

    public var kind: Kind
    /// The url, path or registry id as written.
    public var location: String
    /// The package identity SwiftPM uses: an explicit `name:`, else the last path component of the url/path
    /// without `.git`, lowercased (SwiftPM identities are case-insensitive and spelled in lowercase); a registry
    /// id (`mona.LinkedList`) as written. Compare identities case-insensitively.
    public var identity: String
    /// The version requirement as written (`from: "1.0.0"`, `exact: "1.2.3"`, `"1.0.0"..<"2.0.0"`,
    /// `branch: "main"`, `revision: "…"`); nil for `path:` dependencies.
    public var requirement: String?
    public var condition: String?
    public var line: Int
    public var column: Int

    public init(
        kind: Kind, location: String, identity: String, requirement: String? = nil, condition: String? = nil,
        line: Int, column: Int
    ) {
        self.kind = kind
        self.location = location
        self.identity = identity
        self.requirement = requirement
        self.condition = condition
        self.line = line
        self.column = column
    }
}

public enum TargetKind: String, Codable, Hashable, Sendable, CaseIterable {
    case regular, executable, test, macro, plugin
    case systemLibrary = "system-library"
    case binary
}

public struct TargetDecl: Codable, Hashable, Sendable {
    public var name: String
    public var kind: TargetKind
    public var dependencies: [TargetDependencyDecl]
    /// What the reader could not evaluate in this target's `dependencies:`. Each is also one of the manifest's
    /// `unresolved`. Non-empty: `dependencies` is partial, and findings that rest on it are withheld.
    public var unreadDependencies: [ProjectIssue] = []
    /// Custom `path:`, relative to the package directory.
    public var path: String?
    public var exclude: [String]
    /// `sources:`, relative to the target path; nil when not given.
    public var sources: [String]?
    /// `#if` condition around the declaration, if any.
    public var condition: String?
    public var line: Int
    public var column: Int
    /// What its `swiftSettings:` say (language mode, default isolation, concurrency checking); nil for none.
    public var swiftSettings: SwiftLanguageSettings?

    public init(
        name: String, kind: TargetKind, dependencies: [TargetDependencyDecl] = [], path: String? = nil,
        exclude: [String] = [], sources: [String]? = nil, condition: String? = nil, line: Int, column: Int,
        swiftSettings: SwiftLanguageSettings? = nil
    ) {
        self.swiftSettings = swiftSettings
        self.name = name
        self.kind = kind
        self.dependencies = dependencies
        self.path = path
        self.exclude = exclude
        self.sources = sources
        self.condition = condition
        self.line = line
        self.column = column
    }
}

public struct TargetDependencyDecl: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// A string literal or `.byName(name:)`: a target of this package or a product of a dependency.
        case byName
        case target
        case product
    }

    public var kind: Kind
    public var name: String
    /// For `.product(name:package:)`.
    public var package: String?
    /// The `condition:` argument as text (`.when(platforms: [.iOS])`), and/or the enclosing `#if`.
    public var condition: String?
    public var line: Int
    public var column: Int

    public init(kind: Kind, name: String, package: String? = nil, condition: String? = nil, line: Int, column: Int) {
        self.kind = kind
        self.name = name
        self.package = package
        self.condition = condition
        self.line = line
        self.column = column
    }
}
