import ArchlintModel

/// Which project targets compile a file: the Swift files of a target's Sources phase, every file under a
/// synchronized folder it owns except its exceptions, and the files of other targets' synchronized folders its
/// exception sets add. A file may belong to several targets (an app and its extension); all of them count.
struct ProjectMembership {
    /// A project target that is a module.
    struct TargetModule {
        var id: String
        var project: ProjectFacts
        var target: ProjectTarget
    }

    /// In project-path order, then declaration order. One per module id (a target name declared twice in one
    /// project is one module, its first declaration).
    let targets: [TargetModule]
    /// File → indices into `targets`.
    private let explicitMembers: [String: [Int]]
    /// Synchronized folder → the targets that own it and what each leaves out.
    private let folderOwners: [String: [(index: Int, excluded: Set<String>)]]

    /// Aggregate and legacy targets (no product type) compile nothing and are not modules.
    static func isModule(_ target: ProjectTarget) -> Bool {
        !(target.type == .other && target.productTypeIdentifier == nil)
    }

    /// - Parameters:
    ///   - usedPrefixes: module id prefixes already taken (by packages); a project whose name is taken prefixes its
    ///     ids with its path instead. Gains the prefixes used here.
    ///   - spelling: how the walk spells the targets' paths (their files, folders and exceptions are kept so).
    init(projects: [ProjectFacts], usedPrefixes: inout Set<String>, spelling: WalkedSpelling = .exact) {
        var targets: [TargetModule] = []
        var explicit: [String: [Int]] = [:]
        var folders: [String: [(index: Int, excluded: Set<String>)]] = [:]
        var seenIDs: Set<String> = []
        for project in projects.sorted(by: { $0.path < $1.path }) where project.source != .config && project.source != .swiftpm {
            let modules = project.targets.filter(Self.isModule)
            guard !modules.isEmpty else { continue }
            let prefix = usedPrefixes.contains(project.name) ? project.path : project.name
            usedPrefixes.insert(prefix)
            for var target in modules {
                Self.respell(&target, spelling)
                let id = prefix + "/" + target.name
                guard seenIDs.insert(id).inserted else { continue }
                let index = targets.count
                targets.append(TargetModule(id: id, project: project, target: target))
                for file in Set(target.swiftSources + target.synchronizedAdditions.filter { $0.hasSuffix(".swift") }) {
                    explicit[file, default: []].append(index)
                }
                // An exception set may add a whole folder of another target's synchronized folder.
                for folder in target.synchronizedAdditions where !RelativePath.lastComponent(folder).contains(".") {
                    folders[folder, default: []].append((index, []))
                }
                for folder in target.synchronizedFolders {
                    folders[folder.path, default: []].append((index, Set(folder.excluded)))
                }
            }
        }
        self.targets = targets
        self.explicitMembers = explicit
        self.folderOwners = folders
    }

    var isEmpty: Bool { targets.isEmpty }

    /// The target's files, synchronized folders and exceptions as the walk spells them.
    private static func respell(_ target: inout ProjectTarget, _ spelling: WalkedSpelling) {
        guard spelling.pathCase == .insensitive else { return }
        target.swiftSources = target.swiftSources.map(spelling.of)
        target.synchronizedAdditions = target.synchronizedAdditions.map(spelling.of)
        target.synchronizedFolders = target.synchronizedFolders.map {
            SynchronizedFolder(path: spelling.of($0.path), excluded: $0.excluded.map(spelling.of))
        }
    }

    /// True when `file` lies in a synchronized folder a target owns: the project covers it, so a file no target
    /// compiles there was left out on purpose (a membership exception), not forgotten.
    func isInSynchronizedFolder(_ file: String) -> Bool {
        guard !folderOwners.isEmpty else { return false }
        var directory = RelativePath.parent(file)
        while true {
            if folderOwners[directory] != nil { return true }
            if directory.isEmpty { return false }
            directory = RelativePath.parent(directory)
        }
    }

    /// Indices into `targets` of every target that compiles `file`, ascending. O(depth of the file).
    func members(of file: String) -> [Int] {
        var result = explicitMembers[file] ?? []
        guard !folderOwners.isEmpty else { return result }
        // Every ancestor folder, innermost first; for each owner, the file is out when it or a folder between
        // it and the synchronized folder is one of the owner's exceptions.
        var between: [String] = [file]
        var directory = RelativePath.parent(file)
        while true {
            for owner in folderOwners[directory] ?? [] where !between.contains(where: owner.excluded.contains) {
                result.append(owner.index)
            }
            if directory.isEmpty { break }
            between.append(directory)
            directory = RelativePath.parent(directory)
        }
        return Array(Set(result)).sorted()
    }
}
