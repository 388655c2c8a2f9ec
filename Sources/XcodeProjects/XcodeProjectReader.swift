import ArchlintModel

/// Reads `project.pbxproj` statically (never runs xcodebuild): its native targets, the Swift files their Sources
/// phases compile (paths resolved through the group tree), their synchronized folders with exceptions, and their
/// target, package-product and linked-product dependencies. Whatever can't be followed (a dangling object
/// reference, a file outside any known source tree) is an issue at its line; the rest is still read.
public enum XcodeProjectReader {
    /// - Parameters:
    ///   - projectPath: the `.xcodeproj` folder relative to the scanned root, with `/`.
    ///   - pbxproj: the bytes of its `project.pbxproj`.
    public static func read(projectPath: String, pbxproj: [UInt8]) -> ProjectFacts {
        var facts = ProjectFacts(path: projectPath, source: .xcodeproj)
        let root: PlistNode
        do {
            root = try OpenStepPlistParser.parse(pbxproj)
        } catch {
            facts.issues.append(ProjectIssue(
                file: facts.declarationFile, message: "project.pbxproj is not a readable property list: \(error.message); the project's "
                    + "targets are not known until the file is repaired", line: error.line, column: error.column))
            return facts
        }
        var reader = ProjectObjects(root: root, projectPath: projectPath)
        reader.readTargets(into: &facts)
        facts.issues.append(contentsOf: reader.issues)
        return facts
    }
}

/// The object table of one project and the lookups over it.
private struct ProjectObjects {
    let objects: PlistDictionary
    let projectDirectory: String
    let rootID: String?
    let rootLine: Int
    var issues: [ProjectIssue] = []
    let file: String
    private var parentOf: [String: String] = [:]
    /// Every `PBXFileSystemSynchronizedRootGroup`, found once (each target looks for exception sets naming it).
    private var synchronizedGroupIDs: [String] = []
    private var resolvedPaths: [String: String?] = [:]

    init(root: PlistNode, projectPath: String) {
        let top = root.dictionary ?? PlistDictionary()
        file = projectPath + "/project.pbxproj"
        let table = top["objects"]?.dictionary ?? PlistDictionary()
        objects = table
        rootID = top["rootObject"]?.string
        rootLine = top["rootObject"]?.line ?? root.line
        let containing = PathText.parent(of: projectPath)
        let project = top["rootObject"]?.string.flatMap { table[$0]?.dictionary }
        projectDirectory = PathText.join(containing, project?["projectDirPath"]?.string ?? "")
        for id in objects.keys {
            if objects[id]?.dictionary?["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
                synchronizedGroupIDs.append(id)
            }
            guard let children = objects[id]?.dictionary?["children"]?.array else { continue }
            for child in children {
                if let childID = child.string { parentOf[childID] = id }
            }
        }
    }

    mutating func readTargets(into facts: inout ProjectFacts) {
        if objects.count == 0 {
            issue("project.pbxproj has no `objects`: it is not an Xcode project file", line: 1, column: 1)
            return
        }
        guard let rootID, let project = object(rootID), project["isa"]?.string == "PBXProject" else {
            issue("`rootObject` does not name a PBXProject object: the project's targets can't be found",
                  line: rootLine, column: 1)
            return
        }
        var packages: [ProjectPackageReference] = []
        for reference in project["packageReferences"]?.array ?? [] {
            if let id = reference.string, let package = packageReference(id, from: reference) { packages.append(package) }
        }
        facts.packages = Self.unique(packages.filter { $0.kind == .local } + packages.filter { $0.kind == .remote })
        for targetReference in project["targets"]?.array ?? [] {
            guard let id = targetReference.string, let node = objects[id], let target = node.dictionary else {
                issue("the project lists target `\(targetReference.string ?? "?")`, which is not defined in the file "
                      + "(a dangling reference, often left by a merge): remove it in Xcode or repair the file",
                      at: targetReference)
                continue
            }
            facts.targets.append(readTarget(id: id, node: node, target: target))
        }
    }

    // MARK: Targets

    private mutating func readTarget(id: String, node: PlistNode, target: PlistDictionary) -> ProjectTarget {
        let name = target["name"]?.string ?? id
        var decl = ProjectTarget(
            name: name, productTypeIdentifier: target["productType"]?.string,
            productName: target["productName"]?.string, file: file, line: node.line, column: node.column)
        var sources: Set<String> = []
        for phaseReference in target["buildPhases"]?.array ?? [] {
            guard let phase = resolve(phaseReference, what: "build phase of target `\(name)`") else { continue }
            switch phase["isa"]?.string {
            case "PBXSourcesBuildPhase":
                for file in buildFiles(of: phase, target: name) {
                    if let path = file.path, path.hasSuffix(".swift") { sources.insert(path) }
                }
            case "PBXFrameworksBuildPhase":
                for file in buildFiles(of: phase, target: name) {
                    if let product = file.builtProduct {
                        decl.dependencies.append(ProjectTargetDependency(
                            kind: .linkedProduct, name: product, line: file.node.line, column: file.node.column))
                    }
                }
            default:
                break
            }
        }
        decl.swiftSources = sources.sorted()
        decl.dependencies = targetDependencies(of: target, name: name)
            + packageProducts(of: target, name: name)
            + decl.dependencies
        readSynchronizedFolders(of: target, targetID: id, name: name, into: &decl)
        return decl
    }

