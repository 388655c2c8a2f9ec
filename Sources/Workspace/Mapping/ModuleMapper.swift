import ArchlintModel
import SystemSupport

/// Decides which modules compile each Swift file:
/// 1. the innermost package (deepest manifest directory) with a target that claims it — SwiftPM conventions,
///    `path:`, `sources:`, `exclude:`; among overlapping targets of one package the deepest target directory wins,
///    then the first declared. That one of the package's targets compiles the file;
/// 2. and every project target (Xcode project, XcodeGen spec, Tuist manifest) that lists it, owns a synchronized
///    folder holding it (minus its exceptions) or adds it through an exception set — an app and its extension
///    may both compile one file, and so may a package target and an app that lists the same file;
/// 3. else (neither) the first config `modules:` mapping whose glob matches, named by substituting its captures;
/// 4. else an `unassigned` module named after the file's top-level folder (files directly in the root: the
///    root folder's own name) — except a file in a target's synchronized folder that every target leaves out
///    (a membership exception), or in a package target's directory that its `exclude:` leaves out: neither Xcode
///    nor SwiftPM compiles it, so it is in no module (`uncompiledFiles`).
/// A config module whose name equals an existing module's id (or, when only one module has it, its name) is that
/// module: it joins it, and its `type:` wins. An unassigned module whose name equals another's is the same module.
/// Every project target with a product type is a module, with or without Swift files: id `Project/Target` (the
/// project's name, or its path when a package or another project took the name).
/// Paths from manifests, projects and the config match walked paths as the volume compares names
/// (`WalkedSpelling`): on a case-insensitive volume `Sources/app` is the walked `Sources/App`.
struct ModuleMapper: Sendable {
    struct Package {
        var project: ProjectFacts
        var directory: String
        /// Prefix of its target ids: the package name, or the manifest directory when the name is taken.
        var idPrefix: String
        var targets: [Target]
    }

    struct Target {
        var id: String
        /// The first declaration with this name.
        var declaration: ProjectTarget { declarations[0] }
        /// Every declaration with this name (`#if` branches may declare a target twice), and their layouts.
        var declarations: [ProjectTarget]
        var layouts: [TargetLayout]
    }

    struct Result {
        /// Sorted by id.
        var modules: [Module]
        /// File path → ids of the modules that compile it, sorted (one, except for files of several project
        /// targets).
        var modulesOfFile: [String: [String]]
        /// `manifest-unresolved` for target paths archlint can't place (outside the scanned root) and for Swift
        /// files a project target lists that don't exist.
        var diagnostics: [Diagnostic]
        /// The config's `modules:` entries that give `type:` or `dependencies:`, as one project whose targets are
        /// named by the id of the module each describes; nil when there are none.
        var configProject: ProjectFacts?
        /// Files in a target's synchronized folder that every target leaves out (membership exceptions) or that a
        /// package target's `exclude:` leaves out, and that no config glob maps: not compiled, so in no module (`modulesOfFile` has no entry for them).
        var uncompiledFiles: [String] = []
    }

    /// A config `modules:` entry, its glob compiled.
    struct ConfigEntry {
        var glob: Glob
        var mapping: ModuleMapping
        /// True when it says more than where files are (`type:` or `dependencies:`).
        var declares: Bool { mapping.type != nil || mapping.dependencies != nil }
    }

    /// A target layout that may own files, indexed by its directory.
    private struct Claimant {
        /// Position of its package, innermost first.
        var packageRank: Int
        var declarationOrder: Int
        var id: String
        var layout: TargetLayout
    }

    let packages: [Package]
    let projects: ProjectMembership
    /// `modules:` entries with a valid glob, and their globs compiled once.
    let configEntries: [ConfigEntry]
    let mappingGlobs: GlobSet
    let rootName: String
    /// The config file `configProject` names (relative to the root).
    let configurationFile: String
    /// Whether a path the project lists but discovery didn't find exists all the same (a skipped or excluded
    /// folder): those are not reported as missing.
    let existsOnDisk: @Sendable (String) -> Bool
    private let claimantsByDirectory: [String: [Claimant]]

