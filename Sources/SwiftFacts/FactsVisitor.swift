import ArchlintModel
import SyntaxSupport
@_spi(RawSyntax) import SwiftSyntax

/// One walk over a file's syntax tree that collects imports, types (with their members and member accesses)
/// and `parent:`/`dependency:` calls, each with its enclosing `#if` condition.
///
/// Locations: 1-based line, 1-based column in UTF-8 bytes.
/// - imports: the start of the declaration (its first attribute or modifier, else `import`), where Xcode
///   puts the cursor for the whole statement;
/// - types, properties, functions, parameters, locals: the name token (`init` for initializers, the extended
///   type's first token for extensions, the first name for parameters);
/// - member accesses: the base name (`router` in `self.router.route()`);
/// - calls: the start of the call expression (the `.` of `.init(…)`).
final class FactsVisitor: SyntaxVisitor {
    private let lines: LineTable
    private let collectsCalls: Bool

    private(set) var imports: [ImportDecl] = []
    private(set) var types: [TypeDecl] = []
    private(set) var calls: [CallFact] = []
    /// A top-level `needleDependenciesHash` variable: needle's generator writes one into every output file.
    private(set) var declaresNeedleDependenciesHash = false

    private var conditions = ConditionStack()
    /// File scope first, then one scope per enclosing type declaration.
    private var scopes: [Scope] = [Scope(typeIndex: nil, qualifiedName: nil)]

    private struct Scope {
        var typeIndex: Int?
        var qualifiedName: String?
        var properties: [PropertyDecl] = []
        var functions: [FunctionDecl] = []
        var memberAccesses: [MemberAccess] = []
        /// The outermost declaration of this scope that encloses the walk: a function, initializer,
        /// property binding, subscript or deinit. Named for `CallFact.enclosingMember`.
        var memberName: String?
        var memberNode: SyntaxIdentifier?
        /// The member function whose body is being walked (index into `functions`): it owns locals.
        var functionIndex: Int?
        var functionNode: SyntaxIdentifier?
    }

    init(lines: LineTable, collectsCalls: Bool) {
        self.lines = lines
        self.collectsCalls = collectsCalls
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: - #if

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for (clause, condition) in node.clausesWithConditions {
            guard let elements = clause.elements else { continue }
            conditions.push(condition ?? "")
            walk(elements)
            conditions.pop()
        }
        return .skipChildren
    }

