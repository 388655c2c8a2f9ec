import ArchlintModel
/// A JSON document whose objects keep their keys in the order they were written, so reports are byte-for-byte
/// deterministic and read in contract order (Foundation's encoders don't promise key order).
public indirect enum JSONValue: Hashable, Sendable {
    case string(String)
    case int(Int)
    /// A ratio, written rounded to 4 decimal places (`0.6667`, `1.0`).
    case decimal(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func optional(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    public static func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rendered(pretty: false))
    }

    /// Pretty output uses two-space indentation and `"key": value`; empty containers stay on one line.
    public func rendered(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .string(let value): output += Self.quoted(value)
        case .int(let value): output += String(value)
        case .decimal(let value): output += Self.decimalText(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            writeContainer(open: "[", close: "]", count: values.count, to: &output, indent: indent) { index, output, inner in
                values[index].write(to: &output, indent: inner)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &output, indent: indent) { index, output, inner in
                output += Self.quoted(members[index].key)
                output += inner == nil ? ":" : ": "
                members[index].value.write(to: &output, indent: inner)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to output: inout String, indent: Int?,
        element: (Int, inout String, Int?) -> Void
    ) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: " ", count: inner) }
            element(index, &output, inner)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    /// `value` rounded to 4 decimal places, as JSON and CSV write ratios; non-finite values are written as 0.
    public static func decimalText(_ value: Double) -> String {
        guard value.isFinite else { return "0.0" }
        let rounded = (value * 10_000).rounded() / 10_000
        return String(rounded == 0 ? 0 : rounded)
    }

    /// RFC 8259 string escaping: quotes, backslashes and control characters.
    static func quoted(_ value: String) -> String {
        // Most strings are printable ASCII without quotes or backslashes: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + value + "\""
        }
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            // Also C1 controls, line separators and bidirectional overrides: valid JSON raw, but a terminal or
            // viewer showing the report would act on them.
            case _ where ControlCharacters.isControl(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
