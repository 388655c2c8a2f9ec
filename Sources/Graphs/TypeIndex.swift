import ArchlintModel

/// A type declaration or extension together with the file it comes from. A class: the index, the Needle
/// analysis and the rules pass these around by the thousand, and a reference costs one retain where the value
/// (a `TypeDecl` of many arrays, plus strings and a set) cost a dozen.
public final class LocatedType: Hashable, Sendable {
    public let decl: TypeDecl
    public let path: String
    /// The module's name (`Catalog`, not the id `NeedleTree/Catalog`).
    public let module: String
    /// The name `import` uses for the module: an Xcode target's `PRODUCT_MODULE_NAME`, say, where its name is
    /// `Catalog-iOS`.
    public let importName: String
    /// The file's imported module names.
    public let imports: Set<String>

    /// The simple name: the last dotted component (extensions may be written `Feature.Root`). Stored: rules
    /// read it for every type, many times.
    public let simpleName: String

    /// - Parameter importName: the module's import name; nil: its name as a C99 identifier.
    public init(decl: TypeDecl, path: String, module: String, importName: String? = nil, imports: Set<String>) {
        self.decl = decl
        self.path = path
        self.module = module
        self.importName = importName ?? ModuleNaming.c99Identifier(module)
        self.imports = imports
        self.simpleName = NeedleTypeText.lastComponent(decl.name)
    }

    public var location: SourceLocation { SourceLocation(file: path, line: decl.line, column: decl.column) }

    public static func == (lhs: LocatedType, rhs: LocatedType) -> Bool {
        lhs === rhs || (lhs.path == rhs.path && lhs.module == rhs.module && lhs.importName == rhs.importName
            && lhs.decl == rhs.decl && lhs.imports == rhs.imports)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(decl.name)
        hasher.combine(decl.line)
        hasher.combine(decl.column)
    }
}

/// What a walk over a kind of declaration reads of each before it picks some (`TypeIndex.all(_:where:)`): the
/// declaration without its position or members. A view: making one copies nothing.
public struct TypeHeader: Sendable {
    private let located: LocatedType

    public init(_ located: LocatedType) { self.located = located }

    /// What a header shows of `decl`: all of it but its position and members, so a field added to `TypeDecl` is
    /// shown unless removed here. `AnalysisInputs.needle` digests this of a declaration walked but not picked.
    public static func shown(of decl: TypeDecl) -> TypeDecl {
        var header = decl
        (header.line, header.column) = (0, 0)
        (header.properties, header.functions, header.memberAccesses) = ([], [], [])
        return header
    }

    public var simpleName: String { located.simpleName }
    public var kind: TypeDeclKind { located.decl.kind }
    public var name: String { located.decl.name }
    public var qualifiedName: String { located.decl.qualifiedName }
    public var inheritance: [String] { located.decl.inheritance }
    public var accessLevel: String? { located.decl.accessLevel }
    public var attributes: [String] { located.decl.attributes }
    public var condition: String? { located.decl.condition }
}

/// Every type declaration and extension of a workspace by simple name. Files written by needle's generator
/// are left out: they are output, not source.
public struct TypeIndex: Sendable {
    /// Declarations (not extensions) by `key(of:)`, each in file order.
    private var declarationsByName: [String: [LocatedType]] = [:]
    private var extensionsByName: [String: [LocatedType]] = [:]
    /// All declarations and extensions, in file order.
    private var allTypes: [LocatedType] = []
    /// Where lookups are recorded; nil: they aren't.
    public private(set) var reads: TypeReads?
    /// Where each file's types are in `all`, with the module id they were located in.
    private var fileRanges: [String: FileRange] = [:]

    /// Where one file's types are in `all`, and the module id they were located in.
    private struct FileRange: Sendable {
        var module: String
        var range: Range<Int>
    }
    /// The files indexed, in order, each as its path and module id: two indexes with equal keys are equal.
    public private(set) var sourceKeys: [SourceKey] = []

    /// A file of an index: its path and the module id it was indexed in.
    public struct SourceKey: Hashable, Sendable {
        public var path: String
        public var module: String
    }

    /// - Parameters:
    ///   - shared: an index of the same workspace's files (a superset, say), whose located types are taken for
    ///     every file it located in the same module instead of being made again (scopes share the whole
    ///     workspace's).
    ///   - changed: paths whose facts differ from the ones `shared` located (it indexed another version of the
    ///     tree): those are located again.
    /// The index records its lookups where `shared` does.
    public init(_ workspace: WorkspaceModel, sharing shared: TypeIndex? = nil, except changed: Set<String> = []) {
        self.init(workspace, sources: Self.sourceFiles(workspace), sharing: shared, except: changed)
    }

