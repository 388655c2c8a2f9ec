/// The kinds of module node, as written in the graph JSON contract.
public enum ModuleType: String, Codable, Hashable, Sendable {
    case regular, executable, test, macro, plugin
    case systemLibrary = "system-library"
    case binary, external, unassigned, config

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

/// A module: a SwiftPM target, a config-mapped module, an unassigned folder, or an external module.
public struct Module: Codable, Hashable, Sendable {
    /// Unique. `Package/Target` for targets, `package/Product` for external products, the bare name for
    /// config, unassigned and unknown external modules (system frameworks).
    public var id: String
    public var name: String
    public var package: String?
    /// Relative path of the manifest that declares it.
    public var manifest: String?
    public var type: ModuleType
    /// Relative source directory, when it has one.
    public var path: String?
    /// Relative paths of its Swift files, sorted.
    public var files: [String]
    /// For an external node a declared dependency points at, which SwiftPM would reject.
    public var unresolved: Bool
    /// Where it is declared (the target's line in its manifest).
    public var declaration: SourceLocation?

    public init(
        id: String, name: String, package: String? = nil, manifest: String? = nil, type: ModuleType,
        path: String? = nil, files: [String] = [], unresolved: Bool = false, declaration: SourceLocation? = nil
    ) {
        self.id = id
        self.name = name
        self.package = package
        self.manifest = manifest
        self.type = type
        self.path = path
        self.files = files
        self.unresolved = unresolved
        self.declaration = declaration
    }
}

/// A scanned Swift file and the module it belongs to.
public struct ScannedFile: Codable, Hashable, Sendable {
    public var facts: FileFacts
    /// Module id.
    public var module: String

    public init(facts: FileFacts, module: String) {
        self.facts = facts
        self.module = module
    }

    public var path: String { facts.path }
}

/// Everything discovered and scanned under one root: the input of every graph and rule.
public struct WorkspaceModel: Codable, Hashable, Sendable {
    /// The root as given on the command line.
    public var root: String
    public var manifests: [ManifestFacts]
    /// Modules with sources or declarations (targets, config, unassigned). External modules are added by the
    /// module graph.
    public var modules: [Module]
    public var files: [ScannedFile]
    /// Diagnostics from discovery and scanning: `unreadable-file`, `manifest-unresolved`, `syntax-error`,
    /// `file-too-complex`.
    public var diagnostics: [Diagnostic]
    /// What discovery skipped by default (templates, vendored and generated folders, external symlinks).
    public var skipped: DiscoverySkips

    public init(
        root: String, manifests: [ManifestFacts] = [], modules: [Module] = [], files: [ScannedFile] = [],
        diagnostics: [Diagnostic] = [], skipped: DiscoverySkips = DiscoverySkips()
    ) {
        self.root = root
        self.manifests = manifests
        self.modules = modules
        self.files = files
        self.diagnostics = diagnostics
        self.skipped = skipped
    }
}
