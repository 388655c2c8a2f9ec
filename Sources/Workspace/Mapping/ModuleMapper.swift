import ArchlintModel

/// Assigns every Swift file to exactly one module:
/// 1. the innermost package (deepest manifest directory) with a target that claims it — SwiftPM conventions,
///    `path:`, `sources:`, `exclude:`; among overlapping targets of one package the deepest target directory wins,
///    then the first declared;
/// 2. else the first config `modules:` mapping whose glob matches, named by substituting its captures;
/// 3. else an `unassigned` module named after the file's top-level folder (files directly in the root: the
///    root folder's own name).
/// A config or unassigned module whose name equals another one's is the same module (a config mapping wins
/// the type).
struct ModuleMapper {
    struct Package {
        var manifest: ManifestFacts
        var directory: String
        var name: String
        /// Prefix of its target ids: the package name, or the manifest directory when the name is taken.
        var idPrefix: String
        var targets: [Target]
    }

    struct Target {
        var id: String
        /// The first declaration with this name.
        var declaration: TargetDecl { declarations[0] }
        /// Every declaration with this name (`#if` branches may declare a target twice), and their layouts.
        var declarations: [TargetDecl]
        var layouts: [TargetLayout]
    }

    struct Result {
        /// Sorted by id.
        var modules: [Module]
        /// File path → module id.
        var moduleOfFile: [String: String]
        /// `manifest-unresolved` for target paths archlint can't place (outside the scanned root).
        var diagnostics: [Diagnostic]
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
    /// `modules:` path globs, compiled once, and the name template of each.
    let mappingGlobs: GlobSet
    let mappingNames: [String]
    let rootName: String
    private let claimantsByDirectory: [String: [Claimant]]

    init(manifests: [ManifestFacts], configuration: ArchlintConfiguration, directories: Set<String>, rootName: String) {
        self.rootName = rootName
        let mappings = configuration.modules.compactMap { mapping in
            (try? Glob(mapping.path)).map { ($0, mapping.name) }
        }
        mappingGlobs = GlobSet(mappings.map(\.0))
        mappingNames = mappings.map(\.1)
        var usedPrefixes: Set<String> = []
        var packages: [Package] = []
        for manifest in manifests.sorted(by: { $0.path < $1.path }) {
            let directory = manifest.directory
            let name = manifest.packageName ?? (directory.isEmpty ? rootName : RelativePath.lastComponent(directory))
            let prefix = usedPrefixes.contains(name) && !directory.isEmpty ? directory : name
            usedPrefixes.insert(prefix)
            var targets: [Target] = []
            var indexByName: [String: Int] = [:]
            for declaration in manifest.targets {
                let layout = TargetLayout(target: declaration, packageDirectory: directory, existingDirectories: directories)
                if let index = indexByName[declaration.name] {
                    targets[index].layouts.append(layout)
                    targets[index].declarations.append(declaration)
                } else {
                    indexByName[declaration.name] = targets.count
                    targets.append(Target(id: prefix + "/" + declaration.name, declarations: [declaration], layouts: [layout]))
                }
            }
            packages.append(Package(manifest: manifest, directory: directory, name: name, idPrefix: prefix, targets: targets))
        }
        // Innermost first.
        self.packages = packages.sorted { lhs, rhs in
            let (lhsDepth, rhsDepth) = (RelativePath.depth(lhs.directory), RelativePath.depth(rhs.directory))
            return lhsDepth != rhsDepth ? lhsDepth > rhsDepth : lhs.manifest.path < rhs.manifest.path
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
        var looseFiles: [String: [String]] = [:]
        var configModuleNames: Set<String> = []
        var moduleOfFile: [String: String] = [:]
        moduleOfFile.reserveCapacity(files.count)
        for file in files {
            if let target = owningTarget(of: file) {
                filesByTarget[target, default: []].append(file)
                moduleOfFile[file] = target
                continue
            }
            let (name, type) = looseModule(of: file)
            looseFiles[name, default: []].append(file)
            if type == .config { configModuleNames.insert(name) }
            moduleOfFile[file] = name
        }

        var modules: [String: Module] = [:]
        for package in packages {
            for target in package.targets {
                let declaration = target.declaration
                modules[target.id] = Module(
                    id: target.id, name: declaration.name, package: package.name, manifest: package.manifest.path,
                    type: ModuleType(declaration.kind), path: target.layouts.first?.directory,
                    files: filesByTarget[target.id] ?? [],
                    declaration: SourceLocation(file: package.manifest.path, line: declaration.line, column: declaration.column))
            }
        }
        for (name, files) in looseFiles {
            if modules[name] != nil {
                // A config name that equals a target id joins that target.
                modules[name]!.files = (modules[name]!.files + files).sorted()
                continue
            }
            let type: ModuleType = configModuleNames.contains(name) ? .config : .unassigned
            let path = type == .unassigned
                ? (RelativePath.hasSlash(files[0]) ? RelativePath.firstComponent(files[0]) : ".")
                : RelativePath.commonDirectory(of: files)
            modules[name] = Module(id: name, name: name, type: type, path: path.isEmpty ? "." : path, files: files)
        }
        return Result(
            modules: modules.values.sorted { $0.id < $1.id }, moduleOfFile: moduleOfFile, diagnostics: unplaceableTargets())
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

    /// Targets whose `path:` leads outside the scanned root: SwiftPM would reject them and archlint can't map them.
    private func unplaceableTargets() -> [Diagnostic] {
        packages.flatMap { package in
            package.targets.flatMap { target in
                zip(target.layouts, target.declarations).compactMap { layout, declaration -> Diagnostic? in
                    guard layout.directory == nil, let path = declaration.path else { return nil }
                    return PipelineDiagnostics.manifestUnresolved(
                        manifest: package.manifest.path,
                        issue: ManifestIssue(
                            message: "target '\(declaration.name)' has path \"\(path)\", which leads outside the scanned "
                                + "root; archlint can't map its files — keep target paths inside the package directory",
                            line: declaration.line, column: declaration.column))
                }
            }
        }
    }

    private func looseModule(of file: String) -> (String, ModuleType) {
        var name = ""
        let match = mappingGlobs.firstMatchWithCaptures(file) { index, captures in
            name = Glob.substitute(mappingNames[index], captures: captures)
            return !name.isEmpty
        }
        if match != nil { return (name, .config) }
        return (RelativePath.hasSlash(file) ? RelativePath.firstComponent(file) : rootName, .unassigned)
    }
}
