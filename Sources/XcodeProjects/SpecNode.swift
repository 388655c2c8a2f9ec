import ArchlintModel
import Yams

/// A YAML (or JSON) value of a project spec with the position it was read at, after alias expansion. Kept
/// independent of Yams so the spec reader works on plain values and every problem has a line.
struct SpecNode: Sendable {
    enum Value: Sendable {
        case scalar(String)
        case sequence([SpecNode])
        /// Keys in the order written.
        case mapping([(key: String, value: SpecNode)])
    }

    var value: Value
    /// The spec file that wrote it, relative to the scanned root.
    var file: String
    var line: Int
    var column: Int

    /// Another value at this one's position.
    func with(_ value: Value) -> SpecNode {
        SpecNode(value: value, file: file, line: line, column: column)
    }

    var string: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }

    var sequence: [SpecNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    var mapping: [(key: String, value: SpecNode)]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    subscript(key: String) -> SpecNode? {
        mapping?.last { $0.key == key }?.value
    }

    var bool: Bool? {
        switch string?.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    /// XcodeGen's merge: mappings merge key by key (a `key:REPLACE` replaces), sequences concatenate (base
    /// first), anything else is replaced by `self`.
    func merged(onto base: SpecNode) -> SpecNode {
        switch (value, base.value) {
        case (.mapping(let entries), .mapping(let baseEntries)):
            var result = baseEntries
            for (key, value) in entries {
                if key.hasSuffix(":REPLACE") {
                    let plain = String(key.dropLast(":REPLACE".count))
                    result.removeAll { $0.key == plain }
                    result.append((plain, value))
                } else if let index = result.firstIndex(where: { $0.key == key }) {
                    result[index].value = value.merged(onto: result[index].value)
                } else {
                    result.append((key, value))
                }
            }
            return with(.mapping(result))
        case (.sequence(let items), .sequence(let baseItems)):
            return with(.sequence(baseItems + items))
        default:
            return self
        }
    }

    /// Every scalar with `transform` applied (for `${target_name}`-style substitution).
    func mapScalars(_ transform: (String) -> String) -> SpecNode {
        switch value {
        case .scalar(let text):
            return with(.scalar(transform(text)))
        case .sequence(let items):
            return with(.sequence(items.map { $0.mapScalars(transform) }))
        case .mapping(let entries):
            return with(.mapping(entries.map { (transform($0.key), $0.value.mapScalars(transform)) }))
        }
    }
}

/// Reads YAML into `SpecNode`s with bounds: aliases are expanded, but never past `maximumNodes` in all, and
/// nesting never past `maximumDepth`, so an alias bomb or a pathological file is an error, not a hang.
enum SpecYAML {
    static let maximumNodes = 1_000_000
    static let maximumDepth = 128

    struct Failure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    static func parse(_ text: String, file: String) throws(Failure) -> SpecNode? {
        let root: Node?
        do {
            root = try rootKeepingLastDuplicates(text)
        } catch let error as YamlError {
            throw failure(error)
        } catch {
            throw Failure(message: "invalid YAML: \(error)", line: 1, column: 1)
        }
        guard let root else { return nil }
        var budget = maximumNodes
        return try convert(root, file: file, depth: 0, budget: &budget)
    }

    /// XcodeGen reads specs with Yams 5, where a key written twice in one mapping keeps its last value
    /// (eidch-ios-wallet's packages.yml lists a package twice); Yams 6 rejects the file. Each earlier duplicate
    /// is renamed out of the way, the text parsed again, and the renamed keys dropped by `convert`.
    private static func rootKeepingLastDuplicates(_ text: String) throws -> Node? {
        var text = text
        var renamed = 0
        while true {
            do {
                return try Parser(yaml: text, resolver: .basic, constructor: .default, encoding: .utf8).singleRoot()
            } catch YamlError.duplicatedKeysInMapping(let keys, let context) {
                guard renamed < maximumDuplicateKeys, let key = keys.first,
                      let next = renaming(
                          key, line: context.mark.line, column: context.mark.column, in: text,
                          to: shadowPrefix(renamed) + key)
                else { throw YamlError.duplicatedKeysInMapping(duplicates: keys, context: context) }
                text = next
                renamed += 1
            }
        }
    }

    static let maximumDuplicateKeys = 64
    private static let shadowMarker = "__archlint_shadowed_"
    private static func shadowPrefix(_ index: Int) -> String { "\(shadowMarker)\(index)__" }

    /// `text` with the key written at `line` and `column` (1-based, in Unicode scalars as libyaml counts), quoted
    /// or plain, renamed; nil when `key` isn't written there.
    static func renaming(_ key: String, line: Int, column: Int, in text: String, to newKey: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        var lineAt = 1
        var index = 0
        while lineAt < line, index < scalars.count {
            if scalars[index] == "\n" { lineAt += 1 }
            index += 1
        }
        index += column - 1
        guard lineAt == line, index >= 0, index < scalars.count else { return nil }
        if scalars[index] == "\"" || scalars[index] == "'" { index += 1 }
        let written = Array(key.unicodeScalars)
        guard index + written.count <= scalars.count, Array(scalars[index..<(index + written.count)]) == written
        else { return nil }
        scalars.replaceSubrange(index..<(index + written.count), with: newKey.unicodeScalars)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    private static func convert(_ node: Node, file: String, depth: Int, budget: inout Int) throws(Failure)
        -> SpecNode
    {
        let line = node.mark?.line ?? 1
        let column = node.mark?.column ?? 1
        func with(_ value: SpecNode.Value) -> SpecNode {
            SpecNode(value: value, file: file, line: line, column: column)
        }
        budget -= 1
        guard budget >= 0 else {
            throw Failure(
                message: "the spec expands to more than \(maximumNodes) values (an alias bomb?)", line: line,
                column: column)
        }
        guard depth < maximumDepth else {
            throw Failure(message: "the spec nests deeper than \(maximumDepth) levels", line: line, column: column)
        }
        switch node {
        case .scalar(let scalar):
            return with(.scalar(scalar.string))
        case .sequence(let sequence):
            var items: [SpecNode] = []
            for item in sequence { items.append(try convert(item, file: file, depth: depth + 1, budget: &budget)) }
            return with(.sequence(items))
        case .mapping(let mapping):
            var entries: [(key: String, value: SpecNode)] = []
            for (key, value) in mapping where !(key.string ?? "").hasPrefix(shadowMarker) {
                entries.append((key.string ?? "", try convert(value, file: file, depth: depth + 1, budget: &budget)))
            }
            return with(.mapping(entries))
        case .alias:
            throw Failure(message: "an alias that names no anchor", line: line, column: column)
        }
    }

    private static func failure(_ error: YamlError) -> Failure {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            return Failure(message: "invalid YAML: \(problem)\(detail)", line: mark.line, column: mark.column)
        default:
            return Failure(message: "invalid YAML: \(error)", line: 1, column: 1)
        }
    }
}
