/// The one answer to "which scanned package does a local package reference name?", asked by the module graph
/// (resolving products) and by the workspace (telling references to packages that aren't in the checkout).
public struct LocalPackages: Sendable {
    /// Scanned packages by their `Package.swift` path.
    private let byPath: [String: ProjectFacts]
    /// Scanned packages by SwiftPM's identity of a local package: their folder's name, lowercased.
    private let byIdentity: [String: [ProjectFacts]]

    /// Over `projects`, of which the packages count.
    public init(_ projects: [ProjectFacts]) {
        let packages = projects.filter { $0.source == .swiftpm }.sorted { $0.path < $1.path }
        byPath = Dictionary(packages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        byIdentity = Dictionary(grouping: packages) { Self.identity(ofLocalPath: $0.path) }
    }

    /// The scanned package in `directory` (relative to the root).
    public func package(inDirectory directory: String) -> ProjectFacts? {
        let directory = ProjectFacts.normalizedPath(joining: "", directory)
        return byPath[directory.isEmpty ? "Package.swift" : directory + "/Package.swift"]
    }

    /// The scanned package a local reference points at, else the one scanned package of its identity: Xcode takes
    /// the package of that identity its project adds (TwoToo's `Scene/SceneKit` names `./MainScene` while the app
    /// adds `Scene/MainScene`). Nil for a remote or registry reference, and when none or several have it.
    public func package(_ reference: ProjectPackageReference) -> ProjectFacts? {
        guard reference.kind == .local else { return nil }
        return package(inDirectory: reference.location) ?? package(identity: Self.identity(ofLocalPath: reference.location))
    }

    /// The one scanned package of an identity; nil when none or several have it.
    public func package(identity: String) -> ProjectFacts? {
        guard let packages = byIdentity[identity], packages.count == 1 else { return nil }
        return packages[0]
    }

    /// SwiftPM's identity of a local package: its folder's name, lowercased (`Scene/MainScene/Package.swift` →
    /// `mainscene`).
    public static func identity(ofLocalPath path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        if components.last == "Package.swift" { components.removeLast() }
        return components.last?.lowercased() ?? ""
    }
}