    init(
        projects: [ProjectFacts], configuration: ArchlintConfiguration,
        directories: Set<String>, rootName: String, configurationFile: String = ".archlint.yml",
        spelling: WalkedSpelling = .exact, existsOnDisk: @escaping @Sendable (String) -> Bool = { _ in false }
    ) {
        self.rootName = rootName
        self.configurationFile = configurationFile
        self.existsOnDisk = existsOnDisk
        configEntries = configuration.modules.compactMap { mapping in
            (try? Glob(mapping.path, pathCase: spelling.pathCase)).map { ConfigEntry(glob: $0, mapping: mapping) }
        }
        mappingGlobs = GlobSet(configEntries.map(\.glob))
        var usedPrefixes: Set<String> = []
        var packages: [Package] = []
        for package in projects.sorted(by: { $0.path < $1.path }) where package.source == .swiftpm {
            let (directory, name) = (package.directory, package.name)
            let prefix = usedPrefixes.contains(name) && !directory.isEmpty ? directory : name
            usedPrefixes.insert(prefix)
            var targets: [Target] = []
            var indexByName: [String: Int] = [:]
            for declaration in package.targets {
                let layout = TargetLayout(
                    target: declaration, packageDirectory: directory, existingDirectories: directories, spelling: spelling)
                if let index = indexByName[declaration.name] {
                    targets[index].layouts.append(layout)
                    targets[index].declarations.append(declaration)
                } else {
                    indexByName[declaration.name] = targets.count
                    targets.append(Target(id: prefix + "/" + declaration.name, declarations: [declaration], layouts: [layout]))
                }
            }
            packages.append(Package(project: package, directory: directory, idPrefix: prefix, targets: targets))
        }
        self.projects = ProjectMembership(projects: projects, usedPrefixes: &usedPrefixes, spelling: spelling)
        // Innermost first.
        self.packages = packages.sorted { lhs, rhs in
            let (lhsDepth, rhsDepth) = (RelativePath.depth(lhs.directory), RelativePath.depth(rhs.directory))
            return lhsDepth != rhsDepth ? lhsDepth > rhsDepth : lhs.project.path < rhs.project.path
        }
        var claimants: [String: [Claimant]] = [:]
        for (rank, package) in self.packages.enumerated() {
            var order = 0
            for target in package.targets {
                for layout in target.layouts {
                    defer { order += 1 }
                    guard layout.ownsSwiftSources, let directory = layout.directory else { continue }
                    claimants[directory, default: []].append(
                        Claimant(packageRank: rank, declarationOrder: order, id: target.id, layout: layout))
                }
            }
        }
        claimantsByDirectory = claimants
    }

