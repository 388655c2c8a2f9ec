import ArchlintModel
import Manifests
import XcodeProjects
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file found by discovery: its root-relative path and the path to open it with.
struct DiscoveredFile: Hashable, Sendable {
    var path: String
    var systemPath: String
}

/// One of Tuist's own files and what Tuist uses it for.
struct TuistFile: Hashable, Sendable {
    var file: DiscoveredFile
    var role: TuistLayout.Role
    /// The Tuist project's root folder (`TuistRoots`).
    var root: String = ""
}

/// Everything discovery found under one root.
struct DiscoveredTree: Sendable {
    /// Sorted by path. `Package.swift` files and Tuist's files are not in here.
    var swiftFiles: [DiscoveredFile] = []
    /// `stat` of each of `swiftFiles` (same order), taken as its directory was listed, before anything was read.
    var swiftFileStatuses: [Result<FileStatus, SystemError>] = []
    /// Every `Package.swift`, sorted by path (Tuist's own, under `Tuist/` or a plugin, are not).
    var manifests: [DiscoveredFile] = []
    /// What project readers may read, sorted by path: every `project.pbxproj` of a `*.xcodeproj`, every
    /// `contents.xcworkspacedata` of a `*.xcworkspace`, every `.yml`/`.yaml` file (XcodeGen specs and the
    /// files they include), every `.xcconfig` (build settings: module names), every `.plist` (Info.plists: the
    /// classes the system loads), the lockfiles (needle's version)
    /// and the podspecs (the pods the repository develops). Their stat keys are part of the tree's fingerprint.
    var projectFiles: [DiscoveredFile] = []
    /// In a Tuist repository, Tuist's `.swift` files (manifests, helpers, tooling) with their role, sorted by path.
    var tuistFiles: [TuistFile] = []
    /// Every directory walked (root-relative; the root is `""`).
    var directories: Set<String> = []
    /// Whether the root's volume tells names apart by case: how paths from projects and configs match these.
    var pathCase: PathCase = .sensitive
    var diagnostics: [Diagnostic] = []
    /// What was skipped by default and is worth saying (see `DiscoverySkips`).
    var skipped = DiscoverySkips()

    /// Sorts `swiftFiles` by path, their statuses with them.
    mutating func sortSwiftFiles() {
        let order = swiftFiles.indices.sorted { swiftFiles[$0].path < swiftFiles[$1].path }
        swiftFiles = order.map { swiftFiles[$0] }
        swiftFileStatuses = order.map { swiftFileStatuses[$0] }
    }

    /// Every file a project reader may read (project files and Tuist's files), sorted by path.
    var projectInputs: [DiscoveredFile] {
        (projectFiles + tuistFiles.map(\.file)).sorted { $0.path < $1.path }
    }
}

/// Walks a root, following symlinks inside it without ever looping, and skipping build products, VCS data,
/// vendored and generated code, Xcode templates and the config's `exclude` globs. A directory reachable through
/// several links (not a loop) is walked under each path, as SwiftPM would compile it under each (symlinked shared
/// sources), at most `maximumWalksPerDirectory` times. A symlink whose target lies outside the root is not followed
/// unless `followExternalSymlinks` (a link to `/` would otherwise walk the whole file system).
struct DirectoryWalker {
    /// Directory names skipped silently wherever they appear: build products, VCS data, other ecosystems' packages.
    static let skippedDirectoryNames: Set<String> = [".build", ".git", "node_modules"]
    /// What Xcode and SwiftPM make beside the code (skipped and counted): Xcode's default derived data folder and
    /// SwiftPM's `.swiftpm` (Xcode's workspace and schemes of a package). Folders known by what they hold are in
    /// `isBuildFolder(holding:)`; Carthage's `Build` in `directorySkip`.
    static let buildDirectoryNames: Set<String> = ["DerivedData", ".swiftpm"]
    /// Vendored copies of other code or tools (skipped and counted).
    static let vendoredDirectoryNames: Set<String> = ["Pods", ".tuist-bin"]
    /// Generated code (skipped and counted).
    static let generatedDirectoryNames: Set<String> = ["Derived"]
    /// Xcode template placeholders in file names (`___FILEBASENAME___.swift`).
    static let templatePlaceholders = ["___FILEBASENAME", "___VARIABLE_"]
    /// How often one physical directory is walked under different symlinked paths before further paths are
    /// skipped: symlinked shared sources need a few, a lattice of links would otherwise grow exponentially.
    static let maximumWalksPerDirectory = 16

