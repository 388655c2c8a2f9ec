import ArchlintModel
import SwiftSyntax
import SyntaxSupport

/// Why a value is unknown: the `manifest-unresolved` issues that made it so (each reported where it was met). A
/// target whose dependency list holds one carries them in `ProjectTarget.unreadDependencies`.
struct TuistUnread {
    /// At most `limit`, first met first.
    private(set) var issues: [ProjectIssue]
    static let limit = 4

    init(_ issues: [ProjectIssue]) {
        self.issues = Array(issues.prefix(Self.limit))
    }

    func merged(_ other: TuistUnread) -> TuistUnread {
        var result = self
        for issue in other.issues where result.issues.count < Self.limit && !result.issues.contains(issue) {
            result.issues.append(issue)
        }
        return result
    }
}

/// Why a value may not be there: the build-time condition it is kept under, and what archlint couldn't read of
/// whether it is kept at all.
struct TuistGuard {
    var condition: String?
    var unread: TuistUnread?
}

/// Where a value was made: a file of the manifest set and a position in it.
struct TuistSite: Hashable {
    var file: String
    var line: Int
    var column: Int
}

/// A ProjectDescription value the evaluator doesn't model as a type of its own: `Project(…)`, `.target(…)`,
/// `.staticLibrary`, `.relativeToRoot("…")`, `.glob("…", excluding: […])`, or a user struct built by its memberwise
/// initializer. `name` is the initializer's type or the factory's name; its fields are read by label.
struct TuistConstruct {
    var name: String
    /// The type it was written on (`TargetDependency` in `TargetDependency.project(…)`), when written.
    var typeName: String?
    var arguments: [(label: String?, value: TuistValue)]
    var isCall: Bool
    var site: TuistSite
    /// The environment branch it was made under.
    var condition: String?
    /// Made under a branch archlint couldn't evaluate: whether it is made at all is unknown, and why.
    var unread: TuistUnread? = nil
    /// Where a constant holding it was last read (a Package.swift's target dependency is edited there).
    var use: TuistSite? = nil
    /// The element of a helper's list that holds it (`dependencies: [.Core.log]` in a helper), for a value made
    /// outside the manifest: where to edit it once it is located at the manifest's call of that helper.
    var writtenAt: TuistSite? = nil
    /// The call that made it, for arguments read as written (a version requirement, a platform condition).
    var call: FunctionCallExprSyntax? = nil

    func argument(_ label: String) -> TuistValue? {
        arguments.first { $0.label == label }?.value
    }

    /// An argument's text as written (normalised); nil when there is no such argument.
    func argumentText(_ label: String) -> String? {
        call?.arguments.first { $0.label?.text == label }.map { SyntaxText.normalized($0.expression) }
    }

    /// A package dependency's version requirement as written: every argument but its location, name and traits.
    var requirementText: String? {
        let parts = call?.arguments.filter { !["url", "path", "id", "name", "traits"].contains($0.label?.text ?? "") } ?? []
        guard !parts.isEmpty else { return nil }
        return parts.map { argument in
            let value = SyntaxText.normalized(argument.expression)
            return argument.label.map { "\($0.text): \(value)" } ?? value
        }.joined(separator: ", ")
    }

    /// The first unlabelled argument (`.target(someTarget)`, `.glob("…")`).
    var firstUnlabelled: TuistValue? { arguments.first { $0.label == nil }?.value }
}

/// A closure value: its parameters, its body and the frame it was written in.
struct TuistClosure {
    var parameters: [String]
    var body: ClosureExprSyntaxBox
    var frame: TuistFrame
    var file: String
    /// Set when passed for a result builder's parameter (`@TargetBuilder _ content: () -> [Target]`).
    var resultBuilder: TuistResultBuilder?
}

/// A closure run as a result builder runs it: each expression statement it runs (in `if` and `for` too) adds
/// its value, an array its elements, and the closure returns them all. That is what a builder does whose
/// `buildBlock` gathers its components into an array, as manifests' builders of targets and dependencies do.
struct TuistResultBuilder {
    /// The type each value is read as (`Target` of `() -> [Target]`).
    var elementType: String?

    /// For a parameter `() -> [Target]`: what its closure returns, one element.
    init(parameterType: String?) {
        let returned = parameterType?.range(of: "->", options: .backwards).map { parameterType![$0.upperBound...] }
        elementType = returned.flatMap { TuistDeclarations.elementType($0.trimmingCharacters(in: .whitespaces)) }
    }
}

/// The values a running result builder's statements added so far.
final class TuistBuiltValues {
    let builder: TuistResultBuilder
    var values: [TuistValue] = []
    init(_ builder: TuistResultBuilder) { self.builder = builder }
}

