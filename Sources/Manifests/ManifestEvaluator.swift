import ArchlintModel
@_spi(Compiler) import SwiftParser
import SwiftSyntax
import SyntaxSupport

/// Function parameters (or a closure's `$0`) bound to the caller's argument expressions.
final class Scope {
    struct Argument {
        var value: OperandSequence
        /// Where `value` is evaluated: the caller's scope, nil for the top level.
        var scope: Scope?
    }

    let arguments: [String: Argument]
    let depth: Int

    init(arguments: [String: Argument], parent: Scope?) {
        self.arguments = arguments
        self.depth = (parent?.depth ?? 0) + 1
    }
}

/// Evaluates manifest expressions statically: literals, constants, `+`, helpers with a single-expression body,
/// and every branch of `#if`/`if`/`?:` (keeping the condition on each value). Anything else becomes a
/// `ProjectIssue` at its own line and column. Global bindings are evaluated once (memoised per kind).
final class ManifestEvaluator {
    let program: ManifestProgram
    /// The manifest's path, which its issues name.
    let file: String
    private let locations: LineTable
    private(set) var issues: [ProjectIssue] = []
    private var issueKeys: Set<ProjectIssue> = []
    /// Globals whose value was read while evaluating the package: statements elsewhere that change them matter.
    private(set) var consumedNames: Set<String> = []

    private struct MemoKey: Hashable {
        var binding: String
        var kind: ValueKind
        var asList: Bool
    }
    private var memo: [MemoKey: Evaluation] = [:]
    /// The issues met while evaluating each memoised binding: a later read of it meets them again.
    private var memoIssues: [MemoKey: [ProjectIssue]] = [:]
    /// Issues met by the evaluations in progress that collect them (`collectingIssues`), innermost last; an
    /// issue already reported, or met again through a memoised binding, is collected too.
    private var collectors: [[ProjectIssue]] = []
    /// Bindings being evaluated, with their value so far: `x = x + [...]` reads the earlier value.
    private var inProgress: [MemoKey: Evaluation] = [:]

    private static let maximumDepth = 24

    let budget: ManifestBudget
    /// list/element evaluations in progress, and evaluated so far (plus the values they produced).
    private var depth = 0
    private var steps = 0
    /// Issues left out past `budget.maximumIssues`.
    private(set) var issuesLeftOut = 0
    /// Bindings whose initializer is being evaluated: reading one of them again is a cycle.
    private var initializing: Set<MemoKey> = []

    init(program: ManifestProgram, file: String, locations: LineTable, budget: ManifestBudget = .standard) {
        self.program = program
        self.file = file
        self.locations = locations
        self.budget = budget
    }

    // MARK: Locations and issues

