import CYaml
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
    /// A built-in preset (`Rules/<name>.yml`), not a file of the repository.
    let isPreset: Bool
    private let lines: [Substring]

    init(file: String, text: String, directory: String?, isOutsideRoot: Bool = false, isPreset: Bool = false) {
        self.file = file
        self.text = text
        self.directory = directory
        self.isOutsideRoot = isOutsideRoot
        self.isPreset = isPreset
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
        try checkExpandedSize()
        do {
            return try Parser(yaml: text, resolver: Self.resolver, constructor: .default, encoding: .utf8).singleRoot()
        } catch let error as YamlError {
            throw convert(error)
        } catch {
            throw self.error("invalid YAML: \(error)", at: nil)
        }
    }

    /// Counts values as if every alias were expanded, from libyaml's events and before Yams composes the
    /// document (Yams hashes mapping keys, so one aliased key of an alias bomb would take hours): each anchor's
    /// size is recorded once and added at each alias. Syntax errors are left to the parse that follows.
    private func checkExpandedSize() throws(ConfigurationError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(ConfigurationError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var sizes: [String: Int] = [:]
            // Open collections: their anchor and size so far.
            var open: [(anchor: String?, size: Int)] = []
            var total = 0
            func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            func add(_ size: Int) {
                total += size
                if !open.isEmpty { open[open.count - 1].size += size }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return }
                defer { yaml_event_delete(&event) }
                // Only for an error: converting a column costs the length of its line.
                var place: (line: Int, column: Int) {
                    location(line: Int(event.start_mark.line) + 1, scalarColumn: Int(event.start_mark.column) + 1)
                }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_SCALAR_EVENT:
                    add(1)
                    if let anchor = anchorName(event.data.scalar.anchor) { sizes[anchor] = 1 }
                case YAML_SEQUENCE_START_EVENT:
                    add(1)
                    open.append((anchorName(event.data.sequence_start.anchor), 1))
                case YAML_MAPPING_START_EVENT:
                    add(1)
                    open.append((anchorName(event.data.mapping_start.anchor), 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = open.popLast() else { return }
                    if let anchor = closed.anchor { sizes[anchor] = closed.size }
                    // The collection itself was counted in `total` when it opened, its content as it came.
                    if !open.isEmpty { open[open.count - 1].size += closed.size - 1 }
                case YAML_ALIAS_EVENT:
                    guard let name = anchorName(event.data.alias.anchor), let size = sizes[name] else { return }
                    add(size)
                    if total > Self.maximumExpandedNodes {
                        throw error(
                            "the alias *\(name) expands the configuration past \(Self.maximumExpandedNodes) values; "
                                + "write the values out instead of nesting aliases", line: place.line, column: place.column)
                    }
                    continue
                default:
                    continue
                }
                if total > Self.maximumExpandedNodes {
                    throw error(
                        "the configuration has more than \(Self.maximumExpandedNodes) values; split or shorten it",
                        line: place.line, column: place.column)
                }
            }
        }
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
        location(line: mark.line, scalarColumn: mark.column)
    }

    /// A 1-based line and column counted in Unicode scalars (as libyaml and Yams count) → archlint's location.
    func location(line: Int, scalarColumn column: Int) -> (line: Int, column: Int) {
        guard line >= 1, line <= lines.count else { return (max(line, 1), max(column, 1)) }
        let text = lines[line - 1]
        // ASCII lines (long flow lines among them): scalars are bytes.
        if text.utf8.count == text.unicodeScalars.count { return (line, column) }
        let prefix = text.unicodeScalars.prefix(max(column - 1, 0))
        let bytes = prefix.reduce(0) { $0 + UTF8.width($1) }
        return (line, bytes + 1 + max(0, column - 1 - prefix.count))
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
