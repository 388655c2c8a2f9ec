/// Everything archlint needs to know about one Swift source file. Plain values: cacheable by content hash,
/// produced in parallel, and never holding a syntax tree.
///
/// `condition` fields hold the enclosing `#if` condition as source text. Nested blocks are joined with ` && `;
/// an `#elseif B` branch of `#if A` is `!(A) && B`; an `#else` branch is `!(A)`. `nil` means unconditional.
/// Every enclosing block counts, so a property inside `#if B` in a type inside `#if A` has `A && B`; a part with a
/// top-level `||` is parenthesised when joined (`(A || B) && C`). Condition texts are whitespace-normalised.
///
/// Locations are 1-based lines and 1-based columns counted in UTF-8 bytes. Which token each fact points at is
/// documented on its `line` field.
public struct FileFacts: Codable, Hashable, Sendable {
    /// The fields live in one copy-on-write box: a file's facts are copied wherever a scope, index or rule takes
    /// its files, and copying one reference costs one retain where eight fields cost eight (retains of values
    /// shared between threads were a fifth of a one-edit lint's CPU). The box is `@usableFromInline` and the
    /// accessors `@inlinable`: graphs and rules read these fields in their hottest loops, where a call per read
    /// would cost what the box saves.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // Mutated only through `FileFacts`' setters, after `isKnownUniquelyReferenced` (copy-on-write).
        @usableFromInline var path: String
        @usableFromInline var imports: [ImportDecl]
        @usableFromInline var types: [TypeDecl]
        @usableFromInline var calls: [CallFact]
        @usableFromInline var suppressions: [SuppressionComment]
        @usableFromInline var problems: [FileProblem]
        @usableFromInline var isNeedleGenerated: Bool
        @usableFromInline var generatedText: String?
        @usableFromInline var memberNames: MemberNames
        @usableFromInline var declaresNothing: Bool

        @usableFromInline
        init(
            path: String, imports: [ImportDecl], types: [TypeDecl], calls: [CallFact],
            suppressions: [SuppressionComment], problems: [FileProblem], isNeedleGenerated: Bool, generatedText: String?,
            memberNames: MemberNames, declaresNothing: Bool
        ) {
            self.path = path
            self.imports = imports
            self.types = types
            self.calls = calls
            self.suppressions = suppressions
            self.problems = problems
            self.isNeedleGenerated = isNeedleGenerated
            self.generatedText = generatedText
            self.memberNames = memberNames
            self.declaresNothing = declaresNothing
        }

