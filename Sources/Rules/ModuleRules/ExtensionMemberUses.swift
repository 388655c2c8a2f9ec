import ArchlintModel
import Graphs

/// Which members a dependency declares in extensions that a target's files use, by name (`FileFacts.memberNames`):
/// `@Dependency(\.fileClient)` where `FileClient` declares `extension DependencyValues { var fileClient … }`.
/// Swift finds a member declared in an extension in any module the build loads, imported or not (an error only
/// under the upcoming feature `MemberImportVisibility`, SE-0444), so such a dependency is used though no file
/// imports it.
///
/// Names carry no types. An instance member counts where a name follows a value (`\.fileClient`, `$0.apiClient`), a
/// static one where it follows a type or nothing (`UUID.deadbeef`, `.noop`), and a name counts for a dependency
/// only where it can mean nothing else:
/// - no other module the target sees (itself and what it declares, transitively) declares it in an extension
///   (`noop` in `extension FileClient` and in `extension ApiClient`: either may be meant);
/// - no module that doesn't see the dependency uses it: there it means something else, a member of the SDK or of a
///   type's own body (`filter`, `allCases`, `load`). Only modules whose dependencies are declared tell: a folder
///   no target claims (`unassigned`) or one the configuration maps (`config`) declares none, so what it sees is
///   unknown.
/// - the file using it doesn't declare it in a type's body (`MemberNames.usedOwn`): there it means the file's own,
///   and tells, as any other meaning does, that the name is not only the dependency's.
/// A name that only the target uses, and that the SDK, an unread package or a type of another file declares too,
/// can still be taken for the dependency's (archlint reads none of their member names).
struct ExtensionMemberUses {
    /// A name the target uses, the module of the dependency that declares it, and the files that use it.
    struct Use: Equatable {
        var name: String
        var declaringModule: String
        var files: [String]
    }

    private let declaredGraph: Digraph
    /// Modules whose declared dependencies say what they see (not `unassigned` or `config` folders).
    private let declaring: Set<String>
    /// A member name, and whether it is static (used on a type).
    private struct Member: Hashable, Comparable {
        var name: String
        var isStatic: Bool

        static func < (lhs: Member, rhs: Member) -> Bool { (lhs.name, lhs.isStatic ? 1 : 0) < (rhs.name, rhs.isStatic ? 1 : 0) }
    }

    /// Per module id: the members its files declare in extensions.
    private let declaredBy: [String: Set<Member>]
    /// The workspace's files, which the indices below point into.
    private let files: [ScannedFile]
    /// Per module id: the indices in `files` of its files.
    private let filesByModule: [String: [Int]]
    /// Who else uses the names a target uses: built the first time a target uses one, as most never do.
    private var others: (usersByMember: [Member: [Int]], ownUsersByName: [String: [Int]])?
    /// Per module id: itself and what it declares, transitively.
    private var visible: [String: Set<String>] = [:]

    init(_ workspace: WorkspaceModel, index: ModuleGraphIndex, declaredGraph: Digraph) {
        self.declaredGraph = declaredGraph
        declaring = Set(index.graph.nodes.filter { $0.type != .unassigned && $0.type != .config }.map(\.id))
        var declaredBy: [String: Set<Member>] = [:]
        var filesByModule: [String: [Int]] = [:]
        for (position, file) in workspace.files.enumerated() {
            filesByModule[file.module, default: []].append(position)
            let names = file.facts.memberNames
            guard !names.declaredInExtensions.isEmpty || !names.staticDeclaredInExtensions.isEmpty else { continue }
            declaredBy[file.module, default: []].formUnion(names.declaredInExtensions.map { Member(name: $0, isStatic: false) })
            declaredBy[file.module, default: []].formUnion(names.staticDeclaredInExtensions.map { Member(name: $0, isStatic: true) })
        }
        self.declaredBy = declaredBy
        self.files = workspace.files
        self.filesByModule = filesByModule
    }

