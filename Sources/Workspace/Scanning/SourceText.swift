#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArchlintModel

/// Reading a Swift file's bytes and turning them into text, or saying precisely why they aren't Swift text.
enum SourceText {
    /// Why a file's bytes can't be scanned; each case renders a message that says what to do.
    enum Rejection: Error, Equatable {
        case unreadable(String)
        case utf16
        case binary
        /// git-crypt's ciphertext (`\0GITCRYPT\0…`): the repository wasn't unlocked.
        case encrypted
        case invalidUTF8(offset: Int, line: Int, column: Int)

        var message: String {
            switch self {
            case .unreadable(let reason):
                "cannot read file (\(reason)); archlint skipped it — make it readable (chmod u+r) or add it to "
                    + "`exclude:` in .archlint.yml"
            case .utf16:
                "file is UTF-16 encoded; Swift sources must be UTF-8 — re-save it as UTF-8"
            case .binary:
                "file contains NUL bytes (binary data, not Swift text); archlint skipped it — remove it, rename it "
                    + "so it doesn't end in .swift, or add it to `exclude:` in .archlint.yml"
            case .encrypted:
                "file is encrypted by git-crypt; archlint skipped it — run `git-crypt unlock` before linting, or add it "
                    + "to `exclude:` in .archlint.yml"
            case .invalidUTF8(let offset, _, _):
                "file is not valid UTF-8 (first bad byte at offset \(offset)); archlint skipped it — re-save it as UTF-8"
            }
        }

        /// Where to point: the bad byte for invalid UTF-8, else the start of the file.
        var location: (line: Int, column: Int) {
            if case .invalidUTF8(_, let line, let column) = self { return (line, column) }
            return (1, 1)
        }
    }

    static func readBytes(_ systemPath: String) -> Result<[UInt8], Rejection> {
        let descriptor = open(systemPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(SystemError(code: errno).description)) }
        defer { close(descriptor) }
        guard let bytes = readAll(descriptor) else { return .failure(.unreadable(SystemError(code: errno).description)) }
        return .success(bytes)
    }

    /// How git-crypt begins every file it encrypts.
    static let gitCryptHeader: [UInt8] = [0] + Array("GITCRYPT".utf8) + [0]

    /// The text of a Swift file. Empty files are fine; a UTF-8 byte order mark is kept (the parser skips it).
    static func decode(_ bytes: [UInt8]) -> Result<String, Rejection> {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return .failure(.utf16)
        }
        let hasNul = bytes.withUnsafeBytes { buffer in
            buffer.count > 0 && memchr(buffer.baseAddress!, 0, buffer.count) != nil
        }
        if hasNul { return .failure(bytes.starts(with: gitCryptHeader) ? .encrypted : .binary) }
        if let text = UTF8Text.validated(bytes) { return .success(text) }
        return .failure(firstInvalidUTF8(bytes))
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Rejection {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var lineStart = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = offset + 1
                }
                offset += scalar.count
            case .error:
                return .invalidUTF8(offset: offset, line: line, column: offset - lineStart + 1)
            case .emptyInput:
                return .invalidUTF8(offset: offset, line: line, column: offset - lineStart + 1)
            }
        }
    }
}
