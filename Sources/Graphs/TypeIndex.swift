import ArchlintModel

/// A type declaration or extension together with the file it comes from. A class: the index, the Needle
/// analysis and the rules pass these around by the thousand, and a reference costs one retain where the value
/// (a `TypeDecl` of many arrays, plus strings and a set) cost a dozen.
public final class LocatedType: Hashable, Sendable {
    public let decl: TypeDecl
    public let path: String
    /// The module's name (`Catalog`, not the id `NeedleTree/Catalog`).
    public let module: String
    /// The file's imported module names.
    public let imports: Set<String>

    /// The simple name: the last dotted component (extensions may be written `Feature.Root`). Stored: rules
    /// read it for every type, many times.
    public let simpleName: String

    public init(decl: TypeDecl, path: String, module: String, imports: Set<String>) {
        self.decl = decl
        self.path = path
        self.module = module
        self.imports = imports
        self.simpleName = NeedleTypeText.lastComponent(decl.name)
    }

    public var location: SourceLocation { SourceLocation(file: path, line: decl.line, column: decl.column) }

    public static func == (lhs: LocatedType, rhs: LocatedType) -> Bool {
        lhs === rhs || (lhs.path == rhs.path && lhs.module == rhs.module && lhs.decl == rhs.decl && lhs.imports == rhs.imports)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(decl.name)
        hasher.combine(decl.line)
        hasher.combine(decl.column)
    }
}

/// Every type declaration and extension of a workspace by simple name. Files written by needle's generator
/// are left out: they are output, not source.
public struct TypeIndex: Sendable {
    /// Declarations (not extensions), in file order.
    public private(set) var declarations: [String: [LocatedType]] = [:]
    public private(set) var extensions: [String: [LocatedType]] = [:]
    /// All declarations and extensions, in file order.
    public private(set) var all: [LocatedType] = []
    /// Where each file's types are in `all`, with the module id they were located in.
    private var fileRanges: [String: FileRange] = [:]

    /// Where one file's types are in `all`, and the module id they were located in.
    private struct FileRange: Sendable {
        var module: String
        var range: Range<Int>
    }
    /// The files indexed, in order, each as its path and module id: two indexes with equal keys are equal.
    public private(set) var sourceKeys: [String] = []

    /// - Parameter shared: an index of the same workspace's files (a superset, say), whose located types are taken
    ///   for every file it located in the same module instead of being made again (scopes share the whole
    ///   workspace's).
    public init(_ workspace: WorkspaceModel, sharing shared: TypeIndex? = nil) {
        let moduleNames = Self.moduleNames(workspace)
        sourceKeys = Self.sourceKeys(workspace)
        for file in Self.sourceFiles(workspace) {
            let start = all.count
            if let shared, let entry = shared.fileRanges[file.path], entry.module == file.module {
                all += shared.all[entry.range]
            } else {
                let imports = Set(file.facts.imports.map(\.module))
                for decl in file.facts.types {
                    all.append(LocatedType(
                        decl: decl, path: file.path, module: moduleNames[file.module] ?? file.module, imports: imports))
                }
            }
            fileRanges[file.path] = FileRange(module: file.module, range: start..<all.count)
            for located in all[start...] {
                if located.decl.kind == .extension {
                    extensions[located.simpleName, default: []].append(located)
                } else {
                    declarations[located.simpleName, default: []].append(located)
                }
            }
        }
    }

    /// The files whose declarations count, sorted by path: needle's generated files left out, and a file that
    /// several modules compile taken once (with its first module), since its facts are the same.
    public static func sourceFiles(_ workspace: WorkspaceModel) -> [ScannedFile] {
        var seen: Set<String> = []
        return workspace.files.indices.filter { !workspace.files[$0].facts.isNeedleGenerated }
            .sorted { (workspace.files[$0].path, $0) < (workspace.files[$1].path, $1) }
            .compactMap { seen.insert(workspace.files[$0].path).inserted ? workspace.files[$0] : nil }
    }

    /// The `sourceKeys` an index of the workspace has.
    public static func sourceKeys(_ workspace: WorkspaceModel) -> [String] {
        sourceFiles(workspace).map { $0.path + "\u{0}" + $0.module }
    }

    /// Module id → module name.
    public static func moduleNames(_ workspace: WorkspaceModel) -> [String: String] {
        Dictionary(workspace.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The declaration and every extension of a type.
    public func declarationsAndExtensions(of name: String) -> [LocatedType] {
        (declarations[name] ?? []) + (extensions[name] ?? [])
    }

    public func protocols(named name: String) -> [LocatedType] {
        (declarations[name] ?? []).filter { $0.decl.kind == .protocol }
    }

    public func classes(named name: String) -> [LocatedType] {
        (declarations[name] ?? []).filter { $0.decl.kind == .class }
    }
}
