import SwiftSyntax
import SyntaxSupport

/// The type that a value expression must have, read from where it stands: the `T` that `.init(…)` builds.
///
/// Recognised shapes (whitespace-normalised `T`):
/// - `let x: T = .init(…)` (properties and locals)
/// - `.init(…) as T`, `.init(…) as! T`
/// - the single expression or any `return` of a function `-> T`, of a getter of `var x: T { … }`
///   (shorthand or `get { … }`), or of a subscript `-> T`
/// - the same inside Needle's `shared { … }` in such a body: `var x: T { shared { .init(…) } }`
/// Anything else gives nil.
enum ContextType {
    static func of(_ expression: ExprSyntax) -> String? {
        var node = Syntax(expression)
        var isReturned = false
        while let parent = node.parent {
            switch parent.kind {
            case .tryExpr, .awaitExpr:
                break
            case .exprList:
                return castType(after: node, in: parent.cast(ExprListSyntax.self))
            case .initializerClause:
                return parent.parent?.as(PatternBindingSyntax.self)?.typeAnnotation.map { SyntaxText.normalized($0.type) }
            case .returnStmt:
                isReturned = true
            case .codeBlockItem:
                // Without `return`, only a single-expression body yields its value.
                if !isReturned, let list = parent.parent?.as(CodeBlockItemListSyntax.self), list.count != 1 {
                    return nil
                }
            case .codeBlockItemList:
                break
            case .codeBlock:
                if let type = bodyOwnerType(parent.parent) { return type }
                if !isReturned { return nil }
            case .accessorBlock:
                // `var x: T { value }` (getter shorthand).
                return declaredType(ofAccessorBlockOwner: parent.parent)
            case .closureExpr:
                guard let call = parent.parent?.as(FunctionCallExprSyntax.self),
                    call.trailingClosure?.id == parent.id, TypeInference.sharedClosureValue(call) != nil
                else { return nil }
                node = Syntax(call)
                isReturned = false
                continue
            default:
                // Statements between a `return` and its body (`if`, `guard`, `switch`, `do`) are transparent.
                if !isReturned { return nil }
            }
            node = parent
        }
        return nil
    }

    /// For a code block that is the body of something with a declared value type. The outer optional says
    /// whether the block is such a body; the inner value is the type (nil when the body yields no value).
    private static func bodyOwnerType(_ owner: Syntax?) -> String?? {
        guard let owner else { return nil }
        switch owner.kind {
        case .functionDecl:
            return .some(owner.cast(FunctionDeclSyntax.self).signature.returnClause.map { SyntaxText.normalized($0.type) })
        case .initializerDecl, .deinitializerDecl:
            return .some(nil)
        case .accessorDecl:
            let accessor = owner.cast(AccessorDeclSyntax.self)
            guard accessor.accessorSpecifier.tokenKind == .keyword(.get) else { return .some(nil) }
            // AccessorDecl → AccessorDeclList → AccessorBlock → owner.
            return .some(declaredType(ofAccessorBlockOwner: owner.parent?.parent?.parent))
        default:
            return nil
        }
    }

    private static func declaredType(ofAccessorBlockOwner owner: Syntax?) -> String? {
        if let binding = owner?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation.map { SyntaxText.normalized($0.type) }
        }
        if let subscriptDecl = owner?.as(SubscriptDeclSyntax.self) {
            return SyntaxText.normalized(subscriptDecl.returnClause.type)
        }
        return nil
    }

    /// `T` when `node` is directly followed by `as T` or `as! T` in a sequence expression.
    private static func castType(after node: Syntax, in list: ExprListSyntax) -> String? {
        var iterator = list.makeIterator()
        while let element = iterator.next() {
            guard element.id == node.id else { continue }
            guard let cast = iterator.next()?.as(UnresolvedAsExprSyntax.self),
                cast.questionOrExclamationMark?.tokenKind != .postfixQuestionMark,
                let type = iterator.next()?.as(TypeExprSyntax.self)
            else { return nil }
            return SyntaxText.normalized(type.type)
        }
        return nil
    }
}