/// Holds a closure's syntax (a class so `TuistValue` stays cheap to copy).
final class ClosureExprSyntaxBox {
    let node: ClosureExprSyntax
    init(_ node: ClosureExprSyntax) { self.node = node }
}

/// A value of the Swift subset Tuist manifests are written in.
indirect enum TuistValue {
    case string(String)
    case int(Int)
    /// A floating-point literal (`let deployTarget = 16.0`), printed as Swift prints a `Double`.
    case double(Double)
    case bool(Bool)
    case null
    case array([TuistValue])
    /// A case of a user enum; `rawValue` is its raw value (the case name for `String` enums without one).
    /// `guarded`: kept by a `filter` archlint couldn't decide, so what is made of it is made under that too.
    case enumCase(type: String, name: String, rawValue: String?, guarded: TuistGuard? = nil)
    case construct(TuistConstruct)
    /// A type named in an expression (`ModulePaths.Feature`, `Project`): its static members follow.
    case type(String)
    case closure(TuistClosure)
    /// A value read from the environment when `tuist generate` runs (`Environment.isCI`,
    /// `ProcessInfo.processInfo.environment["X"]`): only its expression is known. Branches on it are all taken.
    case environment(String)
    /// Something that couldn't be evaluated, with the issues that say why (already reported where they were met).
    case unknown(TuistUnread)
    /// One of several values, each under the condition that picks it: a `?:` or `if` on something only known when
    /// `tuist generate` runs (`isCI ? "CIApp" : "LocalApp"`). `site` is the branching expression's.
    case alternatives([TuistAlternative], site: TuistSite)

    var stringValue: String? {
        switch self {
        case .string(let text): text
        case .enumCase(_, let name, let raw, _): raw ?? name
        default: nil
        }
    }

    /// A key equal values share, for values compared by content alone (strings, numbers, enum cases); nil for
    /// others, which `equals` compares.
    var scalarKey: String? {
        switch self {
        case .string(let text): "s" + text
        case .int(let number): "i\(number)"
        case .double(let number): "d\(number)"
        case .bool(let flag): flag ? "t" : "f"
        case .null: "n"
        default: nil
        }
    }

    var arrayValue: [TuistValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    var construct: TuistConstruct? {
        if case .construct(let value) = self { return value }
        return nil
    }

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// A string, a number or a truth value: known whatever the branch it was made in.
    var isPlainScalar: Bool {
        switch self {
        case .string, .int, .bool: true
        default: false
        }
    }

    /// Why this value is unknown; nil when it is known.
    var unread: TuistUnread? {
        if case .unknown(let why) = self { return why }
        return nil
    }

    /// The first of `values` that is unknown, with the reasons of every unknown one; nil when all are known.
    static func firstUnknown(_ values: TuistValue...) -> TuistValue? {
        let reasons = values.compactMap(\.unread)
        guard let first = reasons.first else { return nil }
        return .unknown(reasons.dropFirst().reduce(first) { $0.merged($1) })
    }

    /// Every unknown value inside this one (list elements, construct arguments), up to `budget` values visited.
    func unreadParts(budget: inout Int) -> TuistUnread? {
        budget -= 1
        guard budget > 0 else { return nil }
        switch self {
        case .unknown(let why): return why
        case .array(let elements):
            return elements.reduce(TuistUnread?.none) { found, element in
                guard let inner = element.unreadParts(budget: &budget) else { return found }
                return found.map { $0.merged(inner) } ?? inner
            }
        default: return nil
        }
    }

    /// `==` as Swift would answer it, or nil when it depends on what isn't known.
    func equals(_ other: TuistValue) -> Bool? {
        switch (self, other) {
        case (.alternatives, _), (_, .alternatives): return nil
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.enumCase(let t1, let n1, _, _), .enumCase(let t2, let n2, _, _)): return n1 == n2 && (t1 == t2 || t1.isEmpty || t2.isEmpty)
        case (.enumCase(_, let n1, _, _), .construct(let c)), (.construct(let c), .enumCase(_, let n1, _, _)):
            return !c.isCall && c.name == n1
        case (.construct(let a), .construct(let b)):
            guard a.name == b.name, a.arguments.count == b.arguments.count else { return false }
            for (x, y) in zip(a.arguments, b.arguments) {
                guard x.label == y.label, let same = x.value.equals(y.value) else { return nil }
                if !same { return false }
            }
            return true
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard let same = x.equals(y) else { return nil }
                if !same { return false }
            }
            return true
        case (.null, _), (_, .null): return other.isUnknown || isUnknown ? nil : false
        case (.unknown, _), (_, .unknown), (.environment, _), (_, .environment): return nil
        default: return false
        }
    }

    /// The same value, with every construct in it made under `condition` too.
    func requiring(_ condition: String?) -> TuistValue {
        guard let condition else { return self }
        switch self {
        case .construct(var value):
            value.condition = ConditionText.and(condition, value.condition)
            return .construct(value)
        case .enumCase(let type, let name, let raw, let guarded):
            var made = guarded ?? TuistGuard()
            made.condition = ConditionText.and(condition, made.condition)
            return .enumCase(type: type, name: name, rawValue: raw, guarded: made)
        case .array(let elements):
            return .array(elements.map { $0.requiring(condition) })
        case .alternatives(let choices, let site):
            return .alternatives(choices.map { TuistAlternative(value: $0.value.requiring(condition), condition: $0.condition) },
                                 site: site)
        default:
            return self
        }
    }

    /// What a value made of this one is made under (a guarded enum case's), applied to `made`.
    func passingGuard(to made: TuistValue) -> TuistValue {
        guard case .enumCase(_, _, _, let guarded?) = self else { return made }
        return made.requiring(guarded.condition).uncertain(guarded.unread)
    }

    /// The same value, with every construct in it (and in its lists) marked as made where archlint couldn't tell
    /// whether it is made at all.
    func uncertain(_ why: TuistUnread?) -> TuistValue {
        guard let why else { return self }
        switch self {
        case .construct(var value):
            value.unread = TuistInterpreter.merge(value.unread, why)
            return .construct(value)
        case .enumCase(let type, let name, let raw, let guarded):
            var made = guarded ?? TuistGuard()
            made.unread = TuistInterpreter.merge(made.unread, why)
            return .enumCase(type: type, name: name, rawValue: raw, guarded: made)
        case .array(let elements):
            return .array(elements.map { $0.uncertain(why) })
        case .alternatives(let choices, let site):
            return .alternatives(choices.map { TuistAlternative(value: $0.value.uncertain(why), condition: $0.condition) },
                                 site: site)
        default:
            return self
        }
    }

    /// The same value with every construct made outside `file` moved to `site`: a helper's result is located where
    /// the manifest calls it, the place to edit.
    func located(at site: TuistSite, unlessIn file: String, budget: inout Int) -> TuistValue {
        budget -= 1
        guard budget > 0 else { return self }
        switch self {
        case .construct(var value):
            if value.site.file != file { value.site = site }
            value.arguments = value.arguments.map { ($0.label, $0.value.located(at: site, unlessIn: file, budget: &budget)) }
            return .construct(value)
        case .array(let elements):
            return .array(elements.map { $0.located(at: site, unlessIn: file, budget: &budget) })
        case .alternatives(let choices, let own):
            return .alternatives(choices.map {
                TuistAlternative(value: $0.value.located(at: site, unlessIn: file, budget: &budget), condition: $0.condition)
            }, site: own)
        default:
            return self
        }
    }
}