    func position(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        locations.location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    func report(_ message: String, at node: some SyntaxProtocol) {
        report(issue(message, at: node))
    }

    func issue(_ message: String, at node: some SyntaxProtocol) -> ProjectIssue {
        let (line, column) = position(of: node)
        return issue(message, line: line, column: column)
    }

    func issue(_ message: String, line: Int, column: Int) -> ProjectIssue {
        ProjectIssue(file: file, message: message, line: line, column: column)
    }

    func report(_ issue: ProjectIssue) {
        meet([issue])
        guard !issueKeys.contains(issue) else { return }
        guard issues.count < budget.maximumIssues else {
            issuesLeftOut += 1
            return
        }
        issueKeys.insert(issue)
        issues.append(issue)
    }

    private func meet(_ issues: [ProjectIssue]) {
        for index in collectors.indices { collectors[index] += issues }
    }

    /// Runs `body` and returns the issues it met, each once, in order.
    func collectingIssues<T>(_ body: () -> T) -> (T, [ProjectIssue]) {
        collectors.append([])
        let result = body()
        return (result, Self.distinct(collectors.removeLast()))
    }

    /// Each issue once, in order: a binding read twice meets its issues twice.
    private static func distinct(_ issues: [ProjectIssue]) -> [ProjectIssue] {
        var seen: Set<ProjectIssue> = []
        return issues.filter { seen.insert($0).inserted }
    }

    // MARK: Budgets

    /// Reports a budget hit at `node`: what was exceeded, and what to do.
    private func exceeded(_ what: String, at node: some SyntaxProtocol, as kind: ValueKind) -> Evaluation {
        let consequence = kind == .string ? "the declaration using this value is missing or incomplete in the module graph"
            : "any \(kind.plural) it declares are missing from the module graph"
        report("archlint stopped evaluating `\(ManifestText.excerpt(node))`: \(what); \(consequence). "
               + ManifestBudget.advice, at: node)
        return .unresolved
    }

    /// Enters one list/element evaluation; nil (after reporting) when the depth or step budget is spent.
    private func enter(_ node: ExprSyntax, as kind: ValueKind) -> Evaluation? {
        steps += 1
        if steps > budget.maximumSteps {
            return exceeded("the manifest needs more than \(budget.maximumSteps) evaluation steps", at: node, as: kind)
        }
        if depth >= budget.maximumEvaluationDepth {
            return exceeded("expressions nest more than \(budget.maximumEvaluationDepth) levels deep (constants defined "
                            + "through constants, helpers, `?:` chains)", at: node, as: kind)
        }
        depth += 1
        return nil
    }

    /// Leaves an evaluation: counts its values and rejects a result with too many.
    private func leave(_ result: Evaluation, at node: ExprSyntax, as kind: ValueKind) -> Evaluation {
        depth -= 1
        steps += result.values.count
        guard result.values.count <= budget.maximumValues else {
            return exceeded("it has more than \(budget.maximumValues) values", at: node, as: kind)
        }
        return result
    }

    /// Reports an expression that can't be resolved and returns an incomplete, empty evaluation.
    func unresolved(_ node: some SyntaxProtocol, as kind: ValueKind, because reason: String) -> Evaluation {
        let consequence = kind == .string ? "the declaration using this value is missing or incomplete in the module graph"
            : "any \(kind.plural) it declares are missing from the module graph"
        report(
            "cannot resolve `\(ManifestText.excerpt(node))` statically (\(reason)); \(consequence). Declare it with "
                + "literals and constants, or run with `--manifests dump` to evaluate the manifest exactly",
            at: node)
        return .unresolved
    }

    // MARK: Lists

    /// A list of `kind` values: `[…]`, `a + b`, a constant, a helper, `c ? a : b`.
    func list(_ sequence: OperandSequence, as kind: ValueKind, in scope: Scope?) -> Evaluation {
        if let refused = enter(sequence.anchor, as: kind) { return refused }
        return leave(unboundedList(sequence, as: kind, in: scope), at: sequence.anchor, as: kind)
    }

    private func unboundedList(_ sequence: OperandSequence, as kind: ValueKind, in scope: Scope?) -> Evaluation {
        if let split = splitTernary(sequence) {
            return branches(split, as: kind, in: scope) { self.list($0, as: kind, in: scope) }
        }
        guard let expression = sequence.single else {
            return concatenation(sequence, as: kind, in: scope) { self.list($0, as: kind, in: scope) }
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var result = Evaluation()
            for element in array.elements {
                result.append(self.element(OperandSequence(element.expression), as: kind, in: scope))
                if result.values.count > budget.maximumValues { break }
            }
            return result
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self), dictionary.content.is(TokenSyntax.self) {
            return unresolved(expression, as: kind, because: "`[:]` is a dictionary, not a list")
        }
        return reference(expression, as: kind, asList: true, in: scope) ?? unresolved(
            expression, as: kind, because: reason(for: expression))
    }

    // MARK: Elements

    /// One `kind` value (or several alternatives, one per branch).
    func element(_ sequence: OperandSequence, as kind: ValueKind, in scope: Scope?) -> Evaluation {
        if let refused = enter(sequence.anchor, as: kind) { return refused }
        return leave(unboundedElement(sequence, as: kind, in: scope), at: sequence.anchor, as: kind)
    }

    private func unboundedElement(_ sequence: OperandSequence, as kind: ValueKind, in scope: Scope?) -> Evaluation {
        if let split = splitTernary(sequence) {
            return branches(split, as: kind, in: scope) { self.element($0, as: kind, in: scope) }
        }
        guard let expression = sequence.single else {
            if kind == .string {
                return concatenation(sequence, as: kind, in: scope) { self.element($0, as: .string, in: scope) }
            }
            return unresolved(sequence.anchor, as: kind, because: "an operator expression where a single value is expected")
        }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return string(literal, as: kind, in: scope)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let decoded = builtin(call, as: kind, in: scope) {
            return decoded
        }
        return reference(expression, as: kind, asList: false, in: scope) ?? unresolved(
            expression, as: kind, because: reason(for: expression))
    }

    /// A single string (a name, a path) with all its possible values.
    func strings(_ expression: ExprSyntax, in scope: Scope?) -> Evaluation {
        element(OperandSequence(expression), as: .string, in: scope)
    }

    /// A list of strings (`exclude:`, `sources:`, a product's `targets:`).
    func stringList(_ expression: ExprSyntax, in scope: Scope?) -> Evaluation {
        list(OperandSequence(expression), as: .string, in: scope)
    }

    // MARK: Names: constants, parameters, static members, helpers

    /// Resolves `name`, `.member`, `Type.member`, `Type.case.rawValue`, `package.targets`, a parenthesised
    /// expression, a folded ternary or a helper call. Nil when `expression` is none of those.
    private func reference(_ expression: ExprSyntax, as kind: ValueKind, asList: Bool, in scope: Scope?) -> Evaluation? {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
           let only = tuple.elements.first, only.label == nil {
            let inner = OperandSequence(only.expression)
            return asList ? list(inner, as: kind, in: scope) : element(inner, as: kind, in: scope)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let condition = ManifestText.normalized(ternary.condition)
            let evaluate = { (branch: ExprSyntax) in
                asList ? self.list(OperandSequence(branch), as: kind, in: scope)
                    : self.element(OperandSequence(branch), as: kind, in: scope)
            }
            return alternatives(condition: condition, then: evaluate(ternary.thenExpression),
                                else: evaluate(ternary.elseExpression), node: expression, kind: kind)
        }
        if let name = expression.as(DeclReferenceExprSyntax.self) {
            let value = identifier(name, as: kind, asList: asList, in: scope)
            // A parameter's value is located where the caller wrote the argument.
            return scope?.arguments[name.baseName.text] != nil ? value : locatedAtUse(value, use: name, kind: kind, asList: asList)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return memberAccess(member, as: kind, asList: asList, in: scope).map {
                locatedAtUse($0, use: member, kind: kind, asList: asList)
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return helperCall(call, as: kind, asList: asList, in: scope)
        }
        return nil
    }

    /// A target dependency held by a single-value constant (`logging`, `.designSystem`) is located where it is
    /// used, the place to edit for that target. Elements of a list constant keep their own locations, so each
    /// location names exactly one dependency; targets, products and package dependencies keep the location of
    /// their own declaration.
    private func locatedAtUse(_ evaluation: Evaluation, use: some SyntaxProtocol, kind: ValueKind, asList: Bool) -> Evaluation {
        guard kind == .targetDependency, !asList else { return evaluation }
        let (line, column) = position(of: use)
        var result = evaluation
        result.values = result.values.map { $0.located(line: line, column: column) }
        return result
    }

    private func identifier(_ reference: DeclReferenceExprSyntax, as kind: ValueKind, asList: Bool, in scope: Scope?) -> Evaluation {
        let name = reference.baseName.text
        if let argument = scope?.arguments[name] {
            return asList ? list(argument.value, as: kind, in: argument.scope)
                : element(argument.value, as: kind, in: argument.scope)
        }
        if program.bindings[name] != nil {
            return binding(name, as: kind, asList: asList, at: reference)
        }
        return unresolved(reference, as: kind, because: "`\(name)` is not a constant declared in this manifest")
    }

    private func memberAccess(_ member: MemberAccessExprSyntax, as kind: ValueKind, asList: Bool, in scope: Scope?) -> Evaluation? {
        let name = member.declName.baseName.text
        guard let base = member.base else {
            // `.member`: a static member of the contextual type (`extension Target.Dependency { static let x }`).
            guard let key = staticKey(member: name, contextTypes: kind.contextTypes) else { return nil }
            return binding(key, as: kind, asList: asList, at: member)
        }
        if name == "rawValue", let enumCase = base.as(MemberAccessExprSyntax.self), let caseBase = enumCase.base,
           let raw = program.enumRawValues["\(TypeName.normalized(caseBase.trimmedDescription)).\(enumCase.declName.baseName.text)"] {
            guard kind == .string || kind == .targetDependency else { return nil }
            let (line, column) = position(of: member)
            let value = StringValue(text: raw, condition: nil, line: line, column: column)
            return Evaluation(values: [kind == .string ? .string(value) : .targetDependency(byName(value))])
        }
        if let packageBase = base.as(DeclReferenceExprSyntax.self), packageBase.baseName.text == program.packageVariable,
           ManifestProgram.packageListMembers.contains(name) {
            return binding(ManifestProgram.packageKey(name), as: kind, asList: asList)
        }
        let key = "\(TypeName.normalized(base.trimmedDescription)).\(name)"
        if program.bindings[key] != nil {
            return binding(key, as: kind, asList: asList, at: member)
        }
        return nil
    }

    /// The static member a `.member` refers to: one declared on a contextual type, else the only one of that name.
    private func staticKey(member: String, contextTypes: [String]) -> String? {
        let owners = program.staticMemberTypes[member] ?? []
        for type in contextTypes where owners.contains(type) { return "\(type).\(member)" }
        let distinct = Set(owners)
        if distinct.count == 1, let owner = distinct.first { return "\(owner).\(member)" }
        return nil
    }

    /// Evaluates a binding's entries in order (memoised); `append`s and `+=` add, a plain assignment made under the
    /// declaration's own conditions replaces, every other branch adds its values with its condition.
    /// A binding read at `use`: a cycle (`let a = b; let b = a`) is reported there.
    private func binding(_ key: String, as kind: ValueKind, asList: Bool, at use: some SyntaxProtocol) -> Evaluation {
        if initializing.contains(MemoKey(binding: key, kind: kind, asList: asList)) {
            return unresolved(use, as: kind, because: "`\(key)` is defined in terms of itself (a cycle of constants), "
                              + "which Swift rejects")
        }
        return binding(key, as: kind, asList: asList)
    }

    func binding(_ key: String, as kind: ValueKind, asList: Bool) -> Evaluation {
        let memoKey = MemoKey(binding: key, kind: kind, asList: asList)
        if let cached = memo[memoKey] {
            meet(memoIssues[memoKey] ?? [])
            return cached
        }
        if let partial = inProgress[memoKey] { return partial }
        guard let binding = program.bindings[key] else { return .unresolved }
        consumedNames.insert(key)

        var accumulated = Evaluation()
        inProgress[memoKey] = accumulated
        // Outer collectors meet these issues as they are reported; the memo keeps them for later reads.
        collectors.append([])
        defer { memoIssues[memoKey] = Self.distinct(collectors.removeLast()) }
        for (index, entry) in binding.entries.enumerated() {
            var value: Evaluation
            switch entry.kind {
            case .value:
                guard let sequence = entry.value else { continue }
                // Only the first entry (the declaration) can form a cycle; later ones read the value so far.
                if index == 0 { initializing.insert(memoKey) }
                value = asList ? list(sequence, as: kind, in: nil) : element(sequence, as: kind, in: nil)
                initializing.remove(memoKey)
                if entry.replacesEarlier && value.isComplete {
                    accumulated = Evaluation()
                }
            case .element:
                guard asList, let sequence = entry.value else { continue }
                value = element(sequence, as: kind, in: nil)
            case .contents:
                guard asList, let sequence = entry.value else { continue }
                value = list(sequence, as: kind, in: nil)
            case .opaque(let reason):
                value = unresolved(entry.node, as: kind, because: reason)
            }
            accumulated.append(value.requiring(entry.condition))
            inProgress[memoKey] = accumulated
            if accumulated.values.count > budget.maximumValues { break }
        }
        inProgress[memoKey] = nil
        memo[memoKey] = accumulated
        return accumulated
    }

    // MARK: Helper functions

    /// `helper(…)`, `.helper(…)`, `Type.helper(…)` whose body is one expression: evaluated with its parameters
    /// bound to the arguments. Nil when the callee isn't a helper declared in this manifest.
    private func helperCall(_ call: FunctionCallExprSyntax, as kind: ValueKind, asList: Bool, in scope: Scope?) -> Evaluation? {
        let overloads = callables(for: call.calledExpression, contextTypes: kind.contextTypes)
        guard let first = overloads.first else { return nil }
        // Overloads (`github(_:repo:exact:)`, `github(_:repo:revision:)`): the first whose labels the arguments fit.
        let fitting = overloads.lazy.compactMap { callable in
            self.bind(call, to: callable, callerScope: scope).map { (callable, $0) }
        }.first
        let callable = fitting?.0 ?? first
        guard let body = callable.body else {
            return unresolved(call, as: kind, because: "`\(callable.name)` has a body with statements, which archlint doesn't run")
        }
        if (scope?.depth ?? 0) >= Self.maximumDepth {
            return unresolved(call, as: kind, because: "helpers nest too deeply")
        }
        guard let arguments = fitting?.1 else {
            return unresolved(call, as: kind, because: "its arguments don't match `\(callable.name)`'s parameters")
        }
        let calleeScope = Scope(arguments: arguments, parent: scope)
        let sequence = OperandSequence(body)
        var result = asList ? list(sequence, as: kind, in: calleeScope) : element(sequence, as: kind, in: calleeScope)
        // What a helper returns is located where the helper is called, not inside its body; a target it builds
        // keeps the location of dependencies its caller passed in.
        let (line, column) = position(of: call)
        let helperLines = lineRange(of: callable.declaration)
        result.values = result.values.map { value in
            guard case .target(var target) = value else { return value.located(line: line, column: column) }
            (target.line, target.column) = (line, column)
            target.dependencies = target.dependencies.map { dependency in
                var dependency = dependency
                if helperLines.contains(dependency.line) { (dependency.line, dependency.column) = (line, column) }
                return dependency
            }
            return .target(target)
        }
        return result
    }

    private func lineRange(of node: Syntax) -> ClosedRange<Int> {
        let start = locations.location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset).line
        let end = locations.location(ofOffset: node.endPositionBeforeTrailingTrivia.utf8Offset).line
        return start...max(start, end)
    }

    private func callables(for callee: ExprSyntax, contextTypes: [String]) -> [Callable] {
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return program.callables[reference.baseName.text] ?? []
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return [] }
        let name = member.declName.baseName.text
        if let base = member.base {
            return program.callables["\(TypeName.normalized(base.trimmedDescription)).\(name)"] ?? []
        }
        guard let key = staticKey(member: name, contextTypes: contextTypes) else { return [] }
        return program.callables[key] ?? []
    }