    let root: String
    let pathCase: PathCase
    let excludes: GlobSet
    let followExternalSymlinks: Bool
    /// The root's real path, to tell whether a symlink leaves it.
    private let realRoot: String?

    private struct DirectoryIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Why a directory is left out.
    enum DirectorySkip: Equatable {
        /// Build products, VCS data, resource catalogs: nothing to say.
        case silent
        case template, vendored, generated, documentation, build
    }

    /// - Parameter pathCase: whether the root's volume tells names apart by case; nil asks it (`VolumeCase`).
    init(root: String, exclude: [String], followExternalSymlinks: Bool = false, pathCase: PathCase? = nil) {
        self.root = root
        let pathCase = pathCase ?? VolumeCase.of(root)
        self.pathCase = pathCase
        self.excludes = GlobSet(patterns: exclude, pathCase: pathCase)
        self.followExternalSymlinks = followExternalSymlinks
        self.realRoot = Self.realPath(root)
    }

    static func directorySkip(name: String, parent: String) -> DirectorySkip? {
        if skippedDirectoryNames.contains(name) || name.hasPrefix(".build-") { return .silent }
        if vendoredDirectoryNames.contains(name) { return .vendored }
        if name == "Checkouts" && RelativePath.lastComponent(parent) == "Carthage" { return .vendored }
        if buildDirectoryNames.contains(name) { return .build }
        if name == "Build" && RelativePath.lastComponent(parent) == "Carthage" { return .build }
        // Xcode's cloned packages (`-clonedSourcePackagesDirPath SourcePackages`): read as `PackageCheckouts`.
        if name == "checkouts" && RelativePath.lastComponent(parent) == "SourcePackages" { return .vendored }
        if generatedDirectoryNames.contains(name) { return .generated }
        if name.hasSuffix(".xctemplate") { return .template }
        // A folder named by a placeholder (`{{cookiecutter.name}}`, Jinja-style module generators): a template.
        if contains(name, "{{"), contains(name, "}}") { return .template }
        if name.hasSuffix(".docc") { return .documentation }
        // Prebuilt binaries (`WebRTC.xcframework`): headers, module interfaces and symlinks into `Versions/`, which a
        // clone may leave dangling (olvid-ios, vultisig-ios); Xcode compiles nothing inside them.
        if name.hasSuffix(".xcframework") || name.hasSuffix(".framework") { return .vendored }
        // Asset catalogs, bundles: neither SwiftPM nor Xcode compiles Swift files inside them.
        if TargetLayout.resourceDirectoryExtensions.contains(where: { name.hasSuffix($0) }) { return .silent }
        return nil
    }

    /// A folder Xcode made, whatever its name, known by its listing (sorted by name): a derived data folder
    /// (`xcodebuild -derivedDataPath build`) holds `Build/Intermediates.noindex`; Xcode's package checkouts
    /// (`SourcePackages`, also under `-clonedSourcePackagesDirPath`) hold `checkouts/` and `workspace-state.json`.
    /// Only a folder with a `Build` entry costs a `stat`.
    static func isBuildFolder(_ systemPath: String, holding entries: [DirectoryEntry]) -> Bool {
        func holds(_ name: String) -> Bool { entries.contains { $0.name == name } }
        if holds("checkouts") && holds("workspace-state.json") { return true }
        guard holds("Build") else { return false }
        if case .success(let status) = FileStatus.of(systemPath + "/Build/Intermediates.noindex") {
            return status.kind == .directory
        }
        return false
    }

    static func isTemplateFile(name: String) -> Bool {
        templatePlaceholders.contains { contains(name, $0) }
    }

    /// Whether a file name contains `part`, byte for byte (`strstr`; names hold no NUL). Called for every entry:
    /// `String.contains` goes through Foundation's locale-aware search, `utf8.contains` through a generic one.
    static func contains(_ name: String, _ part: String) -> Bool {
        name.withCString { text in part.withCString { strstr(text, $0) != nil } }
    }

