import Foundation
import SwiftParser
import SwiftSyntax

/// Finds what compiles on Linux but not on macOS at the package's deployment floor, from the source text alone
/// (CI has no Mac): unguarded Linux-only imports and symbols, C callback parameters unwrapped as if optional
/// (Darwin imports them non-optional), and stdlib APIs introduced after the floor outside `#available`.
struct PortabilityScan {
    struct Finding: Hashable, CustomStringConvertible {
        var path: String
        var line: Int
        var message: String

        var description: String { "\(path):\(line): \(message)" }
    }

    /// The stdlib APIs newer than the floor (see `NewerAPIs`).
    var newerAPIs: NewerAPIs
    /// Names the scanned code declares itself: a call to one of them is not a stdlib call.
    var declaredNames: Set<String> = []

    /// Modules only Linux has; importing one needs a `#if canImport(…)` or `#if os(Linux)` around it.
    static let linuxModules: Set<String> = ["Glibc", "Musl", "FoundationXML", "FoundationNetworking", "Android"]
    /// C functions taking callbacks whose pointer parameters Glibc imports optional and Darwin non-optional.
    static let callbackFunctions: Set<String> = ["pthread_create", "pthread_key_create", "pthread_once", "qsort", "atexit"]
    /// Members an `enumerated()` chain reaches only through EnumeratedSequence's Collection conformances (macOS 26,
    /// SE-0459); before, `reversed()` was Sequence's and the others didn't exist. Type-checked on Darwin only.
    static let enumeratedCollectionMembers: Set<String> = [
        "reversed", "count", "last", "indices", "isEmpty", "startIndex", "endIndex", "index", "dropLast", "suffix",
        "formIndex", "distance",
    ]

    /// Every declaration name in `trees` (functions, types, properties), for `declaredNames`.
    static func declarations(in trees: [SourceFileSyntax]) -> Set<String> {
        var names: Set<String> = []
        for tree in trees {
            let collector = DeclarationCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            names.formUnion(collector.names)
        }
        return names
    }

    static func declarations(in sources: [String]) -> Set<String> {
        declarations(in: sources.map { Parser.parse(source: $0) })
    }

    func findings(in source: String, path: String) -> [Finding] {
        findings(in: Parser.parse(source: source), path: path)
    }

    func findings(in tree: SourceFileSyntax, path: String) -> [Finding] {
        let visitor = Visitor(scan: self, path: path, converter: SourceLocationConverter(fileName: path, tree: tree))
        visitor.walk(tree)
        return visitor.findings
    }

    private final class Visitor: SyntaxVisitor {
        let scan: PortabilityScan
        let path: String
        let converter: SourceLocationConverter
        var findings: [Finding] = []

        init(scan: PortabilityScan, path: String, converter: SourceLocationConverter) {
            self.scan = scan
            self.path = path
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        func report(_ node: some SyntaxProtocol, _ message: String) {
            findings.append(Finding(path: path, line: node.startLocation(converter: converter).line, message: message))
        }

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            let module = node.path.first?.name.text ?? ""
            if PortabilityScan.linuxModules.contains(module), !Guards.isLinuxOnly(node) {
                report(node, "`import \(module)` outside `#if canImport(\(module))`: Darwin has no \(module) module")
            }
            if module == "Darwin", !Guards.isDarwinOnly(node) {
                report(node, "`import Darwin` outside `#if canImport(Darwin)`: Linux has no Darwin module")
            }
            return .skipChildren
        }

        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            if node.attributeName.trimmedDescription == "_silgen_name", !Guards.isPlatformSpecific(node) {
                report(node, "`@_silgen_name` outside a platform `#if`: the symbol it names is one platform's")
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            if name == "environ", !Guards.isLinuxOnly(node) {
                report(node, "`environ`: Darwin's Swift module doesn't export it; use ProcessInfo.processInfo.environment")
            }
            checkNewerType(node, name)
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            checkNewerType(node, node.name.text)
            return .visitChildren
        }

