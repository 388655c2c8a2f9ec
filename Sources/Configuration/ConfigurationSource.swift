import Foundation
import Yams

/// One configuration text being read (a file or a built-in preset): turns Yams positions into archlint
/// locations (1-based line, 1-based UTF-8 byte column) and Yams errors into `ConfigurationError`s.
struct ConfigurationSource {
    /// As shown in errors.
    let file: String
    let text: String
    /// Directory used to resolve relative `extends:` paths; nil for built-in presets.
    let directory: String?
    private let lines: [Substring]

    init(file: String, text: String, directory: String?) {
        self.file = file
        self.text = text
        self.directory = directory
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// YAML 1.2 core scalars: only `true`/`false` are booleans, so `off`, `no` and `on` stay strings
    /// (`severity: off` must mean the string "off").
    static let resolver: Resolver = Resolver.basic
        .appending(try! Resolver.Rule(.bool, "^(?:true|True|TRUE|false|False|FALSE)$"))
        .appending(.int)
        .appending(.float)
        .appending(.null)

    /// Decodes file bytes as UTF-8 (a leading BOM is dropped); the error points at the first invalid byte.
    static func decode(_ data: Data, file: String) throws(ConfigurationError) -> String {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var line = 1
        var lineStart = 0
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    lineStart = offset
                }
                continue
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)
            case .error:
                break
            }
            break
        }
        let invalid = offset < bytes.count ? String(format: "0x%02X", bytes[offset]) : "an incomplete sequence"
        throw ConfigurationError(
            file: file, line: line, column: offset - lineStart + 1,
            message: "the configuration is not valid UTF-8 (invalid byte \(invalid)); save it as UTF-8")
    }

    /// Flow collections nested deeper than this are rejected before parsing: Yams composes recursively, and a
    /// pathological file must give an error, not exhaust the stack.
    static let maximumFlowDepth = 200

    /// The root node; nil for an empty document (only comments or whitespace).
    func parseRoot() throws(ConfigurationError) -> Node? {
        try checkFlowDepth()
        do {
            return try Parser(yaml: text, resolver: Self.resolver, constructor: .default, encoding: .utf8).singleRoot()
        } catch let error as YamlError {
            throw convert(error)
        } catch {
            throw ConfigurationError(file: file, message: "invalid YAML: \(error)")
        }
    }

    /// A cheap scan of `[`/`{` nesting outside quotes and comments.
    private func checkFlowDepth() throws(ConfigurationError) {
        var depth = 0
        var line = 1
        var column = 0
        var quote: Character?
        var inComment = false
        var previous: Character = " "
        for character in text {
            column += String(character).utf8.count
            defer { previous = character }
            if character == "\n" {
                line += 1
                column = 0
                inComment = false
                continue
            }
            if inComment { continue }
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "#" where previous == " " || previous == "\t" || column == 1: inComment = true
            case "\"", "'":
                // A quote opens a quoted scalar only where a scalar starts; inside a plain scalar (`It's`) it is text.
                if previous == " " || previous == "[" || previous == "{" || previous == "," || previous == ":" || column == 1 {
                    quote = character
                }
            case "[", "{":
                depth += 1
                if depth > Self.maximumFlowDepth {
                    throw ConfigurationError(
                        file: file, line: line, column: column,
                        message: "the configuration nests lists or mappings more than \(Self.maximumFlowDepth) levels deep")
                }
            case "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
    }

    func error(_ message: String, at mark: Mark?) -> ConfigurationError {
        guard let mark else { return ConfigurationError(file: file, message: message) }
        let (line, column) = location(of: mark)
        return ConfigurationError(file: file, line: line, column: column, message: message)
    }

    /// Yams counts columns in Unicode scalars; archlint counts UTF-8 bytes.
    func location(of mark: Mark) -> (line: Int, column: Int) {
        guard mark.line >= 1, mark.line <= lines.count else { return (max(mark.line, 1), max(mark.column, 1)) }
        let scalars = lines[mark.line - 1].unicodeScalars
        let prefix = scalars.prefix(max(mark.column - 1, 0))
        let bytes = prefix.reduce(0) { $0 + UTF8.width($1) }
        return (mark.line, bytes + 1 + max(0, mark.column - 1 - prefix.count))
    }

    private func convert(_ error: YamlError) -> ConfigurationError {
        func describe(_ problem: String, _ context: YamlError.Context?) -> String {
            guard let context else { return "invalid YAML: \(problem)" }
            return "invalid YAML: \(problem) (\(context.text) at line \(context.mark.line))"
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return self.error(describe(problem, context), at: mark)
        case .reader(let problem, let offset, _, _):
            guard let offset, let index = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) else {
                return ConfigurationError(file: file, message: "invalid YAML: \(problem)")
            }
            let before = text[..<index]
            let line = before.count { $0 == "\n" } + 1
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let column = before[lineStart...].utf8.count + 1
            return ConfigurationError(file: file, line: line, column: column, message: "invalid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let noun = duplicates.count == 1 ? "key" : "keys"
            return self.error("duplicate \(noun) \(keys) in the same mapping; keep one", at: context.mark)
        default:
            return ConfigurationError(file: file, message: "invalid YAML: \(error)")
        }
    }
}
