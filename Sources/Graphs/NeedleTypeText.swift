import ArchlintModel

/// Small, total helpers over type text as the scanner writes it (whitespace-normalised source text).
public enum NeedleTypeText {
    /// `Component<A, B<C>>` → (`Component`, [`A`, `B<C>`]); `NeedleFoundation.Component<A>` keeps its prefix in
    /// `base`. Text without a generic clause returns no arguments.
    public static func splitGeneric(_ text: String) -> (base: String, arguments: [String]) {
        let trimmed = text.trimmingSpaces
        // No `<` byte, no generic clause: most inheritance entries (`Dependency`, `View`).
        guard trimmed.utf8.contains(UInt8(ascii: "<")) else { return (trimmed, []) }
        guard let open = trimmed.firstIndex(of: "<"), trimmed.hasSuffix(">") else { return (trimmed, []) }
        let base = String(trimmed[..<open]).trimmingSpaces
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in inner {
            switch character {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 0:
                arguments.append(current.trimmingSpaces)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        if !current.trimmingSpaces.isEmpty { arguments.append(current.trimmingSpaces) }
        return (base, arguments)
    }

    /// The last dotted component: `NeedleFoundation.Component` → `Component`. Generic clauses are dropped first.
    public static func lastComponent(_ text: String) -> String {
        // Most names are plain identifiers (`RootComponent`): nothing to split.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: " ") }) {
            return text
        }
        let base = splitGeneric(text).base
        guard let dot = base.lastIndex(of: ".") else { return base }
        return String(base[base.index(after: dot)...])
    }

    /// The nominal type a written type refers to, for name matching: drops `any`/`some`, optionality,
    /// generic arguments and module prefixes. `Feature.HomeRouting?` → `HomeRouting`.
    public static func nominalName(_ text: String) -> String {
        var text = text.trimmingSpaces
        for prefix in ["any ", "some ", "inout ", "borrowing ", "consuming "] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count)).trimmingSpaces
        }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("("), text.hasSuffix(")") {
            text = String(text.dropFirst().dropLast()).trimmingSpaces
        }
        return lastComponent(text)
    }

    /// Whitespace-insensitive form used to compare types: spaces are kept only between two identifier
    /// characters (`any Foo`), so `[String:Int]` and `[String: Int]` compare equal.
    public static func canonical(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, let last = result.last, last.isIdentifierCharacter, character.isIdentifierCharacter {
                result.append(" ")
            }
            pendingSpace = false
            result.append(character)
        }
        return result
    }

    /// Identifier tokens in a type text: `(view: AnyView, Router)` → [`view`, `AnyView`, `Router`].
    public static func identifiers(_ text: String) -> [String] { TypeText.identifiers(text) }
}

extension String {
    var trimmingSpaces: String {
        // Whitespace-normalised type text, the usual case, starts and ends with a visible ASCII byte: nothing to
        // trim (such a byte can't end or start a whitespace character), so no character-by-character walk.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
