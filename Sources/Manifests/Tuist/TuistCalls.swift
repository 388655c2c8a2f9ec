import ArchlintModel
import SwiftSyntax
import SyntaxSupport

/// Calls: helper functions (global, static, instance), closures, the standard library methods manifests use, and
/// ProjectDescription initializers and factories (kept as `TuistConstruct`s).
extension TuistInterpreter {
    /// The types a ProjectDescription argument label expects, for implicit members (`.staticLibrary`, `.Feature.X`).
    static let labelTypes: [String: String] = [
        "dependencies": "[TargetDependency]", "targets": "[Target]", "product": "Product", "sources": "SourceFilesList",
        "path": "Path", "packages": "[Package]", "settings": "Settings", "destinations": "Destinations",
        "resources": "ResourceFileElements", "scripts": "[TargetScript]", "schemes": "[Scheme]",
    ]

    /// Global functions of the standard library a manifest may call for their effect.
    static let standardFunctions: Set<String> = ["print", "debugPrint", "assert", "precondition", "fatalError", "preconditionFailure"]

    /// What `Package(…)`'s labels expect, where they differ from a project's.
    static let packageLabelTypes: [String: String] = ["dependencies": "[Package.Dependency]", "products": "[Product]"]

    func call(_ call: FunctionCallExprSyntax, expected: String?, in frame: TuistFrame) throws -> TuistValue {
        let called = call.calledExpression
        // `[String: SettingValue]()`, `[Target]()`: an empty collection of a written type.
        if call.arguments.isEmpty, call.trailingClosure == nil {
            if called.is(DictionaryExprSyntax.self) { return TuistSettings.dictionary([], site: site(of: call), condition: condition) }
            if let array = called.as(ArrayExprSyntax.self), array.elements.count == 1 { return .array([]) }
        }
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let local = frame.lookup(name) {
                guard case .closure(let closure) = local else {
                    return local.isUnknown ? local : unresolved(call, "`\(name)` is not a function")
                }
                let values = try arguments(call, types: [], in: frame)
                var parameters: TuistFrame?
                let result = try invoke(closure, arguments: values, node: call, frameOut: &parameters)
                // `block(&copy)`: what the closure did to its `inout` parameter is written back.
                for (index, argument) in call.arguments.enumerated() {
                    guard let inOut = argument.expression.as(InOutExprSyntax.self),
                          let variable = inOut.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                          let parameters else { continue }
                    let parameterName = closure.parameters.isEmpty ? "$\(index)"
                        : (index < closure.parameters.count ? closure.parameters[index] : "")
                    if let changed = parameters.variables[parameterName] { _ = frame.assign(variable, changed) }
                }
                return result
            }
            if let receiver = frame.receiver, let methods = declarations.instanceMembers[name]?.filter({ $0.node.is(FunctionDeclSyntax.self) }),
               !methods.isEmpty {
                return try callFunction(methods, call: call, receiver: receiver, frame: frame)
            }
            // The owner's static, else an enclosing type's, as Swift looks names up (`struct Stock` inside
            // `TargetDependency.Domain` calling its `domainDependency(target:)`).
            var scope = frame.ownerType
            while let type = scope {
                if let functions = declarations.staticFunctions(name, of: type) {
                    return try callFunction(functions, call: call, receiver: nil, frame: frame, selfType: type)
                }
                scope = TuistDeclarations.enclosingType(of: type)
            }
            // `merging([...])` inside `extension SettingsDictionary { func setVersion() -> … }`: the receiver's.
            if let receiver = frame.receiver, let dictionary = receiver.construct, TuistSettings.isDictionary(dictionary),
               let merged = try settingsMethod(name, on: receiver, arguments: try arguments(call, types: [], in: frame),
                                               call: call, frame: frame) {
                return merged
            }
            if let receiver = frame.receiver, Self.standardMethods.contains(name) {
                // `prefix(1)` inside `extension String { var x: String { … } }`: the receiver's own method.
                return try method(name, on: receiver, call: call, expected: expected, frame: frame)
            }
            if let functions = declarations.functions[name] {
                return relocatedResult(try callFunction(functions, call: call, receiver: nil, frame: frame), at: call)
            }
            if name.first?.isLowercase == true, let owner = frame.ownerType {
                // Inside an extension of a ProjectDescription type, its own API (`configuration(…)`): an opaque value.
                return try construct(name, typeName: owner, call: call, frame: frame)
            }
            if name.first?.isLowercase == true, !Self.standardFunctions.contains(name) {
                return unresolved(call, "`\(name)` is not declared in this manifest or its helpers")
            }
            return try typeCall(name, call: call, frame: frame)
        }
        if let member = called.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let baseExpression = member.base else {
                return try implicitCall(name, expected: expected, call: call, frame: frame)
            }
            if let mutated = try mutatingCall(name, base: baseExpression, call: call, frame: frame) { return mutated }
            // `self.init(…)` in an initializer: the other initializer makes `self`.
            if name == "init", baseExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
               let owner = frame.ownerType, frame.lookup("self") != nil {
                _ = frame.assign("self", try typeCall(owner, call: call, frame: frame))
                return .null
            }
            let base = try evaluate(baseExpression, expected: nil, in: frame)
            switch base {
            case .type(let type):
                // A helper's own function first: its types may shadow ProjectDescription's (`Environment`).
                if let functions = fitting(declarations.staticFunctions(name, of: type), call, frame: frame) {
                    return relocatedResult(try callFunction(functions, call: call, receiver: nil, frame: frame, selfType: type),
                                           at: call)
                }
                if readsEnvironment(type) {
                    return .environment(ManifestText.normalized(call))
                }
                // No overload fits: on a ProjectDescription type it is its own factory (`Target.target(name:
                // destinations:…)` inside a helper `target(name:product:…)`); on the helpers' own type, a misreading.
                if let functions = declarations.functions["\(type).\(name)"], declarations.declaredTypes.contains(type) {
                    return relocatedResult(try callFunction(functions, call: call, receiver: nil, frame: frame), at: call)
                }
                if name == "init" { return try typeCall(type, call: call, frame: frame) }
                // A helper's nested type (`Modules.Module(group:name:)`): its initializer, memberwise or declared.
                if name.first?.isUppercase == true, declarations.types.contains("\(type).\(name)") {
                    return try typeCall("\(type).\(name)", call: call, frame: frame)
                }
                return try construct(name, typeName: type, call: call, frame: frame)
            case .environment:
                return .environment(ManifestText.normalized(call))
            case .unknown:
                return base
            default:
                // A string's closures run over its characters, each a one-character string (`rawValue.map { $0 }`):
                // only where the string can't be an optional's, whose `map` runs once on the whole value.
                if case .string(let text) = base, ["map", "compactMap", "filter", "forEach"].contains(name),
                   Self.isPlainString(baseExpression) {
                    try charge(text.count, at: call)
                    return relocatedResult(try method(name, on: .array(text.map { .string(String($0)) }), call: call,
                                                      expected: expected, frame: frame), at: call)
                }
                return relocatedResult(try method(name, on: base, call: call, expected: expected, frame: frame), at: call)
            }
        }
        if let closure = called.as(ClosureExprSyntax.self) {
            let value = try evaluate(ExprSyntax(closure), expected: nil, in: frame)
            if case .closure(let closureValue) = value {
                return try invoke(closureValue, arguments: try arguments(call, types: [], in: frame), node: call)
            }
        }
        return unresolved(call, reason(for: call))
    }

    private func implicitCall(_ name: String, expected: String?, call: FunctionCallExprSyntax, frame: TuistFrame) throws -> TuistValue {
        try implicitMember(name, expected: expected, node: call, frame: frame, arguments: call)
    }

    /// `Name(…)`: a user struct's memberwise initializer, a user enum's `init(rawValue:)`, `Set(…)`/`Array(…)`,
    /// `String(…)`, or a ProjectDescription initializer (`Project(…)`, `Target(…)`).
    /// `Path(stringLiteral: path)`, `.init(stringLiteral: glob)` (olvid-ios' sources) of a type archlint holds as
    /// its text (`pathLikeTypes`; nil: the type isn't known): what the literal makes, the string itself, as a literal
    /// written there. Nil for other calls and types (`TargetReference(stringLiteral:)` keeps its `targetName`).
    func stringLiteralInit(_ call: FunctionCallExprSyntax, type: String?, frame: TuistFrame) throws -> TuistValue? {
        guard call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "stringLiteral",
              type.map(Self.pathLikeTypes.contains) ?? true else { return nil }
        return try evaluate(argument.expression, expected: "String", in: frame)
    }

    static let pathLikeTypes: Set<String> = [
        "String", "Path", "SourceFileGlob", "SourceFilesList", "FileElement", "FileList", "ResourceFileElement",
        "ResourceFileElements", "FileElements",
    ]

    private func typeCall(_ name: String, call: FunctionCallExprSyntax, frame: TuistFrame) throws -> TuistValue {
        // `URL(fileURLWithPath: #file)`: a path, no file read.
        if name == "URL", dialect == .tuist, call.arguments.count == 1, let argument = call.arguments.first,
           argument.label?.text == "fileURLWithPath" {
            let path = try evaluate(argument.expression, expected: "String", in: frame)
            guard let text = path.stringValue else { return path.isUnknown ? path : generationTime(name, call) }
            return url(text, at: call)
        }
        if Self.generationTimeTypes.contains(name) {
            return generationTime(name, call)
        }
        if let literal = try stringLiteralInit(call, type: name, frame: frame) { return literal }
        switch name {
        case "Set", "Array":
            guard let first = call.arguments.first else { return .array([]) }
            let value = try evaluate(first.expression, expected: nil, in: frame)
            return try value.arrayValue.map { try array(unique($0, at: call), at: call) } ?? value
        case "String", "Character":
            guard let first = call.arguments.first else { return .string("") }
            // `String(contentsOfFile:)`, `String(contentsOf:encoding:)`: a file's text when `tuist generate` runs.
            if let label = first.label?.text, label.hasPrefix("contentsOf") {
                return unresolved(call, "`String(\(label):)` reads a file when `tuist generate` runs")
            }
            let value = try evaluate(first.expression, expected: nil, in: frame)
            if case .int(let number) = value { return .string(String(number)) }
            if case .double(let number) = value { return .string(String(number)) }
            if let text = value.stringValue { return .string(text) }
            // `String(characters)`: a list of strings made of a string's characters, joined.
            if first.label == nil, case .array(let elements) = value, !elements.isEmpty || name == "String" {
                let texts = elements.compactMap(\.stringValue)
                if texts.count == elements.count { return try string(texts.joined(), at: call) }
            }
            if let construct = value.construct, !construct.isCall { return .string(construct.name) }
            // `String(describing: module)`: a helper's case or type prints as interpolation prints it.
            if case .enumCase = value {
                switch printed(value, first.expression) {
                case .text(let text): return .string(text)
                case .failed(let failure): return failure
                }
            }
            if case .type(let type) = value, declarations.types.contains(type), case .text(let text) = printed(value, first.expression) {
                return .string(text)
            }
            return value.isUnknown ? value : unresolved(call, "`String(…)` of a value archlint can't print")
        case "fatalError", "preconditionFailure":
            return unresolved(call, "the helper stops here with `\(name)`")
        case "print", "debugPrint", "assert", "precondition":
            return .null
        default:
            break
        }
        if let enumType = declarations.enums[name], let rawArgument = call.arguments.first(where: { $0.label?.text == "rawValue" }) {
            let raw = try evaluate(rawArgument.expression, expected: "String", in: frame)
            guard let text = raw.stringValue else { return raw.isUnknown ? raw : .null }
            if let found = enumType.cases.first(where: { (declarations.rawValue(type: name, name: $0.name) ?? $0.name) == text }) {
                return .enumCase(type: name, name: found.name, rawValue: declarations.rawValue(type: name, name: found.name))
            }
            return .null
        }
        // A helper `init` of a ProjectDescription type is one overload beside ProjectDescription's own: where none
        // fits (`Project(name:…)` inside a helper `init(module:)`), the call is ProjectDescription's.
        if let initializers = declarations.functions["\(name).init"],
           declarations.declaredTypes.contains(name) || fitting(initializers, call, frame: frame) != nil {
            return try callFunction(initializers, call: call, receiver: nil, frame: frame)
        }
        return try construct(name, typeName: nil, call: call, frame: frame)
    }

    /// A ProjectDescription value (or a user struct): its arguments evaluated with the types their labels expect.
    func construct(_ name: String, typeName: String?, call: FunctionCallExprSyntax, frame: TuistFrame) throws -> TuistValue {
        let made = site(of: call)
        let madeUnder = condition
        var values: [(label: String?, value: TuistValue)] = []
        // A helper enum's case with a payload (`.domain(.base)`): each value has its declared type.
        let payload = typeName.flatMap { type in
            declarations.enums[type]?.cases.first { $0.name == name }?.payload.map { $0.flatMap { declarations.resolvedType($0, from: type) } }
        } ?? []
        for (position, argument) in call.arguments.enumerated() {
            let label = argument.label?.text
            let expected = label.flatMap { (name == "Package" ? Self.packageLabelTypes[$0] : nil) ?? Self.labelTypes[$0] } ?? (payload.indices.contains(position) ? payload[position] : nil)
            values.append((label, try evaluate(argument.expression, expected: expected, in: frame)))
        }
        if let trailing = call.trailingClosure {
            values.append((nil, try evaluate(ExprSyntax(trailing), expected: nil, in: frame)))
        }
        if let type = typeName, let enumType = declarations.enums[type], let slots = enumType.slots[name] {
            values = try withPayloadDefaults(values, slots: slots, types: payload, enumType: enumType, owner: type)
        }
        return .construct(TuistConstruct(name: name, typeName: typeName, arguments: values, isCall: true, site: made,
                                         condition: madeUnder, unread: unreadCondition, call: call))
    }

    /// A case's payload as written, with the values its declaration defaults the omitted ones to
    /// (`.module(name: "Core")` of `case module(name: String, useDemo: Bool = false)`), in the declared order.
    private func withPayloadDefaults(
        _ given: [(label: String?, value: TuistValue)], slots: [TuistEnum.PayloadSlot], types: [String?],
        enumType: TuistEnum, owner: String
    ) throws -> [(label: String?, value: TuistValue)] {
        guard given.count < slots.count, slots.contains(where: { $0.defaultValue != nil }) else { return given }
        var result: [(label: String?, value: TuistValue)] = []
        var next = given.startIndex
        for (position, slot) in slots.enumerated() {
            if next < given.endIndex, given[next].label == slot.label {
                result.append(given[next])
                next += 1
            } else if let defaultValue = slot.defaultValue {
                let value = try inFile(enumType.file) {
                    try evaluate(defaultValue, expected: types.indices.contains(position) ? types[position] : nil,
                                 in: TuistFrame(parent: globals, ownerType: owner))
                }
                result.append((slot.label, value))
            } else {
                return given
            }
        }
        return next == given.endIndex ? result : given
    }

    // MARK: Helper functions

    /// Calls the overload whose labels fit the call's arguments.
    func callFunction(_ overloads: [TuistFunction], call: FunctionCallExprSyntax, receiver: TuistValue?,
                      frame: TuistFrame, selfType: String? = nil) throws -> TuistValue {
        let fit = overloads.filter { Self.fits($0, call) }
        guard let function = fit.first(where: { argumentTypesFit($0, call: call, frame: frame) }) ?? fit.first
            ?? overloads.first else {
            return unresolved(call, "no helper with these argument labels")
        }
        let bound: [(String, TuistValue)]
        switch try bind(function, call: call, frame: frame) {
        case .bound(let values): bound = values
        case .unfit(let value): return value
        }
        let result = try invoke(function, arguments: bound, receiver: receiver, callNode: Syntax(call), frame: frame,
                                selfType: selfType)
        guard dialect == .package else { return result }
        let start = sources.position(of: function.node, in: function.file).line
        let end = sources.position(of: function.node.lastToken(viewMode: .sourceAccurate).map(Syntax.init) ?? function.node,
                                   in: function.file).line
        return locatedAtCall(result, call: call, helperLines: start...max(start, end))
    }

    /// Whether no argument is plainly of another type than its parameter, for overloads that differ only by type
    /// (`feature(interface: String)` beside `feature(interface: Feature)`): a `String` parameter takes no enum case and
    /// no implicit member (`.character`), a helper enum's parameter no string. Arguments aren't evaluated here.
    private func argumentTypesFit(_ function: TuistFunction, call: FunctionCallExprSyntax, frame: TuistFrame) -> Bool {
        let parameters = function.parameters
        var index = 0
        for argument in call.arguments {
            while index < parameters.count, parameters[index].label != argument.label?.text { index += 1 }
            guard index < parameters.count else { return true }
            let type = parameters[index].type.map(TuistDeclarations.typeName)
            index += 1
            guard let type else { continue }
            let isString = type == "String"
            let isHelperEnum = declarations.enums[declarations.qualifiedType(type, from: function.ownerType) ?? type] != nil
            switch Self.argumentKind(argument.expression, frame: frame) {
            case .string?: if isHelperEnum { return false }
            // `.appName` is a `String` where the helpers declare `extension String { static let appName = … }`.
            case .implicitMember(let name)?:
                if isString, declarations.staticsByName[name]?.contains("String.\(name)") != true { return false }
            case .enumCase?: if isString { return false }
            case nil: continue
            }
        }
        return true
    }

    private enum ArgumentKind { case string, implicitMember(String), enumCase }

    /// What an argument plainly is, read from its syntax and the variables it names: nil when that takes evaluating.
    private static func argumentKind(_ expression: ExprSyntax, frame: TuistFrame) -> ArgumentKind? {
        if expression.is(StringLiteralExprSyntax.self) { return .string }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            if member.base == nil { return .implicitMember(member.declName.baseName.text) }
            if member.declName.baseName.text == "rawValue" { return .string }
            return nil
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            switch frame.lookup(reference.baseName.text) {
            case .string?: return .string
            case .enumCase?: return .enumCase
            default: return nil
            }
        }
        return nil
    }

    /// The overloads whose parameters fit the call's labels, and the arguments' plain types (`argumentTypesFit`);
    /// nil when none does (then it isn't this helper: a ProjectDescription factory of the same name,
    /// `.package(product:)` beside a helper's `package(for:)`, `.target(name)` of a `String` beside a helper's
    /// `target(_ module: Module)`).
    func fitting(_ overloads: [TuistFunction]?, _ call: FunctionCallExprSyntax, frame: TuistFrame) -> [TuistFunction]? {
        guard let overloads else { return nil }
        let fit = overloads.filter {
            Self.fits($0, call) && !shadowsItsOwnFactory($0) && argumentTypesFit($0, call: call, frame: frame)
        }
        return fit.isEmpty ? nil : fit
    }

    /// A helper of a ProjectDescription type (not the helpers' own) called again from its own body with its own
    /// labels: Swift picks ProjectDescription's overload by the arguments' types, as a manifest that generates must.
    private func shadowsItsOwnFactory(_ function: TuistFunction) -> Bool {
        guard let owner = function.ownerType, !declarations.declaredTypes.contains(owner) else { return false }
        return runningHelpers[function.node.id, default: 0] > 0
    }

    private static func fits(_ function: TuistFunction, _ call: FunctionCallExprSyntax) -> Bool {
        let labels = call.arguments.map { $0.label?.text }
        var index = 0
        var trailingUsed = call.trailingClosure == nil
        for parameter in function.parameters {
            if index < labels.count, labels[index] == parameter.label {
                index += 1
                if parameter.isVariadic { while index < labels.count, labels[index] == nil { index += 1 } }
            } else if index >= labels.count, !trailingUsed, takesTrailingClosure(parameter) {
                trailingUsed = true
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return index == labels.count && trailingUsed
    }

    /// Whether a trailing closure goes to this parameter once the arguments are used up: Swift's forward scan
    /// (SE-0286) skips one that has a default and isn't a function (`settings: Settings? = nil` before
    /// `_ content: () -> [Target]`).
    private static func takesTrailingClosure(_ parameter: TuistFunction.Parameter) -> Bool {
        parameter.defaultValue == nil || parameter.type?.contains("->") == true
    }

    /// The function's parameters bound to the call's arguments (defaults evaluated in the helper's own file), nil
    /// when they don't fit.
    private func bind(_ function: TuistFunction, call: FunctionCallExprSyntax, frame: TuistFrame) throws
        -> Binding {
        let arguments = Array(call.arguments)
        var index = 0
        var bound: [(String, TuistValue)] = []
        var trailingUsed = call.trailingClosure == nil
        for var parameter in function.parameters {
            // `TargetType` in `extension Project`'s helper is `Project.TargetType`: implicit members need its name.
            parameter.type = declarations.qualifiedType(parameter.type, from: function.ownerType)
            if index >= arguments.count, !trailingUsed, let trailing = call.trailingClosure,
               Self.takesTrailingClosure(parameter) {
                trailingUsed = true
                let closure = try evaluate(ExprSyntax(trailing), expected: nil, in: frame)
                bound.append((parameter.name, Self.passed(closure, for: parameter)))
                continue
            }
            if index < arguments.count, arguments[index].label?.text == parameter.label {
                if parameter.isVariadic {
                    var elements: [TuistValue] = []
                    repeat {
                        elements.append(try evaluate(arguments[index].expression, expected: parameter.type, in: frame))
                        index += 1
                    } while index < arguments.count && arguments[index].label == nil
                    bound.append((parameter.name, .array(elements)))
                } else {
                    let value = try evaluate(arguments[index].expression, expected: parameter.type, in: frame)
                    bound.append((parameter.name, Self.passed(value, for: parameter)))
                    index += 1
                }
            } else if let defaultValue = parameter.defaultValue {
                bound.append((parameter.name, try inFile(function.file) {
                    try evaluate(defaultValue, expected: parameter.type, in: TuistFrame(parent: globals, ownerType: function.ownerType))
                }))
            } else {
                return .unfit(unresolved(call, "its arguments don't fit the helper `\(function.name)`"))
            }
        }
        return .bound(bound + genericTypes(of: function, bound: bound))
    }

    /// A closure passed for a result builder's parameter runs as the builder runs it.
    private static func passed(_ value: TuistValue, for parameter: TuistFunction.Parameter) -> TuistValue {
        guard parameter.isResultBuilder, case .closure(var closure) = value else { return value }
        closure.resultBuilder = TuistResultBuilder(parameterType: parameter.type)
        return .closure(closure)
    }

    /// A generic helper's type parameters, bound to the types of the values passed for them (`T` of
    /// `module: T` or `rootModule: T.Type`), so `T.self` and `T.allCases` read.
    private func genericTypes(of function: TuistFunction, bound: [(String, TuistValue)]) -> [(String, TuistValue)] {
        guard let generics = function.node.as(FunctionDeclSyntax.self)?.genericParameterClause?.parameters else { return [] }
        var types: [(String, TuistValue)] = []
        for generic in generics.map(\.name.text) {
            for (parameter, (name, value)) in zip(function.parameters, bound) where parameter.name == name {
                var type: String?
                if parameter.type == generic {
                    type = helperType(of: value)
                } else if parameter.type == generic + ".Type", case .type(let written) = value {
                    type = written
                }
                if let type {
                    types.append((generic, .type(type)))
                    break
                }
            }
        }
        return types
    }

    /// A call's arguments bound to a helper's parameters, or the unknown value a call that doesn't fit gives.
    enum Binding {
        case bound([(String, TuistValue)])
        case unfit(TuistValue)
    }

    func inFile<T>(_ file: String, _ body: () throws -> T) rethrows -> T {
        let saved = currentFile
        currentFile = file
        defer { currentFile = saved }
        return try body()
    }

    /// Runs a helper's body with its parameters bound.
    /// - Parameter selfType: the type a static runs for, when it isn't the one declaring it (a protocol extension's).
    func invoke(_ function: TuistFunction, arguments: [(String, TuistValue)], receiver: TuistValue?, callNode: Syntax,
                frame: TuistFrame, selfType: String? = nil) throws -> TuistValue {
        guard let body = function.body else { return unresolved(callNode, "the helper `\(function.name)` has no body") }
        callDepth += 1
        runningHelpers[function.node.id, default: 0] += 1
        // A `guard` in the helper conditions the rest of its body, not its caller's statements.
        let (savedCondition, savedUnread) = (condition, unreadCondition)
        // A result builder running the caller doesn't collect the helper's statements.
        builtValues.append(nil)
        defer {
            callDepth -= 1
            runningHelpers[function.node.id]! -= 1
            (condition, unreadCondition) = (savedCondition, savedUnread)
            builtValues.removeLast()
        }
        if callDepth > Self.maximumCallDepth {
            let what = "helper calls nest more than \(Self.maximumCallDepth) deep (unbounded recursion in `\(function.name)`?)"
            // A Package.swift's other targets don't depend on this one: only this value is lost.
            if dialect == .package { return unresolved(callNode, what) }
            throw TuistAbort(message: "archlint stopped evaluating `\(ManifestText.excerpt(callNode))`: \(what); "
                             + dialect.stopped, file: currentFile, node: callNode)
        }
        let callee = TuistFrame(parent: globals, receiver: receiver, ownerType: selfType ?? function.ownerType)
        for (name, value) in arguments { callee.variables[name] = value }
        if function.isInitializer, let owner = function.ownerType {
            callee.variables["self"] = .construct(TuistConstruct(
                name: owner, typeName: owner, arguments: [], isCall: true, site: site(of: callNode), condition: condition))
            return try inFile(function.file) {
                _ = try execute(body, in: callee)
                return callee.variables["self"] ?? unresolved(callNode, "an initializer that loses `self`")
            }
        }
        let result = try inFile(function.file) {
            let returnType = function.returnType == "Self" ? (selfType ?? function.ownerType) : function.returnType
            return try withReturnType(returnType) {
                let single: ExprSyntax? = if body.count == 1, let only = body.first, case .expr(let expression) = only.item {
                    expression
                } else {
                    nil
                }
                // A single-expression body returns its expression implicitly: evaluated once, for its value.
                if let single, !single.is(IfExprSyntax.self), !single.is(SwitchExprSyntax.self) {
                    return try evaluate(single, expected: returnType, in: callee)
                }
                if case .returned(let value) = try executeBody(body, in: callee) { return value }
                return try single.map { try evaluate($0, expected: returnType, in: callee) } ?? .null
            }
        }
        // A Package.swift condition read through a helper or a computed property reads as written where it is used
        // (`buildDynamicLibrary`, `hasEnvironmentVariable("X")`), not as the helper's own text.
        if dialect == .package, case .environment = result { return .environment(ManifestText.normalized(callNode)) }
        return result
    }

    /// The names of an options value: `.regularExpression` or `[.regularExpression, .caseInsensitive]`.
    static func options(_ value: TuistValue) -> [String] {
        switch value {
        case .construct(let construct) where !construct.isCall: [construct.name]
        case .array(let elements): elements.flatMap(options)
        default: []
        }
    }


    func invoke(_ closure: TuistClosure, arguments: [TuistValue], node: some SyntaxProtocol,
                resultType: String? = nil) throws -> TuistValue {
        var unused: TuistFrame?
        return try invoke(closure, arguments: arguments, node: node, resultType: resultType, frameOut: &unused)
    }

    func invoke(_ closure: TuistClosure, arguments: [TuistValue], node: some SyntaxProtocol, resultType: String? = nil,
                frameOut: inout TuistFrame?) throws -> TuistValue {
        let frame = TuistFrame(parent: closure.frame)
        frameOut = frame
        if closure.parameters.isEmpty {
            for (index, value) in arguments.enumerated() { frame.variables["$\(index)"] = value }
        } else {
            for (name, value) in zip(closure.parameters, arguments) { frame.variables[name] = value }
        }
        let statements = closure.body.node.statements
        let built = closure.resultBuilder.map(TuistBuiltValues.init)
        builtValues.append(built)
        defer { builtValues.removeLast() }
        if let built {
            return try inFile(closure.file) {
                // A `return` turns the builder off (Swift then reads the closure as a plain one).
                if case .returned(let value) = try execute(statements, in: frame) { return value }
                return .array(built.values)
            }
        }
        return try inFile(closure.file) {
            try withReturnType(resultType) {
                if statements.count == 1, let only = statements.first, case .expr(let expression) = only.item {
                    return try evaluate(expression, expected: resultType, in: frame)
                }
                if case .returned(let value) = try executeBody(statements, in: frame) { return value }
                return .null
            }
        }
    }

    private func arguments(_ call: FunctionCallExprSyntax, types: [String?], in frame: TuistFrame) throws -> [TuistValue] {
        var values = try call.arguments.map { try evaluate($0.expression, expected: nil, in: frame) }
        if let trailing = call.trailingClosure { values.append(try evaluate(ExprSyntax(trailing), expected: nil, in: frame)) }
        return values
    }

    /// A helper's result read from the manifest is located at the manifest's call.
    private func relocatedResult(_ value: TuistValue, at node: FunctionCallExprSyntax) -> TuistValue {
        relocated(value, at: node)
    }

    // MARK: Methods

    /// `list.append(x)`, `list += …`, `set.insert(x)`, `list.append(contentsOf:)` on a local variable.
    private func mutatingCall(_ name: String, base: ExprSyntax, call: FunctionCallExprSyntax, frame: TuistFrame) throws -> TuistValue? {
        guard ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "formUnion"].contains(name) else { return nil }
        guard let place = TuistPlace(base, in: frame), let current = place.value else {
            return changesUnfollowed(base, at: call) ? .null : nil
        }
        if let field = place.field, let holder = frame.lookup(place.variable)?.construct,
           changesThroughReference(holder, owner: place.variable, member: field, in: frame, at: call) {
            return .null
        }
        guard case .array(var elements) = current else {
            return current.isUnknown ? current : unresolved(call, "`\(name)` on something that isn't a list")
        }
        let arguments = Array(call.arguments)
        let type = place.field == nil ? declaredType(of: place.variable, in: frame) : nil
        switch name {
        case "append" where arguments.first?.label == nil, "insert" where arguments.first?.label == nil:
            guard let first = arguments.first else { return .null }
            let value = try evaluate(first.expression, expected: TuistDeclarations.elementType(type), in: frame)
                .requiring(condition).uncertain(unreadCondition)
            if name == "insert", arguments.count == 1 {
                // `Set.insert`: once.
                elements = try unique(elements + [value], at: call)
            } else if name == "insert", arguments.count == 2,
                      case .int(let position) = try evaluate(arguments[1].expression, expected: "Int", in: frame),
                      position >= 0, position <= elements.count {
                elements.insert(value, at: position)
            } else {
                elements.append(value)
            }
        case "append", "formUnion":
            guard let first = arguments.first else { return .null }
            let value = try evaluate(first.expression, expected: type, in: frame).requiring(condition).uncertain(unreadCondition)
            guard let more = value.arrayValue else {
                // What can't be read is kept in the list, so whoever reads it knows it is partial.
                elements.append(value.isUnknown ? value : unresolved(call, "`\(name)` of something that isn't a list"))
                place.assign(.array(elements))
                return .null
            }
            elements = name == "formUnion" ? try unique(elements + more, at: call) : elements + more
        case "removeFirst", "removeLast", "remove", "removeAll" where condition == nil && unreadCondition == nil
            && elements.allSatisfy(\.isPlainScalar):
            // A list of strings or numbers changed on every path (a name's characters): what is left is known.
            guard let left = try removing(name, from: elements, arguments: arguments, frame: frame) else { fallthrough }
            elements = left
        default:
            guard dialect == .package else {
                // The list's elements are no longer known.
                place.assign(unresolved(call, "`\(name)` removes elements, which archlint doesn't follow"))
                return .null
            }
            // A Package.swift keeps every element: the graph may keep what is removed, never miss what isn't.
            report("`\(ManifestText.excerpt(call))` removes elements, which archlint doesn't follow: it keeps all of them, so "
                   + "the graph may keep targets or dependencies this removes. Use `--manifests dump` to evaluate the "
                   + "manifest exactly", at: call)
            return .null
        }
        place.assign(try array(elements, at: call))
        return .null
    }

    /// Whether `expression` is a string that is never an optional: a literal or an enum's `rawValue`.
    static func isPlainString(_ expression: ExprSyntax) -> Bool {
        if expression.is(StringLiteralExprSyntax.self) { return true }
        let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return name == "rawValue"
    }

    /// `removeFirst()`, `removeFirst(n)`, `removeLast(…)`, `remove(at: i)` and `removeAll()` of `elements`; nil for a
    /// form or a count archlint doesn't evaluate, or one Swift would trap on.
    private func removing(_ name: String, from elements: [TuistValue], arguments: [LabeledExprSyntax],
                          frame: TuistFrame) throws -> [TuistValue]? {
        var count: Int?
        if let first = arguments.first {
            guard arguments.count == 1, case .int(let number) = try evaluate(first.expression, expected: "Int", in: frame)
            else { return nil }
            count = number
        }
        switch (name, arguments.first?.label?.text, count) {
        case ("removeFirst", nil, let count), ("removeLast", nil, let count):
            let removed = count ?? 1
            guard removed >= 0, removed <= elements.count else { return nil }
            return name == "removeFirst" ? Array(elements.dropFirst(removed)) : Array(elements.dropLast(removed))
        case ("remove", "at", let position?):
            guard elements.indices.contains(position) else { return nil }
            var left = elements
            left.remove(at: position)
            return left
        case ("removeAll", nil, nil):
            return []
        default:
            return nil
        }
    }

    /// A method of a value: the standard library's (`contains`, `map`, `filter`, `joined`, …), else a helper's.
    /// `expected`: the type the call's result is read as (`[Module]` for a property's `map { .feature($0) }`).
    private func method(_ name: String, on base: TuistValue, call: FunctionCallExprSyntax, expected: String?,
                        frame: TuistFrame) throws -> TuistValue {
        let arguments = try self.arguments(call, types: [], in: frame)
        switch (name, base) {
        case ("contains", .array(let elements)):
            guard let needle = arguments.first else { break }
            if case .closure(let closure) = needle {
                for element in elements {
                    let result = try invoke(closure, arguments: [element], node: call)
                    if case .bool(true) = result { return .bool(true) }
                    if case .bool(false) = result { continue }
                    return result.isUnknown ? result : .environment(ManifestText.normalized(call))
                }
                return .bool(false)
            }
            try charge(elements.count, at: call)
            var undecided: TuistValue?
            for element in elements {
                switch element.equals(needle) {
                case true?: return .bool(true)
                case nil: undecided = undecided ?? TuistValue.firstUnknown(element, needle) ?? .environment(ManifestText.normalized(call))
                default: continue
                }
            }
            return undecided ?? .bool(false)
        case ("contains", .string(let text)):
            guard let needle = arguments.first?.stringValue else { break }
            try charge(text.utf8.count / 64, at: call)
            return .bool(text.contains(needle))
        case ("map", .array(let elements)), ("compactMap", .array(let elements)), ("flatMap", .array(let elements)),
             ("filter", .array(let elements)), ("first", .array(let elements)), ("forEach", .array(let elements)),
             ("sorted", .array(let elements)) where arguments.count == 1:
            return try higherOrder(name, elements, transform: arguments[0], call: call, expected: expected, frame: frame)
        case ("sorted", .array(let elements)) where arguments.isEmpty:
            try charge(elements.count * 2, at: call)
            let strings = elements.compactMap(\.stringValue)
            guard strings.count == elements.count else { return .array(elements) }
            return .array(strings.sorted().map(TuistValue.string))
        case ("reversed", .array(let elements)): return .array(elements.reversed())
        case ("deletingLastPathComponent", .construct(let made)) where made.name == "URL" && arguments.isEmpty:
            guard let path = made.argument("fileURLWithPath")?.stringValue else { break }
            let parent = path.split(separator: "/").dropLast().joined(separator: "/")
            return url(path.hasPrefix("/") ? "/" + parent : parent, at: call)
        case ("appendingPathComponent", .construct(let made)) where made.name == "URL" && arguments.count == 1:
            guard let path = made.argument("fileURLWithPath")?.stringValue, let component = arguments[0].stringValue else { break }
            return url(path.hasSuffix("/") ? path + component : path + "/" + component, at: call)
        case ("joined", .array(let elements)):
            if let unknown = elements.first(where: \.isUnknown) { return unknown }
            let strings = elements.compactMap(\.stringValue)
            guard strings.count == elements.count, arguments.count <= 1 else { break }
            let separator = arguments.first?.stringValue ?? ""
            // Sized before it is made: a list of large strings never becomes a larger one.
            let size = strings.reduce(0) { $0 + $1.utf8.count } + separator.utf8.count * max(strings.count - 1, 0)
            try charge(strings.count + size / 64, at: call)
            guard size <= budget.maximumStringBytes else { return stringTooLarge(at: call) }
            return try string(strings.joined(separator: separator), at: call)
        case ("union", .array(let elements)):
            guard let more = arguments.first?.arrayValue else { break }
            return try array(unique(elements + more, at: call), at: call)
        case ("prefix", .string), ("suffix", .string), ("dropFirst", .string), ("dropLast", .string),
             ("prefix", .array), ("suffix", .array), ("dropFirst", .array), ("dropLast", .array):
            guard arguments.count <= 1 else { break }
            let count: Int
            switch arguments.first {
            case nil: count = 1
            case .int(let number)?: count = max(number, 0)
            case let other?: return other.isUnknown ? other : unresolved(call, "`\(name)` of a count that isn't a number")
            }
            func cut<Part: BidirectionalCollection>(_ whole: Part) -> Part.SubSequence {
                switch name {
                case "prefix": whole.prefix(count)
                case "suffix": whole.suffix(count)
                case "dropFirst": whole.dropFirst(count)
                default: whole.dropLast(count)
                }
            }
            if case .array(let elements) = base { return .array(Array(cut(elements))) }
            return .string(String(cut(base.stringValue ?? "")))
        case ("split", .string(let text)), ("components", .string(let text)):
            guard arguments.count == 1, let separator = arguments[0].stringValue, !separator.isEmpty else { break }
            try charge(text.utf8.count / 64 + 1, at: call)
            let pieces = name == "split"
                ? text.split(separator: separator, omittingEmptySubsequences: true).map(String.init)
                : text.components(separatedBy: separator)
            return try array(pieces.map(TuistValue.string), at: call)
        case ("lowercased", .string(let text)): return try string(text.lowercased(), at: call)
        case ("uppercased", .string(let text)): return try string(text.uppercased(), at: call)
        case ("hasPrefix", .string(let text)):
            return arguments.first?.stringValue.map { .bool(text.hasPrefix($0)) }
                ?? TuistValue.firstUnknown(arguments.first ?? .null) ?? unresolved(call, "`hasPrefix` of a value that isn't a string")
        case ("hasSuffix", .string(let text)):
            return arguments.first?.stringValue.map { .bool(text.hasSuffix($0)) }
                ?? TuistValue.firstUnknown(arguments.first ?? .null) ?? unresolved(call, "`hasSuffix` of a value that isn't a string")
        case ("replacingOccurrences", .string(let text)) where arguments.count == 3:
            guard let pattern = arguments[0].stringValue, let template = arguments[1].stringValue,
                  Self.options(arguments[2]).contains("regularExpression") else { break }
            guard let replaced = BoundedRegex.replacing(pattern, in: text, with: template) else {
                return unresolved(call, "a regular expression archlint doesn't run (over \(BoundedRegex.maximumTextBytes) "
                                  + "bytes of text, nested or over \(BoundedRegex.maximumQuantifiers) quantifiers, or invalid)")
            }
            try charge(text.utf8.count / 8 + 1, at: call)
            return try string(replaced, at: call)
        case ("replacingOccurrences", .string(let text)):
            guard arguments.count == 2, let of = arguments[0].stringValue, let with = arguments[1].stringValue else { break }
            guard !of.isEmpty else { return base }
            // Sized before it is made.
            let occurrences = text.components(separatedBy: of).count - 1
            let size = text.utf8.count + occurrences * (with.utf8.count - of.utf8.count)
            try charge(text.utf8.count / 64 + size / 64, at: call)
            guard size <= budget.maximumStringBytes else { return stringTooLarge(at: call) }
            return try string(text.replacingOccurrences(of: of, with: with), at: call)
        default:
            break
        }
        if let methods = declarations.instanceMembers[name]?.filter({ $0.node.is(FunctionDeclSyntax.self) }), !methods.isEmpty {
            return base.passingGuard(to: try callFunction(dispatch(methods, on: base), call: call, receiver: base, frame: frame))
        }
        if let settings = try settingsMethod(name, on: base, arguments: arguments, call: call, frame: frame) { return settings }
        if let unknown = arguments.first(where: \.isUnknown) { return unknown }
        // An optional's `map`/`flatMap` on a helper's value that is there runs the closure once on it (a helper's pipe
        // operator, `value.map { function($0) }`); on nil it is nil. A ProjectDescription value's stays opaque.
        if name == "map" || name == "flatMap", arguments.count == 1, case .closure(let closure) = arguments[0] {
            switch base {
            case .null: return .null
            case .construct(let made) where made.typeName.map(declarations.types.contains) == true:
                return try invoke(closure, arguments: [base], node: call, resultType: expected)
            case .enumCase(let type, _, _, _) where declarations.types.contains(type):
                return try invoke(closure, arguments: [base], node: call, resultType: expected)
            default: break
            }
        }
        if case .construct = base {
            // A ProjectDescription method (`settings.merging(…)`): an opaque value, checked only where it is read.
            return .construct(TuistConstruct(name: name, typeName: nil, arguments: [], isCall: true, site: site(of: call),
                                             condition: condition, unread: unreadCondition))
        }
        return unresolved(call, "`\(name)` is a method archlint doesn't evaluate")
    }

    /// A file URL of `path` (`URL(fileURLWithPath:)`): its path is all archlint reads of it.
    private func url(_ path: String, at call: FunctionCallExprSyntax) -> TuistValue {
        .construct(TuistConstruct(name: "URL", typeName: nil, arguments: [("fileURLWithPath", .string(path))], isCall: true,
                                  site: site(of: call), condition: condition))
    }

    /// The standard library's methods `method` evaluates, by name.
    static let standardMethods: Set<String> = [
        "contains", "map", "compactMap", "flatMap", "filter", "first", "forEach", "sorted", "reversed", "joined",
        "union", "prefix", "suffix", "dropFirst", "dropLast", "lowercased", "uppercased", "hasPrefix", "hasSuffix",
        "replacingOccurrences", "split", "components",
    ]

    /// The methods `base` may run: its own type's first, then protocol extensions'; never another concrete type's.
    func dispatch(_ methods: [TuistFunction], on base: TuistValue) -> [TuistFunction] {
        let types: [String] = switch base {
        case .enumCase(let type, _, _, _): [type]
        case .construct(let construct): [construct.name] + (construct.typeName.map { [$0] } ?? [])
        default: []
        }
        let own = methods.filter { types.contains($0.ownerType ?? "") }
        if !own.isEmpty { return own }
        let shared = methods.filter { method in
            guard let owner = method.ownerType else { return true }
            return declarations.enums[owner] == nil && declarations.structFields[owner] == nil
        }
        // A value of a helper's own type never runs another helper type's member.
        let isHelperValue = types.contains { declarations.enums[$0] != nil || declarations.structFields[$0] != nil }
        return shared.isEmpty && !isHelperValue ? methods : shared
    }

    /// `map`, `compactMap`, `flatMap`, `filter`, `first`, `forEach`, `sorted` with a closure or a key path (`\.name`:
    /// a property as `instanceMember` reads it, helpers' computed properties included). A predicate archlint can't
    /// decide keeps the element, marked as uncertain (or under its build-time condition). A `map`'s closure returns
    /// the element type of what the call is read as, so `.feature($0)` is that type's case.
    private func higherOrder(_ name: String, _ elements: [TuistValue], transform: TuistValue,
                             call: FunctionCallExprSyntax, expected: String?, frame: TuistFrame) throws -> TuistValue {
        let apply: (TuistValue) throws -> TuistValue
        switch transform {
        case .closure(let closure):
            let resultType: String? = switch name {
            case "map", "compactMap": TuistDeclarations.elementType(expected)
            case "flatMap": expected
            default: nil
            }
            apply = { try self.invoke(closure, arguments: [$0], node: call, resultType: resultType) }
        case .construct(let keyPath) where keyPath.name.hasPrefix("\\."):
            let property = String(keyPath.name.dropFirst(2))
            apply = { element in
                if element.isUnknown { return element }
                if case .environment = element { return .environment(ManifestText.normalized(call)) }
                return try self.instanceMember(property, of: element, node: call, in: frame)
                    ?? self.unresolved(call, "`\\.\(property)` is not a property archlint knows")
            }
        default:
            return transform.isUnknown ? transform : unresolved(call, "`\(name)` with something other than a closure")
        }
        try charge(elements.count, at: call)
        var result: [TuistValue] = []
        for element in elements {
            let value = try apply(element)
            switch name {
            case "map": result.append(element.passingGuard(to: value))
            case "compactMap": if case .null = value {} else { result.append(element.passingGuard(to: value)) }
            case "flatMap":
                let made = element.passingGuard(to: value)
                result += made.arrayValue ?? [made]
            case "forEach": break
            case "sorted": break
            case "filter", "first":
                switch value {
                case .bool(true):
                    if name == "first" { return element }
                    result.append(element)
                case .bool(false): break
                case .environment(let text):
                    if name == "first" { return .environment(ManifestText.normalized(call)) }
                    result.append(element.requiring(text))
                default:
                    let unknown = value.isUnknown ? value : unresolved(call, "`\(name)` with a predicate that isn't a `Bool`")
                    if name == "first" { return unknown }
                    result.append(element.uncertain(unknown.unread))
                }
            default: return unresolved(call, "`\(name)`")
            }
            guard result.count <= budget.maximumValues else { return try array(result, at: call) }
        }
        if name == "first" { return .null }
        // A comparator archlint doesn't run: the order is kept, which decides nothing in the module graph.
        if name == "sorted" { return .array(elements) }
        return name == "forEach" ? .null : try array(result, at: call)
    }

    /// The elements without repeats, as `Set` keeps them, charged per comparison made.
    func unique(_ elements: [TuistValue], at node: some SyntaxProtocol) throws -> [TuistValue] {
        var result: [TuistValue] = []
        var seen: Set<String> = []
        for element in elements {
            if let key = element.scalarKey {
                try charge(1, at: node)
                if seen.insert(key).inserted { result.append(element) }
                continue
            }
            try charge(result.count + 1, at: node)
            if !result.contains(where: { $0.equals(element) == true }) { result.append(element) }
        }
        return result
    }

    func reason(for call: FunctionCallExprSyntax) -> String {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return "a call to `\(member.declName.baseName.text)`, which archlint doesn't evaluate"
        }
        return "a call archlint doesn't evaluate"
    }
}

