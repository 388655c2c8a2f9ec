import Foundation

/// `replacingOccurrences(of:with:options: .regularExpression)` as helpers use it (`"([a-z])([A-Z])"` → `"$1 $2"`),
/// run only where its work is bounded: a short text and a pattern that can't backtrack far (few quantifiers,
/// none on a group). A manifest is untrusted input, so anything else is left unread.
enum BoundedRegex {
    static let maximumTextBytes = 256
    static let maximumPatternBytes = 128
    static let maximumQuantifiers = 2

    /// `text` with every match of `pattern` replaced by `template` (`$1` names a group); nil when archlint won't run it.
    static func replacing(_ pattern: String, in text: String, with template: String) -> String? {
        guard text.utf8.count <= maximumTextBytes, isBounded(pattern),
              let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
    }

    /// Few quantifiers, none after a group, no back-references: matching stays polynomial and small.
    static func isBounded(_ pattern: String) -> Bool {
        guard pattern.utf8.count <= maximumPatternBytes else { return false }
        var quantifiers = 0
        var escaped = false
        var inClass = false
        // The character before this one, as the matcher sees it: an escaped one counts as a literal.
        var previous: Character?
        for character in pattern {
            if escaped {
                escaped = false
                if character.isNumber || character == "k" { return false }
                previous = "x"
                continue
            }
            defer { previous = character }
            if inClass {
                if character == "]" { inClass = false }
                if character == "\\" { escaped = true }
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[": inClass = true
            case "*", "+", "?", "{":
                // `(?:`, `(?=` and `(?<` are group syntax, and `*?`/`+?` lazy forms of a quantifier already counted.
                if character == "?", previous == "(" || previous == "*" || previous == "+" || previous == "?" { continue }
                if previous == ")" { return false }
                quantifiers += 1
            default: break
            }
        }
        return quantifiers <= maximumQuantifiers
    }
}