        @usableFromInline
        func copy() -> Storage {
            Storage(
                path: path, imports: imports, types: types, calls: calls, suppressions: suppressions,
                problems: problems, isNeedleGenerated: isNeedleGenerated, generatedText: generatedText,
                memberNames: memberNames, declaresNothing: declaresNothing)
        }
    }

    @usableFromInline var storage: Storage

    /// The box, made unique before a write.
    @usableFromInline var writable: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// Relative to the scanned root, `/`-separated.
    @inlinable public var path: String {
        get { storage.path }
        set { writable.path = newValue }
    }
    @inlinable public var imports: [ImportDecl] {
        get { storage.imports }
        set { writable.imports = newValue }
    }
    /// Every type declaration and extension, nested ones included (see `TypeDecl.qualifiedName`).
    @inlinable public var types: [TypeDecl] {
        get { storage.types }
        set { writable.types = newValue }
    }
    /// Calls that carry a `parent:` or `dependency:` argument label, wherever they appear.
    @inlinable public var calls: [CallFact] {
        get { storage.calls }
        set { writable.calls = newValue }
    }
    /// `// archlint:…` comments.
    @inlinable public var suppressions: [SuppressionComment] {
        get { storage.suppressions }
        set { writable.suppressions = newValue }
    }
    /// Things the scanner could not understand (syntax errors, …). Scanning still yields what it can.
    @inlinable public var problems: [FileProblem] {
        get { storage.problems }
        set { writable.problems = newValue }
    }
    /// True for files written by needle's generator (`NeedleGenerated.swift` or its header comment).
    @inlinable public var isNeedleGenerated: Bool {
        get { storage.isNeedleGenerated }
        set { writable.isNeedleGenerated = newValue }
    }
    /// The whole text of a file needle's generator wrote (nil for every other file), so the
    /// `stale-needle-generated` rule can compare it with what archlint generates without reading files.
    @inlinable public var generatedText: String? {
        get { storage.generatedText }
        set { writable.generatedText = newValue }
    }
    /// The member names the byte-level pass reads (`SourceShape`), for every file however it was scanned.
    @inlinable public var memberNames: MemberNames {
        get { storage.memberNames }
        set { writable.memberNames = newValue }
    }
    /// Whether the file holds nothing but imports, `#if` lines and comments (a `Dummy.swift` kept so a target
    /// builds), as the byte-level pass (`SourceShape`) reads it.
    @inlinable public var declaresNothing: Bool {
        get { storage.declaresNothing }
        set { writable.declaresNothing = newValue }
    }

    public init(
        path: String,
        imports: [ImportDecl] = [],
        types: [TypeDecl] = [],
        calls: [CallFact] = [],
        suppressions: [SuppressionComment] = [],
        problems: [FileProblem] = [],
        isNeedleGenerated: Bool = false,
        generatedText: String? = nil,
        memberNames: MemberNames = MemberNames(),
        declaresNothing: Bool = false
    ) {
        storage = Storage(
            path: path, imports: imports, types: types, calls: calls, suppressions: suppressions, problems: problems,
            isNeedleGenerated: isNeedleGenerated, generatedText: generatedText, memberNames: memberNames,
            declaresNothing: declaresNothing)
    }

    // Coded, compared and hashed field by field, as the synthesized conformances of the plain struct were.
    private enum CodingKeys: String, CodingKey {
        case path, imports, types, calls, suppressions, problems, isNeedleGenerated, generatedText, memberNames,
             declaresNothing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(String.self, forKey: .path),
            imports: try container.decode([ImportDecl].self, forKey: .imports),
            types: try container.decode([TypeDecl].self, forKey: .types),
            calls: try container.decode([CallFact].self, forKey: .calls),
            suppressions: try container.decode([SuppressionComment].self, forKey: .suppressions),
            problems: try container.decode([FileProblem].self, forKey: .problems),
            isNeedleGenerated: try container.decode(Bool.self, forKey: .isNeedleGenerated),
            generatedText: try container.decodeIfPresent(String.self, forKey: .generatedText),
            memberNames: try container.decode(MemberNames.self, forKey: .memberNames),
            declaresNothing: try container.decode(Bool.self, forKey: .declaresNothing))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(imports, forKey: .imports)
        try container.encode(types, forKey: .types)
        try container.encode(calls, forKey: .calls)
        try container.encode(suppressions, forKey: .suppressions)
        try container.encode(problems, forKey: .problems)
        try container.encode(isNeedleGenerated, forKey: .isNeedleGenerated)
        try container.encodeIfPresent(generatedText, forKey: .generatedText)
        try container.encode(memberNames, forKey: .memberNames)
        try container.encode(declaresNothing, forKey: .declaresNothing)
    }

    public static func == (lhs: FileFacts, rhs: FileFacts) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.path == rhs.path && lhs.imports == rhs.imports && lhs.types == rhs.types && lhs.calls == rhs.calls
            && lhs.suppressions == rhs.suppressions && lhs.problems == rhs.problems
            && lhs.isNeedleGenerated == rhs.isNeedleGenerated && lhs.generatedText == rhs.generatedText
            && lhs.memberNames == rhs.memberNames && lhs.declaresNothing == rhs.declaresNothing
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(imports)
        hasher.combine(types)
        hasher.combine(calls)
        hasher.combine(suppressions)
        hasher.combine(problems)
        hasher.combine(isNeedleGenerated)
        hasher.combine(generatedText)
        hasher.combine(memberNames)
        hasher.combine(declaresNothing)
    }
}

/// Member names as a lexer sees them, without types: what `unused-dependency` needs to tell a dependency that a
/// target uses through its extension members only (`@Dependency(\.fileClient)` with `fileClient` declared in
/// `extension DependencyValues` of a module the file doesn't import). Read by the byte-level pass every file gets
/// (`SourceShape`), so a file read for its imports only has them too. Only names starting with a lowercase ASCII
/// letter or `_` are kept (members, not types or tuple indices). Each list is sorted and unique.
public struct MemberNames: Codable, Hashable, Sendable {
    /// Instance properties and functions declared directly in an `extension` body
    /// (`fileClient` in `extension DependencyValues { public var fileClient: FileClient {…} }`).
    public var declaredInExtensions: [String]
    /// The same declared `static` or `class` (`noop` in `extension FileClient { static let noop = … }`).
    public var staticDeclaredInExtensions: [String]
    /// Names written right after a `.` that follows a value: member accesses (`self.fileClient`, `$0.apiClient`,
    /// `a().b`, a line starting with `.padding()`) and key-path components (`\.fileClient`,
    /// `\DependencyValues.fileClient`). Not after `..` (`0...count`), nor in import or `#if` lines. Not a name the
    /// file declares in a type's body, unless in a key path: it most likely means the file's own member
    /// (`self.eventViewModel(at: 0)` beside `private func eventViewModel(at:)`), while `@Dependency(\.x) var x`
    /// declares the name it uses.
    public var used: [String]
    /// Names written right after a `.` that follows a capitalised name or `>` (`UUID.deadbeef`, `Self.noop`) or no
    /// expression at all (implicit members: `.noop`, `case .timed`, `return .live`). Not a name the file declares
    /// in a type's body.
    public var usedOnTypes: [String]
    /// The names left out of `used` and `usedOnTypes` as the file's own.
    public var usedOwn: [String]

