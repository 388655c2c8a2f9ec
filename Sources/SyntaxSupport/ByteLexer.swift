/// Comments and string literals of Swift source, read from its bytes as the Swift lexer reads them, for the passes
/// that run before the parser (`SourceShape` in SwiftFacts, `NestingLimiter` in Manifests): where a comment ends,
/// where a string literal ends or opens an interpolation. Each pass keeps its own stack of levels; this reads one
/// piece at a time, without recursion or allocation.
public struct ByteLexer {
    public let bytes: UnsafeBufferPointer<UInt8>

    @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// A string literal's delimiter: how many `#` it has and whether it is multi-line (`"""`).
    public struct StringDelimiter: Equatable, Sendable {
        public var hashes: Int
        public var multiline: Bool

        @inlinable public init(hashes: Int, multiline: Bool) {
            self.hashes = hashes
            self.multiline = multiline
        }
    }

    /// Where a string literal's body stops.
    public enum StringEnd {
        /// The literal closes; code resumes at `next`.
        case closed(next: Int)
        /// `\(` (`\#(` in a raw literal) at `backslash` opens an interpolation whose code starts at `code`; the
        /// body resumes after the interpolation's `)`.
        case interpolation(backslash: Int, code: Int)
        /// Not closed: a single-line literal ends at its line break (as the Swift lexer recovers), any literal at
        /// the end of the file.
        case unterminated(at: Int)
    }

    @inlinable public static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    @inlinable public func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// Where the `//` comment starting at `start` ends: at its line break (`\n` or `\r`) or the end of the file.
    @inlinable public func lineCommentEnd(from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        return index
    }

    /// Where the `/*` comment starting at `start` ends (comments nest), or nil when it is never closed.
    @inlinable public func blockCommentEnd(from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Whether `hashes` `#` follow from `start`.
    @inlinable public func hashesFollow(_ start: Int, _ hashes: Int) -> Bool {
        guard start + hashes <= bytes.count else { return false }
        for offset in 0..<hashes where bytes[start + offset] != UInt8(ascii: "#") { return false }
        return true
    }

    /// The literal whose opening quote is at `quote` (after `hashes` `#`): its delimiter and where its body starts.
    /// An empty literal (`""`, `#""#`) is single-line; its body closes at once.
    @inlinable public func openString(quote: Int, hashes: Int) -> (delimiter: StringDelimiter, body: Int) {
        let multiline = byte(at: quote + 1) == UInt8(ascii: "\"") && byte(at: quote + 2) == UInt8(ascii: "\"")
        return (StringDelimiter(hashes: hashes, multiline: multiline), quote + (multiline ? 3 : 1))
    }

    /// Reads a string literal's body from `start` (after its opening quote, or after an interpolation's `)`).
    @inlinable public func stringEnd(from start: Int, _ delimiter: StringDelimiter) -> StringEnd {
        let hashes = delimiter.hashes
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(index + 1, hashes) {
                let backslash = index
                index += 1 + hashes
                guard index < bytes.count else { return .unterminated(at: index) }
                if bytes[index] == UInt8(ascii: "(") { return .interpolation(backslash: backslash, code: index + 1) }
                // Any other escape: skip the escaped character (a line break stays a line break).
                if bytes[index] != 0x0A { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if delimiter.multiline {
                    if self.byte(at: index + 1) == UInt8(ascii: "\""), self.byte(at: index + 2) == UInt8(ascii: "\""),
                       hashesFollow(index + 3, hashes) {
                        return .closed(next: index + 3 + hashes)
                    }
                } else if hashesFollow(index + 1, hashes) {
                    return .closed(next: index + 1 + hashes)
                }
                index += 1
                continue
            }
            if !delimiter.multiline, byte == 0x0A || byte == 0x0D { return .unterminated(at: index) }
            index += 1
        }
        return .unterminated(at: index)
    }
}
