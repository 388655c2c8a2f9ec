import SwiftSyntax

/// Finds changes archlint can't replay in the statements it doesn't interpret (loops, functions, `switch`, …):
/// an assignment, `+=` or mutating call whose target involves `.targets`, `.dependencies`, `.products`, a target's
/// `.name`/`.path`/`.exclude`/`.sources`, or a constant the package reads. Settings tweaks
/// (`target.swiftSettings = …`) are not reported: they don't change the module graph.
struct MutationScanner {
    let program: ManifestProgram
    let consumedNames: Set<String>

    static let relevantMembers: Set<String> = ["targets", "dependencies", "products", "name", "path", "exclude", "sources"]
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "replaceSubrange",
        "popLast", "sort", "reverse", "swapAt",
    ]

    /// Calls `report` with each change, its message and the name it changes (`target.dependencies`).
    func scan(_ report: (Syntax, String, String) -> Void) {
        for statement in program.opaqueStatements {
            let visitor = Visitor(scanner: self, viewMode: .sourceAccurate)
            visitor.walk(statement)
            for (node, changed) in visitor.findings {
                report(node, "`\(ManifestText.excerpt(node))` changes `\(changed)` in code archlint doesn't run (\(context(of: statement))); "
                       + "the graph may miss or keep targets or dependencies it changes. Use `--manifests dump` to "
                       + "evaluate the manifest exactly", changed)
            }
        }
    }

    private func context(of statement: Syntax) -> String {
        if statement.is(ForStmtSyntax.self) || statement.is(WhileStmtSyntax.self) || statement.is(RepeatStmtSyntax.self) {
            return "a loop"
        }
        if statement.is(FunctionDeclSyntax.self) { return "a function" }
        return "a statement archlint doesn't interpret"
    }

    /// The relevant name an assignment target or mutated value involves: `package.targets`, `target.dependencies`.
    func changedName(_ expression: ExprSyntax) -> String? {
        var current: ExprSyntax? = expression
        while let node = current {
            if let member = node.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                if Self.relevantMembers.contains(name) { return ManifestText.normalized(member) }
                current = member.base
            } else if let reference = node.as(DeclReferenceExprSyntax.self) {
                return consumedNames.contains(reference.baseName.text) ? reference.baseName.text : nil
            } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let optional = node.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let unwrap = node.as(ForceUnwrapExprSyntax.self) {
                current = unwrap.expression
            } else {
                return nil
            }
        }
        return nil
    }

    private final class Visitor: SyntaxVisitor {
        let scanner: MutationScanner
        var findings: [(Syntax, String)] = []

        init(scanner: MutationScanner, viewMode: SyntaxTreeViewMode) {
            self.scanner = scanner
            super.init(viewMode: viewMode)
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count >= 3, isAssignment(elements[1]), let changed = scanner.changedName(elements[0]) {
                findings.append((Syntax(node), changed))
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
               MutationScanner.mutatingMethods.contains(member.declName.baseName.text),
               let base = member.base, let changed = scanner.changedName(base) {
                findings.append((Syntax(node), changed))
            }
            return .visitChildren
        }

        private func isAssignment(_ operatorExpression: ExprSyntax) -> Bool {
            if operatorExpression.is(AssignmentExprSyntax.self) { return true }
            guard let binary = operatorExpression.as(BinaryOperatorExprSyntax.self) else { return false }
            return ["+=", "-="].contains(binary.operator.text)
        }
    }
}

/// The first place the parser had to skip or invent tokens, or the lexer found an error.
enum SyntaxErrorLocator {
    static func firstError(in tree: SourceFileSyntax) -> Syntax? {
        guard tree.hasError else { return nil }
        let visitor = Visitor(viewMode: .all)
        visitor.walk(tree)
        // The tree says it has an error: one is reported even where no node says which.
        return visitor.first ?? Syntax(tree)
    }

    /// Descends only into subtrees that contain an error, so it is cheap on well-formed manifests.
    private final class Visitor: SyntaxAnyVisitor {
        var first: Syntax?

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            guard first == nil, node.hasError else { return .skipChildren }
            // A lexical error too (a control character, bytes that aren't UTF-8), as the file scanner reports it.
            let token = node.as(TokenSyntax.self)
            if node.is(UnexpectedNodesSyntax.self) || token?.presence == .missing || token?.tokenDiagnostic?.severity == .error {
                first = node
                return .skipChildren
            }
            return .visitChildren
        }
    }
}