    public init(
        declaredInExtensions: [String] = [], staticDeclaredInExtensions: [String] = [], used: [String] = [],
        usedOnTypes: [String] = [], usedOwn: [String] = []
    ) {
        self.declaredInExtensions = declaredInExtensions
        self.staticDeclaredInExtensions = staticDeclaredInExtensions
        self.used = used
        self.usedOnTypes = usedOnTypes
        self.usedOwn = usedOwn
    }
}

public struct ImportDecl: Codable, Hashable, Sendable {
    /// The imported module: the first path component (`UIKit` for `import class UIKit.UIView`).
    public var module: String
    /// The full dotted path, e.g. `["UIKit", "UIView"]`.
    public var path: [String]
    /// `struct`, `class`, `enum`, `protocol`, `typealias`, `func`, `var`, `let` for scoped imports; nil otherwise.
    public var kind: String?
    /// Attribute names without `@`: `testable`, `_exported`, `_implementationOnly`, `preconcurrency`, `_spi`, …
    public var attributes: [String]
    /// `public`, `package`, `internal`, `fileprivate`, `private` when written (`public import X`).
    public var accessLevel: String?
    public var condition: String?
    /// The start of the declaration: its first attribute or modifier if any, else the `import` keyword
    /// (`@testable import X` points at `@`), as Xcode selects the whole statement.
    public var line: Int
    public var column: Int

    public init(
        module: String, path: [String]? = nil, kind: String? = nil, attributes: [String] = [],
        accessLevel: String? = nil, condition: String? = nil, line: Int, column: Int
    ) {
        self.module = module
        self.path = path ?? [module]
        self.kind = kind
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.condition = condition
        self.line = line
        self.column = column
    }

    public var isExported: Bool { attributes.contains("_exported") }
    public var isTestable: Bool { attributes.contains("testable") }
}

public enum TypeDeclKind: String, Codable, Hashable, Sendable {
    case `class`, `struct`, `enum`, `protocol`, `actor`, `extension`
}

public struct TypeDecl: Codable, Hashable, Sendable {
    public var kind: TypeDeclKind
    /// The declared name; for an extension, the extended type as written (`RootComponent`, `Feature.Root`).
    public var name: String
    /// Dotted path through enclosing types (`Outer.Inner`); equals `name` at top level.
    public var qualifiedName: String
    /// Inherited types / conformances as whitespace-normalised text: `Component<GachaDependency>`,
    /// `NeedleFoundation.Component<X>`, `UIHostingController<RootView>`, `View`.
    public var inheritance: [String]
    public var accessLevel: String?
    /// Attribute names without `@` or arguments (`MainActor`, `Observable`, `objc`).
    public var attributes: [String]
    /// Marked `nonisolated` (SE-0449): no global actor, the module's default isolation included.
    public var isNonisolated: Bool
    public var condition: String?
    /// Location of the name token.
    public var line: Int
    public var column: Int
    /// Stored and computed properties; for protocols, property requirements.
    public var properties: [PropertyDecl]
    /// Functions, initializers (`init`) and subscripts are not included; initializers are named `init`.
    public var functions: [FunctionDecl]
    /// `base.member` uses inside this type's own body (not nested types), where base is an identifier
    /// or `self.identifier`. Used to find calls on router-typed values.
    public var memberAccesses: [MemberAccess]

    public init(
        kind: TypeDeclKind, name: String, qualifiedName: String? = nil, inheritance: [String] = [],
        accessLevel: String? = nil, attributes: [String] = [], isNonisolated: Bool = false, condition: String? = nil,
        line: Int, column: Int, properties: [PropertyDecl] = [], functions: [FunctionDecl] = [],
        memberAccesses: [MemberAccess] = []
    ) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName ?? name
        self.inheritance = inheritance
        self.accessLevel = accessLevel
        self.attributes = attributes
        self.isNonisolated = isNonisolated
        self.condition = condition
        self.line = line
        self.column = column
        self.properties = properties
        self.functions = functions
        self.memberAccesses = memberAccesses
    }
}

