// Generated-style boilerplate: one overload per Codable primitive, so values are written without boxing.

/// A compact binary `Encoder` for the cache: values are written in call order with no keys (varints for integers,
/// length-prefixed UTF-8 for strings, a presence byte for `encodeIfPresent`, a count for arrays). It relies on
/// encode and decode visiting properties in the same order, which synthesized `Codable` conformances do; the cache
/// key includes the build (`CacheKey`), so a changed model invalidates old entries instead of misreading them.
/// It is the caches' one wire format (facts, manifests, graphs, states, results), and what digests are taken of.
/// Optional values inside arrays or single-value containers are not supported (encoding `nil` there throws).
public enum CompactBinaryCoder {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let state = BinaryEncodingState()
        try state.encode(value)
        return state.writer.bytes
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        let state = BinaryDecodingState(ByteReader(bytes))
        let value = try state.decode(T.self)
        guard state.reader.isAtEnd else { throw CacheFormatError.malformed }
        return value
    }
}

// The states keep their writer and reader behind a pointer: a class's stored `var` is checked for exclusive
// access at run time on every read and write (a sixth of the instructions decoding woocommerce-ios' scan cache
// took), an addressor is not.
final class BinaryEncodingState {
    private let storage: UnsafeMutablePointer<ByteWriter>

    var writer: ByteWriter {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: ByteWriter(capacity: 512))
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// `value.encode(to:)` through this coder, with `[String]` (the facts' commonest array) written directly in
    /// the bytes `Array`'s own conformance writes: a 4-byte count, then each string.
    func encode<T: Encodable>(_ value: T) throws {
        guard T.self == [String].self else { return try value.encode(to: BinaryEncoder(state: self)) }
        let strings = value as! [String]
        writer.write(fixedCount: strings.count)
        for string in strings { writer.write(string) }
    }
}

final class BinaryDecodingState {
    private let storage: UnsafeMutablePointer<ByteReader>

    var reader: ByteReader {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }

    init(_ reader: ByteReader) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: reader)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// `T(from:)` through this coder, with `[String]` read directly (the counterpart of `BinaryEncodingState.encode`).
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard T.self == [String].self else { return try T(from: BinaryDecoder(state: self)) }
        let count = try readCount()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try reader.readString()) }
        return strings as! T
    }

    /// An unkeyed container's element count (4 bytes, little-endian).
    func readCount() throws(CacheFormatError) -> Int {
        var value = 0
        for shift in 0..<4 { value |= Int(try reader.readByte()) << (8 * shift) }
        // Every element takes at least one byte, so a count beyond the remaining bytes means corruption.
        guard value <= reader.bytes.count - reader.offset else { throw .truncated }
        return value
    }

    func readBool() throws(CacheFormatError) -> Bool {
        switch try reader.readByte() {
        case 0: false
        case 1: true
        default: throw .malformed
        }
    }

    func narrow<T: FixedWidthInteger>(_ value: UInt64, _ type: T.Type) throws(CacheFormatError) -> T {
        guard let narrowed = T(exactly: value) else { throw .malformed }
        return narrowed
    }

    func narrowSigned<T: FixedWidthInteger>(_ value: Int64, _ type: T.Type) throws(CacheFormatError) -> T {
        guard let narrowed = T(exactly: value) else { throw .malformed }
        return narrowed
    }
}

private func unsupportedNil(_ codingPath: [CodingKey]) -> EncodingError {
    EncodingError.invalidValue(
        Optional<Int>.none as Any,
        .init(codingPath: codingPath, debugDescription: "nil outside a keyed container is not supported by the cache coder"))
}

struct BinaryEncoder: Encoder {
    let state: BinaryEncodingState
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(BinaryKeyedEncodingContainer<Key>(state: state))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { BinaryUnkeyedEncodingContainer(state: state) }

    func singleValueContainer() -> SingleValueEncodingContainer { BinarySingleValueEncodingContainer(state: state) }
}

