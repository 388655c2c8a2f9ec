import SwiftSyntax

/// A function (or computed property) of the helpers or a manifest.
struct TuistFunction {
    struct Parameter {
        var label: String?
        var name: String
        var type: String?
        var defaultValue: ExprSyntax?
        var isVariadic: Bool
        /// A closure a result builder runs (`@ConfigurationBuilder<Target> _ content: () -> [Target]`): an
        /// attribute on a parameter of a function type.
        var isResultBuilder = false
    }

    var name: String
    var parameters: [Parameter]
    var returnType: String?
    var body: CodeBlockItemListSyntax?
    /// The type it is declared in (for `Self`, sibling statics and `self`); nil for a global.
    var ownerType: String?
    var isStatic: Bool
    /// An `init`: runs with `self` a value of `ownerType` whose properties its body assigns.
    var isInitializer = false
    var file: String
    var node: Syntax
}

/// A stored `let`/`var` with an initializer: a global or a static property.
struct TuistStoredValue {
    var initializer: ExprSyntax?
    var type: String?
    var ownerType: String?
    var file: String
    var node: Syntax
}

/// A user enum: its cases in order with their raw values.
struct TuistEnum {
    /// One value of a case's payload: its label, and the value it defaults to (`useDemo: Bool = false`).
    struct PayloadSlot {
        var label: String?
        var defaultValue: ExprSyntax?
    }

    /// Each case with its raw value and its payload's types (`case domain(DomainModule)`), by position.
    var cases: [(name: String, rawValue: String?, payload: [String?])] = []
    /// Each case's payload slots, by case name, and the file declaring them (where defaults are evaluated).
    var slots: [String: [PayloadSlot]] = [:]
    var file = ""
    var isStringBacked = false
}

/// Everything the helper files and a manifest declare, by qualified name (`ModulePaths.Feature`,
/// `Project.makeModule`, `TargetDependency.Feature.BaseFeature`).
struct TuistDeclarations {
    /// Static functions by `Type.name`, globals by `name`.
    var functions: [String: [TuistFunction]] = [:]
    /// Instance methods and computed properties by name (any owner: protocol extensions included).
    var instanceMembers: [String: [TuistFunction]] = [:]
    /// Static stored properties by `Type.name`, globals by `name`.
    var stored: [String: TuistStoredValue] = [:]
    var enums: [String: TuistEnum] = [:]
    /// Every type declared (structs, enums, classes, and types only extended).
    var types: Set<String> = []
    /// The structs, enums and classes the helpers declare themselves (not ProjectDescription's, only extended).
    var declaredTypes: Set<String> = []
    /// Stored property names of user structs, in order (their memberwise initializer's labels).
    var structFields: [String: [String]] = [:]
    /// The declared types of those properties, by struct and property.
    var structFieldTypes: [String: [String: String]] = [:]
    /// The values those properties start with (`let projectName: String = "App"`), by struct and property, with
    /// the file that declares them: what a property no initializer set holds.
    var structFieldDefaults: [String: [String: (value: ExprSyntax, file: String)]] = [:]
    /// Every qualified static name (functions, properties, enum cases, nested types) by its last component.
    var staticsByName: [String: Set<String>] = [:]
    /// `typealias Dep = TargetDependency`: each alias the helpers declare at their top level, with the type it names.
    var typeAliases: [String: String] = [:]
    /// The protocols (and superclasses) each type names in its declaration and extensions.
    var conformances: [String: [String]] = [:]