public struct PropertyDecl: Codable, Hashable, Sendable {
    public var name: String
    /// The annotated type, whitespace-normalised (`[String: Int]`, `APIClient`); nil when not written.
    public var type: String?
    /// For `= X(…)`, `= X.init(…)`, `= Module.X(…)`, `= X<T>(…)`, `= shared { X(…) }`, `= try X(…)`, `= v as T`
    /// without annotation: `X` (`Module.X`, `X<T>`, `T`). A callee counts as a type when its last component is
    /// capitalised (`makeX()`, `X.make()` stay nil). nil when unknown or when `type` is written.
    public var inferredType: String?
    public var isStatic: Bool
    /// Has a getter body or accessors (including `var x: T { shared { … } }` and protocol requirements
    /// `{ get }`); a property with only `willSet`/`didSet` observers is stored (false).
    public var isComputed: Bool
    public var isLet: Bool
    /// The declared access level; a setter-only modifier (`private(set)`) is not one.
    public var accessLevel: String?
    /// Attribute names without `@` or arguments (`MainActor`, `Published`).
    public var attributes: [String]
    public var condition: String?
    /// The property's name.
    public var line: Int
    public var column: Int

    public init(
        name: String, type: String? = nil, inferredType: String? = nil, isStatic: Bool = false,
        isComputed: Bool = false, isLet: Bool = false, accessLevel: String? = nil, attributes: [String] = [],
        condition: String? = nil, line: Int, column: Int
    ) {
        self.name = name
        self.type = type
        self.inferredType = inferredType
        self.isStatic = isStatic
        self.isComputed = isComputed
        self.isLet = isLet
        self.accessLevel = accessLevel
        self.attributes = attributes
        self.condition = condition
        self.line = line
        self.column = column
    }

    /// The written type if any, else the inferred one.
    public var effectiveType: String? { type ?? inferredType }
}

public struct FunctionDecl: Codable, Hashable, Sendable {
    /// `init` for initializers.
    public var name: String
    public var parameters: [ParameterDecl]
    /// Whitespace-normalised return type text (`some View`, `AnyView`, `ViewControllable`); nil for none.
    public var returnType: String?
    /// Local `let`/`var` declarations in the body (closures included).
    public var locals: [LocalVariable]
    public var isStatic: Bool
    public var accessLevel: String?
    public var condition: String?
    /// The function's name (`init` keyword for initializers).
    public var line: Int
    public var column: Int

    public init(
        name: String, parameters: [ParameterDecl] = [], returnType: String? = nil, locals: [LocalVariable] = [],
        isStatic: Bool = false, accessLevel: String? = nil, condition: String? = nil, line: Int, column: Int
    ) {
        self.name = name
        self.parameters = parameters
        self.returnType = returnType
        self.locals = locals
        self.isStatic = isStatic
        self.accessLevel = accessLevel
        self.condition = condition
        self.line = line
        self.column = column
    }
}

public struct ParameterDecl: Codable, Hashable, Sendable {
    /// The argument label (`_` when suppressed).
    public var label: String
    /// The internal name.
    public var name: String
    /// Whitespace-normalised, with attributes and specifiers (`@escaping () -> Void`, `inout Int`); variadic
    /// parameters end in `...`.
    public var type: String
    /// The first name (the label as written).
    public var line: Int
    public var column: Int

    public init(label: String, name: String, type: String, line: Int, column: Int) {
        self.label = label
        self.name = name
        self.type = type
        self.line = line
        self.column = column
    }
}

public struct LocalVariable: Codable, Hashable, Sendable {
    public var name: String
    public var type: String?
    public var inferredType: String?
    /// The variable's name.
    public var line: Int
    public var column: Int

    public init(name: String, type: String? = nil, inferredType: String? = nil, line: Int, column: Int) {
        self.name = name
        self.type = type
        self.inferredType = inferredType
        self.line = line
        self.column = column
    }

    public var effectiveType: String? { type ?? inferredType }
}

public struct MemberAccess: Codable, Hashable, Sendable {
    /// `router` in `router.routeToHome()` and in `self.router.routeToHome()`.
    public var base: String
    public var member: String
    public var isCall: Bool
    /// The function it occurs in, if any (`init` for initializers); nil in property initializers and accessors.
    public var function: String?
    /// The base name (`router` in `self.router.routeToHome()`).
    public var line: Int
    public var column: Int

