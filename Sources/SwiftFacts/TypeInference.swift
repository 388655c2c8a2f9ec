import SwiftSyntax
import SyntaxSupport

/// The small amount of type knowledge archlint reads off the syntax, without a type checker.
enum TypeInference {
    /// The type an initial value obviously has: `X(…)`, `X.init(…)`, `Module.X(…)`, `X<T>(…)`, `X { … }`,
    /// `shared { X(…) }` (Needle), `try`/`await` around any of these, and `value as T` / `value as! T`.
    /// A called name counts as a type only when its last component starts with an uppercase letter
    /// (Swift's naming convention): `makeRouter()` or `X.make()` stay unknown (nil).
    static func inferredType(of expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let shared = sharedClosureValue(call) { return inferredType(of: shared) }
            return constructedType(callee: call.calledExpression)
        }
        if let tryExpr = expression.as(TryExprSyntax.self) {
            return tryExpr.questionOrExclamationMark == nil ? inferredType(of: tryExpr.expression) : nil
        }
        if let awaitExpr = expression.as(AwaitExprSyntax.self) { return inferredType(of: awaitExpr.expression) }
        if let sequence = expression.as(SequenceExprSyntax.self) { return castType(in: sequence) }
        return nil
    }

    /// `T` for `value as T` and `value as! T`, when that is the whole sequence.
    private static func castType(in sequence: SequenceExprSyntax) -> String? {
        let elements = Array(sequence.elements)
        guard elements.count == 3, let cast = elements[1].as(UnresolvedAsExprSyntax.self),
            cast.questionOrExclamationMark?.tokenKind != .postfixQuestionMark,
            let type = elements[2].as(TypeExprSyntax.self)
        else { return nil }
        return SyntaxText.normalized(type.type)
    }

    /// The type named by the callee of a constructor call, or nil when the callee is not a type name.
    static func constructedType(callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return startsUppercase(reference.baseName.text) ? reference.baseName.text : nil
        }
        if let generic = callee.as(GenericSpecializationExprSyntax.self) {
            return constructedType(callee: generic.expression) != nil ? SyntaxText.normalized(generic) : nil
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
            if member.declName.baseName.tokenKind == .keyword(.`init`) {
                return isTypeName(base) ? SyntaxText.normalized(base) : nil
            }
            return isTypeName(callee) ? SyntaxText.normalized(callee) : nil
        }
        return nil
    }

    /// `X`, `Module.X`, `X<T>`, `Module.X<T>`: a dotted path whose last component is capitalised.
    private static func isTypeName(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return startsUppercase(reference.baseName.text)
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) {
            return isTypeName(generic.expression)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return startsUppercase(member.declName.baseName.text) && isDottedPath(base)
        }
        return false
    }

    private static func isDottedPath(_ expression: ExprSyntax) -> Bool {
        if expression.is(DeclReferenceExprSyntax.self) { return true }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return isDottedPath(base)
        }
        return false
    }

    private static func startsUppercase(_ name: String) -> Bool {
        // Backticked names keep their backticks in token text.
        let scalars = name.unicodeScalars.drop { $0 == "`" }
        guard let first = scalars.first else { return false }
        return first.properties.isUppercase
    }

    /// For Needle's `shared { value }` (also `shared { return value }`): the value expression.
    static func sharedClosureValue(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self), name.baseName.text == "shared",
            call.arguments.isEmpty, let closure = call.trailingClosure
        else { return nil }
        return singleValue(of: closure.statements)
    }

    /// The value of a body made of one expression or one `return expression`.
    static func singleValue(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first else { return nil }
        switch item.item {
        case .expr(let expression):
            return expression
        case .stmt(let statement):
            if let returnStmt = statement.as(ReturnStmtSyntax.self) { return returnStmt.expression }
            if let expressionStmt = statement.as(ExpressionStmtSyntax.self) { return expressionStmt.expression }
            return nil
        case .decl:
            return nil
        }
    }
}
