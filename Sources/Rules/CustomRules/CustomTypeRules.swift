import ArchlintModel
import Graphs

/// `types:` over the type index the built-in rules already read: no second parse.
///
/// Selection: `kind`, `name`, `module`, `layer`, `feature`, `inherits`, `conforms`, `attribute`, `access` (every
/// key given must match; a list of selectors picks a declaration any of them matches). Declarations and
/// extensions are both candidates; an extension answers `name` with the extended type's name.
///
/// Assertions: `inherit` — the declaration's inheritance clause, through classes declared in the repository;
/// `conform` — the inheritance clauses of the declaration and its extensions, through types declared in the
/// repository (a syntax-only reader can't tell a superclass from a protocol it can't see, so the two differ
/// only in where they look); `reference` — `TypeReferences`, the same sites `view-router-shortcut` reports;
/// `beIn` — the declaring module; `haveSuffix` — the name.
struct CustomTypeRules {
    private let types: TypeIndex
    /// By the declarations a type is (`TypeIndex.owners`), or its name where none is declared here.
    private var inheritanceCache: [TypeIndex.TypeIdentity: [String]] = [:]
    private var conformanceCache: [TypeIndex.TypeIdentity: [String]] = [:]

    init(_ context: LintContext) {
        types = context.types
    }

    /// What a type rule needs parsed: each selector picks declarations whose name (or an inherited or
    /// conformed-to name, which `TypeRelevance` follows through the repository's types) holds the text its
    /// patterns require (`*ViewModel` → `ViewModel`). A selector without such a key, or with a pattern any name
    /// matches or a negated one, needs every file. The rules read types by name and through extensions
    /// (`ScanDemand.followsEveryName`).
    static func scanDemand(_ rule: TypeRule) -> ScanDemand {
        var parts: [String] = []
        for selector in rule.select {
            guard let required = requiredTexts(selector.name) ?? requiredTexts(selector.inherits)
                ?? requiredTexts(selector.conforms) else { return .everything }
            parts += required
        }
        return ScanDemand(names: [String](), nameParts: parts, followsEveryName: true)
    }

    /// The text every match of each pattern holds; nil unless every pattern has some.
    private static func requiredTexts(_ patterns: [String]?) -> [String]? {
        guard let patterns, !patterns.isEmpty else { return nil }
        var texts: [String] = []
        for pattern in patterns {
            guard !pattern.hasPrefix("!"), let glob = try? Glob(pattern), let text = glob.requiredText else { return nil }
            texts.append(text)
        }
        return texts
    }

    mutating func check(
        _ rule: TypeRule, _ modules: inout CustomRuleModules, _ severity: Severity, selected: inout Bool
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var references: TypeReferences?
        if let patterns = rule.mustNot?.reference { references = Self.referenceFinder(types, patterns) }
        let advice = rule.comment ?? "change the declaration, or the rule"
        for located in types.all {
            guard rule.select.contains(where: { matches($0, located, &modules) }) else { continue }
            selected = true
            let name = located.simpleName
            if let must = rule.must {
                for failure in failures(of: must, located, &modules) {
                    diagnostics.append(diagnostic(
                        rule, severity, located, at: located.decl.line, located.decl.column,
                        "'\(name)' \(failure) (custom rule '\(rule.name)'): \(advice)", member: ""))
                }
            }
            guard let mustNot = rule.mustNot else { continue }
            for holding in holdings(of: mustNot, located, &modules) {
                diagnostics.append(diagnostic(
                    rule, severity, located, at: located.decl.line, located.decl.column,
                    "'\(name)' \(holding) (custom rule '\(rule.name)'): \(advice)", member: ""))
            }
            if mustNot.reference != nil, var finder = references {
                for site in finder.sites(in: located) {
                    diagnostics.append(diagnostic(
                        rule, severity, located, at: site.line, site.column,
                        "'\(name)' \(Self.describe(site)) (custom rule '\(rule.name)'): \(advice)", member: site.member))
                }
                references = finder
            }
        }
        return diagnostics
    }

    // MARK: Selection

    private mutating func matches(_ selector: TypeSelector, _ located: LocatedType, _ modules: inout CustomRuleModules) -> Bool {
        let decl = located.decl
        if let kinds = selector.kind, !kinds.contains(decl.kind.rawValue) { return false }
        guard modules.any(selector.name, located.simpleName), modules.any(selector.module, located.module) else { return false }
        if selector.layer != nil || selector.feature != nil {
            let facts = modules.byName[located.module]
            guard modules.any(selector.layer, facts?.layer), modules.any(selector.feature, facts?.feature) else { return false }
        }
        if let access = selector.access, !access.contains(decl.accessLevel ?? "internal") { return false }
        if let attributes = selector.attribute, !attributes.contains(where: decl.attributes.contains) { return false }
        if let patterns = selector.inherits, !anyMatches(patterns, inheritance(of: located), &modules) { return false }
        if let patterns = selector.conforms, !anyMatches(patterns, conformances(of: located), &modules) { return false }
        return true
    }

    // MARK: Assertions

