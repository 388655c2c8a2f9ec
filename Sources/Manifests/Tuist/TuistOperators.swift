import SwiftSyntax

/// An operator sequence as the parser leaves it (`a + b ?? c`, `x ? y : z`, `v = w`), folded by Swift's standard
/// precedences: the evaluator needs no operator declarations of its own.
indirect enum TuistFolded {
    case operand(ExprSyntax)
    case binary(String, TuistFolded, TuistFolded, anchor: ExprSyntax)
    case ternary(TuistFolded, then: ExprSyntax, otherwise: TuistFolded, anchor: ExprSyntax)
    /// `x as T`, `x as? T`: the value itself; `x is T`: the type tested (`T`).
    case cast(TuistFolded, tested: String?)

    static func fold(_ sequence: SequenceExprSyntax) -> TuistFolded {
        var folder = Folder(elements: Array(sequence.elements))
        return folder.parse(minimum: 0)
    }

    private struct Folder {
        let elements: [ExprSyntax]
        var index = 0

        /// Precedence and right-associativity of the operator element at `index`, nil when it isn't one.
        func precedence(of element: ExprSyntax) -> (level: Int, right: Bool)? {
            if element.is(AssignmentExprSyntax.self) { return (0, true) }
            if element.is(UnresolvedTernaryExprSyntax.self) { return (1, true) }
            if element.is(UnresolvedAsExprSyntax.self) || element.is(UnresolvedIsExprSyntax.self) { return (6, false) }
            guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
            switch op {
            case "=", "+=", "-=", "*=", "/=": return (0, true)
            case "||": return (2, false)
            case "&&": return (3, false)
            case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=": return (4, false)
            case "??": return (5, true)
            case "..<", "...": return (7, false)
            case "+", "-", "|", "^", "&+", "&-": return (8, false)
            default: return (9, false)
            }
        }

        mutating func parse(minimum: Int) -> TuistFolded {
            var lhs = TuistFolded.operand(elements[index])
            index += 1
            while index < elements.count, let (level, right) = precedence(of: elements[index]), level >= minimum {
                let op = elements[index]
                index += 1
                if let ternary = op.as(UnresolvedTernaryExprSyntax.self) {
                    guard index < elements.count else { break }
                    let rhs = parse(minimum: level)
                    lhs = .ternary(lhs, then: ternary.thenExpression, otherwise: rhs, anchor: elements[0])
                } else if op.is(UnresolvedAsExprSyntax.self) || op.is(UnresolvedIsExprSyntax.self) {
                    let type = index < elements.count ? elements[index].trimmedDescription : nil
                    index += 1 // the type
                    lhs = .cast(lhs, tested: op.is(UnresolvedIsExprSyntax.self) ? type ?? "" : nil)
                } else {
                    guard index < elements.count else { break }
                    let rhs = parse(minimum: right ? level : level + 1)
                    let text = op.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "="
                    lhs = .binary(text, lhs, rhs, anchor: op)
                }
            }
            return lhs
        }
    }
}