struct BinaryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: BinaryEncodingState
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        state.writer.write(0)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        state.writer.write(value ? 1 : 0)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        state.writer.write(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        state.writer.write(fixed: value.bitPattern)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        state.writer.write(varint: UInt64(value.bitPattern))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try state.encode(value)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(value ? 1 : 0)
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(value)
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(fixed: value.bitPattern)
    }

    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(varint: UInt64(value.bitPattern))
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(signed: Int64(value))
    }

    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(signed: Int64(value))
    }

    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(signed: Int64(value))
    }

    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(signed: Int64(value))
    }

    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(signed: Int64(value))
    }

    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(varint: UInt64(value))
    }

    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(varint: UInt64(value))
    }

    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(varint: UInt64(value))
    }

    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(varint: UInt64(value))
    }

    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        state.writer.write(varint: UInt64(value))
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return state.writer.write(0) }
        state.writer.write(1)
        try state.encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        return KeyedEncodingContainer(BinaryKeyedEncodingContainer<NestedKey>(state: state))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        return BinaryUnkeyedEncodingContainer(state: state)
    }

    mutating func superEncoder() -> Encoder { BinaryEncoder(state: state) }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        return BinaryEncoder(state: state)
    }
}

/// Writes a fixed 4-byte element count first and patches it after each element.
struct BinaryUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let state: BinaryEncodingState
    private let countOffset: Int
    private(set) var count: Int = 0
    var codingPath: [CodingKey] { [] }

    init(state: BinaryEncodingState) {
        self.state = state
        countOffset = state.writer.bytes.count
        state.writer.write(fixedCount: 0)
    }

    private mutating func didEncodeElement() {
        count += 1
        let value = UInt32(truncatingIfNeeded: count)
        state.writer.bytes[countOffset] = UInt8(truncatingIfNeeded: value)
        state.writer.bytes[countOffset + 1] = UInt8(truncatingIfNeeded: value >> 8)
        state.writer.bytes[countOffset + 2] = UInt8(truncatingIfNeeded: value >> 16)
        state.writer.bytes[countOffset + 3] = UInt8(truncatingIfNeeded: value >> 24)
    }

    mutating func encodeNil() throws { throw unsupportedNil(codingPath) }

    mutating func encode(_ value: Bool) throws {
        state.writer.write(value ? 1 : 0)
        didEncodeElement()
    }

    mutating func encode(_ value: String) throws {
        state.writer.write(value)
        didEncodeElement()
    }

    mutating func encode(_ value: Double) throws {
        state.writer.write(fixed: value.bitPattern)
        didEncodeElement()
    }

    mutating func encode(_ value: Float) throws {
        state.writer.write(varint: UInt64(value.bitPattern))
        didEncodeElement()
    }

    mutating func encode(_ value: Int) throws {
        state.writer.write(signed: Int64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: Int8) throws {
        state.writer.write(signed: Int64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: Int16) throws {
        state.writer.write(signed: Int64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: Int32) throws {
        state.writer.write(signed: Int64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: Int64) throws {
        state.writer.write(signed: Int64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: UInt) throws {
        state.writer.write(varint: UInt64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: UInt8) throws {
        state.writer.write(varint: UInt64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: UInt16) throws {
        state.writer.write(varint: UInt64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: UInt32) throws {
        state.writer.write(varint: UInt64(value))
        didEncodeElement()
    }

    mutating func encode(_ value: UInt64) throws {
        state.writer.write(varint: UInt64(value))
        didEncodeElement()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.encode(value)
        didEncodeElement()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        didEncodeElement()
        return KeyedEncodingContainer(BinaryKeyedEncodingContainer<NestedKey>(state: state))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        didEncodeElement()
        return BinaryUnkeyedEncodingContainer(state: state)
    }

    mutating func superEncoder() -> Encoder {
        didEncodeElement()
        return BinaryEncoder(state: state)
    }
}

struct BinarySingleValueEncodingContainer: SingleValueEncodingContainer {
    let state: BinaryEncodingState
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil() throws { throw unsupportedNil(codingPath) }

    mutating func encode(_ value: Bool) throws {
        state.writer.write(value ? 1 : 0)
    }

    mutating func encode(_ value: String) throws {
        state.writer.write(value)
    }

    mutating func encode(_ value: Double) throws {
        state.writer.write(fixed: value.bitPattern)
    }

    mutating func encode(_ value: Float) throws {
        state.writer.write(varint: UInt64(value.bitPattern))
    }

    mutating func encode(_ value: Int) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int8) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int16) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int32) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: Int64) throws {
        state.writer.write(signed: Int64(value))
    }

    mutating func encode(_ value: UInt) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt8) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt16) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt32) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode(_ value: UInt64) throws {
        state.writer.write(varint: UInt64(value))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.encode(value)
    }
}