    func map(files: [String]) -> Result {
        var filesByTarget: [String: [String]] = [:]
        var filesByProjectTarget: [Int: [String]] = [:]
        var looseFiles: [String: [String]] = [:]
        /// Loose module name → the config entry that named it first.
        var configEntryOfName: [String: Int] = [:]
        var modulesOfFile: [String: [String]] = [:]
        modulesOfFile.reserveCapacity(files.count)
        var uncompiledFiles: [String] = []
        // Each file's placement is independent of the others': found on every core, gathered in order.
        let placements = parallelMap(count: files.count) { placement(of: files[$0]) }
        for (file, placement) in zip(files, placements) {
            switch placement {
            case .compiled(let target, let members):
                if let target { filesByTarget[target, default: []].append(file) }
                for index in members { filesByProjectTarget[index, default: []].append(file) }
                modulesOfFile[file] = ((target.map { [$0] } ?? []) + members.map { projects.targets[$0].id }).sorted()
            case .uncompiled:
                uncompiledFiles.append(file)
            case .loose(let name, let entry):
                looseFiles[name, default: []].append(file)
                if let entry, configEntryOfName[name] == nil { configEntryOfName[name] = entry }
                modulesOfFile[file] = [name]
            }
        }

        var modules: [String: Module] = [:]
        for package in packages {
            for target in package.targets {
                let declaration = target.declaration
                let files = filesByTarget[target.id] ?? []
                // SwiftPM builds a `.target` holding a file named main.swift (any case, any folder) as an executable.
                let isExecutable = declaration.type == .regular
                    && files.contains { RelativePath.lastComponent($0).lowercased() == "main.swift" }
                modules[target.id] = Module(
                    id: target.id, name: declaration.name, package: package.project.name, manifest: package.project.path,
                    type: isExecutable ? .executable : declaration.type, path: target.layouts.first?.directory, files: files,
                    declaration: SourceLocation(file: package.project.path, line: declaration.line, column: declaration.column))
                modules[target.id]?.swiftSettings = declaration.swiftSettings
            }
        }
        for (index, member) in projects.targets.enumerated() {
            let files = (filesByProjectTarget[index] ?? []).sorted()
            let target = member.target
            let directory = files.isEmpty ? target.synchronizedFolders.first?.path : RelativePath.commonDirectory(of: files)
            modules[member.id] = Module(
                id: member.id, name: target.name, project: member.project.path, type: target.type,
                path: directory.map { $0.isEmpty ? "." : $0 }, files: files,
                declaration: SourceLocation(
                    file: target.file ?? member.project.declarationFile, line: max(target.line, 1),
                    column: max(target.column, 1)))
            modules[member.id]?.swiftSettings = target.swiftSettings
        }

        var config = ConfigDeclarations(file: configurationFile)
        var ownerOfName: [String: [String]] = [:]
        for module in modules.values { ownerOfName[module.name, default: []].append(module.id) }
        /// The module a config name stands for: the module with that id, else the only one with that name.
        func existingModule(named name: String) -> String? {
            if modules[name] != nil { return name }
            guard let owners = ownerOfName[name], owners.count == 1 else { return nil }
            return owners[0]
        }
        for (name, files) in looseFiles.sorted(by: { $0.key < $1.key }) {
            let entry = configEntryOfName[name].map { configEntries[$0] }
            if let id = entry == nil ? (modules[name] != nil ? name : nil) : existingModule(named: name) {
                // A config name that names an existing module joins it.
                modules[id]!.files = (modules[id]!.files + files).sorted()
                if let entry { config.apply(entry, to: &modules[id]!) }
                for file in files { modulesOfFile[file] = [id] }
                continue
            }
            let type: ModuleType = entry == nil ? .unassigned : .config
            let path = type == .unassigned
                ? (RelativePath.hasSlash(files[0]) ? RelativePath.firstComponent(files[0]) : ".")
                : RelativePath.commonDirectory(of: files)
            modules[name] = Module(id: name, name: name, type: type, path: path.isEmpty ? "." : path, files: files)
            if let entry { config.apply(entry, to: &modules[name]!) }
        }
        // Entries with a plain name that declare something about a module whose files came from elsewhere (a
        // project target's type, say).
        for entry in configEntries where entry.declares && !entry.mapping.name.contains("$") {
            guard looseFiles[entry.mapping.name] == nil, let id = existingModule(named: entry.mapping.name),
                  !config.describes(id) else { continue }
            config.apply(entry, to: &modules[id]!)
        }
        return Result(
            modules: modules.values.sorted { $0.id < $1.id }, modulesOfFile: modulesOfFile,
            diagnostics: unplaceableTargets() + missingProjectFiles(files),
            configProject: config.project(), uncompiledFiles: uncompiledFiles)
    }

    /// One `manifest-unresolved` per project target that lists Swift files that don't exist (Xcode shows them
    /// in red), at the target's declaration. Files that exist but discovery skipped or excluded are not missing.
    private func missingProjectFiles(_ files: [String]) -> [Diagnostic] {
        guard !projects.isEmpty else { return [] }
        let discovered = Set(files)
        return projects.targets.compactMap { member -> Diagnostic? in
            let target = member.target
            // An exception set may add resources (a localized `.xib`, an `Info.plist`): those aren't Swift files.
            let missing = (target.swiftSources + target.synchronizedAdditions).filter {
                $0.hasSuffix(".swift") && !discovered.contains($0) && !existsOnDisk($0)
            }.sorted()
            guard let first = missing.first else { return nil }
            let count = missing.count == 1 ? "a Swift file" : "\(missing.count) Swift files"
            return PipelineDiagnostics.manifestUnresolved(ProjectIssue(
                file: target.file ?? member.project.declarationFile,
                message: "target '\(target.name)' compiles \(count) that \(missing.count == 1 ? "doesn't" : "don't") exist "
                    + "(first: \(first)), so archlint can't check \(missing.count == 1 ? "it" : "them"); if a build "
                    + "phase generates \(missing.count == 1 ? "it" : "them") (secrets, codegen), keep this in the "
                    + "baseline, else remove \(missing.count == 1 ? "it" : "them") from the target or restore the files",
                line: target.line, column: target.column))
        }
    }

    /// Where one file belongs.
    private enum Placement: Sendable {
        /// The package target that claims it (its id), and the project targets (indexes into `projects.targets`)
        /// whose membership lists it; at least one of them.
        case compiled(String?, [Int])
        /// In a target's synchronized folder but excluded from every target: Xcode never compiles it.
        case uncompiled
        /// A config module (its name and the index of its entry) or an unassigned folder.
        case loose(String, Int?)
    }