    static func isManifest(name: String) -> Bool { name == "Package.swift" }

    /// `Package@swift-5.9.swift`: a tools-version-specific alternative of `Package.swift`, not a source file.
    static func isVersionedManifest(name: String) -> Bool {
        name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")
    }

    func isExcluded(_ path: String, isDirectory: Bool) -> Bool {
        excludes.matches(path) || (isDirectory && excludes.matches(path + "/"))
    }

    /// Walks the root. The root itself must be an existing directory (checked by the caller).
    func walk() -> DiscoveredTree {
        var tree = DiscoveredTree()
        tree.pathCase = pathCase
        var state = WalkState()
        switch FileStatus.of(root) {
        case .success(let status):
            visitDirectory("", systemPath: root, identity: .init(device: status.device, inode: status.inode),
                           state: &state, into: &tree)
        case .failure(let error):
            tree.diagnostics.append(PipelineDiagnostics.unreadable(
                "", "cannot read the root directory (\(error)); make it readable"))
        }
        tree.sortSwiftFiles()
        tree.manifests.sort { $0.path < $1.path }
        tree.projectFiles.sort { $0.path < $1.path }
        Self.separateTuistFiles(in: &tree)
        tree.diagnostics.sort(by: Diagnostic.stableOrder)
        return tree
    }

    /// In a Tuist repository, moves Tuist's `.swift` files (manifests, helpers, plugins, `Tuist/`) out of the
    /// Swift files and manifests, so they are read as Tuist manifests or ignored, never linted as app code, and
    /// counts them as skipped.
    static func separateTuistFiles(in tree: inout DiscoveredTree) {
        let roots = TuistRoots(paths: tree.swiftFiles.map(\.path) + tree.manifests.map(\.path),
                               rootHasTuistFolder: tree.directories.contains(where: TuistFolder.matches))
        guard !roots.isEmpty else { return }
        var tuist: [TuistFile] = []
        func keep(_ file: DiscoveredFile) -> Bool {
            guard let root = roots.root(of: file.path), let role = roots.role(of: file.path) else { return true }
            tuist.append(TuistFile(file: file, role: role, root: root))
            return false
        }
        let kept = tree.swiftFiles.indices.filter { keep(tree.swiftFiles[$0]) }
        tree.swiftFiles = kept.map { tree.swiftFiles[$0] }
        tree.swiftFileStatuses = kept.map { tree.swiftFileStatuses[$0] }
        tree.manifests = tree.manifests.filter(keep)
        tree.tuistFiles = tuist.sorted { $0.file.path < $1.file.path }
        tree.skipped.tuistFiles += tuist.count
    }

    /// Files project readers read, by name: `X.xcodeproj/project.pbxproj`, `X.xcworkspace/contents.xcworkspacedata`
    /// (not the `project.xcworkspace` every `.xcodeproj` holds), YAML files (XcodeGen specs and includes),
    /// xcconfig files, property lists (Info.plists), lockfiles and podspecs.
    static func isProjectFile(name: String, path: String) -> Bool {
        if name.hasSuffix(".yml") || name.hasSuffix(".yaml") || name.hasSuffix(".xcconfig") { return true }
        // Info.plists name the classes the system loads (`InfoPlistClasses`).
        if name.hasSuffix(".plist") { return true }
        // Objective-C and C code and headers import modules a target uses (`ObjectiveCImports`).
        if ObjectiveCImports.reads(name) { return true }
        // Lockfiles say which needle an app builds with (`NeedleVersions`).
        if name == "Podfile.lock" || name == "Package.resolved" || name == "Cartfile.resolved" { return true }
        // Podspecs name the pods the repository develops (`WorkspaceModel.podspecs`).
        if CocoaPods.isPodspec(name: name) { return true }
        let parent = RelativePath.parent(path)
        if name == "project.pbxproj" { return parent.hasSuffix(".xcodeproj") }
        if name == "contents.xcworkspacedata" {
            return parent.hasSuffix(".xcworkspace") && !RelativePath.parent(parent).hasSuffix(".xcodeproj")
        }
        return false
    }

    private struct WalkState {
        var ancestors: [DirectoryIdentity] = []
        var walks: [DirectoryIdentity: Int] = [:]
    }

