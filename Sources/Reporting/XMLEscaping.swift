import ArchlintModel

/// Escaping for the XML formats (JUnit, checkstyle): control and bidi characters visible (`ControlCharacters`),
/// then XML's own escapes. Characters XML 1.0 forbids otherwise become U+FFFD.
enum XMLEscaping {
    static func text(_ value: String) -> String {
        escape(value, inAttribute: false)
    }

    static func attribute(_ value: String) -> String {
        escape(value, inAttribute: true)
    }

    private static func escape(_ value: String, inAttribute: Bool) -> String {
        var result = ""
        for scalar in ControlCharacters.visible(value, keepingLineBreaks: true).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where inAttribute: result += "&quot;"
            case "'" where inAttribute: result += "&apos;"
            case "\n" where inAttribute: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where inAttribute: result += "&#9;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
