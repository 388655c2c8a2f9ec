import SwiftSyntax
import SyntaxSupport

/// Walks the top level of a manifest once and records its bindings, helpers, the `Package(...)` call and the
/// statements that change them. `#if` clauses and top-level `if` statements are walked in full (every branch),
/// with the branch condition kept on what they declare.
struct ManifestCollector {
    private(set) var program = ManifestProgram()

    mutating func collect(_ items: CodeBlockItemListSyntax, condition: String?) {
        for item in items {
            switch item.item {
            case .decl(let decl):
                collect(decl: decl, condition: condition)
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    collect(expression: expression, condition: condition)
                } else {
                    program.opaqueStatements.append(Syntax(statement))
                }
            case .expr(let expression):
                collect(expression: expression, condition: condition)
            }
        }
    }

    // MARK: Declarations

    private mutating func collect(decl: DeclSyntax, condition: String?) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            collect(variable: variable, typeName: nil, condition: condition)
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            collect(ifConfig: ifConfig, condition: condition)
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            program.callables[function.name.text, default: []].append(callable(function))
            program.opaqueStatements.append(Syntax(function))
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            let typeName = TypeName.normalized(extensionDecl.extendedType.trimmedDescription)
            collect(members: extensionDecl.memberBlock, typeName: typeName, condition: condition)
            noteDescription(of: typeName, extensionDecl.inheritanceClause, extensionDecl.memberBlock)
        } else if let enumDecl = decl.as(EnumDeclSyntax.self) {
            let typeName = enumDecl.name.text
            collect(members: enumDecl.memberBlock, typeName: typeName, condition: condition)
            collectEnumCases(enumDecl.memberBlock.members, typeName: typeName)
            noteDescription(of: typeName, enumDecl.inheritanceClause, enumDecl.memberBlock)
        } else if let structDecl = decl.as(StructDeclSyntax.self) {
            collect(members: structDecl.memberBlock, typeName: structDecl.name.text, condition: condition)
            noteDescription(of: structDecl.name.text, structDecl.inheritanceClause, structDecl.memberBlock)
        } else if decl.is(ImportDeclSyntax.self) {
            return
        } else {
            program.opaqueStatements.append(Syntax(decl))
        }
    }

    private mutating func collect(ifConfig: IfConfigDeclSyntax, condition: String?) {
        for (clause, branchCondition) in ifConfig.clausesWithConditions {
            let combined = ConditionText.and(condition, branchCondition)
            switch clause.elements {
            case .statements(let items):
                collect(items, condition: combined)
            case .decls(let members):
                for member in members { collect(decl: member.decl, condition: combined) }
            default:
                if let elements = clause.elements { program.opaqueStatements.append(Syntax(elements)) }
            }
        }
    }

    private mutating func collect(variable: VariableDeclSyntax, typeName: String?, condition: String?) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                program.opaqueStatements.append(Syntax(binding))
                continue
            }
            let key = typeName.map { "\($0).\(name)" } ?? name
            let target = program.bindings[key] ?? Binding(key: key, declarationCondition: condition)
            program.bindings[key] = target
            if let typeName { program.staticMemberTypes[name, default: []].append(typeName) }

            if let value = binding.initializer?.value {
                if typeName == nil, let call = packageInitializer(value) {
                    recordPackage(call, variable: name, condition: condition)
                }
                target.entries.append(BindingEntry(
                    kind: .value, value: OperandSequence(value), node: Syntax(value), condition: condition,
                    replacesEarlier: false))
            } else if let accessors = binding.accessorBlock {
                target.entries.append(entry(forGetter: accessors, condition: condition))
            }
        }
    }

    private func entry(forGetter accessors: AccessorBlockSyntax, condition: String?) -> BindingEntry {
        let body: CodeBlockItemListSyntax?
        switch accessors.accessors {
        case .getter(let items):
            body = items
        case .accessors(let list):
            body = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        if let body, let expression = Self.singleExpression(body) {
            return BindingEntry(kind: .value, value: OperandSequence(expression), node: Syntax(expression),
                                condition: condition, replacesEarlier: false)
        }
        return BindingEntry(kind: .opaque(reason: "a computed property whose body has statements"), value: nil,
                            node: Syntax(accessors), condition: condition, replacesEarlier: false)
    }

    private mutating func collect(members: MemberBlockSyntax, typeName: String, condition: String?) {
        for member in members.members {
            if let variable = member.decl.as(VariableDeclSyntax.self), isStatic(variable.modifiers) {
                collect(variable: variable, typeName: typeName, condition: condition)
            } else if let function = member.decl.as(FunctionDeclSyntax.self), isStatic(function.modifiers) {
                program.callables["\(typeName).\(function.name.text)", default: []].append(callable(function))
                program.staticMemberTypes[function.name.text, default: []].append(typeName)
            } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                // `#if` inside a type: collect each clause's static members with the clause condition.
                for (clause, branch) in ifConfig.clausesWithConditions {
                    if case .decls(let nested) = clause.elements {
                        collect(members: MemberBlockSyntax(members: nested), typeName: typeName,
                                condition: ConditionText.and(condition, branch))
                    }
                }
            } else if let nestedEnum = member.decl.as(EnumDeclSyntax.self) {
                let nestedName = "\(typeName).\(nestedEnum.name.text)"
                collect(members: nestedEnum.memberBlock, typeName: nestedName, condition: condition)
                collectEnumCases(nestedEnum.memberBlock.members, typeName: nestedName)
                noteDescription(of: nestedName, nestedEnum.inheritanceClause, nestedEnum.memberBlock)
            }
        }
    }

    private mutating func collectEnumCases(_ members: MemberBlockItemListSyntax, typeName: String) {
        for member in members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let name = element.name.text
                if element.parameterClause == nil { program.enumCases.insert("\(typeName).\(name)") }
                if let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self) {
                    if let text = literal.representedLiteralValue { program.enumRawValues["\(typeName).\(name)"] = text }
                } else if element.rawValue == nil {
                    // A `String` enum's implicit raw value is the case name; harmless for other enums (never read).
                    program.enumRawValues["\(typeName).\(name)"] = name
                }
            }
        }
    }

    /// A type that conforms to `CustomStringConvertible` or declares `description` prints that when interpolated.
    private mutating func noteDescription(of typeName: String, _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax) {
        let conforms = inheritance?.inheritedTypes.contains { $0.type.trimmedDescription.hasSuffix("CustomStringConvertible") } == true
        let declares = members.members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "description"
            } == true
        }
        if conforms || declares { program.selfDescribingTypes.insert(typeName) }
    }

    private func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    private func callable(_ function: FunctionDeclSyntax) -> Callable {
        let parameters = function.signature.parameterClause.parameters.map { parameter in
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            return Callable.Parameter(label: label, name: name, defaultValue: parameter.defaultValue?.value,
                                      isVariadic: parameter.ellipsis != nil)
        }
        let body = function.body.flatMap { Self.singleExpression($0.statements) }
        return Callable(name: function.name.text, parameters: parameters, body: body, declaration: Syntax(function))
    }

    /// The expression a body evaluates to when it is `expr` or `return expr`.
    static func singleExpression(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard items.count == 1, let item = items.first else { return nil }
        switch item.item {
        case .expr(let expression):
            return expression
        case .stmt(let statement):
            if let returned = statement.as(ReturnStmtSyntax.self) { return returned.expression }
            return statement.as(ExpressionStmtSyntax.self)?.expression
        case .decl:
            return nil
        }
    }

    // MARK: Statements

    private mutating func collect(expression: ExprSyntax, condition: String?) {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            collect(ifChain: ifExpression, condition: condition)
        } else if let sequence = expression.as(SequenceExprSyntax.self), collect(assignment: sequence, condition: condition) {
            return
        } else if let call = expression.as(FunctionCallExprSyntax.self), collect(mutatingCall: call, condition: condition) {
            return
        } else if let call = packageInitializer(expression) {
            recordPackage(call, variable: nil, condition: condition)
        } else {
            program.opaqueStatements.append(Syntax(expression))
        }
    }

    /// `if A {…} else if B {…} else {…}`: every branch, under `A`, `!(A) && B`, `!(A) && !(B)`.
    private mutating func collect(ifChain: IfExprSyntax, condition: String?) {
        var bodies: [CodeBlockSyntax] = []
        var own: [String?] = []
        var current: IfExprSyntax? = ifChain
        while let link = current {
            bodies.append(link.body)
            own.append(ManifestText.conjunction(link.conditions.map { ManifestText.normalized($0.condition) }))
            current = nil
            switch link.elseBody {
            case .ifExpr(let next): current = next
            case .codeBlock(let block):
                bodies.append(block)
                own.append(nil)
            case nil: break
            }
        }
        for (body, branch) in zip(bodies, ConditionText.branches(own)) {
            collect(body.statements, condition: ConditionText.and(condition, branch))
        }
    }

    /// `x = …`, `x += …`, `package.targets += …`. Returns false when the statement isn't one of those.
    private mutating func collect(assignment sequence: SequenceExprSyntax, condition: String?) -> Bool {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, let key = bindingKey(elements[0]) else { return false }
        let rhs = OperandSequence(elements: elements[2...])
        let kind: BindingEntry.Kind
        if elements[1].is(AssignmentExprSyntax.self) {
            kind = .value
        } else if elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
            kind = .contents
        } else {
            return false
        }
        let binding = existingOrNewBinding(key, condition: condition)
        let replaces: Bool = if case .value = kind { binding.declarationCondition == condition } else { false }
        binding.entries.append(BindingEntry(kind: kind, value: rhs, node: Syntax(sequence), condition: condition,
                                            replacesEarlier: replaces))
        return true
    }

    /// `x.append(…)`, `x.append(contentsOf: …)`, `x.insert(…, at:)`, and removals (which archlint can't apply).
    private mutating func collect(mutatingCall call: FunctionCallExprSyntax, condition: String?) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
              let key = bindingKey(base) else { return false }
        let method = member.declName.baseName.text
        let firstArgument = call.arguments.first
        let kind: BindingEntry.Kind
        switch method {
        case "append", "insert":
            kind = firstArgument?.label?.text == "contentsOf" ? .contents : .element
        case "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "replaceSubrange", "popLast",
             "filter", "sort", "reverse", "swapAt":
            kind = .opaque(reason: "`\(method)` changes it in a way archlint doesn't replay")
        default:
            return false
        }
        let value = firstArgument.map { OperandSequence($0.expression) }
        let binding = existingOrNewBinding(key, condition: condition)
        binding.entries.append(BindingEntry(kind: kind, value: value, node: Syntax(call), condition: condition,
                                            replacesEarlier: false))
        return true
    }

    /// The binding a statement changes: a known global `x`, or `package.targets` / `.products` / `.dependencies`.
    private func bindingKey(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return program.bindings[name] != nil ? name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text == program.packageVariable,
           ManifestProgram.packageListMembers.contains(member.declName.baseName.text) {
            return ManifestProgram.packageKey(member.declName.baseName.text)
        }
        return nil
    }

    private mutating func existingOrNewBinding(_ key: String, condition: String?) -> Binding {
        if let binding = program.bindings[key] { return binding }
        let binding = Binding(key: key, declarationCondition: condition)
        program.bindings[key] = binding
        return binding
    }

    // MARK: Package(...)

    private func packageInitializer(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = TypeName.normalized(ManifestText.normalized(call.calledExpression))
        return callee == "Package" || callee == "Package.init" ? call : nil
    }

    private mutating func recordPackage(_ call: FunctionCallExprSyntax, variable: String?, condition: String?) {
        // A second `Package(...)` (say in another `#if` branch) only adds its lists; the first one names the package.
        if program.packageCall == nil {
            program.packageCall = call
            program.packageVariable = variable
            program.packageCallCondition = condition
        }
        for argument in call.arguments {
            guard let label = argument.label?.text, ManifestProgram.packageListMembers.contains(label) else { continue }
            let binding = existingOrNewBinding(ManifestProgram.packageKey(label), condition: nil)
            binding.entries.append(BindingEntry(
                kind: .contents, value: OperandSequence(argument.expression), node: Syntax(argument.expression),
                condition: condition == program.packageCallCondition ? nil : condition, replacesEarlier: false))
        }
    }
}