    /// - Parameter sources: `sourceFiles(workspace)`, when the caller has it already.
    init(_ workspace: WorkspaceModel, sources: [ScannedFile], sharing shared: TypeIndex?, except changed: Set<String>) {
        let moduleNames = Self.moduleNames(workspace)
        let importNames = ModuleCatalog.importNames(workspace)
        sourceKeys = Self.keys(sources)
        reads = shared?.reads
        // Sized up front: growing tables of thousands of names rehashes them several times.
        fileRanges.reserveCapacity(sources.count)
        if let shared {
            allTypes.reserveCapacity(shared.allTypes.count)
            declarationsByName.reserveCapacity(shared.declarationsByName.count)
            extensionsByName.reserveCapacity(shared.extensionsByName.count)
        } else {
            allTypes.reserveCapacity(sources.reduce(0) { $0 + $1.facts.types.count })
            declarationsByName.reserveCapacity(allTypes.capacity)
        }
        for file in sources {
            let start = allTypes.count
            if let shared, let entry = shared.fileRanges[file.path],
               Self.takesShared(file, locatedIn: entry.module, except: changed) {
                allTypes += shared.allTypes[entry.range]
            } else {
                let imports = Set(file.facts.imports.map(\.module))
                for decl in file.facts.types {
                    allTypes.append(LocatedType(
                        decl: decl, path: file.path, module: moduleNames[file.module] ?? file.module,
                        importName: importNames[file.module], imports: imports))
                }
            }
            fileRanges[file.path] = FileRange(module: file.module, range: start..<allTypes.count)
            for located in allTypes[start...] {
                if located.decl.kind == .extension {
                    extensionsByName[located.simpleName, default: []].append(located)
                } else {
                    declarationsByName[located.simpleName, default: []].append(located)
                }
            }
        }
    }

    /// The files whose declarations count, sorted by path: needle's generated files left out, and a file that
    /// several modules compile taken once (with its first module), since its facts are the same.
    public static func sourceFiles(_ workspace: WorkspaceModel) -> [ScannedFile] {
        let files = workspace.files
        var order: [(path: String, index: Int)] = []
        order.reserveCapacity(files.count)
        for index in files.indices where !files[index].facts.isNeedleGenerated {
            order.append((files[index].facts.path, index))
        }
        // A scan lists files by path already; sorting is for models built otherwise.
        if zip(order, order.dropFirst()).contains(where: { !($0.path < $1.path || ($0.path == $1.path && $0.index < $1.index)) }) {
            order.sort { ($0.path, $0.index) < ($1.path, $1.index) }
        }
        var sources: [ScannedFile] = []
        sources.reserveCapacity(order.count)
        var previous: String?
        // Sorted, so a path's memberships are neighbours: the first one is kept.
        for entry in order where entry.path != previous {
            sources.append(files[entry.index])
            previous = entry.path
        }
        return sources
    }

    /// Whether what a shared index or analysis made of a file (located in `module`) holds for `file`: the same
    /// module, and facts that didn't change. The one answer for types and calls alike.
    static func takesShared(_ file: ScannedFile, locatedIn module: String, except changed: Set<String>) -> Bool {
        module == file.module && !changed.contains(file.path)
    }

    /// The `sourceKeys` an index of these sources has.
    static func keys(_ sources: [ScannedFile]) -> [SourceKey] {
        sources.map { SourceKey(path: $0.facts.path, module: $0.module) }
    }

    /// The `sourceKeys` an index of the workspace has.
    public static func sourceKeys(_ workspace: WorkspaceModel) -> [SourceKey] {
        keys(sourceFiles(workspace))
    }

