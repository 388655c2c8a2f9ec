import ArchlintModel
import SystemSupport

/// A value of an old-style (OpenStep / NeXT) property list, the format of `project.pbxproj`, with the position
/// it was read at so that every problem found later can be reported at its line.
public struct PlistNode: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case string(String)
        case array([PlistNode])
        case dictionary(PlistDictionary)
        case data([UInt8])
    }

    public var value: Value
    public var line: Int
    public var column: Int

    public init(_ value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var array: [PlistNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    public var dictionary: PlistDictionary? {
        if case .dictionary(let entries) = value { return entries }
        return nil
    }
}

/// Keys in the order written; lookups through a hash index. A repeated key keeps its last value, as
/// CoreFoundation's reader does.
public struct PlistDictionary: Sendable, Equatable {
    public private(set) var keys: [String] = []
    private var values: [String: PlistNode] = [:]

    public init() {}

    public subscript(key: String) -> PlistNode? { values[key] }

    public var count: Int { keys.count }

    mutating func set(_ key: String, _ node: PlistNode) {
        if values.updateValue(node, forKey: key) == nil { keys.append(key) }
    }
}

/// A reason the text is not a property list, at the line and column where reading stopped.
public struct PlistSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public var description: String { "\(line):\(column): \(message)" }
}