/// One branch of a value that depends on a generation-time condition.
struct TuistAlternative {
    var value: TuistValue
    var condition: String
}

extension TuistValue {
    /// The values this one may be: an alternative's each made under its condition; itself otherwise.
    var expanded: [TuistValue] {
        guard case .alternatives(let choices, _) = self else { return [self] }
        return choices.flatMap { $0.value.requiring($0.condition).expanded }
    }
}

/// Local variables of one function call or closure, with the frame they were written in.
final class TuistFrame {
    var variables: [String: TuistValue] = [:]
    let parent: TuistFrame?
    /// `self` inside an instance method.
    let receiver: TuistValue?
    /// The type whose static method runs (for unqualified calls to its siblings).
    let ownerType: String?

    init(parent: TuistFrame?, receiver: TuistValue? = nil, ownerType: String? = nil) {
        self.parent = parent
        self.receiver = receiver ?? parent?.receiver
        self.ownerType = ownerType ?? parent?.ownerType
    }

    func lookup(_ name: String) -> TuistValue? {
        var frame: TuistFrame? = self
        while let current = frame {
            if let value = current.variables[name] { return value }
            frame = current.parent
        }
        return nil
    }

    /// This frame's variables, `preferred` first, then the others by name: the order the readers look for the
    /// manifest's own value in (`let project = Project(…)`, `let package = Package(…)`).
    func variables(preferring preferred: String) -> [TuistValue] {
        ([preferred] + variables.keys.filter { $0 != preferred }.sorted()).compactMap { variables[$0] }
    }

    /// The frame declaring `name`.
    func holder(of name: String) -> TuistFrame? {
        var frame: TuistFrame? = self
        while let current = frame {
            if current.variables[name] != nil { return current }
            frame = current.parent
        }
        return nil
    }

    /// Assigns an existing variable where it lives; false when no frame declares it.
    func assign(_ name: String, _ value: TuistValue) -> Bool {
        var frame: TuistFrame? = self
        while let current = frame {
            if current.variables[name] != nil {
                current.variables[name] = value
                return true
            }
            frame = current.parent
        }
        return false
    }
}
