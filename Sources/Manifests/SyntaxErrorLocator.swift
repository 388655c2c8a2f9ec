import SwiftSyntax

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
