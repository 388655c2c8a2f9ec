/// What an Xcode target builds, from its `productType`, spelled as module types are in archlint's JSON.
public enum XcodeProductType: String, Codable, Hashable, Sendable, CaseIterable {
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
    /// A product type archlint doesn't know (kept as written in `productTypeIdentifier`).
    case other

    public init(identifier: String?) {
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

    /// Apps, extensions and app clips each get their own Needle scope.
    public var isApplication: Bool {
        switch self {
        case .app, .appExtension, .appClip, .watchApp: true
        default: false
        }
    }

    public var isTest: Bool { self == .unitTest || self == .uiTest }
}

/// A Swift package an Xcode project references.
public struct XcodePackageReference: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// `XCLocalSwiftPackageReference`: `location` is the package folder, relative to the scanned root.
        case local
        /// `XCRemoteSwiftPackageReference`: `location` is the repository URL.
        case remote
    }

    public var kind: Kind
    public var location: String

    public init(kind: Kind, location: String) {
        self.kind = kind
        self.location = location
    }
}

/// One declared dependency of an Xcode target.
public struct XcodeTargetDependency: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// A `PBXTargetDependency`: `name` is the target; `project` the other `.xcodeproj`, nil for this one.
        case target
        /// A `packageProductDependencies` entry: `name` is the product; `package` where it comes from (nil when
        /// the project doesn't say, e.g. a local package added as a folder: resolve the product by name).
        case packageProduct
        /// A framework or library in the Frameworks build phase that another target builds: `name` is the
        /// product's name without its extension (`Core` for `Core.framework`, `Core` for `libCore.a`).
        case linkedProduct
    }

    public var kind: Kind
    public var name: String
    public var project: String?
    public var package: XcodePackageReference?
    public var line: Int
    public var column: Int

    public init(
        kind: Kind, name: String, project: String? = nil, package: XcodePackageReference? = nil, line: Int,
        column: Int
    ) {
        self.kind = kind
        self.name = name
        self.project = project
        self.package = package
        self.line = line
        self.column = column
    }
}

/// An Xcode 16 synchronized folder a target owns: it compiles every Swift file under `path` except `excluded`.
public struct XcodeSynchronizedFolder: Codable, Hashable, Sendable {
    /// Relative to the scanned root.
    public var path: String
    /// Files (or folders) under `path` that this target does not compile, relative to the scanned root.
    public var excluded: [String]

    public init(path: String, excluded: [String]) {
        self.path = path
        self.excluded = excluded
    }
}

/// A `PBXNativeTarget` (or a legacy/aggregate target, which compiles nothing).
public struct XcodeTargetDecl: Codable, Hashable, Sendable {
    public var name: String
    /// `productType` as written (`com.apple.product-type.application`), nil for aggregate and legacy targets.
    public var productTypeIdentifier: String?
    public var type: XcodeProductType
    /// `productName`, which names the built framework when it differs from the target's name.
    public var productName: String?
    /// Swift files of its Sources build phase, relative to the scanned root, sorted, without duplicates.
    public var swiftSources: [String]
    /// Synchronized folders the target owns; their files are listed by discovery, not by the project.
    public var synchronizedFolders: [XcodeSynchronizedFolder]
    /// Files of synchronized folders it does not own that its exception sets add to it (relative to the root).
    public var synchronizedAdditions: [String]
    public var dependencies: [XcodeTargetDependency]
    /// Where the target is declared: its object in `project.pbxproj`, or its key in the spec (`file`).
    public var file: String?
    public var line: Int
    public var column: Int

    public init(
        name: String, productTypeIdentifier: String?, productName: String? = nil, swiftSources: [String] = [],
        synchronizedFolders: [XcodeSynchronizedFolder] = [], synchronizedAdditions: [String] = [],
        dependencies: [XcodeTargetDependency] = [], file: String? = nil, line: Int, column: Int
    ) {
        self.name = name
        self.productTypeIdentifier = productTypeIdentifier
        self.type = XcodeProductType(identifier: productTypeIdentifier)
        self.productName = productName
        self.swiftSources = swiftSources
        self.synchronizedFolders = synchronizedFolders
        self.synchronizedAdditions = synchronizedAdditions
        self.dependencies = dependencies
        self.file = file
        self.line = line
        self.column = column
    }
}

/// Something a project reader could not follow, at its position in the file that says it.
public struct ProjectIssue: Codable, Hashable, Sendable {
    /// Relative to the scanned root (`App.xcodeproj/project.pbxproj`, `project.yml`, an included spec).
    public var file: String
    public var message: String
    public var line: Int
    public var column: Int

    public init(file: String, message: String, line: Int, column: Int) {
        self.file = file
        self.message = message
        self.line = line
        self.column = column
    }
}

/// What one Xcode project declares: a `*.xcodeproj` read from its `project.pbxproj`, or an XcodeGen spec with
/// its includes. Both readers give the same value, so nothing downstream asks which one it came from.
public struct XcodeProjectFacts: Codable, Hashable, Sendable {
    public enum Source: String, Codable, Hashable, Sendable {
        case xcodeproj, xcodegen
    }

    /// The `.xcodeproj` folder or the XcodeGen spec, relative to the scanned root (`Apps/App.xcodeproj`,
    /// `project.yml`).
    public var path: String
    public var source: Source
    public var targets: [XcodeTargetDecl]
    /// Every package the project references, local ones first, each once.
    public var packages: [XcodePackageReference]
    /// What could not be read.
    public var issues: [ProjectIssue]

    public init(
        path: String, source: Source, targets: [XcodeTargetDecl] = [], packages: [XcodePackageReference] = [],
        issues: [ProjectIssue] = []
    ) {
        self.path = path
        self.source = source
        self.targets = targets
        self.packages = packages
        self.issues = issues
    }

    /// The file target positions refer to: `project.pbxproj` inside the folder, or the spec itself.
    public var declarationFile: String { source == .xcodeproj ? path + "/project.pbxproj" : path }
}