    public init(base: String, member: String, isCall: Bool, function: String? = nil, line: Int, column: Int) {
        self.base = base
        self.member = member
        self.isCall = isCall
        self.function = function
        self.line = line
        self.column = column
    }
}

/// A call with a `parent:` or `dependency:` argument: `XComponent(parent: self)`, `.init(parent: self)`,
/// `Feature.XComponent(parent: self)`, `XBuilder(dependency: component)`.
public struct CallFact: Codable, Hashable, Sendable {
    /// The called expression as written, whitespace-normalised: `XComponent`, `Feature.XComponent`, `.init`,
    /// `XComponent.init`.
    public var callee: String
    public var arguments: [CallArgument]
    /// For `.init(…)`: the type known from context (property/variable annotation, function return type,
    /// `return` in a typed computed property). nil when unknown.
    public var contextType: String?
    /// Qualified name of the enclosing type, or the extended type for calls in an extension. nil at top level.
    public var enclosingType: String?
    /// The enclosing function (`init` for initializers) or property name.
    public var enclosingMember: String?
    public var condition: String?
    /// The start of the call expression (the `.` of `.init(…)`).
    public var line: Int
    public var column: Int

    public init(
        callee: String, arguments: [CallArgument], contextType: String? = nil, enclosingType: String? = nil,
        enclosingMember: String? = nil, condition: String? = nil, line: Int, column: Int
    ) {
        self.callee = callee
        self.arguments = arguments
        self.contextType = contextType
        self.enclosingType = enclosingType
        self.enclosingMember = enclosingMember
        self.condition = condition
        self.line = line
        self.column = column
    }

    public func argument(_ label: String) -> CallArgument? { arguments.first { $0.label == label } }
}

public struct CallArgument: Codable, Hashable, Sendable {
    /// nil for an unlabeled argument.
    public var label: String?
    /// The expression text, whitespace-normalised (`self`, `component`, `BootstrapComponent()`).
    public var value: String

    public init(label: String?, value: String) {
        self.label = label
        self.value = value
    }
}

/// `// archlint:disable:next a, b - reason`, `// archlint:disable:this a`, `// archlint:disable a`, `// archlint:enable a`.
/// Also in `///` and `/* … */` comments. Only comments whose text starts with `archlint:` count; a malformed one
/// (unknown directive, no rule) is a `FileProblem` of kind `.malformedSuppression` instead.
public struct SuppressionComment: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case next, this, disable, enable
    }

    public var kind: Kind
    /// Rule ids as written; `all` is allowed.
    public var rules: [String]
    /// The text after the first ` - `, trimmed.
    public var reason: String?
    /// Where the comment starts (`//`).
    public var line: Int
    public var column: Int

    public init(kind: Kind, rules: [String], reason: String? = nil, line: Int, column: Int) {
        self.kind = kind
        self.rules = rules
        self.reason = reason
        self.line = line
        self.column = column
    }
}

/// One file's suppression comments, by root-relative path (a project source, or an entry of a suppression index).
public struct SuppressionComments: Codable, Hashable, Sendable {
    public var path: String
    public var comments: [SuppressionComment]
    /// The module the file belongs to (its first, when several compile it); nil for manifests and project files.
    public var module: String?

    public init(path: String, comments: [SuppressionComment], module: String? = nil) {
        self.path = path
        self.comments = comments
        self.module = module
    }
}

/// Something in a file the scanner could not understand. The pipeline reports it; scanning still yields
/// every fact it could recover.
public struct FileProblem: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// The parser's own message (`expected '}' to end class`). At most five per file, then one
        /// `… more syntax errors` entry at the sixth error's position.
        case syntaxError = "syntax-error"
        /// An `// archlint:` comment that is not a valid suppression (unknown directive such as
        /// `disable:nxt`, or no rule named). It suppresses nothing.
        case malformedSuppression = "malformed-suppression"
        /// The file exceeds a bound of the scanner (size, nesting, expression depth; see `ScanLimits`). The
        /// message says which; the location is where the scanner stopped. Only the file's imports (and
        /// `archlint:` comments) before that point were read.
        case fileTooComplex = "file-too-complex"
    }

    public var message: String
    public var line: Int
    public var column: Int
    public var kind: Kind

    public init(message: String, line: Int, column: Int, kind: Kind = .syntaxError) {
        self.message = message
        self.line = line
        self.column = column
        self.kind = kind
    }
}
