/// Bytes to text, only when they are valid UTF-8.
public enum UTF8Text {
    /// The text of `bytes`, or nil when they are not valid UTF-8. `String(validating:as:)` is the stdlib's answer
    /// from macOS 15 on (always on Linux); before it, `fallback` gives the same answer.
    public static func validated(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return fallback(bytes)
    }

    /// Decoding repairs every invalid sequence with U+FFFD, so the bytes come back unchanged exactly when they were
    /// valid (a U+FFFD already in the input is valid and comes back as itself).
    static func fallback(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
