// What a project reader (Package.swift, Xcode project, XcodeGen spec, Tuist manifests, config `modules:`) says
// about how targets are built. Every reader produces these values, so nothing downstream asks which one a target came from.

/// A Swift package a project references (a package's `dependencies:`).
public struct ProjectPackageReference: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// `XCLocalSwiftPackageReference`, `.package(path:)`: `location` is the package folder, relative to the
        /// scanned root.
        case local
        /// `XCRemoteSwiftPackageReference`, `.package(url:)`: `location` is the repository URL.
        case remote
        /// `.package(id:)`: `location` is the registry id.
        case registry
    }

    public var kind: Kind
    public var location: String
    /// The identity a Package.swift gives it (its `name:`, else SwiftPM's derived one); nil from other projects.
    public var identity: String?
    /// A Package.swift's version requirement as written (`from: "1.0.0"`, `exact: "1.2.3"`); nil otherwise.
    public var requirement: String?
    /// Where a Package.swift declares it; nil from other projects.
    public var line: Int?
    public var column: Int?
    /// The condition a Package.swift adds it under (`FileManager.default.fileExists(…)`); nil when always.
    public var condition: String?

    public init(
        kind: Kind, location: String, identity: String? = nil, requirement: String? = nil, line: Int? = nil,
        column: Int? = nil
    ) {
        self.kind = kind
        self.location = location
        self.identity = identity
        self.requirement = requirement
        self.line = line
        self.column = column
    }
}

/// One declared dependency of a project target.
public struct ProjectTargetDependency: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// A `PBXTargetDependency`: `name` is the target; `project` the other `.xcodeproj`, nil for this one.
        case target
        /// A `packageProductDependencies` entry: `name` is the product; `package` where it comes from (nil when
        /// the project doesn't say, e.g. a local package added as a folder: resolve the product by name). From a
        /// Package.swift, `.product(name:package:)`: `packageName` is its `package:`.
        case packageProduct
        /// A framework or library in the Frameworks build phase that another target builds: `name` is the
        /// product's name without its extension (`Core` for `Core.framework`, `Core` for `libCore.a`).
        case linkedProduct
        /// A module named directly (config `dependencies:`, Tuist `.external(name:)`): a scanned module with that
        /// name, else an external one.
        case module
        /// A Package.swift's string or `.byName(name:)`: a target of this package, else a product of a package it
        /// depends on.
        case byName
    }

    public var kind: Kind
    public var name: String
    /// For `.target`: the other project (its `.xcodeproj`, spec or `Project.swift` folder, relative to the root);
    /// nil for the same project.
    public var project: String?
    public var package: ProjectPackageReference?
    /// For a Package.swift's `.packageProduct`: the package as `package:` names it (an identity or a name).
    public var packageName: String?
    /// Where the dependency is declared; nil: the target's own file.
    public var file: String?
    public var line: Int
    public var column: Int
    /// The condition it is declared under (a Tuist environment branch, a Package.swift's `condition:` or `#if`),
    /// as written.
    public var condition: String?
    /// For `.linkedProduct`: the target of the same project whose product file it is (an Xcode product
    /// reference), which decides between targets building products of one name (`Shared.framework` for iOS and
    /// watchOS); nil when the project doesn't say.
    public var producer: String?
    /// Where a Tuist helper wrote it, when it is declared at the manifest's call of that helper (a list the helper
    /// fixes, not one the manifest passes in): the line to edit. Nil otherwise.
    public var writtenAt: SourceLocation?

    public init(
        kind: Kind, name: String, project: String? = nil, package: ProjectPackageReference? = nil,
        file: String? = nil, line: Int, column: Int, condition: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.project = project
        self.package = package
        self.file = file
        self.line = line
        self.column = column
        self.condition = condition
    }
}

/// An Xcode 16 synchronized folder a target owns: it compiles every Swift file under `path` except `excluded`.
public struct SynchronizedFolder: Codable, Hashable, Sendable {
    /// Relative to the scanned root.
    public var path: String
    /// Files (or folders) under `path` that this target does not compile, relative to the scanned root.
    public var excluded: [String]

    public init(path: String, excluded: [String]) {
        self.path = path
        self.excluded = excluded
    }
}

/// Where a Package.swift target's files are: SwiftPM's conventions with its `path:`, `sources:` and `exclude:`.
public struct PackageSourceLayout: Codable, Hashable, Sendable {
    /// Custom `path:`, relative to the package directory.
    public var path: String?
    /// `sources:`, relative to the target path; nil when not given.
    public var sources: [String]?
    public var exclude: [String]

