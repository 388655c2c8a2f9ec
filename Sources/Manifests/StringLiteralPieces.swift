@_spi(Compiler) import SwiftParser
import SwiftSyntax

/// A string literal as Swift reads it, for both manifest evaluators (Package.swift and Tuist): its text with escapes,
/// raw delimiters and multi-line indentation resolved, and the expressions it interpolates, in order.
///
/// Only `\(expression)` is plain interpolation. A labelled or multi-argument one (`\(value, format: …)`) calls an
/// `appendInterpolation` overload archlint can't see, so it can't be read. An interpolated value prints as Swift's
/// default description does: a string as is, a number or a Bool as written, an enum case by its name (never by its
/// raw value: `"\(Module.core)"` is `core` even for `case core = "CoreKit"`).
enum StringLiteralPiece {
    case text(String)
    case interpolated(ExprSyntax)

    enum Unreadable: Error {
        case malformed
        case interpolation(ExpressionSegmentSyntax)
    }

    static func pieces(of literal: StringLiteralExprSyntax) -> Result<[StringLiteralPiece], Unreadable> {
        guard !literal.hasError, let kind = literal.stringLiteralKind else { return .failure(.malformed) }
        var pieces: [StringLiteralPiece] = []
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let piece):
                var text = ""
                piece.appendUnescapedLiteralValue(stringLiteralKind: kind, delimiterLength: literal.delimiterLength, to: &text)
                pieces.append(.text(text))
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first, only.label == nil else {
                    return .failure(.interpolation(interpolation))
                }
                pieces.append(.interpolated(only.expression))
            }
        }
        return .success(pieces)
    }
}
