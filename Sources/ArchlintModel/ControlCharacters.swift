/// Characters that must never reach a terminal, a CI log or a rendered comment raw: a newline in a file name would
/// print a fake diagnostic line (or, in GitHub's format, a workflow command such as `::add-mask::`), an ESC would
/// drive the terminal, and bidirectional overrides would reorder what a reviewer reads. Every output escapes names
/// and messages with these: text, Markdown, GitHub, JSON and SARIF, diff JSON, Mermaid, DOT labels (and the SVG and
/// HTML report made from them), JUnit and Checkstyle.
public enum ControlCharacters {
    /// C0 controls, DEL, C1 controls, the Unicode line and paragraph separators and the bidirectional
    /// embedding, override and isolate characters.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            true
        default:
            false
        }
    }

    /// Swift-style visible escapes: `\n`, `\r`, `\t`, `\u{1B}`; everything else unchanged. With `newlinesAsSpaces`,
    /// CR and LF become a space instead (messages: one diagnostic, one line). With `keepingLineBreaks`, LF and tab
    /// stay as they are (markup whose own escaping handles them: HTML, XML, DOT).
    public static func visible(_ text: String, newlinesAsSpaces: Bool = false, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if keepingLineBreaks && (scalar == "\n" || scalar == "\t") {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n" where newlinesAsSpaces, "\r" where newlinesAsSpaces: result += " "
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// JSON text (from `JSONEncoder`, which leaves them raw) with every control character `\u`-escaped: C1 controls,
    /// line separators and bidirectional overrides are valid JSON raw, but a terminal or viewer would act on them.
    /// Outside strings JSON holds none, so the result is the same JSON value.
    public static func escapingJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { isControl($0) && $0.value >= 0x20 }) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            // Below U+0020 only whitespace between tokens: the encoder escapes those inside strings.
            guard isControl(scalar), scalar.value >= 0x20 else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: false)
            result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return result
    }
}