    private func visitDirectory(
        _ path: String, systemPath: String, identity: DirectoryIdentity,
        state: inout WalkState, into tree: inout DiscoveredTree
    ) {
        let entries: [DirectoryEntry]
        switch listDirectory(systemPath, relativePath: path, into: &tree) {
        case .success(let listed): entries = listed
        case .failure(let error):
            tree.diagnostics.append(PipelineDiagnostics.unreadable(
                path, "cannot read directory (\(error)); archlint skipped everything inside it — make it readable "
                    + "(chmod u+rx) or add it to `exclude:` in .archlint.yml"))
            return
        }
        if !path.isEmpty, Self.isBuildFolder(systemPath, holding: entries) {
            tree.skipped.buildFolders += 1
            return
        }
        tree.directories.insert(path)
        state.ancestors.append(identity)
        state.walks[identity, default: 0] += 1
        defer { state.ancestors.removeLast() }
        for entry in entries {
            let childPath = path.isEmpty ? entry.name : path + "/" + entry.name
            let childSystemPath = systemPath.hasSuffix("/") ? systemPath + entry.name : systemPath + "/" + entry.name
            visitEntry(entry, path: childPath, parent: path, systemPath: childSystemPath, state: &state, into: &tree)
        }
    }

    private func visitEntry(
        _ entry: DirectoryEntry, path: String, parent: String, systemPath: String,
        state: inout WalkState, into tree: inout DiscoveredTree
    ) {
        let name = entry.name
        if entry.isKnownRegularFile {
            addFile(name: name, path: path, systemPath: systemPath, status: entry.status, into: &tree)
            return
        }
        let status: FileStatus
        switch entry.status ?? FileStatus.of(systemPath) {
        case .success(let resolved): status = resolved
        case .failure(let error):
            if FileStatus.isSymbolicLink(systemPath) {
                tree.diagnostics.append(PipelineDiagnostics.unreadable(
                    path, "broken symlink: its target can't be read (\(error)); archlint skipped it — fix or remove "
                        + "the link, or add it to `exclude:` in .archlint.yml"))
            } else {
                tree.diagnostics.append(PipelineDiagnostics.unreadable(
                    path, "cannot inspect this path (\(error)); archlint skipped it — make it readable or add it to "
                        + "`exclude:` in .archlint.yml"))
            }
            return
        }
        switch status.kind {
        case .directory:
            let skip = Self.directorySkip(name: name, parent: parent)
            guard skip != .silent, !isExcluded(path, isDirectory: true) else { return }
            switch skip {
            case .template?: tree.skipped.templateFolders += 1; return
            case .vendored?: tree.skipped.vendoredFolders += 1; return
            case .generated?: tree.skipped.generatedFolders += 1; return
            case .documentation?: tree.skipped.documentationCatalogs += 1; return
            case .build?: tree.skipped.buildFolders += 1; return
            case .silent?, nil: break
            }
            if entry.mayBeSymlink, leavesRoot(systemPath) {
                tree.skipped.externalSymlinks += 1
                return
            }
            let identity = DirectoryIdentity(device: status.device, inode: status.inode)
            if state.ancestors.contains(identity) {
                let target = Self.linkTarget(systemPath).map { " (→ \($0))" } ?? ""
                tree.diagnostics.append(PipelineDiagnostics.unreadable(
                    path, "symlink loop: this link\(target) leads back to a directory that contains it; archlint did "
                        + "not follow it — remove the link or add it to `exclude:` in .archlint.yml"))
                return
            }
            if state.walks[identity, default: 0] >= Self.maximumWalksPerDirectory {
                // Said once per directory: the first path past the limit.
                if state.walks[identity] == Self.maximumWalksPerDirectory {
                    state.walks[identity] = Self.maximumWalksPerDirectory + 1
                    tree.diagnostics.append(PipelineDiagnostics.unreadable(
                        path, "this directory is reached through more than \(Self.maximumWalksPerDirectory) symlinked "
                            + "paths; archlint walked it \(Self.maximumWalksPerDirectory) times and skipped the other "
                            + "paths — remove redundant links or add them to `exclude:` in .archlint.yml"))
                }
                return
            }
            visitDirectory(path, systemPath: systemPath, identity: identity, state: &state, into: &tree)
        case .regular:
            if entry.mayBeSymlink, name.hasSuffix(".swift"), !isExcluded(path, isDirectory: false), leavesRoot(systemPath) {
                tree.skipped.externalSymlinks += 1
                return
            }
            addFile(name: name, path: path, systemPath: systemPath, status: .success(status), into: &tree)
        case .other:
            guard name.hasSuffix(".swift"), !isExcluded(path, isDirectory: false) else { return }
            tree.diagnostics.append(PipelineDiagnostics.unreadable(
                path, "not a regular file (a device, socket or pipe named .swift); archlint skipped it — "
                    + "rename it or add it to `exclude:` in .archlint.yml"))
        }
    }

