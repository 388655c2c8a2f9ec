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
        var declaration: TargetDecl
        /// One layout per declaration with this name (`#if` branches may declare a target twice).
        var layouts: [TargetLayout]
    }

    struct Result {
        /// Sorted by id.
        var modules: [Module]
        /// File path → module id.
        var moduleOfFile: [String: String]
    }

    let packages: [Package]
    let mappings: [(glob: Glob, name: String)]
    let rootName: String

    init(manifests: [ManifestFacts], configuration: ArchlintConfiguration, directories: Set<String>, rootName: String) {
        self.rootName = rootName
        mappings = configuration.modules.compactMap { mapping in
            (try? Glob(mapping.path)).map { ($0, mapping.name) }
        }
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
                } else {
                    indexByName[declaration.name] = targets.count
                    targets.append(Target(id: prefix + "/" + declaration.name, declaration: declaration, layouts: [layout]))
                }
            }
            packages.append(Package(manifest: manifest, directory: directory, name: name, idPrefix: prefix, targets: targets))
        }
        // Innermost first.
        self.packages = packages.sorted { lhs, rhs in
            let (lhsDepth, rhsDepth) = (RelativePath.depth(lhs.directory), RelativePath.depth(rhs.directory))
            return lhsDepth != rhsDepth ? lhsDepth > rhsDepth : lhs.manifest.path < rhs.manifest.path
        }
    }

    func map(files: [String]) -> Result {
        var filesByTarget: [String: [String]] = [:]
        var loose: [String: (type: ModuleType, files: [String])] = [:]
        var moduleOfFile: [String: String] = [:]
        for file in files {
            if let target = owningTarget(of: file) {
                filesByTarget[target, default: []].append(file)
                moduleOfFile[file] = target
                continue
            }
            let (name, type) = looseModule(of: file)
            if var module = loose[name] {
                module.files.append(file)
                if type == .config { module.type = .config }
                loose[name] = module
            } else {
                loose[name] = (type, [file])
            }
            moduleOfFile[file] = name
        }

        var modules: [String: Module] = [:]
        for package in packages {
            for target in package.targets {
                let declaration = target.declaration
                modules[target.id] = Module(
                    id: target.id, name: declaration.name, package: package.name, manifest: package.manifest.path,
                    type: ModuleType(declaration.kind), path: target.layouts.first?.directory ?? declaration.path,
                    files: filesByTarget[target.id] ?? [],
                    declaration: SourceLocation(file: package.manifest.path, line: declaration.line, column: declaration.column))
            }
        }
        for (name, module) in loose {
            if var existing = modules[name] {
                // A config name that equals a target id joins that target.
                existing.files = (existing.files + module.files).sorted()
                modules[name] = existing
                continue
            }
            let path = module.type == .unassigned
                ? (module.files[0].contains("/") ? RelativePath.firstComponent(module.files[0]) : ".")
                : RelativePath.commonDirectory(of: module.files)
            modules[name] = Module(id: name, name: name, type: module.type, path: path.isEmpty ? "." : path, files: module.files)
        }
        return Result(modules: modules.values.sorted { $0.id < $1.id }, moduleOfFile: moduleOfFile)
    }

    /// The id of the target that compiles `file`, searching the innermost package first.
    func owningTarget(of file: String) -> String? {
        for package in packages where RelativePath.isInside(file, package.directory) {
            var best: (depth: Int, id: String)?
            for target in package.targets {
                for layout in target.layouts where layout.claims(file) {
                    let depth = RelativePath.depth(layout.directory ?? "")
                    if best == nil || depth > best!.depth { best = (depth, target.id) }
                }
            }
            if let best { return best.id }
        }
        return nil
    }

    private func looseModule(of file: String) -> (String, ModuleType) {
        for mapping in mappings {
            guard let captures = mapping.glob.matchWithCaptures(file) else { continue }
            let name = Glob.substitute(mapping.name, captures: captures)
            if !name.isEmpty { return (name, .config) }
        }
        return (file.contains("/") ? RelativePath.firstComponent(file) : rootName, .unassigned)
    }
}