    private mutating func targetDependencies(of target: PlistDictionary, name: String) -> [ProjectTargetDependency] {
        var result: [ProjectTargetDependency] = []
        for reference in target["dependencies"]?.array ?? [] {
            guard let dependency = resolve(reference, what: "dependency of target `\(name)`") else { continue }
            if let targetID = dependency["target"]?.string, let other = object(targetID),
               let otherName = other["name"]?.string {
                result.append(ProjectTargetDependency(
                    kind: .target, name: otherName, line: reference.line, column: reference.column))
                continue
            }
            if let proxyID = dependency["targetProxy"]?.string, let proxy = object(proxyID),
               let remoteName = proxy["remoteInfo"]?.string {
                let portal = proxy["containerPortal"]?.string
                let project = portal == rootID ? nil : portal.flatMap { path(of: $0) }
                result.append(ProjectTargetDependency(
                    kind: .target, name: remoteName, project: project, line: reference.line, column: reference.column))
                continue
            }
            if dependency["productRef"] != nil { continue }  // a package plugin the target runs: not a module edge
            issue("a dependency of target `\(name)` names no target (neither `target` nor a `targetProxy` with "
                  + "`remoteInfo`): re-add the dependency in Xcode", at: reference)
        }
        return result
    }

    private mutating func packageProducts(of target: PlistDictionary, name: String) -> [ProjectTargetDependency] {
        var result: [ProjectTargetDependency] = []
        for reference in target["packageProductDependencies"]?.array ?? [] {
            guard let product = resolve(reference, what: "package product of target `\(name)`"),
                  let productName = product["productName"]?.string else { continue }
            if productName.hasPrefix("plugin:") { continue }
            let package = product["package"].flatMap { node in node.string.flatMap { packageReference($0, from: node) } }
            result.append(ProjectTargetDependency(
                kind: .packageProduct, name: productName, package: package, line: reference.line,
                column: reference.column))
        }
        return result
    }

    private mutating func packageReference(_ id: String, from node: PlistNode) -> ProjectPackageReference? {
        guard let package = resolve(node, what: "package reference") else { return nil }
        switch package["isa"]?.string {
        case "XCLocalSwiftPackageReference":
            guard let relative = package["relativePath"]?.string else { return nil }
            return ProjectPackageReference(kind: .local, location: PathText.join(projectDirectory, relative))
        case "XCRemoteSwiftPackageReference":
            guard let url = package["repositoryURL"]?.string else { return nil }
            return ProjectPackageReference(kind: .remote, location: url)
        default:
            return nil
        }
    }

    // MARK: Synchronized folders (Xcode 16)

    private mutating func readSynchronizedFolders(
        of target: PlistDictionary, targetID: String, name: String, into decl: inout ProjectTarget
    ) {
        var owned: Set<String> = []
        for reference in target["fileSystemSynchronizedGroups"]?.array ?? [] {
            guard let id = reference.string, resolve(reference, what: "synchronized folder of target `\(name)`") != nil,
                  let folder = path(of: id) else { continue }
            owned.insert(id)
            let excluded = exceptionSets(of: id).filter { $0.target == targetID }.flatMap(\.files).map {
                PathText.join(folder, $0)
            }
            decl.synchronizedFolders.append(SynchronizedFolder(path: folder, excluded: excluded.sorted()))
        }
        // A file of someone else's synchronized folder that Xcode also compiles for this target is recorded as an
        // exception of that folder naming this target.
        var additions: Set<String> = []
        for id in synchronizedGroupIDs where !owned.contains(id) {
            guard let folder = path(of: id) else { continue }
            for set in exceptionSets(of: id) where set.target == targetID {
                for file in set.files { additions.insert(PathText.join(folder, file)) }
            }
        }
        decl.synchronizedAdditions = additions.sorted()
    }

    private func exceptionSets(of folderID: String) -> [(target: String?, files: [String])] {
        (object(folderID)?["exceptions"]?.array ?? []).compactMap { reference in
            guard let set = reference.string.flatMap({ object($0) }),
                  set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" else { return nil }
            return (set["target"]?.string, (set["membershipExceptions"]?.array ?? []).compactMap(\.string))
        }
    }

    // MARK: Build files and paths

    private struct BuildFile {
        var node: PlistNode
        /// The referenced file's path relative to the scanned root, when it is a source file.
        var path: String?
        /// The name of a product built by another target (`Core` for `Core.framework`).
        var builtProduct: String?
    }

