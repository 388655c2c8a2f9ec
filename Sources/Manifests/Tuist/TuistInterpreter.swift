import ArchlintModel
import Foundation
@_spi(Compiler) import SwiftParser
import SwiftSyntax
import SyntaxSupport

/// Values of helper statics shared by the evaluations of one repository's manifests.
final class TuistHelperMemo {
    var values: [String: TuistValue] = [:]
}

/// A budget ran out: the evaluation of the current project stops, reported at `node`.
struct TuistAbort: Error {
    var message: String
    var file: String
    var node: Syntax
}

/// Evaluates the Swift subset of Tuist manifests and their helpers, statically: literals, `let`/`var`, helper
/// functions with default arguments, static members, enums with raw values and `allCases`, `if`/`guard`/`switch`/
/// `for`, closures passed to `map`/`filter`/…, `+`, `??`, `append`. ProjectDescription itself is not modelled as
/// types: its initializers and factories become `TuistConstruct`s that `TuistProjectBuilder` reads.
///
/// Reads of the environment take every branch, each under its condition. Whatever can't be evaluated is reported at
/// its line and becomes `.unknown`; step, depth and loop budgets stop runaway helpers.
final class TuistInterpreter {
    /// Control flow out of a statement.
    enum Flow {
        case normal
        case returned(TuistValue)
        /// Returned each value only under its condition (known when `tuist generate` runs or the manifest is
        /// compiled); under `otherwise`, the statements after this one run. Never leaves a statement list (`execute`).
        case returnedWhen([TuistAlternative], otherwise: String, site: TuistSite)
        case breakLoop
        case continueLoop
    }

    let declarations: TuistDeclarations
    let sources: TuistSources
    let budget: ManifestBudget
    /// The manifest being evaluated: helper results are located at its call sites.
    let manifestFile: String
    /// Issues reported, in order (a `Set` of keys keeps each once).
    private(set) var issues: [ProjectIssue] = []
    /// Issues left out past `budget.maximumIssues`.
    private(set) var issuesLeftOut = 0
    private var reportedKeys: Set<ProjectIssue>
    private var steps = 0
    private var depth = 0
    var currentFile: String
    /// The environment branches the current statement runs under.
    var condition: String?
    /// Why the current statement may not run at all: a branch on something archlint couldn't evaluate.
    var unreadCondition: TuistUnread?
    /// The manifest's own top-level variables, visible to the functions it declares.
    let globals = TuistFrame(parent: nil)
    /// Static and global stored values evaluated so far, and those being evaluated (a cycle).
    private var storedMemo: [String: TuistValue] = [:]
    /// Helper statics, evaluated once for every manifest of the repository (their values don't depend on it).
    let helperMemo: TuistHelperMemo
    private var storedInProgress: Set<String> = []
    /// A Package.swift variable's written type (`var deps: [Target.Dependency] = []`), so what is added to it later
    /// reads as that type (`deps += ["Core"]`).
    private var variableTypes: [String: String] = [:]

    func declaredType(of name: String, in frame: TuistFrame) -> String? {
        frame.holder(of: name).flatMap { variableTypes["\(ObjectIdentifier($0)).\(name)"] }
    }

    /// Changes to a target's dependencies archlint didn't follow (`changesThroughReference`): any target may miss some.
    private(set) var referenceChanges: [ProjectIssue] = []
    /// The `#if` clause condition each variable was declared under, by frame and name.
    private var declarationConditions: [String: String] = [:]

    /// Type names of ProjectDescription and Foundation that a capitalised identifier may name without a declaration.
    static let environmentTypes: Set<String> = ["Environment", "ProcessInfo"]

    /// Whether `type` reads the environment: ProjectDescription's `Environment`, Foundation's `ProcessInfo`, and in a
    /// Package.swift PackageDescription's `Context`.
    func readsEnvironment(_ type: String) -> Bool {
        // `ProjectDescription.Environment` is `Environment`.
        let type = type.hasPrefix("ProjectDescription.") ? String(type.dropFirst("ProjectDescription.".count)) : type
        return Self.environmentTypes.contains(type) || type.hasPrefix("ProcessInfo") || (dialect == .package && type == "Context")
    }
    /// Foundation types that read files or data at generation time: their values are never known statically.
    static let generationTimeTypes: Set<String> = [
        "FileManager", "JSONDecoder", "PropertyListDecoder", "Data", "URL", "Bundle", "NSDictionary", "NSArray",
    ]
    static let maximumCallDepth = 64
    /// Where `#file` puts the scanned root in a Tuist manifest: `#file` is this plus the file's path, so a path a
    /// helper derives from it (`URL(fileURLWithPath: #file).pathComponents.dropLast(3)`) leads back into the
    /// repository (`TuistProjectBuilder.path`).
    static let fileRoot = "/archlint-root"
    /// Which manifests these are: what their readers advise, and how reads of files and the environment are taken.
    let dialect: ManifestDialect
    var callDepth = 0
    /// The helpers running now, by declaration: a helper of a ProjectDescription type calling its own name with
    /// its own labels calls ProjectDescription's overload (`project(target:path: ProjectPath)` → `path.relativePath`).
    var runningHelpers: [SyntaxIdentifier: Int] = [:]
    /// Per closure or helper running, innermost last: what its result builder collected; nil where none runs it.
    var builtValues: [TuistBuiltValues?] = []

    init(declarations: TuistDeclarations, sources: TuistSources, budget: ManifestBudget, manifestFile: String,
         alreadyReported: Set<ProjectIssue>, helperMemo: TuistHelperMemo = TuistHelperMemo(), dialect: ManifestDialect = .tuist) {
        self.helperMemo = helperMemo
        self.dialect = dialect
        self.declarations = declarations
        self.sources = sources
        self.budget = budget
        self.manifestFile = manifestFile
        self.currentFile = manifestFile
        self.reportedKeys = alreadyReported
    }

    var reported: Set<ProjectIssue> { reportedKeys }

    // MARK: Issues

    @discardableResult
    func report(_ message: String, at node: some SyntaxProtocol, file: String? = nil) -> ProjectIssue {
        let file = file ?? currentFile
        let (line, column) = sources.position(of: node, in: file)
        return report(message, at: TuistSite(file: file, line: line, column: column))
    }

    @discardableResult
    func report(_ message: String, at site: TuistSite) -> ProjectIssue {
        let issue = ProjectIssue(file: site.file, message: message, line: site.line, column: site.column)
        guard reportedKeys.insert(issue).inserted else { return issue }
        guard issues.count < budget.maximumIssues else {
            issuesLeftOut += 1
            return issue
        }
        issues.append(issue)
        return issue
    }

    /// Reports what can't be evaluated and returns it as an unknown value that carries the issue. Code the parser
    /// couldn't read carries the file's syntax error, reported once for the file.
    func unresolved(_ node: some SyntaxProtocol, _ reason: String) -> TuistValue {
        if node.hasError, let syntaxError = sources.syntaxIssues(of: currentFile, dialect: dialect).first {
            return .unknown(TuistUnread([syntaxError]))
        }
        return .unknown(TuistUnread([report(
            "cannot evaluate `\(ManifestText.excerpt(node))` statically (\(reason)); targets or dependencies it "
                + "declares are missing from the module graph. " + dialect.advice, at: node)]))
    }

    /// A read of files or data (`FileManager`, `URL`): in a Package.swift a condition known when the manifest is
    /// compiled, like the environment; in a Tuist manifest, a value archlint can't know.
    func generationTime(_ type: String, _ node: some SyntaxProtocol) -> TuistValue {
        if dialect == .package { return .environment(ManifestText.normalized(node)) }
        return unresolved(node, "`\(type)` reads files or data when `tuist generate` runs")
    }

    private func abort(_ what: String, at node: some SyntaxProtocol) -> TuistAbort {
        TuistAbort(message: "archlint stopped evaluating `\(ManifestText.excerpt(node))`: \(what); " + dialect.stopped,
                   file: currentFile, node: Syntax(node))
    }

    private func step(_ node: some SyntaxProtocol) throws {
        try charge(1, at: node)
    }

    /// Charges `units` of work (one per expression evaluated, per list element or per 64 bytes of string made, per
    /// comparison); past the budget the evaluation of this project stops.
    func charge(_ units: Int, at node: some SyntaxProtocol) throws {
        steps += max(units, 0)
        if steps > budget.maximumSteps {
            throw abort("the manifest and its helpers need more than \(budget.maximumSteps) evaluation steps", at: node)
        }
    }

    /// A string made at `node`, charged for its size; past `maximumStringBytes` it is not kept: a
    /// `manifest-unresolved` at `node`, and an unknown value.
    func string(_ text: String, at node: some SyntaxProtocol) throws -> TuistValue {
        let size = text.utf8.count
        try charge(size / 64, at: node)
        guard size <= budget.maximumStringBytes else { return stringTooLarge(at: node) }
        return .string(text)
    }

    func stringTooLarge(at node: some SyntaxProtocol) -> TuistValue {
        unresolved(node, "a string grows past \(budget.maximumStringBytes) bytes, archlint's budget for one string")
    }

    /// A list made at `node`, charged for its size; past `maximumValues` elements it is not kept.
    func array(_ elements: [TuistValue], at node: some SyntaxProtocol) throws -> TuistValue {
        try charge(elements.count, at: node)
        guard elements.count <= budget.maximumValues else {
            return unresolved(node, "a list grows past \(budget.maximumValues) elements, archlint's budget for one list")
        }
        return .array(elements)
    }

    // MARK: Statements

    /// Runs a manifest's top-level statements; the issue saying where a budget stopped it, if one did.
    func runManifest(_ statements: CodeBlockItemListSyntax) -> ProjectIssue? {
        do {
            try run(statements, in: globals)
        } catch let stop as TuistAbort {
            let (line, column) = sources.position(of: stop.node, in: stop.file)
            return ProjectIssue(file: stop.file, message: stop.message, line: line, column: column)
        } catch {}
        return nil
    }

    /// Runs the top-level statements of a manifest in `frame`.
    func run(_ statements: CodeBlockItemListSyntax, in frame: TuistFrame) throws {
        _ = try execute(statements, in: frame)
    }

    func execute(_ statements: CodeBlockItemListSyntax, in frame: TuistFrame) throws -> Flow {
        try execute(statements[...], in: frame)
    }

    /// A statement that returns only under a condition leaves the rest to run under the other one; when the rest
    /// returns too, the value is both, each under its condition.
    private func execute(_ statements: Slice<CodeBlockItemListSyntax>, in frame: TuistFrame) throws -> Flow {
        for (offset, item) in statements.enumerated() {
            let flow = try execute(item.item, in: frame)
            if case .normal = flow { continue }
            guard case .returnedWhen(let returned, let otherwise, let site) = flow else { return flow }
            let rest = try underCondition(otherwise) { try execute(statements.dropFirst(offset + 1), in: frame) }
            guard case .returned(let other) = rest else { return .returned(choice(returned, at: site)) }
            if returned.count == 1 {
                return .returned(try either(returned[0].condition, returned[0].value, other, otherwise: otherwise, at: site))
            }
            return .returned(choice(returned + [TuistAlternative(value: other, condition: otherwise)], at: site))
        }
        return .normal
    }

