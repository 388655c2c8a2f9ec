/// Characters that must never reach a terminal, a CI log or a rendered comment raw: a newline in a file name would
/// print a fake diagnostic line (or, in GitHub's format, a workflow command such as `::add-mask::`), an ESC would
/// drive the terminal, and bidirectional overrides would reorder what a reviewer reads.
enum ControlCharacters {
    /// C0 controls, DEL, C1 controls, the Unicode line and paragraph separators and the bidirectional
    /// embedding, override and isolate characters.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            true
        default:
            false
        }
    }

    /// Swift-style visible escapes: `\n`, `\r`, `\t`, `\u{1B}`; everything else unchanged. With `newlinesAsSpaces`,
    /// CR and LF become a space instead (messages: one diagnostic, one line).
    static func visible(_ text: String, newlinesAsSpaces: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
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
}
