import ArchlintModel
import Foundation

/// A rule's options: a `Codable` struct whose `init()` holds the defaults. The options a configuration may set,
/// and their types, are derived from this type (`RuleOptionSchema.of`), so the loader, the JSON schema and the
/// documentation can't disagree with what the rule reads. Properties are non-optional and of a
/// `RuleOptionKind` type (`RuleParityTests` checks both).
public protocol RuleOptions: Codable, Sendable {
    /// The defaults.
    init()
    /// One line per option (keyed by its name): what it does.
    static var documentation: [String: String] { get }
}

/// The options type of a rule that takes none: any option given to it is a configuration error.
public struct NoOptions: RuleOptions, Equatable {
    public init() {}
    public static let documentation: [String: String] = [:]
}

/// A module-name (or path) glob in a rule option, checked when the configuration is loaded.
public struct GlobPattern: Codable, Hashable, Sendable, ExpressibleByStringLiteral {
    public var pattern: String
    public init(_ pattern: String) { self.pattern = pattern }
    public init(stringLiteral value: String) { pattern = value }
    public init(from decoder: Decoder) throws { pattern = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pattern)
    }
}

/// An `allow:` entry: a module matching `from` may import (or depend on) a module matching `to`.
public struct ModuleAllowance: Codable, Hashable, Sendable {
    public var from: GlobPattern
    public var to: GlobPattern
    public init(from: GlobPattern, to: GlobPattern) {
        self.from = from
        self.to = to
    }
}

/// The kinds of values a rule option may hold; each has one reader in the configuration loader, one JSON
/// schema and one wording in messages.
public enum RuleOptionKind: Hashable, Sendable {
    /// `[String]`.
    case stringList
    /// `[GlobPattern]`.
    case globList
    /// `[ModuleAllowance]`.
    case allowList
    /// `Bool`.
    case bool
    /// A Swift type no reader exists for (the parity test fails on it; the loader rejects any value).
    case unsupported(String)

    /// What a value of this kind is, for messages and documentation.
    public var wording: String {
        switch self {
        case .stringList: "a list of strings"
        case .globList: "a list of globs"
        case .allowList: "a list of {from: glob, to: glob}"
        case .bool: "true or false"
        case .unsupported(let type): "a value of unsupported type \(type)"
        }
    }

    static func of(_ type: Any.Type) -> RuleOptionKind {
        if type == [String].self { return .stringList }
        if type == [GlobPattern].self { return .globList }
        if type == [ModuleAllowance].self { return .allowList }
        if type == Bool.self { return .bool }
        return .unsupported(String(describing: type))
    }
}

/// One option a rule accepts, derived from its options type.
public struct RuleOptionSchema: Hashable, Sendable {
    public var name: String
    public var kind: RuleOptionKind
    /// The option's line of `RuleOptions.documentation` (empty when missing: the parity test fails on it).
    public var summary: String
    /// The default, as configuration values.
    public var defaultValue: ConfigValue?

    /// The options of `type`, in declaration order: the keys its `encode(to:)` writes and their static types.
    public static func of<Options: RuleOptions>(_ type: Options.Type) -> [RuleOptionSchema] {
        let recorder = KeyRecordingEncoder()
        try? Options().encode(to: recorder)
        let defaults = (try? ConfigValueCoding.encode(Options())) ?? [:]
        return recorder.box.keys.map { key, valueType in
            RuleOptionSchema(
                name: key, kind: .of(valueType), summary: Options.documentation[key] ?? "", defaultValue: defaults[key])
        }
    }
}

/// What the configuration loader knows about a rule: its id and the options it accepts. Built from the rule
/// registry (`RuleRegistry.configurationSchemas`) and passed in by whoever loads a configuration.
public struct RuleConfigurationSchema: Sendable {
    public var id: String
    /// Derived when asked (`RuleOptionSchema.of` encodes the defaults): a configuration names options of a few
    /// rules at most, and every run loads one.
    public var options: [RuleOptionSchema] { makeOptions() }
    private let makeOptions: @Sendable () -> [RuleOptionSchema]

