import ArchlintModel

/// Escaping for HTML/XML text and attribute values.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in ControlCharacters.visible(text, keepingLineBreaks: true).unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case _ where character.value < 0x20 && character != "\n" && character != "\t": result += " "
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