        private func checkNewerType(_ node: some SyntaxProtocol, _ name: String) {
            guard let version = scan.newerAPIs.types[name], !scan.declaredNames.contains(name),
                  !Guards.isAvailable(node, macOS: version), !Guards.isLinuxOnly(node) else { return }
            report(node, "`\(name)` needs macOS \(version.text) (the floor is \(scan.newerAPIs.floor.text)); "
                + "guard it with `if #available(macOS \(version.text), *)` and a fallback")
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
            let hasTrailingClosure = node.trailingClosure != nil
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if PortabilityScan.callbackFunctions.contains(name) { checkCallbacks(of: node, function: name) }
                if !hasTrailingClosure { checkNewer(node, key: "\(name).init(\(labels))") }
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), !hasTrailingClosure {
                let name = member.declName.baseName.text
                if name == "init", let base = member.base?.as(DeclReferenceExprSyntax.self) {
                    checkNewer(node, key: "\(base.baseName.text).init(\(labels))")
                } else if !scan.declaredNames.contains("\(name)(\(labels))") {
                    checkNewer(node, key: "\(name)(\(labels))")
                }
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName.baseName.text
            if PortabilityScan.enumeratedCollectionMembers.contains(name),
               let call = node.base?.as(FunctionCallExprSyntax.self),
               call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "enumerated",
               call.arguments.isEmpty, !Guards.isAvailable(node, macOS: Version(26, 0)) {
                report(node, "`enumerated().\(name)` resolves to EnumeratedSequence's Collection conformance (macOS 26); "
                    + "use the collection's indices (`indices.reversed()`) or `Array(….enumerated())`")
            }
            // A property (not a call): `.span`, `.utf8Span`.
            if node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id, !scan.declaredNames.contains(name) {
                checkNewer(node, key: name)
            }
            return .visitChildren
        }

        private func checkNewer(_ node: some SyntaxProtocol, key: String) {
            guard let version = scan.newerAPIs.members[key], version > scan.newerAPIs.floor,
                  !Guards.isAvailable(node, macOS: version), !Guards.isLinuxOnly(node) else { return }
            report(node, "`\(key)` needs macOS \(version.text) (the floor is \(scan.newerAPIs.floor.text)); guard it with "
                + "`if #available(macOS \(version.text), *)` and a fallback, or raise the floor in Package.swift")
        }

        /// A closure handed to a C function as its callback: its pointer parameters are optional in Glibc and not in
        /// Darwin, so unwrapping one (`context!`, `context?.`, `if let context`) compiles on one of them only.
        private func checkCallbacks(of call: FunctionCallExprSyntax, function: String) {
            let closures = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
                + (call.trailingClosure.map { [$0] } ?? [])
            for closure in closures {
                let parameters = Self.parameterNames(closure)
                guard !parameters.isEmpty else { continue }
                let finder = UnwrapFinder(parameters: parameters, viewMode: .sourceAccurate)
                finder.walk(closure.statements)
                for (node, name) in finder.unwraps {
                    report(node, "`\(name)` is \(function)'s callback parameter: optional in Glibc, non-optional in Darwin, "
                        + "so unwrapping it compiles on Linux only; pass it on to a function taking an optional")
                }
            }
        }

        static func parameterNames(_ closure: ClosureExprSyntax) -> Set<String> {
            guard let parameters = closure.signature?.parameterClause else { return [] }
            if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self) {
                return Set(shorthand.map(\.name.text))
            }
            if let clause = parameters.as(ClosureParameterClauseSyntax.self) {
                return Set(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
            }
            return []
        }
    }

    private final class UnwrapFinder: SyntaxVisitor {
        let parameters: Set<String>
        var unwraps: [(Syntax, String)] = []

        init(parameters: Set<String>, viewMode: SyntaxTreeViewMode) {
            self.parameters = parameters
            super.init(viewMode: viewMode)
        }

        private func parameter(_ expression: ExprSyntax?) -> String? {
            guard let name = expression?.as(DeclReferenceExprSyntax.self)?.baseName.text, parameters.contains(name) else { return nil }
            return name
        }

        override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = parameter(node.expression) { unwraps.append((Syntax(node), name)) }
            return .visitChildren
        }

        override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = parameter(node.expression) { unwraps.append((Syntax(node), name)) }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            let bound = node.initializer?.value ?? node.pattern.as(IdentifierPatternSyntax.self).map { ExprSyntax(DeclReferenceExprSyntax(baseName: $0.identifier)) }
            if let name = parameter(bound) { unwraps.append((Syntax(node), name)) }
            return .visitChildren
        }
    }

    private final class DeclarationCollector: SyntaxVisitor {
        var names: Set<String> = []

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
            names.insert("\(node.name.text)(\(labels))")
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
            }
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind { names.insert(node.name.text); return .visitChildren }
    }
}

