import ArchlintModel

/// Which skimmed files (read for their imports only, `FileReading.skimmed`) the parsed files reach by name, so
/// that they must be parsed too. What the analyses do with a declaration they find by name can change their
/// output, so every declaration they could find must be there:
/// - by a name the parsed files' facts hold (a declaration's or extension's name, an inherited type, a call's
///   callee or argument): the rules look up superclasses, conformances, extensions of what they walk, a
///   builder's dependency, a call's argument type. A skimmed file *declaring* such a name is reached.
/// - by inheriting what a parsed file declares: a class built on a component base, a protocol refining a
///   Dependency protocol is one itself. A skimmed file whose declaration *headers* name a declared type is
///   reached.
/// - by a companion name the demand lists (`ScanDemand.companions`: `HomeRouter` → `HomeBuilder`).
/// Applied until nothing new is reached (each newly parsed file adds its names). The skimmed names over-state
/// what a parse would find (`SourceShape` reads any identifier after `class` as declared), which only makes
/// more files parsed.
struct TypeRelevance {
    /// Names the analyses may look declarations up by.
    private(set) var lookedUp: Set<String> = []
    /// Names the parsed files declare or extend.
    private(set) var declared: Set<String> = []
    private let companions: [[String]]

    init(companions: [[String]]) {
        self.companions = companions
    }

    mutating func add(_ facts: FileFacts) {
        for type in facts.types {
            for name in TypeText.identifiers(type.name) + TypeText.identifiers(type.qualifiedName) {
                declared.insert(name)
                lookedUp.insert(name)
                addCompanions(of: name)
            }
            for inherited in type.inheritance { lookedUp.formUnion(TypeText.identifiers(inherited)) }
        }
        for call in facts.calls {
            lookedUp.formUnion(TypeText.identifiers(call.callee))
            for argument in call.arguments { lookedUp.formUnion(TypeText.identifiers(argument.value)) }
            for context in [call.contextType, call.enclosingType].compactMap({ $0 }) {
                lookedUp.formUnion(TypeText.identifiers(context))
            }
        }
    }

    func reaches(_ names: DeclarationNames) -> Bool {
        names.declared.contains(where: lookedUp.contains) || names.referenced.contains(where: declared.contains)
    }

    private mutating func addCompanions(of name: String) {
        for group in companions {
            for suffix in group where name.count > suffix.count && name.hasSuffix(suffix) {
                let stem = name.dropLast(suffix.count)
                for other in group { lookedUp.insert(stem + other) }
            }
        }
    }
}
