import ArchlintModel

/// Hand-built FileFacts for component graph tests: just the facts the scanner would produce.
enum Facts {
    static func file(
        _ path: String, module: String = "App", imports: [String] = ["NeedleFoundation"], types: [TypeDecl] = [],
        calls: [CallFact] = [], generated: Bool = false
    ) -> ScannedFile {
        ScannedFile(
            facts: FileFacts(
                path: path,
                imports: imports.enumerated().map { ImportDecl(module: $1, line: $0 + 1, column: 1) },
                types: types, calls: calls, isNeedleGenerated: generated),
            module: module)
    }

    static func component(
        _ name: String, _ superclass: String, line: Int = 3, properties: [PropertyDecl] = [],
        conformances: [String] = [], condition: String? = nil
    ) -> TypeDecl {
        TypeDecl(
            kind: .class, name: name, inheritance: [superclass] + conformances, condition: condition, line: line,
            column: 13, properties: properties)
    }

    static func dependency(_ name: String, inherits: [String] = ["Dependency"], line: Int = 1, properties: [PropertyDecl] = []) -> TypeDecl {
        TypeDecl(kind: .protocol, name: name, inheritance: inherits, line: line, column: 10, properties: properties)
    }

    static func `extension`(_ name: String, conformances: [String] = [], properties: [PropertyDecl] = [], accessLevel: String? = nil) -> TypeDecl {
        TypeDecl(kind: .extension, name: name, inheritance: conformances, accessLevel: accessLevel, line: 20, column: 11, properties: properties)
    }

    /// `public` unless said otherwise: a component body's property provides only when public (`NeedleProviderRule`).
    static func property(_ name: String, _ type: String?, line: Int = 5, inferred: String? = nil, access: String? = "public") -> PropertyDecl {
        PropertyDecl(name: name, type: type, inferredType: inferred, isComputed: true, accessLevel: access, line: line, column: 9)
    }

    static func child(
        _ callee: String, in parent: String, parent argument: String = "self", contextType: String? = nil,
        condition: String? = nil, line: Int = 10
    ) -> CallFact {
        CallFact(
            callee: callee, arguments: [CallArgument(label: "parent", value: argument)], contextType: contextType,
            enclosingType: parent, enclosingMember: "child", condition: condition, line: line, column: 27)
    }

    static func workspace(_ files: ScannedFile...) -> WorkspaceModel {
        WorkspaceModel(root: "/repo", files: files)
    }
}

extension ComponentGraph {
    /// `component|path|property -> provider`, for compact expectations.
    var resolutionLines: [String] {
        resolutions.map {
            "\($0.component)|\($0.path.joined(separator: ">"))|\($0.property): \($0.type) -> \($0.provider ?? "nil")"
        }
    }
}