/// What the `#if` clauses, `#available` conditions and `@available` attributes around a node promise.
enum Guards {
    static let linuxConditions = ["canImport(Glibc)", "canImport(Musl)", "os(Linux)", "canImport(FoundationXML)",
                                  "canImport(FoundationNetworking)", "canImport(Android)", "os(Android)"]
    static let darwinConditions = ["canImport(Darwin)", "os(macOS)", "os(iOS)", "canImport(ObjectiveC)", "canImport(XcodeProjectPlugin)"]

    /// The `#if` conditions of the clauses around `node`, innermost first, each with whether `node` is in an `#else`
    /// or `#elseif` after other clauses (then the earlier clauses' conditions are false there).
    private static func clauses(around node: some SyntaxProtocol) -> [(condition: String, earlier: [String])] {
        var result: [(String, [String])] = []
        var current: Syntax? = Syntax(node)
        while let here = current {
            if let clause = here.as(IfConfigClauseSyntax.self), let list = clause.parent?.as(IfConfigClauseListSyntax.self) {
                let earlier = list.prefix { $0.id != clause.id }.compactMap { $0.condition?.trimmedDescription }
                result.append((clause.condition?.trimmedDescription ?? "", earlier))
            }
            current = here.parent
        }
        return result
    }

    private static func mentions(_ condition: String, _ terms: [String]) -> Bool {
        terms.contains { term in condition.contains(term) && !condition.contains("!" + term) }
    }

    static func isLinuxOnly(_ node: some SyntaxProtocol) -> Bool {
        clauses(around: node).contains { mentions($0.condition, linuxConditions) }
    }

    static func isDarwinOnly(_ node: some SyntaxProtocol) -> Bool {
        clauses(around: node).contains { mentions($0.condition, darwinConditions) }
    }

    static func isPlatformSpecific(_ node: some SyntaxProtocol) -> Bool {
        isLinuxOnly(node) || isDarwinOnly(node)
    }

    /// Inside `if #available(macOS N, *)` (its body), after `guard #available(macOS N, *)` in an enclosing block,
    /// or in a declaration marked `@available(macOS N, *)`, with N at least `version`.
    static func isAvailable(_ node: some SyntaxProtocol, macOS version: Version) -> Bool {
        var child = Syntax(node)
        while let parent = child.parent {
            if let ifExpression = parent.as(IfExprSyntax.self), ifExpression.body.id == child.id,
               grants(ifExpression.conditions, version) {
                return true
            }
            if let block = parent.as(CodeBlockItemListSyntax.self) {
                for item in block {
                    if item.id == child.id { break }
                    if let guardStatement = item.item.as(GuardStmtSyntax.self), grants(guardStatement.conditions, version) {
                        return true
                    }
                }
            }
            if let attributes = parent.asProtocol(WithAttributesSyntax.self)?.attributes {
                for case .attribute(let attribute) in attributes where attribute.attributeName.trimmedDescription == "available" {
                    if let minimum = macOSVersion(in: attribute.arguments?.trimmedDescription ?? ""), minimum >= version { return true }
                }
            }
            child = parent
        }
        return false
    }

    private static func grants(_ conditions: ConditionElementListSyntax, _ version: Version) -> Bool {
        conditions.contains { element in
            guard let availability = element.condition.as(AvailabilityConditionSyntax.self),
                  availability.availabilityKeyword.tokenKind == .poundAvailable else { return false }
            return (macOSVersion(in: availability.availabilityArguments.trimmedDescription) ?? Version(0, 0)) >= version
        }
    }

    /// `13` in `macOS 13, *` or `macOS, introduced: 13`.
    static func macOSVersion(in arguments: String) -> Version? {
        guard let range = arguments.range(of: #"macOS[ ,]+(introduced:\s*)?[0-9]+(\.[0-9]+)?"#, options: .regularExpression) else {
            return nil
        }
        let digits = arguments[range].split(whereSeparator: { !$0.isNumber && $0 != "." }).last.map(String.init) ?? ""
        return Version(digits)
    }
}