    /// The names `module`'s files use that, of what it sees, only `dependency` (its module ids) declares in an
    /// extension, sorted; empty when there are none.
    mutating func uses(by module: String, of dependency: [String]) -> [Use] {
        let offered = dependency.reduce(into: Set<Member>()) { $0.formUnion(declaredBy[$1] ?? []) }
        guard !offered.isEmpty else { return [] }
        let targets = Set(dependency)
        let seen = visibleModules(from: module)
        let others = seen.subtracting(targets).reduce(into: Set<Member>()) { $0.formUnion(declaredBy[$1] ?? []) }
        let candidates = offered.subtracting(others)
        // The module's own files first: most targets use none of the names.
        var filesByMember: [Member: [String]] = [:]
        for position in filesByModule[module] ?? [] {
            let names = files[position].facts.memberNames
            for (used, isStatic) in [(names.used, false), (names.usedOnTypes, true)] {
                for name in used where candidates.contains(Member(name: name, isStatic: isStatic)) {
                    filesByMember[Member(name: name, isStatic: isStatic), default: []].append(files[position].facts.path)
                }
            }
        }
        guard !filesByMember.isEmpty else { return [] }
        let everyone = usersOfExtensionMembers()
        var uses: [Use] = []
        for (member, paths) in filesByMember.sorted(by: { $0.key < $1.key }) {
            let files = Array(Set(paths)).sorted()
            let ownUsers = Set((everyone.ownUsersByName[member.name] ?? []).map { self.files[$0].module })
            let users = Set((everyone.usersByMember[member] ?? []).map { self.files[$0].module })
            let meansSomethingElse = users.union(ownUsers).contains { user in
                !targets.contains(user) && declaring.contains(user) && visibleModules(from: user).isDisjoint(with: targets)
            }
            guard !meansSomethingElse, let declaring = dependency.sorted().first(where: { declaredBy[$0]?.contains(member) == true })
            else { continue }
            if let index = uses.firstIndex(where: { $0.name == member.name }) {
                uses[index].files = Array(Set(uses[index].files + files)).sorted()
            } else {
                uses.append(Use(name: member.name, declaringModule: declaring, files: files))
            }
        }
        return uses
    }

    /// Per member some extension declares, the files that use it; per such name, the files that use it as their own.
    private mutating func usersOfExtensionMembers() -> (usersByMember: [Member: [Int]], ownUsersByName: [String: [Int]]) {
        if let others { return others }
        // By name, one set per kind: every file's used names are looked up here, and most match nothing.
        var declaredAnywhere = (instance: Set<String>(), static: Set<String>())
        for member in declaredBy.values.joined() {
            if member.isStatic { declaredAnywhere.static.insert(member.name) } else { declaredAnywhere.instance.insert(member.name) }
        }
        // Indices, not paths: most names are used in many files, and only a few members are ever asked about.
        var usersByMember: [Member: [Int]] = [:]
        var ownUsersByName: [String: [Int]] = [:]
        for (index, file) in files.enumerated() {
            let names = file.facts.memberNames
            for name in names.used where declaredAnywhere.instance.contains(name) {
                usersByMember[Member(name: name, isStatic: false), default: []].append(index)
            }
            for name in names.usedOnTypes where declaredAnywhere.static.contains(name) {
                usersByMember[Member(name: name, isStatic: true), default: []].append(index)
            }
            for name in names.usedOwn where declaredAnywhere.instance.contains(name) || declaredAnywhere.static.contains(name) {
                ownUsersByName[name, default: []].append(index)
            }
        }
        others = (usersByMember, ownUsersByName)
        return (usersByMember, ownUsersByName)
    }

    private mutating func visibleModules(from module: String) -> Set<String> {
        if let known = visible[module] { return known }
        let modules = declaredGraph.reachable(from: [module]).union([module])
        visible[module] = modules
        return modules
    }
}