/// A variable, or a field of a value held in one (`package.targets`), that a mutating call changes.
struct TuistPlace {
    let frame: TuistFrame
    let variable: String
    let field: String?

    init(frame: TuistFrame, variable: String, field: String?) {
        (self.frame, self.variable, self.field) = (frame, variable, field)
    }

    init?(_ expression: ExprSyntax, in frame: TuistFrame) {
        self.frame = frame
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            (variable, field) = (name, nil)
        } else if let member = expression.as(MemberAccessExprSyntax.self),
                  let owner = Self.variable(member.base),
                  frame.lookup(owner)?.construct != nil {
            (variable, field) = (owner, member.declName.baseName.text)
        } else {
            return nil
        }
    }

    /// `settings` in `settings.base` and `settings?.base` (optional chaining on a value that is there).
    static func variable(_ base: ExprSyntax?) -> String? {
        let reference = base?.as(OptionalChainingExprSyntax.self)?.expression ?? base
        return reference?.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    var value: TuistValue? {
        guard let held = frame.lookup(variable) else { return nil }
        guard let field else { return held }
        return held.construct?.argument(field) ?? .array([])
    }

    func assign(_ new: TuistValue) {
        guard let field else {
            _ = frame.assign(variable, new)
            return
        }
        guard case .construct(var holder)? = frame.lookup(variable) else { return }
        if let index = holder.arguments.firstIndex(where: { $0.label == field }) {
            holder.arguments[index].value = new
        } else {
            holder.arguments.append((field, new))
        }
        _ = frame.assign(variable, .construct(holder))
    }
}
