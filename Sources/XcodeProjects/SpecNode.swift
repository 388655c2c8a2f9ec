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
            root = try Parser(yaml: text, resolver: .basic, constructor: .default, encoding: .utf8).singleRoot()
        } catch let error as YamlError {
            throw failure(error)
        } catch {
            throw Failure(message: "invalid YAML: \(error)", line: 1, column: 1)
        }
        guard let root else { return nil }
        var budget = maximumNodes
        return try convert(root, file: file, depth: 0, budget: &budget)
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
            for (key, value) in mapping {
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
