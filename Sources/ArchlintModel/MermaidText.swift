/// Text inside a quoted Mermaid label (`n1["…"]`, `-->|"…"|`), for any module name: characters that could end
/// the label, start markup or be read as an entity become Mermaid entity codes (`#34;`), line breaks a space,
/// other control characters a visible `\u{…}` escape. The result never holds `"`, a backtick, `<`, `>` or a line
/// break, so it can't close its label, a Markdown code fence or an HTML tag. Empty text becomes one space (Mermaid
/// rejects `""`).
public enum MermaidText {
    public static func label(_ text: String) -> String {
        guard !text.isEmpty else { return " " }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "#", "<", ">", "&", "`", "|", "[", "]", "{", "}", "(", ")", ";", "%", "\\":
                result += "#\(scalar.value);"
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}", "\u{85}":
                result += " "
            case _ where ControlCharacters.isControl(scalar):
                result += "#92;u#123;" + String(scalar.value, radix: 16, uppercase: true) + "#125;"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` cut to at most `maximum` characters, the cut marked with `…`.
    public static func truncated(_ text: String, to maximum: Int) -> String {
        text.count <= maximum ? text : String(text.prefix(max(maximum - 1, 0))) + "…"
    }
}
