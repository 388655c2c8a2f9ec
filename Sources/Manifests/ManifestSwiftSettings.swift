import ArchlintModel
import SwiftSyntax

/// The Swift settings a manifest declares, read from its syntax: the tools version (6.0 and later default to
/// language mode 6), the package's `swiftLanguageModes:`/`swiftLanguageVersions:`, and a target's
/// `swiftSettings:` (`.swiftLanguageMode(.v6)`, `.defaultIsolation(MainActor.self)`, the `StrictConcurrency`
/// feature, `-strict-concurrency=` in `unsafeFlags`). A name in those lists is followed to the global it names.
/// Conditions (`.when(…)`) are not read: a setting applies as if unconditional.
enum ManifestSwiftSettings {
    /// `// swift-tools-version:6.0` → 6 (the language mode the tools version defaults to).
    static func toolsVersionMode(_ source: String) -> Int? {
        guard let firstLine = source.split(separator: "\n", maxSplits: 1).first,
              let range = firstLine.range(of: "swift-tools-version:") else { return nil }
        let version = firstLine[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber || $0 == "." }
        guard let major = SwiftLanguageSettings.languageMode(String(version)) else { return nil }
        return major >= 6 ? 6 : 5
    }

    /// The language mode of `[.v5, .v6]`: the highest listed (SwiftPM builds with the newest the compiler has).
    static func languageMode(of expression: ExprSyntax, program: ManifestProgram) -> Int? {
        expressions(expression, program: program).compactMap { mode(of: $0) }.max()
    }

    /// A target's `swiftSettings:` list.
    static func targetSettings(_ expression: ExprSyntax, program: ManifestProgram) -> SwiftLanguageSettings? {
        var settings = SwiftLanguageSettings()
        var found = false
        for part in expressions(expression, program: program) {
            for call in calls(in: part) {
                guard let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                      let first = call.arguments.first?.expression else { continue }
                switch name {
                case "swiftLanguageMode", "swiftLanguageVersion":
                    if let mode = mode(of: first) { settings.languageMode = mode; found = true }
                case "defaultIsolation":
                    if let isolation = SwiftLanguageSettings.isolation(first.trimmedDescription) {
                        settings.defaultIsolation = isolation
                        found = true
                    }
                case "enableUpcomingFeature", "enableExperimentalFeature":
                    let feature = stringLiteral(first)
                    if feature == "StrictConcurrency" || feature == "StrictConcurrency=complete" {
                        settings.strictConcurrency = "complete"
                        found = true
                    }
                case "unsafeFlags":
                    for flag in calls(in: first).isEmpty ? strings(in: first) : [] {
                        if flag.hasPrefix("-strict-concurrency="),
                           let level = SwiftLanguageSettings.strictConcurrency(String(flag.dropFirst("-strict-concurrency=".count))) {
                            settings.strictConcurrency = level
                            found = true
                        }
                    }
                default: continue
                }
            }
        }
        return found ? settings : nil
    }

    /// `.v6`, `.version("6")`, `SwiftLanguageMode.v5` → the major version.
    private static func mode(of expression: ExprSyntax) -> Int? {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard name.hasPrefix("v") else { return nil }
            return Int(name.dropFirst().prefix { $0.isNumber })
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "version",
           let argument = call.arguments.first?.expression, let text = stringLiteral(argument) {
            return SwiftLanguageSettings.languageMode(text)
        }
        return nil
    }

    /// The expression, with a global name (`swiftSettings: sharedSettings`) or an array holding names replaced
    /// by what the global is set to (one level).
    private static func expressions(_ expression: ExprSyntax, program: ManifestProgram) -> [ExprSyntax] {
        var result: [ExprSyntax] = []
        var pending = [expression]
        var followed: Set<String> = []
        while let next = pending.popLast() {
            if let reference = next.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                guard followed.insert(name).inserted, let binding = program.binding(name) else { continue }
                for entry in binding.entries { pending += entry.value.map { Array($0.elements) } ?? [] }
            } else if let array = next.as(ArrayExprSyntax.self) {
                pending += array.elements.map(\.expression)
            } else if let sequence = next.as(SequenceExprSyntax.self) {
                pending += sequence.elements
            } else {
                result.append(next)
            }
        }
        return result
    }

    private static func calls(in expression: ExprSyntax) -> [FunctionCallExprSyntax] {
        if let call = expression.as(FunctionCallExprSyntax.self) { return [call] }
        return []
    }

    private static func strings(in expression: ExprSyntax) -> [String] {
        guard let array = expression.as(ArrayExprSyntax.self) else { return [] }
        return array.elements.compactMap { stringLiteral($0.expression) }
    }

    private static func stringLiteral(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }
}