    /// Module id → module name.
    public static func moduleNames(_ workspace: WorkspaceModel) -> [String: String] {
        Dictionary(workspace.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name a declaration or extension is filed under: its simple name (`Feature.Root` → `Root`).
    public static func key(of decl: TypeDecl) -> String { NeedleTypeText.lastComponent(decl.name) }

    /// The same index, recording every lookup into `reads` (the copy shares the tables).
    public func recording(into reads: TypeReads?) -> TypeIndex {
        var copy = self
        copy.reads = reads
        return copy
    }

    // MARK: - Lookups (recorded)

    /// All declarations and extensions, in file order. Reading them all is recorded as reading everything: a
    /// recorded reader walks one kind by header instead (`all(_:where:)`, `headers(_:)`).
    public var all: [LocatedType] {
        reads?.readEverything()
        return allTypes
    }

    /// The declarations (or extensions) of one kind that `isPicked` picks by their headers, in file order. A
    /// recorded index notes the kind as walked by header, and each picked declaration as read in full.
    public func all(_ kind: TypeDeclKind, where isPicked: (TypeHeader) -> Bool) -> [LocatedType] {
        reads?.read(kind: kind)
        var picked: [LocatedType] = []
        for located in allTypes where located.decl.kind == kind && isPicked(TypeHeader(located)) {
            reads?.read(name: located.simpleName)
            picked.append(located)
        }
        return picked
    }

    /// The headers of every declaration (or extension) of one kind, in file order.
    public func headers(_ kind: TypeDeclKind) -> [TypeHeader] {
        reads?.read(kind: kind)
        return allTypes.compactMap { $0.decl.kind == kind ? TypeHeader($0) : nil }
    }

    /// The declarations (not extensions) filed under a simple name, in file order.
    public func declarations(named name: String) -> [LocatedType] {
        reads?.read(name: name)
        return declarationsByName[name] ?? []
    }

    /// The extensions of a simple name, in file order.
    public func extensions(of name: String) -> [LocatedType] {
        reads?.read(name: name)
        return extensionsByName[name] ?? []
    }

    /// Every simple name something is declared under (read as everything).
    public var declaredNames: Set<String> {
        reads?.readEverything()
        return Set(declarationsByName.keys)
    }

    /// The declaration and every extension of a type.
    public func declarationsAndExtensions(of name: String) -> [LocatedType] {
        declarations(named: name) + extensions(of: name)
    }

    // MARK: - Visibility

    /// Where a name is used: a file's module and what it imports.
    public struct Viewpoint: Sendable {
        /// The module's name (as `LocatedType.module`).
        public var module: String
        /// The module names the file imports, compared with `LocatedType.importName`.
        public var imports: Set<String>

        public init(module: String, imports: Set<String>) {
            self.module = module
            self.imports = imports
        }

        /// The viewpoint of a declaration's own file.
        public init(_ located: LocatedType) {
            self.init(module: located.module, imports: located.imports)
        }
    }

    /// Of the declarations of one name, the ones a file means: those of its own module, else those of the modules
    /// it imports (by their import names, as the compiler reads `import`), else all of them (a name from further
    /// away, re-exported say, is not told apart). The one answer to "which of several same-named types is this";
    /// a unique name is always itself.
    public static func visible(_ candidates: [LocatedType], from viewpoint: Viewpoint) -> [LocatedType] {
        guard candidates.count > 1 else { return candidates }
        let own = candidates.filter { $0.module == viewpoint.module }
        if !own.isEmpty { return own }
        let imported = candidates.filter { viewpoint.imports.contains($0.importName) }
        return imported.isEmpty ? candidates : imported
    }

    /// The declarations (not extensions) of a simple name that a file at `viewpoint` means (`visible`).
    public func declarations(named name: String, seenFrom viewpoint: Viewpoint) -> [LocatedType] {
        Self.visible(declarations(named: name), from: viewpoint)
    }

    /// The declarations a declaration or extension belongs to: a declaration itself; an extension, the
    /// declarations of its name its file sees (none for a type declared outside the workspace).
    public func owners(of located: LocatedType) -> [LocatedType] {
        located.decl.kind == .extension ? declarations(named: located.simpleName, seenFrom: Viewpoint(located)) : [located]
    }

    /// One type as `owners` tells it: the declarations a declaration or extension belongs to, or its name where
    /// the workspace declares none. The key of per-type caches.
    public struct TypeIdentity: Hashable, Sendable {
        public var name: String
        public var owners: [LocatedType]
    }

    public func identity(of located: LocatedType) -> TypeIdentity {
        TypeIdentity(name: located.simpleName, owners: owners(of: located))
    }

    /// The declarations and extensions of the type a declaration or extension belongs to: its `owners`, and
    /// every extension whose file sees one of them (for a type declared outside the workspace, every extension
    /// of its name). Where one module declares a name, that is every extension of it.
    public func declarationAndExtensions(of located: LocatedType) -> [LocatedType] {
        let owners = owners(of: located)
        let extensions = extensions(of: located.simpleName)
        if owners.isEmpty || declarations(named: located.simpleName).count <= 1 { return owners + extensions }
        return owners + extensions.filter { candidate in
            declarations(named: candidate.simpleName, seenFrom: Viewpoint(candidate)).contains(where: owners.contains)
        }
    }

    public func protocols(named name: String) -> [LocatedType] {
        declarations(named: name).filter { $0.decl.kind == .protocol }
    }

    public func classes(named name: String) -> [LocatedType] {
        declarations(named: name).filter { $0.decl.kind == .class }
    }
}