    public init(path: String? = nil, sources: [String]? = nil, exclude: [String] = []) {
        self.path = path
        self.sources = sources
        self.exclude = exclude
    }
}

/// A package's product: the targets a dependant gets through `.product(name:package:)`.
public struct ProjectProduct: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case library, executable, plugin
    }

    public var name: String
    public var kind: Kind
    public var targets: [String]

    public init(name: String, kind: Kind, targets: [String]) {
        self.name = name
        self.kind = kind
        self.targets = targets
    }
}

/// A target of a project: a Package.swift target, a `PBXNativeTarget` (or a legacy/aggregate target, which
/// compiles nothing), an XcodeGen or Tuist target, or a config `modules:` entry that declares `type:` or
/// `dependencies:`.
public struct ProjectTarget: Codable, Hashable, Sendable {
    public var name: String
    /// `productType` as written (`com.apple.product-type.application`), nil for aggregate and legacy targets.
    public var productTypeIdentifier: String?
    public var type: ModuleType
    /// `productName`, which names the built framework when it differs from the target's name.
    public var productName: String?
    /// The name `import` uses, from the target's build settings (`PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` as a
    /// C99 identifier, through xcconfig files and `$(VAR)` substitution); nil when the reader read no build
    /// settings (the module name is then the product's or the target's name as a C99 identifier).
    public var moduleName: String?
    /// The Swift settings of its default configuration (`SWIFT_VERSION`, `SWIFT_DEFAULT_ACTOR_ISOLATION`,
    /// `SWIFT_STRICT_CONCURRENCY`), read as its module name is; nil when the reader read no build settings.
    public var swiftSettings: SwiftLanguageSettings?
    /// Swift files of its Sources build phase, relative to the scanned root, sorted, without duplicates.
    public var swiftSources: [String]
    /// A Package.swift target's layout: it compiles what SwiftPM's conventions put in it; nil for other targets.
    public var packageLayout: PackageSourceLayout?
    /// Synchronized folders the target owns; their files are listed by discovery, not by the project.
    public var synchronizedFolders: [SynchronizedFolder]
    /// Files of synchronized folders it does not own that its exception sets add to it (relative to the root).
    public var synchronizedAdditions: [String]
    public var dependencies: [ProjectTargetDependency]
    /// What the reader could not evaluate in this target's dependency list: one of the project's `issues` (a
    /// `manifest-unresolved`), or where a value it reported elsewhere landed in the list. Non-empty: `dependencies` is partial, and findings that rest on the
    /// target's declarations are withheld (`DeclarationCompleteness`).
    public var unreadDependencies: [ProjectIssue] = []
    /// Package products its Frameworks phase links (a build file's `productRef`) that `packageProductDependencies`
    /// doesn't list: the target may import them, but they are not declared dependencies (unused-dependency never
    /// reports them). Xcode projects only.
    public var linkedPackageProducts: [ProjectTargetDependency] = []
    /// Modules whose classes its Info.plist names for the system to load (`NSExtensionPrincipalClass`:
    /// `PocketStickerKit.MessagesViewController`): used without an import. Xcode projects and XcodeGen specs.
    public var principalClassModules: [String] = []
    /// Modules its Objective-C and C sources, bridging header and their local headers import (`@import Kit;`,
    /// `#import <Kit/Kit.h>`): used without a Swift import. Xcode projects only.
    public var objectiveCImports: [String] = []
    /// For a test bundle that runs inside an app (`TEST_HOST`/`BUNDLE_LOADER`, or the app XcodeGen and Tuist make
    /// a unit-test target's host): that app, a target of the same project, by name. The bundle is linked into the
    /// app, so it may import the app and what the app links without declaring them.
    public var testHost: String?
    /// The one platform the target builds for, when its settings name exactly one (`SDKROOT`, XcodeGen's
    /// `platform:`); nil when they name several or can't be read. A module built for another platform is never
    /// `canImport`-able from it.
    public var platform: ApplePlatform?
    /// Where the target is declared: its object in `project.pbxproj`, or its key in the spec (`file`).
    public var file: String?
    public var line: Int
    public var column: Int

