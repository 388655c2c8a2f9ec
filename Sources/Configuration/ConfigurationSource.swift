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
    /// A file outside the repository (read only with `--allow-config-outside-root`): its errors give the key and
    /// the location but never quote its content, which may be a secret.
    let isOutsideRoot: Bool
    private let lines: [Substring]

    init(file: String, text: String, directory: String?, isOutsideRoot: Bool = false) {
        self.file = file
        self.text = text
        self.directory = directory
        self.isOutsideRoot = isOutsideRoot
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
    static func decode(_ data: Data, file: String, isOutsideRoot: Bool = false) throws(ConfigurationError) -> String {
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
            message: isOutsideRoot
                ? "the configuration is not valid UTF-8; save it as UTF-8"
                : "the configuration is not valid UTF-8 (invalid byte \(invalid)); save it as UTF-8")
    }

    /// Flow collections nested deeper than this are rejected before parsing: Yams composes recursively, and a
    /// pathological file must give an error, not exhaust the stack.
    static let maximumFlowDepth = 200

    /// A configuration has at most this many YAML nodes once aliases are expanded: an alias bomb (`&a [*b, *b]`
    /// nested ten times) must give an error, not take minutes and gigabytes.
    static let maximumExpandedNodes = 1_000_000

    /// The root node; nil for an empty document (only comments or whitespace).
    func parseRoot() throws(ConfigurationError) -> Node? {
        try checkFlowDepth()
        let parser: Parser
        let root: Node?
        do {
            parser = try Parser(yaml: text, resolver: Self.resolver, constructor: .default, encoding: .utf8)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            throw convert(error)
        } catch {
            throw self.error("invalid YAML: \(error)", at: nil)
        }
        // Yams holds anchors weakly: the parser must outlive the alias check.
        if let root { try withExtendedLifetime(parser) { () throws(ConfigurationError) in try checkExpandedSize(root) } }
        return root
    }

    /// Counts nodes as if every alias were expanded, without expanding them (each anchored node is counted once
    /// and its size reused), and reports the alias that takes the count past `maximumExpandedNodes`.
    private func checkExpandedSize(_ root: Node) throws(ConfigurationError) {
        var sizes: [ObjectIdentifier: Int] = [:]
        var total = 0
        var lastMark: Mark?
        func visit(_ node: Node) throws(ConfigurationError) -> Int {
            if let anchor = node.anchor, let size = sizes[ObjectIdentifier(anchor)] {
                // An alias: the anchored node again.
                total += size
                if total > Self.maximumExpandedNodes {
                    let place = aliasLocation(named: anchor.rawValue, after: lastMark)
                    throw error(
                        "the alias *\(anchor.rawValue) expands the configuration past \(Self.maximumExpandedNodes) values; "
                            + "write the values out instead of nesting aliases", line: place?.line, column: place?.column)
                }
                return size
            }
            lastMark = node.mark ?? lastMark
            total += 1
            if total > Self.maximumExpandedNodes {
                throw error("the configuration has more than \(Self.maximumExpandedNodes) values; split or shorten it", at: node.mark)
            }
            var size = 1
            switch node {
            case .sequence(let sequence):
                for item in sequence { size += try visit(item) }
            case .mapping(let mapping):
                for (key, value) in mapping {
                    size += try visit(key)
                    size += try visit(value)
                }
            case .scalar, .alias:
                break
            }
            if let anchor = node.anchor { sizes[ObjectIdentifier(anchor)] = size }
            return size
        }
        _ = try visit(root)
    }

    /// Where `*name` is written after `mark` (Yams gives an alias the anchored node's position, not its own).
    private func aliasLocation(named name: String, after mark: Mark?) -> (line: Int, column: Int)? {
        let start = mark.map(location(of:)) ?? (line: 1, column: 1)
        let alias = Array(("*" + name).utf8)
        for (number, line) in lines.enumerated().dropFirst(start.line - 1) {
            let bytes = Array(line.utf8)
            var column = number == start.line - 1 ? start.column - 1 : 0
            while column + alias.count <= bytes.count {
                if bytes[column..<(column + alias.count)].elementsEqual(alias),
                   column + alias.count == bytes.count || !Self.isAnchorCharacter(bytes[column + alias.count]) {
                    return (number + 1, column + 1)
                }
                column += 1
            }
        }
        return nil
    }

    /// Anchor names end at whitespace or a flow indicator.
    private static func isAnchorCharacter(_ byte: UInt8) -> Bool {
        !" \t\r,[]{}".utf8.contains(byte)
    }

    /// A cheap scan of `[`/`{` nesting outside quotes and comments.
    private func checkFlowDepth() throws(ConfigurationError) {
        var depth = 0
        var line = 1
        var column = 0
        var quote: UInt8?
        var inComment = false
        var previous = UInt8(ascii: " ")
        // Bytes: every character that matters here is ASCII, and columns count UTF-8 bytes.
        for character in text.utf8 {
            column += 1
            defer { previous = character }
            if character == UInt8(ascii: "\n") {
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
            case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") || column == 1:
                inComment = true
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // A quote opens a quoted scalar only where a scalar starts; inside a plain scalar (`It's`) it is text.
                if column == 1 || " [{,:".utf8.contains(previous) {
                    quote = character
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > Self.maximumFlowDepth {
                    throw ConfigurationError(
                        file: file, line: line, column: column,
                        message: "the configuration nests lists or mappings more than \(Self.maximumFlowDepth) levels deep")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
    }

    /// An error at `mark`. `keyPath` names the key in the message that replaces `message` in a file outside the
    /// repository.
    func error(_ message: String, at mark: Mark?, keyPath: String? = nil) -> ConfigurationError {
        let (line, column) = mark.map(location(of:)) ?? (nil, nil)
        return error(message, line: line, column: column, keyPath: keyPath)
    }

    func error(_ message: String, line: Int?, column: Int?, keyPath: String? = nil) -> ConfigurationError {
        guard isOutsideRoot else { return ConfigurationError(file: file, line: line, column: column, message: message) }
        let subject = keyPath.map { $0.isEmpty ? "the configuration" : "'\($0)'" } ?? "the configuration here"
        return ConfigurationError(
            file: file, line: line, column: column,
            message: "\(subject) is invalid; this file is outside the repository, so archlint doesn't quote it — "
                + "check that key in the file")
    }

    /// Yams counts columns in Unicode scalars; archlint counts UTF-8 bytes.
    func location(of mark: Mark) -> (line: Int, column: Int) {
        guard mark.line >= 1, mark.line <= lines.count else { return (max(mark.line, 1), max(mark.column, 1)) }
        // Long lines: count bytes directly rather than building a prefix of the scalars.
        if lines[mark.line - 1].utf8.count == lines[mark.line - 1].unicodeScalars.count {
            return (mark.line, mark.column)
        }
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
                return self.error("invalid YAML: \(problem)", at: nil)
            }
            let before = text[..<index]
            let line = before.count { $0 == "\n" } + 1
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let column = before[lineStart...].utf8.count + 1
            return self.error("invalid YAML: \(problem)", line: line, column: column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let noun = duplicates.count == 1 ? "key" : "keys"
            return self.error("duplicate \(noun) \(keys) in the same mapping; keep one", at: context.mark)
        default:
            return self.error("invalid YAML: \(error)", at: nil)
        }
    }
}
