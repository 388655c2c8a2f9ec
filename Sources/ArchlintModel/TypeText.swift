/// Reading type texts as written in source (`[HomeRouting?]`, `Weak<Feature.Router>`).
public enum TypeText {
    /// Identifier tokens in a type text: `(view: AnyView, Router)` → [`view`, `AnyView`, `Router`].
    public static func identifiers(_ text: String) -> [String] {
        if let ascii = asciiIdentifiers(text) { return ascii }
        var identifiers: [String] = []
        var current = ""
        for character in text {
            if character.isIdentifierCharacter {
                current.append(character)
            } else if !current.isEmpty {
                identifiers.append(current)
                current = ""
            }
        }
        if !current.isEmpty { identifiers.append(current) }
        return identifiers
    }

    /// `identifiers` for ASCII text, on bytes; nil when the text has any non-ASCII byte.
    static func asciiIdentifiers(_ text: String) -> [String]? {
        var identifiers: [String] = []
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var start: Int?
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                let isIdentifier = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
                if isIdentifier {
                    if start == nil { start = index }
                } else if let first = start {
                    identifiers.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self))
                    start = nil
                }
            }
            if let first = start {
                identifiers.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...]), as: UTF8.self))
            }
            return identifiers
        }
    }
}

extension Character {
    /// A letter, digit or `_`.
    public var isIdentifierCharacter: Bool { isLetter || isNumber || self == "_" }
}