    private func addFile(
        name: String, path: String, systemPath: String, status: Result<FileStatus, SystemError>?,
        into tree: inout DiscoveredTree
    ) {
        guard name.hasSuffix(".swift") else {
            if Self.isProjectFile(name: name, path: path), !isExcluded(path, isDirectory: false) {
                tree.projectFiles.append(DiscoveredFile(path: path, systemPath: systemPath))
            }
            return
        }
        guard !Self.isVersionedManifest(name: name), !isExcluded(path, isDirectory: false) else { return }
        if Self.isTemplateFile(name: name) {
            tree.skipped.templateFiles += 1
            return
        }
        let file = DiscoveredFile(path: path, systemPath: systemPath)
        if Self.isManifest(name: name) {
            tree.manifests.append(file)
        } else {
            tree.swiftFiles.append(file)
            tree.swiftFileStatuses.append(status ?? FileStatus.of(systemPath))
        }
    }

    /// What a symlink points at, as written; nil for anything else.
    static func linkTarget(_ systemPath: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(systemPath, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the symlink at `systemPath` resolves outside the root (and isn't to be followed there).
    private func leavesRoot(_ systemPath: String) -> Bool {
        guard !followExternalSymlinks, let realRoot, FileStatus.isSymbolicLink(systemPath) else { return false }
        guard let target = Self.realPath(systemPath) else { return false }
        // Every path is inside `/`, which `isInside` spells `""`.
        return !RelativePath.isInside(target, realRoot == "/" ? "" : realRoot)
    }

    /// `realpath(3)`, or nil when the path can't be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    struct DirectoryEntry {
        var name: String
        /// `d_type` said "regular file" (symlinks and unknown types are resolved with `stat`).
        var isKnownRegularFile: Bool
        /// `d_type` said "symlink" or didn't say.
        var mayBeSymlink: Bool
        /// `stat` of the entry (following symlinks), taken while listing: nil for a regular file not named `.swift`
        /// (nothing reads those but project readers, which stat what they read).
        var status: Result<FileStatus, SystemError>?
    }

    /// Entries (without `.` and `..`), sorted by name. Names that aren't valid UTF-8 are reported and skipped.
    private func listDirectory(
        _ systemPath: String, relativePath: String, into tree: inout DiscoveredTree
    ) -> Result<[DirectoryEntry], SystemError> {
        let descriptor = open(systemPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
        guard let directory = fdopendir(descriptor) else {
            let error = SystemError(code: errno)
            close(descriptor)
            return .failure(error)
        }
        // Closes `descriptor` too.
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name: String? = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(validatingCString: $0) }
            }
            guard let name else {
                let lossy = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { bytes in
                        String(decoding: UnsafeBufferPointer(start: bytes, count: strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))), as: UTF8.self)
                    }
                }
                let path = relativePath.isEmpty ? lossy : relativePath + "/" + lossy
                tree.diagnostics.append(PipelineDiagnostics.unreadable(
                    path, "file name is not valid UTF-8; archlint skipped it — rename it"))
                continue
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            let isKnownRegularFile = type == UInt8(DT_REG)
            // Relative to the open directory: the kernel doesn't walk the whole path again.
            entries.append(DirectoryEntry(
                name: name, isKnownRegularFile: isKnownRegularFile,
                mayBeSymlink: type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN),
                status: isKnownRegularFile && !name.hasSuffix(".swift") ? nil : FileStatus.of(name, inDirectory: descriptor)))
        }
        entries.sort { $0.name < $1.name }
        return .success(entries)
    }
}