    // MARK: - Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = node.path.map(\.name.text)
        guard let module = path.first, !module.isEmpty else { return .skipChildren }
        let location = location(of: node.positionAfterSkippingLeadingTrivia)
        imports.append(
            ImportDecl(
                module: module,
                path: path,
                kind: node.importKindSpecifier?.text,
                attributes: node.attributes.compactMap { $0.as(AttributeSyntax.self).map { SyntaxText.normalized($0.attributeName) } },
                accessLevel: Self.accessLevel(node.modifiers),
                condition: conditions.current,
                line: location.line,
                column: location.column
            ))
        return .skipChildren
    }

    // MARK: - Types

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.class, name: node.name.text, at: node.name, node.inheritanceClause, node.modifiers, node.attributes)
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.struct, name: node.name.text, at: node.name, node.inheritanceClause, node.modifiers, node.attributes)
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.enum, name: node.name.text, at: node.name, node.inheritanceClause, node.modifiers, node.attributes)
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.protocol, name: node.name.text, at: node.name, node.inheritanceClause, node.modifiers, node.attributes)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.actor, name: node.name.text, at: node.name, node.inheritanceClause, node.modifiers, node.attributes)
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(
            .extension, name: SyntaxText.normalized(node.extendedType), at: node.extendedType, node.inheritanceClause,
            node.modifiers, node.attributes)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    private func enterType(
        _ kind: TypeDeclKind, name: String, at nameNode: some SyntaxProtocol, _ inheritance: InheritanceClauseSyntax?,
        _ modifiers: DeclModifierListSyntax, _ attributes: AttributeListSyntax
    ) -> SyntaxVisitorContinueKind {
        let qualifiedName = scopes.last?.qualifiedName.map { "\($0).\(name)" } ?? name
        let location = location(of: nameNode.positionAfterSkippingLeadingTrivia)
        types.append(
            TypeDecl(
                kind: kind,
                name: name,
                qualifiedName: qualifiedName,
                inheritance: inheritance?.inheritedTypes.map { SyntaxText.normalized($0.type) } ?? [],
                accessLevel: Self.accessLevel(modifiers),
                attributes: attributes.compactMap { $0.as(AttributeSyntax.self).map { SyntaxText.normalized($0.attributeName) } },
                isNonisolated: modifiers.contains { $0.name.tokenKind == .keyword(.nonisolated) },
                condition: conditions.current,
                line: location.line,
                column: location.column
            ))
        scopes.append(Scope(typeIndex: types.count - 1, qualifiedName: qualifiedName))
        return .visitChildren
    }

    private func leaveType() {
        let scope = scopes.removeLast()
        guard let index = scope.typeIndex else { return }
        types[index].properties = scope.properties
        types[index].functions = scope.functions
        types[index].memberAccesses = scope.memberAccesses
    }

    private var isTypeScope: Bool { scopes[scopes.count - 1].typeIndex != nil }

    // MARK: - Members

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(
            node, name: node.name.text, nameToken: node.name, signature: node.signature, modifiers: node.modifiers)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { leaveMember(node.id) }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterFunction(node, name: "init", nameToken: node.initKeyword, signature: node.signature, modifiers: node.modifiers)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { leaveMember(node.id) }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember(node.id, name: "deinit")
        return .visitChildren
    }
    override func visitPost(_ node: DeinitializerDeclSyntax) { leaveMember(node.id) }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember(node.id, name: "subscript")
        return .visitChildren
    }
    override func visitPost(_ node: SubscriptDeclSyntax) { leaveMember(node.id) }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        // Properties and globals name the member; locals inside a member don't (it is already named).
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let declaration = node.parent?.parent, Self.isMemberOrGlobal(declaration)
        {
            enterMember(node.id, name: name)
        }
        return .visitChildren
    }
    override func visitPost(_ node: PatternBindingSyntax) { leaveMember(node.id) }

    private func enterMember(_ id: SyntaxIdentifier, name: String) {
        guard scopes[scopes.count - 1].memberName == nil else { return }
        scopes[scopes.count - 1].memberName = name
        scopes[scopes.count - 1].memberNode = id
    }

    private func leaveMember(_ id: SyntaxIdentifier) {
        let last = scopes.count - 1
        if scopes[last].memberNode == id {
            scopes[last].memberName = nil
            scopes[last].memberNode = nil
        }
        if scopes[last].functionNode == id {
            scopes[last].functionIndex = nil
            scopes[last].functionNode = nil
        }
    }

    private func enterFunction(
        _ node: some DeclSyntaxProtocol, name: String, nameToken: TokenSyntax, signature: FunctionSignatureSyntax,
        modifiers: DeclModifierListSyntax
    ) {
        enterMember(node.id, name: name)
        let last = scopes.count - 1
        guard isTypeScope, scopes[last].functionIndex == nil, node.parent?.is(MemberBlockItemSyntax.self) == true else {
            return
        }
        let location = location(of: nameToken.positionAfterSkippingLeadingTrivia)
        let function = FunctionDecl(
            name: name,
            parameters: signature.parameterClause.parameters.map(parameter),
            returnType: signature.returnClause.map { SyntaxText.normalized($0.type) },
            isStatic: Self.isStatic(modifiers),
            accessLevel: Self.accessLevel(modifiers),
            condition: conditions.current,
            line: location.line,
            column: location.column
        )
        scopes[last].functions.append(function)
        scopes[last].functionIndex = scopes[last].functions.count - 1
        scopes[last].functionNode = node.id
    }

    private func parameter(_ node: FunctionParameterSyntax) -> ParameterDecl {
        let location = location(of: node.firstName.positionAfterSkippingLeadingTrivia)
        var type = SyntaxText.normalized(node.type)
        if node.ellipsis != nil { type += "..." }
        return ParameterDecl(
            label: node.firstName.text,
            name: (node.secondName ?? node.firstName).text,
            type: type,
            line: location.line,
            column: location.column
        )
    }

    // MARK: - Properties and locals

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let last = scopes.count - 1
        if isTypeScope, node.parent?.is(MemberBlockItemSyntax.self) == true {
            recordProperties(node, in: last)
        } else if let functionIndex = scopes[last].functionIndex {
            recordLocals(node, in: last, function: functionIndex)
        } else if scopes.count == 1, !declaresNeedleDependenciesHash, Self.isTopLevel(node) {
            declaresNeedleDependenciesHash = node.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "needleDependenciesHash"
            }
        }
        return .visitChildren
    }

    private func recordProperties(_ node: VariableDeclSyntax, in scope: Int) {
        let isStatic = Self.isStatic(node.modifiers)
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        let accessLevel = Self.accessLevel(node.modifiers)
        let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self).map { SyntaxText.normalized($0.attributeName) } }
        let bindings = Array(node.bindings)
        for (index, binding) in bindings.enumerated() {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let type = Self.annotatedType(of: index, in: bindings)
            let location = location(of: name.positionAfterSkippingLeadingTrivia)
            scopes[scope].properties.append(
                PropertyDecl(
                    name: name.text,
                    type: type,
                    inferredType: type == nil ? binding.initializer.flatMap { TypeInference.inferredType(of: $0.value) } : nil,
                    isStatic: isStatic,
                    isComputed: Self.isComputed(binding.accessorBlock),
                    isLet: isLet,
                    accessLevel: accessLevel,
                    attributes: attributes,
                    condition: conditions.current,
                    line: location.line,
                    column: location.column
                ))
        }
    }

    private func recordLocals(_ node: VariableDeclSyntax, in scope: Int, function: Int) {
        let bindings = Array(node.bindings)
        for (index, binding) in bindings.enumerated() {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else { continue }
            let type = Self.annotatedType(of: index, in: bindings)
            let location = location(of: name.positionAfterSkippingLeadingTrivia)
            scopes[scope].functions[function].locals.append(
                LocalVariable(
                    name: name.text,
                    type: type,
                    inferredType: type == nil ? binding.initializer.flatMap { TypeInference.inferredType(of: $0.value) } : nil,
                    line: location.line,
                    column: location.column
                ))
        }
    }

    /// The binding's annotation; in `var a, b: Int` the bare `a` shares the next annotation.
    private static func annotatedType(of index: Int, in bindings: [PatternBindingSyntax]) -> String? {
        for binding in bindings[index...] {
            if let annotation = binding.typeAnnotation { return SyntaxText.normalized(annotation.type) }
            if binding.initializer != nil || binding.accessorBlock != nil { return nil }
        }
        return nil
    }

    /// A getter body or any accessor but `willSet`/`didSet` (observers keep a property stored).
    private static func isComputed(_ block: AccessorBlockSyntax?) -> Bool {
        guard let block else { return false }
        switch block.accessors {
        case .getter:
            return true
        case .accessors(let accessors):
            return accessors.contains {
                let kind = $0.accessorSpecifier.tokenKind
                return kind != .keyword(.willSet) && kind != .keyword(.didSet)
            }
        }
    }

    // MARK: - Member accesses

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard isTypeScope, let base = node.base, let baseToken = Self.accessBase(base) else { return .visitChildren }
        let last = scopes.count - 1
        let isCall = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
        let location = location(of: baseToken.positionAfterSkippingLeadingTrivia)
        scopes[last].memberAccesses.append(
            MemberAccess(
                base: baseToken.text,
                member: node.declName.baseName.text,
                isCall: isCall,
                function: scopes[last].functionIndex.map { scopes[last].functions[$0].name },
                line: location.line,
                column: location.column
            ))
        return .visitChildren
    }

    /// The name token of `identifier` or `self.identifier`, looking through `?` and `!`.
    private static func accessBase(_ base: ExprSyntax) -> TokenSyntax? {
        var expression = base
        while true {
            if let optional = expression.as(OptionalChainingExprSyntax.self) {
                expression = optional.expression
            } else if let forced = expression.as(ForceUnwrapExprSyntax.self) {
                expression = forced.expression
            } else {
                break
            }
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.tokenKind.isIdentifier ? reference.baseName : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
            member.declName.baseName.tokenKind.isIdentifier
        {
            return member.declName.baseName
        }
        return nil
    }

    // MARK: - Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard collectsCalls, node.arguments.contains(where: Self.isWiringArgument) else { return .visitChildren }
        let scope = scopes[scopes.count - 1]
        let isImplicitInit =
            node.calledExpression.as(MemberAccessExprSyntax.self).map {
                $0.base == nil && $0.declName.baseName.tokenKind == .keyword(.`init`)
            } ?? false
        let location = location(of: node.positionAfterSkippingLeadingTrivia)
        calls.append(
            CallFact(
                callee: SyntaxText.normalized(node.calledExpression),
                arguments: node.arguments.map { CallArgument(label: $0.label?.text, value: SyntaxText.normalized($0.expression)) },
                contextType: isImplicitInit ? ContextType.of(ExprSyntax(node)) : nil,
                enclosingType: scope.qualifiedName,
                enclosingMember: scope.memberName,
                condition: conditions.current,
                line: location.line,
                column: location.column
            ))
        return .visitChildren
    }

    private static func isWiringArgument(_ argument: LabeledExprSyntax) -> Bool {
        // Compared as raw bytes: no String per argument. Backticks are part of the raw text.
        guard let label = argument.label?.rawText else { return false }
        return label == "parent" || label == "dependency" || label == "`parent`" || label == "`dependency`"
    }

    // MARK: - Subtrees without facts

    // Types hold no declarations, calls or member accesses, and their texts are read where they are used
    // (annotations, inheritance, signatures): the walk skips them. So do string literals without interpolation.
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: OptionalTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ImplicitlyUnwrappedOptionalTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ArrayTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DictionaryTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AttributedTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TupleTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: CompositionTypeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeclModifierListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        node.segments.allSatisfy { $0.is(StringSegmentSyntax.self) } ? .skipChildren : .visitChildren
    }

    // MARK: - Helpers

    private func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
        lines.location(of: position)
    }

    /// Properties of a type (`MemberBlockItem`) or top-level declarations of the file.
    private static func isMemberOrGlobal(_ declaration: Syntax) -> Bool {
        guard declaration.is(VariableDeclSyntax.self), let container = declaration.parent else { return false }
        return container.is(MemberBlockItemSyntax.self) || isTopLevel(declaration)
    }

    /// A statement or declaration of the file itself (possibly inside top-level `#if` blocks).
    private static func isTopLevel(_ declaration: some SyntaxProtocol) -> Bool {
        var node = declaration.parent
        while let current = node {
            switch current.kind {
            case .sourceFile: return true
            case .codeBlockItem, .codeBlockItemList, .ifConfigClause, .ifConfigClauseList, .ifConfigDecl:
                node = current.parent
            default: return false
            }
        }
        return false
    }

    private static let accessLevels: Set<String> = ["open", "public", "package", "internal", "fileprivate", "private"]

    /// The declared access level; `private(set)` and friends only restrict the setter and don't count.
    static func accessLevel(_ modifiers: DeclModifierListSyntax) -> String? {
        for modifier in modifiers where modifier.detail == nil {
            let name = modifier.name.text
            if accessLevels.contains(name) { return name }
        }
        return nil
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}

extension TokenKind {
    fileprivate var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }
}