    private func bind(_ call: FunctionCallExprSyntax, to callable: Callable, callerScope: Scope?) -> [String: Scope.Argument]? {
        var arguments = Array(call.arguments)
        if let closure = call.trailingClosure {
            arguments.append(LabeledExprSyntax(expression: ExprSyntax(closure)))
        }
        var bound: [String: Scope.Argument] = [:]
        var index = 0
        for parameter in callable.parameters {
            if parameter.isVariadic { return nil }
            if index < arguments.count, arguments[index].label?.text == parameter.label {
                bound[parameter.name] = Scope.Argument(value: OperandSequence(arguments[index].expression), scope: callerScope)
                index += 1
            } else if let defaultValue = parameter.defaultValue {
                bound[parameter.name] = Scope.Argument(value: OperandSequence(defaultValue), scope: nil)
            } else {
                return nil
            }
        }
        return index == arguments.count ? bound : nil
    }

    // MARK: Operators

    private struct TernarySplit {
        var condition: [ExprSyntax]
        var then: ExprSyntax
        var otherwise: ArraySlice<ExprSyntax>
        var node: ExprSyntax
    }

    /// `c ? a : b` in an unfolded sequence (the ternary binds loosest, so the first `?` splits it).
    private func splitTernary(_ sequence: OperandSequence) -> TernarySplit? {
        let elements = sequence.elements
        guard let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
              index > elements.startIndex, index + 1 < elements.endIndex,
              let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self) else { return nil }
        return TernarySplit(condition: Array(elements[..<index]), then: ternary.thenExpression,
                            otherwise: elements[(index + 1)...], node: sequence.anchor)
    }

    private func branches(_ split: TernarySplit, as kind: ValueKind, in scope: Scope?,
                          _ evaluate: (OperandSequence) -> Evaluation) -> Evaluation {
        let condition = split.condition.map(ManifestText.normalized).joined(separator: " ")
        return alternatives(condition: condition, then: evaluate(OperandSequence(split.then)),
                            else: evaluate(OperandSequence(elements: split.otherwise)), node: split.node, kind: kind)
    }

    /// Both branches of a `?:`, each under its condition (like `#if`: the union, with the condition as data).
    /// A single-valued argument (`path:`) with several alternatives is reported where it is read.
    private func alternatives(condition: String, then: Evaluation, else otherwise: Evaluation,
                              node: some SyntaxProtocol, kind: ValueKind) -> Evaluation {
        var result = then.requiring(condition)
        result.append(otherwise.requiring(ConditionText.not(condition)))
        return result
    }

    /// `a + b + c`: lists concatenate; strings join (every combination of their alternatives).
    private func concatenation(_ sequence: OperandSequence, as kind: ValueKind, in scope: Scope?,
                               _ evaluate: (OperandSequence) -> Evaluation) -> Evaluation {
        let elements = sequence.elements
        var operands: [ExprSyntax] = []
        for (offset, element) in elements.enumerated() {
            if offset % 2 == 0 {
                operands.append(element)
            } else if element.as(BinaryOperatorExprSyntax.self)?.operator.text != "+" {
                let reason = elements.contains(where: mentionsEnvironment) ? "it reads the environment at build time"
                    : "the operator `\(ManifestText.normalized(element))` isn't evaluated statically"
                return unresolved(sequence.anchor, as: kind, because: reason)
            }
        }
        guard elements.count % 2 == 1 else {
            return unresolved(sequence.anchor, as: kind, because: "an incomplete expression")
        }
        var parts: [Evaluation] = []
        var count = 0
        for operand in operands where count <= budget.maximumValues {
            parts.append(evaluate(OperandSequence(operand)))
            count += parts.last!.values.count
        }
        guard kind == .string, operands.count > 1 else {
            var result = Evaluation()
            for part in parts {
                result.append(part)
                if result.values.count > budget.maximumValues { break }
            }
            return result
        }
        return joinStrings(parts, at: sequence.anchor)
    }

    private func joinStrings(_ parts: [Evaluation], at node: ExprSyntax) -> Evaluation {
        let (line, column) = position(of: node)
        var combinations = [(text: "", condition: String?.none)]
        var isComplete = true
        for part in parts {
            isComplete = isComplete && part.isComplete
            guard let joined = join(combinations, part.strings.map { ($0.text, $0.condition) }, at: node) else {
                return .unresolved
            }
            combinations = joined
        }
        guard isComplete else { return .unresolved }
        return Evaluation(values: combinations.map {
            .string(StringValue(text: $0.text, condition: $0.condition, line: line, column: column))
        })
    }

    /// Every prefix followed by every suffix; nil (after reporting at `node`) past the string budgets.
    private func join(_ prefixes: [(text: String, condition: String?)], _ suffixes: [(text: String, condition: String?)],
                      at node: some SyntaxProtocol) -> [(text: String, condition: String?)]? {
        guard prefixes.count * suffixes.count <= budget.maximumStringAlternatives else {
            _ = exceeded("the string has more than \(budget.maximumStringAlternatives) possible values depending on "
                         + "conditions", at: node, as: .string)
            return nil
        }
        var result: [(text: String, condition: String?)] = []
        for prefix in prefixes {
            for suffix in suffixes {
                guard prefix.text.utf8.count + suffix.text.utf8.count <= budget.maximumStringBytes else {
                    _ = exceeded("the string is longer than \(budget.maximumStringBytes) bytes", at: node, as: .string)
                    return nil
                }
                steps += 1
                result.append((prefix.text + suffix.text, ConditionText.and(prefix.condition, suffix.condition)))
            }
        }
        return result
    }

    // MARK: Strings

    /// A string literal: a name, a path, or a by-name target dependency. Interpolations are resolved when every
    /// interpolated expression is itself a known string (`StringLiteralPiece` says how Swift reads a literal).
    private func string(_ literal: StringLiteralExprSyntax, as kind: ValueKind, in scope: Scope?) -> Evaluation {
        guard kind == .string || kind == .targetDependency else {
            return unresolved(literal, as: kind, because: "a string where a \(kind.plural.dropLast()) declaration is expected")
        }
        let (line, column) = position(of: literal)
        let pieces: [StringLiteralPiece]
        switch StringLiteralPiece.pieces(of: literal) {
        case .success(let read): pieces = read
        case .failure(.malformed): return unresolved(literal, as: kind, because: "a malformed string literal")
        case .failure(.interpolation(let interpolation)):
            return unresolved(interpolation, as: kind, because: "a string interpolation archlint can't evaluate")
        }
        var texts = [(text: "", condition: String?.none)]
        for piece in pieces {
            let parts: [(text: String, condition: String?)]
            switch piece {
            case .text(let text): parts = [(text, nil)]
            case .interpolated(let expression):
                if let type = selfDescribingCase(expression) {
                    return unresolved(expression, as: kind, because: "`\(type)` prints its own `description`, which archlint doesn't run")
                }
                if let printed = printed(expression, in: scope) {
                    parts = [(printed, nil)]
                    break
                }
                let inner = element(OperandSequence(expression), as: .string, in: scope)
                guard inner.isComplete, !inner.strings.isEmpty else { return .unresolved }
                parts = inner.strings.map { ($0.text, $0.condition) }
            }
            guard let joined = join(texts, parts, at: literal) else { return .unresolved }
            texts = joined
        }
        let values = texts.map { StringValue(text: $0.text, condition: $0.condition, line: line, column: column) }
        return Evaluation(values: values.map { kind == .string ? .string($0) : .targetDependency(byName($0)) })
    }

    /// An interpolated literal or enum case as Swift prints it: `\(2)` is `2`, `\(true)` is `true`, `\(Module.core)`
    /// is `core` (its name, never its raw value), as in Tuist manifests. Nil for anything else, read as a string.
    private func printed(_ expression: ExprSyntax, in scope: Scope?) -> String? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self) else { return printedLiteral(expression) }
        // `let major = 5` then `"\(major)"`: a constant holding one such literal, declared unconditionally.
        let name = reference.baseName.text
        guard scope?.arguments[name] == nil, let binding = program.bindings[name], binding.entries.count == 1,
              let entry = binding.entries.first, case .value = entry.kind, entry.condition == nil,
              let value = entry.value?.single, let text = printedLiteral(value) else { return nil }
        consumedNames.insert(name)
        return text
    }

    private func printedLiteral(_ expression: ExprSyntax) -> String? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return integer.representedLiteralValue.map(String.init) }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
        guard let (type, name) = enumCase(expression), !program.selfDescribingTypes.contains(type) else { return nil }
        return name
    }

    /// The type of an interpolated enum case that prints its own `description`, which archlint doesn't run.
    private func selfDescribingCase(_ expression: ExprSyntax) -> String? {
        enumCase(expression).map(\.type).flatMap { program.selfDescribingTypes.contains($0) ? $0 : nil }
    }

    private func enumCase(_ expression: ExprSyntax) -> (type: String, name: String)? {
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let type = TypeName.normalized(base.trimmedDescription)
        let name = member.declName.baseName.text
        return program.enumCases.contains("\(type).\(name)") ? (type, name) : nil
    }

    func byName(_ value: StringValue) -> TargetDependencyDecl {
        TargetDependencyDecl(kind: .byName, name: value.text, condition: value.condition, line: value.line, column: value.column)
    }

    // MARK: Reasons

    /// Why an expression isn't evaluated, in the manifest author's terms.
    func reason(for expression: ExprSyntax) -> String {
        if expression.is(ClosureExprSyntax.self) { return "a closure" }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if call.calledExpression.is(ClosureExprSyntax.self) { return "an immediately called closure" }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                if ["map", "compactMap", "flatMap", "filter", "reduce", "sorted", "joined"].contains(name) {
                    return "`\(name)` with a closure isn't evaluated statically"
                }
                return "a call to `\(name)`, which archlint doesn't evaluate"
            }
            return "a call to `\(ManifestText.excerpt(call.calledExpression, limit: 30))`, which archlint doesn't evaluate"
        }
        if mentionsEnvironment(expression) { return "it reads the environment at build time" }
        if expression.is(SubscriptCallExprSyntax.self) { return "a subscript" }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return "`\(member.declName.baseName.text)` is not a constant or static member declared in this manifest"
        }
        if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) { return "an `if`/`switch` expression" }
        if expression.is(ArrayExprSyntax.self) { return "a list where a single value is expected" }
        return "an expression archlint doesn't evaluate"
    }

    private func mentionsEnvironment(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains { $0.text == "environment" || $0.text == "ProcessInfo" }
    }
}