    private mutating func buildFiles(of phase: PlistDictionary, target: String) -> [BuildFile] {
        var result: [BuildFile] = []
        for reference in phase["files"]?.array ?? [] {
            guard let buildFile = resolve(reference, what: "build file of target `\(target)`") else { continue }
            guard let fileRefID = buildFile["fileRef"]?.string else { continue }  // productRef: a package product
            guard let file = object(fileRefID) else {
                issue("a build file of target `\(target)` refers to `\(fileRefID)`, which is not defined in the file "
                      + "(a dangling reference): remove the file from the target in Xcode", at: reference)
                continue
            }
            var entry = BuildFile(node: reference)
            if file["sourceTree"]?.string == "BUILT_PRODUCTS_DIR", let built = file["path"]?.string {
                entry.builtProduct = Self.productName(ofBuiltFile: built)
            } else if file["isa"]?.string == "PBXVariantGroup" || file["isa"]?.string == "PBXFileReference" {
                entry.path = path(of: fileRefID)
            }
            result.append(entry)
        }
        return result
    }

    /// The path of a file or group object relative to the scanned root, through its chain of parent groups;
    /// nil for SDK, developer-directory and build-product references, which are never source files.
    mutating func path(of id: String) -> String? {
        if let cached = resolvedPaths[id] { return cached }
        var chain: [String] = []
        var current: String? = id
        var base: String?
        // Walk up to the first object whose path doesn't depend on a parent. A cycle (a broken file) stops it.
        while let node = current, chain.count < 256, !chain.contains(node) {
            if let cached = resolvedPaths[node] {
                base = cached
                break
            }
            chain.append(node)
            let item = object(node)
            switch item?["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                current = parentOf[node]
                if current == nil { base = projectDirectory }
            case "SOURCE_ROOT":
                base = projectDirectory
                current = nil
            case "<absolute>":
                base = ""
                current = nil
            default:
                base = nil
                current = nil
                chain.forEach { resolvedPaths[$0] = .some(nil) }
                return nil
            }
        }
        guard var path = base else {
            if current != nil {
                let node = objects[id]
                issue("the groups above `\(id)` form a cycle (or nest deeper than 256): its path can't be known; "
                      + "repair the group tree in Xcode", line: node?.line ?? 1, column: node?.column ?? 1)
            }
            chain.forEach { resolvedPaths[$0] = .some(nil) }
            return nil
        }
        for node in chain.reversed() {
            if let component = object(node)?["path"]?.string {
                path = component.hasPrefix("/") ? PathText.normalize(component) : PathText.join(path, Self.expand(component))
            }
            resolvedPaths[node] = .some(path)
        }
        return path
    }

    /// `$(SRCROOT)` and `$(PROJECT_DIR)` at the start of a path mean the project's directory.
    private static func expand(_ component: String) -> String {
        for variable in ["$(SRCROOT)", "$(PROJECT_DIR)", "${SRCROOT}", "${PROJECT_DIR}"] where component.hasPrefix(variable) {
            return String(component.dropFirst(variable.count).drop { $0 == "/" })
        }
        return component
    }

    private static func productName(ofBuiltFile file: String) -> String {
        var name = Substring(file.split(separator: "/").last ?? Substring(file))
        for suffix in [".framework", ".a", ".dylib", ".so", ".appex", ".app", ".xctest", ".bundle"]
            where name.hasSuffix(suffix) {
            name = name.dropLast(suffix.count)
            break
        }
        if name.hasPrefix("lib"), file.hasSuffix(".a") || file.hasSuffix(".dylib") { name = name.dropFirst(3) }
        return String(name)
    }

    // MARK: Lookups

    func object(_ id: String) -> PlistDictionary? { objects[id]?.dictionary }

    /// The object a reference names, or an issue at the reference when it names nothing.
    private mutating func resolve(_ reference: PlistNode, what: String) -> PlistDictionary? {
        guard let id = reference.string else { return nil }
        if let found = object(id) { return found }
        issue("the \(what) refers to `\(id)`, which is not defined in the file (a dangling reference, often left "
              + "by a merge): repair the project in Xcode", at: reference)
        return nil
    }

    private mutating func issue(_ message: String, at node: PlistNode) {
        issue(message, line: node.line, column: node.column)
    }

    private mutating func issue(_ message: String, line: Int, column: Int) {
        issues.append(ProjectIssue(file: file, message: message, line: line, column: column))
    }

    private static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen: Set<T> = []
        return items.filter { seen.insert($0).inserted }
    }
}

/// Lexical path arithmetic on `/`-separated relative paths (no file system access).
enum PathText {
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        if base.isEmpty { return normalize(relative) }
        if relative.isEmpty { return normalize(base) }
        return normalize(base + "/" + relative)
    }

    /// Removes `.` and empty components and folds `name/..`; a leading `..` that can't fold is kept.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute, parts.isEmpty {
                continue
            } else {
                parts.append(part)
            }
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }
}
