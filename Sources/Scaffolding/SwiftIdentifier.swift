import SwiftParser
import SwiftSyntax

/// Whether a name can be a Swift type name as written (no backticks), and its lower-camel-case form.
public enum SwiftIdentifier {
    /// Names the parser accepts as an identifier but that mean something else in a type position.
    static let reservedTypeNames: Set<String> = ["Self", "Any", "Type", "Protocol", "Sendable"]

    /// Why `name` can't name the new types, or nil when it can.
    public static func problem(with name: String) -> String? {
        guard !name.isEmpty else { return "the name is empty" }
        guard name.utf8.count <= 200 else { return "the name is longer than 200 characters" }
        if reservedTypeNames.contains(name) { return "'\(name)' is reserved in Swift type positions" }
        guard let first = name.unicodeScalars.first,
              first == "_" || first.properties.isXIDStart,
              name.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isXIDContinue })
        else {
            return "'\(name)' is not a Swift identifier (letters, digits and underscores, not starting with a digit)"
        }
        // Keywords (`class`, `self`, `func`, `init`…): the lexer reads them as keywords, not identifiers.
        var source = "struct \(name) {}"
        let tree = source.withUTF8 { Parser.parse(source: $0) }
        guard let declaration = tree.statements.first?.item.as(StructDeclSyntax.self),
              tree.statements.count == 1, !tree.hasError,
              case .identifier(let text) = declaration.name.tokenKind, text == name
        else {
            return "'\(name)' is a Swift keyword"
        }
        return nil
    }

    /// `Settings` → `settings`, `URLFeed` → `urlFeed`, `UI` → `ui`.
    public static func lowerCamelCase(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        guard upperRun > 0 else { return name }
        // In `URLFeed` the `F` starts the next word: keep it.
        let lowered = upperRun == characters.count || upperRun == 1 ? upperRun : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }
}