    public init(id: String, options: [RuleOptionSchema]) {
        self.id = id
        makeOptions = { options }
    }

    public init<Options: RuleOptions>(id: String, options: Options.Type) {
        self.id = id
        makeOptions = { RuleOptionSchema.of(Options.self) }
    }
}

/// Typed options from the `[String: ConfigValue]` a configuration holds: the configured values over the defaults.
public enum ConfigValueCoding {
    /// `options` over `Options()`'s values, decoded; throws when a value doesn't fit (the loader checks types
    /// first, so a loaded configuration doesn't).
    public static func decode<Options: RuleOptions>(_ type: Options.Type, from options: [String: ConfigValue]) throws -> Options {
        if options.isEmpty { return Options() }
        var values = try encode(Options())
        values.merge(options) { _, configured in configured }
        let data = try JSONEncoder().encode(values)
        return try JSONDecoder().decode(Options.self, from: data)
    }

    static func encode<Options: RuleOptions>(_ options: Options) throws -> [String: ConfigValue] {
        let data = try JSONEncoder().encode(options)
        return try JSONDecoder().decode([String: ConfigValue].self, from: data)
    }
}

/// An `Encoder` that records the keys of the top-level keyed container and the static type of each value.
private final class KeyRecordingEncoder: Encoder {
    final class Box { var keys: [(String, Any.Type)] = [] }
    let box = Box()
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container<Key>(box: box))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { Ignored() }
    func singleValueContainer() -> SingleValueEncodingContainer { Ignored() }

    struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        var codingPath: [CodingKey] = []
        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { box.keys.append((key.stringValue, T.self)) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { box.keys.append((key.stringValue, Bool.self)) }
        mutating func encode(_ value: String, forKey key: Key) throws { box.keys.append((key.stringValue, String.self)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { box.keys.append((key.stringValue, Double.self)) }
        mutating func encode(_ value: Float, forKey key: Key) throws { box.keys.append((key.stringValue, Float.self)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { box.keys.append((key.stringValue, Int.self)) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { box.keys.append((key.stringValue, Int8.self)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { box.keys.append((key.stringValue, Int16.self)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { box.keys.append((key.stringValue, Int32.self)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { box.keys.append((key.stringValue, Int64.self)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { box.keys.append((key.stringValue, UInt.self)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { box.keys.append((key.stringValue, UInt8.self)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { box.keys.append((key.stringValue, UInt16.self)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { box.keys.append((key.stringValue, UInt32.self)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { box.keys.append((key.stringValue, UInt64.self)) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            box.keys.append((key.stringValue, T.self))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Container<NestedKey>(box: Box()))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { Ignored() }
        mutating func superEncoder() -> Encoder { KeyRecordingEncoder() }
        mutating func superEncoder(forKey key: Key) -> Encoder { KeyRecordingEncoder() }
    }

    struct Ignored: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        var codingPath: [CodingKey] = []
        var count = 0
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {}
        mutating func encode(_ value: Bool) throws {}
        mutating func encode(_ value: String) throws {}
        mutating func encode(_ value: Double) throws {}
        mutating func encode(_ value: Float) throws {}
        mutating func encode(_ value: Int) throws {}
        mutating func encode(_ value: Int8) throws {}
        mutating func encode(_ value: Int16) throws {}
        mutating func encode(_ value: Int32) throws {}
        mutating func encode(_ value: Int64) throws {}
        mutating func encode(_ value: UInt) throws {}
        mutating func encode(_ value: UInt8) throws {}
        mutating func encode(_ value: UInt16) throws {}
        mutating func encode(_ value: UInt32) throws {}
        mutating func encode(_ value: UInt64) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Container<NestedKey>(box: Box()))
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { Ignored() }
        mutating func superEncoder() -> Encoder { KeyRecordingEncoder() }
    }
}