    private func execute(_ item: CodeBlockItemSyntax.Item, in frame: TuistFrame) throws -> Flow {
        try step(item)
        switch item {
        case .decl(let decl):
            if let variable = decl.as(VariableDeclSyntax.self) {
                // A computed variable is a declaration, collected before running.
                for binding in variable.bindings where binding.accessorBlock == nil {
                    let type = binding.typeAnnotation.map { declarations.canonicalType($0.type.trimmedDescription) }
                    let value = try binding.initializer.map { try evaluate($0.value, expected: type, in: frame) } ?? .null
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        frame.variables[name] = declared(name, value, in: frame, at: binding)
                        if dialect == .package, let type { variableTypes["\(ObjectIdentifier(frame)).\(name)"] = type }
                    } else if let tuple = binding.pattern.as(TuplePatternSyntax.self) {
                        let unknown = unresolved(binding.pattern, "a tuple pattern")
                        for element in tuple.elements {
                            if let name = element.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                                frame.variables[name] = unknown
                            }
                        }
                    }
                }
            } else if decl.is(ImportDeclSyntax.self) || decl.is(FunctionDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
                        || decl.is(StructDeclSyntax.self) || decl.is(ExtensionDeclSyntax.self)
                        || decl.is(ProtocolDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self) {
                // Declarations were collected before running.
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                return try ifConfigBlock(ifConfig, in: frame)
            } else if Self.isCompileTimeWarning(decl.as(MacroExpansionDeclSyntax.self)?.macroName) {
                // `#warning("…")` is a message to whoever builds the manifest: it makes nothing.
            } else {
                _ = unresolved(decl, "a declaration archlint doesn't evaluate")
            }
            return .normal
        case .stmt(let statement):
            return try execute(statement, in: frame)
        case .expr(let expression):
            if Self.isCompileTimeWarning(expression.as(MacroExpansionExprSyntax.self)?.macroName) { return .normal }
            return try expressionStatement(expression, in: frame)
        }
    }

    /// A Package.swift target changed through a variable other than the package's own (`for target in
    /// package.targets { target.dependencies += … }`): `Target` is a class, so the change reaches the package, and
    /// archlint, which copies values, doesn't follow it. Reported where the graph may change; true when it was.
    func changesThroughReference(_ holder: TuistConstruct, owner: String, member: String, in frame: TuistFrame,
                                 at node: some SyntaxProtocol) -> Bool {
        guard dialect == .package, PackageBuilder.targetFactories[holder.name] != nil,
              frame.holder(of: owner) !== globals else { return false }
        if PackageBuilder.graphMembers.contains(member) {
            unfollowedChange("`\(owner).\(member)` through a variable", member: member, at: node)
        }
        return true
    }

    /// A Package.swift change to a target's member reached through an expression archlint doesn't follow
    /// (`package.targets.first { … }!.dependencies += …`): reported like a change through a variable.
    func changesUnfollowed(_ changed: ExprSyntax, at node: some SyntaxProtocol) -> Bool {
        guard dialect == .package, let member = changed.as(MemberAccessExprSyntax.self) else { return false }
        let name = member.declName.baseName.text
        guard PackageBuilder.graphMembers.contains(name) else { return false }
        unfollowedChange("`\(name)` of a target archlint can't tell", member: name, at: node)
        return true
    }

    /// Reports a change to a target archlint doesn't follow; one to its dependencies makes every target partial.
    private func unfollowedChange(_ what: String, member: String, at node: some SyntaxProtocol) {
        let issue = report("`\(ManifestText.excerpt(node))` changes \(what) (`Target` is a class), which archlint doesn't "
                           + "follow; the graph may miss or keep targets or dependencies it changes. Use `--manifests dump` "
                           + "to evaluate the manifest exactly", at: node)
        if member == "dependencies", !referenceChanges.contains(issue) { referenceChanges.append(issue) }
    }

    /// A name declared again in another clause of an `#if` (`#if os(Linux) let deps = […] #else let deps = […]`):
    /// lists keep every clause's elements, other values are each clause's under its condition.
    private func declared(_ name: String, _ value: TuistValue, in frame: TuistFrame, at node: PatternBindingSyntax) -> TuistValue {
        guard let condition else { return value }
        let key = "\(ObjectIdentifier(frame)).\(name)"
        defer { declarationConditions[key] = condition }
        guard let earlier = frame.variables[name], let earlierCondition = declarationConditions[key],
              earlierCondition != condition else { return value }
        if case .array(let a) = earlier, case .array(let b) = value { return .array(a + b) }
        return choice([TuistAlternative(value: earlier, condition: earlierCondition),
                       TuistAlternative(value: value, condition: condition)], at: site(of: node))
    }

    /// `#warning`, which the compiler prints and Tuist's manifest build passes; `#error` stops that build, so it
    /// stays unread.
    private static func isCompileTimeWarning(_ macroName: TokenSyntax?) -> Bool {
        macroName?.text == "warning"
    }

    /// Every clause of `#if`, each under its condition.
    /// When every clause returns (an `#else` included), the value is each clause's, under its condition.
    private func ifConfigBlock(_ ifConfig: IfConfigDeclSyntax, in frame: TuistFrame) throws -> Flow {
        var returned: [TuistAlternative] = []
        var firstFlow: Flow?
        let clauses = ifConfig.clausesWithConditions
        for (clause, clauseCondition) in clauses {
            guard let items = clause.elements?.as(CodeBlockItemListSyntax.self) else { continue }
            let flow = try underCondition(clauseCondition) { try execute(items, in: frame) }
            if case .normal = flow { continue }
            firstFlow = firstFlow ?? flow
            guard case .returned(let value) = flow, let clauseCondition else { return firstFlow ?? flow }
            returned.append(TuistAlternative(value: value, condition: clauseCondition))
        }
        if returned.count == clauses.count, clauses.last?.clause.poundKeyword.tokenKind == .poundElse, returned.count > 1 {
            return .returned(choice(returned, at: site(of: ifConfig)))
        }
        if !returned.isEmpty, let when = ManifestMerging.anyOf(returned.map(\.condition)) {
            return .returnedWhen(returned, otherwise: ConditionText.not(when), site: site(of: ifConfig))
        }
        return firstFlow ?? .normal
    }

    /// Runs `body` under one more condition; `unread` when archlint couldn't evaluate it, so what the branch makes
    /// is uncertain.
    private func underCondition<T>(_ extra: String?, unread: TuistUnread? = nil, _ body: () throws -> T) rethrows -> T {
        let saved = condition
        let savedUnread = unreadCondition
        condition = ConditionText.and(condition, extra)
        unreadCondition = Self.merge(unreadCondition, unread)
        defer {
            condition = saved
            unreadCondition = savedUnread
        }
        return try body()
    }

    /// Whether statements end by stopping `tuist generate` (`fatalError(…)`, `preconditionFailure(…)`, `exit(…)`).
    static func stops(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard let last = statements.last?.item, case .expr(let expression) = last,
              let call = expression.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return ["fatalError", "preconditionFailure", "exit"].contains(name)
    }

    private func execute(_ statement: StmtSyntax, in frame: TuistFrame) throws -> Flow {
        if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
            return try self.expressionStatement(expressionStatement.expression, in: frame)
        }
        if let returnStatement = statement.as(ReturnStmtSyntax.self) {
            return .returned(try returnStatement.expression.map { try evaluate($0, expected: returnType, in: frame) } ?? .null)
        }
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            let frameForBindings = frame
            switch try conditions(guardStatement.conditions, in: frameForBindings) {
            case .known(true): return .normal
            case .known(false): return try execute(guardStatement.body.statements, in: TuistFrame(parent: frame))
            case .unknown(let text, let unread):
                // An `else` that stops generating (`fatalError`) leaves one path: the manifest generated, so the
                // guarded path is the one taken, under no condition.
                if Self.stops(guardStatement.body.statements) { return .normal }
                // The guarded path continues under the condition; the other one is read too.
                let flow = try underCondition(text.map(ConditionText.not), unread: unread) {
                    try execute(guardStatement.body.statements, in: TuistFrame(parent: frame))
                }
                if case .returned(let value) = flow, !value.isUnknown, text == nil, unread == nil { return flow }
                if case .returned(let value) = flow, !value.isUnknown, let text, unread == nil {
                    return .returnedWhen([TuistAlternative(value: value, condition: ConditionText.not(text))],
                                         otherwise: text, site: site(of: guardStatement.conditions))
                }
                condition = ConditionText.and(condition, text)
                unreadCondition = Self.merge(unreadCondition, unread)
                return .normal
            }
        }
        if let forStatement = statement.as(ForStmtSyntax.self) {
            return try forLoop(forStatement, in: frame)
        }
        if let whileStatement = statement.as(WhileStmtSyntax.self) {
            var iterations = 0
            while true {
                try step(whileStatement)
                iterations += 1
                if iterations > budget.maximumValues {
                    throw abort("the loop runs more than \(budget.maximumValues) times", at: whileStatement.whileKeyword)
                }
                guard case .known(true) = try conditions(whileStatement.conditions, in: frame) else { break }
                let flow = try execute(whileStatement.body.statements, in: TuistFrame(parent: frame))
                switch flow {
                case .breakLoop: return .normal
                case .returned: return flow
                default: continue
                }
            }
            return .normal
        }
        if let repeatStatement = statement.as(RepeatStmtSyntax.self) {
            var iterations = 0
            while true {
                try step(repeatStatement)
                iterations += 1
                if iterations > budget.maximumValues {
                    throw abort("the loop runs more than \(budget.maximumValues) times", at: repeatStatement.repeatKeyword)
                }
                let flow = try execute(repeatStatement.body.statements, in: TuistFrame(parent: frame))
                if case .breakLoop = flow { return .normal }
                if case .returned = flow { return flow }
                guard case .known(true) = truth(try evaluate(repeatStatement.condition, expected: nil, in: frame),
                                                at: repeatStatement.condition) else { break }
            }
            return .normal
        }
        if statement.is(BreakStmtSyntax.self) { return .breakLoop }
        if statement.is(ContinueStmtSyntax.self) { return .continueLoop }
        if let throwStatement = statement.as(ThrowStmtSyntax.self) {
            return .returned(unresolved(throwStatement, "a `throw`"))
        }
        _ = unresolved(statement, "a statement archlint doesn't evaluate")
        return .normal
    }

    private func forLoop(_ loop: ForStmtSyntax, in frame: TuistFrame) throws -> Flow {
        let sequence = try evaluate(loop.sequence, expected: nil, in: frame)
        guard let elements = sequence.arrayValue ?? dictionaryEntries(sequence, at: loop.sequence) else {
            if !sequence.isUnknown { _ = unresolved(loop.sequence, "a `for` over something that isn't a list") }
            return .normal
        }
        guard elements.count <= budget.maximumValues else {
            throw abort("the loop runs more than \(budget.maximumValues) times", at: loop.forKeyword)
        }
        for element in elements {
            try step(loop)
            let body = TuistFrame(parent: frame)
            bind(loop.pattern, to: element, in: body, node: loop.pattern)
            if let whereClause = loop.whereClause {
                switch truth(try evaluate(whereClause.condition, expected: nil, in: body), at: whereClause.condition) {
                case .known(true): break
                case .known(false): continue
                case .unknown(let text, let unread):
                    // Both ways: the body runs under the condition.
                    let flow = try underCondition(text ?? ManifestText.normalized(whereClause.condition), unread: unread) {
                        try execute(loop.body.statements, in: body)
                    }
                    switch flow {
                    case .breakLoop: return .normal
                    case .returned: return flow
                    default: continue
                    }
                }
            }
            let flow = try execute(loop.body.statements, in: body)
            switch flow {
            case .breakLoop: return .normal
            case .returned: return flow
            default: continue
            }
        }
        return .normal
    }

    private func bind(_ pattern: PatternSyntax, to value: TuistValue, in frame: TuistFrame, node: PatternSyntax) {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            frame.variables[identifier.identifier.text] = value
        } else if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            bind(binding.pattern, to: value, in: frame, node: node)
        } else if let tuple = pattern.as(TuplePatternSyntax.self) {
            // `for (key, value) in settings`, `let (name, path) = pair`: element by element.
            if let fields = Self.tupleFields(value), fields.count == tuple.elements.count {
                for (element, field) in zip(tuple.elements, fields) { bind(element.pattern, to: field, in: frame, node: node) }
                return
            }
            let unknown = value.isUnknown ? value : unresolved(node, "a tuple pattern")
            for element in tuple.elements {
                bind(element.pattern, to: unknown, in: frame, node: node)
            }
        }
    }

    static let tupleName = "(tuple)"

    /// The elements of a tuple value, in order; nil for any other value.
    static func tupleFields(_ value: TuistValue) -> [TuistValue]? {
        guard let construct = value.construct, construct.name == tupleName else { return nil }
        return construct.arguments.map(\.value)
    }

    /// A `SettingsDictionary`'s entries as `(key, value)` tuples, as `for` iterates a dictionary (an entry whose key
    /// archlint couldn't read has an unknown key); nil for any other value.
    private func dictionaryEntries(_ value: TuistValue, at node: ExprSyntax) -> [TuistValue]? {
        guard let dictionary = value.construct, TuistSettings.isDictionary(dictionary) else { return nil }
        return dictionary.arguments.map { entry in
            let key: TuistValue = entry.label.map(TuistValue.string) ?? entry.value
            return .construct(TuistConstruct(name: Self.tupleName, typeName: nil, arguments: [(nil, key), (nil, entry.value)],
                                             isCall: true, site: site(of: node), condition: condition))
        }
    }

    /// A truth value: known, or unknown with the condition's text (nil when it was already reported) and, when
    /// archlint couldn't evaluate it (not a build-time read), why.
    enum Truth {
        case known(Bool)
        case unknown(String?, TuistUnread?)
    }

    private func truth(_ value: TuistValue, at node: some SyntaxProtocol) -> Truth {
        switch value {
        case .bool(let flag): .known(flag)
        case .environment(let text): .unknown(text, nil)
        case .unknown(let why): .unknown(nil, why)
        default: .unknown(nil, unresolved(node, "a condition that isn't a `Bool`").unread)
        }
    }

    static func merge(_ a: TuistUnread?, _ b: TuistUnread?) -> TuistUnread? {
        guard let a else { return b }
        return b.map { a.merged($0) } ?? a
    }

    /// `if`/`guard`/`while` conditions: all must hold. `let x = optional` binds in `frame`.
    private func conditions(_ list: ConditionElementListSyntax, in frame: TuistFrame) throws -> Truth {
        var unknownTexts: [String] = []
        var anyUnknown = false
        var unread: TuistUnread?
        for element in list {
            let (outcome, written): (Truth, Syntax)
            switch element.condition {
            case .expression(let expression):
                let value = try evaluate(expression, expected: "Bool", in: frame)
                (outcome, written) = (truth(value, at: expression), Syntax(expression))
            case .matchingPattern(let matching):
                // `if case .source = self`, `if case let .feature(name) = module`: matched as a `switch` case is.
                let subject = try evaluate(matching.initializer.value, expected: nil, in: frame)
                let type: String? = if case .enumCase(let type, _, _, _) = subject { type } else { nil }
                let matched = try pattern(matching.pattern, matches: subject, type: type, in: frame)
                (outcome, written) = (matched, Syntax(matching))
            case .optionalBinding(let binding):
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                // `if let name` alone binds the variable, a helper file's global (`private let tuistRootDirectory`)
                // or the receiver's property (`guard let first` inside `extension String`).
                let shorthand = binding.initializer != nil ? nil : try name.flatMap { name in
                    try frame.lookup(name) ?? staticMember(name, qualified: name, node: binding, frame: frame)
                        ?? frame.receiver.flatMap { try instanceMember(name, of: $0, node: binding, in: frame, opaqueFallback: false) }
                }
                let value: TuistValue = try binding.initializer.map { try evaluate($0.value, expected: nil, in: frame) }
                    ?? shorthand ?? unresolved(binding, "an optional binding of an undeclared name")
                if case .null = value { return .known(false) }
                if let name { frame.variables[name] = value }
                if case .environment(let text) = value {
                    anyUnknown = true
                    unknownTexts.append("\(text) != nil")
                } else if let why = value.unread {
                    anyUnknown = true
                    unread = Self.merge(unread, why)
                }
                continue
            default:
                anyUnknown = true
                unread = Self.merge(unread, unresolved(element, "a condition archlint doesn't evaluate").unread)
                continue
            }
            switch outcome {
            case .known(false): return .known(false)
            case .known(true): continue
            case .unknown(let text, let why):
                anyUnknown = true
                unknownTexts.append(text ?? ManifestText.normalized(written))
                unread = Self.merge(unread, why)
            }
        }
        guard anyUnknown else { return .known(true) }
        return .unknown(ManifestText.conjunction(unknownTexts), unread)
    }

    /// An expression used as a statement: assignments, `append`, `if`, `switch`, or a call.
    private func expressionStatement(_ expression: ExprSyntax, in frame: TuistFrame) throws -> Flow {
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return try ifStatement(ifExpression, in: frame)
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            return try switchStatement(switchExpression, in: frame)
        }
        if let sequence = expression.as(SequenceExprSyntax.self),
           case .binary(let op, .operand(let target), let value, _) = TuistFolded.fold(sequence),
           ["=", "+=", "-="].contains(op) {
            try assign(op, target: target, value: value, in: frame)
            return .normal
        }
        guard let built = builtValues.last ?? nil else {
            _ = try evaluate(expression, expected: nil, in: frame)
            return .normal
        }
        switch try evaluate(expression, expected: built.builder.elementType, in: frame) {
        case .array(let elements): built.values += elements
        case let value: built.values.append(value)
        }
        return .normal
    }

    private func assign(_ op: String, target: ExprSyntax, value: TuistFolded, in frame: TuistFrame) throws {
        if target.is(DiscardAssignmentExprSyntax.self) {
            _ = try evaluate(value, expected: nil, in: frame)
            return
        }
        if let place = TuistPlace(target, in: frame), let property = place.field,
           let holder = frame.lookup(place.variable)?.construct {
            if changesThroughReference(holder, owner: place.variable, member: property, in: frame,
                                       at: target.parent?.parent ?? Syntax(target)) { return }
            // `factory.name = …`, `self.name = …` on a struct value held in a local variable.
            var new = try evaluate(value, expected: declarations.structFieldTypes[holder.name]?[property], in: frame)
            if op == "+=", let old = holder.argument(property) { new = try add(old, new, at: target) }
            place.assign(new)
            return
        }
        // `settings?.configurations = …` on a local that holds nil: Swift assigns nothing.
        if let member = target.as(MemberAccessExprSyntax.self), member.base?.is(OptionalChainingExprSyntax.self) == true,
           let owner = TuistPlace.variable(member.base), case .null? = frame.lookup(owner) {
            return
        }
        if target.is(SubscriptCallExprSyntax.self) {
            let new = try evaluate(value, expected: "SettingValue", in: frame)
            if try assignSetting(target, value: new, in: frame) { return }
            _ = unresolved(target, "an assignment to something other than a local variable")
            return
        }
        // `project = …` in a helper's `init`: the stored property of `self` being made, as `self.project = …`.
        if let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, frame.lookup(name) == nil,
           let holder = frame.lookup("self")?.construct, declarations.structFields[holder.name]?.contains(name) == true {
            let new = try evaluate(value, expected: declarations.structFieldTypes[holder.name]?[name], in: frame)
            TuistPlace(frame: frame, variable: "self", field: name).assign(new)
            return
        }
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text, let current = frame.lookup(name) else {
            _ = try evaluate(value, expected: nil, in: frame)
            if changesUnfollowed(target, at: target.parent?.parent ?? Syntax(target)) { return }
            _ = unresolved(target, "an assignment to something other than a local variable")
            return
        }
        var new = try evaluate(value, expected: declaredType(of: name, in: frame), in: frame)
        if case .array = current, let typed = try listStatic(new, at: target) { new = typed }
        switch op {
        case "+=":
            _ = frame.assign(name, try add(current, new.requiring(condition), at: target))
        case "=":
            _ = frame.assign(name, condition == nil ? new : merge(current, new))
        default:
            _ = unresolved(target, "`\(op)` isn't evaluated")
        }
    }

    /// `list = .default` on a variable holding a list: the implicit member is the one static of that name that is a
    /// list (`Configuration.default` where `Scheme.default` is a scheme); nil when that isn't one value.
    private func listStatic(_ value: TuistValue, at node: some SyntaxProtocol) throws -> TuistValue? {
        guard case .construct(let opaque) = value, !opaque.isCall, opaque.typeName == nil, opaque.arguments.isEmpty,
              let candidates = declarations.staticsByName[opaque.name], candidates.count > 1 else { return nil }
        var lists: [TuistValue] = []
        for qualified in candidates {
            if let found = try staticMember(opaque.name, qualified: qualified, node: node, frame: globals), found.arrayValue != nil {
                lists.append(found)
            }
        }
        return lists.count == 1 ? lists[0] : nil
    }

    /// An assignment under an environment branch: lists keep both branches' elements, other values the newest.
    private func merge(_ old: TuistValue, _ new: TuistValue) -> TuistValue {
        if case .array(let a) = old, case .array(let b) = new { return .array(a + b.map { $0.requiring(condition) }) }
        return new
    }

    private func ifStatement(_ ifExpression: IfExprSyntax, in frame: TuistFrame, asValue: Bool = false) throws -> Flow {
        let branchFrame = TuistFrame(parent: frame)
        switch try conditions(ifExpression.conditions, in: branchFrame) {
        case .known(true):
            return try branch(ifExpression.body.statements, in: branchFrame, asValue: asValue)
        case .known(false):
            return try elseBody(ifExpression, in: frame, asValue: asValue)
        case .unknown(let text, let unread):
            let thenFlow = try underCondition(text, unread: unread) {
                try branch(ifExpression.body.statements, in: branchFrame, asValue: asValue)
            }
            let elseFlow = try underCondition(text.map(ConditionText.not), unread: unread) {
                try elseBody(ifExpression, in: frame, asValue: asValue)
            }
            let site = site(of: ifExpression.conditions)
            if case .returned(let first) = thenFlow {
                // Both branches return: on a generation-time condition, both values are the result.
                if let text, unread == nil, case .returned(let second) = elseFlow {
                    return .returned(try either(text, first, second, at: site))
                }
                // Only some branches return: the statements after the `if` run under the other conditions.
                if let text, unread == nil, !asValue {
                    let returned = [TuistAlternative(value: first, condition: text)]
                    switch elseFlow {
                    case .normal:
                        return .returnedWhen(returned, otherwise: ConditionText.not(text), site: site)
                    case .returnedWhen(let nested, let otherwise, _):
                        return .returnedWhen(returned + Self.underElse(text, nested),
                                             otherwise: Self.underElse(text, otherwise), site: site)
                    default: break
                    }
                }
                return thenFlow
            }
            if let text, unread == nil, !asValue, case .normal = thenFlow {
                switch elseFlow {
                case .returned(let second):
                    return .returnedWhen([TuistAlternative(value: second, condition: ConditionText.not(text))],
                                         otherwise: text, site: site)
                case .returnedWhen(let nested, let otherwise, _):
                    let otherwise = ManifestMerging.anyOf([text, Self.underElse(text, otherwise)]) ?? text
                    return .returnedWhen(Self.underElse(text, nested), otherwise: otherwise, site: site)
                default: break
                }
            }
            return elseFlow
        }
    }

    /// `condition` inside the `else` of an `if text`.
    private static func underElse(_ text: String, _ condition: String) -> String {
        ConditionText.and(ConditionText.not(text), condition) ?? condition
    }

    private static func underElse(_ text: String, _ choices: [TuistAlternative]) -> [TuistAlternative] {
        choices.map { TuistAlternative(value: $0.value, condition: underElse(text, $0.condition)) }
    }

    private func elseBody(_ ifExpression: IfExprSyntax, in frame: TuistFrame, asValue: Bool) throws -> Flow {
        switch ifExpression.elseBody {
        case .ifExpr(let nested): return try ifStatement(nested, in: frame, asValue: asValue)
        case .codeBlock(let block): return try branch(block.statements, in: TuistFrame(parent: frame), asValue: asValue)
        case nil: return .normal
        }
    }

    /// A branch's statements. In an `if` or `switch` used as a value, a branch of one expression yields it.
    private func branch(_ statements: CodeBlockItemListSyntax, in frame: TuistFrame, asValue: Bool) throws -> Flow {
        if asValue, statements.count == 1, let only = statements.first {
            if case .expr(let expression) = only.item {
                return .returned(try evaluate(expression, expected: nil, in: frame))
            }
            return try executeBody(statements, in: frame)
        }
        return try execute(statements, in: frame)
    }

    /// A function's or closure's body. A body that is one `if` or `switch` is run once, as a value where its
    /// branches are single expressions (`var name: String { switch self { case .a: "A" … } }`).
    func executeBody(_ statements: CodeBlockItemListSyntax, in frame: TuistFrame) throws -> Flow {
        if statements.count == 1, let only = statements.first, case .stmt(let statement) = only.item,
           let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
            try step(only)
            if let ifExpression = expression.as(IfExprSyntax.self) {
                return try ifStatement(ifExpression, in: frame, asValue: true)
            }
            if let switchExpression = expression.as(SwitchExprSyntax.self) {
                return try switchStatement(switchExpression, in: frame, asValue: true)
            }
        }
        return try execute(statements, in: frame)
    }

    private func switchStatement(_ switchExpression: SwitchExprSyntax, in frame: TuistFrame, asValue: Bool = false) throws -> Flow {
        let subject = try evaluate(switchExpression.subject, expected: nil, in: frame)
        let subjectType: String? = if case .enumCase(let type, _, _, _) = subject { type } else { nil }
        let subjectText: String = if case .environment(let text) = subject { text } else {
            ManifestText.normalized(switchExpression.subject)
        }
        // Cases met so far that may have matched: a later case runs only when none did.
        var earlier: String?
        // Values returned by cases that match on a generation-time read, each under its condition.
        var returned: [TuistAlternative] = []
        for element in switchExpression.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else { continue }
            let caseFrame = TuistFrame(parent: frame)
            var matches: Truth = .known(false)
            switch switchCase.label {
            case .default:
                matches = .known(true)
            case .case(let label):
                for item in label.caseItems {
                    let pattern = try self.pattern(item.pattern, matches: subject, type: subjectType, in: caseFrame)
                    if case .known(true) = pattern { matches = pattern; break }
                    if case .unknown(_, let unread) = pattern {
                        matches = .unknown("\(subjectText) ~= \(ManifestText.normalized(item.pattern))", unread)
                    }
                }
            }
            switch matches {
            case .known(true):
                let flow = try underCondition(earlier.map(ConditionText.not)) {
                    try branch(switchCase.statements, in: caseFrame, asValue: asValue)
                }
                if case .breakLoop = flow { return returned.first.map { .returned($0.value) } ?? .normal }
                // Every case returns: the value is each one's, under its condition.
                if case .returned(let value) = flow, !returned.isEmpty {
                    let last = TuistAlternative(value: value, condition: earlier.map(ConditionText.not) ?? "true")
                    return .returned(choice(returned + [last], at: site(of: switchExpression.subject)))
                }
                return returned.first.map { .returned($0.value) } ?? flow
            case .known(false):
                continue
            case .unknown(let text, let unread):
                let own = ConditionText.and(earlier.map(ConditionText.not), text)
                let flow = try underCondition(own, unread: unread) { try branch(switchCase.statements, in: caseFrame, asValue: asValue) }
                if case .returned(let value) = flow {
                    guard unread == nil, let own else { return returned.first.map { .returned($0.value) } ?? flow }
                    returned.append(TuistAlternative(value: value, condition: own))
                }
                if let text { earlier = earlier.map { "\($0) || \(text)" } ?? text }
            }
        }
        return returned.first.map { .returned($0.value) } ?? .normal
    }

    private func pattern(_ pattern: PatternSyntax, matches subject: TuistValue, type: String?, in frame: TuistFrame) throws -> Truth {
        if let expressionPattern = pattern.as(ExpressionPatternSyntax.self) {
            if let matched = payloadPattern(expressionPattern.expression, matches: subject, in: frame) { return matched }
            if let matched = try tuplePattern(expressionPattern.expression, matches: subject, in: frame) { return matched }
            let value = try evaluate(expressionPattern.expression, expected: type, in: frame)
            guard let equal = subject.equals(value) else { return undecided(subject, value, pattern) }
            return .known(equal)
        }
        if pattern.is(WildcardPatternSyntax.self) { return .known(true) }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            if let inner = binding.pattern.as(ExpressionPatternSyntax.self),
               let matched = payloadPattern(inner.expression, matches: subject, in: frame) {
                return matched
            }
            bind(binding.pattern, to: subject, in: frame, node: binding.pattern)
            return .known(true)
        }
        return undecided(subject, .null, pattern)
    }

    /// `case (true, _):` on `switch (hasTests, hasDemo)`: element by element, `_` matching anything and `let x`
    /// binding; nil when the pattern or the subject is no tuple of that size.
    private func tuplePattern(_ expression: ExprSyntax, matches subject: TuistValue, in frame: TuistFrame) throws -> Truth? {
        guard let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count > 1,
              let fields = Self.tupleFields(subject), fields.count == tuple.elements.count else { return nil }
        var result: Truth = .known(true)
        for (element, field) in zip(tuple.elements, fields) {
            let truth: Truth
            if element.expression.is(DiscardAssignmentExprSyntax.self) {
                truth = .known(true)
            } else if let inner = element.expression.as(PatternExprSyntax.self) {
                truth = try pattern(inner.pattern, matches: field, type: nil, in: frame)
            } else {
                truth = try pattern(PatternSyntax(ExpressionPatternSyntax(expression: element.expression)), matches: field,
                                    type: nil, in: frame)
            }
            switch truth {
            case .known(false): return truth
            case .known(true): continue
            case .unknown: if case .known(true) = result { result = truth }
            }
        }
        return result
    }

    /// A match archlint can't decide: a build-time read (a condition of its own), else unread.
    private func undecided(_ subject: TuistValue, _ value: TuistValue, _ node: some SyntaxProtocol) -> Truth {
        if case .environment = subject { return .unknown(nil, nil) }
        if case .environment = value { return .unknown(nil, nil) }
        let why = TuistValue.firstUnknown(subject, value)?.unread ?? unresolved(node, "a pattern archlint can't match").unread
        return .unknown(nil, why)
    }

    /// `.feature(let module)`, `let .feature(module as any P)`: a case with a payload, its values bound by position.
    private func payloadPattern(_ expression: ExprSyntax, matches subject: TuistValue, in frame: TuistFrame) -> Truth? {
        // `.domain` alone matches a case with a payload by its name.
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
           case .construct(let value) = subject, value.isCall, value.typeName != nil {
            return .known(value.name == member.declName.baseName.text)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil else { return nil }
        guard case .construct(let value) = subject else {
            // `case let .string(value) = Environment.appName`: what it binds is read when `tuist generate` runs.
            if case .environment = subject {
                for argument in call.arguments {
                    if let name = Self.boundName(argument.expression) { frame.variables[name] = subject }
                }
                return .unknown(nil, nil)
            }
            return subject.isUnknown ? .unknown(nil, subject.unread) : .known(false)
        }
        guard value.name == member.declName.baseName.text else { return .known(false) }
        for (argument, payload) in zip(call.arguments, value.arguments) {
            if let name = Self.boundName(argument.expression) { frame.variables[name] = payload.value }
        }
        return .known(true)
    }

    /// The name a payload pattern binds: `x`, `let x`, `x as T`.
    private static func boundName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let pattern = expression.as(PatternExprSyntax.self) {
            var inner = pattern.pattern
            if let binding = inner.as(ValueBindingPatternSyntax.self) { inner = binding.pattern }
            return inner.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first {
            return boundName(first)
        }
        if let cast = expression.as(AsExprSyntax.self) { return boundName(cast.expression) }
        return nil
    }

    // MARK: Expressions

    private var returnTypes: [String?] = []
    private var returnType: String? { returnTypes.last ?? nil }

    func withReturnType<T>(_ type: String?, _ body: () throws -> T) rethrows -> T {
        returnTypes.append(type)
        defer { returnTypes.removeLast() }
        return try body()
    }

    func evaluate(_ expression: ExprSyntax, expected: String?, in frame: TuistFrame) throws -> TuistValue {
        try step(expression)
        depth += 1
        defer { depth -= 1 }
        if depth > budget.maximumEvaluationDepth {
            let what = "expressions and helper calls nest more than \(budget.maximumEvaluationDepth) levels deep (unbounded recursion?)"
            // A Package.swift's other targets don't depend on this value: only it is lost.
            if dialect == .package { return unresolved(expression, what) }
            throw abort(what, at: expression)
        }
        return try unboundedEvaluate(expression, expected: expected, in: frame)
    }

    private func unboundedEvaluate(_ expression: ExprSyntax, expected: String?, in frame: TuistFrame) throws -> TuistValue {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return try string(literal, in: frame) }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return integer.representedLiteralValue.map(TuistValue.int) ?? unresolved(integer, "an integer out of range") }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return float.representedLiteralValue.map(TuistValue.double) ?? unresolved(float, "a number out of range") }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return .bool(boolean.literal.tokenKind == .keyword(.true)) }
        if expression.is(NilLiteralExprSyntax.self) { return .null }
        if let macro = expression.as(MacroExpansionExprSyntax.self), dialect == .tuist,
           ["file", "filePath"].contains(macro.macroName.text) {
            return .string(Self.fileRoot + "/" + currentFile)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var elementType = TuistDeclarations.elementType(expected)
            var elements: [TuistValue] = []
            for element in array.elements {
                var value = try evaluate(element.expression, expected: elementType, in: frame)
                if elementType == "TargetDependency", case .string(let name) = value {
                    // A package target's dependency by name (`"Core"`, `Target.Dependency` is a string literal).
                    value = .construct(TuistConstruct(name: "byName", typeName: elementType, arguments: [("name", .string(name))],
                                                      isCall: false, site: site(of: element.expression), condition: condition,
                                                      unread: unreadCondition))
                }
                if dialect == .tuist, currentFile != manifestFile, case .construct(var construct) = value,
                   construct.site.file != manifestFile, construct.writtenAt == nil {
                    construct.writtenAt = site(of: element.expression)
                    value = .construct(construct)
                }
                // `[Module.utils, .repository]`: the elements share the first one's type.
                if elementType == nil, case .enumCase(let type, _, _, _) = value { elementType = type }
                elements += value.expanded
            }
            return .array(elements)
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            if let keyed = try enumKeyedDictionary(dictionary, expected: expected, in: frame) { return keyed }
            if let keyed = try stringKeyedDictionary(dictionary, expected: expected, in: frame) { return keyed }
            return try settingsDictionary(dictionary, in: frame)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return try evaluate(TuistFolded.fold(sequence), expected: expected, in: frame)
        }
        if let tuple = expression.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return try evaluate(only.expression, expected: expected, in: frame)
            }
            // `(name: "Kit", targets: […])`: its elements are read by label, as a value's fields; `(hasTests, hasDemo)`
            // by position (`switch`, `let (a, b) =`).
            // An element without a label takes the expected type's (`(core, nil)` for `(target: Target, tests: Target?)`).
            let labels = TuistDeclarations.tupleLabels(expected).flatMap { $0.count == tuple.elements.count ? $0 : nil }
            let fields = try tuple.elements.enumerated().map { index, element in
                (element.label?.text ?? labels?[index], try evaluate(element.expression, expected: nil, in: frame))
            }
            return .construct(TuistConstruct(name: Self.tupleName, typeName: nil, arguments: fields, isCall: true,
                                             site: site(of: tuple), condition: condition))
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try identifier(reference, expected: expected, in: frame)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return try memberAccess(member, expected: expected, in: frame)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return try self.call(call, expected: expected, in: frame)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            let operand = try evaluate(prefix.expression, expected: expected, in: frame)
            switch (prefix.operator.text, operand) {
            case ("!", .bool(let flag)): return .bool(!flag)
            case ("-", .int(let number)): return .int(0 &- number)
            case (_, .environment): return .environment(ManifestText.normalized(expression))
            case (_, .unknown): return operand
            default: return unresolved(prefix, "the operator `\(prefix.operator.text)`")
            }
        }
        if let inOut = expression.as(InOutExprSyntax.self) {
            return try evaluate(inOut.expression, expected: expected, in: frame)
        }
        if let optional = expression.as(OptionalChainingExprSyntax.self) {
            return try evaluate(optional.expression, expected: expected, in: frame)
        }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) {
            return try evaluate(forced.expression, expected: expected, in: frame)
        }
        if let tryExpression = expression.as(TryExprSyntax.self) {
            return try evaluate(tryExpression.expression, expected: expected, in: frame)
        }
        if let awaitExpression = expression.as(AwaitExprSyntax.self) {
            return try evaluate(awaitExpression.expression, expected: expected, in: frame)
        }
        if let asExpression = expression.as(AsExprSyntax.self) {
            return try evaluate(asExpression.expression, expected: expected, in: frame)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return try ternaryValue(truth(try evaluate(ternary.condition, expected: "Bool", in: frame), at: ternary.condition),
                                    conditionText: ManifestText.normalized(ternary.condition), at: self.site(of: ternary),
                                    then: { try self.evaluate(ternary.thenExpression, expected: expected, in: frame) },
                                    otherwise: { try self.evaluate(ternary.elseExpression, expected: expected, in: frame) })
        }
        if let closure = expression.as(ClosureExprSyntax.self) {
            return .closure(TuistClosure(parameters: closureParameters(closure), body: ClosureExprSyntaxBox(closure),
                                         frame: frame, file: currentFile))
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            let base = try evaluate(subscriptCall.calledExpression, expected: nil, in: frame)
            switch base {
            case .environment: return .environment(ManifestText.normalized(expression))
            case .unknown: return base
            case .construct(let dictionary) where TuistSettings.isDictionary(dictionary):
                // `dependencies[targetType]` of a dictionary keyed by a helper enum's cases.
                guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first else { break }
                let key = try evaluate(argument.expression, expected: nil, in: frame)
                if key.isUnknown { return key }
                // `externalProducts[name]` of a `[String: String]` every key of which was read.
                if case .string(let text) = key, dictionary.typeName == Self.stringKeyedName {
                    return dictionary.argument(text) ?? .null
                }
                guard let name = caseKey(key) else { break }
                return dictionary.argument(name) ?? .null
            case .array(let elements):
                if subscriptCall.arguments.count == 1, let index = subscriptCall.arguments.first,
                   case .int(let position) = try evaluate(index.expression, expected: "Int", in: frame),
                   elements.indices.contains(position) {
                    return elements[position]
                }
                return unresolved(subscriptCall, "a subscript archlint can't evaluate")
            default:
                break
            }
            return unresolved(subscriptCall, "a subscript")
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return try valueOf(try ifStatement(ifExpression, in: frame, asValue: true), expression)
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            return try valueOf(try switchStatement(switchExpression, in: frame, asValue: true), expression)
        }
        if let keyPath = expression.as(KeyPathExprSyntax.self), keyPath.root == nil, keyPath.components.count == 1,
           let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self) {
            return .construct(TuistConstruct(name: "\\." + property.declName.baseName.text, typeName: nil, arguments: [],
                                             isCall: false, site: site(of: keyPath), condition: nil))
        }
        return unresolved(expression, "an expression archlint doesn't evaluate")
    }

    /// `if`/`switch` used as a value: single-expression branches, read as statements whose last expression is the
    /// value. Only the simple form is read.
    private func valueOf(_ flow: Flow, _ node: ExprSyntax) throws -> TuistValue {
        if case .returned(let value) = flow { return value }
        return unresolved(node, "an `if`/`switch` expression")
    }

    private func ternaryValue(_ truth: Truth, conditionText: String, at site: TuistSite, then: () throws -> TuistValue,
                              otherwise: () throws -> TuistValue) throws -> TuistValue {
        switch truth {
        case .known(true): return try then()
        case .known(false): return try otherwise()
        case .unknown(let text, let unread):
            let branch = text ?? conditionText
            let first = try underCondition(branch, unread: unread) { try then() }
            let second = try underCondition(ConditionText.not(branch), unread: unread) { try otherwise() }
            if case .array = first, case .array = second, dialect == .package, unread == nil {
                // Each list under its condition: a Package.swift's strings (`exclude:`) keep it.
                return .alternatives([TuistAlternative(value: first, condition: branch),
                                      TuistAlternative(value: second, condition: ConditionText.not(branch))], site: site)
            }
            if case .array(let a) = first, case .array(let b) = second {
                return .array(a.map { $0.requiring(branch).uncertain(unread) }
                              + b.map { $0.requiring(ConditionText.not(branch)).uncertain(unread) })
            }
            if let unread, first.equals(second) != true { return .unknown(unread) }
            return try either(branch, first, second, at: site)
        }
    }

    /// The value of a choice on a generation-time condition (`branch` true picks `first`): both, each under its
    /// condition, unless they are equal or one is unknown.
    private func either(_ branch: String, _ first: TuistValue, _ second: TuistValue, otherwise: String? = nil,
                        at site: TuistSite) throws -> TuistValue {
        // `read == "1" ? true : false` is the condition itself.
        if case .bool(let whenTrue) = first, case .bool(let whenFalse) = second, whenTrue != whenFalse {
            return .environment(whenTrue ? branch : otherwise ?? ConditionText.not(branch))
        }
        return choice([TuistAlternative(value: first, condition: branch),
                       TuistAlternative(value: second, condition: otherwise ?? ConditionText.not(branch))], at: site)
    }

    /// One of `options`, each under its condition (known only when `tuist generate` runs or the manifest is
    /// compiled): the value itself when they are all equal, unknown when one is.
    private func choice(_ options: [TuistAlternative], at site: TuistSite) -> TuistValue {
        if let unknown = options.lazy.compactMap({ TuistValue.firstUnknown($0.value) }).first { return unknown }
        guard let first = options.first?.value else { return .null }
        if options.allSatisfy({ $0.value.equals(first) == true }) { return first }
        let choices = options.flatMap { alternatives(of: $0.value, under: $0.condition) }
        guard choices.count <= Self.maximumAlternatives else {
            return .unknown(TuistUnread([report(
                "archlint stopped following this choice: the value has more than \(Self.maximumAlternatives) "
                    + "alternatives, each under a condition known only \(dialect.decided); " + dialect.adviceClause, at: site)]))
        }
        return .alternatives(choices, site: site)
    }

    static let maximumAlternatives = 16

    /// `operation` applied to each alternative, under its condition.
    private func combined(_ choices: [TuistAlternative], at site: TuistSite,
                          _ operation: (TuistValue) throws -> TuistValue) throws -> TuistValue {
        var result: [TuistAlternative] = []
        for choice in choices {
            let value = try operation(choice.value)
            if value.isUnknown { return value }
            result += alternatives(of: value, under: choice.condition)
        }
        guard result.count <= Self.maximumAlternatives else {
            return .unknown(TuistUnread([report(
                "archlint stopped combining values made under conditions known only \(dialect.decided): more "
                    + "than \(Self.maximumAlternatives) alternatives; " + dialect.adviceClause, at: site)]))
        }
        return .alternatives(result, site: site)
    }

    private func alternatives(of value: TuistValue, under condition: String) -> [TuistAlternative] {
        guard case .alternatives(let choices, _) = value else { return [TuistAlternative(value: value, condition: condition)] }
        return choices.map { TuistAlternative(value: $0.value, condition: ConditionText.and(condition, $0.condition) ?? condition) }
    }

    private func evaluate(_ folded: TuistFolded, expected: String?, in frame: TuistFrame) throws -> TuistValue {
        switch folded {
        case .operand(let expression):
            return try evaluate(expression, expected: expected, in: frame)
        case .cast(let inner, let tested):
            let value = try evaluate(inner, expected: expected, in: frame)
            guard let tested else { return value }
            if case .environment = value { return .environment(folded.text) }
            if value.isUnknown { return value }
            // `module is Feature` on a helper enum's case or struct value: its type, or what that type conforms to.
            if let type = helperType(of: value) { return .bool(declarations.isKind(type, of: declarations.canonicalType(tested))) }
            return unresolved(folded.anchorNode, "an `is` test")
        case .ternary(let test, let then, let otherwise, let anchor):
            let condition = try evaluate(test, expected: "Bool", in: frame)
            return try ternaryValue(truth(condition, at: anchor), conditionText: ManifestText.normalized(anchor),
                                    at: site(of: anchor),
                                    then: { try self.evaluate(then, expected: expected, in: frame) },
                                    otherwise: { try self.evaluate(otherwise, expected: expected, in: frame) })
        case .binary(let op, let lhsFolded, let rhsFolded, let anchor):
            if op == "=" || op.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(op) {
                if case .operand(let target) = lhsFolded {
                    try assign(op, target: target, value: rhsFolded, in: frame)
                    return .null
                }
                return unresolved(anchor, "an assignment")
            }
            let lhs = try evaluate(lhsFolded, expected: op == "??" ? expected : (op == "+" ? expected : nil), in: frame)
            if op == "&&", case .bool(false) = lhs { return .bool(false) }
            if op == "||", case .bool(true) = lhs { return .bool(true) }
            if op == "??" {
                switch lhs {
                case .null: return try evaluate(rhsFolded, expected: expected, in: frame)
                case .unknown: return lhs
                case .environment(let text):
                    return .environment(text + " ?? " + ManifestText.normalized(rhsFolded.anchorNode))
                default: return lhs
                }
            }
            let rhs = try evaluate(rhsFolded, expected: op == "+" ? expected : nil, in: frame)
            return try binary(op, lhs, rhs, anchor: anchor, text: { "\(lhsFolded.text) \(op) \(rhsFolded.text)" })
        }
    }

    private func binary(_ op: String, _ lhs: TuistValue, _ rhs: TuistValue, anchor: ExprSyntax,
                        text: () -> String) throws -> TuistValue {
        // A Package.swift's `list + read` keeps the list (`add`).
        let keepsLists = dialect == .package && op == "+"
        if case .environment = lhs, !keepsLists { return .environment(text()) }
        if case .environment = rhs, !keepsLists { return .environment(text()) }
        if case .alternatives(let choices, let site) = lhs, !rhs.isUnknown {
            return try combined(choices, at: site) { try binary(op, $0, rhs, anchor: anchor, text: text) }
        }
        if case .alternatives(let choices, let site) = rhs, !lhs.isUnknown {
            return try combined(choices, at: site) { try binary(op, lhs, $0, anchor: anchor, text: text) }
        }
        if let function = userOperator(op, lhs) {
            let arguments = zip(function.parameters, [lhs, rhs]).map { ($0.name, $1) }
            return try invoke(function, arguments: arguments, receiver: nil, callNode: Syntax(anchor), frame: globals)
        }
        if op == "+" { return try add(lhs, rhs, at: anchor) }
        if let unknown = TuistValue.firstUnknown(lhs, rhs) { return unknown }
        switch op {
        case "==", "!=":
            guard let equal = lhs.equals(rhs) else { return unresolved(anchor, "a comparison of values archlint doesn't know") }
            return .bool(op == "==" ? equal : !equal)
        case "..<", "...":
            guard case .int(let low) = lhs, case .int(let high) = rhs else {
                // A Package.swift's version range (`"1.0.0"..<"2.0.0"`): read as written where it is read.
                if dialect == .package { return .environment(text()) }
                return unresolved(anchor, "a range of non-integers")
            }
            let upper = op == "..<" ? high : high &+ 1
            guard low <= upper, upper &- low <= budget.maximumValues else {
                return unresolved(anchor, "a range archlint doesn't expand (empty, reversed or over \(budget.maximumValues) values)")
            }
            return try array((low..<upper).map(TuistValue.int), at: anchor)
        case "&&", "||":
            guard case .bool(let a) = lhs, case .bool(let b) = rhs else { return unresolved(anchor, "`\(op)` on non-booleans") }
            return .bool(op == "&&" ? a && b : a || b)
        case "<", ">", "<=", ">=", "-", "*", "/", "%":
            guard case .int(let a) = lhs, case .int(let b) = rhs else { return unresolved(anchor, "`\(op)` on non-integers") }
            switch op {
            case "<": return .bool(a < b)
            case ">": return .bool(a > b)
            case "<=": return .bool(a <= b)
            case ">=": return .bool(a >= b)
            case "-": return .int(a &- b)
            case "*": return .int(a &* b)
            default:
                let (result, overflow) = op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
                return overflow ? unresolved(anchor, "a division by zero") : .int(result)
            }
        default:
            return unresolved(anchor, "the operator `\(op)`")
        }
    }

    /// An operator the helpers declare on the left value's type (`static func + (lhs: Path, rhs: String) -> Path`
    /// in `extension Path`), which Swift calls for it.
    /// A helper's operator: a static function of the left operand's type, else a global one (`func ||> <T, U>(value:
    /// T?, function: (T) -> U) -> U?`, a pipe). Swift's own operators are never looked up.
    private func userOperator(_ op: String, _ lhs: TuistValue) -> TuistFunction? {
        let type: String? = switch lhs {
        case .construct(let construct): construct.typeName ?? helperType(of: lhs)
        case .enumCase(let type, _, _, _): type
        default: nil
        }
        if let type, let own = declarations.staticFunctions(op, of: type)?.first(where: { $0.parameters.count == 2 && $0.body != nil }) {
            return own
        }
        return declarations.functions[op]?.first { $0.parameters.count == 2 && $0.body != nil }
    }

    private func add(_ lhs: TuistValue, _ rhs: TuistValue, at node: some SyntaxProtocol) throws -> TuistValue {
        switch (lhs, rhs) {
        case (.string(let a), _) where rhs.stringValue != nil:
            return try string(a + rhs.stringValue!, at: node)
        case (.array(let a), .array(let b)):
            return try array(a + b, at: node)
        case (.int(let a), .int(let b)): return .int(a &+ b)
        // A list with a part archlint couldn't evaluate keeps what it could: the unknown part is one element, which
        // the readers report as elements that may be missing (`[app] + makeTargets()`, `deps += loadMore()`).
        case (.array(let a), .unknown): return try array(a + [rhs], at: node)
        case (.unknown, .array(let b)): return try array([lhs] + b, at: node)
        case (.unknown, _), (_, .unknown): return TuistValue.firstUnknown(lhs, rhs)!
        // A Package.swift list with a part read from the environment or files keeps the rest, as with an unknown part.
        case (.array(let a), .environment) where dialect == .package: return try array(a + [rhs], at: node)
        case (.environment, .array(let b)) where dialect == .package: return try array([lhs] + b, at: node)
        case (.environment, _), (_, .environment): return .environment(ManifestText.normalized(node))
        case (.construct, .array), (.array, .construct), (.construct, .construct):
            // ProjectDescription's own values joined (`.default + [.custom(…)]`): opaque, checked only where read.
            return .construct(TuistConstruct(name: "+", typeName: nil, arguments: [], isCall: true, site: site(of: node),
                                             condition: condition, unread: unreadCondition))
        default: return unresolved(node, "`+` on values archlint can't add")
        }
    }

    /// A string literal, read as `StringLiteralPiece` says Swift reads it.
    private func string(_ literal: StringLiteralExprSyntax, in frame: TuistFrame) throws -> TuistValue {
        let pieces: [StringLiteralPiece]
        switch StringLiteralPiece.pieces(of: literal) {
        case .success(let read): pieces = read
        case .failure(.malformed): return unresolved(literal, "a malformed string")
        case .failure(.interpolation(let interpolation)): return unresolved(interpolation, "an interpolation archlint can't evaluate")
        }
        // One text per alternative of the values interpolated (each under its condition); usually one. A nil text
        // is one the environment decides (`"\(name)-Prod"` where `name` is `PROJECT_NAME` when it is set).
        var texts = [(text: String?.some(""), condition: String?.none)]
        for piece in pieces {
            switch piece {
            case .text(let piece): texts = texts.map { ($0.text.map { $0 + piece }, $0.condition) }
            case .interpolated(let expression):
                let value = try evaluate(expression, expected: nil, in: frame)
                switch value {
                case .environment: return .environment(ManifestText.normalized(literal))
                case .unknown: return value
                case .alternatives(let choices, _):
                    guard texts.count * choices.count <= Self.maximumAlternatives else {
                        return unresolved(expression, "an interpolation of more than \(Self.maximumAlternatives) "
                                          + "alternatives, each under a condition known only \(dialect.decided)")
                    }
                    var grown: [(text: String?, condition: String?)] = []
                    for choice in choices {
                        var piece: String?
                        if case .environment = choice.value {
                            piece = nil
                        } else if case .text(let printed) = printed(choice.value, expression) {
                            piece = printed
                        } else {
                            return unresolved(expression, "an interpolated value that isn't a string")
                        }
                        grown += texts.map { text in
                            (text.text.flatMap { text in piece.map { text + $0 } }, ConditionText.and(text.condition, choice.condition))
                        }
                    }
                    texts = grown
                default:
                    switch printed(value, expression) {
                    case .text(let piece): texts = texts.map { ($0.text.map { $0 + piece }, $0.condition) }
                    case .failed(let unknown): return unknown
                    }
                }
            }
            if let long = texts.lazy.compactMap(\.text).first(where: { $0.utf8.count > budget.maximumStringBytes }) {
                return try string(long, at: literal)
            }
        }
        func value(_ text: String?) throws -> TuistValue {
            try text.map { try string($0, at: literal) } ?? .environment(ManifestText.normalized(literal))
        }
        guard texts.count > 1 else { return try value(texts[0].text) }
        var choices: [TuistAlternative] = []
        for text in texts { choices.append(TuistAlternative(value: try value(text.text), condition: text.condition ?? "")) }
        return .alternatives(choices, site: site(of: literal))
    }

    enum Printed {
        case text(String)
        case failed(TuistValue)
    }

    /// A value as string interpolation prints it.
    func printed(_ value: TuistValue, _ expression: ExprSyntax) -> Printed {
        switch value {
        case .string(let piece): return .text(piece)
        case .int(let number): return .text(String(number))
        case .double(let number): return .text(String(number))
        case .bool(let flag): return .text(String(flag))
        case .enumCase(let type, let name, _, _):
            guard !describesItself(type) else {
                return .failed(unresolved(expression, "`\(type)` prints its own `description`, which archlint doesn't run"))
            }
            return .text(name)
        case .type(let type) where declarations.types.contains(type):
            // A helper's type prints its own name, without the types it is nested in.
            return .text(String(type.split(separator: ".").last ?? Substring(type)))
        default:
            guard let construct = value.construct, !construct.isCall else {
                return .failed(unresolved(expression, "an interpolated value that isn't a string"))
            }
            return .text(construct.name)
        }
    }

    /// `[.sources: […], .interface: […]]` where a `[K: V]` keyed by a helper enum is expected: each case's value,
    /// read back by `dictionary[key]`; nil for any other dictionary.
    private func enumKeyedDictionary(_ literal: DictionaryExprSyntax, expected: String?, in frame: TuistFrame) throws -> TuistValue? {
        guard let (key, value) = TuistDeclarations.dictionaryTypes(expected), declarations.enums[key] != nil else { return nil }
        var entries: [(label: String?, value: TuistValue)] = []
        if case .elements(let elements) = literal.content {
            for element in elements {
                let evaluated = try evaluate(element.key, expected: key, in: frame)
                guard let name = caseKey(evaluated) else {
                    return evaluated.isUnknown ? evaluated : unresolved(element.key, "a dictionary key that isn't a case of `\(key)`")
                }
                entries.append((name, try evaluate(element.value, expected: value, in: frame)))
            }
        }
        return TuistSettings.dictionary(entries, site: site(of: literal), condition: condition)
    }

    static let stringKeyedName = "[String: _]"

    /// `[String: String]` or `[String: [String]]` (TEAMYG-iOS' `externalProducts`, product name to package) where
    /// such a dictionary is expected and every key is a string archlint reads: every entry, looked up by its key.
    /// Nil for any other dictionary: a `SettingsDictionary` keeps only the settings archlint reads, and an Info.plist's
    /// values (`[String: Plist.Value]`) name no module.
    private func stringKeyedDictionary(_ literal: DictionaryExprSyntax, expected: String?, in frame: TuistFrame) throws -> TuistValue? {
        guard let (key, value) = TuistDeclarations.dictionaryTypes(expected), key == "String",
              ["String", "[String]"].contains(value) else { return nil }
        var entries: [(label: String?, value: TuistValue)] = []
        if case .elements(let elements) = literal.content {
            for element in elements {
                let evaluated = try evaluate(element.key, expected: "String", in: frame)
                guard let name = evaluated.stringValue else {
                    return evaluated.isUnknown ? evaluated : unresolved(element.key, "a dictionary key that isn't a string")
                }
                entries.append((name, try evaluate(element.value, expected: value, in: frame)))
            }
        }
        return .construct(TuistConstruct(name: TuistSettings.dictionaryName, typeName: Self.stringKeyedName, arguments: entries,
                                         isCall: false, site: site(of: literal), condition: condition))
    }

    /// What a helper enum's case is keyed by in a dictionary: its name, and for a case with a payload the payload's
    /// keys too (`feature(home)` for `.feature(.home)`); nil for any other value.
    private func caseKey(_ value: TuistValue) -> String? {
        switch value {
        case .enumCase(_, let name, _, _): return name
        case .construct(let made):
            guard let type = made.typeName, declarations.enums[type]?.cases.contains(where: { $0.name == made.name }) == true
            else { return nil }
            var parts: [String] = []
            for argument in made.arguments {
                let part: String? = switch argument.value {
                case .string(let text): "\"\(text)\""
                case .int(let number): String(number)
                case .double(let number): String(number)
                case .bool(let flag): String(flag)
                default: caseKey(argument.value)
                }
                guard let part else { return nil }
                parts.append((argument.label.map { $0 + ": " } ?? "") + part)
            }
            return "\(made.name)(\(parts.joined(separator: ", ")))"
        default: return nil
        }
    }

    /// The helper type a value was made as: an enum's case, a struct's memberwise value.
    func helperType(of value: TuistValue) -> String? {
        switch value {
        case .enumCase(let type, _, _, _): type
        case .construct(let construct) where declarations.structFields[construct.name] != nil: construct.name
        default: nil
        }
    }

    /// A type whose interpolation prints its own `description` (`CustomStringConvertible`), not its case name.
    private func describesItself(_ type: String) -> Bool {
        declarations.conformances[type]?.contains { $0.hasSuffix("CustomStringConvertible") } == true
            || declarations.instanceMembers["description"]?.contains { $0.ownerType == type } == true
    }

    func site(of node: some SyntaxProtocol) -> TuistSite {
        let (line, column) = sources.position(of: node, in: currentFile)
        return TuistSite(file: currentFile, line: line, column: column)
    }

    // MARK: Names

    private func identifier(_ reference: DeclReferenceExprSyntax, expected: String?, in frame: TuistFrame) throws -> TuistValue {
        let name = reference.baseName.text
        if let value = frame.lookup(name) { return frame.holder(of: name) === globals ? read(value, at: reference) : value }
        if name == "self", let receiver = frame.receiver { return receiver }
        // `self` in a static method is its type (`self.target(…)` in `extension Target { static func … }`).
        if name == "self", let owner = frame.ownerType { return .type(owner) }
        // In a protocol extension, `Self` is the type of the value it runs on (`\(Self.self)` prints `Feature`).
        if name == "Self", let receiver = frame.receiver, let type = helperType(of: receiver) { return .type(type) }
        if name == "Self", let owner = frame.ownerType { return .type(owner) }
        if let receiver = frame.receiver,
           let value = try instanceMember(name, of: receiver, node: reference, in: frame, opaqueFallback: false) {
            return value
        }
        // In an `init`, a stored property it has set (`self.moduleTag = …`, then `[moduleTag]`).
        if case .construct(let made)? = frame.lookup("self"), let value = made.argument(name) { return value }
        // The owner's static, else an enclosing type's (`Environment.App.baseBundleId` reading `organizationName`).
        var scope = frame.ownerType
        while let type = scope {
            if let value = try staticMember(name, of: type, node: reference, frame: frame) { return value }
            scope = TuistDeclarations.enclosingType(of: type)
        }
        if let value = try staticMember(name, qualified: name, node: reference, frame: frame) { return value }
        if readsEnvironment(name) { return .type(name) }
        if let aliased = declarations.typeAliases[name] { return .type(aliased) }
        if declarations.types.contains(name) || name.first?.isUppercase == true { return .type(name) }
        return unresolved(reference, "`\(name)` is not declared in this manifest or its helpers")
    }

    /// `Owner.name` if the helpers declare it: a stored or computed static, an enum case, a nested type.
    private func staticMember(_ name: String, of owner: String, node: some SyntaxProtocol, frame: TuistFrame) throws -> TuistValue? {
        try staticMember(name, qualified: "\(owner).\(name)", node: node, frame: frame)
    }

    private func staticMember(_ name: String, qualified: String, node: some SyntaxProtocol, frame: TuistFrame) throws -> TuistValue? {
        if declarations.stored[qualified] != nil { return try stored(qualified, at: node) }
        let owner = qualified.split(separator: ".").dropLast().joined(separator: ".")
        // Its own computed static, else a protocol extension's (`extension Packageable { static var all… }`), run
        // with `Self` the type it is read on.
        let getters = owner.isEmpty ? declarations.functions[qualified] : declarations.staticFunctions(name, of: owner)
        if let getter = getters?.first(where: { $0.parameters.isEmpty }), getter.node.is(PatternBindingSyntax.self) {
            return try invoke(getter, arguments: [], receiver: nil, callNode: Syntax(node), frame: frame,
                              selfType: owner.isEmpty ? nil : owner)
        }
        if !owner.isEmpty, let enumType = declarations.enums[owner], enumType.cases.contains(where: { $0.name == name }) {
            return .enumCase(type: owner, name: name, rawValue: declarations.rawValue(type: owner, name: name))
        }
        if name == "allCases", let enumType = declarations.enums[owner] {
            return .array(enumType.cases.map {
                .enumCase(type: owner, name: $0.name, rawValue: declarations.rawValue(type: owner, name: $0.name))
            })
        }
        if declarations.types.contains(qualified) { return .type(qualified) }
        return nil
    }

    /// A static stored value, evaluated once per manifest.
    private func stored(_ key: String, at use: some SyntaxProtocol) throws -> TuistValue {
        if let value = storedMemo[key] { return value }
        guard let declaration = declarations.stored[key] else { return unresolved(use, "`\(key)` has no value") }
        let isHelper = declaration.file != manifestFile
        if isHelper, let value = helperMemo.values[key] { return value }
        guard storedInProgress.insert(key).inserted else {
            return unresolved(use, "`\(key)` is defined in terms of itself")
        }
        defer { storedInProgress.remove(key) }
        let savedFile = currentFile
        let savedCondition = condition
        currentFile = declaration.file
        condition = nil
        defer {
            currentFile = savedFile
            condition = savedCondition
        }
        let frame = TuistFrame(parent: globals, ownerType: declaration.ownerType)
        // `static let core: Self = .module(name: "Core")` in `extension TargetDependency`: `Self` is the owner.
        let type = declaration.type.map { written in
            TuistDeclarations.plainType(written) == "Self" ? declaration.ownerType.map { written.replacingOccurrences(of: "Self", with: $0) } ?? written : written
        }
        let value = try declaration.initializer.map { try evaluate($0, expected: type, in: frame) } ?? .null
        storedMemo[key] = value
        if isHelper { helperMemo.values[key] = value }
        return value
    }

    private func memberAccess(_ member: MemberAccessExprSyntax, expected: String?, in frame: TuistFrame) throws -> TuistValue {
        let name = member.declName.baseName.text
        guard let baseExpression = member.base else {
            return try implicitMember(name, expected: expected, node: member, frame: frame, arguments: nil)
        }
        let base = try collectionType(baseExpression).map(TuistValue.type)
            ?? chainBase(baseExpression, member: name, expected: expected, in: frame)
        let value = try self.member(name, of: base, node: member, frame: frame)
        return relocated(value, at: member)
    }

    /// `[ConfigurationTarget]` or `Set<FeatureType>` written as a type whose statics the helpers declare
    /// (`extension Array where Element == ConfigurationTarget { static var default }`).
    private func collectionType(_ expression: ExprSyntax) -> String? {
        let written: String
        if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1,
           let element = array.elements.first?.expression, element.is(DeclReferenceExprSyntax.self)
            || element.is(MemberAccessExprSyntax.self), element.trimmedDescription.first?.isUppercase == true {
            written = "[\(declarations.canonicalType(element.trimmedDescription))]"
        } else if let generic = expression.as(GenericSpecializationExprSyntax.self),
                  generic.expression.trimmedDescription == "Set", generic.genericArgumentClause.arguments.count == 1,
                  let element = generic.genericArgumentClause.arguments.first?.argument {
            written = "Set<\(declarations.canonicalType(element.trimmedDescription))>"
        } else {
            return nil
        }
        return declarations.types.contains(written) ? written : nil
    }

    /// The base of `base.member`. In an implicit member chain (`.Feature.RootFeature`, `.Module.make(…).x`) the
    /// first member is looked up in the type the context expects, as Swift does; without one (or when that type
    /// has no such member), in the only declared type of that name that has `member`.
    func chainBase(_ base: ExprSyntax, member: String, expected: String?, in frame: TuistFrame) throws -> TuistValue {
        guard Self.chainRootIsImplicit(base) else { return try evaluate(base, expected: nil, in: frame) }
        if let implicit = base.as(MemberAccessExprSyntax.self), implicit.base == nil {
            let name = implicit.declName.baseName.text
            if let type = TuistDeclarations.plainType(expected), declarations.types.contains("\(type).\(name)") {
                return .type("\(type).\(name)")
            }
            let owners = declarations.types.filter { type in
                (type == name || type.hasSuffix("." + name)) && declares(member, in: type)
            }
            if owners.count == 1, let only = owners.first { return .type(only) }
        }
        return try evaluate(base, expected: expected, in: frame)
    }

    /// Whether the helpers declare `Type.member` (a static, a case, a nested type).
    private func declares(_ member: String, in type: String) -> Bool {
        let qualified = "\(type).\(member)"
        return declarations.stored[qualified] != nil || declarations.functions[qualified] != nil
            || declarations.types.contains(qualified) || declarations.enums[type]?.cases.contains { $0.name == member } == true
    }

    /// Whether the chain `expression` starts with an implicit member (`.a.b(…).c`).
    static func chainRootIsImplicit(_ expression: ExprSyntax) -> Bool {
        var current = expression
        while true {
            if let member = current.as(MemberAccessExprSyntax.self) {
                guard let base = member.base else { return true }
                current = base
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else {
                return false
            }
        }
    }

    /// `.name` with the type the context expects, else the only static member of that name, else a
    /// ProjectDescription case (`.staticLibrary`, `.iOS`).
    func implicitMember(_ name: String, expected: String?, node: some SyntaxProtocol, frame: TuistFrame,
                                arguments: FunctionCallExprSyntax?) throws -> TuistValue {
        if let type = TuistDeclarations.plainType(expected), !type.isEmpty {
            if let arguments, let functions = fitting(declarations.functions["\(type).\(name)"], arguments, frame: frame) {
                return relocated(try callFunction(functions, call: arguments, receiver: nil, frame: frame), at: node)
            }
            if arguments == nil, let value = try staticMember(name, of: type, node: node, frame: frame) {
                return relocated(value, at: node)
            }
        }
        // Without a known type, the only static member of that name; with one, ProjectDescription's own case.
        let candidates = TuistDeclarations.plainType(expected) != nil ? [] : (declarations.staticsByName[name] ?? []).filter {
            guard let arguments else { return true }
            return fitting(declarations.functions[$0], arguments, frame: frame) != nil
        }
        if candidates.count == 1, let only = candidates.first {
            if let arguments, let functions = fitting(declarations.functions[only], arguments, frame: frame) {
                return relocated(try callFunction(functions, call: arguments, receiver: nil, frame: frame), at: node)
            }
            if arguments == nil, let value = try staticMember(name, qualified: only, node: node, frame: frame) {
                return relocated(value, at: node)
            }
        }
        if let arguments, name == "init",
           let literal = try stringLiteralInit(arguments, type: TuistDeclarations.plainType(expected), frame: frame) {
            return literal
        }
        if let arguments {
            // `.init(…)` where a `Target` (or `Project`) is expected is that type's initializer.
            let type = TuistDeclarations.plainType(expected)
            return try construct(name == "init" ? (type ?? name) : name, typeName: type, call: arguments, frame: frame)
        }
        return .construct(TuistConstruct(name: name, typeName: TuistDeclarations.plainType(expected), arguments: [],
                                         isCall: false, site: site(of: node), condition: condition))
    }

    private func member(_ name: String, of base: TuistValue, node: MemberAccessExprSyntax, frame: TuistFrame) throws -> TuistValue {
        switch base {
        case .type(let type):
            // A helper type may shadow ProjectDescription's own (`enum Environment { static let appName = … }`).
            if declarations.types.contains(type), let value = try staticMember(name, of: type, node: node, frame: frame) {
                return value
            }
            if readsEnvironment(type) {
                return .environment(ManifestText.normalized(node))
            }
            if Self.generationTimeTypes.contains(type) {
                return generationTime(type, node)
            }
            if name == "self" { return base }
            if let value = try staticMember(name, of: type, node: node, frame: frame) { return value }
            if name.first?.isUppercase == true { return .type("\(type).\(name)") }
            return .construct(TuistConstruct(name: name, typeName: type, arguments: [], isCall: false, site: site(of: node),
                                             condition: condition))
        case .environment:
            return .environment(ManifestText.normalized(node))
        case .unknown:
            return base
        // `found?.dependencies` where `first { … }` found none.
        case .null where node.base?.is(OptionalChainingExprSyntax.self) == true:
            return .null
        default:
            if let value = try instanceMember(name, of: base, node: node, in: frame) { return value }
            return unresolved(node, "`\(name)` is not a property archlint knows")
        }
    }

    /// A property of a value: `rawValue`, `count`, a construct's argument, a computed property of the helpers.
    func instanceMember(_ name: String, of base: TuistValue, node: some SyntaxProtocol, in frame: TuistFrame,
                                opaqueFallback: Bool = true) throws -> TuistValue? {
        // The helpers' own property of `String` shadows Foundation's: Swift prefers the concrete type's member
        // (`private extension String { var capitalized }` that uppercases only the first letter: `MyPage`).
        if case .string = base, let getter = declarations.instanceMembers[name]?.first(where: {
            $0.node.is(PatternBindingSyntax.self) && ["String", "StringProtocol"].contains($0.ownerType ?? "")
        }) {
            return try invoke(getter, arguments: [], receiver: base, callNode: Syntax(node), frame: frame)
        }
        switch (name, base) {
        case ("rawValue", .enumCase(_, let caseName, let raw, _)): return .string(raw ?? caseName)
        case ("pathComponents", .construct(let url)) where url.name == "URL":
            guard let path = url.argument("fileURLWithPath")?.stringValue else { break }
            return .array(((path.hasPrefix("/") ? ["/"] : []) + path.split(separator: "/").map(String.init)).map(TuistValue.string))
        case ("path", .construct(let url)) where url.name == "URL":
            return url.argument("fileURLWithPath") ?? .null
        case ("self", _): return base
        case (_, .construct(let tuple)) where tuple.name == Self.tupleName && Int(name) != nil:
            // `pair.0`: by position.
            guard let index = Int(name), tuple.arguments.indices.contains(index) else { break }
            return tuple.arguments[index].value
        // A list holding a part archlint couldn't evaluate has an unknown size.
        case ("count", .array(let elements)), ("isEmpty", .array(let elements)), ("last", .array(let elements)):
            if name == "isEmpty", elements.contains(where: { !$0.isUnknown }) { return .bool(false) }
            if let unknown = elements.first(where: \.isUnknown) { return unknown }
            return name == "count" ? .int(elements.count) : name == "isEmpty" ? .bool(elements.isEmpty) : elements.last ?? .null
        case ("count", .string(let text)): return .int(text.count)
        case ("isEmpty", .string(let text)): return .bool(text.isEmpty)
        case ("first", .array(let elements)): return elements.first ?? .null
        case ("first", .string(let text)), ("last", .string(let text)):
            return (name == "first" ? text.first : text.last).map { .string(String($0)) } ?? .null
        case ("description", _) where base.stringValue != nil: return .string(base.stringValue!)
        case ("capitalized", .string(let text)): return .string(text.capitalized)
        // A `Path` written as a string (`Path(stringLiteral: name)`, `"Feature/Home"`) is that text.
        case ("pathString", .string): return base
        case ("pathString", .construct(let path)) where path.typeName == "Path"
            && ["relativeToRoot", "relativeToManifest", "relativeToCurrentFile"].contains(path.name):
            if let text = path.firstUnlabelled, text.stringValue != nil { return text }
        // A `SourceFilesList` written as an array or string literal is its globs; one it made, what it was made of.
        case ("globs", .array): return base
        case ("globs", .string): return .array([base])
        case ("globs", .construct(let list)) where list.name == "SourceFilesList" || list.typeName == "SourceFilesList":
            if let globs = list.argument("globs") ?? list.firstUnlabelled { return globs }
        default: break
        }
        // A stored property of a helper struct's value is what it was made with, never a getter of that name on
        // another type (`Module(group: .shared, …).group`, where enums declare `var group` too).
        if case .construct(let construct) = base, declarations.structFields[construct.name]?.contains(name) == true {
            if let value = construct.argument(name) { return value }
            // Never set by an initializer: the value it is declared with (`let bundleId: String = "…"`).
            guard let initial = declarations.structFieldDefaults[construct.name]?[name] else { return .null }
            return try inFile(initial.file) {
                try evaluate(initial.value, expected: declarations.structFieldTypes[construct.name]?[name],
                             in: TuistFrame(parent: globals, ownerType: construct.name))
            }
        }
        if let getters = declarations.instanceMembers[name] {
            let candidates = dispatch(getters.filter { $0.node.is(PatternBindingSyntax.self) }, on: base)
            if let getter = pick(candidates, for: base) {
                return base.passingGuard(to: try invoke(getter, arguments: [], receiver: base, callNode: Syntax(node), frame: frame))
            }
        }
        if case .construct(let construct) = base, let value = construct.argument(name) { return value }
        if dialect == .package, name == "type", case .construct(let construct) = base,
           let kind = PackageBuilder.targetFactories[construct.name] {
            // `target.type == .test`: PackageDescription's `Target.TargetType` case of the factory that made it.
            return .construct(TuistConstruct(name: kind == .systemLibrary ? "system" : kind.rawValue, typeName: nil,
                                             arguments: [], isCall: false, site: construct.site, condition: nil))
        }
        if case .construct(let construct) = base, name == "name", !construct.isCall { return .string(construct.name) }
        // A value of a helper's own type that archlint couldn't make (`.Home` where `Feature` has no such case) has
        // no opaque properties: reading one is unread, never a name made up.
        if case .construct(let construct) = base, let type = construct.typeName, declarations.enums[type] != nil,
           declarations.structFields[construct.name] == nil {
            return nil
        }
        if case .construct(let construct) = base,
           opaqueFallback || declarations.structFields[construct.name]?.contains(name) == true {
            // A user struct's property never set is nil; a ProjectDescription value's is opaque.
            if declarations.structFields[construct.name] != nil { return .null }
            return .construct(TuistConstruct(name: name, typeName: nil, arguments: [], isCall: false, site: site(of: node),
                                             condition: condition))
        }
        return nil
    }

    /// The instance member to call on `receiver`: the one declared on its type, else the only one.
    private func pick(_ candidates: [TuistFunction], for receiver: TuistValue) -> TuistFunction? {
        if case .enumCase(let type, _, _, _) = receiver, let own = candidates.first(where: { $0.ownerType == type }) {
            return own
        }
        if case .construct(let construct) = receiver,
           let own = candidates.first(where: { $0.ownerType == construct.name || $0.ownerType == construct.typeName }) {
            return own
        }
        return candidates.count == 1 ? candidates[0] : candidates.first
    }

    /// A value a helper made, read from the manifest: located where the manifest reads it.
    func relocated(_ value: TuistValue, at node: some SyntaxProtocol) -> TuistValue {
        if dialect == .package { return node.is(FunctionCallExprSyntax.self) ? value : read(value, at: node) }
        guard currentFile == manifestFile else { return value }
        var budget = 10_000
        return value.located(at: site(of: node), unlessIn: manifestFile, budget: &budget)
    }

    /// A Package.swift constant holding one value, read at `node`: that is where its dependency is edited.
    func read(_ value: TuistValue, at node: some SyntaxProtocol) -> TuistValue {
        guard dialect == .package, case .construct(var construct) = value else { return value }
        construct.use = site(of: node)
        return .construct(construct)
    }

    /// A Package.swift helper's result is located at its call. A target it builds keeps the locations of the
    /// dependencies its caller passed in; those written in the helper (`lines`) move to the call too.
    func locatedAtCall(_ value: TuistValue, call: some SyntaxProtocol, helperLines: ClosedRange<Int>) -> TuistValue {
        let callSite = site(of: call)
        func move(_ value: TuistValue) -> TuistValue {
            switch value {
            case .construct(var construct):
                construct.site = callSite
                construct.use = nil
                if PackageBuilder.targetFactories[construct.name] != nil {
                    construct.arguments = construct.arguments.map { argument in
                        guard argument.label == "dependencies" else { return argument }
                        return (argument.label, moveInside(argument.value))
                    }
                }
                return .construct(construct)
            case .array(let elements): return .array(elements.map(move))
            case .alternatives(let choices, let own):
                return .alternatives(choices.map { TuistAlternative(value: move($0.value), condition: $0.condition) }, site: own)
            default: return value
            }
        }
        func moveInside(_ value: TuistValue) -> TuistValue {
            switch value {
            case .construct(var construct):
                if helperLines.contains((construct.use ?? construct.site).line) {
                    construct.site = callSite
                    construct.use = nil
                }
                return .construct(construct)
            case .array(let elements): return .array(elements.map(moveInside))
            case .alternatives(let choices, let own):
                return .alternatives(choices.map { TuistAlternative(value: moveInside($0.value), condition: $0.condition) }, site: own)
            default: return value
            }
        }
        return move(value)
    }

    private func closureParameters(_ closure: ClosureExprSyntax) -> [String] {
        guard let signature = closure.signature, let clause = signature.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let names): return names.map(\.name.text)
        case .parameterClause(let parameters): return parameters.parameters.map { ($0.secondName ?? $0.firstName).text }
        }
    }
}

extension TuistFolded {
    var anchorNode: ExprSyntax {
        switch self {
        case .operand(let expression): expression
        case .binary(_, let lhs, _, _): lhs.anchorNode
        case .ternary(let test, _, _, _): test.anchorNode
        case .cast(let inner, _): inner.anchorNode
        }
    }

    var text: String {
        switch self {
        case .operand(let expression): ManifestText.normalized(expression)
        case .binary(let op, let lhs, let rhs, _): "\(lhs.text) \(op) \(rhs.text)"
        case .ternary(let test, let then, let otherwise, _): "\(test.text) ? \(ManifestText.normalized(then)) : \(otherwise.text)"
        case .cast(let inner, _): inner.text
        }
    }
}
