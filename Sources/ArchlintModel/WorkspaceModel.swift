/// The kinds of module node, as written in the graph JSON contract: SwiftPM target kinds, what an Xcode,
/// XcodeGen or Tuist target builds, and archlint's own (external, unassigned, config).
public enum ModuleType: String, Codable, Hashable, Sendable, CaseIterable {
    case regular, executable, test, macro, plugin
    case systemLibrary = "system-library"
    case binary, external, unassigned, config
    case app
    case appExtension = "app-extension"
    case appClip = "app-clip"
    case watchApp = "watch-app"
    case framework
    case staticLibrary = "static-library"
    case dynamicLibrary = "dynamic-library"
    case unitTest = "unit-test"
    case uiTest = "ui-test"
    case tool
    case bundle
    /// A product type archlint doesn't know (`ProjectTarget.productTypeIdentifier` says which).
    case other

    /// SwiftPM test targets and Xcode unit and UI test bundles.
    public var isTest: Bool { self == .test || self == .unitTest || self == .uiTest }

    /// Apps, extensions, app clips and watch apps: each is a Needle scope (needle's generator runs once per app).
    public var isApplication: Bool {
        switch self {
        case .app, .appExtension, .appClip, .watchApp: true
        default: false
        }
    }

    /// From an Xcode `productType` (`com.apple.product-type.application`); nil or unknown: `.other`.
    public init(xcodeProductType identifier: String?) {
        let prefix = "com.apple.product-type."
        guard let identifier, identifier.hasPrefix(prefix) else {
            self = .other
            return
        }
        let kind = identifier.dropFirst(prefix.count)
        switch kind {
        case "application", "application.messages": self = .app
        case "application.on-demand-install-capable": self = .appClip
        case "application.watchapp", "application.watchapp2", "application.watchapp2-container": self = .watchApp
        case "framework", "framework.static": self = .framework
        case "library.static": self = .staticLibrary
        case "library.dynamic": self = .dynamicLibrary
        case "bundle.unit-test": self = .unitTest
        case "bundle.ui-testing": self = .uiTest
        case "tool": self = .tool
        case "bundle": self = .bundle
        default:
            self = kind.contains("extension") ? .appExtension : .other
        }
    }
}

/// A module: a SwiftPM target, an Xcode/XcodeGen/Tuist target, a config-mapped module, an unassigned folder, or
/// an external module.
public struct Module: Codable, Hashable, Sendable {
    /// Unique. `Package/Target` for SwiftPM targets, `Project/Target` for project targets (the project's name,
    /// or its path when two projects or packages share a name), `package/Product` for external products, the bare
    /// name for config, unassigned and unknown external modules (system frameworks).
    public var id: String
    public var name: String
    public var package: String?
    /// Relative path of the manifest that declares it.
    public var manifest: String?
    /// The project that declares it (`ProjectFacts.path`: the `.xcodeproj`, `project.yml` or `Project.swift`);
    /// nil for SwiftPM targets and modules no project declares.
    public var project: String?
    public var type: ModuleType
    /// Relative source directory, when it has one.
    public var path: String?
    /// Relative paths of the Swift files it compiles, sorted. A file may be compiled by several modules.
    public var files: [String]
    /// For an external node a declared dependency points at, which SwiftPM would reject.
    public var unresolved: Bool
    /// For an external product: the module names it supplies, when a checkout's manifest says
    /// (`PackageCheckout`); nil when archlint doesn't know them.
    public var suppliedModules: [String]?
    /// A declared external product whose modules archlint doesn't know: a product of a remote package not checked
    /// out, or of a local one that isn't in the checkout. Any import nothing else claims may come from it.
    public var hasUnknownModules: Bool { type == .external && !unresolved && suppliedModules == nil }
    /// Where it is declared (the target's line in its manifest).
    public var declaration: SourceLocation?
    /// What its build settings say about its Swift (language mode, default isolation); nil when unknown.
    public var swiftSettings: SwiftLanguageSettings?
    /// For a test bundle hosted by an app (`ProjectTarget.testHost`): the app's module id, set by the module graph.
    public var testHost: String?
    /// Module ids of the package products its Frameworks phase links without declaring them
    /// (`ProjectTarget.linkedPackageProducts`), set by the module graph: importable, not declared.
    public var linkedUndeclared: [String]?
    /// For a CocoaPods aggregate (`CocoaPods/Pods_App`): the module names of the pods whose podspecs the repository
    /// holds (development pods), the scanned modules it may build; nil for any other node. Its other pods are unknown.
    public var developmentPods: [String]?
    /// True when it compiles Swift files and each declares nothing (`FileFacts.declaresNothing`: a `Dummy.swift`
    /// kept so the target builds), set by the module graph; nil otherwise.
    public var filesDeclareNothing: Bool?

