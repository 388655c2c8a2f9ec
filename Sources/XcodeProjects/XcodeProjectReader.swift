import ArchlintModel

/// Reads `project.pbxproj` statically (never runs xcodebuild): its native targets, the Swift files their Sources
/// phases compile (paths resolved through the group tree), their synchronized folders with exceptions, and their
/// target, package-product and linked-product dependencies. Whatever can't be followed (a dangling object
/// reference, a file outside any known source tree) is an issue at its line; the rest is still read.
public enum XcodeProjectReader {
    /// Targets read per project; more are one issue, and the project's `unreadTargets` says so.
    public static let maximumTargets = 10_000
    /// Work per project: build-phase entries, dependencies and synchronized folders summed over its targets
    /// (each shared object counted once per target that uses it). Past it, targets are listed without them.
    public static let maximumWork = 2_000_000

    /// - Parameters:
    ///   - projectPath: the `.xcodeproj` folder relative to the scanned root, with `/`.
    ///   - pbxproj: the bytes of its `project.pbxproj`.
    ///   - fileSystem: where the xcconfig files its configurations name are read; nil: none is (a module name
    ///     that may rest on one can't be known).
    public static func read(projectPath: String, pbxproj: [UInt8], fileSystem: (any ProjectFileSystem)? = nil) -> ProjectFacts {
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
        var reader = ProjectObjects(root: root, projectPath: projectPath, fileSystem: fileSystem)
        reader.readTargets(into: &facts)
        facts.issues.append(contentsOf: reader.issues)
        facts.issues.append(contentsOf: reader.xcconfigs?.issues ?? [])
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
    /// Every exception set of a `PBXFileSystemSynchronizedRootGroup`, by the target it names, found once.
    private var exceptionsByTarget: [String: [(folder: String, files: [String])]] = [:]
    /// A product file reference → the name of the target whose `productReference` it is.
    private var producerOfProduct: [String: String] = [:]
    private var resolvedPaths: [String: String?] = [:]
    /// Each build phase read once, whatever number of targets list it.
    private var phases: [String: PhaseContents] = [:]
    var xcconfigs: XCConfigFiles?
    /// Where xcconfig files and Info.plists are read; nil: none is.
    let fileSystem: (any ProjectFileSystem)?
    let projectName: String
    /// The project's own configurations by name (the level under each target's).
    private var projectConfigurations: [String: PlistDictionary] = [:]
    private var work = 0
    /// The issue saying the work budget ran out, once it has.
    private var exhausted: ProjectIssue?
    /// What targets' build settings say about test hosts.
    private var testHosts = TestHosts()

    init(root: PlistNode, projectPath: String, fileSystem: (any ProjectFileSystem)?) {
        let top = root.dictionary ?? PlistDictionary()
        file = projectPath + "/project.pbxproj"
        let table = top["objects"]?.dictionary ?? PlistDictionary()
        objects = table
        rootID = top["rootObject"]?.string
        rootLine = top["rootObject"]?.line ?? root.line
        let containing = PathText.parent(of: projectPath)
        let project = top["rootObject"]?.string.flatMap { table[$0]?.dictionary }
        projectDirectory = PathText.join(containing, project?["projectDirPath"]?.string ?? "")
        projectName = ProjectFacts.defaultName(path: projectPath)
        xcconfigs = fileSystem.map { XCConfigFiles(fileSystem: $0, projectFolder: containing) }
        self.fileSystem = fileSystem
        for id in objects.keys {
            guard let item = objects[id]?.dictionary else { continue }
            if item["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
                for reference in Self.unique(item["exceptions"]?.array?.compactMap(\.string) ?? []) {
                    guard let set = table[reference]?.dictionary,
                          set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                          let target = set["target"]?.string else { continue }
                    let files = (set["membershipExceptions"]?.array ?? []).compactMap(\.string)
                    exceptionsByTarget[target, default: []].append((id, files))
                }
            }
            if let product = item["productReference"]?.string, let name = item["name"]?.string {
                producerOfProduct[product] = name
            }
            guard let children = item["children"]?.array else { continue }
            for child in children {
                if let childID = child.string { parentOf[childID] = id }
            }
        }
        for configuration in configurations(project?["buildConfigurationList"]) {
            if let name = configuration["name"]?.string, projectConfigurations[name] == nil {
                projectConfigurations[name] = configuration
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
            if let id = reference.string, var package = packageReference(id, from: reference) {
                // Located where the project lists it (`packageReferences`), for a finding about the package itself.
                (package.line, package.column) = (reference.line, reference.column)
                packages.append(package)
            }
        }
        var locations: Set<String> = []
        packages = packages.filter { locations.insert("\($0.kind.rawValue) \($0.location)").inserted }
        facts.packages = packages.filter { $0.kind == .local } + packages.filter { $0.kind == .remote }
        var listed: Set<String> = []
        for targetReference in project["targets"]?.array ?? [] {
            if let id = targetReference.string, !listed.insert(id).inserted { continue }
            if facts.targets.count >= XcodeProjectReader.maximumTargets {
                facts.unreadTargets.append(unreadIssue(
                    "the project lists more than \(XcodeProjectReader.maximumTargets) targets; archlint reads the first "
                        + "\(XcodeProjectReader.maximumTargets) (findings that depend on the others are withheld)",
                    at: targetReference))
                break
            }
            guard let id = targetReference.string, let node = objects[id], let target = node.dictionary else {
                issue("the project lists target `\(targetReference.string ?? "?")`, which is not defined in the file "
                      + "(a dangling reference, often left by a merge): remove it in Xcode or repair the file",
                      at: targetReference)
                continue
            }
            facts.targets.append(readTarget(id: id, node: node, target: target))
        }
        testHosts.assign(in: &facts.targets)
    }

    // MARK: Targets

    private mutating func readTarget(id: String, node: PlistNode, target: PlistDictionary) -> ProjectTarget {
        let name = target["name"]?.string ?? id
        var decl = ProjectTarget(
            name: name, productTypeIdentifier: target["productType"]?.string,
            productName: target["productName"]?.string, file: file, line: node.line, column: node.column)
        var bridgingHeader: String?
        let readModuleName = moduleName(of: target, name: name, at: node, decl: &decl, bridgingHeader: &bridgingHeader)
        decl.moduleName = readModuleName
        if let exhausted {
            decl.unreadDependencies = [exhausted]
            return decl
        }
        var sources: Set<String> = [], cFamilySources: Set<String> = []
        var linked: [ProjectTargetDependency] = []
        var linkedNames: Set<String> = []
        var seenPhases: Set<String> = []
        var linkedPackageProducts: [PlistNode] = []
        for phaseReference in target["buildPhases"]?.array ?? [] {
            guard let phaseID = phaseReference.string, seenPhases.insert(phaseID).inserted,
                  let phase = contents(ofPhase: phaseReference, target: name) else { continue }
            guard charge(phase.sources.count + phase.products.count, target: name, at: node, into: &decl) else { break }
            sources.formUnion(phase.sources)
            cFamilySources.formUnion(phase.cFamilySources)
            linkedPackageProducts += phase.packageProducts
            for product in phase.products where linkedNames.insert(product.name).inserted {
                var dependency = ProjectTargetDependency(
                    kind: .linkedProduct, name: product.name, line: product.line, column: product.column)
                dependency.producer = product.producer
                linked.append(dependency)
            }
        }
        decl.swiftSources = sources.sorted()
        let declared = targetDependencies(of: target, name: name) + packageProducts(of: target, name: name)
        guard charge(declared.count, target: name, at: node, into: &decl) else { return decl }
        decl.dependencies = declared + linked
        let listed = Set(declared.lazy.filter { $0.kind == .packageProduct }.map(\.name))
        var seenProducts: Set<String> = []
        decl.linkedPackageProducts = linkedPackageProducts.compactMap { packageProduct($0, target: name) }.filter {
            !listed.contains($0.name) && seenProducts.insert($0.name).inserted
        }
        readSynchronizedFolders(of: target, targetID: id, name: name, at: node, into: &decl)
        if let fileSystem {
            // The Objective-C and C files it compiles: listed, added from another target's synchronized folder,
            // or in a synchronized folder of its own.
            cFamilySources.formUnion(decl.synchronizedAdditions.filter(ObjectiveCImports.isSource))
            for folder in decl.synchronizedFolders {
                let excluded = Set(folder.excluded)
                cFamilySources.formUnion(fileSystem.files(under: folder.path).filter {
                    ObjectiveCImports.isSource($0) && !excluded.contains($0)
                })
            }
            if !cFamilySources.isEmpty || bridgingHeader != nil {
                let read = ObjectiveCImports.modules(
                    in: cFamilySources.sorted() + [bridgingHeader].compactMap { $0 }, fileSystem: fileSystem)
                decl.objectiveCImports = read.modules
                if !read.complete {
                    decl.unreadDependencies.append(unreadIssue(
                        "target `\(name)` compiles more Objective-C and C files and headers than the "
                            + "\(ObjectiveCImports.maximumFiles) archlint reads the imports of; findings that rest on what "
                            + "it uses of its dependencies are withheld", at: node))
                }
            }
        }
        return decl
    }

    /// Spends `units` of the project's work budget; false (and the target marked partly unread) once it is gone.
    private mutating func charge(
        _ units: Int, target name: String, at node: PlistNode, into decl: inout ProjectTarget
    ) -> Bool {
        work += units
        if exhausted == nil, work > XcodeProjectReader.maximumWork {
            exhausted = unreadIssue(
                "target `\(name)` and the targets after it are not fully read: the project's build phases, dependencies "
                    + "and synchronized folders add up to more than \(XcodeProjectReader.maximumWork) entries (a file or "
                    + "phase listed over and over?); findings that depend on their dependencies are withheld", at: node)
        }
        guard let exhausted else { return true }
        decl.unreadDependencies = [exhausted]
        return false
    }

    // MARK: Build settings

    /// The module name the target's default configuration gives it (see `BuildSettingStack`); nil without a
    /// configuration list, or (with an issue) when it rests on something archlint can't read.
    private mutating func moduleName(
        of target: PlistDictionary, name: String, at node: PlistNode, decl: inout ProjectTarget, bridgingHeader: inout String?
    ) -> String? {
        let list = target["buildConfigurationList"]
        let candidates = configurations(list)
        guard !candidates.isEmpty else { return nil }
        let defaultName = list?.string.flatMap { object($0) }?["defaultConfigurationName"]?.string
        let configuration = candidates.first { $0["name"]?.string == defaultName } ?? candidates[0]
        let configurationName = configuration["name"]?.string ?? defaultName ?? "Release"
        var levels = settingLevels(of: configuration)
        if let project = projectConfigurations[configurationName] { levels += settingLevels(of: project) }
        let stack = BuildSettingStack(
            levels: levels, targetName: name, projectName: projectName, configuration: configurationName)
        decl.swiftSettings = stack.swiftSettings(source: file)
        decl.platform = stack.platform()
        if let header = stack.value(of: "SWIFT_OBJC_BRIDGING_HEADER"), !header.isEmpty {
            bridgingHeader = PathText.join(projectDirectory, Self.expand(header))
        }
        if let fileSystem, let plist = stack.value(of: "INFOPLIST_FILE"), !plist.isEmpty {
            decl.principalClassModules = InfoPlistClasses.modules(
                inPlistAt: PathText.join(projectDirectory, Self.expand(plist)), fileSystem: fileSystem)
        }
        let productFile = target["productReference"]?.string.flatMap { object($0) }?["path"]?.string
        testHosts.note(
            target: name, type: decl.type, settings: stack,
            productNames: [decl.productName, productFile.map { String($0.split(separator: "/").last ?? "") }]
                .compactMap { $0 }.map { $0.hasSuffix(".app") ? String($0.dropLast(4)) : $0 })
        switch stack.moduleName() {
        case .success(let moduleName):
            return moduleName
        case .failure(let problem):
            let fallback = ModuleNaming.c99Identifier(target["productName"]?.string ?? name)
            issue("the module name of target `\(name)` can't be known (\(problem.reason), in its \(configurationName) "
                  + "configuration): archlint takes it to be `\(fallback)`; imports of it may be misread", at: node)
            return nil
        }
    }

    /// The `XCBuildConfiguration`s of a configuration list, in order.
    private func configurations(_ list: PlistNode?) -> [PlistDictionary] {
        guard let list = list?.string.flatMap({ object($0) }) else { return [] }
        return Self.unique((list["buildConfigurations"]?.array ?? []).compactMap(\.string)).compactMap { object($0) }
    }

    /// A configuration's own settings, then its xcconfig's.
    private mutating func settingLevels(of configuration: PlistDictionary) -> [BuildSettingStack.Level] {
        var own: [String: String] = [:]
        if let settings = configuration["buildSettings"]?.dictionary {
            for key in settings.keys where !key.contains("[") {
                if let value = settings[key]?.string { own[key] = value }
            }
        }
        var levels = [BuildSettingStack.Level(own)]
        if let path = xcconfigPath(of: configuration) {
            levels += xcconfigs?.settings(of: path).levels(path: path) ?? [BuildSettingStack.Level([:], unreadFile: path)]
        }
        return levels
    }

    /// The xcconfig a configuration is based on: a file reference, or (Xcode 16) a path in a synchronized folder.
    private mutating func xcconfigPath(of configuration: PlistDictionary) -> String? {
        if let reference = configuration["baseConfigurationReference"]?.string {
            return path(of: reference) ?? reference
        }
        if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
           let relative = configuration["baseConfigurationReferenceRelativePath"]?.string {
            return path(of: anchor).map { PathText.join($0, relative) } ?? relative
        }
        return nil
    }

    private mutating func targetDependencies(of target: PlistDictionary, name: String) -> [ProjectTargetDependency] {
        var result: [ProjectTargetDependency] = []
        var seen: Set<String> = []
        for reference in target["dependencies"]?.array ?? [] {
            if let id = reference.string, !seen.insert(id).inserted { continue }
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
        var seen: Set<String> = []
        for reference in target["packageProductDependencies"]?.array ?? [] {
            if let id = reference.string, !seen.insert(id).inserted { continue }
            if let product = packageProduct(reference, target: name) { result.append(product) }
        }
        return result
    }

    /// An `XCSwiftPackageProductDependency` (from `packageProductDependencies` or a build file's `productRef`);
    /// nil for a plugin or what can't be read.
    private mutating func packageProduct(_ reference: PlistNode, target name: String) -> ProjectTargetDependency? {
        guard let product = resolve(reference, what: "package product of target `\(name)`"),
              let productName = product["productName"]?.string, !productName.hasPrefix("plugin:") else { return nil }
        let package = product["package"].flatMap { node in node.string.flatMap { packageReference($0, from: node) } }
        return ProjectTargetDependency(
            kind: .packageProduct, name: productName, package: package, line: reference.line, column: reference.column)
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
        of target: PlistDictionary, targetID: String, name: String, at node: PlistNode, into decl: inout ProjectTarget
    ) {
        let exceptions = exceptionsByTarget[targetID] ?? []
        let references = target["fileSystemSynchronizedGroups"]?.array ?? []
        guard charge(references.count + exceptions.reduce(0) { $0 + $1.files.count }, target: name, at: node,
                     into: &decl) else { return }
        var owned: Set<String> = []
        for reference in references {
            guard let id = reference.string, !owned.contains(id),
                  resolve(reference, what: "synchronized folder of target `\(name)`") != nil,
                  let folder = path(of: id) else { continue }
            owned.insert(id)
            let excluded = exceptions.filter { $0.folder == id }.flatMap(\.files).map { PathText.join(folder, $0) }
            decl.synchronizedFolders.append(SynchronizedFolder(path: folder, excluded: Self.unique(excluded).sorted()))
        }
        // A file of someone else's synchronized folder that Xcode also compiles for this target is recorded as an
        // exception of that folder naming this target. `/Localized/…` entries are localized resources.
        var additions: Set<String> = []
        for exception in exceptions where !owned.contains(exception.folder) {
            guard let folder = path(of: exception.folder) else { continue }
            for file in exception.files where !file.hasPrefix("/") { additions.insert(PathText.join(folder, file)) }
        }
        decl.synchronizedAdditions = additions.sorted()
    }

    // MARK: Build files and paths

    /// What one build phase contributes to a target: Swift files (Sources) or products of other targets
    /// (Frameworks), each once.
    private struct PhaseContents {
        var sources: [String] = []
        /// Objective-C and C sources (`ObjectiveCImports`).
        var cFamilySources: [String] = []
        var products: [(name: String, producer: String?, line: Int, column: Int)] = []
        /// `productRef`s of the Frameworks phase: package products it links.
        var packageProducts: [PlistNode] = []
    }

    private mutating func contents(ofPhase reference: PlistNode, target: String) -> PhaseContents? {
        guard let id = reference.string else { return nil }
        if let known = phases[id] { return known }
        guard let phase = resolve(reference, what: "build phase of target `\(target)`") else { return nil }
        var contents = PhaseContents()
        switch phase["isa"]?.string {
        case "PBXSourcesBuildPhase":
            var sources: Set<String> = [], cFamily: Set<String> = []
            for file in buildFiles(of: phase, target: target) {
                guard let path = file.path else { continue }
                if path.hasSuffix(".swift") { sources.insert(path) } else if ObjectiveCImports.isSource(path) { cFamily.insert(path) }
            }
            contents.sources = sources.sorted()
            contents.cFamilySources = cFamily.sorted()
        case "PBXFrameworksBuildPhase":
            var names: Set<String> = []
            for file in buildFiles(of: phase, target: target) {
                if let product = file.builtProduct, names.insert(product).inserted {
                    contents.products.append((product, file.producer, file.node.line, file.node.column))
                }
                if let product = file.packageProduct { contents.packageProducts.append(product) }
            }
        default:
            break
        }
        phases[id] = contents
        return contents
    }

    private struct BuildFile {
        var node: PlistNode
        /// The referenced file's path relative to the scanned root, when it is a source file.
        var path: String?
        /// The name of a product built by another target (`Core` for `Core.framework`).
        var builtProduct: String?
        /// The target of this project whose product it is, when one is.
        var producer: String?
        /// A package product's `productRef`.
        var packageProduct: PlistNode?
    }

    /// The phase's build files, each build file and each file it refers to once.
    private mutating func buildFiles(of phase: PlistDictionary, target: String) -> [BuildFile] {
        var result: [BuildFile] = []
        var seenBuildFiles: Set<String> = []
        var seenFiles: Set<String> = []
        for reference in phase["files"]?.array ?? [] {
            if let id = reference.string, !seenBuildFiles.insert(id).inserted { continue }
            guard let buildFile = resolve(reference, what: "build file of target `\(target)`") else { continue }
            guard let fileRefID = buildFile["fileRef"]?.string else {
                if let product = buildFile["productRef"] { result.append(BuildFile(node: reference, packageProduct: product)) }
                continue
            }
            guard seenFiles.insert(fileRefID).inserted else { continue }
            guard let file = object(fileRefID) else {
                issue("a build file of target `\(target)` refers to `\(fileRefID)`, which is not defined in the file "
                      + "(a dangling reference): remove the file from the target in Xcode", at: reference)
                continue
            }
            var entry = BuildFile(node: reference)
            if file["sourceTree"]?.string == "BUILT_PRODUCTS_DIR", let built = file["path"]?.string {
                entry.builtProduct = Self.productName(ofBuiltFile: built)
                entry.producer = producerOfProduct[fileRefID]
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

    /// An issue that leaves something unread: reported, and returned for the list of what is unread.
    private mutating func unreadIssue(_ message: String, at node: PlistNode) -> ProjectIssue {
        issue(message, at: node)
        return issues[issues.count - 1]
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

extension ProjectFileSystem {
    /// Where names differ by case, the file beside `path` whose name differs from it only in case
    /// (`Version.Public.xcconfig` for `Version.public.xcconfig`): macOS' default volume finds it, this one doesn't.
    func sameFileInAnotherCase(_ path: String) -> String? {
        guard pathCase == .sensitive else { return nil }
        let lowered = path.lowercased()
        return files(under: PathText.parent(of: path)).first { $0 != path && $0.lowercased() == lowered }
    }

    /// The end of "names no readable file": how to fix a name that differs from an existing file only in case.
    func caseHint(_ path: String) -> String {
        guard let other = sameFileInAnotherCase(path) else { return "" }
        return "; \(other) differs from it only in case, which a case-sensitive volume tells apart: spell it as the "
            + "file is named"
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
