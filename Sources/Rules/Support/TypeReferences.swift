import ArchlintModel
import Graphs

/// Where a type declaration (or extension) uses a type that a predicate picks: a property (stored or computed),
/// a function or initialiser parameter, a local variable, or a call on a value of such a type. The one answer
/// for `view-router-shortcut` and for the `reference` assertion of a team's type rules.
struct TypeReferences {
    enum Site: Hashable {
        case property(name: String, type: String)
        case parameter(name: String, type: String, function: String)
        case local(name: String, type: String, function: String)
        case call(base: String, member: String)
    }

    struct Located: Hashable {
        var site: Site
        var line: Int
        var column: Int

        /// What the site is about inside its type (`router`, `init.router`, `router.route`).
        var member: String {
            switch site {
            case .property(let name, _): name
            case .parameter(let name, _, let function), .local(let name, _, let function): "\(function).\(name)"
            case .call(let base, let member): "\(base).\(member)"
            }
        }
    }

    private let types: TypeIndex
    private let picks: (String) -> Bool
    private var verdicts: [String: Bool] = [:]
    /// Property names whose type is picked, over a type and all its extensions, once per type (keyed by the
    /// declarations it is: `TypeIndex.owners`, or its name where the workspace declares none).
    private var pickedProperties: [TypeIndex.TypeIdentity: Set<String>] = [:]

    /// - Parameter picks: whether a type text (`HomeRouting?`, `[Router]`, `Weak<HomeRouter>`) is one the caller
    ///   looks for.
    init(types: TypeIndex, picks: @escaping (String) -> Bool) {
        self.types = types
        self.picks = picks
    }

    /// A type text is picked when any identifier in it is (`HomeRouting?` → `HomeRouting`).
    static func identifierPicks(_ matches: @escaping (String) -> Bool) -> (String) -> Bool {
        { text in NeedleTypeText.identifiers(text).contains { $0.first?.isUppercase == true && matches($0) } }
    }

    mutating func isPicked(_ type: String?) -> Bool {
        guard let type else { return false }
        if let known = verdicts[type] { return known }
        let verdict = picks(type)
        verdicts[type] = verdict
        return verdict
    }

    /// Every site in `located`, in declaration order: properties, then each function's parameters and locals,
    /// then calls.
    mutating func sites(in located: LocatedType) -> [Located] {
        let key = types.identity(of: located)
        if pickedProperties[key] == nil {
            var names: Set<String> = []
            for property in types.declarationAndExtensions(of: located).flatMap(\.decl.properties) where isPicked(property.effectiveType) {
                names.insert(property.name)
            }
            pickedProperties[key] = names
        }
        var sites: [Located] = []
        for property in located.decl.properties where isPicked(property.effectiveType) {
            sites.append(Located(site: .property(name: property.name, type: property.effectiveType ?? ""), line: property.line, column: property.column))
        }
        for function in located.decl.functions {
            for parameter in function.parameters where isPicked(parameter.type) {
                sites.append(Located(
                    site: .parameter(name: parameter.name, type: parameter.type, function: function.name),
                    line: parameter.line, column: parameter.column))
            }
            for local in function.locals where isPicked(local.effectiveType) {
                sites.append(Located(
                    site: .local(name: local.name, type: local.effectiveType ?? "", function: function.name),
                    line: local.line, column: local.column))
            }
        }
        for access in located.decl.memberAccesses where access.isCall {
            guard isPickedValue(access, in: located, properties: pickedProperties[key]!) else { continue }
            sites.append(Located(site: .call(base: access.base, member: access.member), line: access.line, column: access.column))
        }
        return sites
    }

    /// Whether the base of a member access holds a picked type: a local or parameter of the enclosing function,
    /// else a property of the type.
    private mutating func isPickedValue(_ access: MemberAccess, in located: LocatedType, properties: Set<String>) -> Bool {
        for function in located.decl.functions where function.name == access.function {
            if let local = function.locals.first(where: { $0.name == access.base }) {
                return isPicked(local.effectiveType)
            }
            if let parameter = function.parameters.first(where: { $0.name == access.base }) {
                return isPicked(parameter.type)
            }
        }
        return properties.contains(access.base)
    }
}