    public init(
        name: String, productTypeIdentifier: String?, productName: String? = nil, swiftSources: [String] = [],
        synchronizedFolders: [SynchronizedFolder] = [], synchronizedAdditions: [String] = [],
        dependencies: [ProjectTargetDependency] = [], file: String? = nil, line: Int, column: Int
    ) {
        self.name = name
        self.productTypeIdentifier = productTypeIdentifier
        self.type = ModuleType(xcodeProductType: productTypeIdentifier)
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

/// An Apple platform family: a device SDK and its simulator are one (`iphoneos`, `iphonesimulator`).
public enum ApplePlatform: String, Codable, Hashable, Sendable {
    case iOS, macOS, tvOS, watchOS, visionOS

    /// From an SDK name as `SDKROOT` and `SUPPORTED_PLATFORMS` write it; nil for anything else (`auto`, `driverkit`).
    public init?(sdk: String) {
        switch sdk {
        case "iphoneos", "iphonesimulator": self = .iOS
        case "macosx": self = .macOS
        case "appletvos", "appletvsimulator": self = .tvOS
        case "watchos", "watchsimulator": self = .watchOS
        case "xros", "xrsimulator": self = .visionOS
        default: return nil
        }
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

/// What one project declares: a `Package.swift` evaluated statically, a `*.xcodeproj` read from its
/// `project.pbxproj`, an XcodeGen spec with its includes, a Tuist `Project.swift` evaluated statically, or the
/// config's `modules:` entries. Every reader gives
/// the same value, so nothing downstream asks which one it came from.
public struct ProjectFacts: Codable, Hashable, Sendable {
    public enum Source: String, Codable, Hashable, Sendable {
        /// A `Package.swift` (`ProjectFacts(package:rootName:)`); its targets' ids are prefixed by the package.
        case swiftpm
        case xcodeproj, xcodegen, tuist
        /// Config `modules:` entries with `type:` or `dependencies:` (`path` is the config file).
        case config
    }

    /// The `Package.swift`, the `.xcodeproj` folder, the XcodeGen spec or Tuist's `Project.swift`, relative to the
    /// scanned root (`Apps/App.xcodeproj`, `project.yml`, `Projects/Feature/Project.swift`). Module nodes carry it
    /// as `project` (`manifest` for a package).
    public var path: String
    /// The project's name (`App` for `App.xcodeproj`, XcodeGen's, Tuist's and a package's `name:`); prefixes
    /// module ids.
    public var name: String
    public var source: Source
    public var targets: [ProjectTarget]
    /// Every package the project references, local ones first, each once; a package's `dependencies:` in order.
    public var packages: [ProjectPackageReference]
    /// A package's products; empty for other projects, whose targets are their products.
    public var products: [ProjectProduct] = []
    /// What could not be read.
    public var issues: [ProjectIssue]
    /// What the reader could not evaluate in the project's list of targets (a helper call it could not follow):
    /// non-empty means targets may be missing, so no target of this project has a complete picture of what
    /// links it. Each is one of `issues`, or where a value reported elsewhere landed in the list.
    public var unreadTargets: [ProjectIssue] = []

    public init(
        path: String, source: Source, name: String? = nil, targets: [ProjectTarget] = [], packages: [ProjectPackageReference] = [],
        issues: [ProjectIssue] = []
    ) {
        self.path = path
        self.source = source
        self.name = name ?? ProjectFacts.defaultName(path: path)
        self.targets = targets
        self.packages = packages
        self.issues = issues
    }

    /// The file target positions refer to: `project.pbxproj` inside the folder, or the spec itself.
    public var declarationFile: String { source == .xcodeproj ? path + "/project.pbxproj" : path }

    /// `App` for `Apps/App.xcodeproj`; the folder's name for a spec or manifest (`Apps` for `Apps/project.yml`).
    public static func defaultName(path: String) -> String {
        let components = path.split(separator: "/")
        guard let last = components.last else { return path }
        if last.hasSuffix(".xcodeproj") { return String(last.dropLast(".xcodeproj".count)) }
        return components.count > 1 ? String(components[components.count - 2]) : "Root"
    }
}

/// How a build-system name becomes a Swift module name.
public enum ModuleNaming {
    /// SwiftPM's and Xcode's (`:c99extidentifier`) module name for a name: characters that can't appear in an
    /// identifier become `_`, and a leading digit gets a `_` before it (`My-App` → `My_App`).
    public static func c99Identifier(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let isIdentifier = scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            result.unicodeScalars.append(isIdentifier ? scalar : "_")
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }
}