/// Reads old-style property lists with the grammar of CoreFoundation's `CFOldStylePList.c`: `{ key = value; }`,
/// `( a, b, )`, `<hex data>`, quoted strings with C and `\Unnnn` escapes, unquoted strings of
/// `[A-Za-z0-9_$/:.-]`, and `/* */` and `//` comments anywhere between tokens.
///
/// It never recurses deeper than `maximumDepth` and reads each byte once, so no input can exhaust the stack or
/// stall it. Text that git left with merge-conflict markers is reported as such, at the marker.
public struct OpenStepPlistParser {
    /// Xcode projects nest five levels deep; anything near this bound is not a project file.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    public static func parse(_ bytes: [UInt8]) throws(PlistSyntaxError) -> PlistNode {
        var parser = OpenStepPlistParser(bytes: bytes)
        return try parser.parseDocument()
    }

    public static func parse(_ text: String) throws(PlistSyntaxError) -> PlistNode {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseDocument() throws(PlistSyntaxError) -> PlistNode {
        if let marker = MergeConflict.firstMarker(in: bytes) {
            throw PlistSyntaxError(
                message: "unresolved git merge conflict (a line starting with `\(marker.text)`): resolve the conflict "
                    + "in this file; Xcode can't open the project either",
                line: marker.line, column: 1)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3; lineStart = 3 }
        try skipTrivia()
        guard offset < bytes.count else { throw error("the file is empty") }
        let root = try parseValue(depth: 0)
        try skipTrivia()
        if offset < bytes.count { throw error("unexpected `\(describe(bytes[offset]))` after the end of the property list") }
        return root
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(PlistSyntaxError) -> PlistNode {
        guard depth < Self.maximumDepth else {
            throw error("nested deeper than \(Self.maximumDepth) levels: this is not an Xcode project file")
        }
        let (startLine, startColumn) = position
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            return PlistNode(.dictionary(try parseDictionaryBody(depth: depth)), line: startLine, column: startColumn)
        case UInt8(ascii: "("):
            offset += 1
            return PlistNode(.array(try parseArrayBody(depth: depth)), line: startLine, column: startColumn)
        case UInt8(ascii: "<"):
            offset += 1
            return PlistNode(.data(try parseDataBody()), line: startLine, column: startColumn)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return PlistNode(.string(try parseQuotedString()), line: startLine, column: startColumn)
        case let byte where Self.isUnquotedCharacter(byte):
            return PlistNode(.string(parseUnquotedString()), line: startLine, column: startColumn)
        case let byte:
            throw error("unexpected `\(describe(byte))` where a value should start")
        }
    }

    private mutating func parseDictionaryBody(depth: Int) throws(PlistSyntaxError) -> PlistDictionary {
        var dictionary = PlistDictionary()
        while true {
            try skipTrivia()
            guard offset < bytes.count else { throw error("the file ends inside a dictionary: a `}` is missing") }
            if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return dictionary
            }
            let key = try parseValue(depth: depth + 1)
            guard let keyText = key.string else {
                throw PlistSyntaxError(message: "a dictionary key must be a string", line: key.line, column: key.column)
            }
            try skipTrivia()
            try expect("=", "after the key `\(keyText)`")
            try skipTrivia()
            guard offset < bytes.count else { throw error("the file ends before the value of `\(keyText)`") }
            let value = try parseValue(depth: depth + 1)
            try skipTrivia()
            try expect(";", "after the value of `\(keyText)`")
            dictionary.set(keyText, value)
        }
    }

    private mutating func parseArrayBody(depth: Int) throws(PlistSyntaxError) -> [PlistNode] {
        var items: [PlistNode] = []
        while true {
            try skipTrivia()
            guard offset < bytes.count else { throw error("the file ends inside an array: a `)` is missing") }
            if bytes[offset] == UInt8(ascii: ")") {
                offset += 1
                return items
            }
            items.append(try parseValue(depth: depth + 1))
            try skipTrivia()
            guard offset < bytes.count else { throw error("the file ends inside an array: a `)` is missing") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] != UInt8(ascii: ")") {
                throw error("expected `,` or `)` in an array, found `\(describe(bytes[offset]))`")
            }
        }
    }

    private mutating func parseDataBody() throws(PlistSyntaxError) -> [UInt8] {
        var data: [UInt8] = []
        var high: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                offset += 1
                guard high == nil else { throw error("odd number of hex digits in data") }
                return data
            }
            if Self.isSpace(byte) {
                advance(over: byte)
                continue
            }
            guard let nibble = Self.hexValue(byte) else { throw error("unexpected `\(describe(byte))` in <hex data>") }
            offset += 1
            if let first = high {
                data.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        throw error("the file ends inside <hex data>: a `>` is missing")
    }

    private mutating func parseQuotedString() throws(PlistSyntaxError) -> String {
        let quote = bytes[offset]
        offset += 1
        var utf8: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == quote {
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                offset += 1
                guard offset < bytes.count else { break }
                try appendEscape(to: &utf8)
                continue
            }
            advance(over: byte)
            utf8.append(byte)
        }
        throw error("the file ends inside a quoted string: a closing \(quote == UInt8(ascii: "\"") ? "`\"`" : "`'`") is missing")
    }

    /// The escapes CoreFoundation accepts: `\a \b \f \n \r \t \v`, `\ooo` (octal), `\Unnnn` (hex UTF-16 unit),
    /// and a backslash before any other character, which stands for that character.
    private mutating func appendEscape(to utf8: inout [UInt8]) throws(PlistSyntaxError) {
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "a"): utf8.append(0x07)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "v"): utf8.append(0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            for _ in 0..<2 {
                guard offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset]) else { break }
                value = value * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                offset += 1
            }
            appendScalar(value, to: &utf8)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var value: UInt32 = 0
            var digits = 0
            while digits < 4, offset < bytes.count, let nibble = Self.hexValue(bytes[offset]) {
                value = value * 16 + UInt32(nibble)
                offset += 1
                digits += 1
            }
            guard digits > 0 else { throw error("`\\U` must be followed by hex digits") }
            appendScalar(value, to: &utf8)
        default:
            advance(over: byte, alreadyConsumed: true)
            utf8.append(byte)
        }
    }

    private func appendScalar(_ value: UInt32, to utf8: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseUnquotedString() -> String {
        let start = offset
        while offset < bytes.count, Self.isUnquotedCharacter(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    // MARK: Trivia and positions

    private mutating func skipTrivia() throws(PlistSyntaxError) {
        while offset < bytes.count {
            let byte = bytes[offset]
            if Self.isSpace(byte) {
                advance(over: byte)
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                let (commentLine, commentColumn) = position
                offset += 2
                var closed = false
                while offset < bytes.count {
                    if bytes[offset] == UInt8(ascii: "*"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                        offset += 2
                        closed = true
                        break
                    }
                    advance(over: bytes[offset])
                }
                if !closed {
                    throw PlistSyntaxError(
                        message: "a `/*` comment is never closed", line: commentLine, column: commentColumn)
                }
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
            } else {
                return
            }
        }
    }

    private mutating func expect(_ character: Unicode.Scalar, _ context: String) throws(PlistSyntaxError) {
        guard offset < bytes.count else { throw error("the file ends where `\(character)` is expected \(context)") }
        guard bytes[offset] == UInt8(ascii: character) else {
            throw error("expected `\(character)` \(context), found `\(describe(bytes[offset]))`")
        }
        offset += 1
    }

    /// Steps over `byte` (at `offset`, or just before it when `alreadyConsumed`), counting lines.
    private mutating func advance(over byte: UInt8, alreadyConsumed: Bool = false) {
        if !alreadyConsumed { offset += 1 }
        if byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = offset
        }
    }

    /// Columns are 1-based UTF-8 byte offsets, as everywhere in archlint.
    private var position: (Int, Int) { (line, offset - lineStart + 1) }

    private func error(_ message: String) -> PlistSyntaxError {
        PlistSyntaxError(message: message, line: line, column: offset - lineStart + 1)
    }

    private func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return String(UnicodeScalar(byte)) }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    /// Plain comparisons, not ranges: this runs once per byte of a project file (30 MB for a hostile one).
    private static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case _ where byte >= 0x61 && byte <= 0x7A, _ where byte >= 0x41 && byte <= 0x5A,
             _ where byte >= 0x30 && byte <= 0x39,
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
             UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