struct BinaryDecoder: Decoder {
    let state: BinaryDecodingState
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(BinaryKeyedDecodingContainer<Key>(state: state))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer { try BinaryUnkeyedDecodingContainer(state: state) }

    func singleValueContainer() throws -> SingleValueDecodingContainer { BinarySingleValueDecodingContainer(state: state) }
}

struct BinaryKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: BinaryDecodingState
    var codingPath: [CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        switch try state.reader.readByte() {
        case 0: return true
        default: throw CacheFormatError.unsupported("decodeNil(forKey:) on a present value")
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try state.readBool()
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try state.reader.readString()
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        Double(bitPattern: try state.reader.readFixed())
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(bitPattern: try state.narrow(try state.reader.readVarint(), UInt32.self))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try state.narrowSigned(try state.reader.readSigned(), Int.self)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try state.narrowSigned(try state.reader.readSigned(), Int8.self)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try state.narrowSigned(try state.reader.readSigned(), Int16.self)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try state.narrowSigned(try state.reader.readSigned(), Int32.self)
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try state.narrowSigned(try state.reader.readSigned(), Int64.self)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try state.narrow(try state.reader.readVarint(), UInt.self)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try state.narrow(try state.reader.readVarint(), UInt8.self)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try state.narrow(try state.reader.readVarint(), UInt16.self)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try state.narrow(try state.reader.readVarint(), UInt32.self)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try state.narrow(try state.reader.readVarint(), UInt64.self)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.decode(T.self)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard try state.readBool() else { return nil }
        return try state.readBool()
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard try state.readBool() else { return nil }
        return try state.reader.readString()
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard try state.readBool() else { return nil }
        return Double(bitPattern: try state.reader.readFixed())
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard try state.readBool() else { return nil }
        return Float(bitPattern: try state.narrow(try state.reader.readVarint(), UInt32.self))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard try state.readBool() else { return nil }
        return try state.narrowSigned(try state.reader.readSigned(), Int.self)
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        guard try state.readBool() else { return nil }
        return try state.narrowSigned(try state.reader.readSigned(), Int8.self)
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        guard try state.readBool() else { return nil }
        return try state.narrowSigned(try state.reader.readSigned(), Int16.self)
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        guard try state.readBool() else { return nil }
        return try state.narrowSigned(try state.reader.readSigned(), Int32.self)
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard try state.readBool() else { return nil }
        return try state.narrowSigned(try state.reader.readSigned(), Int64.self)
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        guard try state.readBool() else { return nil }
        return try state.narrow(try state.reader.readVarint(), UInt.self)
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        guard try state.readBool() else { return nil }
        return try state.narrow(try state.reader.readVarint(), UInt8.self)
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        guard try state.readBool() else { return nil }
        return try state.narrow(try state.reader.readVarint(), UInt16.self)
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        guard try state.readBool() else { return nil }
        return try state.narrow(try state.reader.readVarint(), UInt32.self)
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        guard try state.readBool() else { return nil }
        return try state.narrow(try state.reader.readVarint(), UInt64.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard try state.readBool() else { return nil }
        return try state.decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(BinaryKeyedDecodingContainer<NestedKey>(state: state))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try BinaryUnkeyedDecodingContainer(state: state)
    }

    func superDecoder() throws -> Decoder { BinaryDecoder(state: state) }

    func superDecoder(forKey key: Key) throws -> Decoder { BinaryDecoder(state: state) }
}

struct BinaryUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let state: BinaryDecodingState
    // Three words, so the container fits an existential's inline buffer (no allocation per array).
    private let elementCount: Int
    private(set) var currentIndex: Int = 0
    var count: Int? { elementCount }
    var codingPath: [CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= elementCount }

    init(state: BinaryDecodingState) throws {
        self.state = state
        elementCount = try state.readCount()
    }

    private mutating func nextIndex() throws {
        guard !isAtEnd else { throw CacheFormatError.malformed }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try nextIndex()
        return try state.readBool()
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try nextIndex()
        return try state.reader.readString()
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try nextIndex()
        return Double(bitPattern: try state.reader.readFixed())
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try nextIndex()
        return Float(bitPattern: try state.narrow(try state.reader.readVarint(), UInt32.self))
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        try nextIndex()
        return try state.narrowSigned(try state.reader.readSigned(), Int.self)
    }

    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try nextIndex()
        return try state.narrowSigned(try state.reader.readSigned(), Int8.self)
    }

    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try nextIndex()
        return try state.narrowSigned(try state.reader.readSigned(), Int16.self)
    }

    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try nextIndex()
        return try state.narrowSigned(try state.reader.readSigned(), Int32.self)
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try nextIndex()
        return try state.narrowSigned(try state.reader.readSigned(), Int64.self)
    }

    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try nextIndex()
        return try state.narrow(try state.reader.readVarint(), UInt.self)
    }

    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try nextIndex()
        return try state.narrow(try state.reader.readVarint(), UInt8.self)
    }

    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try nextIndex()
        return try state.narrow(try state.reader.readVarint(), UInt16.self)
    }

    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try nextIndex()
        return try state.narrow(try state.reader.readVarint(), UInt32.self)
    }

    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try nextIndex()
        return try state.narrow(try state.reader.readVarint(), UInt64.self)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try nextIndex()
        return try state.decode(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try nextIndex()
        return KeyedDecodingContainer(BinaryKeyedDecodingContainer<NestedKey>(state: state))
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try nextIndex()
        return try BinaryUnkeyedDecodingContainer(state: state)
    }

    mutating func superDecoder() throws -> Decoder {
        try nextIndex()
        return BinaryDecoder(state: state)
    }
}

