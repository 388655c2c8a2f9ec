import Foundation
import Yams

/// Converts configuration YAML to JSON with the loader's YAML 1.2 core scalars (so `off` stays a string), for
/// validating configurations against `Rules/archlint.schema.json` with JSON Schema tools.
public enum YAMLToJSON {
    public static func convert(_ yaml: String, file: String = ConfigurationLoader.fileName) throws(ConfigurationError) -> String {
        let source = ConfigurationSource(file: file, text: yaml, directory: nil)
        let value: Any = try source.parseRoot().map(jsonValue) ?? NSNull()
        guard let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { throw ConfigurationError(file: file, message: "the configuration can't be represented as JSON") }
        return String(decoding: data, as: UTF8.self)
    }

    private static func jsonValue(_ node: Node) -> Any {
        switch node {
        case .scalar(let scalar):
            switch node.resolvedTagName {
            case .null: return NSNull()
            case .bool: return node.bool ?? false
            case .int: return node.int ?? scalar.string
            case .float: return node.float ?? scalar.string
            default: return scalar.string
            }
        case .sequence(let sequence):
            return sequence.map(jsonValue)
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            for (key, value) in mapping { object[key.scalar?.string ?? "\(key)"] = jsonValue(value) }
            return object
        case .alias:
            return NSNull()
        }
    }
}
