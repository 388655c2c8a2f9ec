import Configuration
import Foundation
import Yams

/// Converts configuration YAML to JSON with the loader's scalar resolution (`ConfigurationLoader.yamlResolver`:
/// `off` stays a string), for validating configurations against Rules/archlint.schema.json with JSON Schema tools. Test support
/// only: archlint itself never needs JSON of a configuration.
public enum YAMLToJSON {
    public struct ConversionError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func convert(_ yaml: String) throws -> String {
        let resolver = ConfigurationLoader.yamlResolver
        let root = try Parser(yaml: yaml, resolver: resolver, constructor: .default, encoding: .utf8).singleRoot()
        let value: Any = root.map { jsonValue($0, resolver) } ?? NSNull()
        guard let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { throw ConversionError(description: "the configuration can't be represented as JSON") }
        return String(decoding: data, as: UTF8.self)
    }

    private static func jsonValue(_ node: Node, _ resolver: Resolver) -> Any {
        switch node {
        case .scalar(let scalar):
            switch resolver.resolveTag(of: node) {
            case .null: return NSNull()
            case .bool: return node.bool ?? false
            case .int: return node.int ?? scalar.string
            case .float: return node.float ?? scalar.string
            default: return scalar.string
            }
        case .sequence(let sequence):
            return sequence.map { jsonValue($0, resolver) }
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            for (key, value) in mapping { object[key.scalar?.string ?? "\(key)"] = jsonValue(value, resolver) }
            return object
        case .alias:
            return NSNull()
        }
    }
}