    /// The static functions (or computed properties) `type.name`: its own, else a protocol extension's it conforms
    /// to, with the protocol that declares them.
    func staticFunctions(_ name: String, of type: String) -> [TuistFunction]? {
        if let own = functions["\(type).\(name)"] { return own }
        var queue = conformances[type] ?? []
        var seen: Set<String> = [type]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted, seen.count < 64 else { continue }
            if let inherited = functions["\(next).\(name)"] { return inherited }
            queue += conformances[next] ?? []
        }
        return nil
    }

    /// Whether a value of the helper type `type` is a `tested` (`Feature.home is Feature`, `is ModuleRepresentable`
    /// where `Feature` conforms to it): the type itself, or one it names in its declaration or extensions,
    /// transitively. Nested types compare by their last component too (`Module.Feature` is `Feature`).
    func isKind(_ type: String, of tested: String) -> Bool {
        func same(_ lhs: String, _ rhs: String) -> Bool {
            lhs == rhs || lhs.split(separator: ".").last == rhs.split(separator: ".").last
        }
        var queue = [type]
        var seen: Set<String> = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted, seen.count < 64 else { continue }
            if same(next, tested) { return true }
            queue += conformances[next] ?? []
        }
        return false
    }

    private mutating func conform(_ type: String, _ clause: InheritanceClauseSyntax?) {
        guard let clause else { return }
        conformances[type, default: []] += clause.inheritedTypes.map { canonicalType($0.type.trimmedDescription) }
    }

    /// Run over every file before `collect`, so an extension of an alias declared in a later file is the type's.
    mutating func collectTypeAliases(_ statements: CodeBlockItemListSyntax) {
        for item in statements {
            guard let alias = item.item.as(TypeAliasDeclSyntax.self), alias.genericParameterClause == nil else { continue }
            let named = Self.typeName(alias.initializer.value.trimmedDescription)
            guard named.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { continue }
            typeAliases[Self.bare(alias.name)] = named
        }
    }

    /// A written type, normalized (`typeName`) and with the helpers' aliases replaced (`[Dep]?` → `[TargetDependency]?`).
    func canonicalType(_ text: String) -> String {
        let type = Self.typeName(text)
        guard !typeAliases.isEmpty else { return type }
        return Self.replacingNames(in: type) { name in typeAliases[name] ?? name }
    }

    /// `text` with each name that isn't a member (after a `.`) replaced by `replacement` of it.
    private static func replacingNames(in text: String, _ replacement: (String) -> String) -> String {
        var result = ""
        var word = ""
        func flush() {
            if !word.isEmpty { result += result.last == "." ? word : replacement(word) }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    mutating func collect(_ statements: CodeBlockItemListSyntax, file: String, topLevel: Bool) {
        for item in statements {
            if let decl = item.item.as(DeclSyntax.self) {
                collect(decl, owner: nil, file: file, topLevel: topLevel)
            }
        }
    }

    private mutating func collect(_ decl: DeclSyntax, owner: String?, file: String, topLevel: Bool) {
        if let function = decl.as(FunctionDeclSyntax.self) {
            add(function, owner: owner, file: file)
        } else if let initializer = decl.as(InitializerDeclSyntax.self), let owner {
            let parameters = initializer.signature.parameterClause.parameters.map { parameter in
                let first = parameter.firstName.text
                return TuistFunction.Parameter(
                    label: first == "_" ? nil : first, name: parameter.secondName?.text ?? first,
                    type: canonicalType(parameter.type.trimmedDescription), defaultValue: parameter.defaultValue?.value,
                    isVariadic: parameter.ellipsis != nil, isResultBuilder: Self.isResultBuilder(parameter))
            }
            functions["\(owner).init", default: []].append(TuistFunction(
                name: "init", parameters: parameters, returnType: owner, body: initializer.body?.statements,
                ownerType: owner, isStatic: true, isInitializer: true, file: file, node: Syntax(initializer)))
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            // A manifest's own top-level stored variables run as statements, in order; a computed one is a
            // declaration, read wherever it is written (`var isCI: Bool { … }` at the end of the file).
            guard owner != nil || !topLevel || variable.bindings.contains(where: { $0.accessorBlock != nil }) else { return }
            add(variable, owner: owner, file: file)
        } else if let enumDecl = decl.as(EnumDeclSyntax.self) {
            let name = qualified(owner, enumDecl.name.text)
            types.insert(name)
            declaredTypes.insert(name)
            register(name)
            var value = enums[name] ?? TuistEnum()
            let inherited = enumDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            value.isStringBacked = inherited.contains("String")
            enums[name] = value
            conform(name, enumDecl.inheritanceClause)
            members(enumDecl.memberBlock, owner: name, file: file)
        } else if let structDecl = decl.as(StructDeclSyntax.self) {
            let name = qualified(owner, structDecl.name.text)
            types.insert(name)
            declaredTypes.insert(name)
            register(name)
            storedFields(structDecl.memberBlock, of: name, file: file)
            conform(name, structDecl.inheritanceClause)
            members(structDecl.memberBlock, owner: name, file: file)
        } else if let classDecl = decl.as(ClassDeclSyntax.self) {
            let name = qualified(owner, classDecl.name.text)
            types.insert(name)
            declaredTypes.insert(name)
            register(name)
            // A class's fields start as a struct's do (`class BaseProjectFactory { let projectName = "App" }`).
            storedFields(classDecl.memberBlock, of: name, file: file)
            conform(name, classDecl.inheritanceClause)
            members(classDecl.memberBlock, owner: name, file: file)
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            var name = canonicalType(extensionDecl.extendedType.trimmedDescription)
            // `extension Array where Element == TargetDependency`: the statics of `[TargetDependency]`; of `Set`,
            // those of `Set<FeatureType>`.
            if name == "Array" || name == "Set", let requirement = extensionDecl.genericWhereClause?.requirements.first?
                .requirement.as(SameTypeRequirementSyntax.self), requirement.leftType.trimmedDescription == "Element" {
                let element = canonicalType(requirement.rightType.trimmedDescription)
                name = name == "Array" ? "[\(element)]" : "Set<\(element)>"
            }
            types.insert(name)
            conform(name, extensionDecl.inheritanceClause)
            members(extensionDecl.memberBlock, owner: name, file: file)
        } else if let protocolDecl = decl.as(ProtocolDeclSyntax.self) {
            types.insert(qualified(owner, protocolDecl.name.text))
            conform(qualified(owner, protocolDecl.name.text), protocolDecl.inheritanceClause)
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                if let items = clause.elements?.as(CodeBlockItemListSyntax.self), owner == nil {
                    collect(items, file: file, topLevel: topLevel)
                } else if let members = clause.elements?.as(MemberBlockItemListSyntax.self), let owner {
                    for member in members { collect(member.decl, owner: owner, file: file, topLevel: false) }
                }
            }
        }
    }

    /// A type's stored instance properties in order, with their declared types and starting values.
    private mutating func storedFields(_ block: MemberBlockSyntax, of name: String, file: String) {
        var fields: [String] = []
        for member in block.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) else { continue }
            for binding in variable.bindings where binding.accessorBlock == nil {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                fields.append(Self.bare(pattern.identifier))
                if let type = binding.typeAnnotation?.type.trimmedDescription {
                    structFieldTypes[name, default: [:]][Self.bare(pattern.identifier)] = canonicalType(type)
                }
                if let value = binding.initializer?.value {
                    structFieldDefaults[name, default: [:]][Self.bare(pattern.identifier)] = (value, file)
                }
            }
        }
        structFields[name] = fields
    }

    private mutating func members(_ block: MemberBlockSyntax, owner: String, file: String) {
        for member in block.members {
            if let enumCase = member.decl.as(EnumCaseDeclSyntax.self) {
                for element in enumCase.elements {
                    let raw = element.rawValue.flatMap { Self.literal($0.value) }
                    let payload: [String?] = element.parameterClause?.parameters.map { canonicalType($0.type.trimmedDescription) } ?? []
                    enums[owner, default: TuistEnum()].cases.append((Self.bare(element.name), raw, payload))
                    enums[owner]?.slots[Self.bare(element.name)] = element.parameterClause?.parameters.map {
                        TuistEnum.PayloadSlot(label: $0.firstName.flatMap { $0.text == "_" ? nil : Self.bare($0) },
                                              defaultValue: $0.defaultValue?.value)
                    }
                    enums[owner]?.file = file
                    register("\(owner).\(Self.bare(element.name))")
                }
            } else {
                collect(member.decl, owner: owner, file: file, topLevel: false)
            }
        }
    }

    private mutating func add(_ function: FunctionDeclSyntax, owner: String?, file: String) {
        let isStatic = owner == nil || function.modifiers.contains { ["static", "class"].contains($0.name.text) }
        let parameters = function.signature.parameterClause.parameters.map { parameter in
            let first = parameter.firstName.text
            let second = parameter.secondName?.text
            return TuistFunction.Parameter(
                label: first == "_" ? nil : first, name: second ?? first,
                type: canonicalType(parameter.type.trimmedDescription), defaultValue: parameter.defaultValue?.value,
                isVariadic: parameter.ellipsis != nil, isResultBuilder: Self.isResultBuilder(parameter))
        }
        let value = TuistFunction(
            name: Self.bare(function.name), parameters: parameters,
            returnType: function.signature.returnClause.map { canonicalType($0.type.trimmedDescription) },
            body: function.body?.statements, ownerType: owner, isStatic: isStatic, file: file, node: Syntax(function))
        if isStatic {
            let key = qualified(owner, Self.bare(function.name))
            functions[key, default: []].append(value)
            register(key)
        } else {
            instanceMembers[Self.bare(function.name), default: []].append(value)
        }
    }

    private mutating func add(_ variable: VariableDeclSyntax, owner: String?, file: String) {
        let isStatic = owner == nil || variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        for binding in variable.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = Self.bare(pattern.identifier)
            let type = binding.typeAnnotation.map { canonicalType($0.type.trimmedDescription) }
            if let accessors = binding.accessorBlock {
                // A computed property: a function without parameters.
                let body: CodeBlockItemListSyntax? = switch accessors.accessors {
                case .getter(let statements): statements
                case .accessors(let list): list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
                }
                let function = TuistFunction(name: name, parameters: [], returnType: type, body: body, ownerType: owner,
                                             isStatic: isStatic, file: file, node: Syntax(binding))
                if isStatic {
                    stored[qualified(owner, name)] = nil
                    functions[qualified(owner, name), default: []].append(function)
                    register(qualified(owner, name))
                } else {
                    instanceMembers[name, default: []].append(function)
                }
            } else if isStatic {
                stored[qualified(owner, name)] = TuistStoredValue(
                    initializer: binding.initializer?.value, type: type, ownerType: owner, file: file, node: Syntax(binding))
                register(qualified(owner, name))
            }
        }
    }

    /// An attribute on a parameter of a function type is its result builder (`@TargetBuilder`).
    private static func isResultBuilder(_ parameter: FunctionParameterSyntax) -> Bool {
        !parameter.attributes.isEmpty && parameter.type.trimmedDescription.contains("->")
    }

    private func qualified(_ owner: String?, _ name: String) -> String {
        owner.map { "\($0).\(name)" } ?? name
    }

    private mutating func register(_ qualifiedName: String) {
        let last = qualifiedName.split(separator: ".").last.map(String.init) ?? qualifiedName
        staticsByName[last, default: []].insert(qualifiedName)
    }

    /// `ProjectDescription.Path` → `Path`; `[TargetDependency]?` stays as written (see `elementType`).
    /// A type named inside `scope` (`Feature` in `ModulePaths`), qualified as the helpers declare it: the innermost
    /// enclosing scope that declares it; nil when the helpers don't declare it.
    func resolvedType(_ name: String, from scope: String) -> String? {
        var components = scope.split(separator: ".").map(String.init)
        while true {
            let candidate = (components + [name]).joined(separator: ".")
            if types.contains(candidate) { return candidate }
            if components.isEmpty { return nil }
            components.removeLast()
        }
    }

    /// A type as written in `scope` (a helper's owner), its names qualified where the scope declares them:
    /// `Set<TargetType>` in `extension Project` is `Set<Project.TargetType>`.
    func qualifiedType(_ text: String?, from scope: String?) -> String? {
        guard let text, let scope, !scope.isEmpty else { return text }
        return Self.replacingNames(in: text) { name in
            types.contains(name) ? name : resolvedType(name, from: scope) ?? name
        }
    }

    /// The type `type` is nested in (`TargetDependency.Domain` for `TargetDependency.Domain.Stock`); nil at the top.
    static func enclosingType(of type: String) -> String? {
        var depth = 0
        for index in type.indices.reversed() {
            switch type[index] {
            case "]", ">": depth += 1
            case "[", "<": depth -= 1
            case "." where depth == 0: return String(type[..<index])
            default: break
            }
        }
        return nil
    }

    /// A declared name without its backticks (`` static let `default` `` is read as `.default`).
    static func bare(_ token: TokenSyntax) -> String {
        token.text.filter { $0 != "`" }
    }

    static func typeName(_ text: String) -> String {
        var result = text.filter { !$0.isWhitespace }
        for prefix in ["ProjectDescription.", "ProjectDescriptionHelpers.", "PackageDescription."] where result.contains(prefix) {
            result = result.replacingOccurrences(of: prefix, with: "")
        }
        result = result.replacingOccurrences(of: "Target.Dependency", with: "TargetDependency")
        // One spelling of a list type: `Array<T>` is `[T]`, as labels and parameters mostly write it.
        if result.hasPrefix("Array<"), result.hasSuffix(">") { result = "[" + result.dropFirst(6).dropLast() + "]" }
        return result
    }

    /// The type of one element of a collection type: `[T]`, `Set<T>`, `T?`, `T...` → `T`.
    static func elementType(_ type: String?) -> String? {
        guard var result = type else { return nil }
        while result.hasSuffix("?") || result.hasSuffix("!") { result.removeLast() }
        if result.hasPrefix("["), result.hasSuffix("]"), dictionaryTypes(result) == nil {
            return String(result.dropFirst().dropLast())
        }
        if result.hasPrefix("Set<"), result.hasSuffix(">") { return String(result.dropFirst(4).dropLast()) }
        if result.hasPrefix("Array<"), result.hasSuffix(">") { return String(result.dropFirst(6).dropLast()) }
        return result
    }

    /// The labels of a tuple type, by position (`(target: Target, testsTarget: Target?)` → `target`, `testsTarget`;
    /// nil where an element has none); nil for any other type.
    static func tupleLabels(_ type: String?) -> [String?]? {
        guard var text = type?.filter({ !$0.isWhitespace }) else { return nil }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        guard text.hasPrefix("("), text.hasSuffix(")") else { return nil }
        var labels: [String?] = []
        var element = ""
        var depth = 0
        for character in text.dropFirst().dropLast() + "," {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case "," where depth == 0:
                let parts = element.split(separator: ":", maxSplits: 1)
                labels.append(parts.count == 2 && parts[0].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? String(parts[0]) : nil)
                element = ""
                continue
            default: break
            }
            element.append(character)
        }
        return labels.count > 1 ? labels : nil
    }

    /// The key and value types of a dictionary type (`[K: V]`), nil for any other type.
    static func dictionaryTypes(_ type: String?) -> (key: String, value: String)? {
        guard var text = type?.filter({ !$0.isWhitespace }) else { return nil }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        let inner = text.dropFirst().dropLast()
        var depth = 0
        for index in inner.indices {
            switch inner[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 0: return (String(inner[..<index]), String(inner[inner.index(after: index)...]))
            default: break
            }
        }
        return nil
    }

    /// A plain type (optionals unwrapped).
    static func plainType(_ type: String?) -> String? {
        guard var result = type else { return nil }
        while result.hasSuffix("?") || result.hasSuffix("!") { result.removeLast() }
        return result
    }

    private static func literal(_ expression: ExprSyntax) -> String? {
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return integer.literal.text }
        return nil
    }

    /// The raw value of a case: as written, else the case's name for a `String` enum.
    func rawValue(type: String, name: String) -> String? {
        guard let value = enums[type], let found = value.cases.first(where: { $0.name == name }) else { return nil }
        return found.rawValue ?? (value.isStringBacked ? name : nil)
    }
}

import Foundation