struct BinarySingleValueDecodingContainer: SingleValueDecodingContainer {
    let state: BinaryDecodingState
    var codingPath: [CodingKey] { [] }

    func decodeNil() -> Bool { false }

    func decode(_ type: Bool.Type) throws -> Bool {
        try state.readBool()
    }

    func decode(_ type: String.Type) throws -> String {
        try state.reader.readString()
    }

    func decode(_ type: Double.Type) throws -> Double {
        Double(bitPattern: try state.reader.readFixed())
    }

    func decode(_ type: Float.Type) throws -> Float {
        Float(bitPattern: try state.narrow(try state.reader.readVarint(), UInt32.self))
    }

    func decode(_ type: Int.Type) throws -> Int {
        try state.narrowSigned(try state.reader.readSigned(), Int.self)
    }

    func decode(_ type: Int8.Type) throws -> Int8 {
        try state.narrowSigned(try state.reader.readSigned(), Int8.self)
    }

    func decode(_ type: Int16.Type) throws -> Int16 {
        try state.narrowSigned(try state.reader.readSigned(), Int16.self)
    }

    func decode(_ type: Int32.Type) throws -> Int32 {
        try state.narrowSigned(try state.reader.readSigned(), Int32.self)
    }

    func decode(_ type: Int64.Type) throws -> Int64 {
        try state.narrowSigned(try state.reader.readSigned(), Int64.self)
    }

    func decode(_ type: UInt.Type) throws -> UInt {
        try state.narrow(try state.reader.readVarint(), UInt.self)
    }

    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try state.narrow(try state.reader.readVarint(), UInt8.self)
    }

    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try state.narrow(try state.reader.readVarint(), UInt16.self)
    }

    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try state.narrow(try state.reader.readVarint(), UInt32.self)
    }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try state.narrow(try state.reader.readVarint(), UInt64.self)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.decode(T.self)
    }
}
