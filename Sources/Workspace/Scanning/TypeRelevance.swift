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
    /// What the parsed files make of a name.
    struct Roles: OptionSet {
        let rawValue: UInt8
        /// Any declaration or extension of it counts.
        static let named = Roles(rawValue: 1 << 0)
        /// A superclass, a refined protocol, or a parsed declaration's or extension's own name: a protocol counts
        /// whole, anything else by its header.
        static let byHeader = Roles(rawValue: 1 << 1)
        /// A parsed class: any extension of it counts, and a class header naming it.
        static let `class` = Roles(rawValue: 1 << 2)
        /// A parsed protocol: a protocol header naming it counts.
        static let `protocol` = Roles(rawValue: 1 << 3)
    }

    /// Every name the parsed files hold, with its roles: one lookup per skimmed name.
    private(set) var roles: [NameKey: Roles] = [:]
    private let demand: ScanDemand
    /// The demand's names and name parts, as bytes.
    private let words: [[UInt8]]

    init(_ demand: ScanDemand) {
        self.demand = demand
        words = (demand.names + demand.nameParts).map { Array($0.utf8) }
    }

    private mutating func mark<Names: Sequence<String>>(_ names: Names, _ role: Roles) {
        for name in names { roles[NameKey(name), default: []].insert(role) }
    }

    mutating func add(_ facts: FileFacts) {
        for type in facts.types {
            switch type.kind {
            case .class: mark(CollectionOfOne(type.name), .class)
            case .protocol: mark(CollectionOfOne(type.name), .protocol)
            default: break
            }
            let own = TypeText.identifiers(type.name) + TypeText.identifiers(type.qualifiedName)
            mark(own, .byHeader)
            own.forEach { addCompanions(of: $0) }
            if type.properties.contains(where: { $0.effectiveType.map(holdsDemanded) ?? false }) { mark(own, .named) }
            for entry in type.inheritance {
                let identifiers = TypeText.identifiers(entry)
                let base = entry.firstIndex(of: "<").map { TypeText.identifiers(String(entry[..<$0])) } ?? identifiers
                mark(base, .byHeader)
                mark(identifiers.filter { !base.contains($0) }, .named)
            }
        }
        for call in facts.calls {
            mark(TypeText.identifiers(call.callee), .named)
            for argument in call.arguments { mark(TypeText.identifiers(argument.value), .named) }
            for context in [call.contextType, call.enclosingType].compactMap({ $0 }) {
                mark(TypeText.identifiers(context), .named)
            }
        }
    }

    /// Whether a type text names what the demand names (the text is searched first: most hold nothing).
    private func holdsDemanded(_ text: String) -> Bool {
        var text = text
        let mentions = text.withUTF8 { bytes in
            words.contains { word in
                guard word.count <= bytes.count else { return false }
                return (0...(bytes.count - word.count)).contains { start in
                    bytes[start] == word[0] && word.indices.allSatisfy { bytes[start + $0] == word[$0] }
                }
            }
        }
        return mentions && TypeText.identifiers(text).contains(where: demand.matches)
    }

    func reaches(_ names: DeclarationNames) -> Bool {
        func any(_ list: [NameKey], _ wanted: Roles) -> Bool {
            list.contains { roles[$0].map { !$0.isDisjoint(with: wanted) } ?? false }
        }
        if demand.followsEveryName {
            return any(names.declared + names.extended, [.named, .byHeader])
                || any(names.referenced, [.class, .protocol, .byHeader])
        }
        return any(names.declared, .named)
            || any(names.declaredProtocols, .byHeader)
            || any(names.declaredWithHeader, .byHeader)
            || any(names.extended, [.named, .class])
            || any(names.extendedWithHeader, .byHeader)
            || any(names.referencedByClasses, .class)
            || any(names.referencedByProtocols, .protocol)
    }

    private mutating func addCompanions(of name: String) {
        for group in demand.companions {
            for suffix in group where name.count > suffix.count && name.hasSuffix(suffix) {
                let stem = name.dropLast(suffix.count)
                mark(group.map { stem + $0 }, .named)
            }
        }
    }
}
