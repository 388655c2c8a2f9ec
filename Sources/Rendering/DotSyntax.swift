import ArchlintModel

/// DOT text building blocks: quoting and attribute lists. Everything is written double-quoted, so any name
/// (quotes, backslashes, newlines, non-ASCII, emoji) round-trips through graphviz's parser.
enum DotSyntax {
    /// A quoted DOT ID. Graphviz keeps `\\` in IDs as two characters, consistently for nodes and edges, so the
    /// ID stays unique; what the reader sees is the separate `label`.
    static func id(_ text: String) -> String {
        "\"" + escapeQuoted(text) + "\""
    }

    /// A quoted escString (label, tooltip, …): backslashes doubled so `\n`/`\N`-style escapes can't be
    /// triggered by names, quotes escaped, newlines become graphviz's centred line break.
    static func escString(_ text: String) -> String {
        "\"" + escapeQuoted(ControlCharacters.visible(text, keepingLineBreaks: true), newline: "\\n") + "\""
    }

    private static func escapeQuoted(_ text: String, newline: String = " ") -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += newline
            case "\r", "\t": result += " "
            // An ID's control and bidi characters visible (it is the SVG's `<title>`); a name's own backslashes are
            // doubled above, so two names never meet in one ID.
            case _ where ControlCharacters.isControl(character):
                result += "\\u{" + String(character.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// An HTML-like label's text (`<…>` labels): XML-escaped.
    static func htmlText(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }
}

/// An ordered attribute list `[key="value", …]`. Order is insertion order: output is deterministic.
struct DotAttributes {
    private var entries: [(key: String, value: String)] = []

    init() {}

    /// A plain escString value.
    mutating func set(_ key: String, _ value: String) {
        entries.append((key, DotSyntax.escString(value)))
    }

    /// A value written verbatim (HTML-like labels `<…>`, numbers).
    mutating func setRaw(_ key: String, _ value: String) {
        entries.append((key, value))
    }

    var isEmpty: Bool { entries.isEmpty }

    var text: String {
        entries.isEmpty ? "" : " [" + entries.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "]"
    }
}

/// Accumulates DOT lines with indentation.
struct DotBuilder {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String) {
        text += String(repeating: "  ", count: depth) + content + "\n"
    }

    mutating func open(_ header: String) {
        line(header + " {")
        depth += 1
    }

    mutating func close() {
        depth -= 1
        line("}")
    }
}