    public init(
        id: String, name: String, package: String? = nil, manifest: String? = nil, project: String? = nil,
        type: ModuleType, path: String? = nil, files: [String] = [], unresolved: Bool = false,
        declaration: SourceLocation? = nil
    ) {
        self.id = id
        self.name = name
        self.package = package
        self.manifest = manifest
        self.project = project
        self.type = type
        self.path = path
        self.files = files
        self.unresolved = unresolved
        self.declaration = declaration
    }
}

/// A scanned Swift file as one module compiles it. A file compiled by several modules (an app and its
/// extension) has one entry per module; the entries share one `FileFacts` (scanned once).
public struct ScannedFile: Codable, Hashable, Sendable {
    public var facts: FileFacts
    /// Module id.
    public var module: String

    public init(facts: FileFacts, module: String) {
        self.facts = facts
        self.module = module
    }

    @inlinable public var path: String { facts.path }
}

/// Everything discovered and scanned under one root: the input of every graph and rule.
public struct WorkspaceModel: Codable, Hashable, Sendable {
    /// The root as given on the command line.
    public var root: String
    /// Packages, Xcode projects, XcodeGen specs, Tuist projects and config-declared targets, sorted by path.
    public var projects: [ProjectFacts]
    /// Modules with sources or declarations (targets, config, unassigned). External modules are added by the
    /// module graph.
    public var modules: [Module]
    /// One entry per (file, module it belongs to), sorted by path then module. Count distinct paths for "files".
    public var files: [ScannedFile]
    /// Diagnostics from discovery and scanning: `unreadable-file`, `manifest-unresolved`, `syntax-error`,
    /// `file-too-complex`.
    public var diagnostics: [Diagnostic]
    /// What discovery skipped by default (templates, vendored and generated folders, external symlinks).
    public var skipped: DiscoverySkips
    /// The `archlint:` comments of project sources, sorted by path: Package.swift, XcodeGen specs and Tuist
    /// manifests (a Swift source's are in its `FileFacts`).
    public var projectSuppressions: [SuppressionComments]
    /// The checkouts of remote packages the manifests and projects depend on, sorted by identity.
    public var packageCheckouts: [PackageCheckout]
    /// What the lockfiles and manifests say about the needle version the apps build with (`NeedleVersions`),
    /// sorted by file.
    public var needleVersions: [NeedleVersionReading] = []
    /// Root-relative paths of the podspecs in the tree (`CocoaPods.isPodspec`), sorted: the pods it develops.
    public var podspecs: [String] = []

    public init(
        root: String, projects: [ProjectFacts] = [], modules: [Module] = [], files: [ScannedFile] = [],
        diagnostics: [Diagnostic] = [], skipped: DiscoverySkips = DiscoverySkips(),
        projectSuppressions: [SuppressionComments] = [], packageCheckouts: [PackageCheckout] = []
    ) {
        self.projectSuppressions = projectSuppressions
        self.packageCheckouts = packageCheckouts
        self.root = root
        self.projects = projects
        self.modules = modules
        self.files = files
        self.diagnostics = diagnostics
        self.skipped = skipped
    }
}