    private func placement(of file: String) -> Placement {
        let target = owningTarget(of: file)
        let members = projects.isEmpty ? [] : projects.members(of: file)
        if target != nil || !members.isEmpty { return .compiled(target, members) }
        let (name, entry) = looseModule(of: file)
        if entry == nil, projects.isInSynchronizedFolder(file) || isExcludedFromItsTarget(file) { return .uncompiled }
        return .loose(name, entry)
    }

    /// The id of the target that compiles `file`: innermost package first, then the deepest target directory,
    /// then the first declared. Only the file's ancestor directories are looked up, so this is O(depth).
    func owningTarget(of file: String) -> String? {
        var best: (rank: Int, depth: Int, order: Int, id: String)?
        var directory = RelativePath.parent(file)
        var depth = RelativePath.depth(directory)
        while true {
            for claimant in claimantsByDirectory[directory] ?? [] where claimant.layout.claims(file) {
                let candidate = (rank: claimant.packageRank, depth: depth, order: claimant.declarationOrder, id: claimant.id)
                if let current = best,
                   (current.rank, -current.depth, current.order) <= (candidate.rank, -candidate.depth, candidate.order) {
                    continue
                }
                best = candidate
            }
            if directory.isEmpty { break }
            directory = RelativePath.parent(directory)
            depth -= 1
        }
        return best?.id
    }

    /// True when a package target's directory holds `file` and its `exclude:` leaves it out, and no other target
    /// claims it: SwiftPM never compiles it.
    private func isExcludedFromItsTarget(_ file: String) -> Bool {
        var directory = RelativePath.parent(file)
        while true {
            if (claimantsByDirectory[directory] ?? []).contains(where: { $0.layout.excludes(file) }) { return true }
            if directory.isEmpty { return false }
            directory = RelativePath.parent(directory)
        }
    }

    /// Targets whose `path:` leads outside the scanned root: SwiftPM would reject them and archlint can't map them.
    private func unplaceableTargets() -> [Diagnostic] {
        packages.flatMap { package in
            package.targets.flatMap { target in
                zip(target.layouts, target.declarations).compactMap { layout, declaration -> Diagnostic? in
                    guard layout.directory == nil, let path = declaration.packageLayout?.path else { return nil }
                    return PipelineDiagnostics.manifestUnresolved(ProjectIssue(
                        file: package.project.path,
                        message: "target '\(declaration.name)' has path \"\(path)\", which leads outside the scanned "
                            + "root; archlint can't map its files — keep target paths inside the package directory",
                        line: declaration.line, column: declaration.column))
                }
            }
        }
    }

    /// The config module `file` falls into (its name and the index of the entry), else its unassigned folder.
    private func looseModule(of file: String) -> (String, Int?) {
        var name = ""
        let match = mappingGlobs.firstMatchWithCaptures(file) { index, captures in
            name = Glob.substitute(configEntries[index].mapping.name, captures: captures)
            return !name.isEmpty
        }
        if let match { return (name, match.index) }
        return (RelativePath.hasSlash(file) ? RelativePath.firstComponent(file) : rootName, nil)
    }
}

/// What config `modules:` entries say about modules beyond their files: a `type:` (which wins over the
/// module's own) and `dependencies:`, collected as one `ProjectFacts` (source `.config`) so the graph stage
/// reads declared dependencies in one shape. Each target is named by the id of the module it describes.
struct ConfigDeclarations {
    let file: String
    private var targets: [String: ProjectTarget] = [:]

    init(file: String) {
        self.file = file
    }

    func describes(_ moduleID: String) -> Bool { targets[moduleID] != nil }

    /// Applies `entry` to `module` (the first entry to describe a module wins).
    mutating func apply(_ entry: ModuleMapper.ConfigEntry, to module: inout Module) {
        guard entry.declares, targets[module.id] == nil else { return }
        // A module the config alone declares is declared in the config file; one it joins keeps its project.
        if module.type == .config { module.project = file }
        if let type = entry.mapping.type { module.type = type }
        var target = ProjectTarget(
            name: module.id, productTypeIdentifier: nil,
            dependencies: (entry.mapping.dependencies ?? []).map {
                ProjectTargetDependency(kind: .module, name: $0, file: file, line: 1, column: 1)
            },
            file: file, line: 1, column: 1)
        target.type = module.type
        targets[module.id] = target
    }

    /// nil when no entry declared anything.
    func project() -> ProjectFacts? {
        guard !targets.isEmpty else { return nil }
        return ProjectFacts(
            path: file, source: .config, name: "config", targets: targets.values.sorted { $0.name < $1.name })
    }
}
