import ArchlintModel

/// Which skimmed files (read for their imports only, `FileReading.skimmed`) the parsed files reach by name, so
/// that they must be parsed too. What the analyses do with a declaration they find by name can change their
/// output, so every declaration that could change it must be there. The rules look up, by simple name:
/// - what a call names (its callee, arguments, enclosing type: a builder's argument type and the members of the
///   type it is made in), the generic arguments of an inheritance (a component's Dependency, is it declared?),
///   and a demand's companion names (`HomeRouter` → `HomeInteractor`, `HomeBuilder`): any declaration or
///   extension of those is reached;
/// - what a declaration inherits: a superclass or a refined protocol. Of a protocol the members count (a
///   Dependency protocol's requirements); of anything else only its own header and its extensions' (a
///   conformance a superclass's extension adds), so a skimmed declaration or extension of that name is reached
///   when it is a protocol or its header holds more than the name;
/// - what the rules walk, by its own name (the other declarations and extensions of a view, a builder, a
///   component): a skimmed one is reached when its header holds more than the name, or is a protocol; an
///   extension of a parsed class when it holds anything (a component's providers); any declaration or extension
///   sharing its name when a property of the parsed one has a type the demand names (`view-router-shortcut`
///   finds calls on a router property declared in another extension of the view).
/// Members that could matter otherwise hold what a demand names, so their files are parsed anyway. A skimmed
/// declaration whose header builds on a parsed class (or protocol) is reached too: a class on a component base
/// is one, a protocol refining a Dependency protocol is one. With `ScanDemand.followsEveryName` (a team's type
/// rules) every declaration or extension of any of those names, and any header naming a parsed type, is reached.
/// Applied until nothing new is reached (each newly parsed file adds its names). The skimmed names over-state
/// what a parse would find (`SourceShape` reads any identifier after `class` as declared), which only makes more
/// files parsed.
struct TypeRelevance {
    /// Any declaration or extension of these counts.
    private(set) var named: Set<String> = []
    /// Superclasses and refined protocols: a protocol counts whole, anything else by its header.
    private(set) var inherited: Set<String> = []
    /// The parsed declarations' and extensions' own names: a declaration or extension counts by its header (and
    /// a protocol whole).
    private(set) var walked: Set<String> = []
    /// The parsed classes' names: any extension of these counts.
    private(set) var classes: Set<String> = []
    private(set) var protocols: Set<String> = []
    private let demand: ScanDemand

    init(_ demand: ScanDemand) {
        self.demand = demand
    }

    mutating func add(_ facts: FileFacts) {
        for type in facts.types {
            switch type.kind {
            case .class: classes.insert(type.name)
            case .protocol: protocols.insert(type.name)
            default: break
            }
            let own = TypeText.identifiers(type.name) + TypeText.identifiers(type.qualifiedName)
            walked.formUnion(own)
            own.forEach { addCompanions(of: $0) }
            let holdsDemanded = type.properties.contains { property in
                property.effectiveType.map { TypeText.identifiers($0).contains(where: demand.matches) } ?? false
            }
            if holdsDemanded { named.formUnion(own) }
            for entry in type.inheritance {
                let identifiers = TypeText.identifiers(entry)
                let base = entry.firstIndex(of: "<").map { TypeText.identifiers(String(entry[..<$0])) } ?? identifiers
                inherited.formUnion(base)
                named.formUnion(identifiers.filter { !base.contains($0) })
            }
        }
        for call in facts.calls {
            named.formUnion(TypeText.identifiers(call.callee))
            for argument in call.arguments { named.formUnion(TypeText.identifiers(argument.value)) }
            for context in [call.contextType, call.enclosingType].compactMap({ $0 }) {
                named.formUnion(TypeText.identifiers(context))
            }
        }
    }

    func reaches(_ names: DeclarationNames) -> Bool {
        if demand.followsEveryName {
            let all = names.declared + names.extended
            return all.contains { named.contains($0) || inherited.contains($0) || walked.contains($0) }
                || names.referenced.contains { classes.contains($0) || protocols.contains($0) || walked.contains($0) }
        }
        return names.declared.contains(where: named.contains)
            || names.extended.contains(where: named.contains)
            || names.declaredProtocols.contains { inherited.contains($0) || walked.contains($0) }
            || names.declaredWithHeader.contains { inherited.contains($0) || walked.contains($0) }
            || names.extendedWithHeader.contains { inherited.contains($0) || walked.contains($0) }
            || names.extended.contains(where: classes.contains)
            || names.referencedByClasses.contains(where: classes.contains)
            || names.referencedByProtocols.contains(where: protocols.contains)
    }

    private mutating func addCompanions(of name: String) {
        for group in demand.companions {
            for suffix in group where name.count > suffix.count && name.hasSuffix(suffix) {
                let stem = name.dropLast(suffix.count)
                for other in group { named.insert(stem + other) }
            }
        }
    }
}
