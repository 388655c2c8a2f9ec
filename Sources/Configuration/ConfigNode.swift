import ArchlintModel
import Yams

/// A YAML node of a configuration, with its key path (`layers[0].modules`) for messages, and typed,
/// strict accessors whose errors carry the node's line and column.
struct ConfigNode {
    let node: Node
    /// `exclude`, `layers[1].modules[0]`, `rules.module-cycle.options`; empty for the document root.
    let path: String
    let source: ConfigurationSource

    var mark: Mark? { node.mark }

    func error(_ message: String) -> ConfigurationError {
        source.error(message, at: node.mark, keyPath: path)
    }

    /// `'layers[0].name'`, or `the configuration` for the root.
    var quotedPath: String { path.isEmpty ? "the configuration" : "'\(path)'" }

    /// What the node is, for "found …" messages.
    var kindDescription: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar:
            switch node.resolvedTagName {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int: return "an integer"
            case .float: return "a number"
            case .str: return "a string"
            default: return "a value tagged \(node.resolvedTagName.rawValue)"
            }
        }
    }

    var isNull: Bool {
        if case .scalar = node, node.resolvedTagName == .null { return true }
        return false
    }

    func typeError(expected: String) -> ConfigurationError {
        error("\(quotedPath) must be \(expected), found \(kindDescription)")
    }

    func child(_ node: Node, key: String) -> ConfigNode {
        ConfigNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", source: source)
    }

    func element(_ node: Node, index: Int) -> ConfigNode {
        ConfigNode(node: node, path: "\(path)[\(index)]", source: source)
    }

    // MARK: Typed access

    /// A string scalar (quoted or plain text that isn't a number, boolean or null), not empty.
    func string() throws(ConfigurationError) -> String {
        guard case .scalar(let scalar) = node, node.resolvedTagName == .str else {
            if case .scalar(let scalar) = node, node.resolvedTagName == .int || node.resolvedTagName == .float || node.resolvedTagName == .bool {
                throw error("\(quotedPath) must be a string, found \(kindDescription); quote it: \"\(scalar.string)\"")
            }
            throw typeError(expected: "a string")
        }
        guard !scalar.string.isEmpty else { throw error("\(quotedPath) must not be empty") }
        return scalar.string
    }

    func list() throws(ConfigurationError) -> [ConfigNode] {
        guard case .sequence(let sequence) = node else { throw typeError(expected: "a list") }
        return sequence.enumerated().map { element($1, index: $0) }
    }

    func stringList() throws(ConfigurationError) -> [String] {
        guard case .sequence = node else { throw typeError(expected: "a list of strings") }
        var strings: [String] = []
        for item in try list() { strings.append(try item.string()) }
        return strings
    }

    /// A list of valid globs.
    func globList() throws(ConfigurationError) -> [String] {
        guard case .sequence = node else { throw typeError(expected: "a list of globs") }
        var globs: [String] = []
        for item in try list() { globs.append(try item.glob()) }
        return globs
    }

    /// A list of module-name patterns: globs, and `!glob` exclusions.
    func modulePatternList() throws(ConfigurationError) -> [String] {
        guard case .sequence = node else { throw typeError(expected: "a list of module-name globs") }
        var patterns: [String] = []
        for item in try list() {
            let pattern = try item.string()
            do {
                _ = try ModulePattern(pattern, placeholder: nil)
            } catch {
                let detail = pattern == "!" ? "'!' needs a glob after it (\"!Legacy*\")" : "\(error)"
                throw item.error("bad glob in \(item.quotedPath): \(detail)")
            }
            patterns.append(pattern)
        }
        return patterns
    }

    /// Where the node starts, as a diagnostic location (the file as the source names it).
    var location: SourceLocation {
        let (line, column) = mark.map(source.location(of:)) ?? (1, 1)
        return SourceLocation(file: source.file, line: line, column: column)
    }

    /// A string that `ArchlintModel.Glob` accepts.
    func glob() throws(ConfigurationError) -> String {
        let pattern = try string()
        do {
            _ = try Glob(pattern)
        } catch {
            throw self.error("bad glob in \(quotedPath): \(error)")
        }
        return pattern
    }

    /// The entries of a mapping, in order. Keys outside `allowedKeys` are an error with a suggestion.
    /// `what` names the mapping in messages (`a layer`, `the configuration`).
    func mapping(allowedKeys: [String]? = nil) throws(ConfigurationError) -> [(key: String, value: ConfigNode)] {
        guard case .mapping(let mapping) = node else { throw typeError(expected: "a mapping") }
        var entries: [(key: String, value: ConfigNode)] = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw source.error("keys in \(quotedPath) must be plain names, found \(ConfigNode(node: keyNode, path: "", source: source).kindDescription)", at: keyNode.mark, keyPath: path)
            }
            let key = scalar.string
            if let allowedKeys, !allowedKeys.contains(key) {
                let place = path.isEmpty ? "" : " in '\(path)'"
                let hint = Suggestion.closest(to: key, among: allowedKeys).map { "; did you mean '\($0)'?" }
                    ?? "; expected one of: \(allowedKeys.joined(separator: ", "))"
                throw source.error("unknown key '\(key)'\(place)\(hint)", at: keyNode.mark, keyPath: path)
            }
            entries.append((key, child(valueNode, key: key)))
        }
        return entries
    }

    /// Any YAML value except null, as a rule option value.
    func configValue() throws(ConfigurationError) -> ConfigValue {
        switch node {
        case .scalar(let scalar):
            switch node.resolvedTagName {
            case .null: throw error("\(quotedPath) must not be null")
            case .bool: return .bool(node.bool ?? false)
            case .int:
                guard let value = node.int else { throw error("\(quotedPath): integer \(scalar.string) is out of range") }
                return .int(value)
            case .float: return .double(node.float ?? 0)
            default: return .string(scalar.string)
            }
        case .sequence:
            var values: [ConfigValue] = []
            for item in try list() { values.append(try item.configValue()) }
            return .list(values)
        case .mapping:
            var values: [String: ConfigValue] = [:]
            for (key, value) in try mapping() { values[key] = try value.configValue() }
            return .map(values)
        case .alias:
            throw typeError(expected: "a value")
        }
    }
}

extension Node {
    /// The node's tag after YAML 1.2 core resolution (`!!str` for quoted scalars).
    var resolvedTagName: Tag.Name {
        ConfigurationSource.resolver.resolveTag(of: self)
    }
}
