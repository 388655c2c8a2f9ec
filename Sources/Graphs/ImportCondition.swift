import ArchlintModel

/// Whether an import's `#if` condition can't hold for its module, from what the module can import. An import under
/// `#if !canImport(Networking)` in a module that depends on Networking is never compiled there, so it is no edge of
/// that module (`#if canImport(X) import X #else import XWatchOS #endif`, written for several platforms).
///
/// Three-valued: `canImport(X)` is what the caller says: true when the module reaches X through its declared
/// dependencies, false when X is built only for another platform, and unknown otherwise (an SDK module, or one the
/// build order happens to build first). Every other term is unknown. Only a
/// condition that is false whatever the unknown terms are is false; text it can't read is unknown.
enum ImportCondition {
    /// - Parameter platform: the one platform the module builds for, when known: `os(X)` is then true or false.
    static func isFalse(_ condition: String, platform: ApplePlatform? = nil, canImport: (String) -> Bool?) -> Bool {
        withoutActuallyEscaping(canImport) { canImport in
            var parser = Parser(text: Array(condition.utf8), canImport: canImport, platform: platform)
            guard let value = parser.expression(), parser.atEnd else { return false }
            return value == false
        }
    }

    /// A recursive-descent reader of `||`, `&&`, `!`, parentheses and `name(arguments)` terms; nil means unreadable.
    private struct Parser {
        let text: [UInt8]
        let canImport: (String) -> Bool?
        let platform: ApplePlatform?
        var index = 0
        var depth = 0

        init(text: [UInt8], canImport: @escaping (String) -> Bool?, platform: ApplePlatform?) {
            self.text = text
            self.canImport = canImport
            self.platform = platform
        }

        var atEnd: Bool {
            mutating get { skipSpaces(); return index == text.count }
        }

        /// `Bool?` as a value: true, false, or nil for unknown. The outer optional is "unreadable".
        mutating func expression() -> Bool?? {
            guard var left = conjunction() else { return nil }
            while take("||") {
                guard let right = conjunction() else { return nil }
                left = left == true || right == true ? true : (left == false && right == false ? false : Bool?.none)
            }
            return left
        }

        private mutating func conjunction() -> Bool?? {
            guard var left = unary() else { return nil }
            while take("&&") {
                guard let right = unary() else { return nil }
                left = left == false || right == false ? false : (left == true && right == true ? true : Bool?.none)
            }
            return left
        }

        private mutating func unary() -> Bool?? {
            depth += 1
            defer { depth -= 1 }
            guard depth < 64 else { return nil }
            if take("!") {
                guard let value = unary() else { return nil }
                return value.map { !$0 }
            }
            if take("(") {
                guard let value = expression(), take(")") else { return nil }
                return value
            }
            return term()
        }

        /// `true`, `false`, `name` or `name(arguments)`.
        private mutating func term() -> Bool?? {
            skipSpaces()
            let start = index
            while index < text.count, Self.isNameByte(text[index]) { index += 1 }
            guard index > start else { return nil }
            let name = String(decoding: text[start..<index], as: UTF8.self)
            skipSpaces()
            guard index < text.count, text[index] == UInt8(ascii: "(") else {
                return name == "true" ? true : name == "false" ? false : Bool?.none
            }
            let argumentStart = index + 1
            var open = 0
            repeat {
                if text[index] == UInt8(ascii: "(") { open += 1 }
                if text[index] == UInt8(ascii: ")") { open -= 1 }
                index += 1
            } while open > 0 && index < text.count
            guard open == 0 else { return nil }
            let argument = String(decoding: text[argumentStart..<(index - 1)], as: UTF8.self)
            if name == "os" { return Self.os(argument.filter { $0 != " " && $0 != "\n" }, on: platform) }
            guard name == "canImport" else { return Bool?.none }
            // `canImport(X)` or `canImport(X, _version: 2)`: the module is the first argument.
            let module = argument.split(separator: ",").first.map { String($0.filter { $0 != " " && $0 != "\n" }) } ?? ""
            return canImport(module)
        }

        /// `os(iOS)` on a module built for one known platform. Mac Catalyst and "Designed for iPad" run iOS code, so
        /// `os(iOS)` holds there too; an operating system name Swift doesn't know is unknown.
        private static func os(_ name: String, on platform: ApplePlatform?) -> Bool? {
            guard let platform else { return nil }
            let named: ApplePlatform
            switch name {
            case "iOS": named = .iOS
            case "macOS", "OSX": named = .macOS
            case "tvOS": named = .tvOS
            case "watchOS": named = .watchOS
            case "visionOS", "xrOS": named = .visionOS
            case "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "PS4", "Cygwin", "Haiku", "none": return false
            default: return nil
            }
            return named == platform
        }

        private mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let bytes = Array(token.utf8)
            guard index + bytes.count <= text.count, Array(text[index..<(index + bytes.count)]) == bytes else { return false }
            index += bytes.count
            return true
        }

        private mutating func skipSpaces() {
            while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\n") { index += 1 }
        }

        private static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte >= 0x80
        }
    }
}