    /// Under `must`: each key that doesn't hold, in words (`doesn't inherit BaseViewModel`).
    private mutating func failures(of assertion: TypeAssertion, _ located: LocatedType, _ modules: inout CustomRuleModules) -> [String] {
        var failures: [String] = []
        // A type is what it must inherit or conform to: `BaseViewModel` is never told to inherit itself.
        func isNamed(_ patterns: [String]) -> Bool { GlobSet(patterns: patterns).matches(located.simpleName) }
        if let patterns = assertion.inherit, !isNamed(patterns), !anyMatches(patterns, inheritance(of: located), &modules) {
            failures.append("doesn't inherit \(Self.list(patterns))")
        }
        if let patterns = assertion.conform, !isNamed(patterns), !anyMatches(patterns, conformances(of: located), &modules) {
            failures.append("doesn't conform to \(Self.list(patterns))")
        }
        if let patterns = assertion.beIn, !modules.any(patterns, located.module) {
            failures.append("is in module '\(located.module)', not in \(Self.list(patterns))")
        }
        if let suffixes = assertion.haveSuffix, !suffixes.contains(where: located.simpleName.hasSuffix) {
            failures.append("doesn't end in \(Self.list(suffixes))")
        }
        if let patterns = assertion.reference {
            var finder = Self.referenceFinder(types, patterns)
            if finder.sites(in: located).isEmpty { failures.append("references no \(Self.list(patterns))") }
        }
        return failures
    }

    /// Under `mustNot`: each key (other than `reference`, reported per site) that holds, in words.
    private mutating func holdings(of assertion: TypeAssertion, _ located: LocatedType, _ modules: inout CustomRuleModules) -> [String] {
        var holdings: [String] = []
        if let patterns = assertion.inherit, let base = firstMatch(patterns, inheritance(of: located), &modules) {
            holdings.append("inherits '\(base)'")
        }
        if let patterns = assertion.conform, let conformance = firstMatch(patterns, conformances(of: located), &modules) {
            holdings.append("conforms to '\(conformance)'")
        }
        if let patterns = assertion.beIn, modules.any(patterns, located.module) {
            holdings.append("is in module '\(located.module)'")
        }
        if let suffixes = assertion.haveSuffix, let suffix = suffixes.first(where: located.simpleName.hasSuffix) {
            holdings.append("ends in '\(suffix)'")
        }
        return holdings
    }

    /// The inheritance clause of the type's declaration (for an extension: of the type it extends), then its
    /// superclasses' through classes declared in the repository (names without generic arguments, both as
    /// written and as their last component). Of same-named types, each is the one the naming file sees
    /// (`TypeIndex.owners`, `declarations(named:seenFrom:)`).
    private mutating func inheritance(of located: LocatedType) -> [String] {
        let key = types.identity(of: located)
        if let known = inheritanceCache[key] { return known }
        inheritanceCache[key] = []
        let result = closure(key.owners, followingAll: false)
        inheritanceCache[key] = result
        return result
    }

    /// The inheritance clauses of the declaration and every extension of it, through types declared in the
    /// repository.
    private mutating func conformances(of located: LocatedType) -> [String] {
        let key = types.identity(of: located)
        if let known = conformanceCache[key] { return known }
        conformanceCache[key] = []
        let result = closure(types.declarationAndExtensions(of: located), followingAll: true)
        conformanceCache[key] = result
        return result
    }

    /// The names `declarations` inherit, then what the types those names mean (as each naming file sees them)
    /// inherit: classes only, or (`followingAll`) every declaration with its extensions.
    private mutating func closure(_ declarations: [LocatedType], followingAll: Bool) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        var visited: Set<LocatedType> = []
        var pending = declarations.flatMap { declaration in declaration.decl.inheritance.map { ($0, declaration) } }
        while let (entry, naming) = pending.popLast() {
            let base = NeedleTypeText.splitGeneric(entry).base
            let last = NeedleTypeText.lastComponent(base)
            if seen.insert(base).inserted {
                names.append(base)
                if last != base { names.append(last) }
            }
            let meant = types.declarations(named: last, seenFrom: TypeIndex.Viewpoint(naming))
            let declared = !followingAll ? meant.filter { $0.decl.kind == .class }
                : meant.isEmpty ? types.extensions(of: last) : meant.flatMap { types.declarationAndExtensions(of: $0) }
            for declaration in declared where visited.insert(declaration).inserted {
                pending += declaration.decl.inheritance.map { ($0, declaration) }
            }
        }
        return names
    }

    private func anyMatches(_ patterns: [String], _ names: [String], _ modules: inout CustomRuleModules) -> Bool {
        firstMatch(patterns, names, &modules) != nil
    }

    private func firstMatch(_ patterns: [String], _ names: [String], _ modules: inout CustomRuleModules) -> String? {
        let globs = modules.globSet(patterns)
        return names.first { globs.matches($0) }
    }

    /// Finds uses of types whose name (any identifier in the type text) matches one of `patterns`.
    private static func referenceFinder(_ types: TypeIndex, _ patterns: [String]) -> TypeReferences {
        let globs = GlobSet(patterns.compactMap { try? Glob($0) })
        return TypeReferences(types: types, picks: TypeReferences.identifierPicks { globs.matches($0) })
    }

    // MARK: Words

    private func diagnostic(
        _ rule: TypeRule, _ severity: Severity, _ located: LocatedType, at line: Int, _ column: Int, _ message: String,
        member: String
    ) -> Diagnostic {
        Diagnostic(
            rule: CustomRules.ruleID(rule.name), severity: severity, message: message,
            location: SourceLocation(file: located.path, line: line, column: column), module: located.module,
            subject: member.isEmpty ? [located.simpleName] : [located.simpleName, member])
    }

    static func describe(_ site: TypeReferences.Located) -> String {
        switch site.site {
        case .property(let name, let type): "holds `\(name): \(type)`"
        case .parameter(let name, let type, let function): "receives `\(name): \(type)` in \(function)"
        case .local(let name, let type, let function): "creates `\(name): \(type)` in \(function)"
        case .call(let base, let member): "calls `\(base).\(member)()`"
        }
    }

    private static func list(_ values: [String]) -> String {
        values.map { "'\($0)'" }.joined(separator: " or ")
    }
}
